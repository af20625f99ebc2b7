/**
 * A clock for tests that moves only when told: time stands still while code runs, and `run`
 * jumps from one sleeper's wake-up to the next whenever nothing else is left to do, so a wait
 * of minutes takes no real time and every wake-up happens at its exact moment.
 */
import type { Clock } from '../../src/clock.js'

interface Sleeper {
  readonly at: number
  readonly wake: () => void
}

export class ManualClock implements Clock {
  private time: number
  private sleepers: Sleeper[] = []

  constructor(start = Date.UTC(2026, 10, 23, 9, 0, 0)) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise(resolve => {
      if (signal?.aborted) return resolve()
      const sleeper: Sleeper = {
        at: this.time + Math.max(0, ms),
        wake: () => {
          signal?.removeEventListener('abort', cancel)
          resolve()
        }
      }
      const cancel = (): void => {
        this.sleepers = this.sleepers.filter(other => other !== sleeper)
        resolve()
      }
      signal?.addEventListener('abort', cancel, { once: true })
      this.sleepers.push(sleeper)
    })
  }

  /** Settles `work`, moving time forward whenever everything is asleep. */
  async run<T>(work: Promise<T>): Promise<T> {
    let settled = false
    const watched = work.finally(() => {
      settled = true
    })
    for (let steps = 0; ; steps++) {
      await idle()
      if (settled) return watched
      if (steps > 1_000_000) throw new Error('ManualClock: the work never ends')
      const next = this.sleepers.reduce<Sleeper | undefined>(
        (soonest, sleeper) =>
          soonest === undefined || sleeper.at < soonest.at ? sleeper : soonest,
        undefined
      )
      if (next === undefined) throw new Error('ManualClock: nothing asleep and the work not done')
      this.sleepers = this.sleepers.filter(sleeper => sleeper !== next)
      this.time = Math.max(this.time, next.at)
      next.wake()
    }
  }
}

/** Lets every pending promise callback run (a macrotask turn is after all microtasks). */
function idle(): Promise<void> {
  return new Promise(resolve => setImmediate(resolve))
}
