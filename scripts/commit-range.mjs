/**
 * Which commits scripts/check-commits.mjs checks, and how deeply. The cheap checks (message,
 * files) cover every commit since the rule began; the bundle rebuild (about 35 s a commit)
 * covers only the commits being submitted: those after the submission's base.
 *
 * The base, first found wins:
 *   1. `--since REV` on the command line;
 *   2. CHECK_COMMITS_BASE, which .github/workflows/ci.yml sets to the pull request's base or the
 *      push's `before`: skipped when it is empty, all zeros (a new branch) or not in this clone
 *      (the commit a force push replaced is not fetched);
 *   3. .ci/landed, the last commit CI has already checked, committed: on a fresh clone of main
 *      there is no upstream to diff against, so the repository says where the submission begins.
 * `base..HEAD` is what HEAD holds and the base does not, so a base that is no ancestor of HEAD
 * (a force push, a rebased branch) still gives the submission's own commits.
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

/**
 * The commits to check in the repository at `cwd`.
 * @param {{ cwd: string, ruleSince: string, since?: string, envBase?: string }} options
 * @returns {{ all: string[], submitted: Set<string>, base: string, baseFrom: string,
 *   notes: string[] }} every commit since the rule (oldest first, no merges), those of the
 *   submission, the base used and where it came from, and what was skipped and why.
 */
export function commitRange({ cwd, ruleSince, since, envBase }) {
  const git = (...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
  const known = revision => {
    try {
      // stdio ignored: git's own "fatal: Not a valid object name" would read as the failure.
      execFileSync('git', ['cat-file', '-e', `${revision}^{commit}`], { cwd, stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  }
  const list = range =>
    git('rev-list', '--reverse', '--no-merges', range).split('\n').filter(Boolean)
  const notes = []

  const ruleKnown = known(ruleSince)
  if (!ruleKnown)
    notes.push(`${ruleSince} is not in this clone (a shallow one?): checking what it holds.`)
  const all = list(ruleKnown ? `${ruleSince}..HEAD` : 'HEAD')

  const candidates = [
    { from: '--since', revision: since },
    { from: 'CHECK_COMMITS_BASE', revision: envBase },
    { from: LANDED_FILE, revision: landedIn(cwd) }
  ]
  for (const { from, revision } of candidates) {
    if (revision === undefined || revision.trim() === '') continue
    const base = revision.trim()
    if (ZEROS.test(base)) {
      notes.push(`${from} is ${base} (a new branch): the next base is used.`)
      continue
    }
    if (!known(base)) {
      // --since is the user's own word: a typo there must fail, not widen the check silently.
      if (from === '--since') throw new Error(`--since: "${base}" is no commit of this clone.`)
      notes.push(`${from} names ${base}, which is not in this clone: the next base is used.`)
      continue
    }
    return { all, submitted: new Set(list(`${base}..HEAD`)), base, baseFrom: from, notes }
  }
  // No base at all: every commit is the submission's, as before there was a range.
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
