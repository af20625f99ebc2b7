/**
 * Which pull request a run's comment belongs on, and which commit its status goes on, from the
 * event that started the run (PURE). A pull request's own events name it; the push, deployment
 * or workflow run that deploys a merge names a commit, whose merged pull request GitHub is
 * then asked for (github-writer.ts). Any other event names no pull request: a comment there
 * would land on whichever pull request last touched the commit, which is a guess.
 */
import {
  deployedCommit,
  payloadSha,
  payloadText,
  positiveInteger,
  type GitHubContextLike
} from '../../changed-files/change-source.js'
import { asRecord } from '../../github/records.js'
import { withoutTrailing } from '../../text/trailing-run.js'

export type CommentTarget =
  /** A pull request event: its number, and whether it comes from a fork (a read-only token). */
  | { readonly kind: 'pull-request'; readonly number: number; readonly fork: boolean }
  /** The deploy of a merge: the pull request that merged this commit, asked of GitHub. */
  | { readonly kind: 'merged'; readonly sha: string; readonly source: string }
  | { readonly kind: 'none'; readonly reason: string }

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target'])

/** `headSha`: the head_sha input, which names the deployed commit when given. */
export function commentTargetOf(context: GitHubContextLike, headSha?: string): CommentTarget {
  const { eventName, payload } = context
  if (PULL_REQUEST_EVENTS.has(eventName)) {
    const pullRequest = asRecord(payload['pull_request'])
    const number = positiveInteger(pullRequest?.['number']) ?? positiveInteger(payload['number'])
    if (number === undefined) {
      return { kind: 'none', reason: `the ${eventName} event names no pull request number` }
    }
    return { kind: 'pull-request', number, fork: fromFork(pullRequest) }
  }
  const why = deploysNothing(eventName, payload)
  if (why !== undefined) return { kind: 'none', reason: why }
  const commit = deployedCommit(context, headSha)
  if (commit === undefined) {
    return { kind: 'none', reason: `the ${eventName} event names no commit` }
  }
  return { kind: 'merged', sha: commit.sha, source: commit.source }
}

/**
 * Why an event deploys no merge (so its comment would be a guess, or would overwrite a plan
 * with "nothing to purge"), or undefined when it does.
 */
function deploysNothing(eventName: string, payload: Record<string, unknown>): string | undefined {
  switch (eventName) {
    case 'push': {
      const ref = payloadText(payload['ref']) ?? ''
      if (payload['deleted'] === true) return 'the push deleted a branch'
      if (ref.startsWith('refs/tags/')) return 'a tag push merges no pull request'
      return undefined
    }
    case 'deployment':
      return undefined
    case 'deployment_status': {
      const state = payloadText(asRecord(payload['deployment_status'])?.['state'])
      return state === 'success'
        ? undefined
        : `the deployment's state is ${state ?? 'unknown'}, not success`
    }
    case 'workflow_run': {
      const conclusion = payloadText(asRecord(payload['workflow_run'])?.['conclusion'])
      return conclusion === 'success'
        ? undefined
        : `the workflow run's conclusion is ${conclusion ?? 'unknown'}, not success`
    }
    default:
      return `the ${eventName || 'unknown'} event names no pull request (pr_comment writes on pull_request, pull_request_target, and the push, deployment, deployment_status or workflow_run of a merge)`
  }
}

/** A pull request whose head lives in another repository (or in one since deleted). */
function fromFork(pullRequest: Record<string, unknown> | undefined): boolean {
  const head = asRecord(asRecord(pullRequest?.['head'])?.['repo'])
  const base = asRecord(asRecord(pullRequest?.['base'])?.['repo'])
  if (head === undefined) return pullRequest !== undefined
  const headName = payloadText(head['full_name'])
  const baseName = payloadText(base?.['full_name'])
  return headName !== undefined && baseName !== undefined && headName !== baseName
}

/**
 * The commit a status goes on: a pull request's head on its events (GITHUB_SHA is then a merge
 * commit GitHub made, which no check list shows), else the deployed commit.
 */
export function statusCommitOf(
  context: GitHubContextLike,
  headSha?: string
): { readonly sha: string; readonly source: string } | undefined {
  if (headSha === undefined && PULL_REQUEST_EVENTS.has(context.eventName)) {
    const head = payloadSha(asRecord(asRecord(context.payload['pull_request'])?.['head'])?.['sha'])
    if (head !== undefined && head.length === 40)
      return { sha: head, source: 'pull_request.head.sha' }
  }
  const commit = deployedCommit(context, headSha)
  return commit?.sha.length === 40 ? commit : undefined
}

/** The run's page, where its job summary is; undefined without a run id. */
export function runUrlOf(run: {
  readonly repository: { readonly owner: string; readonly repo: string }
  readonly serverUrl?: string
  readonly runId?: number
  readonly runAttempt?: number
}): string | undefined {
  if (run.runId === undefined) return undefined
  const { owner, repo } = run.repository
  const server = withoutTrailing(run.serverUrl ?? 'https://github.com', '/')
  const attempt =
    run.runAttempt !== undefined && run.runAttempt > 1 ? `/attempts/${run.runAttempt}` : ''
  return `${server}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/actions/runs/${run.runId}${attempt}`
}
