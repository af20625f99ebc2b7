/**
 * Time that runs faster than the wall clock, for the run-level tests: they wait as a run waits
 * (the emulator's propagation and render delays, a deploy's rollout, the verification's polls,
 * re-purges, the origin's waits), and a run's minutes take seconds.
 *
 * WHY not support/virtual-clock.ts: that clock jumps when nothing else can happen, which it can
 * tell only when all the work waits on it; here the run talks HTTP to the emulator over real
 * sockets, so it cannot tell waiting on the emulator from waiting on time. Instead jest's fake
 * timers replace Date, setTimeout and setInterval for the emulator and the run alike (both are
 * modules of this test file), and a real timer moves them on by STEP_MS every millisecond: one
 * clock, read the same by the edge and the runner, monotonic across a file's runs, and still
 * moving while a request is on the wire (a request costs a few milliseconds of this clock).
 * Node's own timers (sockets, AbortSignal.timeout) and performance.now stay real.
 */
import { afterAll, beforeAll, jest } from '@jest/globals'

/** Fake milliseconds per real millisecond, roughly: large enough for seconds of waits to take
 * little, small enough that a loopback request stays short next to the emulator's delays. */
const STEP_MS = 20

/** Installs fast time for the file that calls it (at its top level), before its emulator starts. */
export function useFastTime(): void {
  let pump: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  beforeAll(() => {
    const realSetTimeout = globalThis.setTimeout
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'hrtime',
        'performance'
      ]
    })
    const tick = (): void => {
      if (stopped) return
      jest.advanceTimersByTime(STEP_MS)
      pump = realSetTimeout(tick, 1)
    }
    pump = realSetTimeout(tick, 1)
  })
  afterAll(() => {
    stopped = true
    if (pump !== undefined) clearTimeout(pump)
    jest.useRealTimers()
  })
}
