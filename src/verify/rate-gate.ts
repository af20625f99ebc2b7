/**
 * Requests waiting for their turn under the rate (rate-limiter.ts), in the order they came:
 * one timer for all of them, whatever their number, rather than a timer and a wake-up signal
 * for each waiter every time it is told to wait a little longer (at 1,000 requests a second,
 * thousands of each a second).
 */
import type { Clock } from '../time/clock.js'
import type { RateLimiter } from './rate-limiter.js'

export class RateGate {
  private readonly waiting: ((passed: boolean) => void)[] = []
  private pumping = false
  private readonly closed = new AbortController()

  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock
  ) {}

  /** Resolves true when the request may leave (it is counted then), false once closed. */
  pass(): Promise<boolean> {
    if (this.closed.signal.aborted) return Promise.resolve(false)
    return new Promise(resolve => {
      this.waiting.push(resolve)
      if (!this.pumping) void this.pump()
    })
  }

  /**
   * Nobody passes before `at` (the site pushed back); the waiters then pass at the rate again.
   * A pump asleep meets the hold when it wakes: it asks the limiter again before letting anyone
   * through.
   */
  holdUntil(at: number): void {
    this.limiter.holdUntil(at)
  }

  /** Every waiter, and every later pass(), gets false. */
  close(): void {
    this.closed.abort()
    for (const waiter of this.waiting.splice(0)) waiter(false)
  }

  /** Lets the waiters through one by one, as the limiter allows. */
  private async pump(): Promise<void> {
    this.pumping = true
    try {
      while (this.waiting.length > 0 && !this.closed.signal.aborted) {
        const wait = this.limiter.take(this.clock.now())
        if (wait > 0) await this.clock.sleep(wait, this.closed.signal)
        else this.waiting.shift()?.(true)
      }
    } finally {
      this.pumping = false
    }
  }
}
