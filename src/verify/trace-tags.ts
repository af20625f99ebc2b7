/**
 * The reading that traces tags to pages, before the purge: each page of this job's part, in
 * the spread order it is handed (the sample order, not the sitemap's), is asked for once as a
 * visitor would, at the verification's rate and concurrency, until tag-trace.ts says it has
 * enough or the budget is spent. A site that pushes back (429, or a 5xx with Retry-After) holds
 * every lane for what it asked (at most MAX_SITE_RETRY_AFTER_MS), so the reading never adds to a
 * site's trouble; the page that answered so is counted as unreadable, not asked again. The
 * decisions are tag-trace.ts's and page-tags.ts's; this is the I/O.
 *
 * A page not cached has no tags to tell, but the first request starts its render: once the
 * pages in hand are read, each page that answered so is asked once more, at least
 * NOT_CACHED_AGAIN_MS after, when it is likely cached. That matters most in a `mode: verify`
 * job, which reads after the purge emptied the pages.
 */
import type { SiteHead } from '../http/site-client.js'
import { systemClock, type Clock } from '../time/clock.js'
import { readPageTags } from './page-tags.js'
import { RateGate } from './rate-gate.js'
import { RateLimiter } from './rate-limiter.js'
import { pageUrl } from './settings.js'
import { siteRetryAfterMs } from './site-push-back.js'
import { TagTrace, type TagTraceLimits, type TagTraceResult, type TraceStop } from './tag-trace.js'

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
}

/** A page that was not cached is asked again no sooner than this after its first answer. */
export const NOT_CACHED_AGAIN_MS = 5000

/** A 429 without Retry-After holds the reading this long. */
const PUSH_BACK_WITHOUT_RETRY_AFTER_MS = 5000

/** How long the site asked every request to wait, or undefined when it did not push back. */
function pushBackMs(answer: SiteHead, now: number): number | undefined {
  const asked = siteRetryAfterMs(answer, now)
  return answer.status === 429 ? (asked ?? PUSH_BACK_WITHOUT_RETRY_AFTER_MS) : asked
}

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
  let next = 0
  /** Pages that answered not cached, to ask once more (no sooner than `at`). */
  const again: { readonly path: string; readonly at: number }[] = []
  let stop: TraceStop | undefined
  /** The site pushed back: no request leaves before this time. */
  let heldUntil = Number.NEGATIVE_INFINITY
  const worker = async (): Promise<void> => {
    for (;;) {
      if (trace.enough) stop ??= 'enough'
      else if (next >= paths.length && again.length === 0)
        stop ??= paths.length < input.candidates ? 'requests' : 'all-read'
      else if (!trace.mayRead) stop ??= 'requests'
      else if (clock.now() >= deadline) stop ??= 'time'
      if (stop !== undefined) return
      const retry = next >= paths.length ? again.shift() : undefined
      const path = retry?.path ?? (paths[next++] as string)
      if (retry !== undefined && clock.now() < retry.at) {
        if (retry.at >= deadline) {
          again.unshift(retry)
          stop ??= 'time'
          return
        }
        await clock.sleep(retry.at - clock.now())
      }
      if (clock.now() < heldUntil) {
        if (heldUntil >= deadline) {
          stop ??= 'time'
          return
        }
        await clock.sleep(heldUntil - clock.now())
      }
      if (gate !== undefined && (await gate.pass()) !== 'pass') {
        if (retry !== undefined) again.unshift(retry)
        stop ??= 'time'
        return
      }
      // Another lane may have found the last page needed while this one waited for its turn.
      if (trace.enough) {
        if (retry !== undefined) again.unshift(retry)
        continue
      }
      trace.asked()
      const timeout = Math.max(1, Math.min(input.requestTimeoutMs, deadline - clock.now()))
      try {
        const answer = await input.getPage(pageUrl(input.siteUrl, path), input.userAgent, timeout)
        const wait = pushBackMs(answer, clock.now())
        if (wait !== undefined) {
          heldUntil = Math.max(heldUntil, clock.now() + wait)
          gate?.holdUntil(heldUntil)
        }
        const reading = readPageTags(answer)
        if (retry === undefined && reading.kind === 'unreadable' && reading.why === 'not-cached') {
          again.push({ path, at: clock.now() + NOT_CACHED_AGAIN_MS })
        } else {
          trace.record(path, reading)
        }
      } catch {
        trace.record(path, { kind: 'unreadable', why: 'error' })
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.max(1, input.concurrency) }, worker))
  } finally {
    gate?.close()
  }
  // Not asked again before the reading stopped: still not cached, as far as it knows.
  for (const { path } of again) trace.record(path, { kind: 'unreadable', why: 'not-cached' })
  return trace.result(stop ?? 'all-read', clock.now() - started)
}
