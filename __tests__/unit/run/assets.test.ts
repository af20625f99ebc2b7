/**
 * The run in process, a deploy that is whole: after a deploy, the action purges, proves the pages
 * fresh at the emulator's public site, then checks the bundles they reference. A healthy deploy
 * ends fresh with its assets counted; a bundle cached as a 404 is repaired by a URL purge; an HTML
 * fallback and an old build's deleted bundles never end ✅ and are named with the pages that need
 * them; `verify_assets: false` checks none; a third party's script is never requested; a host named
 * in `asset_hosts` (a second emulator: another port of 127.0.0.1, so another origin) is checked,
 * one not named is not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { startEmulator, type Emulator } from '../../../emulator/server.mjs'
import { MAX_REFERENCES_PER_PAGE } from '../../../src/verify/assets/asset-results.js'
import { MAX_REPAIR_PURGES } from '../../../src/verify/assets/repair-queue.js'
import { API_KEY, runWith, summaryHeadline, visibleText } from './helpers.js'

const OLD = 'build-1'
const NEW = 'build-2'

/** The bundles a page of a build references (emulator/README.md, "Assets"). */
function bundles(build: string) {
  const h = createHash('sha256').update(build).digest('hex').slice(0, 8)
  return {
    script: `/assets/app.${h}.js`,
    stylesheet: `/assets/app.${h}.css`,
    modulepreload: `/assets/chunk-vendor.${h}.js`,
    font: `/assets/font.${h}.woff2`
  }
}

interface BrokenAsset {
  url: string
  device: string
  kind: string
  reason: string
  status: number | null
  content_type: string | null
  pages: string[]
  redirected_to: string | null
  redirects: number
}

let emulator: Emulator
/** A second emulator playing a static-assets host (another origin). */
let statics: Emulator
beforeAll(async () => {
  emulator = await startEmulator({
    apiKey: API_KEY,
    sitePort: 0,
    originPort: 0,
    build: OLD,
    propagationMs: 1000,
    renderMs: 300
  })
  statics = await startEmulator({ sitePort: 0, build: OLD, propagationMs: 1000, renderMs: 300 })
})
afterAll(async () => {
  await emulator.close()
  await statics.close()
})
beforeEach(() => {
  emulator.reset()
  statics.reset()
  emulator.configureSite({
    propagationMs: 1000,
    renderMs: 300,
    assets: true,
    assetChunks: 0,
    assetBase: '',
    // The third party's script, pointed at a listener whose log a test can read.
    thirdPartyScript: `${emulator.sitemapHostUrl}/widget.js`
  })
  // Every case is about a deploy: the pages the purge brings reference the new build's bundles.
  emulator.deploy(NEW)
  statics.deploy(NEW)
})

const wholeInputs = (extra: Record<string, string> = {}): Record<string, string> => ({
  urls: '/about\n/contact',
  site_url: emulator.siteUrl,
  verify: 'true',
  verify_timeout_seconds: '30',
  devices: 'desktop, mobile',
  ...extra
})

const assetRequests = (emu: Emulator) =>
  emu.siteRequests.filter(request => request.url.startsWith('/assets/'))

const brokenAssets = (outputs: Record<string, string>): BrokenAsset[] =>
  JSON.parse(outputs['broken_assets'] ?? 'null') as BrokenAsset[]

describe('assets at the edge', () => {
  it('a healthy deploy ends fresh with its assets counted, the third party never asked', async () => {
    const result = await runWith(emulator.url, wholeInputs())
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      verify_status: 'fresh',
      stale: '[]',
      broken_assets: '[]'
    })
    expect(result.outputs['whole_seconds']).toMatch(/^\d+(\.\d)?$/)
    expect(summaryHeadline(result)).toMatch(/asset/i)
    const b = bundles(NEW)
    expect(new Set(assetRequests(emulator).map(request => request.url))).toEqual(
      new Set([b.script, b.stylesheet, b.modulepreload, b.font])
    )
    // Each asset on each device type, whatever the pages sharing it: never more than that
    // many distinct checks.
    const checks = new Set(assetRequests(emulator).map(r => `${r.url} ${r.device}`))
    expect(checks.size).toBe(8)
    expect(emulator.publicSite.sitemapHost.requests).toEqual([])
    expect(visibleText(result)).not.toContain(API_KEY)
  })

  it('a bundle cached as a 404 before it existed is purged by URL, checked again: fresh', async () => {
    const { paths } = emulator.assetFault('asset-cached-404')
    const path = paths[0] ?? ''
    expect(path).toBe(bundles(NEW).script)
    const result = await runWith(emulator.url, wholeInputs())
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', broken_assets: '[]' })
    // The deploy's purge of the pages, then one URL purge of the asset.
    const assetPurges = emulator.history.filter(
      purge => purge.kind === 'url' && purge.values.some(value => value.endsWith(path))
    )
    expect(assetPurges).toHaveLength(1)
    expect(result.outputs['whole_seconds']).toMatch(/^\d+(\.\d)?$/)
    expect(visibleText(result)).toMatch(/repaired/i)
    expect(visibleText(result)).toContain(path)
  })

  it('pages naming 200 broken bundles each: a few batched purges within concurrency', async () => {
    emulator.configureSite({ assetChunks: MAX_REFERENCES_PER_PAGE - 4 })
    const chunks = Array.from(
      { length: MAX_REFERENCES_PER_PAGE - 4 },
      (_, k) => `/assets/chunk-${k + 1}.${bundles(NEW).script.split('.')[1]}.js`
    )
    for (const path of chunks) emulator.assetFault('asset-cached-404', { path })
    const result = await runWith(
      emulator.url,
      wholeInputs({ concurrency: '2', batch_size: '20', verify_timeout_seconds: '60' })
    )
    // The workflow's own purge is the first request; every other one repairs assets.
    const [deploy, ...repairs] = emulator.requests.filter(request =>
      request.path.startsWith('/api/v1/cache/purge')
    )
    expect(deploy?.body).toEqual({ url: ['/about', '/contact'] })
    const repaired = repairs.flatMap(request => (request.body as { url: string[] }).url)
    expect(new Set(repaired).size).toBe(repaired.length)
    expect(repaired.length).toBe(MAX_REPAIR_PURGES)
    expect(repaired.every(path => chunks.includes(path))).toBe(true)
    // Batched by batch_size, gathered: a handful of requests, never one an asset.
    expect(repairs.length).toBeLessThanOrEqual(Math.ceil(MAX_REPAIR_PURGES / 20) + 3)
    expect(repairs.every(request => (request.body as { url: string[] }).url.length <= 20)).toBe(
      true
    )
    expect(emulator.peakInFlight).toBeLessThanOrEqual(2)
    // The purges are the run's: in the outputs, and rows of the purge table.
    const urls = JSON.parse(result.outputs['urls'] ?? '[]') as string[]
    expect(urls).toEqual(['/about', '/contact', ...repaired])
    expect(result.outputs['count']).toBe(String(2 + MAX_REPAIR_PURGES))
    expect(result.summary).toContain('asset repair')
    // The rest are named, not purged: the run is not ✅.
    expect(result.outputs['verify_status']).toBe('broken')
    const capped = brokenAssets(result.outputs)
    expect(capped.length).toBeGreaterThan(0)
    expect(visibleText(result)).toContain('the most one run repairs')
  })

  it('an HTML fallback where a stylesheet was asked for: broken, named with its pages', async () => {
    const { paths } = emulator.assetFault('html-fallback')
    const path = paths[0] ?? ''
    const result = await runWith(emulator.url, wholeInputs())
    expect(result.exitCode).not.toBe(0)
    expect(result.outputs['verify_status']).toBe('broken')
    expect(result.outputs['whole_seconds']).toBe('')
    // The run's mark is not ✅ (the pages themselves are fresh, and the line says so too).
    expect(summaryHeadline(result)).toMatch(/^❌ .* · ❌ \d+ of \d+ assets broken/)
    const broken = brokenAssets(result.outputs)
    expect(broken.map(asset => asset.device).sort()).toEqual(['desktop', 'mobile'])
    for (const asset of broken) {
      expect(asset).toMatchObject({
        url: `${emulator.siteUrl}${path}`,
        kind: 'stylesheet',
        reason: 'html-fallback',
        status: 200,
        content_type: 'text/html'
      })
      expect([...asset.pages].sort()).toEqual([
        `${emulator.siteUrl}/about`,
        `${emulator.siteUrl}/contact`
      ])
    }
    expect(visibleText(result)).toContain(path)
    // A new render answered HTML: the origin serves it so, and a purge would render the same.
    // Neither purged nor asked again until the deadline: once a device.
    expect(
      emulator.history.filter(
        purge => purge.kind === 'url' && purge.values.some(value => value.endsWith(path))
      )
    ).toEqual([])
    expect(assetRequests(emulator).filter(request => request.url === path)).toHaveLength(2)
  })

  it('a rolling deploy whose old bundles were deleted never ends ✅: the asset and its page', async () => {
    emulator.assetFault('old-assets-deleted', { pages: ['/about'] })
    const result = await runWith(emulator.url, wholeInputs())
    expect(result.exitCode).not.toBe(0)
    expect(result.outputs['verify_status']).toBe('broken')
    // The run's mark is not ✅ (the pages themselves are fresh, and the line says so too).
    expect(summaryHeadline(result)).toMatch(/^❌ .* · ❌ \d+ of \d+ assets broken/)
    const broken = brokenAssets(result.outputs)
    const old = bundles(OLD)
    expect(new Set(broken.map(asset => asset.url))).toEqual(
      new Set(
        [old.script, old.stylesheet, old.modulepreload, old.font].map(
          p => `${emulator.siteUrl}${p}`
        )
      )
    )
    for (const asset of broken) {
      expect(asset).toMatchObject({ reason: 'status', status: 404 })
      // Only the page rendered from the old build needs them.
      expect(asset.pages).toEqual([`${emulator.siteUrl}/about`])
    }
    expect(visibleText(result)).toContain(old.script)
  })

  it('verify_assets: false checks no asset', async () => {
    emulator.assetFault('html-fallback')
    const result = await runWith(emulator.url, wholeInputs({ verify_assets: 'false' }))
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', broken_assets: '[]' })
    expect(assetRequests(emulator)).toEqual([])
  })

  it('a host named in asset_hosts is checked; one not named is a third party, never asked', async () => {
    emulator.configureSite({ assetBase: statics.siteUrl })
    const host = new URL(statics.siteUrl).host // 127.0.0.1:PORT: another origin
    const named = await runWith(emulator.url, wholeInputs({ asset_hosts: host }))
    expect(named.exitCode).toBe(0)
    expect(named.outputs).toMatchObject({ verify_status: 'fresh', broken_assets: '[]' })
    const b = bundles(NEW)
    expect(new Set(assetRequests(statics).map(request => request.url))).toEqual(
      new Set([b.script, b.stylesheet, b.modulepreload, b.font])
    )
    expect(assetRequests(emulator)).toEqual([])

    emulator.reset()
    statics.reset()
    emulator.deploy(NEW)
    const unnamed = await runWith(emulator.url, wholeInputs())
    expect(unnamed.exitCode).toBe(0)
    expect(unnamed.outputs['verify_status']).toBe('fresh')
    expect(assetRequests(statics)).toEqual([])
  })

  it('an asset_hosts value with a path is an input problem naming the input and the value', async () => {
    const result = await runWith(
      emulator.url,
      wholeInputs({ asset_hosts: 'static.example.com/assets' })
    )
    expect(result.exitCode).not.toBe(0)
    expect(emulator.history).toEqual([])
    expect(visibleText(result)).toMatch(/asset_hosts[\s\S]*static\.example\.com\/assets/)
  })

  it('a bundle that redirects to an asset_hosts host is followed there and whole', async () => {
    const b = bundles(NEW)
    const to = `${statics.siteUrl}${b.script}`
    emulator.assetFault('asset-redirect', { to })
    const host = new URL(statics.siteUrl).host
    const result = await runWith(emulator.url, wholeInputs({ asset_hosts: host }))
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', broken_assets: '[]' })
    expect(assetRequests(statics).map(request => request.url)).toEqual([b.script, b.script])
  })

  it('a bundle that redirects out of scope: never asked there, named, the deploy not failed', async () => {
    const away = `${emulator.sitemapHostUrl}/app.js`
    const { paths } = emulator.assetFault('asset-redirect', { to: away })
    const result = await runWith(emulator.url, wholeInputs())
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', broken_assets: '[]' })
    expect(emulator.publicSite.sitemapHost.requests).toEqual([])
    expect(visibleText(result)).toContain('2 redirected to other hosts not checked')
    expect(visibleText(result)).toContain(away)
    expect(visibleText(result)).toContain(paths[0] ?? '')
  })

  it('a bundle that redirects in a loop is broken, with where its redirects led', async () => {
    const script = bundles(NEW).script
    emulator.assetFault('asset-redirect', { to: '/assets/moved.js' })
    emulator.assetFault('asset-redirect', { path: '/assets/moved.js', to: script })
    const result = await runWith(emulator.url, wholeInputs({ devices: 'desktop' }))
    expect(result.exitCode).not.toBe(0)
    expect(result.outputs['verify_status']).toBe('broken')
    expect(brokenAssets(result.outputs)).toEqual([
      expect.objectContaining({
        url: `${emulator.siteUrl}${script}`,
        reason: 'redirect-loop',
        status: 301,
        redirected_to: `${emulator.siteUrl}${script}`,
        redirects: 2
      })
    ])
    expect(visibleText(result)).toContain('a redirect loop back to')
  })
})
