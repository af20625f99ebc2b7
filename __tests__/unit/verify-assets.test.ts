/**
 * The asset checks in the loop, on the test clock against a fake site: each asset a fresh page
 * references asked once per device, within the pages' rate; a broken one the cache served purged
 * once and asked again; one it did not serve named, never purged; the deadline.
 */
import { describe, expect, it } from '@jest/globals'
import type { SiteHead } from '../../src/http/site-client.js'
import type { GetPage } from '../../src/verify/check/read-page.js'
import {
  AssetChecks,
  MAX_OTHER_HOST_ASSETS,
  type AssetLoop
} from '../../src/verify/assets/asset-checks.js'
import { MAX_ASSET_CHECKS } from '../../src/verify/assets/asset-results.js'
import { cutPagesPhrase, otherHostAssetsPhrase } from '../../src/verify/assets/asset-results.js'
import { verificationStatus } from '../../src/verify/judge/status-from-counts.js'
import { datesUntrusted } from '../../src/verify/judge/edge-clock-skew.js'
import { describeAssets } from '../../src/verify/explain.js'
import { verifyPages } from '../../src/verify/check/verify-pages.js'
import { VirtualClock } from '../support/virtual-clock.js'
import {
  assets,
  cacheDate,
  devices,
  freshSite,
  notFoundThroughCache,
  options,
  pages,
  SITE
} from '../support/asset-site.js'

describe('the assets of fresh pages', () => {
  it('are each asked once per device, however many pages share them; third parties never', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const result = await clock.run(
      verifyPages(pages(10, clock.now()), options(clock, assets(clock, asked), { pageCount: 10 }))
    )
    expect(result.status).toBe('fresh')
    expect(asked).toHaveLength(6)
    expect(new Set(asked.map(a => `${a.agent} ${a.url}`)).size).toBe(6)
    expect(result.assets).toMatchObject({
      counts: { whole: 6, repaired: 0, broken: 0, 'not-checked': 0 },
      assets: 3,
      // One third-party script on every page, on both devices: one asset on another host.
      otherHosts: 1,
      listed: [],
      requests: 6
    })
    expect(result.assets?.wholeAfterMs).toBeDefined()
    expect(describeAssets(result.assets!)).toMatch(
      /^Assets of the fresh pages: 3 assets, 6 checks over the devices with 6 requests: 6 whole; 1 asset on other hosts not requested \(a third party's\); whole after \d+\.\d s\.$/
    )
  })

  it('are left alone when the asset checks are off', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const { assets: _off, ...without } = options(clock, assets(clock, asked), { pageCount: 2 })
    const result = await clock.run(verifyPages(pages(2, clock.now()), without))
    expect(asked).toHaveLength(0)
    expect(result.assets).toBeUndefined()
  })

  it('take their turns within the pages’ rate', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const times: number[] = []
    const getPage = freshSite(clock)
    const result = await clock.run(
      verifyPages(
        pages(6, clock.now()),
        options(clock, assets(clock, asked), {
          pageCount: 6,
          ratePerSecond: 5,
          getPage: async (...args) => {
            times.push(clock.now())
            return getPage(...args)
          }
        })
      )
    )
    expect(result.assets?.counts.whole).toBe(6)
    const all = [...times, ...asked.map(a => a.at)].sort((a, b) => a - b)
    expect(all).toHaveLength(12 + 6)
    for (let i = 1; i < all.length; i++) expect(all[i]! - all[i - 1]!).toBeGreaterThanOrEqual(200)
  })

  it('an asset on another host is never purged: the URL purge names the site’s own paths', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const purged: string[] = []
    const broken = 'https://static.example.com/assets/app.b1.js'
    const result = await clock.run(
      verifyPages(
        pages(2, clock.now()),
        options(
          clock,
          assets(clock, asked, url => (url.href === broken ? notFoundThroughCache : undefined)),
          {
            pageCount: 2,
            getPage: freshSite(clock, `<script type=module src="${broken}"></script>`),
            hosts: ['static.example.com'],
            repair: async path => {
              purged.push(path)
              return {}
            }
          }
        )
      )
    )
    expect(purged).toEqual([])
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({
      url: broken,
      state: 'broken',
      throughCache: true,
      repurged: false,
      notPurged: 'other-host'
    })
  })

  it('a purge the service does not answer is waited for until the deadline, no longer', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const broken = `${SITE}/assets/app.b1.js`
    const started = clock.now()
    const result = await clock.run(
      verifyPages(
        pages(2, clock.now()),
        options(
          clock,
          assets(clock, asked, url => (url.href === broken ? notFoundThroughCache : undefined)),
          {
            pageCount: 2,
            deadline: clock.now() + 60_000,
            // Its retries and Retry-After waits: an answer that comes after the deadline.
            repair: () => clock.sleep(300_000).then(() => ({}))
          }
        )
      )
    )
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({
      url: broken,
      state: 'broken',
      repurged: true,
      repurgeError: 'the purge was not answered before the deadline'
    })
    expect(result.startedAt + result.durationMs - started).toBeLessThanOrEqual(60_000)
  })

  it('a bypassed answer is not the cache’s entry: named, never purged', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const purged: string[] = []
    const broken = `${SITE}/assets/app.b1.js`
    const bypassed: SiteHead = {
      status: 404,
      headers: { ...notFoundThroughCache.headers, 'acme-bypass': 'SOFT_COOKIE' }
    }
    const result = await clock.run(
      verifyPages(
        pages(1, clock.now()),
        options(
          clock,
          assets(clock, asked, url => (url.href === broken ? bypassed : undefined)),
          {
            pageCount: 1,
            repair: async path => {
              purged.push(path)
              return {}
            }
          }
        )
      )
    )
    expect(purged).toEqual([])
    expect(result.assets?.listed[0]).toMatchObject({ url: broken, notPurged: 'new-render' })
  })

  it('a 404 the cache serves is purged by URL once, asked again, and repaired', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const purged: string[] = []
    const broken = `${SITE}/assets/app.b1.js`
    const result = await clock.run(
      verifyPages(
        pages(3, clock.now()),
        options(
          clock,
          assets(clock, asked, url =>
            url.href === broken && purged.length === 0 ? notFoundThroughCache : undefined
          ),
          {
            pageCount: 3,
            repair: async url => {
              purged.push(url)
              return {}
            }
          }
        )
      )
    )
    // The service's URL purge takes the site's paths, not absolute URLs.
    expect(purged).toEqual(['/assets/app.b1.js'])
    expect(result.status).toBe('fresh')
    expect(result.assets?.counts).toEqual({ whole: 4, repaired: 2, broken: 0, 'not-checked': 0 })
    expect(result.assets?.listed).toHaveLength(2)
    expect(result.assets?.listed[0]).toMatchObject({
      url: broken,
      state: 'repaired',
      reason: 'status',
      repurged: true,
      httpStatus: 200,
      contentType: 'text/javascript'
    })
  })

  it('a 404 without the cache’s headers is named with its pages, never purged: broken', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const purged: string[] = []
    const broken = `${SITE}/assets/app.b1.css`
    const result = await clock.run(
      verifyPages(
        pages(7, clock.now()),
        options(
          clock,
          assets(clock, asked, url =>
            url.href === broken
              ? { status: 404, headers: { 'content-type': 'text/html' } }
              : undefined
          ),
          {
            pageCount: 7,
            repair: async url => {
              purged.push(url)
              return {}
            }
          }
        )
      )
    )
    expect(purged).toEqual([])
    expect(result.status).toBe('broken')
    expect(result.assets?.counts).toEqual({ whole: 4, repaired: 0, broken: 2, 'not-checked': 0 })
    expect(result.assets?.wholeAfterMs).toBeUndefined()
    expect(result.assets?.listed[0]).toMatchObject({
      url: broken,
      device: 'desktop',
      kind: 'stylesheet',
      state: 'broken',
      reason: 'status',
      httpStatus: 404,
      contentType: 'text/html',
      wanted: 'CSS',
      throughCache: false,
      repurged: false,
      pages: [0, 1, 2, 3, 4].map(i => `${SITE}/page-${i}`),
      pageCount: 7
    })
  })

  it('an HTML page where a script is expected is a wrong reference: named, never purged', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const purged: string[] = []
    const broken = `${SITE}/assets/app.b1.js`
    const result = await clock.run(
      verifyPages(
        pages(1, clock.now()),
        options(
          clock,
          assets(clock, asked, url =>
            url.href === broken
              ? { status: 200, headers: { 'content-type': 'text/html', 'acme-kc-status': 'HIT' } }
              : undefined
          ),
          {
            pageCount: 1,
            deadline: clock.now() + 20_000,
            repair: async url => {
              purged.push(url)
              return {}
            }
          }
        )
      )
    )
    // A single-page app's fallback and a real page answer alike: purging either drops a page.
    expect(purged).toEqual([])
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({
      url: broken,
      state: 'broken',
      reason: 'html-fallback',
      throughCache: true,
      repurged: false,
      notPurged: 'page'
    })
    // Asked once per device: nothing was purged, so nothing can change before the deadline.
    expect(asked.filter(a => a.url === broken)).toHaveLength(devices.length)
  })

  it('a purge that fails is said, and the asset stays broken', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const broken = `${SITE}/assets/font.b1.woff2`
    const result = await clock.run(
      verifyPages(
        pages(1, clock.now()),
        options(
          clock,
          assets(clock, asked, url => (url.href === broken ? notFoundThroughCache : undefined)),
          { pageCount: 1, repair: async () => ({ error: 'HTTP 403: key not allowed' }) }
        )
      )
    )
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({
      kind: 'font',
      state: 'broken',
      repurged: true,
      repurgeError: 'HTTP 403: key not allowed'
    })
  })

  it('the deadline leaves assets not checked when no turn is left for them', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const result = await clock.run(
      verifyPages(
        pages(2, clock.now()),
        options(clock, assets(clock, asked), {
          pageCount: 2,
          devices: devices.slice(0, 1),
          ratePerSecond: 1,
          deadline: clock.now() + 1500
        })
      )
    )
    expect(result.counts.fresh).toBe(2)
    expect(asked).toHaveLength(0)
    expect(result.assets?.counts).toEqual({ whole: 0, repaired: 0, broken: 0, 'not-checked': 3 })
    expect(result.assets?.wholeAfterMs).toBeUndefined()
    // Nothing proved the deploy whole: not ✅.
    expect(result.status).toBe('failed')
  })
})

describe('verify_status with the assets', () => {
  const counts = {
    fresh: 2,
    stale: 0,
    failed: 0,
    gone: 0,
    unverifiable: 0,
    bypassed: 0,
    'not-cacheable': 0
  }
  const broken = (n: number) => ({ broken: n, notChecked: 0 })
  it('failed, then stale, then broken, then fresh', () => {
    expect(verificationStatus(counts, 2, 0, false, broken(1))).toBe('broken')
    expect(verificationStatus(counts, 2, 0, false, broken(0))).toBe('fresh')
    expect(verificationStatus({ ...counts, stale: 1 }, 3, 0, false, broken(1))).toBe('stale')
    expect(verificationStatus({ ...counts, failed: 1 }, 3, 0, false, broken(1))).toBe('failed')
    expect(verificationStatus(counts, 2, 1, false, broken(1))).toBe('failed')
  })

  it('an asset the deadline left unchecked is failed, as a page never reached: never ✅', () => {
    expect(verificationStatus(counts, 2, 0, false, { broken: 0, notChecked: 1 })).toBe('failed')
    expect(verificationStatus(counts, 2, 0, false, { broken: 1, notChecked: 1 })).toBe('failed')
  })
})

describe('assets that redirect, followed within scope as a browser does', () => {
  const script = (src: string) => `<script type=module src="${src}"></script>`
  const moved = (location: string, headers: Record<string, string> = {}): SiteHead => ({
    status: 301,
    headers: { location, ...headers }
  })
  const whole: SiteHead = { status: 200, headers: { 'content-type': 'text/javascript' } }

  /** One fresh page whose body is `body`, on the devices `more` says; `answer` answers its assets. */
  async function verifyOnePage(
    answer: (url: URL) => SiteHead | undefined,
    body: string,
    more: Partial<Parameters<typeof options>[2]> = {}
  ) {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const result = await clock.run(
      verifyPages(
        pages(1, clock.now()),
        options(clock, assets(clock, asked, answer), {
          pageCount: 1,
          getPage: freshSite(clock, body),
          ...more
        })
      )
    )
    return { result, asked }
  }

  it('a same-origin redirect to a whole asset is whole, each hop counted as a request', async () => {
    const { result, asked } = await verifyOnePage(
      url =>
        url.pathname === '/static/app.js'
          ? moved('/static/app.b1.js')
          : url.pathname === '/static/app.b1.js'
            ? whole
            : undefined,
      script('/static/app.js')
    )
    expect(result.status).toBe('fresh')
    expect(result.assets).toMatchObject({
      counts: { whole: 2, repaired: 0, broken: 0, 'not-checked': 0 },
      requests: 4
    })
    expect(asked.map(a => a.url)).toContain(`${SITE}/static/app.b1.js`)
  })

  it('a redirect to an asset_hosts host is followed and its answer judged: HTML for a script', async () => {
    const target = 'https://static.example.com/app.b1.js'
    const { result, asked } = await verifyOnePage(
      url =>
        url.pathname === '/static/app.js'
          ? moved(target)
          : url.href === target
            ? {
                status: 200,
                headers: { 'content-type': 'text/html', 'access-control-allow-origin': '*' }
              }
            : undefined,
      script('/static/app.js'),
      { devices: devices.slice(0, 1), hosts: ['static.example.com'] }
    )
    expect(result.status).toBe('broken')
    expect(asked.map(a => a.url)).toEqual([`${SITE}/static/app.js`, target])
    expect(result.assets?.listed[0]).toMatchObject({
      url: `${SITE}/static/app.js`,
      state: 'broken',
      reason: 'html-fallback',
      httpStatus: 200,
      redirect: { to: target, hops: 1 }
    })
  })

  it('a redirect to a host out of scope is not requested, not judged, and named', async () => {
    const away = 'https://cdn.elsewhere.example/app.b1.js'
    const { result, asked } = await verifyOnePage(
      url => (url.pathname === '/static/app.js' ? moved(away) : undefined),
      script('/static/app.js')
    )
    expect(asked.map(a => a.url)).not.toContain(away)
    expect(result.status).toBe('fresh')
    expect(result.assets).toMatchObject({
      counts: { whole: 0, repaired: 0, broken: 0, 'not-checked': 0 },
      redirectedAway: 2,
      awayTargets: [{ url: `${SITE}/static/app.js`, to: away }],
      requests: 2
    })
  })

  it('a Location with credentials is never requested', async () => {
    const { result, asked } = await verifyOnePage(
      url =>
        url.pathname === '/static/app.js' ? moved('https://u:p@www.example.com/x.js') : undefined,
      script('/static/app.js'),
      { devices: devices.slice(0, 1) }
    )
    expect(asked.map(a => a.url)).toEqual([`${SITE}/static/app.js`])
    expect(result.assets?.redirectedAway).toBe(1)
    expect(JSON.stringify(result.assets)).not.toContain('u:p@')
  })

  it('a loop is broken with its reason, and so are more than 5 redirects', async () => {
    const { result } = await verifyOnePage(
      url => {
        if (url.pathname === '/a.js') return moved('/b.js')
        if (url.pathname === '/b.js') return moved('/a.js')
        const hop = /^\/hop-(\d+)\.js$/.exec(url.pathname)
        return hop ? moved(`/hop-${Number(hop[1]) + 1}.js`) : undefined
      },
      `${script('/a.js')}${script('/hop-0.js')}`,
      { devices: devices.slice(0, 1) }
    )
    expect(result.status).toBe('broken')
    const byUrl = new Map(result.assets?.listed.map(r => [r.url, r]))
    expect(byUrl.get(`${SITE}/a.js`)).toMatchObject({
      state: 'broken',
      reason: 'redirect-loop',
      httpStatus: 301,
      redirect: { to: `${SITE}/a.js`, hops: 2 }
    })
    expect(byUrl.get(`${SITE}/hop-0.js`)).toMatchObject({
      state: 'broken',
      reason: 'too-many-redirects',
      redirect: { to: `${SITE}/hop-6.js`, hops: 6 }
    })
    // The loop: a.js, b.js (a.js again is not asked); the chain: hop-0 to hop-5.
    expect(result.assets?.requests).toBe(2 + 6)
  })

  it('an https page’s asset redirected to http is mixed content: broken, not requested', async () => {
    const { result, asked } = await verifyOnePage(
      url =>
        url.pathname === '/static/app.js'
          ? moved('http://www.example.com/static/app.js')
          : undefined,
      script('/static/app.js'),
      { devices: devices.slice(0, 1) }
    )
    expect(asked).toHaveLength(1)
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({
      state: 'broken',
      reason: 'mixed-content',
      redirect: { to: 'http://www.example.com/static/app.js', hops: 1 }
    })
  })

  it('a redirect the cache kept to a file gone is purged by the path the page names', async () => {
    const purged: string[] = []
    const { result } = await verifyOnePage(
      url => {
        if (url.pathname === '/static/app.js') {
          return purged.length === 0
            ? moved('/static/app.old.js', { 'acme-kc-status': 'HIT' })
            : moved('/static/app.b1.js', { 'acme-kc-status': 'EXTRACTING' })
        }
        if (url.pathname === '/static/app.old.js') return { status: 404, headers: {} }
        return url.pathname === '/static/app.b1.js' ? whole : undefined
      },
      script('/static/app.js'),
      {
        devices: devices.slice(0, 1),
        repair: async path => {
          purged.push(path)
          return {}
        }
      }
    )
    expect(purged).toEqual(['/static/app.js'])
    expect(result.status).toBe('fresh')
    expect(result.assets?.listed[0]).toMatchObject({
      url: `${SITE}/static/app.js`,
      state: 'repaired',
      reason: 'status',
      redirect: { to: `${SITE}/static/app.b1.js`, hops: 1 }
    })
  })

  it('a new render’s redirect to a 404 the cache kept is not purged: the first answer decides', async () => {
    const purged: string[] = []
    const { result } = await verifyOnePage(
      url =>
        url.pathname === '/static/app.js'
          ? moved('/static/app.old.js', { 'acme-kc-status': 'EXTRACTING' })
          : url.pathname === '/static/app.old.js'
            ? notFoundThroughCache
            : undefined,
      script('/static/app.js'),
      {
        devices: devices.slice(0, 1),
        repair: async path => {
          purged.push(path)
          return {}
        }
      }
    )
    expect(purged).toEqual([])
    expect(result.assets?.listed[0]).toMatchObject({
      state: 'broken',
      reason: 'status',
      httpStatus: 404,
      notPurged: 'new-render',
      redirect: { to: `${SITE}/static/app.old.js`, hops: 1 }
    })
  })
})

describe('a purged asset answered from a render dated after its purge', () => {
  const HOUR = 3_600_000
  const broken = `${SITE}/assets/app.b1.js`
  const page = '<script type=module src="/assets/app.b1.js"></script>'
  /** A 404 the cache kept, with its cache date (edge's clock, to the second). */
  const keptNotFound = (cachedAt: number): SiteHead => ({
    status: 404,
    headers: {
      'content-type': 'text/html',
      'acme-kc-status': 'HIT',
      'acme-kc-date': cacheDate(cachedAt)
    }
  })

  /**
   * One fresh page on one device whose script the cache kept as a 404 cached at `keptAt`
   * (default: a minute before it is first asked), purged by URL: `after` answers the script
   * from then on, told when the purge was accepted and how many asks came after it.
   */
  async function repairOne(
    after: (acceptedAt: number, asksAfter: number) => SiteHead | undefined,
    more: { keptAt?: (now: number) => number; getPage?: (clock: VirtualClock) => GetPage } = {}
  ) {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const deadline = clock.now() + 60_000
    let acceptedAt: number | undefined
    let asksAfter = 0
    const result = await clock.run(
      verifyPages(
        pages(1, clock.now()),
        options(
          clock,
          assets(clock, asked, url => {
            if (url.href !== broken) return undefined
            if (acceptedAt === undefined) {
              return keptNotFound(more.keptAt?.(clock.now()) ?? clock.now() - 60_000)
            }
            return after(acceptedAt, ++asksAfter)
          }),
          {
            pageCount: 1,
            devices: devices.slice(0, 1),
            deadline,
            getPage: more.getPage?.(clock) ?? freshSite(clock, page),
            repair: async () => {
              acceptedAt = clock.now()
              return {}
            }
          }
        )
      )
    )
    return {
      result,
      asks: asked.filter(a => a.url === broken).length,
      endedAt: clock.now(),
      deadline
    }
  }

  it('a HIT cached after the purge was accepted, still a 404, is broken for good at once', async () => {
    // A visitor's request rendered it again between two of our asks: the origin serves it so.
    const { result, asks, endedAt, deadline } = await repairOne(acceptedAt =>
      keptNotFound(acceptedAt + 1000)
    )
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({
      url: broken,
      state: 'broken',
      reason: 'status',
      httpStatus: 404,
      repurged: true
    })
    // The first ask, and one after the purge: not asked until the deadline.
    expect(asks).toBe(2)
    expect(endedAt).toBeLessThan(deadline)
  })

  it('a HIT cached before the purge was accepted is asked again, as the purge has not arrived', async () => {
    const { result, asks } = await repairOne((acceptedAt, n) =>
      n < 3 ? keptNotFound(acceptedAt - 10_000) : undefined
    )
    expect(result.status).toBe('fresh')
    expect(result.assets?.listed[0]).toMatchObject({ state: 'repaired', repurged: true })
    expect(asks).toBe(4)
  })

  it('the entry purged, cached within the clocks’ doubt of the purge, is not taken for a new render', async () => {
    // Cached in the second our first ask was made: by the page judge's benefit of the doubt it
    // could be after the purge, but its cache date is the one purged, still served until the
    // purge reaches this data center.
    let keptAt = 0
    const { result, asks } = await repairOne(
      (_acceptedAt, n) => (n < 3 ? keptNotFound(keptAt) : undefined),
      { keptAt: now => (keptAt = now) }
    )
    expect(result.assets?.listed[0]).toMatchObject({ state: 'repaired', repurged: true })
    expect(asks).toBe(4)
  })

  it('an edge whose dates cannot be placed: asked again until whole, as without a date', async () => {
    // The page's first answer shows a Date an hour behind its cache date (written in real
    // time): from then on, this edge's Date cannot place its cache dates.
    let pageAnswers = 0
    const untrustedDates = (clock: VirtualClock): GetPage => {
      const site = freshSite(clock, page)
      return async (...args) => {
        const answer = await site(...args)
        if (pageAnswers++ > 0) return answer
        return {
          ...answer,
          headers: { ...answer.headers, date: new Date(clock.now() - HOUR).toUTCString() }
        }
      }
    }
    const { result, asks } = await repairOne(
      (acceptedAt, n) => (n < 3 ? keptNotFound(acceptedAt + 1000) : undefined),
      { getPage: untrustedDates }
    )
    expect(datesUntrusted(result.skew)).toBe(true)
    expect(result.assets?.listed[0]).toMatchObject({ state: 'repaired', repurged: true })
    expect(asks).toBe(4)
  })
})

describe('what the asset checks count beside their checks', () => {
  const loop: AssetLoop = {
    clock: new VirtualClock(),
    random: () => 0.5,
    deadline: Number.POSITIVE_INFINITY,
    stopped: false,
    askAsset: () => Promise.reject(new Error('no asset is in scope here')),
    sleep: () => Promise.resolve(),
    renderedAfter: () => undefined
  }
  const checks = (): AssetChecks =>
    new AssetChecks(loop, {
      siteOrigin: SITE,
      hosts: [],
      measureFrom: 0,
      workers: 1,
      backoff: { firstMs: 1, factor: 1, maxMs: 1, jitter: 0 }
    })
  const device = { name: 'desktop', userAgent: 'desktop-agent' }

  it('assets on other hosts are counted once each, whatever the pages and devices', async () => {
    const counting = checks()
    for (const page of ['/a', '/b', '/c']) {
      for (const name of ['desktop', 'mobile']) {
        counting.pageFresh(
          `${SITE}${page}`,
          { ...device, name },
          {
            references: {
              assets: [],
              otherHosts: ['https://cdn.third-party.example/widget.js'],
              capped: false
            }
          }
        )
      }
    }
    const found = await counting.finish()
    expect(found).toMatchObject({ otherHosts: 1 })
    expect(found.otherHostsCapped).toBeUndefined()
    expect(otherHostAssetsPhrase(found)).toBe('1 asset on other hosts')
  })

  it('a page cut at its share of references is named once, whatever the devices', async () => {
    const counting = checks()
    for (const name of ['desktop', 'mobile']) {
      counting.pageFresh(
        `${SITE}/catalogue`,
        { ...device, name },
        { references: { assets: [], otherHosts: [], capped: true } }
      )
      counting.pageFresh(
        `${SITE}/small`,
        { ...device, name },
        { references: { assets: [], otherHosts: [], capped: false } }
      )
    }
    const found = await counting.finish()
    expect(found.cutPages).toEqual({ count: 1, first: [`${SITE}/catalogue`] })
    expect(cutPagesPhrase(found)).toBe(
      `1 page names more than 200 assets: only its first 200 were checked (${SITE}/catalogue)`
    )
    expect(describeAssets(found)).toContain(
      `; 1 page names more than 200 assets: only its first 200 were checked (${SITE}/catalogue).`
    )
  })

  it(`assets on other hosts are counted up to ${MAX_OTHER_HOST_ASSETS.toLocaleString('en')}, then said to be more`, async () => {
    const counting = checks()
    // A cache-busting path on every page: each page names its own.
    for (let page = 0; page <= MAX_OTHER_HOST_ASSETS; page++) {
      counting.pageFresh(`${SITE}/p${page}`, device, {
        references: {
          assets: [],
          otherHosts: [`https://cdn.third-party.example/widget.${page}.js`],
          capped: false
        }
      })
    }
    const found = await counting.finish()
    expect(found).toMatchObject({ otherHosts: MAX_OTHER_HOST_ASSETS, otherHostsCapped: true })
    expect(otherHostAssetsPhrase(found)).toBe('10,000 or more assets on other hosts')
  })

  it(`keeps at most ${MAX_ASSET_CHECKS.toLocaleString('en')} checks a run; the references past them are counted`, async () => {
    const whole: AssetLoop = {
      ...loop,
      askAsset: async () => ({ status: 200, headers: { 'content-type': 'text/css' } })
    }
    const counting = new AssetChecks(whole, {
      siteOrigin: SITE,
      hosts: [],
      measureFrom: 0,
      workers: 4,
      backoff: { firstMs: 1, factor: 1, maxMs: 1, jitter: 0 }
    })
    // A cache-busting query on every page: each page names a stylesheet of its own.
    const pageCount = MAX_ASSET_CHECKS + 5
    for (let page = 0; page < pageCount; page++) {
      counting.pageFresh(`${SITE}/p${page}`, device, {
        references: {
          assets: [{ url: `${SITE}/app.css?v=${page}`, kind: 'stylesheet' }],
          otherHosts: [],
          capped: false
        }
      })
    }
    // A page naming an asset already kept still counts for it.
    counting.pageFresh(`${SITE}/again`, device, {
      references: {
        assets: [{ url: `${SITE}/app.css?v=0`, kind: 'stylesheet' }],
        otherHosts: [],
        capped: false
      }
    })
    const found = await counting.finish()
    expect(found.counts.whole).toBe(MAX_ASSET_CHECKS)
    expect(found.leftOut).toBe(5)
    expect(describeAssets(found)).toContain(
      '; 5 references of fresh pages to further assets left out, not checked: a run makes at most 20,000 asset checks'
    )
  })
})
