/**
 * The one push-back rule of the action: how many requests may be in flight while a server says it
 * is overloaded (the purge service's 429, the public site's 429 or 5xx with `Retry-After`). The
 * purge sender (send/adaptive-limiter.ts) and everything that reads the public site (the checks'
 * loop and the tag reading, through verify/pace/site-push-back.ts) follow it; each keeps its own
 * way of making requests wait.
 *
 * - A push-back halves the limit (never below 1) and holds every request back until the time
 *   it asked for: the server is asking the whole job to slow down, not one request.
 * - One push-back, one halving: answers that arrive while its hold lasts answer requests sent
 *   before it, so they may lengthen the hold, but halve nothing again and count nothing.
 * - Each run of answers without a push-back as long as the current limit raises it by one
 *   again, up to the configured maximum (additive increase, multiplicative decrease, as TCP
 *   does): a rate-limited server is not hammered, yet a passing burst does not slow the run.
 * - A run as long as the full limit means the server has recovered: the count of push-backs in
 *   a row starts over (a caller that grows its own wait with each push-back reads it).
 *
 * Pure: the caller gives the time and says what each answer was; no clock, no timers.
 */

export class PushBackRule {
  private currentLimit: number
  /** Answers without a push-back since the limit last changed (or since the last full run). */
  private answeredInARow = 0
  /** The latest time a push-back asked every request to wait until. */
  private holdUntil = Number.NEGATIVE_INFINITY
  private pushBacksSinceRecovery = 0

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

  /** Push-backs (each counted once) since the server last recovered: 0, 1, 2, ... */
  get pushBacksInARow(): number {
    return this.pushBacksSinceRecovery
  }

  /** An answer that was no push-back. True when it raised the limit (by one). */
  answered(): boolean {
    this.answeredInARow++
    if (this.answeredInARow < this.currentLimit) return false
    this.answeredInARow = 0
    if (this.currentLimit < this.maxLimit) {
      this.currentLimit++
      return true
    }
    // A run of answers at the full limit: the server has recovered; a later push-back starts over.
    this.pushBacksSinceRecovery = 0
    return false
  }

  /**
   * A push-back answered at `now`, asking that no request leave before `until`. True when it is
   * a new push-back, which halved the limit; false when it arrived within the hold of an
   * earlier one (it is that push-back's answer: it may only lengthen the hold).
   */
  pushedBack(now: number, until: number): boolean {
    const isNew = now >= this.holdUntil
    if (isNew) {
      this.currentLimit = Math.max(1, Math.floor(this.currentLimit / 2))
      this.answeredInARow = 0
      this.pushBacksSinceRecovery++
    }
    if (until > this.holdUntil) this.holdUntil = until
    return isNew
  }
}
