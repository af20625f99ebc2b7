/**
 * The runner's clock as the sender and the verification use it, so that tests can replace it
 * (a fake or a fast clock) and a long wait can be cut short.
 */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or at once when `signal` aborts (a 401 stopped the run, ...). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise(resolve => {
      if (signal?.aborted) return resolve()
      const timer = setTimeout(done, Math.max(0, ms))
      function done(): void {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      signal?.addEventListener('abort', done, { once: true })
    })
}
