/**
 * Decides which GitHub REST API listings hold "the files changed by the event that started the
 * workflow". PURE: no network, no process.env, no @actions/* imports; the entry builds the context
 * from the runner's environment and `github-changes.ts` runs the queries.
 *
 * Decisions (documented in the README):
 * - `base_sha`/`head_sha` inputs override the event for every event (the user asked explicitly).
 *   - both given: compare `base_sha...head_sha`;
 *   - only `base_sha`: compare `base_sha...GITHUB_SHA`;
 *   - only `head_sha`: the files of the single commit `head_sha` (the same rule as the fallback
 *     "files of the commit GITHUB_SHA", applied to the commit the user named).
 * - push: compare `before...after`; a forced push also lists `after...before` (the discarded
 *   commits); a new branch lists the commit `after` only; a deleted branch lists nothing and gives
 *   a reason.
 * - pull_request / pull_request_target: the pull request's files.
 * - merge_group: compare `merge_group.base_sha...merge_group.head_sha`.
 * - anything else (or an event payload missing what it should carry, with a warning): the files
 *   of the commit GITHUB_SHA.
 * - SHAs are 7 to 40 hexadecimal digits; input SHAs are trimmed and lower-cased. An all-zero SHA
 *   is not a commit and is refused as input.
 */

import type { Diagnostics } from '../diagnostics.js'

export interface GitHubContextLike {
  /** GITHUB_EVENT_NAME */
  eventName: string
  /** The parsed JSON file at GITHUB_EVENT_PATH ({} when absent). */
  payload: Record<string, unknown>
  /** GITHUB_SHA */
  sha: string
  /** GITHUB_REPOSITORY split at the slash. */
  repository: { owner: string; repo: string }
  /** GITHUB_API_URL; not used here, carried for the edge. */
  apiUrl?: string
}

export type ChangeQuery =
  | { kind: 'compare'; base: string; head: string }
  | { kind: 'commit'; sha: string }
  | { kind: 'pull-request'; number: number }

export interface ChangeSource {
  /** What to ask GitHub; the union of the answers is the list of changed files. */
  queries: ChangeQuery[]
  /** A one-line human description for the log, e.g. `push abc1234...def5678`. */
  description: string
  /** Set when there is nothing to list (deleted branch, invalid input): say this to the user. */
  nothingReason?: string
}

export interface ChangeOverrides {
  baseSha?: string
  headSha?: string
}

const SHA_PATTERN = /^[0-9a-f]{7,40}$/
const ALL_ZEROS = /^0+$/

/** True for a SHA-looking value made only of zeros (GitHub's "no commit" marker in push events). */
export function isZeroSha(sha: string): boolean {
  return ALL_ZEROS.test(sha)
}

/** The 7-character form used in descriptions. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7)
}

function describeCompare(base: string, head: string): string {
  return `${shortSha(base)}...${shortSha(head)}`
}

/** Reads a SHA from the event payload: a hex string, or undefined when absent or malformed. */
function payloadSha(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const sha = value.trim().toLowerCase()
  return SHA_PATTERN.test(sha) ? sha : undefined
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/**
 * Validates one `base_sha`/`head_sha` input. Empty means "not given". Reports a problem and
 * returns undefined when invalid.
 */
/** Reads a `base_sha`/`head_sha` input; also used by the input parser, so both agree. */
export function inputSha(
  input: 'base_sha' | 'head_sha',
  raw: string | undefined,
  diag: Diagnostics
): { sha?: string; invalid: boolean } {
  if (raw === undefined) return { invalid: false }
  const value = raw.trim()
  if (value === '') return { invalid: false }
  const sha = value.toLowerCase()
  if (!SHA_PATTERN.test(sha)) {
    diag.problem(
      input,
      raw,
      'must be a commit SHA: 7 to 40 hexadecimal digits (branch and tag names are not accepted)'
    )
    return { invalid: true }
  }
  if (isZeroSha(sha)) {
    diag.problem(input, raw, 'an all-zero SHA names no commit')
    return { invalid: true }
  }
  return { sha, invalid: false }
}

/** The fallback for every case without anything better: the files of the commit GITHUB_SHA. */
function commitOfContext(
  context: GitHubContextLike,
  diag: Diagnostics,
  label: string
): ChangeSource {
  const sha = payloadSha(context.sha)
  if (sha === undefined || isZeroSha(sha)) {
    diag.problem(
      'GITHUB_SHA',
      context.sha,
      'is not a commit SHA, so the changed files cannot be found; set base_sha/head_sha'
    )
    return {
      queries: [],
      description: `${label}: no commit`,
      nothingReason: 'GITHUB_SHA is not a commit SHA'
    }
  }
  return { queries: [{ kind: 'commit', sha }], description: `${label}: commit ${shortSha(sha)}` }
}

function fromPush(context: GitHubContextLike, diag: Diagnostics): ChangeSource {
  const payload = context.payload
  const ref = typeof payload['ref'] === 'string' ? payload['ref'] : 'the branch'
  const after = payloadSha(payload['after'])
  const before = payloadSha(payload['before'])

  // A deleted branch (or tag) has nothing new to show.
  if (payload['deleted'] === true || (after !== undefined && isZeroSha(after))) {
    return {
      queries: [],
      description: `push deleting ${ref}`,
      nothingReason: `the push deleted ${ref}: no files changed, nothing to purge`
    }
  }

  if (after === undefined) {
    diag.warn('The push event carries no "after" commit; using the files of the commit GITHUB_SHA.')
    return commitOfContext(context, diag, 'push')
  }

  // A new branch: GitHub gives no base to compare with; take the head commit's own files.
  if (payload['created'] === true || before === undefined || isZeroSha(before)) {
    if (payload['created'] !== true && before === undefined) {
      diag.warn('The push event carries no "before" commit; using the files of the commit "after".')
    }
    return {
      queries: [{ kind: 'commit', sha: after }],
      description: `push creating ${ref}: commit ${shortSha(after)}`
    }
  }

  const queries: ChangeQuery[] = [{ kind: 'compare', base: before, head: after }]
  let description = `push ${describeCompare(before, after)}`
  if (payload['forced'] === true) {
    // The commits the push discarded changed pages too: list after...before as well.
    queries.push({ kind: 'compare', base: after, head: before })
    description += ` (forced: also ${describeCompare(after, before)})`
  }
  return { queries, description }
}

function fromPullRequest(context: GitHubContextLike, diag: Diagnostics): ChangeSource {
  const pullRequest = asRecord(context.payload['pull_request'])
  const candidate = pullRequest?.['number'] ?? context.payload['number']
  if (typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0) {
    return {
      queries: [{ kind: 'pull-request', number: candidate }],
      description: `${context.eventName} #${candidate}`
    }
  }
  diag.warn(
    `The ${context.eventName} event carries no pull request number; using the files of the commit GITHUB_SHA.`
  )
  return commitOfContext(context, diag, context.eventName)
}

function fromMergeGroup(context: GitHubContextLike, diag: Diagnostics): ChangeSource {
  const group = asRecord(context.payload['merge_group'])
  const base = payloadSha(group?.['base_sha'])
  const head = payloadSha(group?.['head_sha'])
  if (base !== undefined && head !== undefined && !isZeroSha(base) && !isZeroSha(head)) {
    return {
      queries: [{ kind: 'compare', base, head }],
      description: `merge_group ${describeCompare(base, head)}`
    }
  }
  diag.warn(
    'The merge_group event carries no base_sha/head_sha; using the files of the commit GITHUB_SHA.'
  )
  return commitOfContext(context, diag, 'merge_group')
}

/**
 * Decides what to ask GitHub. Never throws for bad input: problems with `base_sha`/`head_sha`
 * go to `diag` (then `queries` is empty and `nothingReason` is set; the caller must stop when
 * `diag.ok` is false), and oddities of the event payload become warnings.
 */
export function decideChangeSource(
  context: GitHubContextLike,
  overrides: ChangeOverrides,
  diag: Diagnostics
): ChangeSource {
  const base = inputSha('base_sha', overrides.baseSha, diag)
  const head = inputSha('head_sha', overrides.headSha, diag)
  if (base.invalid || head.invalid) {
    return {
      queries: [],
      description: 'invalid base_sha/head_sha',
      nothingReason: 'base_sha/head_sha are invalid'
    }
  }

  if (base.sha !== undefined) {
    const headSha = head.sha ?? payloadSha(context.sha)
    if (headSha === undefined || isZeroSha(headSha)) {
      diag.problem(
        'head_sha',
        '',
        'is needed because GITHUB_SHA is not a commit SHA; set head_sha next to base_sha'
      )
      return {
        queries: [],
        description: 'invalid base_sha/head_sha',
        nothingReason: 'no head commit to compare base_sha with'
      }
    }
    const which = head.sha !== undefined ? 'base_sha...head_sha' : 'base_sha...GITHUB_SHA'
    return {
      queries: [{ kind: 'compare', base: base.sha, head: headSha }],
      description: `${context.eventName} ${describeCompare(base.sha, headSha)} (${which} inputs)`
    }
  }
  if (head.sha !== undefined) {
    return {
      queries: [{ kind: 'commit', sha: head.sha }],
      description: `${context.eventName}: commit ${shortSha(head.sha)} (head_sha input)`
    }
  }

  switch (context.eventName) {
    case 'push':
      return fromPush(context, diag)
    case 'pull_request':
    case 'pull_request_target':
      return fromPullRequest(context, diag)
    case 'merge_group':
      return fromMergeGroup(context, diag)
    default:
      return commitOfContext(context, diag, context.eventName || 'event')
  }
}
