/**
 * How many purge requests may be in flight, adapted to the service's answers: a 429 halves the
 * limit and pauses new requests for the wait the service asked, runs of successes raise it again
 * (the action's one backpressure rule, http/backpressure.ts, over the slots of
 * http/in-flight.ts). This class adds the sender's way of waiting out a pause: on its clock.
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
    this.inFlight.overloaded(now, now + waitMs)
  }
}
