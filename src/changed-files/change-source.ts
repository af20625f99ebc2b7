/**
 * What a change source is: the event context it is decided from, the queries and lookups it
 * asks GitHub for, and the readers of SHAs and payload fields that the per-event rules
 * (event-rules.ts), the input parser and build_id's default (`deployedCommit`) share, so that
 * all of them read a commit the same way. PURE: no network, no process.env, no @actions/*
 * imports.
 *
 * SHAs are 7 to 40 hexadecimal digits; input SHAs are trimmed and lower-cased. An all-zero SHA
 * is not a commit and is refused as input.
 */

import type { Diagnostics } from '../core/diagnostics.js'
import { asRecord } from '../github/records.js'

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
  | {
      kind: 'compare'
      base: string
      head: string
      /**
       * The commits a forced push discarded (after...before): their files count, but the site
       * goes from `head` back to `base`, so what they added is gone and what they deleted is back.
       */
      discarded?: true
    }
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

/** The environment whose deployments count when neither the input nor the event names one. */
export const DEFAULT_ENVIRONMENT = 'production'

const SHA_PATTERN = /^[0-9a-f]{7,40}$/
const ALL_ZEROS = /^0+$/

/** True for a SHA-looking value made only of zeros (GitHub's "no commit" marker in push events). */
export function isZeroSha(sha: string): boolean {
  return ALL_ZEROS.test(sha)
}

/** Reads a SHA from the event payload: a hex string, or undefined when absent or malformed. */
export function payloadSha(value: unknown): string | undefined {
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

/** A payload's number when it is a positive safe integer (an id, a run number), else undefined. */
export function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** A payload's text, trimmed, or undefined when absent, not a string or blank. */
export function payloadText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** What a deployment event's payload says of the deployment. */
export interface DeploymentFacts {
  sha: string
  environment: string
  id?: number
  createdAt?: string
}

/** The deployment of a deployment or deployment_status payload; undefined without a commit. */
export function deploymentOf(payload: Record<string, unknown>): DeploymentFacts | undefined {
  const deployment = asRecord(payload['deployment'])
  const sha = payloadSha(deployment?.['sha'])
  if (deployment === undefined || sha === undefined || isZeroSha(sha)) return undefined
  const id = positiveInteger(deployment['id'])
  const createdAt = payloadText(deployment['created_at'])
  return {
    sha,
    environment: payloadText(deployment['environment']) ?? DEFAULT_ENVIRONMENT,
    ...(id !== undefined && { id }),
    ...(createdAt !== undefined && { createdAt })
  }
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
