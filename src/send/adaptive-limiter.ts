/**
 * How many purge requests may be in flight, adapted to the service's answers. A 429 halves the
 * limit for everyone and pauses new requests for the wait the service asked; each run of
 * successes as long as the current limit raises it by one again, up to the configured
 * concurrency (additive increase, multiplicative decrease, as TCP does), so a rate-limited
 * account is not hammered yet a passing burst does not slow the whole run. The numbers follow
 * the action's one push-back rule over the slots in flight (http/in-flight.ts), which the site's
 * readers share; this class adds the sender's waiting out a pause on its clock.
 */
import { AdaptiveInFlight, Semaphore } from '../http/in-flight.js'
import type { Clock } from '../time/clock.js'

export class AdaptiveLimiter {
  private readonly inFlight: AdaptiveInFlight

  constructor(
    maxLimit: number,
    private readonly clock: Clock
  ) {
    this.inFlight = new AdaptiveInFlight(new Semaphore(maxLimit))
  }

  get limit(): number {
    return this.inFlight.limit
  }

  /**
   * Waits for a free slot and for any pause a 429 asked for; the caller must release() it.
   * Once `signal` aborts it stops waiting out a pause: the caller checks why and gives up.
   */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const pause = this.inFlight.heldUntil - this.clock.now()
      if (pause > 0 && !signal?.aborted) {
        await this.clock.sleep(pause, signal)
        continue
      }
      // The sender's semaphore is never closed: it always grants.
      await this.inFlight.slots.acquire()
      // A 429 may have begun a pause while this waited for the slot: nothing leaves during it.
      if (this.inFlight.heldUntil > this.clock.now() && !signal?.aborted) {
        this.inFlight.slots.release()
        continue
      }
      return
    }
  }

  release(): void {
    this.inFlight.slots.release()
  }

  onSuccess(): void {
    this.inFlight.answered()
  }

  onRateLimited(waitMs: number): void {
    const now = this.clock.now()
    // 429s that arrive during a pause answer requests sent before it: one event, one halving.
    this.inFlight.pushedBack(now, now + waitMs)
  }
}
