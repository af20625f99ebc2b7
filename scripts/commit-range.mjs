/**
 * Which commits scripts/check-commits.mjs checks, and how deeply. The cheap checks (message,
 * files) cover every commit since the rule began; the bundle rebuild (about 10 s a commit)
 * covers only the commits being submitted: those after the submission's base.
 *
 * The base, first found wins:
 *   1. `--since REV` on the command line;
 *   2. CHECK_COMMITS_BASE, which .github/workflows/ci.yml sets to the pull request's base or the
 *      push's `before`;
 *   3. .ci/landed, the last commit CI has already checked, committed: on a fresh clone of main
 *      there is no upstream to diff against, so the repository says where the submission begins.
 *
 * The submission is `base..HEAD`: what HEAD holds and the base does not. When the base is no
 * ancestor of HEAD, that is still the right set for a force push or a rebased branch: the
 * replaced commits were checked when they were pushed, and what HEAD adds after the two
 * histories part is checked now. So a base that parted from HEAD is taken, with a note. What
 * each source must be, and why:
 *   - A base that leaves `base..HEAD` empty (HEAD itself, or a commit after HEAD) would make the
 *     check rebuild nothing and still pass. `--since` is refused then, and so is a `--since`
 *     that names no commit: the user's own word, a mistake there must fail, not change the
 *     check. CHECK_COMMITS_BASE comes from the event, not a person (a branch moved back by a
 *     force push has its old head as `before`; all zeros on a new branch; a commit a force push
 *     dropped is not fetched into the clone): it is passed over for the next base, with a note.
 *   - .ci/landed must name, by its commit id, a commit before HEAD on HEAD's own history:
 *     main's history only grows, so anything else is a mistake that would shrink or move the
 *     submission. A name that moves (HEAD, a branch, HEAD~1) would follow HEAD and rebuild
 *     nothing, or the last commit only. It is refused, naming the file and its value.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The file naming the last commit CI has checked: the submission begins after it. */
export const LANDED_FILE = join('.ci', 'landed')

/** The revision .ci/landed names: its first line that is neither blank nor a # comment. */
export function readLanded(text) {
  const line = text
    .split(/\r?\n/)
    .map(part => part.trim())
    .find(part => part !== '' && !part.startsWith('#'))
  return line ?? ''
}

const ZEROS = /^0+$/
/** A commit id, whole or abbreviated as git prints it: the one kind of name that never moves. */
const COMMIT_ID = /^[0-9a-f]{7,40}$/i

/**
 * The commits to check in the repository at `cwd`.
 * @param {{ cwd: string, ruleSince: string, since?: string, envBase?: string }} options
 * @returns {{ all: string[], submitted: Set<string>, base: string, baseFrom: string,
 *   notes: string[] }} every commit since the rule (oldest first, no merges), those of the
 *   submission, the base used (a full commit id) and where it came from, and what was passed
 *   over and why.
 * @throws {Error} when --since or .ci/landed names no base the submission can start from.
 */
export function commitRange({ cwd, ruleSince, since, envBase }) {
  const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
  /** The full id of the commit `revision` names, or undefined when it names none here. */
  const commitOf = revision => {
    try {
      // stderr ignored: git's own "fatal: Needed a single revision" would read as the failure.
      return execFileSync('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore']
      }).trim()
    } catch {
      return undefined
    }
  }
  const isAncestor = (older, newer) => {
    try {
      execFileSync('git', ['merge-base', '--is-ancestor', older, newer], { cwd, stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  }
  const list = range =>
    git('rev-list', '--reverse', '--no-merges', range).split('\n').filter(Boolean)
  const notes = []
  const head = git('rev-parse', 'HEAD')

  const ruleKnown = commitOf(ruleSince) !== undefined
  if (!ruleKnown)
    notes.push(`${ruleSince} is not in this clone (a shallow one?): checking what it holds.`)
  const all = list(ruleKnown ? `${ruleSince}..HEAD` : 'HEAD')

  /**
   * Why `base` (a full id) gives no submission: it is HEAD, or comes after it. Undefined when
   * `base..HEAD` holds commits.
   */
  const emptyRange = base => {
    if (base === head) return 'is HEAD itself'
    if (isAncestor(head, base)) return 'comes after HEAD'
    return undefined
  }
  const taken = (base, from) => {
    if (!isAncestor(base, head)) {
      const parted = git('merge-base', base, head) || 'no common commit'
      notes.push(
        `${from} (${base.slice(0, 10)}) is no ancestor of HEAD (a force push, a rebased branch?): the submission is what HEAD adds after ${parted.slice(0, 10)}, where the two part.`
      )
    }
    return { all, submitted: new Set(list(`${base}..HEAD`)), base, baseFrom: from, notes }
  }

  /**
   * The full id of the commit .ci/landed names, which must be one before HEAD on HEAD's
   * history, named by its id.
   * @throws {Error} naming the file and its value, when it is anything else.
   */
  const landedBase = value => {
    const refuse = why => {
      throw new Error(
        `${LANDED_FILE} ${value === '' ? '' : `"${value}" `}${why}. It must name, by its commit id, the last commit CI checked on HEAD's history (docs/development.md, "Commits").`
      )
    }
    if (value === '') refuse('names no commit')
    const base = commitOf(value)
    if (base === head) refuse('is HEAD itself: no commit after it to rebuild')
    if (!COMMIT_ID.test(value))
      refuse('is no commit id: a name that moves would move the submission')
    if (base === undefined)
      refuse('is no commit of this clone (a shallow clone? git fetch --unshallow)')
    if (!isAncestor(base, head))
      refuse('is no ancestor of HEAD: the submission would not start on its history')
    return base
  }

  if (since !== undefined && since.trim() !== '') {
    const revision = since.trim()
    const base = commitOf(revision)
    if (base === undefined) throw new Error(`--since: "${revision}" is no commit of this clone.`)
    const empty = emptyRange(base)
    if (empty !== undefined) {
      throw new Error(`--since: "${revision}" ${empty}: no commit after it to rebuild.`)
    }
    return taken(base, '--since')
  }

  const fromEvent = envBase?.trim() ?? ''
  if (ZEROS.test(fromEvent)) {
    notes.push(`CHECK_COMMITS_BASE is ${fromEvent} (a new branch): the next base is used.`)
  } else if (fromEvent !== '') {
    const base = commitOf(fromEvent)
    const empty = base === undefined ? undefined : emptyRange(base)
    if (base === undefined) {
      notes.push(
        `CHECK_COMMITS_BASE names ${fromEvent}, which is not in this clone: the next base is used.`
      )
    } else if (empty !== undefined) {
      notes.push(
        `CHECK_COMMITS_BASE (${fromEvent}) ${empty}, no commit after it to rebuild: the next base is used.`
      )
    } else {
      return taken(base, 'CHECK_COMMITS_BASE')
    }
  }

  const landed = landedIn(cwd)
  if (landed !== undefined) return taken(landedBase(landed), LANDED_FILE)
  // No base at all: every commit is the submission's, since none is known to be checked.
  notes.push(`No base (no --since, CHECK_COMMITS_BASE or ${LANDED_FILE}): every commit is rebuilt.`)
  return { all, submitted: new Set(all), base: '', baseFrom: 'none', notes }
}

function landedIn(cwd) {
  try {
    return readLanded(readFileSync(join(cwd, LANDED_FILE), 'utf8'))
  } catch {
    return undefined
  }
}
