/**
 * The verification's sleeps, each with its own abort signal so that it can be woken early: the
 * stale checks when the purge arrives, the longest-sleeping stale check for the probe, every
 * sleep when the run stops. No listener goes on a shared signal (Node warns beyond ten on one
 * target), so 100,000 sleeping checks add none: each sleep's signal has one, gone when it ends.
 */
import type { Clock } from '../../time/clock.js'

/** A stale check waits for the purge; the others wait out a retry, a warm-up or the rate. */
export type SleepKind = 'stale' | 'other'

export class WakeableSleeps {
  /** In the order they fell asleep: the first one has waited longest. */
  private readonly stale = new Set<AbortController>()
  private readonly other = new Set<AbortController>()
  private stopped = false

  constructor(private readonly clock: Clock) {}

  /** Sleeps `ms`; true when woken before that (or the run stopped). */
  async sleep(ms: number, kind: SleepKind = 'other'): Promise<boolean> {
    if (this.stopped) return true
    const wake = new AbortController()
    const sleepers = kind === 'stale' ? this.stale : this.other
    sleepers.add(wake)
    try {
      await this.clock.sleep(ms, wake.signal)
    } finally {
      sleepers.delete(wake)
    }
    return wake.signal.aborted
  }

  get staleSleeping(): number {
    return this.stale.size
  }

  /** Wakes every stale check. */
  wakeStale(): void {
    for (const wake of this.stale) wake.abort()
  }

  /** Wakes the stale check that has slept longest; false when none sleeps. */
  wakeLongestStale(): boolean {
    const first = this.stale.values().next()
    if (first.done) return false
    first.value.abort()
    // Out of the set now, so that the next probe picks another check.
    this.stale.delete(first.value)
    return true
  }

  /** Wakes every sleeper, and every later sleep returns at once. */
  stop(): void {
    this.stopped = true
    for (const wake of this.stale) wake.abort()
    for (const wake of this.other) wake.abort()
  }
}
