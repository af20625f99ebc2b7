/**
 * A test clock that only moves when nothing else can happen: `run(work)` lets every pending
 * promise settle, then jumps to the next sleeper's time, and so on until `work` ends. Hours of
 * polling take milliseconds, and every time the code reads is exact (no real timer's drift), so
 * tests can assert schedules to the millisecond. The code under test must wait only through
 * this clock (its fake site answers through it too).
 */
import type { Clock } from '../../src/time/clock.js'

interface Sleeper {
  readonly at: number
  readonly seq: number
  readonly wake: () => void
  /** Woken early by its signal: popped without moving the time. */
  cancelled: boolean
}

export class VirtualClock implements Clock {
  private time: number
  private seq = 0
  private readonly heap: Sleeper[] = []
  /** Timers that fired, for tests of how many wake-ups a schedule costs. */
  fired = 0

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
        seq: this.seq++,
        wake: () => finish(),
        cancelled: false
      }
      const cancel = (): void => {
        sleeper.cancelled = true
        finish()
      }
      let done = false
      function finish(): void {
        if (done) return
        done = true
        signal?.removeEventListener('abort', cancel)
        resolve()
      }
      signal?.addEventListener('abort', cancel, { once: true })
      this.push(sleeper)
    })
  }

  /** Runs `work` to its end, moving the time from sleeper to sleeper. */
  async run<T>(work: Promise<T>): Promise<T> {
    let settled = false
    const tracked = work.finally(() => {
      settled = true
    })
    for (;;) {
      await settle()
      if (settled) return tracked
      let next = this.pop()
      while (next?.cancelled) next = this.pop()
      if (next === undefined) throw new Error('VirtualClock: the work waits, but nothing sleeps')
      this.time = Math.max(this.time, next.at)
      this.fired++
      next.wake()
    }
  }

  private push(sleeper: Sleeper): void {
    const heap = this.heap
    heap.push(sleeper)
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(heap[i]!, heap[parent]!)) break
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }

  private pop(): Sleeper | undefined {
    const heap = this.heap
    const top = heap[0]
    const last = heap.pop()
    if (top === undefined || last === undefined || heap.length === 0) return top
    heap[0] = last
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let smallest = i
      if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left
      if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right
      if (smallest === i) return top
      ;[heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!]
      i = smallest
    }
  }
}

function before(a: Sleeper, b: Sleeper): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq)
}

/** Lets every promise chain that can move, move: a macrotask turn runs all microtasks first. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise(resolve => setImmediate(resolve))
}
