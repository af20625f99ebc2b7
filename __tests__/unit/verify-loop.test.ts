/**
 * The polling loop (src/verify/check/polling-loop.ts, each check a verify/check/one-check.ts)
 * against fake sites, on the test clock (__tests__/support/virtual-clock.ts): minutes of
 * propagation take milliseconds, and every time asserted is exact.
 */
import { describe, expect, it } from '@jest/globals'
import { BUILT_IN_DEVICES, type Device } from '../../src/verify/devices.js'
import { SiteRequestError } from '../../src/http/site-client.js'
import type { PageAnswer } from '../../src/verify/check/read-page.js'
import {
  verifyPages,
  type PageToCheck,
  type Progress,
  type VerifyOptions
} from '../../src/verify/check/verify-pages.js'
import { VirtualClock } from '../support/virtual-clock.js'

const devices: Device[] = [
  { name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] ?? '' },
  { name: 'mobile', userAgent: BUILT_IN_DEVICES['mobile'] ?? '' }
]
const HOUR = 3_600_000

function pagesFor(paths: string[], acceptedAt?: number): PageToCheck[] {
  return paths.map(path => ({
    url: new URL(path, 'https://www.example.com'),
    ...(acceptedAt !== undefined && { purgeAcceptedAt: acceptedAt })
  }))
}

function edge(clock: VirtualClock, status: string, cachedAt?: number): PageAnswer {
  const headers: Record<string, string> = {
    date: new Date(clock.now()).toUTCString(),
    'acme-kc-status': status
  }
  if (cachedAt !== undefined)
    headers['acme-kc-date'] = `${new Date(cachedAt).toISOString()} (GMT) (1s of 7d)`
  return { status: 200, headers }
}

/**
 * A site whose purge reaches each (page, device) entry at `arrival(key)` after `acceptedAt`:
 * before, the old entry HITs; after, the first request answers EXTRACTING, then HIT once the
 * render (`renderMs`) is done. Each answer takes `latencyMs` of the test clock.
 */
function propagatingSite(
  clock: VirtualClock,
  acceptedAt: number,
  arrival: number | ((key: string) => number),
  { latencyMs = 5, renderMs = 500 } = {}
) {
  const arrivalOf = typeof arrival === 'number' ? () => arrival : arrival
  const rendered = new Map<string, number>()
  /** The first time each entry was seen fresh, by key. */
  const firstFresh = new Map<string, number>()
  let inFlight = 0
  let maxInFlight = 0
  const seen: { url: string; userAgent: string; at: number }[] = []
  const getPage = async (url: URL, userAgent: string): Promise<PageAnswer> => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    seen.push({ url: url.href, userAgent, at: clock.now() })
    await clock.sleep(latencyMs)
    inFlight--
    const now = clock.now()
    const key = `${url.pathname} ${userAgent}`
    if (now < acceptedAt + arrivalOf(key)) return edge(clock, 'HIT', acceptedAt - HOUR)
    if (!firstFresh.has(key)) firstFresh.set(key, now)
    const at = rendered.get(key)
    if (at === undefined) {
      rendered.set(key, now + renderMs)
      return edge(clock, 'EXTRACTING')
    }
    return now < at ? edge(clock, 'EXTRACTING') : edge(clock, 'HIT', at)
  }
  return { getPage, seen, firstFresh, maxInFlight: () => maxInFlight }
}

function options(
  clock: VirtualClock,
  acceptedAt: number | undefined,
  getPage: VerifyOptions['getPage'],
  pageCount: number,
  extra: Partial<VerifyOptions> = {}
): VerifyOptions {
  return {
    getPage,
    clock,
    random: () => 0.5,
    devices,
    pageCount,
    ...(acceptedAt !== undefined && { lastAcceptedAt: acceptedAt }),
    deadline: (acceptedAt ?? clock.now()) + 120_000,
    requestTimeoutMs: 10_000,
    siteLabel: 'site_url https://www.example.com',
    ...extra
  }
}

describe('verifyPages', () => {
  it('polls stale pages until the purge arrives, then warms them', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const paths = Array.from({ length: 20 }, (_, i) => `/p${i}`)
    const site = propagatingSite(clock, acceptedAt, 5000)
    const result = await clock.run(
      verifyPages(pagesFor(paths, acceptedAt), options(clock, acceptedAt, site.getPage, 20))
    )
    expect(result.status).toBe('fresh')
    expect(result.checks).toBe(40)
    expect(result.counts.fresh).toBe(40)
    expect(result.warm).toBe(40)
    expect(result.listed).toEqual([])
    expect(result.timeToFresh?.slowestMs).toBeGreaterThanOrEqual(5000)
    expect(result.arrivalAfterMs).toBeGreaterThanOrEqual(5000)
    expect(site.maxInFlight()).toBeLessThanOrEqual(6)
    // Each device's requests carry that device's user agent.
    expect(new Set(site.seen.map(request => request.userAgent))).toEqual(
      new Set(devices.map(device => device.userAgent))
    )
  })

  it('reports pages still stale at the deadline as stale, with the cache date', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const site = propagatingSite(clock, acceptedAt, 10 * 60_000)
    const result = await clock.run(
      verifyPages(
        pagesFor(['/a'], acceptedAt),
        options(clock, acceptedAt, site.getPage, 1, { deadline: acceptedAt + 20_000 })
      )
    )
    expect(result.status).toBe('stale')
    expect(result.counts.stale).toBe(2)
    expect(result.listed.map(check => check.state)).toEqual(['stale', 'stale'])
    expect(result.listed[0]?.detail).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(result.listed[0]?.requests).toBeGreaterThan(1)
    expect(result.timeToFresh).toBeUndefined()
  })

  it('retries 503 and connection errors, and fails a check still failing at the deadline', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    let calls = 0
    const result = await clock.run(
      verifyPages(
        pagesFor(['/flaky', '/down'], acceptedAt),
        options(
          clock,
          acceptedAt,
          async url => {
            calls++
            if (url.pathname === '/down') throw new SiteRequestError('connection', 'ECONNRESET')
            if (calls <= 3) return { status: 503, headers: { 'acme-kc-status': 'HIT' } }
            return edge(clock, 'HIT', clock.now())
          },
          2,
          { deadline: acceptedAt + 30_000 }
        )
      )
    )
    expect(result.status).toBe('failed')
    expect(result.counts).toMatchObject({ fresh: 2, failed: 2 })
    expect(result.listed.map(c => `${c.url} ${c.device} ${c.state}`)).toEqual([
      'https://www.example.com/down desktop failed',
      'https://www.example.com/down mobile failed'
    ])
    expect(result.listed[0]?.detail).toMatch(/ECONNRESET/)
  })

  it("waits as long as the site's Retry-After asks, up to a minute", async () => {
    /** The gap between a page's 429 (with this Retry-After) and its next request. */
    const gapAfter = async (retryAfter: string): Promise<number> => {
      const clock = new VirtualClock()
      const acceptedAt = clock.now()
      const asked: number[] = []
      const result = await clock.run(
        verifyPages(
          pagesFor(['/busy'], acceptedAt),
          options(
            clock,
            acceptedAt,
            async () => {
              asked.push(clock.now())
              if (asked.length === 1) {
                return {
                  status: 429,
                  headers: { 'retry-after': retryAfter, 'acme-kc-status': 'HIT' }
                }
              }
              return edge(clock, 'HIT', clock.now())
            },
            1,
            { devices: devices.slice(0, 1), deadline: acceptedAt + 300_000 }
          )
        )
      )
      expect(result.status).toBe('fresh')
      return (asked[1] ?? 0) - (asked[0] ?? 0)
    }
    // The normal first backoff is 2 s; the site asked for 30 s.
    expect(await gapAfter('30')).toBe(30_000)
    // An hour is not granted: a minute at most, then the check goes on.
    expect(await gapAfter('3600')).toBe(60_000)
  })

  /**
   * 30 pages on one device; the first request answers `status` (with `retryAfter` when given),
   * every other one a fresh HIT, each after 5 ms. Returns when each request left and how many
   * were in flight then, and when the overload was answered.
   */
  async function overloadedOnce(
    status: number,
    retryAfter: string | undefined,
    ratePerSecond: number | undefined
  ) {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const sent: { at: number; inFlight: number }[] = []
    let inFlight = 0
    let overloadedAt = 0
    const overloads: unknown[] = []
    const result = await clock.run(
      verifyPages(
        pagesFor(
          Array.from({ length: 30 }, (_, i) => `/p${i}`),
          acceptedAt
        ),
        options(
          clock,
          acceptedAt,
          async () => {
            inFlight++
            sent.push({ at: clock.now(), inFlight })
            const first = sent.length === 1
            await clock.sleep(5)
            inFlight--
            if (!first) return edge(clock, 'HIT', clock.now())
            overloadedAt = clock.now()
            const headers: Record<string, string> = { 'acme-kc-status': 'HIT' }
            if (retryAfter !== undefined) headers['retry-after'] = retryAfter
            return { status, headers }
          },
          30,
          {
            devices: devices.slice(0, 1),
            ...(ratePerSecond !== undefined && { ratePerSecond }),
            onOverload: overload => overloads.push(overload)
          }
        )
      )
    )
    return { result, sent, overloadedAt, overloads }
  }

  it("a 429 or a Retry-After holds back every page's requests, not only its own", async () => {
    for (const ratePerSecond of [50, undefined]) {
      for (const [status, retryAfter, pauseMs] of [
        [429, '10', 10_000],
        [503, '10', 10_000],
        // A 429 without Retry-After: the backoff (2 s; no jitter here).
        [429, undefined, 2_000]
      ] as const) {
        const {
          result,
          sent,
          overloadedAt: at,
          overloads
        } = await overloadedOnce(status, retryAfter, ratePerSecond)
        const times = sent.map(request => request.at)
        const label = { ratePerSecond, status, retryAfter }
        expect({ ...label, status: result.status }).toEqual({ ...label, status: 'fresh' })
        expect(result.requests).toBe(31)
        expect(result.overloads).toEqual({ count: 1, heldBackMs: pauseMs })
        expect(overloads).toEqual([
          { status, ...(retryAfter !== undefined && { retryAfter }), pauseMs, inFlight: 3 }
        ])
        // Only the requests already on their way when the site was overloaded left before the pause
        // ended; every other one waited for it.
        const during = times.filter(time => time > at && time < at + pauseMs)
        expect({ ...label, during }).toEqual({ ...label, during: [] })
        const after = sent.filter(request => request.at >= at + pauseMs)
        expect(after.length).toBeGreaterThan(20)
        if (ratePerSecond !== undefined) {
          // No herd when the pause ends: one request every 20 ms from its end, never more than
          // the rate in any second, the retried page's request included.
          expect(after.slice(0, 5).map(request => request.at - at - pauseMs)).toEqual([
            0, 20, 40, 60, 80
          ])
          for (let i = ratePerSecond; i < times.length; i++) {
            expect((times[i] ?? 0) - (times[i - ratePerSecond] ?? 0)).toBeGreaterThanOrEqual(1000)
          }
        } else {
          // Without a rate: half as many in flight (3 of 6) as the pause ends, then more again.
          expect(Math.max(...after.slice(0, 3).map(request => request.inFlight))).toBe(3)
          expect(Math.max(...after.map(request => request.inFlight))).toBeGreaterThan(3)
        }
      }
    }
  })

  it('bare 429s in a row pause longer each time; once the site recovers, the pause starts over', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    // Two 429s in a row, then answers, then a 429 again.
    const answers = [429, 429, 200, 200, 200, 200, 200, 200, 429]
    const pauses: number[] = []
    const result = await clock.run(
      verifyPages(
        pagesFor(
          Array.from({ length: 12 }, (_, i) => `/p${i}`),
          acceptedAt
        ),
        options(
          clock,
          acceptedAt,
          async () => {
            const status = answers.shift() ?? 200
            if (status === 200) return edge(clock, 'HIT', clock.now())
            return { status, headers: { 'acme-kc-status': 'HIT' } }
          },
          12,
          {
            devices: devices.slice(0, 1),
            concurrency: 1,
            onOverload: overload => pauses.push(overload.pauseMs)
          }
        )
      )
    )
    expect(result.status).toBe('fresh')
    // The backoff's steps (2 s, then 3 s) while the 429s go on; 2 s again after the recovery.
    expect(pauses).toEqual([2000, 3000, 2000])
  })

  it("a 5xx without Retry-After is one page's trouble: the others go on", async () => {
    const {
      result,
      sent,
      overloadedAt: at,
      overloads
    } = await overloadedOnce(503, undefined, undefined)
    expect(result.status).toBe('fresh')
    expect(result.overloads).toBeUndefined()
    expect(overloads).toEqual([])
    // Every other page is asked, at 6 in flight, while that page backs off for 2 s.
    expect(sent.map(request => request.at - at)).toEqual([
      ...[-5, -5, -5, -5, -5, -5, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5],
      ...[10, 10, 10, 10, 10, 10, 15, 15, 15, 15, 15, 15, 2000]
    ])
  })

  it("reads a Retry-After date in the edge's clock, 100 s ahead of the runner's", async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const aheadMs = 100_000
    const edgeDate = (ms: number): string => new Date(ms + aheadMs).toUTCString()
    const asked: number[] = []
    const result = await clock.run(
      verifyPages(
        pagesFor(['/busy'], acceptedAt),
        options(
          clock,
          acceptedAt,
          async () => {
            asked.push(clock.now())
            await clock.sleep(20)
            const now = clock.now()
            if (asked.length === 1) {
              // "Come back in 30 s", as a date on the edge's clock.
              return {
                status: 503,
                headers: { date: edgeDate(now), 'retry-after': edgeDate(now + 30_000) }
              }
            }
            return {
              status: 200,
              headers: {
                date: edgeDate(now),
                'acme-kc-status': 'HIT',
                'acme-kc-date': `${new Date(now + aheadMs).toISOString()} (GMT) (1s of 7d)`
              }
            }
          },
          1,
          { devices: devices.slice(0, 1), deadline: acceptedAt + 300_000 }
        )
      )
    )
    expect(result.status).toBe('fresh')
    const gap = (asked[1] ?? 0) - (asked[0] ?? 0)
    // Read in the runner's clock, the date would ask for 130 s (cut to 60); with the skew, 30 s.
    // The header's one-second resolution leaves up to a second either way.
    expect(gap).toBeGreaterThanOrEqual(29_000)
    expect(gap).toBeLessThanOrEqual(31_100)
  })

  it('stops at once when the site answers without a status header', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    let calls = 0
    const paths = Array.from({ length: 50 }, (_, i) => `/p${i}`)
    const result = await clock.run(
      verifyPages(
        pagesFor(paths, acceptedAt),
        options(
          clock,
          acceptedAt,
          async () => {
            calls++
            await clock.sleep(5)
            return { status: 200, headers: { server: 'origin' } }
          },
          50
        )
      )
    )
    expect(result.status).toBe('failed')
    expect(result.fatal).toMatch(
      /site_url https:\/\/www.example.com answered .* no \*-Kc-Status header/
    )
    expect(result.notReached).toBe(0)
    expect(calls).toBeLessThanOrEqual(6)
  })

  it('settles gone, not cacheable and unverifiable pages at once', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const result = await clock.run(
      verifyPages(
        pagesFor(['/gone', '/miss', '/dynamic'], acceptedAt),
        options(
          clock,
          acceptedAt,
          async url =>
            url.pathname === '/gone'
              ? { status: 404, headers: { 'x-kc-status': 'MISS' } }
              : edge(clock, url.pathname === '/miss' ? 'MISS' : 'DYNAMIC'),
          3
        )
      )
    )
    expect(result.status).toBe('fresh')
    expect(result.counts).toEqual({
      fresh: 0,
      stale: 0,
      gone: 2,
      'not-cacheable': 2,
      bypassed: 0,
      unverifiable: 2,
      failed: 0
    })
    expect(result.listed.map(check => `${check.url} ${check.state}`)).toEqual([
      'https://www.example.com/dynamic unverifiable',
      'https://www.example.com/dynamic unverifiable',
      'https://www.example.com/gone gone',
      'https://www.example.com/gone gone'
    ])
    expect(result.requests).toBe(6)
  })

  it('gives up warming a page that never answers HIT, without failing', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const result = await clock.run(
      verifyPages(
        pagesFor(['/slow'], acceptedAt),
        options(clock, acceptedAt, async () => edge(clock, 'EXTRACTING'), 1, {
          deadline: acceptedAt + 600_000
        })
      )
    )
    expect(result.status).toBe('fresh')
    expect(result.notWarm).toBe(2)
    expect(result.warm).toBe(0)
    // The warm-up window is a minute after the last check was fresh.
    expect(clock.now() - acceptedAt).toBeLessThanOrEqual(61_000)
  })

  it('reports progress every 15 s: done, fresh, stale, rate and ETA', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    // The purge arrives at 40 s; a render takes 10 s, so the pages warm up at about 52 s.
    const site = propagatingSite(clock, acceptedAt, 40_000, { renderMs: 10_000 })
    const progress: Progress[] = []
    await clock.run(
      verifyPages(
        pagesFor(['/a', '/b'], acceptedAt),
        options(clock, acceptedAt, site.getPage, 2, { onProgress: p => progress.push(p) })
      )
    )
    expect(progress.map(p => p.elapsedMs)).toEqual([15_000, 30_000, 45_000])
    // Before the purge arrived: nothing done, every check stale, no ETA.
    expect(progress[0]).toMatchObject({ checks: 4, done: 0, fresh: 0, staleNow: 4 })
    expect(progress[0]?.etaMs).toBeUndefined()
    expect(progress[0]?.requestsPerSecond).toBeGreaterThan(0)
    // At 45 s the purge has arrived: every check is fresh, none done (they are warming).
    expect(progress[2]).toMatchObject({ done: 0, fresh: 4, staleNow: 0 })
  })

  it('estimates the time left from the pace of checks ending', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const progress: Progress[] = []
    const pages = 400
    await clock.run(
      verifyPages(
        pagesFor(
          Array.from({ length: pages }, (_, i) => `/p${i}`),
          acceptedAt
        ),
        options(clock, acceptedAt, async () => edge(clock, 'HIT', clock.now()), pages, {
          ratePerSecond: 20,
          deadline: acceptedAt + 600_000,
          onProgress: p => progress.push(p)
        })
      )
    )
    // 800 checks at 20 a second: 40 s; at 15 s, 300 done and 25 s to go.
    expect(progress[0]).toMatchObject({ checks: 800, done: 300, fresh: 300, requests: 300 })
    expect(progress[0]?.requestsPerSecond).toBeCloseTo(20, 0)
    expect(progress[0]?.etaMs).toBeCloseTo(25_000, -3)
  })
})

describe('verify_seconds: within a few seconds of when the pages were fresh', () => {
  // The schedule of verify/pace/poll-schedule.ts: the probe sees the arrival within 2 s, then every
  // stale check is asked at once, and stragglers every 2 s while arrivals continue.
  for (const propagationMs of [5_000, 21_300, 67_000, 4 * 60_000 + 7_300]) {
    it(`a purge that takes ${propagationMs / 1000} s to arrive, 5 pages x 2 devices`, async () => {
      const clock = new VirtualClock()
      const acceptedAt = clock.now()
      const paths = Array.from({ length: 5 }, (_, i) => `/p${i}`)
      const site = propagatingSite(clock, acceptedAt, propagationMs)
      const result = await clock.run(
        verifyPages(
          pagesFor(paths, acceptedAt),
          options(clock, acceptedAt, site.getPage, 5, { deadline: acceptedAt + 600_000 })
        )
      )
      expect(result.status).toBe('fresh')
      expect(result.timeToFresh?.slowestMs).toBeGreaterThanOrEqual(propagationMs)
      expect(result.timeToFresh?.slowestMs).toBeLessThanOrEqual(propagationMs + 2500)
      expect(result.arrivalAfterMs).toBeLessThanOrEqual(propagationMs + 2500)
    })
  }

  it('each page within 2.5 s of its own arrival, when arrivals spread over 40 s', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const paths = Array.from({ length: 40 }, (_, i) => `/p${i}`)
    // Entry i arrives at 70 s + i s: a purge spreading slowly through the data center.
    const index = new Map<string, number>(
      paths.flatMap((path, i) => devices.map(d => [`${path} ${d.userAgent}`, i] as const))
    )
    const site = propagatingSite(clock, acceptedAt, key => 70_000 + (index.get(key) ?? 0) * 1000)
    const result = await clock.run(
      verifyPages(
        pagesFor(paths, acceptedAt),
        options(clock, acceptedAt, site.getPage, 40, { deadline: acceptedAt + 600_000 })
      )
    )
    expect(result.status).toBe('fresh')
    // The first arrival is seen when the probe or a check's own backoff asks an arrived entry;
    // from then on, every entry is seen within 2.5 s of turning fresh.
    const firstSeen = Math.min(...site.firstFresh.values()) - acceptedAt
    expect(firstSeen - 70_000).toBeLessThanOrEqual(15_000)
    for (const [key, i] of index) {
      const arrival = 70_000 + i * 1000
      if (arrival <= firstSeen) continue
      const seenAfter = (site.firstFresh.get(key) ?? Infinity) - acceptedAt
      expect(seenAfter - arrival).toBeLessThanOrEqual(2500)
    }
    // verify_seconds: the last page's arrival, to within 2.5 s.
    expect(result.timeToFresh?.slowestMs).toBeGreaterThanOrEqual(70_000 + 39_000)
    expect(result.timeToFresh?.slowestMs).toBeLessThanOrEqual(70_000 + 39_000 + 2500)
  })

  it('waiting long costs about one request every 2 s, however many checks wait', async () => {
    for (const pages of [1, 50]) {
      const clock = new VirtualClock()
      const acceptedAt = clock.now()
      const paths = Array.from({ length: pages }, (_, i) => `/p${i}`)
      const site = propagatingSite(clock, acceptedAt, 10 * 60_000)
      await clock.run(
        verifyPages(
          pagesFor(paths, acceptedAt),
          options(clock, acceptedAt, site.getPage, pages, { deadline: acceptedAt + 600_000 })
        )
      )
      // Each check at most every 15 s once backed off, and the probe every 2 s.
      const checks = pages * devices.length
      expect(site.seen.length).toBeLessThanOrEqual(checks * (600 / 15 + 6) + 600 / 2)
      // And never a gap of more than about 2 s without a stale check asked.
      const times = site.seen.map(request => request.at).sort((a, b) => a - b)
      const gaps = times.slice(1).map((at, i) => at - (times[i] ?? at))
      expect(Math.max(...gaps)).toBeLessThanOrEqual(2100)
    }
  })
})

describe('streaming and limits', () => {
  it('takes pages as it goes: never more than `window` checks under way', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const count = 3000
    let taken = 0
    let ended = 0
    let mostUnderWay = 0
    function* pages(): Generator<PageToCheck> {
      for (let i = 0; i < count; i++) {
        taken++
        mostUnderWay = Math.max(mostUnderWay, taken * devices.length - ended)
        yield { url: new URL(`https://www.example.com/p/${i}`), purgeAcceptedAt: acceptedAt }
      }
    }
    const result = await clock.run(
      verifyPages(
        pages(),
        options(
          clock,
          acceptedAt,
          async () => {
            await clock.sleep(2)
            ended++
            return edge(clock, 'HIT', clock.now())
          },
          count,
          { window: 100 }
        )
      )
    )
    expect(result.counts.fresh).toBe(count * devices.length)
    expect(taken).toBe(count)
    // One page's devices are taken together: at most a page beyond the window.
    expect(mostUnderWay).toBeLessThanOrEqual(100 + devices.length)
  })

  it('keeps to the rate: evenly spaced, never more in a second, retries and warm-ups counted', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const site = propagatingSite(clock, acceptedAt, 0, { latencyMs: 3 })
    const pages = 150
    const paths = Array.from({ length: pages }, (_, i) => `/p${i}`)
    const started = clock.now()
    const result = await clock.run(
      verifyPages(
        pagesFor(paths, acceptedAt),
        options(clock, acceptedAt, site.getPage, pages, {
          ratePerSecond: 40,
          deadline: acceptedAt + 600_000
        })
      )
    )
    expect(result.status).toBe('fresh')
    expect(result.warm).toBe(pages * 2)
    // Every check is asked twice: EXTRACTING, then HIT.
    expect(site.seen.length).toBe(pages * 2 * 2)
    const times = site.seen.map(request => request.at)
    for (let i = 40; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 40] ?? 0)).toBeGreaterThanOrEqual(1000)
    }
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? at))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(25 - 20)
    // 600 requests at 40 a second: 15 s, give or take the last warm-ups.
    const lastRequest = times[times.length - 1] ?? 0
    expect(lastRequest - started).toBeGreaterThanOrEqual(599 * 25)
    expect(lastRequest - started).toBeLessThanOrEqual(600 * 25 * 1.05)
  })

  it('at a rate, only what the rate serves in 4 s is under way: waiting polls leave it room', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const pages = 500
    const paths = Array.from({ length: pages }, (_, i) => `/p${i}`)
    const site = propagatingSite(clock, acceptedAt, 60_000)
    const result = await clock.run(
      verifyPages(
        pagesFor(paths, acceptedAt),
        options(clock, acceptedAt, site.getPage, pages, {
          ratePerSecond: 20,
          deadline: acceptedAt + 1_200_000
        })
      )
    )
    expect(result.status).toBe('fresh')
    expect(result.arrivalAfterMs).toBeGreaterThanOrEqual(60_000)
    expect(result.arrivalAfterMs).toBeLessThanOrEqual(60_000 + 2000)
    // 80 checks under way back off while they wait: well under the 1,200 requests the rate
    // would allow in that minute (2,048 checks under way would take every one of them).
    const before = site.seen.filter(request => request.at < acceptedAt + 60_000).length
    expect(before).toBeLessThan(700)
    const times = site.seen.map(request => request.at)
    for (let i = 20; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 20] ?? 0)).toBeGreaterThanOrEqual(1000)
    }
  })

  it('counts checks the deadline left unstarted, and fails', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const result = await clock.run(
      verifyPages(
        pagesFor(
          Array.from({ length: 100 }, (_, i) => `/p${i}`),
          acceptedAt
        ),
        options(clock, acceptedAt, async () => edge(clock, 'HIT', clock.now()), 100, {
          ratePerSecond: 10,
          deadline: acceptedAt + 5_000
        })
      )
    )
    expect(result.status).toBe('failed')
    expect(result.checks + result.notReached).toBe(200)
    expect(result.checks).toBeLessThanOrEqual(52)
    expect(result.notReached).toBeGreaterThanOrEqual(148)
  })

  it('warms without a purge time: any HIT is fresh, EXTRACTING is asked again', async () => {
    const clock = new VirtualClock()
    const start = clock.now()
    const rendered = new Set<string>()
    const result = await clock.run(
      verifyPages(
        pagesFor(['/cached', '/cold']),
        options(
          clock,
          undefined,
          async (url, userAgent) => {
            // Cached a day ago, long before anything a purge time could say.
            if (url.pathname === '/cached') return edge(clock, 'HIT', start - 24 * HOUR)
            const key = `${url.pathname} ${userAgent}`
            if (rendered.has(key)) return edge(clock, 'HIT', clock.now())
            rendered.add(key)
            return edge(clock, 'EXTRACTING')
          },
          2
        )
      )
    )
    expect(result.status).toBe('fresh')
    expect(result.counts.fresh).toBe(4)
    expect(result.warm).toBe(4)
    expect(result.requests).toBe(6)
  })

  it('1,000 checks never hang more than two listeners on any signal', async () => {
    // Node's MaxListenersExceededWarning does not reach a test's `process`, so the listeners
    // are counted where they are added (the end-to-end test checks that nothing reaches stderr).
    const listeners = new Map<EventTarget, number>()
    let most = 0
    const { addEventListener, removeEventListener } = EventTarget.prototype
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
      const count = (listeners.get(this) ?? 0) + 1
      listeners.set(this, count)
      most = Math.max(most, count)
      return addEventListener.apply(this, args)
    }
    EventTarget.prototype.removeEventListener = function (this: EventTarget, ...args) {
      listeners.set(this, (listeners.get(this) ?? 1) - 1)
      return removeEventListener.apply(this, args)
    }
    try {
      const clock = new VirtualClock()
      const acceptedAt = clock.now()
      const paths = Array.from({ length: 500 }, (_, i) => `/p${i}`)
      const site = propagatingSite(clock, acceptedAt, 30_000)
      const result = await clock.run(
        verifyPages(
          pagesFor(paths, acceptedAt),
          options(clock, acceptedAt, site.getPage, 500, {
            ratePerSecond: 200,
            deadline: acceptedAt + 600_000
          })
        )
      )
      expect(result.counts.fresh).toBe(1000)
    } finally {
      EventTarget.prototype.addEventListener = addEventListener
      EventTarget.prototype.removeEventListener = removeEventListener
    }
    // The progress report and the probe share one signal; each sleep has its own.
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(2)
  })
})
