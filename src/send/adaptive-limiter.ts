/**
 * How many requests may be in flight, adapted to the service's answers. A 429 halves the
 * limit for everyone and pauses new requests for the wait the service asked; each run of
 * successes as long as the current limit raises it by one again, up to the configured
 * concurrency (additive increase, multiplicative decrease, as TCP does), so a rate-limited
 * account is not hammered yet a passing burst does not slow the whole run.
 */
import type { Clock } from '../time/clock.js'

export class AdaptiveLimiter {
  private currentLimit: number
  private inFlight = 0
  private successStreak = 0
  private pausedUntil = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    private readonly maxLimit: number,
    private readonly clock: Clock
  ) {
    this.currentLimit = maxLimit
  }

  get limit(): number {
    return this.currentLimit
  }

  /**
   * Waits for a free slot and for any pause a 429 asked for; the caller must release() it.
   * Once `signal` aborts it stops waiting out a pause: the caller checks why and gives up.
   */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const pause = this.pausedUntil - this.clock.now()
      if (pause > 0 && !signal?.aborted) {
        await this.clock.sleep(pause, signal)
        continue
      }
      if (this.inFlight < this.currentLimit) {
        this.inFlight++
        return
      }
      await new Promise<void>(resolve => this.waiting.push(resolve))
    }
  }

  release(): void {
    this.inFlight--
    this.wakeWaiters()
  }

  onSuccess(): void {
    this.successStreak++
    if (this.successStreak >= this.currentLimit && this.currentLimit < this.maxLimit) {
      this.currentLimit++
      this.successStreak = 0
      this.wakeWaiters()
    }
  }

  onRateLimited(waitMs: number): void {
    const now = this.clock.now()
    this.successStreak = 0
    // 429s that arrive during a pause answer requests sent before it: one event, one halving.
    if (now >= this.pausedUntil) this.currentLimit = Math.max(1, Math.floor(this.currentLimit / 2))
    this.pausedUntil = Math.max(this.pausedUntil, now + waitMs)
  }

  private wakeWaiters(): void {
    // Waiters re-check the limit themselves; waking all is simpler than counting free slots.
    for (const wake of this.waiting.splice(0)) wake()
  }
}
