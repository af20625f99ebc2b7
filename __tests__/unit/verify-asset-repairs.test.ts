/**
 * A page's HTML never drives more purges than asked. The asset checks turn the HTML of the
 * fresh pages, which whoever writes the site's templates or content controls, into purges that
 * carry the API key: the purges that repair broken assets are batched, capped a run, and held to
 * the checks of the `urls` input; an HTML page where an asset was expected is a wrong reference
 * to report, never a cache entry to drop.
 */
import { describe, expect, it } from '@jest/globals'
import type { SiteHead } from '../../src/http/site-client.js'
import type { GetAsset } from '../../src/verify/check/read-page.js'
import { MAX_REFERENCES_PER_PAGE } from '../../src/verify/assets/asset-results.js'
import {
  GATHER_MS,
  MAX_REPAIR_PURGES,
  RepairQueue,
  type PurgeAssetPaths
} from '../../src/verify/assets/repair-queue.js'
import { verifyPages } from '../../src/verify/check/verify-pages.js'
import { VirtualClock } from '../support/virtual-clock.js'
import {
  assets,
  freshSite,
  notFoundThroughCache,
  options,
  pages,
  SITE
} from '../support/asset-site.js'

/** Every batch the checks sent to the purge, as the run's sender got it: all accepted. */
function recordingSender(batches: string[][]): PurgeAssetPaths {
  return async paths => {
    batches.push([...paths])
    return { accepted: paths }
  }
}

/** One page of `html` checked on two devices, its assets answered by `answer`. */
async function checkPages(
  html: string | ((page: URL) => string),
  answer: (url: URL) => SiteHead | undefined,
  pageCount = 1
) {
  const clock = new VirtualClock()
  const asked: { url: string; agent: string; at: number }[] = []
  const batches: string[][] = []
  const getAsset: GetAsset = assets(clock, asked, answer)
  const result = await clock.run(
    verifyPages(
      pages(pageCount, clock.now()),
      options(clock, getAsset, {
        pageCount,
        getPage: freshSite(clock, html),
        purgeAssets: recordingSender(batches)
      })
    )
  )
  return { result, batches, asked }
}

const page200: SiteHead = {
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'acme-kc-status': 'HIT' }
}

describe('the purges that repair assets', () => {
  it('five pages naming 200 cached 404s each: a capped few, in batches; the rest named', async () => {
    const html = (page: URL): string =>
      Array.from(
        { length: MAX_REFERENCES_PER_PAGE },
        (_, k) => `<script src="/junk${page.pathname}/${k}.js"></script>`
      ).join('')
    const { result, batches } = await checkPages(
      html,
      url => (url.pathname.startsWith('/junk/') ? notFoundThroughCache : undefined),
      5
    )
    const purged = batches.flat()
    // The cap, each path once, whatever the devices that found it broken.
    expect(purged).toHaveLength(MAX_REPAIR_PURGES)
    expect(new Set(purged).size).toBe(MAX_REPAIR_PURGES)
    // Gathered: a few purges, not one an asset.
    expect(batches.length).toBeLessThanOrEqual(3)
    // 1,000 paths on two devices, all broken (the fake edge keeps its 404s): the ones past the
    // cap named so, the purged ones as purged and still broken.
    expect(result.assets?.counts.broken).toBe(5 * MAX_REFERENCES_PER_PAGE * 2)
    const listed = result.assets?.listed ?? []
    const capped = listed.filter(asset => asset.notPurged === 'repair-cap')
    expect(capped.length).toBeGreaterThan(0)
    expect(capped.every(asset => asset.state === 'broken' && !asset.repurged)).toBe(true)
    const purgedPaths = new Set(purged)
    for (const asset of listed.filter(asset => asset.repurged)) {
      expect(purgedPaths.has(new URL(asset.url).pathname)).toBe(true)
    }
    expect(result.status).toBe('broken')
  })

  it('a path the urls input refuses (//host/…) is named, never purged', async () => {
    const { result, batches } = await checkPages(
      '<script src="/.//evil.example/x.js"></script>',
      () => notFoundThroughCache
    )
    expect(batches).toEqual([])
    expect(result.assets?.listed[0]).toMatchObject({
      url: `${SITE}//evil.example/x.js`,
      state: 'broken',
      repurged: false,
      notPurged: 'not-a-path'
    })
  })

  it('the home page and a page named as stylesheets are wrong references, never purged', async () => {
    const { result, batches } = await checkPages(
      '<link rel=stylesheet href="/"><link rel=stylesheet href="/pricing">',
      url => (url.pathname === '/' || url.pathname === '/pricing' ? page200 : undefined)
    )
    expect(batches).toEqual([])
    const listed = result.assets?.listed ?? []
    expect(new Set(listed.map(asset => asset.url))).toEqual(
      new Set([`${SITE}/`, `${SITE}/pricing`])
    )
    for (const asset of listed) {
      expect(asset).toMatchObject({
        state: 'broken',
        reason: 'html-fallback',
        repurged: false,
        notPurged: 'page'
      })
    }
    expect(result.status).toBe('broken')
  })
})

describe('the repair queue', () => {
  it('gathers the paths asked within a moment, and those asked during a purge, into batches', async () => {
    const clock = new VirtualClock()
    const batches: string[][] = []
    let inFlight = 0
    let peak = 0
    const queue = new RepairQueue(async paths => {
      batches.push([...paths])
      peak = Math.max(peak, ++inFlight)
      await clock.sleep(5000)
      inFlight--
      return { accepted: paths.filter(path => path !== '/refused.js'), problem: 'HTTP 400' }
    }, clock)
    const answers = await clock.run(
      (async () => {
        const first = ['/a.js', '/b.js', '/a.js'].map(path => queue.purge(path))
        await clock.sleep(GATHER_MS + 1000)
        // The first purge is in flight: these wait for it, then leave together.
        const second = ['/c.js', '/refused.js'].map(path => queue.purge(path))
        await clock.sleep(1000)
        const third = [queue.purge('/d.js')]
        return Promise.all([...first, ...second, ...third])
      })()
    )
    expect(batches).toEqual([
      ['/a.js', '/b.js'],
      ['/c.js', '/refused.js', '/d.js']
    ])
    expect(peak).toBe(1)
    expect(answers.map(answer => answer?.error)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      'HTTP 400',
      undefined
    ])
    // The same path, asked twice, is one purge and one answer.
    expect(answers[0]).toBe(answers[2])
  })

  it('purges at most its cap of paths; a path past it is not purged', async () => {
    const clock = new VirtualClock()
    const batches: string[][] = []
    const queue = new RepairQueue(recordingSender(batches), clock, 2)
    const first = queue.purge('/a.js')
    const second = queue.purge('/b.js')
    expect(queue.purge('/c.js')).toBeUndefined()
    // A path already taken is still answered: the cap is on paths, not on asks.
    expect(queue.purge('/a.js')).toBe(first)
    await clock.run(Promise.all([first, second]))
    expect(batches).toEqual([['/a.js', '/b.js']])
  })
})
