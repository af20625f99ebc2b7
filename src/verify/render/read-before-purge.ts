/**
 * The old renders, read before the purge. A new render is compared with the one it replaces
 * (judge-render.ts: a noindex that was not there, a canonical that moved host, structured data
 * that parsed before), but once the purge reaches the edge that render is gone: a check whose
 * first look comes after the arrival (a fast purge, or a page far down a long list) would have
 * nothing to compare with. So on a run that purges and judges renders, each (page, device) is
 * asked once before the purge is sent, and a HIT's body is read for what it tells a crawler.
 *
 * That look is the check's first: the check starts from it as from a stale answer, and looks
 * again on the stale schedule (one-check.ts), timed from the purge as its look was from the
 * first of the looks. Where the edge would still have served the old render to the check's
 * first look, the requests are the same as without it; where it would not, one more. A page not
 * cached before the purge (EXTRACTING, MISS) had no render to compare with.
 *
 * Bounded so that the purge is never held long and memory stays small: at most
 * MAX_LOOKS_BEFORE_PURGE looks, within LOOKS_BEFORE_PURGE_MS (or the verification's timeout, if
 * shorter), at the verification's concurrency and rate; an overload (a 429, or a 5xx with a
 * Retry-After: pace/site-answers.ts) ends them at once. A check left without a look reads the old render from its first look,
 * when the edge still serves it.
 */
import type { Clock } from '../../time/clock.js'
import { fromKeptEntry, readEdgeHeaders } from '../../http/edge-headers.js'
import { headerValue } from '../../http/headers.js'
import { answerNow } from '../../http/retry-after.js'
import { isSiteOverload } from '../pace/site-answers.js'
import { SiteRequestError } from '../../http/site-client.js'
import { isRetryableSiteStatus } from '../../http/statuses.js'
import { onEachDevice, type Device } from '../devices.js'
import type { GetPage } from '../check/read-page.js'
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
  /** A HIT read only in part, a 5xx, or no answer: the old render is not known. */
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
  constructor(
    private readonly looks: Map<string, LookBeforePurge>,
    /** What the looks found and cost, for the report. */
    readonly counts: LookCounts
  ) {}

  /** The look of `url` on `device`, once: undefined when it had none (or took it already). */
  take(url: string, device: string): LookBeforePurge | undefined {
    const key = keyOf(url, device)
    const look = this.looks.get(key)
    this.looks.delete(key)
    return look
  }
}

function keyOf(url: string, device: string): string {
  return `${device}\n${url}`
}

/**
 * Looks at each page on each device before the purge, in the order the checks will run, with
 * `concurrency` in flight (as many workers, one look each at a time) and at most
 * `ratePerSecond` a second.
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
  const looks = new Map<string, LookBeforePurge>()
  const found = { 'old-render': 0, 'none-cached': 0, 'not-read': 0 }
  let requests = 0
  let ended: LooksEnded | undefined
  const rate =
    options.ratePerSecond === undefined
      ? undefined
      : new RateGate(new RateLimiter(options.ratePerSecond), clock, deadline)
  const end = (why: LooksEnded): void => {
    ended ??= why
    rate?.close()
  }

  let firstAt: number | undefined
  const lookAt = async (url: URL, device: Device): Promise<void> => {
    const turn = rate === undefined ? 'pass' : await rate.pass()
    const askedAt = clock.now()
    if (turn === 'late' || askedAt >= deadline) end('time')
    if (turn !== 'pass' || ended !== undefined) return
    requests++
    firstAt ??= askedAt
    const look = await ask(
      url,
      device,
      { askedAt, afterFirstMs: askedAt - firstAt },
      options,
      Math.min(options.requestTimeoutMs, deadline - askedAt)
    )
    if (look === 'overload') {
      end('overload')
      return
    }
    looks.set(keyOf(url.href, device.name), look)
    found[look.kind]++
  }

  const pairs = onEachDevice(pages, devices)
  let taken = 0
  const worker = async (): Promise<void> => {
    while (ended === undefined) {
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
  return new LooksBeforePurge(looks, {
    oldRenders: found['old-render'],
    noneCached: found['none-cached'],
    notRead: found['not-read'],
    left: pageCount * devices.length - looks.size,
    requests,
    durationMs: clock.now() - started,
    limitMs,
    ...(ended !== undefined && { ended })
  })
}

/** One look: a HIT read for its facts, or what else came back. */
async function ask(
  url: URL,
  device: Device,
  at: { readonly askedAt: number; readonly afterFirstMs: number },
  options: LooksBeforePurgeOptions,
  timeoutMs: number
): Promise<LookBeforePurge | 'overload'> {
  try {
    const answer = await options.getPage(url, device.userAgent, timeoutMs, undefined, {
      facts: true,
      // Before the purge, every HIT is the old render.
      wanted: head => (fromKeptEntry(readEdgeHeaders(head.headers)) ? 'old' : undefined)
    })
    // The site asks the job to slow down (the verification's own rule): the looks end, so that
    // the purge is not held for them.
    const now = options.clock.now()
    if (isSiteOverload(answer, answerNow(headerValue(answer.headers, 'date'), now))) {
      return 'overload'
    }
    // Read in part, or a 5xx: what the edge holds is not known.
    if (answer.bodyCut !== undefined || isRetryableSiteStatus(answer.status)) {
      return { kind: 'not-read' }
    }
    // Not a HIT, or a HIT that is no HTML page (not 2xx, not HTML): no render to compare with.
    if (answer.facts === undefined) return { kind: 'none-cached' }
    return { kind: 'old-render', facts: answer.facts, ...at }
  } catch (error) {
    if (error instanceof SiteRequestError) return { kind: 'not-read' }
    throw error
  }
}
