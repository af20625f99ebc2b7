/**
 * verify_limit: 0 over sitemaps within the documented limits but too big to keep (150,000 pages
 * of 2,000-character URLs, 8 text files), with a tag to trace as well, in process: refused
 * before the purge, and before the tag's pages are read. Its messages and the pages read are
 * the run's own, so in process; the peak memory of the same runs is measured on the bundle's
 * own process (__tests__/e2e/memory.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { API_KEY, errorsOf, runWith, useEmulator } from './helpers.js'

const PAGES = 150_000
const URL_CHARS = 2000

const emulator = useEmulator({
  apiKey: API_KEY,
  sitePort: 0,
  syntheticSitemap: { urls: PAGES, files: 8, gzip: false, urlChars: URL_CHARS }
})

const sitemap = (): string => `${emulator().siteUrl}/synthetic/text-index.xml`

describe('sitemaps of long URLs, every page to keep', () => {
  it('a tag to trace as well: refused the same, without reading a page for it', async () => {
    const result = await runWith(emulator().url, {
      tags: 'folder-s\nproduct-42',
      site_url: emulator().siteUrl,
      sitemap: sitemap(),
      verify: 'true',
      verify_limit: '0',
      verify_timeout_seconds: '5'
    })
    expect(emulator().state().history).toHaveLength(0)
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)).toEqual([
      expect.stringMatching(
        /^verify_limit: 0 keeps every page of the selection in memory: 150,000 pages/
      )
    ])
    // Only the sitemap files were read: tracing product-42 would have read pages of the site.
    const read = emulator().siteRequests.map(request => request.url)
    expect(read.length).toBeGreaterThan(0)
    expect(read.filter(url => !url.startsWith('/synthetic/'))).toEqual([])
    expect(result.stdout).not.toContain('Tracing tag(s)')
  }, 180_000)
})
