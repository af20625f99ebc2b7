/**
 * Each host its own backpressure: a 429 from a host of `asset_hosts` slows that host only (not
 * the site's pages, nor the site's own assets), is named with its own address, and leaves its
 * assets not checked, never broken: "too many requests" says nothing of whether they load.
 */
import { describe, expect, it } from '@jest/globals'
import { assetAnswer } from '../../src/report/assets/asset-report.js'
import type { AssetResult } from '../../src/verify/assets/asset-results.js'
import type { Overload } from '../../src/verify/check/options.js'
import { verifyPages } from '../../src/verify/check/verify-pages.js'
import { describeOverload } from '../../src/verify/explain.js'
import { VirtualClock } from '../support/virtual-clock.js'
import type { SiteHead } from '../../src/http/site-client.js'
import type { GetAsset } from '../../src/verify/check/read-page.js'
import { assets, devices, freshSite, options, pages, SITE } from '../support/asset-site.js'

const STATIC = 'https://static.example.com'
const HTML = `<script type=module src="${STATIC}/app.b1.js"></script>
<link rel=stylesheet href="/assets/app.b1.css">`

describe('a 429 from a host of asset_hosts', () => {
  it('holds back that host only, named; its assets are not checked, not broken', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const overloads: Overload[] = []
    const started = clock.now()
    const result = await clock.run(
      verifyPages(
        pages(40, clock.now()),
        options(
          clock,
          assets(clock, asked, url =>
            url.origin === STATIC
              ? { status: 429, headers: { 'retry-after': '20', 'content-type': 'text/plain' } }
              : undefined
          ),
          {
            pageCount: 40,
            hosts: ['static.example.com'],
            getPage: freshSite(clock, HTML),
            deadline: clock.now() + 120_000,
            onOverload: overload => overloads.push(overload)
          }
        )
      )
    )
    // The pages and the site's own stylesheet went on at once: the site was never held back.
    expect(result.overloads).toBeUndefined()
    expect(result.counts.fresh).toBe(80)
    expect(result.timeToFresh?.slowestMs).toBeLessThan(20_000)
    const siteAsks = asked.filter(ask => new URL(ask.url).origin === SITE)
    expect(siteAsks.every(ask => ask.at - started < 20_000)).toBe(true)
    // The host's own pause is named with its address.
    expect(overloads.length).toBeGreaterThan(0)
    expect(overloads.every(overload => overload.host === STATIC)).toBe(true)
    expect(describeOverload(overloads[0] as Overload)).toMatch(
      /^https:\/\/static\.example\.com answered HTTP 429 with Retry-After: 20: its requests wait/
    )
    // Asked again after each pause until the deadline, not hammered: the 20 s it asked between
    // two asks; a 429 is no failure of the asset, whatever the number of asks.
    const hostAsks = asked.filter(ask => new URL(ask.url).origin === STATIC)
    expect(hostAsks.length).toBeGreaterThan(2 * 3)
    for (let k = 1; k < hostAsks.length; k++) {
      const gap = (hostAsks[k]?.at ?? 0) - (hostAsks[k - 1]?.at ?? 0)
      expect(gap === 0 || gap >= 20_000).toBe(true)
    }
    expect(result.assets?.counts).toMatchObject({ broken: 0, 'not-checked': 2, whole: 2 })
    expect(result.assets?.listed.map(asset => [asset.url, asset.state, asset.httpStatus])).toEqual([
      [`${STATIC}/app.b1.js`, 'not-checked', 429],
      [`${STATIC}/app.b1.js`, 'not-checked', 429]
    ])
    expect(assetAnswer(result.assets?.listed[0] as AssetResult)).toMatch(
      /^HTTP 429 \(too many requests\) at every ask until the deadline/
    )
    expect(result.status).toBe('failed')
  })

  it('a 429 from the site itself still holds back the whole site', async () => {
    const clock = new VirtualClock()
    const asked: { url: string; agent: string; at: number }[] = []
    const overloads: Overload[] = []
    let first = true
    const result = await clock.run(
      verifyPages(
        pages(4, clock.now()),
        options(
          clock,
          assets(clock, asked, url => {
            if (url.origin !== SITE || !first) return undefined
            first = false
            return { status: 429, headers: { 'retry-after': '5' } }
          }),
          {
            pageCount: 4,
            getPage: freshSite(clock, '<link rel=stylesheet href="/assets/app.b1.css">'),
            onOverload: overload => overloads.push(overload)
          }
        )
      )
    )
    expect(result.overloads?.count).toBe(1)
    expect(overloads[0]?.host).toBeUndefined()
    expect(describeOverload(overloads[0] as Overload)).toMatch(/^The site answered HTTP 429/)
    expect(result.assets?.counts).toMatchObject({ whole: 2, broken: 0, 'not-checked': 0 })
  })
})

describe('an asset as a browser requests and judges it', () => {
  /** One page of `html` on one device; each ask recorded with the Origin it sent. */
  async function checkOne(html: string, answer: (url: URL, origin?: string) => SiteHead) {
    const clock = new VirtualClock()
    const asked: { url: string; origin: string | undefined }[] = []
    const getAsset: GetAsset = async (url, _agent, _timeout, origin) => {
      asked.push({ url: url.href, origin })
      return answer(url, origin)
    }
    const result = await clock.run(
      verifyPages(
        pages(1, clock.now()),
        options(clock, getAsset, {
          pageCount: 1,
          devices: devices.slice(0, 1),
          hosts: ['static.example.com'],
          getPage: freshSite(clock, html)
        })
      )
    )
    return { result, asked }
  }
  const js = { 'content-type': 'text/javascript' }

  it('a module script on an asset host without Access-Control-Allow-Origin is broken: cors', async () => {
    const { result, asked } = await checkOne(
      `<script type=module src="${STATIC}/app.b1.js"></script>`,
      () => ({ status: 200, headers: js })
    )
    expect(asked).toEqual([{ url: `${STATIC}/app.b1.js`, origin: SITE }])
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({ state: 'broken', reason: 'cors' })
  })

  it('one that allows the site (or any origin) is whole; a classic script sends no Origin', async () => {
    const { result, asked } = await checkOne(
      `<script type=module src="${STATIC}/app.b1.js"></script><script src="${STATIC}/legacy.js"></script>`,
      (_url, origin) => ({
        status: 200,
        headers: { ...js, ...(origin !== undefined && { 'access-control-allow-origin': origin }) }
      })
    )
    expect(asked).toEqual([
      { url: `${STATIC}/app.b1.js`, origin: SITE },
      { url: `${STATIC}/legacy.js`, origin: undefined }
    ])
    expect(result.status).toBe('fresh')
  })

  it('a classic script served as application/octet-stream runs, unless nosniff', async () => {
    const { result } = await checkOne(
      `<script src="/assets/a.js"></script><script src="/assets/b.js"></script>`,
      url => ({
        status: 200,
        headers: {
          'content-type': 'application/octet-stream',
          'acme-kc-status': 'HIT',
          ...(url.pathname === '/assets/b.js' && { 'x-content-type-options': 'nosniff' })
        }
      })
    )
    expect(result.assets?.counts).toMatchObject({ whole: 1, broken: 1 })
    expect(result.assets?.listed[0]).toMatchObject({
      url: `${SITE}/assets/b.js`,
      reason: 'wrong-type'
    })
  })
})
