/** A plain semaphore: at most `size` holders at once, the others wait in arrival order. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly size: number) {}

  /** Resolves true once a slot is held, false when `signal` aborts first (no slot is held). */
  acquire(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false)
    if (this.active < this.size) {
      this.active++
      return Promise.resolve(true)
    }
    return new Promise(resolve => {
      const grant = (): void => {
        signal?.removeEventListener('abort', cancel)
        resolve(true)
      }
      const cancel = (): void => {
        const index = this.waiting.indexOf(grant)
        if (index >= 0) this.waiting.splice(index, 1)
        resolve(false)
      }
      this.waiting.push(grant)
      signal?.addEventListener('abort', cancel, { once: true })
    })
  }

  release(): void {
    const next = this.waiting.shift()
    // The slot passes straight to the next waiter: `active` stays the same.
    if (next) next()
    else this.active--
  }
}
