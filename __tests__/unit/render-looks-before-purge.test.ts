/**
 * The old renders read before the purge, on the virtual clock: where the purge reaches the edge
 * before a check's first look, the look before it is what the new render is compared with (a
 * page noindex before and after is no alarm); where the edge still serves the old render to the
 * first look, the look before the purge replaces that look, so the requests are the same; where
 * it does not, at most one more a (page, device). The looks stop at their bounds, and at an
 * overload, so that the purge is not held.
 */
import { describe, expect, it } from '@jest/globals'
import type { SiteHead } from '../../src/http/site-client.js'
import type { GetPage, PageAnswer } from '../../src/verify/check/read-page.js'
import { verifyPages, type VerifyOptions } from '../../src/verify/check/verify-pages.js'
import { PageBodyReader } from '../../src/verify/render/page-body-reader.js'
import {
  lookBeforePurge,
  LOOKS_BEFORE_PURGE_MS,
  type LooksBeforePurge,
  type LooksBeforePurgeOptions
} from '../../src/verify/render/read-before-purge.js'
import { withHeaderRobots } from '../../src/verify/render/render-facts.js'
import { cacheDate, devices, pages, SITE } from '../support/asset-site.js'
import { VirtualClock } from '../support/virtual-clock.js'

const OLD = (robots: string) =>
  `<html><head><title>Old</title><meta name="robots" content="${robots}"></head><body><h1>Before</h1><p>Text of the old build.</p></body></html>`
const NEW = (robots: string) =>
  `<html><head><title>New</title><meta name="robots" content="${robots}"></head><body><h1>After</h1><p>Text of the new build.</p></body></html>`

interface EdgeSite {
  readonly getPage: GetPage
  /** The purge is accepted now; it reaches the edge `arrivesAfterMs` later. */
  purged(arrivesAfterMs: number): void
  readonly asked: () => number
}

/**
 * The edge of a site whose pages were cached an hour ago (`cachedBefore`: false, never cached):
 * before the purge arrives each answers its old render; after, the first request of a device
 * starts a render (EXTRACTING) and the next is a HIT of it.
 */
function edgeSite(
  clock: VirtualClock,
  robots: { old: string; now: string },
  cachedBefore = true
): EdgeSite {
  const cachedAt = clock.now() - 3_600_000
  let arrivesAt = Number.POSITIVE_INFINITY
  let asked = 0
  const rendered = new Map<string, number>()
  const getPage: GetPage = async (url, agent, _timeout, _build, wanted): Promise<PageAnswer> => {
    asked++
    const key = `${agent} ${url.href}`
    const arrived = clock.now() >= arrivesAt
    let head: SiteHead
    let body: string
    if (!arrived && cachedBefore) {
      head = hit(cachedAt)
      body = OLD(robots.old)
    } else {
      const renderedAt = rendered.get(key)
      if (renderedAt === undefined || (arrived && renderedAt < arrivesAt)) {
        rendered.set(key, clock.now())
        return {
          status: 200,
          headers: { 'content-type': 'text/html', 'acme-kc-status': 'EXTRACTING' }
        }
      }
      head = hit(renderedAt + 1000)
      body = arrived ? NEW(robots.now) : OLD(robots.old)
    }
    const render = wanted?.wanted(head)
    if (render === undefined || wanted?.facts === undefined) return head
    const reader = new PageBodyReader(url, { facts: true })
    reader.push(body)
    const facts = reader.end().facts
    return { ...head, ...(facts && { facts: withHeaderRobots(facts, head.headers) }) }
  }
  return {
    getPage,
    purged: afterMs => {
      arrivesAt = clock.now() + afterMs
    },
    asked: () => asked
  }
}

function hit(at: number): SiteHead {
  return {
    status: 200,
    headers: { 'content-type': 'text/html', 'acme-kc-status': 'HIT', 'acme-kc-date': cacheDate(at) }
  }
}

function lookOptions(clock: VirtualClock, getPage: GetPage): LooksBeforePurgeOptions {
  return {
    getPage,
    clock,
    devices,
    concurrency: 6,
    requestTimeoutMs: 10_000,
    timeoutMs: 120_000
  }
}

/**
 * A purging run's verification of `count` pages on desktop and mobile, renders judged, with the
 * looks before the purge or without; the purge reaches the edge `arrivesAfterMs` after it is
 * accepted. Its requests count the looks'.
 */
async function purgeAndVerify(input: {
  count: number
  arrivesAfterMs: number
  looks: boolean
  robots?: { old: string; now: string }
  cachedBefore?: boolean
}) {
  const clock = new VirtualClock()
  const site = edgeSite(clock, input.robots ?? { old: 'index', now: 'index' }, input.cachedBefore)
  const urls = pages(input.count, 0).map(page => page.url)
  let looks: LooksBeforePurge | undefined
  if (input.looks) {
    looks = await clock.run(lookBeforePurge(urls, input.count, lookOptions(clock, site.getPage)))
  }
  const acceptedAt = clock.now()
  site.purged(input.arrivesAfterMs)
  const options: VerifyOptions = {
    getPage: site.getPage,
    clock,
    random: () => 0.5,
    devices,
    pageCount: input.count,
    lastAcceptedAt: acceptedAt,
    deadline: acceptedAt + 120_000,
    requestTimeoutMs: 10_000,
    warmWindowMs: 0,
    siteLabel: `site_url ${SITE}`,
    renders: { siteOrigin: SITE, expected: new Map(), ...(looks && { before: looks }) }
  }
  const result = await clock.run(verifyPages(pages(input.count, acceptedAt), options))
  return { result, requests: site.asked(), looks }
}

describe('the old render, read before the purge', () => {
  it('is compared with where the purge reaches the edge before the first look', async () => {
    const without = await purgeAndVerify({ count: 3, arrivesAfterMs: 0, looks: false })
    const within = await purgeAndVerify({ count: 3, arrivesAfterMs: 0, looks: true })
    expect(without.result.status).toBe('fresh')
    expect(without.result.renders).toMatchObject({ judged: 6, comparedWithOld: 0 })
    expect(within.result.status).toBe('fresh')
    expect(within.result.renders).toMatchObject({ judged: 6, comparedWithOld: 6 })
    // The title changed: only a run that read the old render can say so.
    expect(within.result.renders?.changes[0]?.changes).toEqual([
      { field: 'title', old: '"Old"', new: '"New"' }
    ])
    // At most one request more a (page, device).
    expect(within.requests - without.requests).toBeLessThanOrEqual(6)
  })

  it('a page noindex before and after is no alarm; noindex new since is, with the old', async () => {
    const still = await purgeAndVerify({
      count: 1,
      arrivesAfterMs: 0,
      looks: true,
      robots: { old: 'noindex', now: 'noindex' }
    })
    expect(still.result.renders).toMatchObject({ badRenders: 0, problems: 0 })
    const since = await purgeAndVerify({
      count: 1,
      arrivesAfterMs: 0,
      looks: true,
      robots: { old: 'index', now: 'noindex' }
    })
    expect(since.result.status).toBe('bad-render')
    expect(since.result.renders?.listed[0]).toMatchObject({
      reason: 'noindex',
      old: "the old render's robots rules: index"
    })
  })

  it('costs no request where the edge still serves the old render to the first look', async () => {
    const without = await purgeAndVerify({ count: 4, arrivesAfterMs: 5000, looks: false })
    const within = await purgeAndVerify({ count: 4, arrivesAfterMs: 5000, looks: true })
    expect(without.result.renders).toMatchObject({ judged: 8, comparedWithOld: 8 })
    expect(within.result.renders).toMatchObject({ judged: 8, comparedWithOld: 8 })
    expect(within.requests).toBe(without.requests)
    expect(within.result.status).toBe('fresh')
  })

  it('a page with no render cached before the purge had none to compare with, said so', async () => {
    const run = await purgeAndVerify({
      count: 2,
      arrivesAfterMs: 0,
      looks: true,
      cachedBefore: false
    })
    expect(run.looks?.counts).toMatchObject({ oldRenders: 0, noneCached: 4 })
    expect(run.result.renders).toMatchObject({ judged: 4, comparedWithOld: 0, noneCachedBefore: 4 })
  })
})

describe('the looks before the purge are bounded', () => {
  it('by the time the purge waits for them, the others left to their first look', async () => {
    const clock = new VirtualClock()
    const slow: GetPage = async () => {
      await clock.sleep(10_000)
      return hit(clock.now() - 1000)
    }
    const looks = await clock.run(
      lookBeforePurge(
        pages(100, 0).map(page => page.url),
        100,
        lookOptions(clock, slow)
      )
    )
    expect(looks.counts.durationMs).toBeLessThanOrEqual(LOOKS_BEFORE_PURGE_MS + 10_000)
    expect(looks.counts.ended).toBe('time')
    expect(looks.counts.left).toBeGreaterThan(0)
    expect(
      looks.counts.left + looks.counts.noneCached + looks.counts.oldRenders + looks.counts.notRead
    ).toBe(200)
  })

  it('by an overload: a 429 ends them at once', async () => {
    const clock = new VirtualClock()
    let asked = 0
    const busy: GetPage = async () => {
      asked++
      return { status: 429, headers: { 'retry-after': '30' } }
    }
    const looks = await clock.run(
      lookBeforePurge(
        pages(50, 0).map(page => page.url),
        50,
        { ...lookOptions(clock, busy), concurrency: 1 }
      )
    )
    expect(looks.counts.ended).toBe('overload')
    expect(asked).toBe(1)
    expect(looks.counts.left).toBe(100)
  })

  it("by the verification's overload rule: a 5xx is one only with a Retry-After it can read", async () => {
    const lookAll = async (headers: Record<string, string>) => {
      const clock = new VirtualClock()
      const down: GetPage = async () => ({ status: 503, headers })
      return clock.run(
        lookBeforePurge(
          pages(5, 0).map(page => page.url),
          5,
          { ...lookOptions(clock, down), concurrency: 1 }
        )
      )
    }
    expect((await lookAll({ 'retry-after': '30' })).counts).toMatchObject({
      ended: 'overload',
      left: 10
    })
    // One page's trouble, as the checks take it: looked at, nothing read, the looks go on.
    const unreadable = await lookAll({ 'retry-after': 'soon' })
    expect(unreadable.counts.ended).toBeUndefined()
    expect(unreadable.counts).toMatchObject({ notRead: 10, left: 0 })
  })

  it("by the rate: the verification's, never faster", async () => {
    const clock = new VirtualClock()
    const at: number[] = []
    const site = edgeSite(clock, { old: 'index', now: 'index' })
    const getPage: GetPage = async (...args) => {
      at.push(clock.now())
      return site.getPage(...args)
    }
    const started = clock.now()
    await clock.run(
      lookBeforePurge(
        pages(10, 0).map(page => page.url),
        10,
        { ...lookOptions(clock, getPage), ratePerSecond: 5 }
      )
    )
    expect(at).toHaveLength(20)
    // 20 requests at 5 a second: the last leaves no sooner than 3.8 s after the first.
    expect((at.at(-1) ?? 0) - (at[0] ?? started)).toBeGreaterThanOrEqual(3800 - 50)
  })
})
