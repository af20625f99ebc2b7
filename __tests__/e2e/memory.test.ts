/**
 * End to end: dist/index.js over sitemaps within the documented limits but heavy for memory,
 * 150,000 pages of 2,000-character URLs (300 MB of text sitemaps, 8 files of 37.5 MB), on a
 * small Node heap. A pattern preview keeps only what it shows: it reads them all on a 192 MiB
 * heap, where keeping every page died of "JavaScript heap out of memory" with no summary. A
 * verification that must keep every page (verify_limit: 0, no shard) stops before the purge
 * with an error that names shard and the numbers, and the run still ends with its summary and
 * its status line. A dry run of a shard that keeps 75,000 of them lists in its preview output
 * only what fits in an output.
 *
 * Needs the bundle: each bound is on the step's own process, its peak resident size
 * (bench/rss-probe.mjs) or its heap limit (--max-old-space-size), which only a process of its
 * own has. The refusal with a tag to trace as well, which checks messages and the pages read,
 * runs in process (__tests__/unit/run/verify-limit.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { runAction } from '../../scripts/run-action.mjs'
import {
  API_KEY,
  errorsOf,
  lastLogLine,
  noticesOf,
  runWith,
  summaryHeadline,
  withPeakRss
} from './helpers.js'

const PAGES = 150_000
const URL_CHARS = 2000

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({
    apiKey: API_KEY,
    sitePort: 0,
    syntheticSitemap: { urls: PAGES, files: 8, gzip: false, urlChars: URL_CHARS }
  })
})
afterAll(async () => {
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
})

const sitemap = (): string => `${emulator.siteUrl}/synthetic/text-index.xml`

describe('sitemaps of long URLs on a small heap', () => {
  it('a pattern preview reads 150,000 pages of 2,000 characters on a 192 MiB heap', async () => {
    const { result, peakMiB } = await withPeakRss(probe =>
      runWith(
        emulator.url,
        {
          pattern: '#^/s/1\\d*/#',
          dry_run: 'true',
          site_url: emulator.siteUrl,
          sitemap: sitemap()
        },
        { ...probe, NODE_OPTIONS: `${probe.NODE_OPTIONS} --max-old-space-size=192` }
      )
    )
    expect(result.stderr).not.toMatch(/heap out of memory/)
    expect(result.exitCode).toBe(0)
    const preview = JSON.parse(result.outputs['preview'] ?? '{}') as Record<string, unknown>
    expect(preview['sitemap_pages']).toBe(PAGES)
    expect(preview['selected_count']).toBe(61_112)
    expect(result.stdout).toMatch(/Pattern #\^\/s\/1\\d\*\/#: 61112 of 150000 sitemap page\(s\)/)
    expect(lastLogLine(result)).toMatch(/^✅ Cache purge: dry run: 1 pattern in 1 request/)
    // The 192 MiB heap is what proves the pages are not kept (the reader that kept them died
    // of heap exhaustion here). RSS also holds the socket's and the decoder's buffers, outside
    // the heap and freed only when a collection runs: under 300 MiB on a quiet machine, 424
    // MiB once under the full suite's load. The bound only catches a run far past the heap.
    expect(peakMiB).toBeLessThan(600)
  }, 180_000)

  it("a dry run of a shard's 75,000 pages lists what fits in an output, and counts them all", async () => {
    const { result, peakMiB } = await withPeakRss(probe =>
      runAction({
        env: probe,
        inputs: {
          mode: 'verify',
          tags: 'folder-s',
          site_url: emulator.siteUrl,
          sitemap: sitemap(),
          shard: '1/2',
          verify_limit: '0',
          dry_run: 'true'
        }
      })
    )
    expect(result.exitCode).toBe(0)
    const preview = JSON.parse(result.outputs['preview'] ?? '{}') as Record<string, unknown>
    const selected = preview['selected'] as string[]
    const checked = Number(result.outputs['pages_checked'])
    expect(checked).toBe(preview['shard_pages'])
    expect(checked).toBeGreaterThan(70_000)
    // 80 KiB of 2,000-character URLs, like every list output; not 150 MB.
    expect(selected.length).toBeGreaterThan(35)
    expect(Buffer.byteLength(JSON.stringify(selected))).toBeLessThanOrEqual(80 * 1024)
    expect(noticesOf(result)).toContain(
      `The preview output's "selected" lists the first ${selected.length} of the ${checked} pages this job would check (GitHub limits a job's outputs to 1 MB); pages_checked counts them all.`
    )
    expect(peakMiB).toBeLessThan(600)
  }, 180_000)

  it('verify_limit: 0 over all of them stops before the purge: use shard, with the numbers', async () => {
    const { result, peakMiB } = await withPeakRss(probe =>
      runWith(
        emulator.url,
        {
          tags: 'folder-s',
          site_url: emulator.siteUrl,
          sitemap: sitemap(),
          verify: 'true',
          verify_limit: '0',
          verify_timeout_seconds: '5'
        },
        { ...probe, NODE_OPTIONS: `${probe.NODE_OPTIONS} --max-old-space-size=512` }
      )
    )
    // Nothing was purged: the error comes before the purge, not after it.
    expect(emulator.state().history).toHaveLength(0)
    expect(result.exitCode).toBe(1)
    expect(result.stderr).not.toMatch(/heap out of memory/)
    // A page costs its path (about 1,978 characters after the origin) and 200 bytes.
    const errors = errorsOf(result)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^verify_limit: 0 keeps every page of the selection in memory: 150,000 pages, 31\d MiB counted with their URLs, where one job keeps at most 256 MiB\. To check them, set shard to split the 150,000 selected pages across a job matrix of at least 2 jobs \(shard: \$\{\{ matrix\.shard \}\}\/2, about 15\d MiB each\), or give verify_limit a number to check a sample\. Nothing was purged\.$/
    )
    expect(result.outputs).toMatchObject({
      status: 'failed',
      verify_status: 'skipped',
      pages_selected: String(PAGES)
    })
    const status =
      '❌ Cache purge: nothing purged · ❌ too many pages to check in one job: set shard (or verify_limit)'
    expect(summaryHeadline(result)).toBe(status)
    expect(lastLogLine(result)).toBe(status)
    expect(result.summary).toContain('Verification at the edge: ❌ not started')
    expect(peakMiB).toBeLessThan(600)
  }, 180_000)
})
