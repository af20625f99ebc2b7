/**
 * The reading that traces tags to pages, before the purge: each page of this job's part, in the
 * spread order it is handed (the sample order, not the sitemap's), is asked for once as a visitor
 * would, at the verification's rate and concurrency, until trace-state.ts says it has enough or the
 * budget is spent. An overloaded site (429, or a 5xx with Retry-After) gets the same backpressure
 * as from the checks (verify/pace/site-backpressure.ts), so the reading never adds to its
 * trouble; the page that answered so is counted as unreadable, not asked again. The decisions are
 * trace-state.ts's and tags-header.ts's; this is the I/O.
 *
 * A page not cached has no tags to tell, but the first request starts its render: once the
 * pages in hand are read, each page that answered so is asked once more, at least
 * NOT_CACHED_AGAIN_MS after, when it is likely cached. That matters most in a `mode: verify`
 * job, which reads after the purge emptied the pages.
 */
import type { SiteHead } from '../../http/site-client.js'
import { systemClock, type Clock } from '../../time/clock.js'
import { UNMEASURED_SKEW, type SkewEstimate } from '../judge/edge-clock-skew.js'
import { observeAnswerSkew } from '../judge/verdict.js'
import { Semaphore } from '../pace/semaphore.js'
import { readPageTags } from './tags-header.js'
import { STALE_BACKOFF } from '../pace/poll-schedule.js'
import { RateGate } from '../pace/rate-queue.js'
import { RateLimiter } from '../pace/rate-spacing.js'
import { pageUrl } from '../settings.js'
import { SiteBackpressure } from '../pace/site-backpressure.js'
import {
  TagTrace,
  type TagTraceLimits,
  type TagTraceResult,
  type TraceStop
} from './trace-state.js'
import type { Overload } from '../check/options.js'

export interface TraceInput {
  /** The tags to trace (not folder tags: those follow from the path). */
  readonly tags: readonly string[]
  /** Paths of this job's part to read, in the order to read them. */
  readonly paths: readonly string[]
  /** Pages of this job's part in the sitemap (`paths` may be a sample of them). */
  readonly candidates: number
  readonly siteUrl: URL
  /** The first device's: a page read is warmed for it, as a visitor's would be. */
  readonly userAgent: string
  readonly getPage: (url: URL, userAgent: string, timeoutMs: number) => Promise<SiteHead>
  readonly requestTimeoutMs: number
  readonly concurrency: number
  /** The `rate` input; absent: `concurrency` alone bounds the reading. */
  readonly ratePerSecond?: number
  readonly limits: TagTraceLimits
  readonly clock?: Clock
  /** For the backoff's jitter after a 429 without Retry-After; tests choose it. */
  readonly random?: () => number
  /** Told of each overload of the site (once per pause). */
  readonly onOverload?: (overload: Overload) => void
}

/** A page that was not cached is asked again no sooner than this after its first answer. */
export const NOT_CACHED_AGAIN_MS = 5000

export async function traceTags(input: TraceInput): Promise<TagTraceResult> {
  const { paths, limits } = input
  const clock = input.clock ?? systemClock
  const started = clock.now()
  const deadline = started + limits.maxMs
  const trace = new TagTrace(input.tags, limits, input.candidates)
  const gate =
    input.ratePerSecond === undefined
      ? undefined
      : new RateGate(new RateLimiter(input.ratePerSecond), clock, deadline)
  // One slot a request in flight: the site's backpressure halves and raises their number.
  const slots = new Semaphore(Math.max(1, input.concurrency))
  const backpressure = new SiteBackpressure(slots, gate, {
    deadline,
    backoff: STALE_BACKOFF,
    random: input.random ?? Math.random,
    onOverload: input.onOverload
  })
  /** Places a Retry-After date, which is in the edge's clock. */
  let skew: SkewEstimate = UNMEASURED_SKEW
  let next = 0
  /** Pages that answered not cached, to ask once more (no sooner than `at`). */
  const again: { readonly path: string; readonly at: number }[] = []
  let stop: TraceStop | undefined
  /** Whether the reading is over, and why (said once, by the first worker to see it). */
  const over = (): boolean => {
    if (trace.enough) stop ??= 'enough'
    else if (next >= paths.length && again.length === 0)
      stop ??= paths.length < input.candidates ? 'requests' : 'all-read'
    else if (!trace.mayRead) stop ??= 'requests'
    else if (clock.now() >= deadline) stop ??= 'time'
    return stop !== undefined
  }
  const read = async (path: string, retry: boolean): Promise<void> => {
    trace.asked()
    const timeout = Math.max(1, Math.min(input.requestTimeoutMs, deadline - clock.now()))
    const sentAt = clock.now()
    try {
      const head = await input.getPage(pageUrl(input.siteUrl, path), input.userAgent, timeout)
      const answer = { ...head, sentAt, receivedAt: clock.now() }
      skew = observeAnswerSkew(skew, answer)
      // Before the slot is released, so that no other request leaves once the site is overloaded.
      backpressure.noteAnswer(answer, answer.receivedAt, skew)
      const reading = readPageTags(head)
      if (!retry && reading.kind === 'unreadable' && reading.why === 'not-cached') {
        again.push({ path, at: clock.now() + NOT_CACHED_AGAIN_MS })
      } else {
        trace.record(path, reading)
      }
    } catch {
      trace.record(path, { kind: 'unreadable', why: 'error' })
    }
  }
  const worker = async (): Promise<void> => {
    while (!over()) {
      if (!(await slots.acquire())) return
      try {
        // The reading may have ended while this worker waited for a slot.
        if (over()) return
        const retry = next >= paths.length ? again.shift() : undefined
        const path = retry?.path ?? (paths[next++] as string)
        /** A page to ask again that this worker cannot ask: back in line (or counted at the end). */
        const giveBack = (): void => {
          if (retry !== undefined) again.unshift(retry)
        }
        if (retry !== undefined && clock.now() < retry.at) {
          if (retry.at >= deadline) {
            giveBack()
            stop ??= 'time'
            return
          }
          await clock.sleep(retry.at - clock.now())
        }
        if (clock.now() < backpressure.heldUntil) {
          if (backpressure.heldUntil >= deadline) {
            giveBack()
            stop ??= 'time'
            return
          }
          await clock.sleep(backpressure.heldUntil - clock.now())
        }
        if (gate !== undefined && (await gate.pass()) !== 'pass') {
          giveBack()
          stop ??= 'time'
          return
        }
        // Another worker may have found the last page needed while this one waited for its turn.
        if (trace.enough) {
          giveBack()
          continue
        }
        await read(path, retry !== undefined)
      } finally {
        slots.release()
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: slots.size }, worker))
  } finally {
    slots.close()
    gate?.close()
  }
  // Not asked again before the reading stopped: still not cached, as far as it knows.
  for (const { path } of again) trace.record(path, { kind: 'unreadable', why: 'not-cached' })
  return trace.result(stop ?? 'all-read', clock.now() - started)
}
