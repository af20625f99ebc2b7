/**
 * The reading that traces tags to pages, before the purge: each page of this job's part, in
 * the spread order it is handed (the sample order, not the sitemap's), is asked for once as a
 * visitor would, at the verification's rate and concurrency, until tag-trace.ts says it has
 * enough or the budget is spent. The decisions are tag-trace.ts's and page-tags.ts's; this is
 * the I/O.
 */
import type { SiteHead } from '../http/site-client.js'
import { systemClock, type Clock } from '../time/clock.js'
import { readPageTags } from './page-tags.js'
import { RateGate } from './rate-gate.js'
import { RateLimiter } from './rate-limiter.js'
import { pageUrl } from './settings.js'
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
  let stop: TraceStop | undefined
  const worker = async (): Promise<void> => {
    for (;;) {
      if (trace.enough) stop ??= 'enough'
      else if (next >= paths.length)
        stop ??= paths.length < input.candidates ? 'requests' : 'all-read'
      else if (!trace.mayRead) stop ??= 'requests'
      else if (clock.now() >= deadline) stop ??= 'time'
      if (stop !== undefined) return
      const path = paths[next++] as string
      if (gate !== undefined && (await gate.pass()) !== 'pass') {
        stop ??= 'time'
        return
      }
      // Another lane may have found the last page needed while this one waited for its turn.
      if (trace.enough) continue
      trace.asked()
      const timeout = Math.max(1, Math.min(input.requestTimeoutMs, deadline - clock.now()))
      try {
        const answer = await input.getPage(pageUrl(input.siteUrl, path), input.userAgent, timeout)
        trace.record(path, readPageTags(answer))
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
  return trace.result(stop ?? 'all-read', clock.now() - started)
}
