/**
 * The old renders, read before the purge. A new render is compared with the one it replaces
 * (judge-render.ts: a noindex that was not there, a canonical that moved host, structured data
 * that parsed before), but once the purge reaches the edge that render is gone: a check whose
 * first look comes after the arrival (a fast purge, or a page far down a long list) would have
 * nothing to compare with. So on a run that purges and judges renders, each (page, device) is
 * asked once before the purge is sent, and a HIT's body is read for what it tells a crawler.
 *
 * That look is the check's first: the check starts from it as from a stale answer, and looks
 * again on the stale schedule (one-check.ts), as long after the purge as a first look made as
 * long after it as this one came after the first of the looks would have. Where the edge would still have served the old
 * render to the check's first look, the requests are the same as without it; where it would not,
 * one more. A page not cached before the purge (EXTRACTING, MISS) had no render to compare with.
 *
 * Bounded so that the purge is never held long and memory stays small: at most
 * MAX_LOOKS_BEFORE_PURGE looks, within LOOKS_BEFORE_PURGE_MS (or the verification's timeout, if
 * shorter), at the verification's concurrency and rate; an overload (429, or `Retry-After` on a
 * 5xx) ends them at once. A check left without a look reads the old render from its first look,
 * when the edge still serves it.
 */
import type { Clock } from '../../time/clock.js'
import { fromKeptEntry, readEdgeHeaders } from '../../http/edge-headers.js'
import { headerValue } from '../../http/headers.js'
import { SiteRequestError } from '../../http/site-client.js'
import type { Device } from '../devices.js'
import type { GetPage } from '../check/read-page.js'
import { Semaphore } from '../pace/semaphore.js'
import { RateGate } from '../pace/rate-queue.js'
import { RateLimiter } from '../pace/rate-spacing.js'
import type { RenderFacts } from './render-facts.js'
import type { LookCounts, LooksEnded } from './render-results.js'

/** (page, device) looks before the purge at most: their facts wait in memory for the checks. */
export const MAX_LOOKS_BEFORE_PURGE = 20_000
/** The longest the purge waits for the looks before it. */
export const LOOKS_BEFORE_PURGE_MS = 60_000

/** What a check's look before the purge found. */
export type LookBeforePurge =
  /**
   * The render cached before the purge (a HIT), read whole; when it was asked, and how long
   * after the first look (the checks' first looks after the purge would have come as spread).
   */
  | {
      readonly kind: 'old-render'
      readonly facts: RenderFacts
      readonly askedAt: number
      readonly afterFirstMs: number
    }
  /** No page's render was cached (EXTRACTING, MISS, a HIT of no HTML): nothing to compare with. */
  | { readonly kind: 'none-cached' }
  /** A HIT read only in part, or no answer: the old render is not known. */
  | { readonly kind: 'not-read' }

export interface LooksBeforePurgeOptions {
  readonly getPage: GetPage
  readonly clock: Clock
  readonly devices: readonly Device[]
  readonly concurrency: number
  readonly ratePerSecond?: number
  readonly requestTimeoutMs: number
  /** The verification's timeout: the looks take no longer (nor LOOKS_BEFORE_PURGE_MS). */
  readonly timeoutMs: number
}

/** The looks before the purge: each check takes its own, once (which frees its memory). */
export class LooksBeforePurge {
  private readonly looks = new Map<string, LookBeforePurge>()
  /** Requests sent, answered or not. */
  requests = 0
  /** Looks that read an old render, found none cached, or read nothing. */
  oldRenders = 0
  noneCached = 0
  notRead = 0
  /** Checks that had no look: the cap, the time, or an overload ended the looks first. */
  left = 0
  ended: LooksEnded | undefined
  durationMs = 0

  /** `limitMs`: the longest the purge waits for the looks. */
  constructor(readonly limitMs: number) {}

  /** The look of `url` on `device`, once: undefined when it had none (or took it already). */
  take(url: string, device: string): LookBeforePurge | undefined {
    const key = keyOf(url, device)
    const look = this.looks.get(key)
    this.looks.delete(key)
    return look
  }

  record(url: string, device: string, look: LookBeforePurge): void {
    this.looks.set(keyOf(url, device), look)
    if (look.kind === 'old-render') this.oldRenders++
    else if (look.kind === 'none-cached') this.noneCached++
    else this.notRead++
  }
}

/** What the looks found and cost, for the report (the looks themselves stay here). */
export function lookCounts(looks: LooksBeforePurge): LookCounts {
  const { oldRenders, noneCached, notRead, left, requests, durationMs, limitMs, ended } = looks
  return {
    oldRenders,
    noneCached,
    notRead,
    left,
    requests,
    durationMs,
    limitMs,
    ...(ended !== undefined && { ended })
  }
}

function keyOf(url: string, device: string): string {
  return `${device}\n${url}`
}

/**
 * Looks at each page on each device before the purge, in the order the checks will run, with
 * `concurrency` in flight and at most `ratePerSecond` a second.
 */
export async function lookBeforePurge(
  pages: Iterable<URL>,
  pageCount: number,
  options: LooksBeforePurgeOptions
): Promise<LooksBeforePurge> {
  const { clock, devices } = options
  const started = clock.now()
  const limitMs = Math.min(LOOKS_BEFORE_PURGE_MS, options.timeoutMs)
  const deadline = started + limitMs
  const looks = new LooksBeforePurge(limitMs)
  const total = pageCount * devices.length
  const slots = new Semaphore(options.concurrency)
  const rate =
    options.ratePerSecond === undefined
      ? undefined
      : new RateGate(new RateLimiter(options.ratePerSecond), clock, deadline)
  const end = (why: LooksEnded): void => {
    looks.ended ??= why
    slots.close()
    rate?.close()
  }

  let firstAt: number | undefined
  const lookAt = async (url: URL, device: Device): Promise<void> => {
    if (!(await slots.acquire())) return
    try {
      const turn = rate === undefined ? 'pass' : await rate.pass()
      if (turn === 'late') end('time')
      const askedAt = clock.now()
      if (askedAt >= deadline) end('time')
      if (turn !== 'pass' || looks.ended !== undefined) return
      looks.requests++
      const timeoutMs = Math.min(options.requestTimeoutMs, deadline - askedAt)
      firstAt ??= askedAt
      const look = await ask(
        url,
        device,
        { askedAt, afterFirstMs: askedAt - firstAt },
        options.getPage,
        timeoutMs
      )
      if (look === 'overload') end('overload')
      else looks.record(url.href, device.name, look)
    } finally {
      slots.release()
    }
  }

  const pairs = pairsOf(pages, devices)
  let taken = 0
  const worker = async (): Promise<void> => {
    while (looks.ended === undefined) {
      const pair = pairs.next()
      if (pair.done === true) return
      if (++taken > MAX_LOOKS_BEFORE_PURGE) {
        end('cap')
        return
      }
      await lookAt(pair.value.page, pair.value.device)
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker))
  looks.left = total - looks.oldRenders - looks.noneCached - looks.notRead
  looks.durationMs = clock.now() - started
  return looks
}

/** Each page on each device, in the checks' order (verify/check/polling-loop.ts, checksOf). */
function* pairsOf(
  pages: Iterable<URL>,
  devices: readonly Device[]
): Generator<{ page: URL; device: Device }> {
  for (const page of pages) for (const device of devices) yield { page, device }
}

/** One look: a HIT read for its facts, or what else came back. */
async function ask(
  url: URL,
  device: Device,
  at: { readonly askedAt: number; readonly afterFirstMs: number },
  getPage: GetPage,
  timeoutMs: number
): Promise<LookBeforePurge | 'overload'> {
  try {
    const answer = await getPage(url, device.userAgent, timeoutMs, undefined, {
      facts: true,
      // Before the purge, every HIT is the old render.
      wanted: head => (fromKeptEntry(readEdgeHeaders(head.headers)) ? 'old' : undefined)
    })
    if (isOverload(answer.status, answer.headers)) return 'overload'
    if (answer.bodyCut !== undefined) return { kind: 'not-read' }
    // Not a HIT, or a HIT that is no HTML page (not 2xx, not HTML): no render to compare with.
    if (answer.facts === undefined) return { kind: 'none-cached' }
    return { kind: 'old-render', facts: answer.facts, ...at }
  } catch (error) {
    if (error instanceof SiteRequestError) return { kind: 'not-read' }
    throw error
  }
}

/** The site asks the job to slow down: the looks end, so that the purge is not held for them. */
function isOverload(status: number, headers: Parameters<typeof headerValue>[0]): boolean {
  return status === 429 || (status >= 500 && headerValue(headers, 'retry-after') !== undefined)
}
