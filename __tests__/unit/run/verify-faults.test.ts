/**
 * Verification under faults of the public site: 503s, connection resets, slow answers, an edge
 * clock an hour off. The run in process, against the emulator (the 1 GB sitemap, a question of
 * the step's memory, is e2e/memory-hostile.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { API_KEY, noticesOf, runWith, warningsOf, useEmulator } from './helpers.js'

const emulator = useEmulator(
  { apiKey: API_KEY, sitePort: 0, propagationMs: 1000, renderMs: 300 },
  edge => {
    edge.reset()
    edge.configureSite({ propagationMs: 1000, renderMs: 300, clockSkewMs: 0 })
  }
)

const verifyInputs = (extra: Record<string, string> = {}): Record<string, string> => ({
  site_url: emulator().siteUrl,
  verify: 'true',
  verify_timeout_seconds: '30',
  ...extra
})

describe('verification under faults', () => {
  it('the site answering 503, then 200: retried, then fresh', async () => {
    emulator().siteFaults.enqueue({ status: 503, times: 4 })
    const result = await runWith(emulator().url, { urls: '/about', ...verifyInputs() })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(emulator().siteRequests.filter(request => request.status === 503)).toHaveLength(4)
  })

  it('connections reset: retried, then fresh', async () => {
    emulator().siteFaults.enqueue({ reset: true, times: 3 })
    const result = await runWith(emulator().url, { urls: '/about', ...verifyInputs() })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
  })

  it('slow answers time out and are asked again', async () => {
    emulator().siteFaults.enqueue({ delayMs: 3000, times: 2 })
    const result = await runWith(emulator().url, {
      urls: '/about',
      timeout_seconds: '1',
      ...verifyInputs({ devices: 'desktop' })
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
  })

  it('a 429 with Retry-After: 4 holds back every request of the job for 4 s, then fresh', async () => {
    emulator().siteFaults.enqueue({ status: 429, headers: { 'Retry-After': '4' } })
    const result = await runWith(emulator().url, {
      urls: '/about\n/contact\n/',
      // No looks before the purge for the old renders: the 429 is the checks' first answer (a
      // 429 ends those looks at once: render-looks-before-purge.test.ts).
      ...verifyInputs({ verify_renders: 'false' })
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    const requests = emulator().siteRequests
    const pushedBack = requests.find(request => request.status === 429)
    expect(pushedBack).toBeDefined()
    const at = pushedBack?.at ?? 0
    // The 6 checks' first requests leave together (the 429 among them, answered at once); every
    // later one waits the 4 s, though the pages were stale and would be asked again after 2 s.
    const later = requests.slice(6)
    expect(later.filter(request => request.at < at + 3800).map(request => request.url)).toEqual([])
    expect(later.length).toBeGreaterThan(6)
    expect(result.stdout).toMatch(
      /answered HTTP 429 with Retry-After: 4: every request waits 4\.0 s/
    )
    expect(noticesOf(result).join('\n')).toMatch(/pushed back 1 time\(s\).*waited 4 s in all/)
  })

  it('a site down until the deadline is a failed check, not a stale one', async () => {
    emulator().siteFaults.enqueue({ status: 503, times: 1000 })
    const result = await runWith(emulator().url, {
      urls: '/about',
      ...verifyInputs({ verify_timeout_seconds: '3', devices: 'desktop' })
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).toBe('failed')
    expect(result.outputs['stale']).toBe('[]')
    expect(result.summary).toMatch(/still failing at the deadline: HTTP 503/)
  })

  for (const skew of [3_600_000, -3_600_000]) {
    it(`an edge clock ${skew > 0 ? 'an hour ahead' : 'an hour behind'}: stale, then fresh, judged right, the offset said`, async () => {
      emulator().configureSite({ clockSkewMs: skew, propagationMs: 1500 })
      const result = await runWith(emulator().url, { urls: '/about\n/contact', ...verifyInputs() })
      expect(result.exitCode).toBe(0)
      // Fresh as each page answered EXTRACTING: the purge emptied it, whatever the clocks say;
      // the HIT that follows is that render (warm), though an hour behind it reads as before
      // the purge in the runner's clock.
      expect(result.outputs['verify_status']).toBe('fresh')
      expect(result.outputs['warm']).toBe('4')
      // It waited for the purge: the first answers were stale HITs, the last ones new renders.
      expect(Number(result.outputs['verify_seconds'])).toBeGreaterThanOrEqual(1.5)
      expect(result.summary).toContain(
        `⚠️ edge clock 3,600 seconds ${skew > 0 ? 'ahead of' : 'behind'} the runner’s: more than 5 min apart`
      )
      expect(warningsOf(result).join('\n')).toMatch(
        new RegExp(
          `The edge's clock is 1 h 00 min ${skew > 0 ? 'ahead of' : 'behind'} the runner's \\(from its Date headers\\): more than 5 min apart`
        )
      )
    })
  }

  it('an edge clock consistently an hour behind, the page rendered again before the first check: fresh', async () => {
    emulator().configureSite({ clockSkewMs: -3_600_000, propagationMs: 200, renderMs: 200 })
    // Purged and rendered again (EXTRACTING, then HIT) before the verification's first look.
    const purge = await runWith(emulator().url, { urls: '/about' })
    expect(purge.exitCode).toBe(0)
    const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
    await pause(500)
    const rendering = await fetch(`${emulator().siteUrl}/about`, {
      headers: { 'user-agent': 'curl' }
    })
    expect(rendering.headers.get('emu-kc-status')).toBe('EXTRACTING')
    await pause(500)
    const result = await runWith(emulator().url, {
      mode: 'verify',
      urls: '/about',
      purged_at: purge.outputs['accepted_at'] ?? '',
      ...verifyInputs({ devices: 'desktop', verify_timeout_seconds: '3' })
    })
    // The edge's Date and its cache dates agree, an hour behind: placed by its Date, the page
    // was rendered after the purge. The offset is still said.
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(result.exitCode).toBe(0)
    expect(result.summary).toContain(
      'its cache dates agree with its Date, so pages were placed by the edge’s clock'
    )
  })
})
