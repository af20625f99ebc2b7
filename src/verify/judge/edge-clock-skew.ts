/**
 * How far the edge's clock is from the runner's (time/clock.ts), as an estimate. The edge stamps
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
  /**
   * True once an answer's cache date came after its own `Date`: that edge stamps its answers and
   * its cache entries by different clocks, so its `Date` cannot place its cache dates.
   */
  readonly datesDisagreed?: boolean
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
  const disagreed = estimate.datesDisagreed && { datesDisagreed: true as const }
  if (!estimate.measured) return { lowMs, highMs, measured: true, ...disagreed }
  const narrowed = {
    lowMs: Math.max(estimate.lowMs, lowMs),
    highMs: Math.min(estimate.highMs, highMs),
    measured: true,
    ...disagreed
  }
  // Disjoint intervals mean one of the clocks moved (an NTP step): trust the latest answer.
  return narrowed.lowMs <= narrowed.highMs
    ? narrowed
    : { lowMs, highMs, measured: true, ...disagreed }
}

/** The estimate, marked: an answer's cache date came after its own `Date` (verdict.ts). */
export function noteDatesDisagree(estimate: SkewEstimate): SkewEstimate {
  return estimate.datesDisagreed ? estimate : { ...estimate, datesDisagreed: true }
}

/** The middle of the estimate: for display. */
export function skewMs(estimate: SkewEstimate): number {
  return Math.round((estimate.lowMs + estimate.highMs) / 2)
}

/**
 * Beyond this offset between the edge's clock and the runner's, one of them is wrong (NTP keeps
 * a runner within a second). An edge whose `Date` and cache dates run on one wrong clock is
 * still placed by its `Date`: the skew measured from it places the cache dates too.
 */
export const CLOCK_OFFSET_LIMIT_MS = 5 * 60_000

/** Whether the edge's clock, as its answers measured it, is more than 5 min from the runner's. */
export function clocksFarApart(estimate: SkewEstimate): boolean {
  return estimate.measured && Math.abs(skewMs(estimate)) > CLOCK_OFFSET_LIMIT_MS
}

/**
 * Whether the skew measured from `Date` cannot be trusted to place the cache dates: the clocks
 * are far apart and some answer's cache date came after its own `Date`, so the edge stamps the
 * two by different clocks. A `Date` an hour behind cache dates written in real time would make
 * a page cached before the purge look fresh, and an answer soon after the purge shows the lie,
 * one cached long before it does not. Then a page is fresh only when its cache date is after
 * the purge in both clocks. A clock consistently off (its `Date` and its cache dates agree) is
 * not this: requiring both clocks there would call every page rendered after the purge stale.
 */
export function datesUntrusted(estimate: SkewEstimate): boolean {
  return estimate.datesDisagreed === true && clocksFarApart(estimate)
}
