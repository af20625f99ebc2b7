/**
 * A plain semaphore: at most `size` holders at once, the others wait in arrival order. Waiters
 * are released by close(), not by an abort signal: a run with thousands of waiting checks must
 * not hang a listener per waiter on one shared signal (Node warns beyond ten).
 */
export class Semaphore {
  private active = 0
  private closed = false
  private readonly waiting: ((granted: boolean) => void)[] = []

  constructor(private readonly size: number) {}

  /** Resolves true once a slot is held, false when the semaphore was closed first. */
  acquire(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false)
    if (this.active < this.size) {
      this.active++
      return Promise.resolve(true)
    }
    return new Promise(resolve => this.waiting.push(resolve))
  }

  release(): void {
    const next = this.waiting.shift()
    // The slot passes straight to the next waiter: `active` stays the same.
    if (next) next(true)
    else this.active--
  }

  /** Every waiter, and every later acquire(), gets false; holders still release. */
  close(): void {
    this.closed = true
    for (const waiter of this.waiting.splice(0)) waiter(false)
  }
}
