/**
 * Decides which GitHub REST API listings hold "the files changed by the event that started the
 * workflow", one rule per event (the table in docs/events.md is this file's table). PURE: no
 * network, no process.env, no @actions/* imports; the entry builds the context from the runner's
 * environment, and `github-changes.ts` resolves lookups and runs the queries.
 *
 * Rules:
 * - A `deployment_status` whose state is not `success`, a `workflow_run` whose conclusion is
 *   not `success`, or a `pull_request(_target)` closed without being merged deployed nothing:
 *   no changed files, a notice naming the state (explicit targets still purge). This gate comes
 *   first: no input turns a failed deploy into a purge.
 * - `since` (`last-deployment`, `last-successful-run`): base = the previous successful one
 *   (looked up by the edge), head = `head_sha`, else the event's head, else GITHUB_SHA. When
 *   none is found, `base_sha` is the fallback; without it the run fails (a first deploy).
 * - `base_sha`/`head_sha` override the event for every other event:
 *   - both given: compare `base_sha...head_sha`;
 *   - only `base_sha`: compare `base_sha...GITHUB_SHA`;
 *   - only `head_sha`: the files of the single commit `head_sha`.
 * - push of a branch: compare `before...after`; a forced push also lists `after...before` (the
 *   discarded commits); a new branch lists the commit `after` only; a deleted branch or tag lists
 *   nothing and gives a reason. push of a tag (`refs/tags/…`): as the release of that tag.
 * - pull_request / pull_request_target: the pull request's files.
 * - merge_group: compare `merge_group.base_sha...merge_group.head_sha`.
 * - deployment, deployment_status (success): head = `deployment.sha`, base = the previous
 *   successful deployment of the same environment (the edge looks it up).
 * - workflow_run (success): head = `workflow_run.head_sha`, base = the head of the previous
 *   successful run of the same workflow, branch and event.
 * - release (published, released, created; not a draft): head = the release's tag, base = the
 *   tag of the previous published release (a prerelease only counts for a prerelease).
 * - With no previous deployment, run or release: the head commit's own files, with a notice.
 * - workflow_dispatch, schedule: no change in the event; nothing, with a warning saying what
 *   to set. Every other event: nothing, with a warning naming the supported ones. Never the
 *   files of GITHUB_SHA by default: a guess that purges the wrong pages gives false confidence.
 * - SHAs are 7 to 40 hexadecimal digits; input SHAs are trimmed and lower-cased. An all-zero SHA
 *   is not a commit and is refused as input.
 */

import type { Diagnostics } from '../core/diagnostics.js'
import { asRecord } from './records.js'

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
  /** GITHUB_RUN_ID: the run `since: last-successful-run` must not count as "previous". */
  runId?: number
}

export type ChangeQuery =
  | { kind: 'compare'; base: string; head: string }
  | { kind: 'commit'; sha: string }
  | { kind: 'pull-request'; number: number }

/** The newest commit of the range: a SHA, or a tag the edge resolves to its commit. */
export type HeadRef = { kind: 'sha'; sha: string } | { kind: 'tag'; tag: string }

/** Where the base of the range comes from: "the previous successful ..." (looked up). */
export type BaseLookup =
  | {
      kind: 'previous-deployment'
      environment: string
      /** The deployment being handled: never its own "previous". */
      excludeId?: number
      /** Only deployments created before this (ISO 8601) count. */
      createdBefore?: string
    }
  | {
      kind: 'previous-run'
      /** Undefined: the workflow of `excludeRunId` (the current run), asked of GitHub. */
      workflowId?: number
      branch?: string
      event?: string
      excludeRunId?: number
      createdBefore?: string
    }
  | {
      kind: 'previous-release'
      /** The release's (or pushed) tag: never its own "previous". */
      tag: string
      /** Undefined for a tag push: the tag's own release (if any) decides. */
      prerelease?: boolean
      excludeReleaseId?: number
      /** Only releases published before this (ISO 8601) count. */
      publishedBefore?: string
    }

/** A range whose base (and maybe head) GitHub must be asked for before listing files. */
export interface RangeLookup {
  head: HeadRef
  base: BaseLookup
  /** What to do when there is no previous deployment, run or release. */
  whenNoPrevious:
    | { kind: 'head-commit' }
    | { kind: 'base-sha'; sha: string }
    | { kind: 'fail'; input: 'since'; value: string }
  /** Why this range: "deployment_status success for production". */
  label: string
}

export interface ChangeSource {
  /** What to ask GitHub; the union of the answers is the list of changed files. */
  queries: ChangeQuery[]
  /** A one-line description of the range and why, e.g. `push abc1234...def5678`. */
  description: string
  /** Set when there is nothing to list (deleted branch, failed deploy): say this to the user. */
  nothingReason?: string
  /** Set when the range needs lookups first; `queries` is then empty. */
  lookup?: RangeLookup
}

export const SINCE_VALUES = ['last-deployment', 'last-successful-run'] as const
export type Since = (typeof SINCE_VALUES)[number]

export interface ChangeOverrides {
  baseSha?: string
  headSha?: string
  since?: Since
  /** The `environment` input; default the event's `deployment.environment`, else production. */
  environment?: string
}

/** Events whose payload says what changed, directly or through a lookup. */
export const SUPPORTED_EVENTS = [
  'push',
  'pull_request',
  'pull_request_target',
  'merge_group',
  'deployment',
  'deployment_status',
  'workflow_run',
  'release'
] as const

export const DEFAULT_ENVIRONMENT = 'production'

/** Release actions after which the release's tag is out: the others change no file. */
const RELEASE_ACTIONS = ['published', 'released', 'created']

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

/** Nothing to list, with the reason: said as a warning (or a notice) by the caller. */
function nothing(description: string, nothingReason: string): ChangeSource {
  return { queries: [], description, nothingReason }
}

/** A payload's oddity: no changed files rather than a guess, and a warning that says so. */
function malformed(eventName: string, what: string, diag: Diagnostics): ChangeSource {
  const reason = `the ${eventName} event carries no ${what}, so the changed files are not known; set base_sha/head_sha to choose a range`
  diag.warn(`Changed files: ${reason}.`)
  return nothing(`${eventName}: no ${what}`, reason)
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
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

  if (ref.startsWith('refs/tags/')) {
    return fromTag(ref.slice('refs/tags/'.length), 'push of tag', diag)
  }
  if (after === undefined) return malformed('push', '"after" commit', diag)

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
  return malformed(context.eventName, 'pull request number', diag)
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
  return malformed('merge_group', 'base_sha/head_sha', diag)
}

/** A tag pushed or released: the range since the previous release, looked up by the edge. */
function fromTag(
  tag: string,
  label: string,
  diag: Diagnostics,
  release?: { prerelease: boolean; id?: number; publishedAt?: string }
): ChangeSource {
  if (tag === '') return malformed('push', 'tag name', diag)
  const base: BaseLookup = { kind: 'previous-release', tag }
  if (release !== undefined) {
    base.prerelease = release.prerelease
    if (release.id !== undefined) base.excludeReleaseId = release.id
    if (release.publishedAt !== undefined) base.publishedBefore = release.publishedAt
  }
  return {
    queries: [],
    description: `${label} ${tag}`,
    lookup: {
      head: { kind: 'tag', tag },
      base,
      whenNoPrevious: { kind: 'head-commit' },
      label: `${label} ${tag}`
    }
  }
}

function fromRelease(context: GitHubContextLike, diag: Diagnostics): ChangeSource {
  const action = text(context.payload['action']) ?? '(none)'
  const release = asRecord(context.payload['release'])
  const tag = text(release?.['tag_name'])
  if (release === undefined || tag === undefined) return malformed('release', 'tag_name', diag)
  if (!RELEASE_ACTIONS.includes(action) || release['draft'] === true) {
    const what = release['draft'] === true ? `draft release ${tag}` : `release ${tag}`
    // `prereleased` and `published` both come for a prerelease: one of them is enough.
    const reason =
      release['draft'] === true
        ? `the ${what} was ${action}: a draft publishes nothing, so no changed file is purged`
        : `the ${what} was ${action}: only ${RELEASE_ACTIONS.join(', ')} purge changed files (a prerelease also sends published)`
    diag.notice(`Changed files: ${reason}.`)
    return nothing(`release ${action}`, reason)
  }
  const id = positiveInteger(release['id'])
  const publishedAt = text(release['published_at']) ?? text(release['created_at'])
  return fromTag(tag, `release ${action}`, diag, {
    prerelease: release['prerelease'] === true,
    ...(id !== undefined && { id }),
    ...(publishedAt !== undefined && { publishedAt })
  })
}

interface DeploymentFacts {
  sha: string
  environment: string
  id?: number
  createdAt?: string
}

function deploymentOf(payload: Record<string, unknown>): DeploymentFacts | undefined {
  const deployment = asRecord(payload['deployment'])
  const sha = payloadSha(deployment?.['sha'])
  if (deployment === undefined || sha === undefined || isZeroSha(sha)) return undefined
  const id = positiveInteger(deployment['id'])
  const createdAt = text(deployment['created_at'])
  return {
    sha,
    environment: text(deployment['environment']) ?? DEFAULT_ENVIRONMENT,
    ...(id !== undefined && { id }),
    ...(createdAt !== undefined && { createdAt })
  }
}

function fromDeployment(
  context: GitHubContextLike,
  overrides: ChangeOverrides,
  diag: Diagnostics
): ChangeSource {
  const deployment = deploymentOf(context.payload)
  if (deployment === undefined) return malformed(context.eventName, 'deployment.sha', diag)
  const environment = overrides.environment ?? deployment.environment
  const state = context.eventName === 'deployment_status' ? ' success' : ''
  const label = `${context.eventName}${state} for ${environment}`
  return {
    queries: [],
    description: label,
    lookup: {
      head: { kind: 'sha', sha: deployment.sha },
      base: previousDeployment(environment, deployment),
      whenNoPrevious: { kind: 'head-commit' },
      label
    }
  }
}

function previousDeployment(environment: string, handled?: DeploymentFacts): BaseLookup {
  return {
    kind: 'previous-deployment',
    environment,
    ...(handled?.id !== undefined && { excludeId: handled.id }),
    ...(handled?.createdAt !== undefined && { createdBefore: handled.createdAt })
  }
}

function fromWorkflowRun(context: GitHubContextLike, diag: Diagnostics): ChangeSource {
  const run = asRecord(context.payload['workflow_run'])
  const head = payloadSha(run?.['head_sha'])
  if (run === undefined || head === undefined || isZeroSha(head)) {
    return malformed('workflow_run', 'workflow_run.head_sha', diag)
  }
  const workflowId = positiveInteger(run['workflow_id'])
  const id = positiveInteger(run['id'])
  const branch = text(run['head_branch'])
  const event = text(run['event'])
  const createdAt = text(run['created_at'])
  const name =
    text(run['name']) ?? (workflowId !== undefined ? `workflow ${workflowId}` : 'workflow')
  if (workflowId === undefined) return malformed('workflow_run', 'workflow_run.workflow_id', diag)
  const label = `workflow_run success of ${JSON.stringify(name)}${branch !== undefined ? ` on ${branch}` : ''}`
  return {
    queries: [],
    description: label,
    lookup: {
      head: { kind: 'sha', sha: head },
      base: {
        kind: 'previous-run',
        workflowId,
        ...(branch !== undefined && { branch }),
        ...(event !== undefined && { event }),
        ...(id !== undefined && { excludeRunId: id }),
        ...(createdAt !== undefined && { createdBefore: createdAt })
      },
      whenNoPrevious: { kind: 'head-commit' },
      label
    }
  }
}

/**
 * The gate for events that report an outcome: a deploy that did not succeed changed no page.
 * Returns the "nothing" source, or undefined when the event may go on.
 */
function unsuccessfulOutcome(
  context: GitHubContextLike,
  diag: Diagnostics
): ChangeSource | undefined {
  let what: string
  if (context.eventName === 'deployment_status') {
    const status = asRecord(context.payload['deployment_status'])
    const state = text(status?.['state']) ?? '(none)'
    if (state === 'success') return undefined
    const environment = deploymentOf(context.payload)?.environment ?? text(status?.['environment'])
    what = `the deployment_status is '${state}'${environment !== undefined ? ` for ${environment}` : ''}, not 'success'`
  } else if (context.eventName === 'workflow_run') {
    const run = asRecord(context.payload['workflow_run'])
    const conclusion = text(run?.['conclusion']) ?? text(run?.['status']) ?? '(none)'
    if (conclusion === 'success') return undefined
    what = `the workflow_run concluded '${conclusion}', not 'success'`
  } else if (isPullRequestEvent(context.eventName)) {
    const pullRequest = asRecord(context.payload['pull_request'])
    if (text(context.payload['action']) !== 'closed' || isMerged(pullRequest)) return undefined
    const number = positiveInteger(pullRequest?.['number'] ?? context.payload['number'])
    const which = number === undefined ? 'the pull request' : `pull request #${number}`
    what = `${which} was closed without being merged`
  } else {
    return undefined
  }
  const reason = `${what}: nothing was deployed, so no changed file is purged`
  diag.notice(`Changed files: ${reason}.`)
  // The range line names the event only: the notice above has said why once.
  return nothing(`${context.eventName}: nothing deployed`, reason)
}

function isPullRequestEvent(eventName: string): boolean {
  return eventName === 'pull_request' || eventName === 'pull_request_target'
}

/** GitHub sends `merged`; `merged_at` says the same where a trimmed payload kept only that. */
function isMerged(pullRequest: Record<string, unknown> | undefined): boolean {
  return pullRequest?.['merged'] === true || text(pullRequest?.['merged_at']) !== undefined
}

/** The commit a run deploys, and which field of the event (or input) said so. */
export interface DeployedCommit {
  readonly sha: string
  /** `head_sha`, `deployment.sha`, `workflow_run.head_sha`, ... for messages. */
  readonly source: string
}

/**
 * The commit this run deploys, by the change ranges' rule: `head_sha` when given, else the
 * event's (`deployment.sha` for deployment and deployment_status, `workflow_run.head_sha`, the
 * release's commit, which GitHub sets as GITHUB_SHA), else GITHUB_SHA. Undefined when none is a
 * commit SHA. `build_id` defaults to it.
 */
export function deployedCommit(
  context: GitHubContextLike,
  headSha: string | undefined
): DeployedCommit | undefined {
  if (headSha !== undefined) return { sha: headSha, source: 'head_sha' }
  const payload = context.payload
  if (context.eventName === 'deployment' || context.eventName === 'deployment_status') {
    const deployment = deploymentOf(payload)
    if (deployment !== undefined) return { sha: deployment.sha, source: 'deployment.sha' }
  }
  if (context.eventName === 'workflow_run') {
    const head = payloadSha(asRecord(payload['workflow_run'])?.['head_sha'])
    if (head !== undefined && !isZeroSha(head))
      return { sha: head, source: 'workflow_run.head_sha' }
  }
  const sha = payloadSha(context.sha)
  if (sha === undefined || isZeroSha(sha)) return undefined
  // For a release (and a pushed tag), GitHub sets GITHUB_SHA to the tagged commit.
  const source =
    context.eventName === 'release' ? "the release's commit (GITHUB_SHA)" : 'GITHUB_SHA'
  return { sha, source }
}

/** The head the event names, for `since`: what this run deploys. */
function eventHead(context: GitHubContextLike): string | undefined {
  const payload = context.payload
  switch (context.eventName) {
    case 'deployment':
    case 'deployment_status':
      return deploymentOf(payload)?.sha
    case 'workflow_run':
      return payloadSha(asRecord(payload['workflow_run'])?.['head_sha'])
    case 'pull_request':
    case 'pull_request_target':
      return payloadSha(asRecord(asRecord(payload['pull_request'])?.['head'])?.['sha'])
    case 'merge_group':
      return payloadSha(asRecord(payload['merge_group'])?.['head_sha'])
    default:
      return undefined
  }
}

function fromSince(
  context: GitHubContextLike,
  since: Since,
  overrides: ChangeOverrides,
  headInput: string | undefined,
  baseInput: string | undefined,
  diag: Diagnostics
): ChangeSource {
  const eventSha = eventHead(context)
  const fromContext = payloadSha(context.sha)
  const head =
    headInput ?? eventSha ?? (fromContext && !isZeroSha(fromContext) ? fromContext : undefined)
  if (head === undefined) {
    diag.problem('head_sha', '', 'is needed with since because GITHUB_SHA is not a commit SHA')
    return nothing('invalid head', 'no head commit for since')
  }
  const whenNoPrevious: RangeLookup['whenNoPrevious'] =
    baseInput !== undefined
      ? { kind: 'base-sha', sha: baseInput }
      : { kind: 'fail', input: 'since', value: since }
  let base: BaseLookup
  let label: string
  if (since === 'last-deployment') {
    const handled = context.eventName.startsWith('deployment')
      ? deploymentOf(context.payload)
      : undefined
    const environment = overrides.environment ?? handled?.environment ?? DEFAULT_ENVIRONMENT
    base = previousDeployment(environment, handled)
    label = `since last-deployment of ${environment}`
  } else {
    base = {
      kind: 'previous-run',
      ...(context.runId !== undefined && { excludeRunId: context.runId })
    }
    label = 'since last-successful-run of this workflow'
  }
  return {
    queries: [],
    description: `${context.eventName} ${label}`,
    lookup: {
      head: { kind: 'sha', sha: head },
      base,
      whenNoPrevious,
      label: `${context.eventName} ${label}`
    }
  }
}

/** workflow_dispatch, schedule and every event without a change to read. */
function fromEventWithoutChange(context: GitHubContextLike, diag: Diagnostics): ChangeSource {
  const event = context.eventName || '(unknown event)'
  const manual = event === 'workflow_dispatch' || event === 'schedule'
  const reason = manual
    ? `a ${event} event carries no change: set since (last-deployment or last-successful-run) or base_sha (and head_sha) to purge what changed`
    : `the ${event} event carries no change this action can read (supported: ${SUPPORTED_EVENTS.join(', ')}); set since or base_sha/head_sha to choose a range`
  diag.warn(`Changed files: ${reason}. No changed file is purged.`)
  return nothing(`${event}: no change`, reason)
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
    return nothing('invalid base_sha/head_sha', 'base_sha/head_sha are invalid')
  }

  const gate = unsuccessfulOutcome(context, diag)
  if (gate !== undefined) return gate

  if (overrides.since !== undefined) {
    return fromSince(context, overrides.since, overrides, head.sha, base.sha, diag)
  }

  if (base.sha !== undefined) {
    const headSha = head.sha ?? payloadSha(context.sha)
    if (headSha === undefined || isZeroSha(headSha)) {
      diag.problem(
        'head_sha',
        '',
        'is needed because GITHUB_SHA is not a commit SHA; set head_sha next to base_sha'
      )
      return nothing('invalid base_sha/head_sha', 'no head commit to compare base_sha with')
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
    case 'deployment':
    case 'deployment_status':
      return fromDeployment(context, overrides, diag)
    case 'workflow_run':
      return fromWorkflowRun(context, diag)
    case 'release':
      return fromRelease(context, diag)
    default:
      return fromEventWithoutChange(context, diag)
  }
}
