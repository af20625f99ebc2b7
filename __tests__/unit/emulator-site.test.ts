import { describe, it, expect, beforeAll, afterAll, beforeEach } from '@jest/globals'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { createInterface } from 'node:readline'
import { gunzipSync } from 'node:zlib'
import {
  startEmulator,
  deviceFor,
  formatKcDate,
  formatDuration,
  EdgeCache,
  ENDPOINTS,
  type Emulator
} from '../../emulator/server.mjs'
import {
  sampleSite,
  sampleSiteByCountry,
  edgeCaseSite,
  syntheticSite
} from '../../emulator/site.mjs'

const KEY = 'emulator-key'
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const GOOGLEBOT_UA =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** The documented cache-date format, fraction empty (the default). */
const KC_DATE_EMPTY = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.Z \(GMT\) \((?:\d+[dhms] ?)+ of 7d\)$/

let emu: Emulator

beforeAll(async () => {
  emu = await startEmulator({ sitePort: 0, propagationMs: 150, renderMs: 80 })
})

afterAll(async () => {
  await emu.close()
})

beforeEach(() => {
  emu.seed(sampleSite)
  emu.configureSite({
    propagationMs: 150,
    propagationJitterMs: 0,
    renderMs: 80,
    clockSkewMs: 0,
    kcDateFraction: 'empty',
    siteHeaders: true,
    robotsTxt: true,
    sitemaps: true,
    sitemapForeignUrls: [],
    sitemapMalformed: false,
    sitemapFormat: 'xml',
    robotsEncoding: 'utf-8'
  })
  emu.reset()
})

interface Page {
  status: number
  headers: Headers
  text: string
  kcStatus: string | null
  kcDate: string | null
}

async function get(path: string, ua = DESKTOP_UA, extra: Record<string, string> = {}) {
  const res = await fetch(`${emu.siteUrl}${path}`, {
    headers: { 'user-agent': ua, accept: 'text/html', ...extra },
    redirect: 'manual'
  })
  const text = await res.text()
  return {
    status: res.status,
    headers: res.headers,
    text,
    kcStatus: res.headers.get('emu-kc-status'),
    kcDate: res.headers.get('emu-kc-date')
  } satisfies Page
}

async function purge(kind: 'tag' | 'url' | 'pattern', body: Record<string, unknown>) {
  const res = await fetch(`${emu.url}${ENDPOINTS[kind]}?api_key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { purged: number }
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** Requests a page until its status header is `want` (at most ~10 s), returns that answer. */
async function until(path: string, want: string, ua = DESKTOP_UA): Promise<Page> {
  for (let k = 0; k < 400; k++) {
    const page = await get(path, ua)
    if (page.kcStatus === want) return page
    await sleep(25)
  }
  throw new Error(`${path} never answered ${want}`)
}

/** The cache date of a `Kc-Date` value, in ms (its timestamp has a one-second resolution). */
function kcDateMs(value: string | null): number {
  const stamp = /^(\S+) \(GMT\)/.exec(value ?? '')?.[1] ?? ''
  return Date.parse(stamp.replace(/\.Z$/, 'Z'))
}

async function bodyBytes(
  res: Response,
  stopAfter = Infinity
): Promise<{ bytes: number; tail: string }> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  let bytes = 0
  let tail = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.length
    tail = (tail + Buffer.from(value).toString('latin1')).slice(-200)
    if (bytes >= stopAfter) {
      await reader.cancel()
      break
    }
  }
  return { bytes, tail }
}

describe('pure helpers', () => {
  it('maps user agents to device types', () => {
    expect(deviceFor(DESKTOP_UA)).toBe('desktop')
    expect(deviceFor(IPHONE_UA)).toBe('mobile')
    expect(deviceFor(IPAD_UA)).toBe('tablet')
    expect(deviceFor(GOOGLEBOT_UA)).toBe('bot')
    expect(deviceFor('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(
      'mobile'
    )
    expect(deviceFor('Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36')).toBe('tablet')
    expect(deviceFor('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe('bot')
    expect(deviceFor('SomeCrawler/1.0')).toBe('bot')
    expect(deviceFor('a-spider')).toBe('bot')
    expect(deviceFor('My Tablet Browser')).toBe('tablet')
    expect(deviceFor('curl/8.0')).toBe('desktop')
    expect(deviceFor(undefined)).toBe('desktop')
    expect(deviceFor('Custom, with commas, (X11; Linux)')).toBe('desktop')
  })

  it('formats durations and cache dates as the edge does', () => {
    expect(formatDuration(0)).toBe('0s')
    expect(formatDuration(7 * 86400_000)).toBe('7d')
    expect(formatDuration((2 * 3600 + 3 * 60 + 11) * 1000 + 999)).toBe('2h 3m 11s')
    expect(formatDuration(3600_000 + 5000)).toBe('1h 5s')
    const cached = Date.parse('2026-11-23T09:14:07.250Z')
    const now = cached + (2 * 3600 + 3 * 60 + 11) * 1000
    const week = 7 * 86400_000
    expect(formatKcDate(cached, now, week)).toBe('2026-11-23T09:14:07.Z (GMT) (2h 3m 11s of 7d)')
    expect(formatKcDate(cached, now, week, 'ms')).toBe(
      '2026-11-23T09:14:07.250Z (GMT) (2h 3m 11s of 7d)'
    )
    expect(formatKcDate(cached, now, week, 'none')).toBe(
      '2026-11-23T09:14:07Z (GMT) (2h 3m 11s of 7d)'
    )
  })
})

describe('EdgeCache (explicit clock)', () => {
  it('keeps serving the old entry until the purge arrives, then renders it again', () => {
    const edge = new EdgeCache({ propagationMs: 1000, renderMs: 200, seedAgeMs: 60_000 })
    const t0 = 1_000_000
    edge.load(sampleSite, t0)
    expect(edge.serve('/about', 'desktop', null, t0).status).toBe('HIT')
    expect(edge.schedulePurge(path => path === '/about', null, t0 + 10)).toBe(2) // mobile, desktop
    const before = edge.serve('/about', 'desktop', null, t0 + 1009)
    expect(before.status).toBe('HIT')
    expect(before.entry.cachedAt).toBe(t0 - 60_000)
    const first = edge.serve('/about', 'desktop', null, t0 + 1010)
    expect(first).toMatchObject({ status: 'EXTRACTING', started: true })
    expect(edge.serve('/about', 'desktop', null, t0 + 1209)).toMatchObject({
      status: 'EXTRACTING',
      started: false
    })
    const hit = edge.serve('/about', 'desktop', null, t0 + 1210)
    expect(hit.status).toBe('HIT')
    expect(hit.entry.cachedAt).toBe(t0 + 1210)
    // The other device's entry was dropped too, and other pages were not.
    expect(edge.serve('/about', 'mobile', null, t0 + 1300).status).toBe('EXTRACTING')
    expect(edge.serve('/contact', 'mobile', null, t0 + 1300).status).toBe('HIT')
  })

  it('does not drop a render made after the purge was accepted', () => {
    const edge = new EdgeCache({ propagationMs: 1000, renderMs: 0 })
    edge.load([{ path: '/a' }], 0)
    edge.serve('/a', 'tablet', null, 5) // cold: rendered at 5
    edge.schedulePurge(() => true, null, 1)
    expect(edge.serve('/a', 'tablet', null, 2000).status).toBe('HIT')
    expect(edge.serve('/a', 'desktop', null, 2000).status).toBe('EXTRACTING')
  })

  it('spreads arrival with a seeded jitter', () => {
    const arrivals = () => {
      const edge = new EdgeCache({
        propagationMs: 100,
        propagationJitterMs: 1000,
        propagationSeed: 7
      })
      edge.load(syntheticSite(50), 0)
      edge.schedulePurge(() => true, null, 0)
      return edge.list(0).map(e => e.dropAt as number)
    }
    const a = arrivals()
    expect(a).toHaveLength(100)
    expect(a).toEqual(arrivals())
    expect(Math.min(...a)).toBeGreaterThanOrEqual(100)
    expect(Math.max(...a)).toBeLessThanOrEqual(1100)
    expect(new Set(a).size).toBeGreaterThan(10)
  })

  it('purges one country only on a Cache By Country site', () => {
    const edge = new EdgeCache({ propagationMs: 0, renderMs: 0 })
    edge.load(sampleSiteByCountry, 0)
    edge.schedulePurge(path => path === '/about', 'IT', 1)
    expect(edge.serve('/about', 'desktop', 'IT', 2).status).toBe('EXTRACTING')
    expect(edge.serve('/about', 'desktop', 'FR', 2).status).toBe('HIT')
  })
})

describe('public site: pages', () => {
  it('answers a seeded page HIT with the contract headers, cached 1 h before start', async () => {
    const page = await get('/blog/')
    expect(page.status).toBe(200)
    expect(page.kcStatus).toBe('HIT')
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.text).toMatch(/<html>/)
    expect(page.kcDate).toMatch(KC_DATE_EMPTY)
    expect(page.kcDate).toMatch(/\(1h(?: \d+s)? of 7d\)$/)
    const date = Date.parse(page.headers.get('date') ?? '')
    expect(Number.isNaN(date)).toBe(false)
    const age = date - kcDateMs(page.kcDate)
    expect(age).toBeGreaterThan(3590_000)
    expect(age).toBeLessThan(3610_000)
    expect(page.headers.get('emu-req')).toMatch(/^[0-9a-f-]{36}$/)
    expect(page.headers.get('emu-transaction')).toMatch(/^[0-9a-f-]{36}$/)
    expect(page.headers.get('emu-tags')).toBe('blog, blog-index, blog-section, folder-blog')
    expect(page.headers.get('emu-bypass')).toBeNull()
  })

  it('writes the fraction as configured', async () => {
    emu.configureSite({ kcDateFraction: 'ms' })
    expect((await get('/')).kcDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(GMT\) /)
    emu.configureSite({ kcDateFraction: 'none' })
    expect((await get('/')).kcDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(GMT\) /)
  })

  it('serves path and query exactly, and HEAD like GET without a body', async () => {
    expect((await get('/products/shoes?color=red')).kcStatus).toBe('HIT')
    expect((await get('/products/shoes?color=green')).status).toBe(404)
    const res = await fetch(`${emu.siteUrl}/about`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('emu-kc-status')).toBe('HIT')
    expect(await res.text()).toBe('')
    const post = await fetch(`${emu.siteUrl}/about`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('keeps one entry per device: a device not cached is a cold cache', async () => {
    // '/' is cached for bot, '/about' is not; nothing is cached for tablets.
    expect((await get('/', GOOGLEBOT_UA)).kcStatus).toBe('HIT')
    expect((await get('/about', IPHONE_UA)).kcStatus).toBe('HIT')
    expect((await get('/about', GOOGLEBOT_UA)).kcStatus).toBe('EXTRACTING')
    expect((await get('/about', IPAD_UA)).kcStatus).toBe('EXTRACTING')
    const warm = await until('/about', 'HIT', IPAD_UA)
    expect(kcDateMs(warm.kcDate)).toBeGreaterThan(Date.now() - 60_000)
    expect(emu.siteRequests.map(r => r.device)).toEqual(
      expect.arrayContaining(['bot', 'mobile', 'tablet'])
    )
    // The service cached the new renders: a purge now removes them too.
    expect(emu.cache.has('/about', { device: 'tablet' })).toBe(true)
  })

  it('shows the old HIT during propagation, then EXTRACTING, then HIT with a new date', async () => {
    emu.configureSite({ propagationMs: 600, renderMs: 100 })
    const before = await get('/docs/guide/install', IPHONE_UA)
    expect(before.kcStatus).toBe('HIT')
    const acceptedAt = Date.now()
    expect((await purge('tag', { tag: ['guide'] })).purged).toBe(4)
    // The API's bookkeeping is immediate, the edge's view is not.
    expect(emu.cache.has('/docs/guide/install')).toBe(false)
    const during = await get('/docs/guide/install', IPHONE_UA)
    expect(during.kcStatus).toBe('HIT')
    expect(during.kcDate?.slice(0, 20)).toBe(before.kcDate?.slice(0, 20))
    const extracting = await until('/docs/guide/install', 'EXTRACTING', IPHONE_UA)
    expect(extracting.kcDate).toBeNull()
    expect(Date.now() - acceptedAt).toBeGreaterThanOrEqual(600)
    const after = await until('/docs/guide/install', 'HIT', IPHONE_UA)
    expect(after.kcDate).toMatch(KC_DATE_EMPTY)
    // One-second resolution: the new date is at or after the acceptance's second.
    expect(kcDateMs(after.kcDate)).toBeGreaterThanOrEqual(Math.floor(acceptedAt / 1000) * 1000)
    // The desktop entry was purged too, and a page the purge did not select was not.
    expect((await get('/docs/guide/usage')).kcStatus).toBe('EXTRACTING')
    expect((await get('/docs/')).kcStatus).toBe('HIT')
  })

  it('applies URL and pattern purges at the edge, and a country purge to that country only', async () => {
    emu.configureSite({ propagationMs: 0 })
    await purge('url', { url: ['/contact'] })
    await purge('pattern', { pattern: '#^/fr/#' })
    expect((await get('/contact')).kcStatus).toBe('EXTRACTING')
    expect((await get('/fr/accueil')).kcStatus).toBe('EXTRACTING')
    expect((await get('/about')).kcStatus).toBe('HIT')

    emu.seed(sampleSiteByCountry)
    await purge('tag', { tag: ['about'], country: 'IT' })
    expect((await get('/about', DESKTOP_UA, { 'x-emu-country': 'IT' })).kcStatus).toBe('EXTRACTING')
    expect((await get('/about', DESKTOP_UA, { 'x-emu-country': 'US' })).kcStatus).toBe('HIT')
    // No header: the site's first country (IT).
    expect((await get('/about')).kcStatus).toBe('EXTRACTING')
    expect(emu.siteRequests.at(-1)?.country).toBe('IT')
  })

  it('answers DYNAMIC, MISS, a 404 that still says MISS, and a cached redirect', async () => {
    emu.seed(edgeCaseSite)
    const dynamic = await get('/account')
    expect([dynamic.status, dynamic.kcStatus, dynamic.kcDate]).toEqual([200, 'DYNAMIC', null])
    expect(dynamic.headers.get('emu-bypass')).toBe('SOFT_DYNAMIC')
    const miss = await get('/cart')
    expect([miss.status, miss.kcStatus, miss.kcDate]).toEqual([200, 'MISS', null])
    expect((await get('/cart')).kcStatus).toBe('MISS') // never cached
    expect(emu.cache.has('/cart')).toBe(false)
    const missing = await get('/no-such-page')
    expect([missing.status, missing.kcStatus]).toEqual([404, 'MISS'])
    expect(missing.headers.get('date')).not.toBeNull()
    const moved = await get('/old-about')
    expect([moved.status, moved.kcStatus, moved.headers.get('location')]).toEqual([
      301,
      'HIT',
      '/about'
    ])
    expect(emu.siteRequests.map(r => r.kcStatus)).toEqual([
      'DYNAMIC',
      'MISS',
      'MISS',
      'MISS',
      'HIT'
    ])
  })

  it('answers like an origin server (no brand headers at all) with siteHeaders: false', async () => {
    emu.configureSite({ siteHeaders: false })
    for (const path of ['/', '/no-such-page']) {
      const page = await get(path)
      const names = [...page.headers.keys()]
      expect(names.filter(n => n.startsWith('emu-') || n.endsWith('-kc-status'))).toEqual([])
      expect(page.headers.get('date')).not.toBeNull()
    }
  })

  it.each([3600_000, -3600_000])('skews its clock by %d ms (Date and Kc-Date)', async skew => {
    emu.configureSite({ clockSkewMs: skew, propagationMs: 0, renderMs: 0 })
    const sent = Date.now()
    const seeded = await get('/')
    const edgeDate = Date.parse(seeded.headers.get('date') ?? '')
    expect(Math.abs(edgeDate - (sent + skew))).toBeLessThan(5000)
    // Seeded one hour before start, in the edge's clock.
    expect(Math.abs(edgeDate - kcDateMs(seeded.kcDate) - 3600_000)).toBeLessThan(10_000)
    await purge('url', { url: ['/'] })
    expect((await get('/')).kcStatus).toBe('EXTRACTING')
    const fresh = await until('/', 'HIT')
    expect(Math.abs(kcDateMs(fresh.kcDate) - (Date.now() + skew))).toBeLessThan(5000)
  })

  it('logs every request as received, so a test can prove no credential was sent', async () => {
    await purge('url', { url: ['/'] })
    await get('/?utm=1', DESKTOP_UA, { 'x-probe': 'yes' })
    await get('/robots.txt')
    expect(emu.siteRequests).toHaveLength(2)
    const [first] = emu.siteRequests
    expect(first).toMatchObject({
      method: 'GET',
      url: '/?utm=1',
      device: 'desktop',
      status: 404,
      kcStatus: 'MISS',
      fault: null
    })
    expect(first?.headers['x-probe']).toBe('yes')
    expect(first?.headers['user-agent']).toBe(DESKTOP_UA)
    expect(typeof first?.at).toBe('number')
    const everything = JSON.stringify(emu.siteRequests)
    expect(everything).not.toContain(KEY)
    // The purge API's log did see the key: the two logs are separate.
    expect(emu.requests[0]?.rawQuery).toContain(KEY)
  })

  it('seeds a synthetic site of N pages cached for desktop and mobile', async () => {
    const big = await startEmulator({ syntheticPages: 1000, sitePort: 0 })
    try {
      expect(big.cache.size).toBe(2000)
      expect(big.edge.list()).toHaveLength(2000)
      const res = await fetch(`${big.siteUrl}/p/1000`, { headers: { 'user-agent': IPHONE_UA } })
      expect(res.headers.get('emu-kc-status')).toBe('HIT')
      expect(res.headers.get('emu-tags')).toBe('page-1000, folder-p')
      await res.text()
    } finally {
      await big.close()
    }
  })
})

describe('public site: robots.txt and sitemaps', () => {
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(m => (m[1] ?? '').replace(/&amp;/g, '&'))

  it('serves robots.txt pointing to an index of a plain and a gzip sitemap', async () => {
    emu.seed(edgeCaseSite)
    const robots = await (await fetch(`${emu.siteUrl}/robots.txt`)).text()
    expect(robots).toContain(`Sitemap: ${emu.siteUrl}/sitemap_index.xml\n`)
    const indexRes = await fetch(`${emu.siteUrl}/sitemap_index.xml`)
    expect(indexRes.headers.get('content-type')).toMatch(/xml/)
    const index = await indexRes.text()
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locs(index)).toEqual([
      `${emu.siteUrl}/sitemaps/pages-1.xml`,
      `${emu.siteUrl}/sitemaps/pages-2.xml.gz`
    ])
    const plain = await (await fetch(`${emu.siteUrl}/sitemaps/pages-1.xml`)).text()
    expect(plain).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const gzRes = await fetch(`${emu.siteUrl}/sitemaps/pages-2.xml.gz`)
    expect(gzRes.headers.get('content-type')).toBe('application/gzip')
    const gz = gunzipSync(Buffer.from(await gzRes.arrayBuffer())).toString('utf8')
    expect(gz).toContain('&amp;page=2</loc>')
    expect(gz).not.toMatch(/&(?!amp;)/)
    const pages = edgeCaseSite.pages.map(p => `${emu.siteUrl}${p.path}`)
    expect([...locs(plain), ...locs(gz)]).toEqual(pages)
    const all = await (await fetch(`${emu.siteUrl}/sitemap.xml`)).text()
    expect(locs(all)).toEqual(pages)
    expect(all).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00<\/lastmod>/)
  })

  it('can add a foreign host, a malformed file, and switch robots.txt or sitemaps off', async () => {
    emu.configureSite({
      sitemapForeignUrls: ['https://elsewhere.example/page'],
      sitemapMalformed: true
    })
    const plain = await (await fetch(`${emu.siteUrl}/sitemaps/pages-1.xml`)).text()
    expect(locs(plain)).toContain('https://elsewhere.example/page')
    const index = await (await fetch(`${emu.siteUrl}/sitemap_index.xml`)).text()
    expect(locs(index)).toContain(`${emu.siteUrl}/sitemaps/broken.xml`)
    const broken = await fetch(`${emu.siteUrl}/sitemaps/broken.xml`)
    expect(broken.status).toBe(200)
    expect(await broken.text()).not.toContain('</urlset>')

    emu.configureSite({ robotsTxt: false })
    expect((await fetch(`${emu.siteUrl}/robots.txt`)).status).toBe(404)
    expect((await fetch(`${emu.siteUrl}/sitemap.xml`)).status).toBe(200)
    emu.configureSite({ robotsTxt: true, sitemaps: false })
    const robots = await (await fetch(`${emu.siteUrl}/robots.txt`)).text()
    expect(robots).not.toContain('Sitemap:')
    for (const path of ['/sitemap.xml', '/sitemap_index.xml', '/sitemaps/pages-2.xml.gz']) {
      expect((await fetch(`${emu.siteUrl}${path}`)).status).toBe(404)
    }
  })

  it('streams a synthetic sitemap index of gzip files', async () => {
    const small = await startEmulator({
      site: [],
      sitePort: 0,
      syntheticSitemap: { urls: 120_001, files: 3, gzip: true }
    })
    try {
      const index = await (await fetch(`${small.siteUrl}/synthetic/index.xml`)).text()
      const files = locs(index)
      expect(files).toEqual([1, 2, 3].map(k => `${small.siteUrl}/synthetic/${k}.xml.gz`))
      const counts = []
      for (const file of files) {
        const xml = gunzipSync(Buffer.from(await (await fetch(file)).arrayBuffer())).toString()
        const urls = locs(xml)
        counts.push(urls.length)
        expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
        if (file.endsWith('/2.xml.gz')) {
          expect(urls[0]).toBe(`${small.siteUrl}/s/40002`)
          expect(urls.at(-1)).toBe(`${small.siteUrl}/s/80002`)
        }
      }
      expect(counts).toEqual([40_001, 40_001, 39_999])
      expect((await fetch(`${small.siteUrl}/synthetic/4.xml.gz`)).status).toBe(404)
      expect((await fetch(`${small.siteUrl}/synthetic/1.xml`)).status).toBe(404)
    } finally {
      await small.close()
    }
  })

  it('publishes each format robots.txt can list: text, gzip text, RSS, Atom, XML with extensions', async () => {
    emu.seed(edgeCaseSite)
    const pages = edgeCaseSite.pages.map(p => `${emu.siteUrl}${p.path}`)
    const robotsFor = async (format: 'text' | 'text-gz' | 'rss' | 'atom' | 'xml-media') => {
      emu.configureSite({ sitemapFormat: format })
      return (await (await fetch(`${emu.siteUrl}/robots.txt`)).text()).match(/^Sitemap: (.*)$/gm)
    }
    expect(await robotsFor('text')).toEqual([`Sitemap: ${emu.siteUrl}/sitemap.txt`])
    const text = await (await fetch(`${emu.siteUrl}/sitemap.txt`)).text()
    expect(text.trimEnd().split('\n')).toEqual(pages)

    expect(await robotsFor('text-gz')).toEqual([`Sitemap: ${emu.siteUrl}/sitemap.txt.gz`])
    const gz = await fetch(`${emu.siteUrl}/sitemap.txt.gz`)
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text)

    expect(await robotsFor('rss')).toEqual([`Sitemap: ${emu.siteUrl}/feed.rss`])
    const rss = await (await fetch(`${emu.siteUrl}/feed.rss`)).text()
    expect(rss).toMatch(/^<\?xml[^>]*>\n<rss version="2.0"><channel>/)
    const itemLinks = [...rss.matchAll(/<item><title>[^<]*<\/title><link>([^<]*)<\/link>/g)]
    expect(itemLinks.map(m => (m[1] ?? '').replace(/&amp;/g, '&'))).toEqual(pages)

    expect(await robotsFor('atom')).toEqual([`Sitemap: ${emu.siteUrl}/feed.atom`])
    const atom = await (await fetch(`${emu.siteUrl}/feed.atom`)).text()
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom">')
    const entryLinks = [
      ...atom.matchAll(/<entry><title>[^<]*<\/title><link href="([^"]*)"\/><link rel="edit"/g)
    ]
    expect(entryLinks.map(m => (m[1] ?? '').replace(/&amp;/g, '&'))).toEqual(pages)

    expect(await robotsFor('xml-media')).toEqual([`Sitemap: ${emu.siteUrl}/sitemap_index.xml`])
    const media = await (await fetch(`${emu.siteUrl}/sitemaps/pages-1.xml`)).text()
    for (const tag of [
      'image:loc',
      'video:content_loc',
      'video:player_loc',
      'video:thumbnail_loc',
      'news:news',
      'xhtml:link'
    ]) {
      expect(media).toContain(`<${tag}`)
    }
    const pageLocs = [...media.matchAll(/<url><loc>([^<]*)<\/loc>/g)].map(m =>
      (m[1] ?? '').replace(/&amp;/g, '&')
    )
    expect(pageLocs).toEqual(pages.slice(0, pageLocs.length))
    // Every page carries an image and a video whose URLs are on the site too.
    expect([...media.matchAll(/<image:loc>/g)]).toHaveLength(pageLocs.length)
    expect([...media.matchAll(/<video:content_loc>/g)]).toHaveLength(pageLocs.length)
  })

  it('cross-host: robots.txt names the sitemap host, which serves the index and logs each request', async () => {
    emu.seed(edgeCaseSite)
    emu.configureSite({ sitemapFormat: 'cross-host' })
    const host = emu.sitemapHostUrl
    expect(host).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(host).not.toBe(emu.siteUrl)
    const robots = await (await fetch(`${emu.siteUrl}/robots.txt`)).text()
    expect(robots).toContain(`Sitemap: ${host}/sitemap_index.xml\n`)
    const index = await (
      await fetch(`${host}/sitemap_index.xml`, { headers: { 'user-agent': 'probe' } })
    ).text()
    expect(locs(index)).toEqual([`${host}/sitemaps/pages-1.xml`, `${host}/sitemaps/pages-2.xml.gz`])
    const plain = await (await fetch(`${host}/sitemaps/pages-1.xml`)).text()
    const gz = gunzipSync(
      Buffer.from(await (await fetch(`${host}/sitemaps/pages-2.xml.gz`)).arrayBuffer())
    ).toString()
    expect([...locs(plain), ...locs(gz)]).toEqual(
      edgeCaseSite.pages.map(p => `${emu.siteUrl}${p.path}`)
    )
    const missing = await fetch(`${host}/other.xml`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<Code>NoSuchKey</Code>')
    const log = emu.publicSite.sitemapHost.requests
    expect(log.map(r => [r.url, r.status])).toEqual([
      ['/sitemap_index.xml', 200],
      ['/sitemaps/pages-1.xml', 200],
      ['/sitemaps/pages-2.xml.gz', 200],
      ['/other.xml', 404]
    ])
    expect(log[0]?.headers['user-agent']).toBe('probe')
    // The site itself still serves its own files; the host's log is separate.
    expect(emu.siteRequests.map(r => r.url)).toEqual(['/robots.txt'])
    emu.reset()
    expect(emu.publicSite.sitemapHost.requests).toEqual([])
  })

  it('a single-page app: robots.txt and the sitemap routes answer its HTML shell', async () => {
    emu.configureSite({ sitemapFormat: 'html-shell' })
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap_index.xml']) {
      const res = await fetch(`${emu.siteUrl}${path}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await res.text()).toMatch(/^<!doctype html>/)
    }
    // Pages are still pages.
    expect((await get('/')).kcStatus).toBe('HIT')
  })

  it('encodes robots.txt as UTF-8 (with or without a byte-order mark) or UTF-16 with its mark', async () => {
    const bytesOf = async (robotsEncoding: 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be') => {
      emu.configureSite({ robotsEncoding })
      return Buffer.from(await (await fetch(`${emu.siteUrl}/robots.txt`)).arrayBuffer())
    }
    const plain = await bytesOf('utf-8')
    expect(plain.toString()).toContain(`Sitemap: ${emu.siteUrl}/sitemap_index.xml`)
    expect([...(await bytesOf('utf-8-bom'))]).toEqual([0xef, 0xbb, 0xbf, ...plain])
    const le = await bytesOf('utf-16le')
    expect([le[0], le[1]]).toEqual([0xff, 0xfe])
    expect(le.subarray(2).toString('utf16le')).toBe(plain.toString())
    const be = await bytesOf('utf-16be')
    expect([be[0], be[1]]).toEqual([0xfe, 0xff])
    expect(Buffer.from(be.subarray(2)).swap16().toString('utf16le')).toBe(plain.toString())
    expect(() => emu.configureSite({ robotsEncoding: 'latin-1' as 'utf-8' })).toThrow(
      /robotsEncoding must be one of/
    )
    expect(() => emu.configureSite({ sitemapFormat: 'csv' as 'xml' })).toThrow(
      /sitemapFormat must be one of/
    )
  })

  it('streams synthetic text sitemaps and feeds behind indexes', async () => {
    const small = await startEmulator({
      site: [],
      sitePort: 0,
      syntheticSitemap: { urls: 25, files: 2, gzip: true },
      syntheticFeed: { items: 9, files: 2 }
    })
    try {
      const index = await (await fetch(`${small.siteUrl}/synthetic/text-index.xml`)).text()
      expect(locs(index)).toEqual([1, 2].map(k => `${small.siteUrl}/synthetic/${k}.txt.gz`))
      const lines = []
      for (const file of locs(index)) {
        lines.push(
          ...gunzipSync(Buffer.from(await (await fetch(file)).arrayBuffer()))
            .toString()
            .trimEnd()
            .split('\n')
        )
      }
      expect(lines).toEqual(Array.from({ length: 25 }, (_, i) => `${small.siteUrl}/s/${i + 1}`))
      const feeds = await (await fetch(`${small.siteUrl}/synthetic/feed-index.xml`)).text()
      expect(locs(feeds)).toEqual([
        `${small.siteUrl}/synthetic/feed-1.rss`,
        `${small.siteUrl}/synthetic/feed-2.atom`
      ])
      const rss = await (await fetch(`${small.siteUrl}/synthetic/feed-1.rss`)).text()
      expect([...rss.matchAll(/<link>([^<]*)<\/link><guid/g)].map(m => m[1])).toEqual(
        [1, 2, 3, 4, 5].map(n => `${small.siteUrl}/s/${n}`)
      )
      expect(rss.trimEnd().endsWith('</channel></rss>')).toBe(true)
      const atom = await (await fetch(`${small.siteUrl}/synthetic/feed-2.atom`)).text()
      expect([...atom.matchAll(/<link href="([^"]*)"\/><link rel="edit"/g)].map(m => m[1])).toEqual(
        [6, 7, 8, 9].map(n => `${small.siteUrl}/s/${n}`)
      )
      expect((await fetch(`${small.siteUrl}/synthetic/feed-2.rss`)).status).toBe(404)
      expect((await fetch(`${small.siteUrl}/synthetic/3.txt.gz`)).status).toBe(404)
    } finally {
      await small.close()
    }
  })

  it('streams a huge urlset of at most N bytes, and stops when the client leaves', async () => {
    const n = 20 * 1024 * 1024
    const heapBefore = process.memoryUsage().heapUsed
    const whole = await bodyBytes(await fetch(`${emu.siteUrl}/huge-sitemap.xml?bytes=${n}`))
    expect(whole.bytes).toBeLessThanOrEqual(n)
    expect(whole.bytes).toBeGreaterThan(n - 100)
    expect(whole.tail.endsWith('</url>\n</urlset>\n')).toBe(true)
    // Loosely: 20 MiB went through without the server (same process) holding it.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(n)
    const gigabyte = await fetch(`${emu.siteUrl}/huge-sitemap.xml?bytes=${1024 ** 3}`)
    const part = await bodyBytes(gigabyte, 1024 * 1024)
    expect(part.bytes).toBeGreaterThanOrEqual(1024 * 1024)
    // The server is still fine after the client left in the middle.
    expect((await get('/')).kcStatus).toBe('HIT')
  })
})

describe('public site: faults', () => {
  it('answers a queued status K times (optionally for one path only)', async () => {
    emu.siteFaults.enqueue({ status: 503, times: 2, headers: { 'Retry-After': '1' } })
    emu.siteFaults.enqueue({ status: 429, path: '/contact' })
    const first = await get('/')
    expect([first.status, first.kcStatus]).toEqual([503, null])
    expect(first.headers.get('retry-after')).toBe('1')
    expect((await get('/about')).status).toBe(503)
    expect((await get('/')).status).toBe(200)
    expect((await get('/contact')).status).toBe(429)
    expect((await get('/contact')).status).toBe(200)
    expect(emu.siteRequests.map(r => r.fault)).toEqual(['503', '503', null, '429', null])
    expect(emu.siteFaults.stats().injected).toBe(3)
  })

  it('matches a fault path with its query', async () => {
    emu.siteFaults.enqueue({ status: 500, path: '/products/shoes?color=red' })
    expect((await get('/products/shoes?color=blue')).status).toBe(200)
    expect((await get('/products/shoes?color=red')).status).toBe(500)
  })

  it('resets connections', async () => {
    emu.siteFaults.enqueue({ reset: true, times: 2 })
    await expect(get('/')).rejects.toThrow()
    await expect(get('/')).rejects.toThrow()
    expect((await get('/')).kcStatus).toBe('HIT')
    expect(emu.siteRequests.map(r => r.status)).toEqual([null, null, 200])
  })

  it('delays answers (a delayed answer arrives after a later undelayed one)', async () => {
    emu.siteFaults.enqueue({ delayMs: 400, path: '/about' })
    const order: string[] = []
    const slow = get('/about').then(p => order.push(`about ${p.kcStatus}`))
    await sleep(20)
    const fast = get('/contact').then(p => order.push(`contact ${p.kcStatus}`))
    await Promise.all([slow, fast])
    expect(order).toEqual(['contact HIT', 'about HIT'])
    expect(emu.siteRequests[0]?.fault).toBe('delay')
  })

  it('is reachable through the control API', async () => {
    const control = (path: string, body?: unknown) =>
      fetch(`${emu.url}/_emulator${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body)
      }).then(async r => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))
    const settings = await control('/site', { propagationMs: 42, clockSkewMs: -5 })
    expect(settings.body).toMatchObject({
      ok: true,
      siteUrl: emu.siteUrl,
      settings: { propagationMs: 42, clockSkewMs: -5, renderMs: 80 }
    })
    expect((await control('/site', { renderMs: -1 })).status).toBe(400)
    await control('/site/faults', { enqueue: [{ status: 502 }] })
    expect((await get('/')).status).toBe(502)
    const log = await control('/site/requests?limit=1')
    expect(log.body.requests).toEqual([expect.objectContaining({ url: '/', status: 502 })])
    const state = await control('/state')
    expect(state.body).toMatchObject({ siteUrl: emu.siteUrl, siteRequestCount: 1 })
    await control('/seed', { site: 'synthetic:3' })
    expect((await get('/p/3')).kcStatus).toBe('HIT')
    await control('/reset', {})
    expect(emu.siteRequests).toHaveLength(0)
  })
})

describe('cli with --site-port', () => {
  it('prints both addresses and serves the public site', async () => {
    const cli = fileURLToPath(new URL('../../emulator/cli.mjs', import.meta.url))
    const child = spawn(
      process.execPath,
      [
        cli,
        '--port=0',
        '--seed-site',
        'edge-cases',
        '--site-port',
        '0',
        '--propagation-ms',
        '0',
        '--render-ms',
        '0',
        '--clock-skew-ms',
        '-7200000',
        '--kc-date-fraction',
        'ms'
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    try {
      const lines = createInterface({ input: child.stdout })
      const iterator = lines[Symbol.asyncIterator]()
      const first = (await iterator.next()).value as string
      const second = (await iterator.next()).value as string
      expect(first).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+$/)
      expect(second).toMatch(/^site listening on http:\/\/127\.0\.0\.1:\d+$/)
      const site = second.replace('site listening on ', '')
      const res = await fetch(`${site}/account`)
      expect(res.headers.get('emu-kc-status')).toBe('DYNAMIC')
      const home = await fetch(`${site}/`)
      expect(home.headers.get('emu-kc-date')).toMatch(/^\S+\.\d{3}Z \(GMT\)/)
      expect(Date.now() - Date.parse(home.headers.get('date') ?? '')).toBeGreaterThan(7_000_000)
    } finally {
      child.kill('SIGTERM')
    }
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(0)
  })
})
