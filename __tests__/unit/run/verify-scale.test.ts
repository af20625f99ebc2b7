/**
 * The run in process: the action's run verifying many pages, and verifying from other jobs as a workflow
 * matrix does (a purge job, then mode: verify jobs with purged_at and shard K/N), at a rate,
 * against the emulator's public site; a second emulator plays a data center the purge has not
 * reached. Each job is a separate run of the action, as on separate runners.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../../emulator/server.mjs'
import { type RunResult } from '../../../scripts/run-action.mjs'
import { runInProcess } from '../../support/run-in-process.js'
import { API_KEY, errorsOf, noticesOf, runWith } from './helpers.js'

const PAGES = 500
let emulator: Emulator
/** Another data center: the same site, cached an hour ago, which no purge reaches. */
let elsewhere: Emulator
beforeAll(async () => {
  const site = { syntheticPages: PAGES, sitePort: 0, renderMs: 200 }
  emulator = await startEmulator({ apiKey: API_KEY, propagationMs: 1500, ...site })
  elsewhere = await startEmulator({ apiKey: API_KEY, ...site })
})
afterAll(async () => {
  await emulator.close()
  await elsewhere.close()
})
beforeEach(() => {
  emulator.reset()
  elsewhere.reset()
})

/** A verify job of a matrix: no api_key, no base_url. */
function verifyJob(siteUrl: string, inputs: Record<string, string>): Promise<RunResult> {
  return runInProcess({ inputs: { mode: 'verify', site_url: siteUrl, ...inputs } })
}

/** The page requests the site received since `from` (an index into its log). */
function pageRequests(site: Emulator, from = 0): { url: string; device: string; at: number }[] {
  return site.siteRequests.slice(from).filter(request => request.url.startsWith('/p/'))
}

describe('verify at scale', () => {
  it('1,000 checks: fresh and warm, and nothing at all on stderr (no Node warning)', async () => {
    const paths = Array.from({ length: PAGES }, (_, i) => `/p/${i + 1}`)
    const result = await runWith(emulator.url, {
      urls: paths.join('\n'),
      site_url: emulator.siteUrl,
      verify: 'true',
      verify_limit: String(PAGES),
      verify_timeout_seconds: '120'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', warm: String(2 * PAGES) })
    expect(result.outputs['pages_checked']).toBe(String(PAGES))
    expect(result.stderr).toBe('')
  })
})

describe('a purge job, then verify jobs in 4 shards', () => {
  it('each shard checks its own pages against accepted_at; together every page, once', async () => {
    const before = Date.now()
    const purge = await runWith(emulator.url, { tags: 'folder-p' })
    const after = Date.now()
    expect(purge.exitCode).toBe(0)
    expect(purge.outputs['status']).toBe('purged')
    const acceptedAt = purge.outputs['accepted_at'] ?? ''
    expect(acceptedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Date.parse(acceptedAt)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(acceptedAt)).toBeLessThanOrEqual(after)

    const checkedBy: string[][] = []
    for (let shard = 1; shard <= 4; shard++) {
      const from = emulator.siteRequests.length
      const job = await verifyJob(emulator.siteUrl, {
        tags: 'folder-p',
        purged_at: acceptedAt,
        shard: `${shard}/4`,
        verify_limit: '0',
        verify_timeout_seconds: '60'
      })
      expect(job.exitCode).toBe(0)
      expect(job.outputs).toMatchObject({
        status: 'verify-only',
        count: '0',
        verify_status: 'fresh',
        shard: `${shard}/4`,
        pages_selected: String(PAGES),
        stale: '[]'
      })
      const checked = Number(job.outputs['pages_checked'])
      expect(job.outputs['warm']).toBe(String(2 * checked))
      expect(job.summary).toContain(
        `Shard ${shard}/4: this job took ${checked} of the ${PAGES} selected pages`
      )
      expect(job.summary).toContain(`checked against purged&#95;at ${acceptedAt}`)
      const pages = [...new Set(pageRequests(emulator, from).map(request => request.url))]
      expect(pages).toHaveLength(checked)
      checkedBy.push(pages)
    }
    // Disjoint and complete: every page checked by exactly one shard.
    const all = checkedBy.flat()
    expect(all).toHaveLength(PAGES)
    expect(new Set(all).size).toBe(PAGES)
    // Balanced: no shard far above the average of 125.
    expect(Math.max(...checkedBy.map(pages => pages.length))).toBeLessThanOrEqual(1.5 * 125)
    // Nothing was purged again, and no verify job sent a request to the API.
    expect(emulator.state().history).toHaveLength(1)
  })

  it('accepted_at is the last purge accepted, not the first', async () => {
    // Three requests at once; the service answers the one for /p/2 1.5 s after the others.
    emulator.faults.enqueue({ path: '/api/v1/cache/purge', delayMs: 1500 })
    const purge = await runWith(emulator.url, { urls: '/p/1\n/p/2\n/p/3', batch_size: '1' })
    expect(purge.exitCode).toBe(0)
    const history = emulator.state().history
    expect(history).toHaveLength(3)
    const firstAnswered = Math.min(...history.map(entry => entry.time))
    const acceptedAt = Date.parse(purge.outputs['accepted_at'] ?? '')
    expect(acceptedAt - firstAnswered).toBeGreaterThanOrEqual(1400)
  })

  it('a verify job whose data center has not received the purge: stale, and says so', async () => {
    const purge = await runWith(emulator.url, { tags: 'folder-p' })
    const acceptedAt = purge.outputs['accepted_at'] ?? ''
    const job = await verifyJob(elsewhere.siteUrl, {
      tags: 'folder-p',
      purged_at: acceptedAt,
      shard: '1/4',
      verify_limit: '10',
      verify_timeout_seconds: '4'
    })
    expect(job.exitCode).toBe(1)
    expect(job.outputs['verify_status']).toBe('stale')
    const stale = JSON.parse(job.outputs['stale'] ?? '[]') as { url: string; device: string }[]
    expect(stale).toHaveLength(20)
    expect(stale.every(check => check.url.startsWith(`${elsewhere.siteUrl}/p/`))).toBe(true)
    expect(errorsOf(job).join('\n')).toMatch(/20 check\(s\) still stale at the deadline/)
    expect(job.summary).toContain('⚠️ stale')
    // The purge job's data center has it: the same shard there is fresh.
    const here = await verifyJob(emulator.siteUrl, {
      tags: 'folder-p',
      purged_at: acceptedAt,
      shard: '1/4',
      verify_limit: '10',
      verify_timeout_seconds: '30'
    })
    expect(here.outputs['verify_status']).toBe('fresh')
  })

  it('without purged_at, mode: verify warms: HIT counts, a device not cached is rendered', async () => {
    const job = await verifyJob(elsewhere.siteUrl, {
      urls: '/p/1\n/p/2\n/p/3',
      devices: 'desktop, tablet',
      verify_timeout_seconds: '30'
    })
    expect(job.exitCode).toBe(0)
    expect(job.outputs).toMatchObject({ verify_status: 'fresh', warm: '6', pages_checked: '3' })
    expect(noticesOf(job).join('\n')).toMatch(/without purged_at: the pages are warmed/)
    const requests = pageRequests(elsewhere)
    // desktop: cached (HIT at once); tablet: EXTRACTING, then HIT.
    expect(requests.filter(request => request.device === 'desktop')).toHaveLength(3)
    expect(requests.filter(request => request.device === 'tablet').length).toBeGreaterThanOrEqual(6)
  })

  it('keeps to the rate: never more than that many page requests in a second', async () => {
    const rate = 20
    const job = await verifyJob(elsewhere.siteUrl, {
      pattern: '#^/p/1\\d$#',
      rate: String(rate),
      verify_timeout_seconds: '60'
    })
    expect(job.exitCode).toBe(0)
    const times = pageRequests(elsewhere).map(request => request.at)
    expect(times).toHaveLength(20)
    let busiest = 0
    for (let last = 0, first = 0; last < times.length; last++) {
      while ((times[last] ?? 0) - (times[first] ?? 0) >= 1000) first++
      busiest = Math.max(busiest, last - first + 1)
    }
    // Sent at most 20 a second; arrival times may bunch by a request's jitter, not more.
    expect(busiest).toBeLessThanOrEqual(rate + 1)
    expect((times[times.length - 1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(19 * 50 * 0.9)
  })
})

describe('a dry run of a verify job', () => {
  it("previews this shard's pages and requests none", async () => {
    const job = await verifyJob(emulator.siteUrl, {
      tags: 'folder-p',
      shard: '3/4',
      verify_limit: '0',
      dry_run: 'true'
    })
    expect(job.exitCode).toBe(0)
    const preview = JSON.parse(job.outputs['preview'] ?? '{}') as Record<string, unknown>
    expect(preview).toMatchObject({ selected_count: PAGES, shard: '3/4' })
    expect(preview['selected']).toHaveLength(preview['shard_pages'] as number)
    expect(pageRequests(emulator)).toHaveLength(0)
    expect(job.outputs).toMatchObject({ status: 'verify-only', verify_status: 'skipped' })
  })
})

describe('bad input of the matrix inputs: one clear error, nothing sent', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['shard not K/N', { shard: '5/4' }, /^Input 'shard' "5\/4": has K = 5/],
    ['rate not positive', { rate: '0' }, /^Input 'rate' "0": must be a positive number/],
    [
      'purged_at not a time',
      { purged_at: 'yesterday' },
      /^Input 'purged_at' "yesterday": must be an RFC 3339/
    ],
    [
      'mode: verify without site_url',
      { site_url: '' },
      /^Input 'site_url' is required with mode: verify/
    ],
    [
      'mode: verify selecting nothing',
      { tags: '' },
      /Nothing to verify: mode: verify checks the pages that 'tags', 'urls', 'pattern', changed_files: true or 'verify_urls' select/
    ]
  ]
  for (const [name, given, expected] of cases) {
    it(name, async () => {
      const result = await verifyJob(emulator.siteUrl, { tags: 'folder-p', ...given })
      expect(result.exitCode).toBe(1)
      const errors = errorsOf(result)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(expected)
      expect(result.outputs['status']).toBe('failed')
      expect(emulator.siteRequests).toHaveLength(0)
      expect(emulator.state().requestCount).toBe(0)
    })
  }
})
