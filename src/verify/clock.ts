/**
 * How far the edge's clock is from the runner's (src/clock.ts), as an estimate. The edge stamps
 * cache dates in its own clock, so comparing them with the runner's time of the purge needs the
 * offset between the two.
 */
import type { EdgeInstant } from './edge-date.js'

/**
 * What the answers so far say of the edge clock minus the runner clock (the skew), as an
 * interval: the edge wrote its `Date` at some moment between our request and its answer, and
 * the header is cut to the second, so each answer bounds the skew from both sides.
 */
export interface SkewEstimate {
  readonly lowMs: number
  readonly highMs: number
  /** False until an answer carried a readable `Date`: the skew is then assumed to be 0. */
  readonly measured: boolean
}

export const UNMEASURED_SKEW: SkewEstimate = { lowMs: 0, highMs: 0, measured: false }

/** Narrows the estimate with one answer: sent and received in the runner's clock. */
export function observeSkew(
  estimate: SkewEstimate,
  edgeDate: EdgeInstant,
  sentAt: number,
  receivedAt: number
): SkewEstimate {
  const lowMs = edgeDate.ms - receivedAt
  const highMs = edgeDate.ms + edgeDate.resolutionMs - sentAt
  if (!estimate.measured) return { lowMs, highMs, measured: true }
  const narrowed = {
    lowMs: Math.max(estimate.lowMs, lowMs),
    highMs: Math.min(estimate.highMs, highMs),
    measured: true
  }
  // Disjoint intervals mean one of the clocks moved (an NTP step): trust the latest answer.
  return narrowed.lowMs <= narrowed.highMs ? narrowed : { lowMs, highMs, measured: true }
}

/** The middle of the estimate: for display. */
export function skewMs(estimate: SkewEstimate): number {
  return Math.round((estimate.lowMs + estimate.highMs) / 2)
}

/**
 * Beyond this offset between the edge's clock and the runner's, one of them is wrong (NTP keeps
 * a runner within a second, and an edge's Date and cache dates come from its own servers), and
 * the skew measured from `Date` cannot be trusted to place the cache dates: a Date an hour
 * behind cache dates written in real time would make a page cached before the purge look
 * fresh. Then a page is fresh only when its cache date is after the purge in both clocks.
 */
export const CLOCK_OFFSET_LIMIT_MS = 5 * 60_000

/** Whether the edge's clock, as its answers measured it, is more than 5 min from the runner's. */
export function clocksFarApart(estimate: SkewEstimate): boolean {
  return estimate.measured && Math.abs(skewMs(estimate)) > CLOCK_OFFSET_LIMIT_MS
}
