/**
 * The run in process: the action's run purges through the emulator's API, then verifies and warms the
 * pages at the emulator's public site. Propagation and render times are short, deadlines too.
 */
import { describe, expect, it } from '@jest/globals'
import { edgeCaseSite } from '../../../emulator/site.mjs'
import {
  API_KEY,
  ENCODED_KEY,
  errorsOf,
  lastLogLine,
  runWith,
  summaryHeadline,
  visibleText,
  warningsOf,
  summaryRenderProblems,
  useSiteEmulator
} from './helpers.js'

const emulator = useSiteEmulator()

const verifyInputs = (extra: Record<string, string> = {}): Record<string, string> => ({
  site_url: emulator().siteUrl,
  verify: 'true',
  verify_timeout_seconds: '30',
  ...extra
})

function siteLog(): string {
  return JSON.stringify(emulator().siteRequests)
}

describe('verify', () => {
  it('waits until the purged pages are fresh on both devices, and warms them', async () => {
    const result = await runWith(emulator().url, {
      urls: '/about\n/contact',
      pattern: '#^/blog/.*\\.html$#',
      ...verifyInputs()
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'purged', verify_status: 'fresh', stale: '[]' })
    // 2 URLs + 3 blog posts, each on desktop and mobile.
    expect(result.outputs['warm']).toBe('10')
    expect(Number(result.outputs['verify_seconds'])).toBeGreaterThanOrEqual(1)
    // Pages only: their assets are checked too (unit/run/assets.test.ts).
    const pages = emulator().siteRequests.filter(
      request => !/robots|sitemap|^\/assets\//.test(request.url)
    )
    expect(new Set(pages.map(request => request.url))).toEqual(
      new Set([
        '/about',
        '/contact',
        '/blog/hello-world.html',
        '/blog/second-post.html',
        '/blog/2024/01/new-year.html'
      ])
    )
    expect(new Set(pages.map(request => request.device))).toEqual(new Set(['desktop', 'mobile']))
    // Stale before the purge arrived, then EXTRACTING, then HIT.
    expect(pages.map(request => request.kcStatus)).toEqual(
      expect.arrayContaining(['HIT', 'EXTRACTING'])
    )
    expect(result.summary).toContain('Verification at the edge: ✅ fresh')
    expect(result.summary).toMatch(
      /^<h2>✅ Cache purge: 2 URLs and 1 pattern purged · ✅ 10 of 10 checks fresh in \d+\.\d s · ✅ 4 assets whole · ✅ 10 renders judged good<\/h2>/
    )
    expect(result.summary).toContain('5 pages × 2 devices')
    expect(lastLogLine(result)).toBe(summaryHeadline(result))
    expect(await summaryRenderProblems(result)).toEqual([])
    expect(result.summary).not.toContain('propagate')
  })

  it('never sends the api key (or any credential) to the site', async () => {
    const result = await runWith(emulator().url, { tags: 'folder-docs', ...verifyInputs() })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(emulator().siteRequests.length).toBeGreaterThan(0)
    const log = siteLog()
    expect(log).not.toContain(API_KEY)
    expect(log).not.toContain(ENCODED_KEY)
    expect(log).not.toContain('api_key')
    for (const request of emulator().siteRequests) {
      expect(Object.keys(request.headers)).not.toEqual(
        expect.arrayContaining(['authorization', 'cookie'])
      )
    }
  })

  it('stale at the deadline: verify true fails the step, with the stale pages as output', async () => {
    emulator().configureSite({ propagationMs: 120_000 })
    const result = await runWith(emulator().url, {
      urls: '/about',
      ...verifyInputs({ verify_timeout_seconds: '3', devices: 'mobile' })
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).toBe('stale')
    expect(JSON.parse(result.outputs['stale'] ?? '')).toEqual([
      { url: `${emulator().siteUrl}/about`, device: 'mobile', reason: 'not-purged-yet' }
    ])
    expect(errorsOf(result).join('\n')).toMatch(/1 check\(s\) still stale at the deadline/)
    expect(result.summary).toContain('⚠️ stale')
  })

  it('stale at the deadline: verify warn warns and passes', async () => {
    emulator().configureSite({ propagationMs: 120_000 })
    const result = await runWith(emulator().url, {
      urls: '/about',
      ...verifyInputs({ verify: 'warn', verify_timeout_seconds: '3' })
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('stale')
    expect(JSON.parse(result.outputs['stale'] ?? '')).toHaveLength(2)
    expect(warningsOf(result).join('\n')).toMatch(/2 check\(s\) still stale/)
  })

  it('no status header: stops at once with an error naming site_url', async () => {
    emulator().configureSite({ siteHeaders: false })
    const result = await runWith(emulator().url, {
      urls: '/about\n/contact\n/',
      ...verifyInputs({ verify_timeout_seconds: '600' })
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).toBe('failed')
    expect(errorsOf(result).join('\n')).toMatch(
      /site_url http:\/\/127\.0\.0\.1:\d+ answered .* no \*-Kc-Status header: the site does not answer through the rendering cache/
    )
    // It did not wait for the deadline: no page was asked twice after the purge (each was
    // looked at once before it, for its old render).
    expect(emulator().siteRequests.length).toBeLessThanOrEqual(12)
  })

  it('an origin server that answers 404 without the header is not taken as gone', async () => {
    emulator().configureSite({ siteHeaders: false })
    const result = await runWith(emulator().url, {
      urls: '/no-such-page\n/gone-too',
      ...verifyInputs({ verify_timeout_seconds: '600' })
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).toBe('failed')
    expect(errorsOf(result).join('\n')).toMatch(/HTTP 404 and no \*-Kc-Status header/)
  })

  it('DYNAMIC pages are unverifiable, 404 pages gone; neither fails', async () => {
    const result = await runWith(emulator().url, {
      urls: '/account\n/no-such-page',
      ...verifyInputs()
    })
    expect(result.exitCode).toBe(0)
    // Neither is a page proved fresh: with no other page, nothing is fresh.
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(result.summary).toContain(
      '<h2>✅ Cache purge: 2 URLs purged · ➖ 2 not there (404/410) · ➖ 2 unverifiable (DYNAMIC)</h2>'
    )
    expect(result.summary).toContain(
      '<strong>4 checks</strong>: ➖ 2 not there (404/410) · ➖ 2 unverifiable (DYNAMIC)'
    )
    // Nothing proved fresh: time to fresh is not a number, and the caveat stays.
    expect(result.summary).toContain('<strong>Time to fresh</strong>: — (no check was fresh)')
    expect(result.outputs['verify_seconds']).toBe('')
    expect(result.summary).toContain('propagate')
    expect(lastLogLine(result)).toBe(summaryHeadline(result))
    expect(await summaryRenderProblems(result)).toEqual([])
    // One row a page, a mark per device, with why; and counted in the log.
    expect(result.summary).toContain(
      '<tr><td><code>/account</code></td><td>➖\u00a0unverifiable (DYNAMIC)</td><td>➖\u00a0unverifiable (DYNAMIC)</td><td>DYNAMIC: the edge does not serve its cache to this client (not a failure)</td></tr>'
    )
    expect(result.stdout).toMatch(/2 check\(s\) unverifiable \(DYNAMIC\)/)
  })

  it('a tag that is not a folder tag is traced at the edge to its pages, and checked', async () => {
    const result = await runWith(emulator().url, { tags: 'home', ...verifyInputs() })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(result.outputs['pages_checked']).toBe('1')
    expect(result.summary).toMatch(/Tag <code>home<\/code>: 1 page found among 20 read of 20/)
  })

  it('skips verification on a dry run and says why', async () => {
    const result = await runWith(emulator().url, {
      urls: '/about',
      dry_run: 'true',
      ...verifyInputs()
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(result.summary).toContain('dry run: nothing was purged.')
  })
})

describe('dry-run preview', () => {
  it('shows what each target selects in the sitemap, and reads nothing but robots.txt and sitemaps', async () => {
    const result = await runWith(emulator().url, {
      dry_run: 'true',
      site_url: emulator().siteUrl,
      pattern: '#^/blog/#',
      tags: 'folder-docs-f-guide',
      urls: '/about\n/abuot'
    })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests).toHaveLength(0)
    expect(emulator().siteRequests.every(request => /robots|sitemap/.test(request.url))).toBe(true)
    const preview = JSON.parse(result.outputs['preview'] ?? '') as {
      sitemap_pages: number
      selected: string[]
      selected_count: number
    }
    expect(preview.sitemap_pages).toBe(edgeCaseSite.pages.length)
    // /about, /abuot, 4 blog pages, 2 guide pages.
    expect(preview.selected_count).toBe(8)
    expect(preview.selected).toContain(`${emulator().siteUrl}/docs/guide/install`)
    expect(result.summary).toMatch(/<td>#\^\/blog\/#<\/td>|<code>#\^\/blog\/#<\/code>/)
    expect(result.summary).toMatch(/does not list \(typos\?\): <code>\/abuot<\/code>/)
    expect(visibleText(result)).not.toContain(API_KEY)
  })
})
