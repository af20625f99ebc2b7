/**
 * The hidden marker that makes a comment this action's, for one workflow, job and matrix leg,
 * so that each run finds its own comment among any number and updates it in place, while a
 * matrix or two workflows each keep theirs. It also carries a digest of the plan, so that the
 * run that applies a merge can tell whether it purges what the pull request previewed. PURE.
 *
 * Format: one HTML comment on the comment's first line, which GitHub does not show:
 *
 *   <!-- render-cache-purge-action {"v":1,"workflow":"Deploy","job":"purge","leg":"3fa8c2d1",
 *        "kind":"plan","plan":"9be41d2c7a6f5e4d","targets":[1,3,0],"sha":"abc1234…"} -->
 *
 * (on one line). The JSON's `<`, `>` and `-` are written as \u escapes, so no workflow name
 * can end the HTML comment early or be read as markup.
 */
import { createHash } from 'node:crypto'
import type { PurgeTargets } from '../../core/purge.js'
import { asRecord } from '../../github/records.js'

const MARKER_NAME = 'render-cache-purge-action'
const VERSION = 1

/** Which comment is this run's: one per workflow, job and matrix leg. */
export interface CommentKey {
  /** GITHUB_WORKFLOW: the workflow's name (its path when it has none). */
  readonly workflow: string
  /** GITHUB_JOB: the job's id in the workflow. */
  readonly job: string
  /** A digest of the inputs that tell the legs of a matrix apart (see legOf). */
  readonly leg: string
}

/** A plan as the marker remembers it: enough to say whether another one differs, and how. */
export interface PlanFingerprint {
  /** planDigest() of the targets. */
  readonly plan: string
  /** How many tags, URLs and patterns. */
  readonly targets: readonly [number, number, number]
  /** The commit it was made for (the pull request's head, or the deployed commit). */
  readonly sha?: string
}

export interface CommentMarker extends CommentKey, PlanFingerprint {
  /** A plan (nothing purged) or the result of a run that purged. */
  readonly kind: 'plan' | 'result'
  /** On a result: the plan the pull request previewed, carried from the comment it replaces. */
  readonly previewed?: PlanFingerprint
}

/** The marker as the comment's first line. */
export function writeMarker(marker: CommentMarker): string {
  const json = JSON.stringify({ v: VERSION, ...marker }).replace(
    /[<>-]/g,
    character => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
  return `<!-- ${MARKER_NAME} ${json} -->`
}

const MARKER = new RegExp(`^<!-- ${MARKER_NAME} (\\{.*\\}) -->$`)

/**
 * The marker of a comment's body, or undefined when it has none (or one it cannot read). Only
 * the first line counts, where writeMarker() puts it: a comment that quotes a marker further
 * down (in a code block, a reply, a bot's report of the diff) is not made one of the action's.
 */
export function readMarker(body: string): CommentMarker | undefined {
  const firstLine = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? ''
  const json = MARKER.exec(firstLine)?.[1]
  if (json === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return undefined
  }
  const record = asRecord(parsed)
  if (record === undefined || record['v'] !== VERSION) return undefined
  const { workflow, job, leg, kind } = record
  const fingerprint = readFingerprint(record)
  if (
    typeof workflow !== 'string' ||
    typeof job !== 'string' ||
    typeof leg !== 'string' ||
    (kind !== 'plan' && kind !== 'result') ||
    fingerprint === undefined
  ) {
    return undefined
  }
  const previewed = readFingerprint(asRecord(record['previewed']))
  return { workflow, job, leg, kind, ...fingerprint, ...(previewed && { previewed }) }
}

function readFingerprint(record: Record<string, unknown> | undefined): PlanFingerprint | undefined {
  if (record === undefined) return undefined
  const { plan, targets, sha } = record
  if (typeof plan !== 'string' || !Array.isArray(targets) || targets.length !== 3) return undefined
  const counts = targets.map(count => (Number.isSafeInteger(count) ? (count as number) : -1))
  if (counts.some(count => count < 0)) return undefined
  return {
    plan,
    targets: [counts[0] ?? 0, counts[1] ?? 0, counts[2] ?? 0],
    ...(typeof sha === 'string' && { sha })
  }
}

export function sameKey(a: CommentKey, b: CommentKey): boolean {
  return a.workflow === b.workflow && a.job === b.job && a.leg === b.leg
}

/**
 * The plan's fingerprint: its targets, whatever their order (the service purges a set), and
 * how many of each kind. Two plans with the same digest purge the same.
 */
export function fingerprintOf(targets: PurgeTargets, sha?: string): PlanFingerprint {
  const canonical = JSON.stringify([
    [...targets.tags].sort(),
    [...targets.urls].sort(),
    [...targets.patterns].sort()
  ])
  return {
    plan: createHash('sha256').update(canonical).digest('hex').slice(0, 16),
    targets: [targets.tags.length, targets.urls.length, targets.patterns.length],
    ...(sha !== undefined && { sha })
  }
}

/**
 * What tells the legs of a matrix apart, among the inputs that stay the same from the plan on
 * the pull request to the apply on the merge: the service's and the site's addresses, the
 * environment, the countries, the shard and the mode. The runner tells an action nothing of
 * its matrix, so two legs that differ only in their api_key or their targets share a comment
 * (docs/review.md says how to keep them apart). A digest, so the marker says nothing of them.
 */
export function legOf(parts: readonly (string | undefined)[]): string {
  return createHash('sha256')
    .update(JSON.stringify(parts.map(part => part ?? '')))
    .digest('hex')
    .slice(0, 8)
}
