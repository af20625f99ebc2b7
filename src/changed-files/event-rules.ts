/**
 * Decides which GitHub REST API listings hold "the files changed by the event that started the
 * workflow", one rule per event (the table in docs/events.md is this file's table). PURE: no
 * network, no process.env, no @actions/* imports; the entry builds the context from the runner's
 * environment, and `github-changes.ts` resolves lookups and runs the queries.
 *
 * The shapes it returns and the payload readers it shares with the input parser and build_id's
 * default are in change-source.ts.
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
 * - SHAs are read as change-source.ts says (an all-zero SHA is not a commit).
 */

import type { Diagnostics } from '../core/diagnostics.js'
import { shortSha } from '../text/format.js'
import {
  DEFAULT_ENVIRONMENT,
  deploymentOf,
  inputSha,
  isZeroSha,
  payloadSha,
  payloadText,
  positiveInteger,
  type BaseLookup,
  type ChangeOverrides,
  type ChangeQuery,
  type ChangeSource,
  type DeploymentFacts,
  type GitHubContextLike,
  type RangeLookup,
  type Since
} from './change-source.js'
import { asRecord } from '../github/records.js'

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

/** Release actions after which the release's tag is out: the others change no file. */
const RELEASE_ACTIONS = ['published', 'released', 'created']

function describeCompare(base: string, head: string): string {
  return `${shortSha(base)}...${shortSha(head)}`
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
    // The commits the push discarded changed pages too: list after...before as well (the site
    // goes from its head back to its base: what they added is gone).
    queries.push({ kind: 'compare', base: after, head: before, discarded: true })
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
  const action = payloadText(context.payload['action']) ?? '(none)'
  const release = asRecord(context.payload['release'])
  const tag = payloadText(release?.['tag_name'])
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
  const publishedAt = payloadText(release['published_at']) ?? payloadText(release['created_at'])
  return fromTag(tag, `release ${action}`, diag, {
    prerelease: release['prerelease'] === true,
    ...(id !== undefined && { id }),
    ...(publishedAt !== undefined && { publishedAt })
  })
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
  const branch = payloadText(run['head_branch'])
  const event = payloadText(run['event'])
  const createdAt = payloadText(run['created_at'])
  const name =
    payloadText(run['name']) ?? (workflowId !== undefined ? `workflow ${workflowId}` : 'workflow')
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
    const state = payloadText(status?.['state']) ?? '(none)'
    if (state === 'success') return undefined
    const environment =
      deploymentOf(context.payload)?.environment ?? payloadText(status?.['environment'])
    what = `the deployment_status is '${state}'${environment !== undefined ? ` for ${environment}` : ''}, not 'success'`
  } else if (context.eventName === 'workflow_run') {
    const run = asRecord(context.payload['workflow_run'])
    const conclusion = payloadText(run?.['conclusion']) ?? payloadText(run?.['status']) ?? '(none)'
    if (conclusion === 'success') return undefined
    what = `the workflow_run concluded '${conclusion}', not 'success'`
  } else if (isPullRequestEvent(context.eventName)) {
    const pullRequest = asRecord(context.payload['pull_request'])
    if (payloadText(context.payload['action']) !== 'closed' || isMerged(pullRequest))
      return undefined
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
  return pullRequest?.['merged'] === true || payloadText(pullRequest?.['merged_at']) !== undefined
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
