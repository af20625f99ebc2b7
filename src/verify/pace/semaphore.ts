/**
 * A plain semaphore: at most `size` holders at once, the others wait in arrival order. Waiters
 * are released by close(), not by an abort signal: a run with thousands of waiting checks must
 * not hang a listener per waiter on one shared signal (Node warns beyond ten). The size may be
 * changed while it is held (the verify loop halves it when the site pushes back): a smaller
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
