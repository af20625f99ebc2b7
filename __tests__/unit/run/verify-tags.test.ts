/**
 * The run in process: tags that are not folder tags, traced to pages at the edge before the purge by
 * reading `<Prefix>-Tags` (the emulator sends it on cached pages, for tags by header and by
 * pattern), then verified like any target; and previewed on a dry run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../../emulator/server.mjs'
import { edgeCaseSite, sampleSite } from '../../../emulator/site.mjs'
import { runInProcess } from '../../support/run-in-process.js'
import { API_KEY, noticesOf, runWith, warningsOf } from './helpers.js'

/** A site of 3,000 pages `/p/1` … `/p/3000`; every tenth carries the header tag `tenth`. */
const BIG = 3000
const bigSite = {
  name: 'tagged-3000',
  devices: ['desktop', 'mobile'],
  folderTags: false,
  pages: Array.from({ length: BIG }, (_, i) => ({
    path: `/p/${i + 1}`,
    tags: (i + 1) % 10 === 0 ? ['tenth', `page-${i + 1}`] : [`page-${i + 1}`]
  }))
}

let sample: Emulator
let edge: Emulator
let big: Emulator
beforeAll(async () => {
  const timing = { sitePort: 0, propagationMs: 800, renderMs: 200 }
  ;[sample, edge, big] = await Promise.all([
    startEmulator({ apiKey: API_KEY, site: sampleSite, ...timing }),
    startEmulator({ apiKey: API_KEY, site: edgeCaseSite, ...timing }),
    startEmulator({ apiKey: API_KEY, site: bigSite, ...timing })
  ])
})
afterAll(async () => {
  await Promise.all([sample.close(), edge.close(), big.close()])
})
beforeEach(() => {
  for (const emulator of [sample, edge, big]) emulator.reset()
})

/** The pages a run checked: only the verification asks for them on mobile (tracing is desktop). */
function checkedPaths(emulator: Emulator): string[] {
  const paths = emulator.siteRequests
    // Pages only: the assets of fresh pages are checked too (unit/run/assets.test.ts).
    .filter(
      request => request.device === 'mobile' && !/robots|sitemap|^\/assets\//.test(request.url)
    )
    .map(request => request.url)
  return [...new Set(paths)].sort()
}

/** Page requests that reached the site before the first purge request. */
/** The pages' looks before the purge for their old renders, as the log counts them. */
function looksBeforePurge(stdout: string): number {
  const looked = /Before the purge, ([\d,]+) \(page, device\) pairs? looked at/.exec(stdout)
  return Number(looked?.[1]?.replace(/,/g, '') ?? 0)
}

function readsBeforePurge(emulator: Emulator): number {
  const purgedAt = emulator.requests[0]?.time ?? Number.POSITIVE_INFINITY
  return emulator.siteRequests.filter(
    request => request.at < purgedAt && !/robots|sitemap/.test(request.url)
  ).length
}

describe('tags traced at the edge', () => {
  it('a purge by a header tag is verified on exactly the pages that carry it', async () => {
    const result = await runWith(sample.url, {
      tags: 'blog',
      site_url: sample.siteUrl,
      verify: 'true',
      verify_timeout_seconds: '30'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    const carrying = sampleSite.pages
      .filter(page => page.tags?.includes('blog'))
      .map(page => page.path)
      .sort()
    expect(carrying).toHaveLength(5)
    expect(result.outputs['pages_checked']).toBe(String(carrying.length))
    expect(checkedPaths(sample)).toEqual(carrying)
    // Every page was read before the purge, none after it to find tags; the pages chosen were
    // looked at on each device for their old renders too.
    expect(looksBeforePurge(result.stdout)).toBe(carrying.length * 2)
    expect(readsBeforePurge(sample)).toBe(sampleSite.pages.length + carrying.length * 2)
    expect(result.stdout).toContain(
      `Tag blog: 5 pages found among 16 read of 16 in the sitemap (exact: every page was read); 5 chosen to check.`
    )
    expect(result.summary).toMatch(/Tag <code>blog<\/code>: 5 pages found among 16 read of 16/)
    expect(result.summary).not.toContain('traced to no page')
  })

  it('a tag by pattern is traced the same way', async () => {
    const result = await runWith(sample.url, {
      tags: 'blog-section',
      site_url: sample.siteUrl,
      verify: 'true',
      verify_timeout_seconds: '30'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(checkedPaths(sample)).toEqual(
      sampleSite.pages
        .map(page => page.path)
        .filter(path => path.startsWith('/blog/'))
        .sort()
    )
  })

  it('a dry run previews a header tag beside a folder tag, and purges nothing', async () => {
    const result = await runWith(sample.url, {
      tags: 'blog, folder-docs',
      site_url: sample.siteUrl,
      dry_run: 'true'
    })
    expect(result.exitCode).toBe(0)
    expect(sample.requests).toHaveLength(0)
    const preview = JSON.parse(result.outputs['preview'] ?? '') as {
      selected_count: number
      tags: {
        tag: string
        pages: number
        exact: boolean
        read: number
        of: number
        first: string[]
      }[]
    }
    expect(preview.tags).toEqual([
      {
        tag: 'blog',
        pages: 5,
        exact: true,
        read: 16,
        of: 16,
        first: [
          '/blog/',
          '/blog/2024/01/new-year.html',
          '/blog/hello-world.html',
          '/blog/second-post.html',
          '/fr/blog/bonjour.html'
        ].map(path => `${sample.siteUrl}${path}`)
      }
    ])
    // 5 blog pages, 3 docs pages.
    expect(preview.selected_count).toBe(8)
    expect(result.summary).toMatch(
      /<code>blog<\/code><\/td><td>tag, read at the edge<\/td><td>5 of 16 read/
    )
    expect(result.summary).toMatch(/<code>folder-docs<\/code><\/td><td>folder tag<\/td><td>3 of 16/)
    expect(result.summary).toMatch(/Preview: 8 of 16 sitemap pages/)
  })

  it('3,000 pages: tags are read for a sample only, and verify_limit pages are checked', async () => {
    const result = await runWith(big.url, {
      tags: 'tenth',
      site_url: big.siteUrl,
      verify: 'true',
      verify_limit: '5',
      verify_timeout_seconds: '60'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(result.outputs['pages_checked']).toBe('5')
    const checked = checkedPaths(big)
    expect(checked).toHaveLength(5)
    for (const path of checked) expect(Number(path.slice(3)) % 10).toBe(0)
    const reads = readsBeforePurge(big) - looksBeforePurge(result.stdout)
    // About 5 / 10% = 50 reads, and a few in flight when the fifth was found: far fewer than
    // the pages.
    expect(reads).toBeLessThan(BIG / 10)
    expect(reads).toBeGreaterThanOrEqual(5)
    // Spread over the site, not the sitemap's first pages.
    expect(checked.some(path => Number(path.slice(3)) > BIG / 2)).toBe(true)
    expect(result.stdout).toMatch(
      new RegExp(
        `Tag tenth: \\d+ pages found among ${reads} read of 3,000 in the sitemap \\(at least: enough pages of each tag were found\\); 5 chosen to check\\.`
      )
    )
  })

  it('a matrix of verify jobs: each traces and checks its own shard, together every page once', async () => {
    const purge = await runWith(big.url, { tags: 'tenth' })
    expect(purge.exitCode).toBe(0)
    // A purge job that does not verify reads no page.
    expect(big.siteRequests.filter(request => request.url.startsWith('/p/'))).toHaveLength(0)
    const checkedBy: string[][] = []
    for (const shard of ['1/2', '2/2']) {
      const from = big.siteRequests.length
      const job = await runInProcess({
        inputs: {
          mode: 'verify',
          tags: 'tenth',
          site_url: big.siteUrl,
          purged_at: purge.outputs['accepted_at'] ?? '',
          shard,
          verify_limit: '0',
          verify_timeout_seconds: '60'
        }
      })
      expect(job.exitCode).toBe(0)
      expect(job.outputs['verify_status']).toBe('fresh')
      const requests = big.siteRequests.slice(from)
      // Tracing read only this job's part: about half the pages, each once.
      const read = requests.filter(request => request.device === 'desktop')
      expect(job.stdout).toMatch(
        /Tag tenth: [\d,]+ pages found among [\d,]+ read of [\d,]+ in this job's part of the sitemap \(exact: every page was read\)/
      )
      expect(read.length).toBeGreaterThan(BIG / 2 - 300)
      expect(read.length).toBeLessThan(BIG / 2 + 300 + BIG / 10)
      // The pages each job checked (the assets they share are checked by each job: a job
      // proves what its own pages need).
      checkedBy.push([
        ...new Set(
          requests
            .filter(request => request.device === 'mobile' && !request.url.startsWith('/assets/'))
            .map(r => r.url)
        )
      ])
    }
    const [first = [], second = []] = checkedBy
    expect(first.filter(path => second.includes(path))).toEqual([])
    const every = [...first, ...second].sort()
    expect(every).toEqual(Array.from({ length: BIG / 10 }, (_, i) => `/p/${(i + 1) * 10}`).sort())
  })

  it('a tag no page carries is said plainly, and verify_status is not fresh', async () => {
    const result = await runWith(sample.url, {
      tags: 'blgo',
      urls: '/about',
      site_url: sample.siteUrl,
      verify: 'true',
      verify_timeout_seconds: '30'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['pages_checked']).toBe('1')
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(warningsOf(result).join('\n')).toContain(
      'No page read carries tag blgo (16 read of 16): a typo, or a tag on pages not in the sitemap'
    )
    expect(result.stdout).toContain("the purge of the tag(s) 'blgo' is not proven")
    expect(result.summary).toMatch(/traced to no page.*<code>blgo<\/code>/)
  })

  it('pages whose tags cannot be read are counted, not guessed, nor checked', async () => {
    // /account carries "account" but is DYNAMIC; /cart carries "cart" but is not cacheable.
    const result = await runWith(edge.url, {
      tags: 'blog, account, cart',
      site_url: edge.siteUrl,
      verify: 'true',
      verify_timeout_seconds: '30'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(checkedPaths(edge)).toEqual([
      '/blog/',
      '/blog/2024/01/new-year.html',
      '/blog/hello-world.html',
      '/blog/second-post.html',
      '/fr/blog/bonjour.html'
    ])
    expect(noticesOf(result).join('\n')).toContain(
      '2 pages read could not tell their tags (1 not cached and 1 bypassed): counted, never taken to carry a tag or not.'
    )
    expect(result.stdout).toContain(
      'Tag blog: 5 pages found among 20 read of 20 in the sitemap (at least: every page was read, and some pages could not tell their tags)'
    )
    for (const tag of ['account', 'cart']) {
      expect(warningsOf(result).join('\n')).toContain(`No page read carries tag ${tag}`)
    }
  })
})
