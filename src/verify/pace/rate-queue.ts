/**
 * Requests waiting for their turn under the rate (rate-spacing.ts), in the order they came:
 * one timer for all of them, whatever their number, rather than a timer and a wake-up signal
 * for each waiter every time it is told to wait a little longer (at 1,000 requests a second,
 * thousands of each a second). The deadline bounds the wait: a turn that would come at or after
 * it is refused at once ('late'), so that a low rate (0.05, 0.0001) never keeps a worker waiting
 * past the deadline for a turn it could not use.
 */
import type { Clock } from '../../time/clock.js'
import type { RateLimiter } from './rate-spacing.js'

/** A waiter's turn: it may leave now, the gate was closed, or no turn comes before the deadline. */
export type Turn = 'pass' | 'closed' | 'late'

export class RateGate {
  private readonly waiting: ((turn: Turn) => void)[] = []
  private pumping = false
  private readonly closed = new AbortController()
  /** No turn is left before the deadline: said once, it stays so (turns only move later). */
  private late = false

  /** `deadline`: the runner's time at and after which no request may leave. */
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly deadline = Number.POSITIVE_INFINITY
  ) {}

  /** 'pass' when the request may leave (it is counted then), 'closed' once closed, or 'late'. */
  pass(): Promise<Turn> {
    if (this.closed.signal.aborted) return Promise.resolve('closed')
    if (this.late) return Promise.resolve('late')
    return new Promise(resolve => {
      this.waiting.push(resolve)
      if (!this.pumping) void this.pump()
    })
  }

  /**
   * Nobody passes before `at` (an overload's hold); the waiters then pass at the rate again.
   * A pump asleep meets the hold when it wakes: it asks the limiter again before letting anyone
   * through. A hold to the deadline turns every waiter away at once: none can pass before it.
   */
  holdUntil(at: number): void {
    this.limiter.holdUntil(at)
    if (at >= this.deadline) this.turnAwayAsLate()
  }

  /** Every waiter, and every later pass(), gets 'closed'. */
  close(): void {
    this.closed.abort()
    for (const waiter of this.waiting.splice(0)) waiter('closed')
  }

  private turnAwayAsLate(): void {
    this.late = true
    for (const waiter of this.waiting.splice(0)) waiter('late')
  }

  /** Lets the waiters through one by one, as the limiter allows, until the deadline. */
  private async pump(): Promise<void> {
    this.pumping = true
    try {
      while (this.waiting.length > 0 && !this.closed.signal.aborted) {
        const now = this.clock.now()
        const wait = this.limiter.take(now)
        if (wait <= 0) {
          this.waiting.shift()?.('pass')
        } else if (now + wait >= this.deadline) {
          // The next turn is at or past the deadline, and turns only move later: no waiter, now
          // or later, can leave before it. Told at once rather than after the wait.
          this.turnAwayAsLate()
        } else {
          await this.clock.sleep(wait, this.closed.signal)
        }
      }
    } finally {
      this.pumping = false
    }
  }
}
