/**
 * How many purge requests may be in flight, adapted to the service's answers. A 429 halves the
 * limit for everyone and pauses new requests for the wait the service asked; each run of
 * successes as long as the current limit raises it by one again, up to the configured
 * concurrency (additive increase, multiplicative decrease, as TCP does), so a rate-limited
 * account is not hammered yet a passing burst does not slow the whole run. The numbers follow
 * the action's one push-back rule (http/push-back.ts); this class is the sender's waiting.
 */
import { PushBackRule } from '../http/push-back.js'
import type { Clock } from '../time/clock.js'

export class AdaptiveLimiter {
  private readonly rule: PushBackRule
  private inFlight = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    maxLimit: number,
    private readonly clock: Clock
  ) {
    this.rule = new PushBackRule(maxLimit)
  }

  get limit(): number {
    return this.rule.limit
  }

  /**
   * Waits for a free slot and for any pause a 429 asked for; the caller must release() it.
   * Once `signal` aborts it stops waiting out a pause: the caller checks why and gives up.
   */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const pause = this.rule.heldUntil - this.clock.now()
      if (pause > 0 && !signal?.aborted) {
        await this.clock.sleep(pause, signal)
        continue
      }
      if (this.inFlight < this.rule.limit) {
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
    if (this.rule.answered()) this.wakeWaiters()
  }

  onRateLimited(waitMs: number): void {
    const now = this.clock.now()
    // 429s that arrive during a pause answer requests sent before it: one event, one halving.
    this.rule.pushedBack(now, now + waitMs)
  }

  private wakeWaiters(): void {
    // Waiters re-check the limit themselves; waking all is simpler than counting free slots.
    for (const wake of this.waiting.splice(0)) wake()
  }
}
