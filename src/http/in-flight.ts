/**
 * The requests in flight under backpressure, for everything that sends in parallel (the purge
 * sender, send/adaptive-limiter.ts; the site's readers, verify/pace/site-backpressure.ts): the
 * rule (backpressure.ts) says how many may be in flight, AdaptiveInFlight holds the slots to that
 * number. How a request waits out an overload's hold stays with each caller: the sender sleeps
 * on its clock, the site's readers wait on a rate gate.
 */
import { BackpressureRule } from './backpressure.js'

/**
 * A semaphore: at most `size` holders at once, the others wait in arrival order. Waiters
 * are released by close(), not by an abort signal: a run with thousands of waiting checks must
 * not hang a listener per waiter on one shared signal (Node warns beyond ten). The size may be
 * changed while it is held (AdaptiveInFlight halves it on an overload): a smaller
 * size takes effect as holders release, a larger one lets waiters in at once.
 */
export class Semaphore {
  private active = 0
  private closed = false
  private readonly waiting: ((granted: boolean) => void)[] = []

  constructor(private currentSize: number) {}

  get size(): number {
    return this.currentSize
  }

  /** Resolves true once a slot is held, false when the semaphore was closed first. */
  acquire(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false)
    if (this.active < this.currentSize) {
      this.active++
      return Promise.resolve(true)
    }
    return new Promise(resolve => this.waiting.push(resolve))
  }

  release(): void {
    // Shrunk meanwhile: the slot is given up rather than passed on.
    const next = this.active > this.currentSize ? undefined : this.waiting.shift()
    // The slot passes straight to the next waiter: `active` stays the same.
    if (next) next(true)
    else this.active--
  }

  /** At most `size` holders from now on (at least 1). */
  resize(size: number): void {
    this.currentSize = Math.max(1, size)
    while (this.active < this.currentSize && this.waiting.length > 0) {
      this.active++
      this.waiting.shift()?.(true)
    }
  }

  /** Every waiter, and every later acquire(), gets false; holders still release. */
  close(): void {
    this.closed = true
    for (const waiter of this.waiting.splice(0)) waiter(false)
  }
}

/** Slots whose size follows the backpressure rule: halved by an overload, grown back by answers. */
export class AdaptiveInFlight {
  private readonly rule: BackpressureRule

  /** `slots`: its size now is the most ever allowed in flight. */
  constructor(readonly slots: Semaphore) {
    this.rule = new BackpressureRule(slots.size)
  }

  /** The most requests that may be in flight now. */
  get limit(): number {
    return this.rule.limit
  }

  /** No request should leave before this time (the caller's clock); -Infinity when never held. */
  get heldUntil(): number {
    return this.rule.heldUntil
  }

  /** Overloads (each counted once) since the server last recovered. */
  get overloadsInARow(): number {
    return this.rule.overloadsInARow
  }

  /** An answer that was no overload; a run of them lets one more request in. */
  answered(): void {
    if (this.rule.answered()) this.slots.resize(this.rule.limit)
  }

  /**
   * An overload answered at `now`, asking that nothing leave before `until`. True when it is a
   * new one, which halved the slots; false when it belongs to an earlier one (see the rule).
   */
  overloaded(now: number, until: number): boolean {
    const isNew = this.rule.overloaded(now, until)
    if (isNew) this.slots.resize(this.rule.limit)
    return isNew
  }
}
