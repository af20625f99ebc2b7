/**
 * Which commits the command line compares, read from its flags or the CI's own variables, and
 * what `git diff --name-status -z` says changed between them. PURE: the variables come in as a
 * record, git's output as text; git-reader.ts runs git.
 *
 * The range, first rule that applies:
 * - `base_sha` (and `head_sha`, else the CI's commit, else HEAD): compare the two.
 * - `head_sha` alone: that commit's own files, as the action does.
 * - GitLab, merge request pipeline: `CI_MERGE_REQUEST_DIFF_BASE_SHA`...`CI_COMMIT_SHA`.
 * - GitLab, push: `CI_COMMIT_BEFORE_SHA`...`CI_COMMIT_SHA`; all zeros (a new branch's first
 *   push, a tag, a schedule, a pipeline run by hand) names no commit: the head commit's own
 *   files, with a warning that says how to give the base.
 * - Jenkins' Git plugin: `GIT_PREVIOUS_SUCCESSFUL_COMMIT`...`GIT_COMMIT`; with no previous
 *   successful build, the head commit's own files, with a notice.
 * - Otherwise no range: an input problem that says what to give. Never HEAD's files by guess.
 *
 * Every statuses counts, as for the action: renamed files purge the old and the new path,
 * copied ones the new path, deleted ones their path (a deleted page must leave the cache).
 * Deleted paths and a rename's old path are also told apart as gone (goneFromNameStatus), so
 * that the sitemap not listing their URLs is not called a typo.
 */
import { Input } from '../core/constants.js'
import type { Diagnostics } from '../core/diagnostics.js'
import { isZeroSha, payloadSha } from './change-source.js'
import { shortSha } from '../text/format.js'
import { ADDED, DELETED, goneAtEnd, MODIFIED, oneDiff, type Presence } from './path-presence.js'
import type { ChangedFilesSettings } from './settings.js'

/** The CI variables that name commits, by the CI that sets them. */
export const GITLAB_BEFORE = 'CI_COMMIT_BEFORE_SHA'
export const GITLAB_COMMIT = 'CI_COMMIT_SHA'
export const GITLAB_MERGE_REQUEST_BASE = 'CI_MERGE_REQUEST_DIFF_BASE_SHA'
export const JENKINS_PREVIOUS = 'GIT_PREVIOUS_SUCCESSFUL_COMMIT'
export const JENKINS_COMMIT = 'GIT_COMMIT'
/** Variables that name only the commit a pipeline builds (no base): Bitbucket, CircleCI. */
const OTHER_HEADS = ['BITBUCKET_COMMIT', 'CIRCLE_SHA1'] as const

/** Every variable the range may be read from: what the command line hands in. */
export const CI_COMMIT_VARIABLES = [
  GITLAB_MERGE_REQUEST_BASE,
  GITLAB_BEFORE,
  GITLAB_COMMIT,
  JENKINS_PREVIOUS,
  JENKINS_COMMIT,
  ...OTHER_HEADS
] as const

export type CiVariables = Readonly<Record<string, string | undefined>>

/**
 * The variables that name the commit a CI builds, first set first: GitLab's, Jenkins' Git
 * plugin's, Bitbucket's, CircleCI's. (Not GITHUB_SHA: on GitHub the action reads its event.)
 */
const CI_HEAD_VARIABLES = [GITLAB_COMMIT, JENKINS_COMMIT, ...OTHER_HEADS] as const

/** A commit to resolve in the repository: a SHA, or HEAD, and what named it. */
export interface GitCommit {
  readonly ref: string
  /** `base_sha`, `CI_COMMIT_SHA`, `HEAD` (the checkout): for messages. */
  readonly from: string
}

export type GitRange =
  | { readonly kind: 'compare'; readonly base: GitCommit; readonly head: GitCommit }
  /** The head commit's own files, against its first parent. */
  | { readonly kind: 'commit'; readonly head: GitCommit }

export interface DecidedRange {
  readonly range: GitRange
  /** What named the range: `CI_COMMIT_BEFORE_SHA...CI_COMMIT_SHA`, `HEAD alone (…)`. */
  readonly label: string
}

/** The range as the log says it: what named it, then the commits (`abc1234...def5678`). */
export function describeRange(label: string, base: string | undefined, head: string): string {
  const short = (ref: string): string => (ref === 'HEAD' ? 'HEAD' : shortSha(ref))
  return `${label}: ${base === undefined ? short(head) : `${short(base)}...${short(head)}`}`
}

/** The range the settings and the variables say; undefined after a problem in `diag`. */
export function decideGitRange(
  changed: Pick<ChangedFilesSettings, 'baseSha' | 'headSha'>,
  variables: CiVariables,
  diag: Diagnostics
): DecidedRange | undefined {
  const sha = (name: string): string | undefined => readShaVariable(name, variables, diag)
  const head = headCommit(changed.headSha, variables, diag)
  if (changed.baseSha !== undefined) {
    return compare({ ref: changed.baseSha, from: Input.BaseSha }, head)
  }
  if (changed.headSha !== undefined) return commitOnly(head, `${Input.HeadSha} alone`)
  const mergeRequestBase = sha(GITLAB_MERGE_REQUEST_BASE)
  if (mergeRequestBase !== undefined && !isZeroSha(mergeRequestBase)) {
    return compare({ ref: mergeRequestBase, from: GITLAB_MERGE_REQUEST_BASE }, head)
  }
  const before = sha(GITLAB_BEFORE)
  if (before !== undefined) {
    if (!isZeroSha(before)) return compare({ ref: before, from: GITLAB_BEFORE }, head)
    diag.warn(
      `${GITLAB_BEFORE} is all zeros: this pipeline's push names no previous commit (the first push of a new branch; or a pipeline for a tag, a schedule or one run by hand), so only the head commit's own files are purged. To purge everything since the last deploy, give base_sha (--base-sha), the commit last deployed.`
    )
    return commitOnly(head, `${GITLAB_BEFORE} all zeros`)
  }
  const previous = sha(JENKINS_PREVIOUS)
  if (previous !== undefined && !isZeroSha(previous)) {
    return compare({ ref: previous, from: JENKINS_PREVIOUS }, head)
  }
  if (head.from === JENKINS_COMMIT) {
    diag.notice(
      `${JENKINS_PREVIOUS} is not set (this job's first successful build): only the head commit's own files are purged. Give base_sha (--base-sha) to compare with the commit last deployed.`
    )
    return commitOnly(head, `no ${JENKINS_PREVIOUS}`)
  }
  if (!diag.ok) return undefined
  diag.problem(
    Input.BaseSha,
    '',
    `is needed with changed_files: which commits changed? Give base_sha (--base-sha), the commit last deployed, and head_sha (--head-sha, default HEAD); in GitLab CI (${GITLAB_BEFORE}, ${GITLAB_MERGE_REQUEST_BASE}) and Jenkins (${JENKINS_PREVIOUS}) their variables say it`
  )
  return undefined
}

/** head_sha, else the commit the CI builds, else the checkout's HEAD. */
function headCommit(
  headSha: string | undefined,
  variables: CiVariables,
  diag: Diagnostics
): GitCommit {
  if (headSha !== undefined) return { ref: headSha, from: Input.HeadSha }
  return ciCommit(variables, diag) ?? { ref: 'HEAD', from: 'HEAD' }
}

/**
 * The commit the CI says it builds: the first of CI_HEAD_VARIABLES that holds a commit SHA (in
 * lower case) other than all zeros; undefined when none does. The one answer for the command
 * line's run context and its git range's head. With `diag`, a variable set to something that is
 * no SHA is a problem (it was not set by the CI); without, it is passed over.
 */
export function ciCommit(variables: CiVariables, diag?: Diagnostics): GitCommit | undefined {
  for (const name of CI_HEAD_VARIABLES) {
    const value = readShaVariable(name, variables, diag)
    if (value !== undefined && !isZeroSha(value)) return { ref: value, from: name }
  }
  return undefined
}

function compare(base: GitCommit, head: GitCommit): DecidedRange {
  return { range: { kind: 'compare', base, head }, label: `${base.from}...${head.from}` }
}

function commitOnly(head: GitCommit, why: string): DecidedRange {
  return { range: { kind: 'commit', head }, label: `the own files of ${head.from} (${why})` }
}

/** A variable's SHA; a value that is not one is a problem (set, but not by the CI). */
function readShaVariable(
  name: string,
  variables: CiVariables,
  diag: Diagnostics | undefined
): string | undefined {
  const value = variables[name]?.trim()
  if (value === undefined || value === '') return undefined
  const sha = payloadSha(value)
  if (sha === undefined) {
    diag?.problemOfInputs(
      [Input.BaseSha],
      `The environment variable ${name} ${JSON.stringify(value.slice(0, 80))} is not a commit SHA (7 to 40 hexadecimal digits): unset it, or give base_sha and head_sha (--base-sha, --head-sha).`
    )
  }
  return sha
}

/** One line of `git diff --name-status -z`: its status letter, and its path or two. */
interface NameStatusEntry {
  readonly letter: string
  /** A rename's or a copy's source. */
  readonly from?: string
  readonly path: string
}

function entriesOfNameStatus(output: string): NameStatusEntry[] {
  const fields = output.split('\0')
  const entries: NameStatusEntry[] = []
  let index = 0
  while (index < fields.length) {
    const status = fields[index] ?? ''
    index++
    if (status === '') continue
    const letter = status.charAt(0)
    if (letter === 'R' || letter === 'C') {
      const from = fields[index] ?? ''
      const to = fields[index + 1] ?? ''
      index += 2
      entries.push({ letter, ...(from !== '' && { from }), path: to })
      continue
    }
    entries.push({ letter, path: fields[index] ?? '' })
    index++
  }
  return entries.filter(entry => entry.path !== '' || entry.from !== undefined)
}

/**
 * The paths `git diff --name-status -z` lists: NUL-separated, a status then its path, or two
 * paths for a rename (both purged) or a copy (the new one purged). Deduplicated and sorted by
 * UTF-16 code units, as the GitHub listing is.
 */
export function pathsFromNameStatus(output: string): string[] {
  const paths = new Set<string>()
  for (const { letter, from, path } of entriesOfNameStatus(output)) {
    if (letter === 'R' && from !== undefined) paths.add(from)
    if (path !== '') paths.add(path)
  }
  return [...paths].sort()
}

/**
 * The paths of the diff that hold no file at its end: deleted (`D`) and a rename's old path
 * (`R`), unless the diff writes the path again. git compares the two ends of the range, so a
 * file deleted then re-added inside it reads as modified, and one added then deleted is not
 * listed. Sorted. Any other letter (`M`, `T`, `A`, a copy's new path, one git may add later)
 * leaves a file there.
 */
export function goneFromNameStatus(output: string): string[] {
  const presence = (letter: string): Presence =>
    letter === 'D' ? DELETED : letter === 'A' || letter === 'C' || letter === 'R' ? ADDED : MODIFIED
  return goneAtEnd(
    oneDiff(
      entriesOfNameStatus(output).flatMap(({ letter, from, path }) => [
        ...(letter === 'R' && from !== undefined ? [[from, DELETED] as const] : []),
        ...(path === '' ? [] : [[path, presence(letter)] as const])
      ])
    )
  )
}
