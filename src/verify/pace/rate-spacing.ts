/**
 * The `rate` input: at most so many page requests a second, smoothed. Pure: the caller gives
 * the time (the runner's clock, or a test clock) and sleeps as told.
 *
 * Three rules, on the times requests actually leave:
 * - Spacing: requests follow a schedule one interval (1 s / rate) apart. A request that left up
 *   to SLACK_MS late (a timer fires a little after its time) keeps the schedule, so the rate
 *   holds on average; one later than that (nobody asked for a while) starts a new schedule, so
 *   an idle spell is never made up by a burst.
 * - Window: any one second holds at most ⌈rate⌉ requests, whatever the timers do.
 * - Hold: during an overload's hold (holdUntil), nothing leaves before the time it asked for,
 *   and the schedule starts afresh from the first request after it: the requests that waited
 *   meanwhile leave one interval apart, never together.
 */

/**
 * How late a request may leave and keep the schedule: what late timers, a garbage collection or
 * a busy machine may make up at once (at 1,000 a second, at most 50 requests together).
 */
export const SLACK_MS = 50

export class RateLimiter {
  readonly intervalMs: number
  /** Times the last ⌈rate⌉ requests left, oldest at `head`. */
  private readonly recent: Float64Array
  private head = 0
  private nextAt = Number.NEGATIVE_INFINITY
  /** A hold set nextAt: the next request starts a new schedule, whatever its lateness. */
  private resuming = false

  constructor(readonly perSecond: number) {
    if (!(perSecond > 0) || !Number.isFinite(perSecond)) {
      throw new RangeError(`a rate must be a positive number, not ${perSecond}`)
    }
    this.intervalMs = 1000 / perSecond
    this.recent = new Float64Array(Math.ceil(perSecond)).fill(Number.NEGATIVE_INFINITY)
  }

  /**
   * 0 when a request may leave at `now` (it is then counted as sent at `now`); otherwise how
   * many milliseconds to wait before asking again.
   */
  take(now: number): number {
    const oldest = this.recent[this.head] ?? Number.NEGATIVE_INFINITY
    const wait = Math.max(this.nextAt - now, oldest + 1000 - now)
    if (wait > 0) return wait
    this.recent[this.head] = now
    this.head = (this.head + 1) % this.recent.length
    const keepSchedule = !this.resuming && now - this.nextAt <= SLACK_MS
    this.nextAt = (keepSchedule ? this.nextAt : now) + this.intervalMs
    this.resuming = false
    return 0
  }

  /** No request leaves before `at` (a later hold than one already set wins). */
  holdUntil(at: number): void {
    if (at <= this.nextAt) return
    this.nextAt = at
    this.resuming = true
  }
}
