/**
 * The verification's sleeps, each with a wake-up of its own. The loop wakes the stale checks
 * when the purge arrives, the longest-sleeping stale check for the probe, and every sleeper when
 * the run stops. None of it hangs a listener on a shared signal (Node warns beyond ten on one
 * target), so a run of 100,000 checks adds no listener anywhere: each sleep's own signal has
 * one, gone when the sleep ends.
 */
import type { Clock } from '../../time/clock.js'

/** A stale check waits for the purge; the others wait out a retry, a warm-up or the rate. */
export type NapKind = 'stale' | 'other'

export class Naps {
  /** In the order they fell asleep: the first one has waited longest. */
  private readonly stale = new Set<AbortController>()
  private readonly other = new Set<AbortController>()
  private stopped = false

  constructor(private readonly clock: Clock) {}

  /** Sleeps `ms`; true when woken before that (or the run stopped). */
  async sleep(ms: number, kind: NapKind = 'other'): Promise<boolean> {
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
