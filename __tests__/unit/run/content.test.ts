/**
 * The run in process, the content proof: the action's run purges through the emulator and verifies at its
 * public site with verify_content, against the emulator's origin with builds. A purge fired
 * during a rolling deploy is caught as old content and purged again once origin_url shows the
 * build; without origin_url old content is reported with the hint; compressed pages are read;
 * a bypassed page is listed, not a failure; and bad input.
 */
import { describe, expect, it } from '@jest/globals'
import { edgeCaseSite, sampleSite } from '../../../emulator/site.mjs'
import { mermaidBlocks } from '../../support/github-markdown.js'
import {
  API_KEY,
  errorsOf,
  runWith,
  summaryRenderProblems,
  warningsOf,
  useEmulator
} from './helpers.js'

const OLD = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const NEW = '7d1e0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d'

const emulator = useEmulator(
  { apiKey: API_KEY, sitePort: 0, originPort: 0, build: OLD, propagationMs: 1000, renderMs: 300 },
  edge => {
    edge.seed(sampleSite)
    edge.configureSite({
      propagationMs: 1000,
      renderMs: 300,
      pageEncoding: 'gzip',
      pageBytes: 0,
      compressAlways: false
    })
    edge.reset()
  }
)

const env = { GITHUB_EVENT_NAME: 'push', GITHUB_SHA: NEW }
const contentInputs = (extra: Record<string, string> = {}): Record<string, string> => ({
  site_url: emulator().siteUrl,
  verify: 'true',
  verify_content: 'true',
  verify_timeout_seconds: '30',
  devices: 'desktop, mobile',
  ...extra
})

describe('verify_content', () => {
  it('the race and its cure: old content during a rolling deploy, purged again, then fresh', async () => {
    // origin_url flips at once, the pages only after 4 s: a rolling deploy.
    emulator().deploy(NEW, { rolloutMs: 4000, versionDelayMs: 0 })
    const result = await runWith(
      emulator().url,
      {
        urls: '/about\n/contact',
        origin_url: `${emulator().originUrl}/version.txt`,
        ...contentInputs()
      },
      env
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'purged', verify_status: 'fresh', stale: '[]' })
    // The first purge, then one re-purge of both pages by URL, after the rollout.
    expect(emulator().history.map(purge => [purge.kind, [...purge.values].sort()])).toEqual([
      ['url', ['/about', '/contact']],
      ['url', ['/about', '/contact']]
    ])
    const rolledOutAt = emulator().state().origin.deploys[1]?.pagesAt ?? 0
    expect(emulator().history[1]?.time).toBeGreaterThanOrEqual(rolledOutAt)
    expect(result.stdout).toMatch(
      /Old content: \/(about|contact) was rendered again after the purge/
    )
    expect(result.stdout).toMatch(/Re-purge: 2 page\(s\) did not show build \w+ after the purge/)
    // Every page on the edge now carries the new build.
    const entries = emulator()
      .edge.list()
      .filter(entry => ['/about', '/contact'].includes(entry.path))
    expect(entries.length).toBeGreaterThanOrEqual(4)
    expect(entries.every(entry => entry.build === NEW)).toBe(true)
    expect(result.summary).toContain('Old content: 2 pages served from another build')
    expect(result.summary).toMatch(/<td>1<\/td><td>[\d.]+ s<\/td><td>2<\/td><td>✅ accepted<\/td>/)
    // The timeline shows the origin wait, the purge and the re-purge, and mermaid reads it.
    const chart = mermaidBlocks(result.summary)[0] ?? ''
    expect(chart).toMatch(/^ {4}waited for build .* :done, t1, 00:00:00\.000, /m)
    expect(chart).toMatch(/^ {4}re-purge 1, 2 pages of old content :milestone, /m)
    expect(await summaryRenderProblems(result)).toEqual([])
    // verify_seconds counts until the new build was served, after the re-purge.
    expect(Number(result.outputs['verify_seconds'])).toBeGreaterThan(5)
  })

  it('without origin_url: old content is reported, never purged again, with the hint', async () => {
    emulator().deploy(NEW, { rolloutMs: 600_000 })
    const result = await runWith(
      emulator().url,
      { urls: '/about', ...contentInputs({ verify: 'warn', verify_timeout_seconds: '5' }) },
      env
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('stale')
    expect(JSON.parse(result.outputs['stale'] ?? '[]')).toEqual(
      expect.arrayContaining([
        { url: `${emulator().siteUrl}/about`, device: 'desktop', reason: 'old-content' },
        { url: `${emulator().siteUrl}/about`, device: 'mobile', reason: 'old-content' }
      ])
    )
    expect(emulator().history).toHaveLength(1)
    const warnings = warningsOf(result).join('\n')
    expect(warnings).toMatch(/It is not purged again: set origin_url/)
    expect(warnings).toMatch(/2 check\(s\) served from another build at the deadline/)
    expect(result.summary).toContain(
      '<h2>⚠️ Cache purge: 1 URL purged · ⚠️ 2 served from another build at the 5 s deadline</h2>'
    )
    expect(result.summary).toContain('<td>⚠️\u00a0old build</td><td>⚠️\u00a0old build</td>')
    expect(result.summary).toMatch(
      /served from another build: rendered at \d\d:\d\d:\d\dZ, after the purge, but the build is not in the page/
    )
    expect(result.summary).toMatch(/What to do<\/strong>: set origin&#95;url/)
    expect(await summaryRenderProblems(result)).toEqual([])
  })

  it('repurge_old_content: false reports old content and purges nothing more', async () => {
    emulator().deploy(NEW, { rolloutMs: 600_000, versionDelayMs: 0 })
    const result = await runWith(
      emulator().url,
      {
        urls: '/about',
        origin_url: `${emulator().originUrl}/version.txt`,
        repurge_old_content: 'false',
        ...contentInputs({ verify: 'warn', verify_timeout_seconds: '4', devices: 'desktop' })
      },
      env
    )
    expect(result.outputs['verify_status']).toBe('stale')
    expect(emulator().history).toHaveLength(1)
    expect(result.summary).toContain('repurge&#95;old&#95;content: false')
  })

  it('pages that already carry the build are proven fresh, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'deflate', 'identity'] as const) {
      emulator().reset()
      emulator().deploy(NEW)
      // Asked uncompressed; an edge that compresses anyway is decoded.
      emulator().configureSite({ pageEncoding: encoding, pageBytes: 50_000, compressAlways: true })
      const result = await runWith(emulator().url, { urls: '/about', ...contentInputs() }, env)
      expect([encoding, result.outputs['verify_status']]).toEqual([encoding, 'fresh'])
      expect(result.outputs['warm']).toBe('2')
      const accepted = emulator().siteRequests.map(request => request.headers['accept-encoding'])
      expect(new Set(accepted)).toEqual(new Set(['identity']))
    }
    emulator().configureSite({ compressAlways: false })
  })

  it('a cached redirect has no page to prove: fresh by its date, next to a page that shows the build', async () => {
    emulator().seed(edgeCaseSite)
    emulator().deploy(NEW)
    const result = await runWith(
      emulator().url,
      { urls: '/old-about\n/about', ...contentInputs({ devices: 'desktop' }) },
      env
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', stale: '[]', warm: '2' })
    expect(result.summary).not.toContain('the page could not be read')
  })

  it('a page whose edge bypasses the cache is listed as bypassed, not a failure', async () => {
    emulator().seed({
      ...sampleSite,
      pages: [...sampleSite.pages, { path: '/me', bypass: 'HARD_COOKIE' }]
    })
    emulator().deploy(NEW)
    const result = await runWith(emulator().url, { urls: '/me\n/about', ...contentInputs() }, env)
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(result.summary).toContain(
      '<td>➖\u00a0bypassed (the edge skipped its cache)</td><td>➖\u00a0bypassed (the edge skipped its cache)</td>'
    )
    expect(result.summary).toContain('the edge bypassed its cache (HARD&#95;COOKIE')
    expect(result.stdout).toMatch(
      /2 check\(s\) bypassed \(the edge skipped its cache\): answered past the cache/
    )
  })
})

describe('verify_content: bad input', () => {
  it('verify_content other than true/false: an error, nothing sent', async () => {
    const result = await runWith(
      emulator().url,
      { urls: '/about', ...contentInputs({ verify_content: 'yes' }) },
      env
    )
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)).toEqual([`Input 'verify_content' "yes": must be true or false`])
    expect(emulator().requests).toHaveLength(0)
  })

  it('verify_content: true without verify: a warning that it does nothing', async () => {
    const result = await runWith(emulator().url, { urls: '/about', verify_content: 'true' }, env)
    expect(result.exitCode).toBe(0)
    expect(warningsOf(result).join('\n')).toMatch(/'verify_content' does nothing without verify/)
  })
})
