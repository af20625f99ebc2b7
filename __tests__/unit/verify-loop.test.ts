import { describe, expect, it } from '@jest/globals'
import type { Clock } from '../../src/clock.js'
import { BUILT_IN_DEVICES } from '../../src/verify/devices.js'
import { SiteTransportError, type SiteHead } from '../../src/verify/site-transport.js'
import { verifyChecks, type Check, type Progress } from '../../src/verify/verify-pages.js'

/** A clock running `scale` times faster than real time, so minutes of backoff take moments. */
function fastClock(scale = 200): Clock {
  const realStart = Date.now()
  const start = Date.UTC(2026, 10, 23, 9, 0, 0)
  return {
    now: () => start + (Date.now() - realStart) * scale,
    sleep: (ms, signal) =>
      new Promise(resolve => {
        if (signal?.aborted) return resolve()
        const timer = setTimeout(done, Math.max(0, ms / scale))
        function done(): void {
          clearTimeout(timer)
          signal?.removeEventListener('abort', done)
          resolve()
        }
        signal?.addEventListener('abort', done, { once: true })
      })
  }
}

const devices = [
  { name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] ?? '' },
  { name: 'mobile', userAgent: BUILT_IN_DEVICES['mobile'] ?? '' }
]

function checksFor(paths: string[], acceptedAt: number): Check[] {
  return paths.flatMap(path =>
    devices.map(device => ({
      url: new URL(path, 'https://www.example.com'),
      device,
      purgeAcceptedAt: acceptedAt
    }))
  )
}

function edge(clock: Clock, status: string, cachedAt?: number): SiteHead {
  const headers: Record<string, string> = {
    date: new Date(clock.now()).toUTCString(),
    'acme-kc-status': status
  }
  if (cachedAt !== undefined)
    headers['acme-kc-date'] = `${new Date(cachedAt).toISOString()} (GMT) (1s of 7d)`
  return { status: 200, headers }
}

/**
 * A site whose purge reaches the data center `propagationMs` after `acceptedAt`: before, old
 * entries HIT; after, the first request per (page, device) answers EXTRACTING, then HIT.
 */
function propagatingSite(clock: Clock, acceptedAt: number, propagationMs: number) {
  const rendered = new Map<string, number>()
  let inFlight = 0
  let maxInFlight = 0
  const seen: { url: string; userAgent: string }[] = []
  const getPage = async (url: URL, userAgent: string): Promise<SiteHead> => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    seen.push({ url: url.href, userAgent })
    await new Promise(resolve => setTimeout(resolve, 1))
    inFlight--
    const now = clock.now()
    if (now < acceptedAt + propagationMs) return edge(clock, 'HIT', acceptedAt - 3_600_000)
    const key = `${url.href} ${userAgent}`
    const at = rendered.get(key)
    if (at === undefined) {
      rendered.set(key, now)
      return edge(clock, 'EXTRACTING')
    }
    return edge(clock, 'HIT', at)
  }
  return { getPage, seen, maxInFlight: () => maxInFlight }
}

const baseOptions = {
  timeoutMs: 120_000,
  requestTimeoutMs: 10_000,
  siteLabel: 'site_url https://www.example.com'
}

describe('verifyChecks', () => {
  it('polls stale pages until the purge arrives, then warms them', async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    const paths = Array.from({ length: 20 }, (_, i) => `/p${i}`)
    const site = propagatingSite(clock, acceptedAt, 5000)
    const result = await verifyChecks(checksFor(paths, acceptedAt), {
      ...baseOptions,
      getPage: site.getPage,
      clock,
      lastAcceptedAt: acceptedAt
    })
    expect(result.status).toBe('fresh')
    expect(result.checks).toHaveLength(40)
    expect(result.checks.every(check => check.state === 'fresh' && check.warm)).toBe(true)
    expect(result.warm).toBe(40)
    expect(result.settledAfterMs).toBeGreaterThanOrEqual(5000)
    expect(site.maxInFlight()).toBeLessThanOrEqual(6)
    // Each device's requests carry that device's user agent.
    expect(new Set(site.seen.map(request => request.userAgent))).toEqual(
      new Set(devices.map(device => device.userAgent))
    )
  })

  it('reports pages still stale at the deadline as stale, with the cache date', async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    const site = propagatingSite(clock, acceptedAt, 10 * 60_000)
    const result = await verifyChecks(checksFor(['/a'], acceptedAt), {
      ...baseOptions,
      timeoutMs: 20_000,
      getPage: site.getPage,
      clock,
      lastAcceptedAt: acceptedAt
    })
    expect(result.status).toBe('stale')
    expect(result.checks.map(check => check.state)).toEqual(['stale', 'stale'])
    expect(result.checks[0]?.detail).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(result.checks[0]?.requests).toBeGreaterThan(1)
    expect(result.settledAfterMs).toBeUndefined()
  })

  it('retries 503 and connection errors, and fails a check still failing at the deadline', async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    let calls = 0
    const result = await verifyChecks(checksFor(['/flaky', '/down'], acceptedAt), {
      ...baseOptions,
      timeoutMs: 30_000,
      clock,
      lastAcceptedAt: acceptedAt,
      getPage: async url => {
        calls++
        if (url.pathname === '/down') throw new SiteTransportError('connection', 'ECONNRESET')
        if (calls <= 3) return { status: 503, headers: { 'acme-kc-status': 'HIT' } }
        return edge(clock, 'HIT', clock.now())
      }
    })
    expect(result.status).toBe('failed')
    const states = Object.fromEntries(result.checks.map(c => [`${c.url} ${c.device}`, c.state]))
    expect(states).toEqual({
      'https://www.example.com/flaky desktop': 'fresh',
      'https://www.example.com/flaky mobile': 'fresh',
      'https://www.example.com/down desktop': 'failed',
      'https://www.example.com/down mobile': 'failed'
    })
    expect(result.checks.find(c => c.state === 'failed')?.detail).toMatch(/ECONNRESET/)
  })

  it("waits as long as the site's Retry-After asks, up to a minute", async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    const asked: Record<string, number[]> = {}
    const retryAfter: Record<string, string> = { '/slow': '30', '/greedy': '3600' }
    const result = await verifyChecks(
      checksFor(['/slow', '/greedy'], acceptedAt).filter(c => c.device.name === 'desktop'),
      {
        ...baseOptions,
        timeoutMs: 300_000,
        clock,
        lastAcceptedAt: acceptedAt,
        getPage: async url => {
          const times = (asked[url.pathname] ??= [])
          times.push(clock.now())
          if (times.length === 1) {
            return {
              status: 429,
              headers: { 'retry-after': retryAfter[url.pathname] ?? '', 'acme-kc-status': 'HIT' }
            }
          }
          return edge(clock, 'HIT', clock.now())
        }
      }
    )
    expect(result.status).toBe('fresh')
    const gap = (path: string): number => (asked[path]?.[1] ?? 0) - (asked[path]?.[0] ?? 0)
    // The normal first backoff is about 2 s; the site asked for 30 s.
    expect(gap('/slow')).toBeGreaterThanOrEqual(30_000)
    expect(gap('/slow')).toBeLessThan(45_000)
    // An hour is not granted: a minute at most, then the check goes on.
    expect(gap('/greedy')).toBeGreaterThanOrEqual(60_000)
    expect(gap('/greedy')).toBeLessThan(75_000)
  })

  it("reads a Retry-After date in the edge's clock, 100 s ahead of the runner's", async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    const aheadMs = 100_000
    const edgeDate = (ms: number): string => new Date(ms + aheadMs).toUTCString()
    const asked: number[] = []
    const result = await verifyChecks(
      checksFor(['/busy'], acceptedAt).filter(c => c.device.name === 'desktop'),
      {
        ...baseOptions,
        timeoutMs: 300_000,
        clock,
        lastAcceptedAt: acceptedAt,
        getPage: async () => {
          asked.push(clock.now())
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
        }
      }
    )
    expect(result.status).toBe('fresh')
    const gap = (asked[1] ?? 0) - (asked[0] ?? 0)
    // Read in the runner's clock, the date would ask for 130 s (cut to 60); with the skew, 30 s.
    // The header's one-second resolution leaves up to a second either way.
    expect(gap).toBeGreaterThanOrEqual(28_000)
    expect(gap).toBeLessThan(40_000)
  })

  it('stops at once when the site answers without a status header', async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    let calls = 0
    const result = await verifyChecks(
      checksFor(
        Array.from({ length: 50 }, (_, i) => `/p${i}`),
        acceptedAt
      ),
      {
        ...baseOptions,
        clock,
        lastAcceptedAt: acceptedAt,
        getPage: async () => {
          calls++
          return { status: 200, headers: { server: 'origin' } }
        }
      }
    )
    expect(result.status).toBe('failed')
    expect(result.fatal).toMatch(
      /site_url https:\/\/www.example.com answered .* no \*-Kc-Status header/
    )
    expect(calls).toBeLessThanOrEqual(6)
  })

  it('settles gone, not cacheable and unverifiable pages at once', async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    const result = await verifyChecks(checksFor(['/gone', '/miss', '/dynamic'], acceptedAt), {
      ...baseOptions,
      clock,
      lastAcceptedAt: acceptedAt,
      getPage: async url =>
        url.pathname === '/gone'
          ? { status: 404, headers: { 'x-kc-status': 'MISS' } }
          : edge(clock, url.pathname === '/miss' ? 'MISS' : 'DYNAMIC')
    })
    expect(result.status).toBe('fresh')
    expect(result.checks.map(check => check.state)).toEqual([
      'gone',
      'gone',
      'not-cacheable',
      'not-cacheable',
      'unverifiable',
      'unverifiable'
    ])
    expect(result.requests).toBe(6)
  })

  it('gives up warming a page that never answers HIT, without failing', async () => {
    const clock = fastClock(1000)
    const acceptedAt = clock.now()
    const result = await verifyChecks(checksFor(['/slow'], acceptedAt), {
      ...baseOptions,
      timeoutMs: 600_000,
      clock,
      lastAcceptedAt: acceptedAt,
      getPage: async () => edge(clock, 'EXTRACTING')
    })
    expect(result.status).toBe('fresh')
    expect(result.notWarm).toBe(2)
    expect(result.warm).toBe(0)
  })

  it('reports progress while it waits', async () => {
    const clock = fastClock()
    const acceptedAt = clock.now()
    const site = propagatingSite(clock, acceptedAt, 40_000)
    const progress: Progress[] = []
    await verifyChecks(checksFor(['/a', '/b'], acceptedAt), {
      ...baseOptions,
      getPage: site.getPage,
      clock,
      lastAcceptedAt: acceptedAt,
      onProgress: p => progress.push(p)
    })
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress[0]).toMatchObject({ pages: 2, checks: 4 })
  })
})
