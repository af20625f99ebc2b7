/**
 * The action's one backpressure rule: how many requests may be in flight while a server says it
 * is overloaded (the purge service's 429, the public site's 429 or 5xx with `Retry-After`). The
 * purge sender (send/adaptive-limiter.ts) and every reader of the public site (through
 * verify/pace/site-backpressure.ts) follow it; each makes its requests wait in its own way.
 *
 * - An overload halves the limit (never below 1) and holds every request until the time it
 *   asked for: the server is asking the whole job to slow down, not one request.
 * - One overload, one halving: answers that arrive during its hold answer requests sent before
 *   it, so they may lengthen the hold but halve and count nothing.
 * - Each run of other answers as long as the current limit raises it by one, up to the maximum
 *   (additive increase, multiplicative decrease, as TCP does): a rate-limited server is not
 *   hammered, yet a passing burst does not slow the run.
 * - A run as long as the full limit means the server has recovered: the count of overloads in a
 *   row, which a caller's backoff grows with, starts over.
 *
 * Pure: the caller gives the time and says what each answer was.
 */

export class BackpressureRule {
  private currentLimit: number
  /** Other answers since the limit last changed (or since the last full run). */
  private answeredInARow = 0
  private holdUntil = Number.NEGATIVE_INFINITY
  private overloadsSinceRecovery = 0

  constructor(readonly maxLimit: number) {
    this.currentLimit = maxLimit
  }

  /** The most requests that may be in flight now. */
  get limit(): number {
    return this.currentLimit
  }

  /** No request should leave before this time (the caller's clock); -Infinity when never held. */
  get heldUntil(): number {
    return this.holdUntil
  }

  /** Overloads (each counted once) since the server last recovered: 0, 1, 2, ... */
  get overloadsInARow(): number {
    return this.overloadsSinceRecovery
  }

  /** An answer that was no overload. True when it raised the limit (by one). */
  answered(): boolean {
    this.answeredInARow++
    if (this.answeredInARow < this.currentLimit) return false
    this.answeredInARow = 0
    if (this.currentLimit < this.maxLimit) {
      this.currentLimit++
      return true
    }
    this.overloadsSinceRecovery = 0
    return false
  }

  /**
   * An overload answered at `now`, asking that no request leave before `until`. True when it is
   * a new one, which halved the limit; false when it arrived during an earlier one's hold (it
   * answers a request sent before that hold: it may only lengthen it).
   */
  overloaded(now: number, until: number): boolean {
    const isNew = now >= this.holdUntil
    if (isNew) {
      this.currentLimit = Math.max(1, Math.floor(this.currentLimit / 2))
      this.answeredInARow = 0
      this.overloadsSinceRecovery++
    }
    if (until > this.holdUntil) this.holdUntil = until
    return isNew
  }
}
