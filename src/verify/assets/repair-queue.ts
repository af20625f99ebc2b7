/**
 * The purges that repair broken assets, gathered into batches. A page's HTML names the assets,
 * and whoever writes the site's templates or content writes that HTML: one page naming hundreds
 * of broken paths must not turn into hundreds of purge requests, each carrying the API key.
 * So the paths asked for within GATHER_MS of each other, or while a purge is in flight, leave
 * together in one purge (the caller's sender splits them by `batch_size` and sends them within
 * the run's `concurrency`, behind its 429 limiter and retries), and a run purges at most
 * MAX_REPAIR_PURGES of them: past that, the asset is reported broken, not purged.
 */
import type { Clock } from '../../time/clock.js'

/** Asset paths (path and query) a run purges by URL to repair them, at most. */
export const MAX_REPAIR_PURGES = 100

/**
 * How long the first broken asset waits for others before its purge leaves: the checks under
 * way find theirs within moments of each other, and a purge takes longer than this to arrive.
 */
export const GATHER_MS = 1000

/** What one purge of several asset paths came back with. */
export interface RepairSent {
  /** The paths every request for which was accepted. */
  readonly accepted: readonly string[]
  /** Why the others were not, in the service's words. */
  readonly problem?: string
}

/** Purges asset paths by URL, in as few requests as the run's batch size allows. */
export type PurgeAssetPaths = (paths: readonly string[]) => Promise<RepairSent>

/** One path's purge: accepted, or why not; and when the answer came (the runner's clock). */
export interface RepairAnswer {
  readonly error?: string
  readonly answeredAt: number
}

interface Waiting {
  readonly path: string
  readonly answered: (answer: RepairAnswer) => void
}

export class RepairQueue {
  private readonly answers = new Map<string, Promise<RepairAnswer>>()
  private waiting: Waiting[] = []
  private inFlight = false
  /** Purges asked for, a path purged again counted again: what the cap bounds. */
  private made = 0

  constructor(
    private readonly send: PurgeAssetPaths,
    private readonly clock: Clock,
    private readonly max = MAX_REPAIR_PURGES
  ) {}

  /**
   * The purge of `path`: one per path for the run, shared by every device that found it
   * broken; undefined when the run's cap is reached and `path` was not purged yet.
   */
  purge(path: string): Promise<RepairAnswer> | undefined {
    const known = this.answers.get(path)
    if (known !== undefined) return known
    return this.purgeNow(path)
  }

  /**
   * `path` purged again: what its purge (`done`) was to drop was cached after it (a render that
   * started before the purge arrived). Shared like the first: a later purge of the path already
   * asked for is the one returned. Counted in the cap; undefined past it.
   */
  again(path: string, done: Promise<RepairAnswer>): Promise<RepairAnswer> | undefined {
    const known = this.answers.get(path)
    if (known !== undefined && known !== done) return known
    return this.purgeNow(path)
  }

  private purgeNow(path: string): Promise<RepairAnswer> | undefined {
    if (this.made >= this.max) return undefined
    this.made++
    const answer = new Promise<RepairAnswer>(answered => this.waiting.push({ path, answered }))
    this.answers.set(path, answer)
    if (!this.inFlight) {
      this.inFlight = true
      void this.flush()
    }
    return answer
  }

  /** Sends what waits, then again what came meanwhile, until nothing waits. */
  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      await this.clock.sleep(GATHER_MS)
      const batch = this.waiting
      this.waiting = []
      let sent: RepairSent
      try {
        sent = await this.send(batch.map(waiting => waiting.path))
      } catch (error) {
        sent = { accepted: [], problem: error instanceof Error ? error.message : String(error) }
      }
      const answeredAt = this.clock.now()
      const accepted = new Set(sent.accepted)
      for (const { path, answered } of batch) {
        answered(
          accepted.has(path)
            ? { answeredAt }
            : { answeredAt, error: sent.problem ?? 'the service did not accept the purge' }
        )
      }
    }
    this.inFlight = false
  }
}

/**
 * A purge's answer, waited for until `deadline` at most: one the service is slow to answer (its
 * retries, a Retry-After) must not hold the verification past it. Undefined when it did not come
 * by then. The wait ends when the answer comes: no timer is left to hold the process (a step
 * must end when its work does).
 */
export async function answerBy(
  purge: Promise<RepairAnswer>,
  clock: Clock,
  deadline: number
): Promise<RepairAnswer | undefined> {
  const answered = new AbortController()
  let answer: RepairAnswer | undefined
  void purge.then(came => {
    answer = came
    answered.abort()
  })
  await clock.sleep(Math.max(0, deadline - clock.now()), answered.signal)
  return answer
}

/** Why a purge waited for by answerBy() did not help. */
export const NOT_ANSWERED_BY_DEADLINE = 'the purge was not answered before the deadline'
