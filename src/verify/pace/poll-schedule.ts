/**
 * When to ask a stale check again. Pure: the loop (verify/check/polling-loop.ts) gives the time and
 * the random numbers, so the rule is tested with a test clock.
 *
 * A purge reaches a data center at one moment and then spreads through it, so the arrival seen
 * on one page says when to expect it on the others. The rule:
 *
 * 1. Before any check was seen going from stale to fresh, each stale check backs off (2 s,
 *    growing by 1.5x to 15 s, jittered), so that thousands of pages do not hammer the edge while
 *    the purge travels; and the run asks the stale check that has waited longest whenever no
 *    stale check was asked for PROBE_EVERY_MS (the probe). So the arrival is seen within about
 *    2 s of happening, however long it took and however few checks there are.
 * 2. When a check goes from stale to fresh (an arrival), every stale check is asked at once.
 * 3. While arrivals keep coming (one within the last SPREAD_MS), a check still stale is asked
 *    every TIGHT_MS (jittered): the purge is spreading here, and each page's time to fresh is
 *    then known to within about 2 s.
 * 4. After SPREAD_MS without an arrival, the stragglers are not on their way (another node, or
 *    a later purge): they back off again from 2 s, and the probe watches for the next arrival.
 *
 * So `verify_seconds` is within a few seconds of when the pages turned fresh, where a schedule
 * that only stretched (the 15 s cap) could see a page fresh up to 15 s late.
 */
import { backoffDelay, type Backoff } from '../../http/backoff.js'

export const STALE_BACKOFF: Backoff = { firstMs: 2000, maxMs: 15_000, factor: 1.5, jitter: 0.2 }
/** Rule 3's interval, jittered like the backoff so that thousands of checks do not align. */
export const TIGHT: Backoff = { firstMs: 2000, maxMs: 2000, factor: 1, jitter: 0.2 }
export const SPREAD_MS = 30_000
export const PROBE_EVERY_MS = 2000

/** What the run has seen of the purge's arrival at this data center. */
export class PropagationWatch {
  private lastArrivalAt: number | undefined
  private firstArrival: number | undefined

  constructor(private readonly backoff: Backoff = STALE_BACKOFF) {}

  /** A check went from stale to fresh at `now`, `afterMs` after its purge was accepted. */
  arrived(now: number, afterMs: number): void {
    this.lastArrivalAt = now
    this.firstArrival ??= afterMs
  }

  /** From a purge's acceptance until the first arrival seen; undefined before. */
  get firstArrivalAfterMs(): number | undefined {
    return this.firstArrival
  }

  /** Rule 3: an arrival within the last SPREAD_MS. */
  spreading(now: number): boolean {
    return this.lastArrivalAt !== undefined && now - this.lastArrivalAt < SPREAD_MS
  }

  /**
   * The wait before asking a check that just answered stale, and the backoff step it is at
   * next: rules 1, 3 and 4 (a tight interval restarts the backoff from its first step).
   */
  staleDelay(
    now: number,
    attempt: number,
    random: () => number
  ): { delayMs: number; nextAttempt: number } {
    if (this.spreading(now)) return { delayMs: backoffDelay(TIGHT, 0, random()), nextAttempt: 0 }
    return { delayMs: backoffDelay(this.backoff, attempt, random()), nextAttempt: attempt + 1 }
  }
}
