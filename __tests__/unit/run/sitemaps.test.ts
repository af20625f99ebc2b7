/**
 * The run in process: the action's run, a pattern dry run with site_url, against the emulator's
 * public site publishing each kind of sitemap real sites publish: XML with image and video
 * extensions, text, gzip text, RSS, Atom, an index on another host, a UTF-16 robots.txt, and the
 * HTML shell of a single-page app. Then `sitemap: none` with a pattern.
 */
import { describe, expect, it } from '@jest/globals'
import { edgeCaseSite } from '../../../emulator/site.mjs'
import type { RunResult } from '../../../scripts/run-action.mjs'
import {
  API_KEY,
  ENCODED_KEY,
  noticesOf,
  runWith,
  visibleText,
  warningsOf,
  useEmulator
} from './helpers.js'

const emulator = useEmulator(
  { apiKey: API_KEY, site: edgeCaseSite, sitePort: 0, propagationMs: 1000, renderMs: 300 },
  edge => {
    edge.configureSite({ sitemapFormat: 'xml', robotsEncoding: 'utf-8' })
    edge.reset()
  }
)

const PATTERN = '#^/blog/.*\\.html$#'
const BLOG_POSTS = [
  '/blog/hello-world.html',
  '/blog/second-post.html',
  '/blog/2024/01/new-year.html'
]

interface Preview {
  sitemap_pages: number
  selected: string[]
  selected_count: number
}

function previewOf(result: RunResult): Preview {
  return JSON.parse(result.outputs['preview'] ?? '') as Preview
}

async function dryRun(extra: Record<string, string> = {}): Promise<RunResult> {
  return runWith(emulator().url, {
    pattern: PATTERN,
    dry_run: 'true',
    site_url: emulator().siteUrl,
    ...extra
  })
}

/** The log line that says how many pages were read from how many files. */
function readLine(result: RunResult): string {
  return result.stdout.split('\n').find(line => line.startsWith('Sitemaps: ')) ?? ''
}

describe('a pattern dry run reads every kind of sitemap', () => {
  const kinds = [
    {
      format: 'xml-media',
      files: 3,
      notice: undefined,
      what: 'XML with image, video, news and hreflang extensions'
    },
    { format: 'text', files: 1, notice: undefined, what: 'a text sitemap' },
    { format: 'text-gz', files: 1, notice: undefined, what: 'a gzip text sitemap' },
    {
      format: 'rss',
      files: 1,
      notice: /feed\.rss is an RSS feed: a feed lists only recent pages/,
      what: 'an RSS 2.0 feed'
    },
    {
      format: 'atom',
      files: 1,
      notice: /feed\.atom is an Atom feed: a feed lists only recent pages/,
      what: 'an Atom 1.0 feed'
    }
  ] as const

  it.each(kinds)('$format: $what', async ({ format, files, notice }) => {
    emulator().configureSite({ sitemapFormat: format })
    const result = await dryRun()
    expect(result.exitCode).toBe(0)
    const preview = previewOf(result)
    // Only pages: not the images, videos, alternates or edit links the files also hold.
    expect(preview.sitemap_pages).toBe(edgeCaseSite.pages.length)
    expect(preview.selected).toEqual(BLOG_POSTS.map(path => `${emulator().siteUrl}${path}`))
    expect(readLine(result)).toMatch(
      new RegExp(
        `^Sitemaps: ${edgeCaseSite.pages.length} page\\(s\\) on 127\\.0\\.0\\.1:\\d+ in ${files} file\\(s\\), read in [\\d.]+ s\\.$`
      )
    )
    expect(result.stdout).toContain(
      `Preview: the purges select 3 page(s); the sitemap lists ${edgeCaseSite.pages.length}.`
    )
    expect(warningsOf(result)).toEqual([])
    if (notice)
      expect(noticesOf(result)).toEqual(expect.arrayContaining([expect.stringMatching(notice)]))
    expect(result.summary).toContain(
      `The sitemap lists ${edgeCaseSite.pages.length} pages in ${files} ${files === 1 ? 'file' : 'files'}.`
    )
    expect(emulator().requests).toHaveLength(0)
  })

  it('a UTF-16 robots.txt (with its byte-order mark) is read', async () => {
    for (const robotsEncoding of ['utf-16le', 'utf-16be'] as const) {
      emulator().configureSite({ robotsEncoding })
      const result = await dryRun()
      expect(result.exitCode).toBe(0)
      expect(previewOf(result).selected_count).toBe(3)
      expect(readLine(result)).toMatch(/in 3 file\(s\)/)
      expect(warningsOf(result)).toEqual([])
    }
  })

  it('an index on another host (a bucket) named by robots.txt: read, with a User-Agent and nothing else', async () => {
    emulator().configureSite({ sitemapFormat: 'cross-host' })
    const result = await dryRun()
    expect(result.exitCode).toBe(0)
    expect(previewOf(result)).toMatchObject({
      sitemap_pages: edgeCaseSite.pages.length,
      selected_count: 3
    })
    expect(readLine(result)).toMatch(/ in 3 file\(s\)/)
    expect(warningsOf(result)).toEqual([])
    const hosted = emulator().publicSite.sitemapHost.requests
    expect(hosted.map(request => request.url)).toEqual([
      '/sitemap_index.xml',
      '/sitemaps/pages-1.xml',
      '/sitemaps/pages-2.xml.gz'
    ])
    for (const request of hosted) {
      expect(Object.keys(request.headers).sort()).toEqual([
        'accept',
        'accept-encoding',
        'connection',
        'host',
        'user-agent'
      ])
      expect(request.headers['user-agent']).toMatch(/render-cache-purge-action/i)
      expect(request.headers['accept']).toBe('*/*')
      expect(JSON.stringify(request)).not.toContain(API_KEY)
      expect(JSON.stringify(request)).not.toContain(ENCODED_KEY)
    }
    // The site itself was asked for robots.txt only.
    expect(emulator().siteRequests.map(request => request.url)).toEqual(['/robots.txt'])
  })

  it('the HTML shell of a single-page app: one warning saying what it is and what to set', async () => {
    emulator().configureSite({ sitemapFormat: 'html-shell' })
    const result = await dryRun()
    expect(result.exitCode).toBe(0)
    const warnings = warningsOf(result)
    expect(warnings).toEqual([
      `Sitemap ${emulator().siteUrl}/sitemap.xml is not a sitemap: it is an HTML page (a single-page app answers every path with its page); robots.txt lists no sitemap and is an HTML page too. To fix it, set the sitemap input to the URL of the site's sitemap (XML, text, RSS or Atom), or to none.`
    ])
    expect(previewOf(result)).toMatchObject({ sitemap_pages: 0, selected_count: 0 })
    expect(result.summary).toContain(
      'No sitemap was found, so pattern and folder-tag targets cannot be previewed.'
    )
    expect(noticesOf(result).join('\n')).toMatch(
      /Pattern #\^\/blog\/\.\*\\\.html\$#: no sitemap, so its pages could not be chosen\./
    )
    expect(visibleText(result)).not.toMatch(/\.\.(?!\.)/)
  })

  it('the sitemap input may name a gzip text sitemap', async () => {
    const result = await dryRun({ sitemap: `${emulator().siteUrl}/sitemap.txt.gz` })
    expect(result.exitCode).toBe(0)
    expect(previewOf(result).selected_count).toBe(3)
    expect(emulator().siteRequests.map(request => request.url)).toEqual(['/sitemap.txt.gz'])
  })
})

describe('sitemap: none with a pattern', () => {
  it('the dry run says that sitemaps are turned off, not that none was found, and reads nothing', async () => {
    const result = await dryRun({ sitemap: 'none' })
    expect(result.exitCode).toBe(0)
    expect(emulator().siteRequests).toEqual([])
    expect(result.stdout).toContain(
      'Preview: the purges select 0 page(s); sitemaps are turned off (sitemap: none).'
    )
    expect(result.summary).toContain(
      'Sitemaps are turned off (<code>sitemap: none</code>), so pattern and folder-tag targets cannot be previewed.'
    )
    expect(noticesOf(result)).toEqual(
      expect.arrayContaining([
        `Pattern ${PATTERN}: sitemaps are turned off (sitemap: none), so its pages could not be chosen; list them in verify_urls.`
      ])
    )
    expect(visibleText(result)).not.toMatch(/No sitemap (was )?found/)
    expect(visibleText(result)).not.toMatch(/\.\.(?!\.)/)
  })

  it('a verification says so too, and checks the verify_urls it was given', async () => {
    const result = await runWith(emulator().url, {
      pattern: PATTERN,
      site_url: emulator().siteUrl,
      sitemap: 'none',
      verify: 'true',
      verify_urls: '/blog/hello-world.html',
      verify_timeout_seconds: '30'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(emulator().siteRequests.some(request => /robots|sitemap/.test(request.url))).toBe(false)
    expect(result.summary).toContain(
      'Sitemaps are turned off (<code>sitemap: none</code>): pattern and folder-tag targets were not checked.'
    )
    expect(result.summary).not.toContain('No sitemap was found')
    expect(visibleText(result)).not.toMatch(/\.\.(?!\.)/)
  })
})
