/**
 * The purge's vocabulary, shared by every part: what is purged (targets), how it travels
 * (requests: batches of at most batch_size items, one request per batch and country) and the
 * plan that holds both. Types and one count; the plan itself is built by plan/build-plan.ts.
 */
import type { PurgeKind } from './constants.js'

/** The runner's time each purge request was accepted at, by the request's index (filled by send). */
export type AcceptanceTimes = ReadonlyMap<number, number>

export interface PurgeRequest {
  /** Position in the plan: results and outputs are reported in this order, whatever the timing. */
  readonly index: number
  readonly kind: PurgeKind
  /** Tags or URLs; for a pattern purge, the one pattern. */
  readonly items: readonly string[]
  /** Absent: the request carries no `country` field. */
  readonly country?: string
}

export interface PurgeTargets {
  readonly tags: readonly string[]
  readonly urls: readonly string[]
  readonly patterns: readonly string[]
}

export interface Plan {
  readonly targets: PurgeTargets
  readonly requests: readonly PurgeRequest[]
  readonly warnings: readonly string[]
}

/** Targets found by mapping changed files, before the mode is applied. */
export interface DerivedTargets {
  readonly tags: readonly string[]
  readonly urls: readonly string[]
}

/** Counts targets: tags, URLs and patterns, not requests. */
export function countTargets(targets: PurgeTargets): number {
  return targets.tags.length + targets.urls.length + targets.patterns.length
}
