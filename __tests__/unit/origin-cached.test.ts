/**
 * An origin_url answered by the rendering cache (`*-Kc-Status: HIT`) cannot show the new build
 * while the purge waits for it: the wait stops at the first look, names the header and says
 * what to point origin_url at. The judgement (readiness.ts), the wait on the test clock, the
 * failure in words (the step's error, the summary, the status line) and the dry run's warning.
 */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import { judgeOriginAnswer, type OriginLookInput } from '../../src/origin/readiness.js'
import { cachedOriginProblem } from '../../src/origin/describe-look.js'
import { waitForBuild } from '../../src/origin/wait.js'
import { renderOriginSection, renderOriginTimeout } from '../../src/report/origin-report.js'
import { VirtualClock } from '../support/virtual-clock.js'

const SHA = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const OLD = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const build = buildId(SHA, 'GITHUB_SHA')
const URL_POLLED = 'https://www.example.com/version.txt'

const cachedAnswer = (extra: Record<string, string> = {}): OriginLookInput => ({
  status: 200,
  headers: {
    'acme-kc-status': 'HIT',
    'acme-kc-date': '2026-11-25T04:00:00.Z (GMT) (1d of 7d)',
    ...extra
  },
  body: `${OLD}\n`
})

async function waitOn(answers: (look: number) => OriginLookInput, options = {}) {
  const clock = new VirtualClock()
  const looks: number[] = []
  const wait = await clock.run(
    waitForBuild({
      url: new URL(URL_POLLED),
      build,
      timeoutMs: 600_000,
      requestTimeoutMs: 30_000,
      look: async () => {
        looks.push(clock.now())
        return answers(looks.length)
      },
      clock,
      random: () => 0.5,
      ...options
    })
  )
  return { wait, looks }
}

describe('an origin_url answered by the rendering cache', () => {
  it('a HIT is served from the cache: the look says so, with the header as sent', () => {
    expect(judgeOriginAnswer(cachedAnswer(), build)).toMatchObject({
      ready: false,
      servedFromCache: 'acme-kc-status: HIT'
    })
    // EXTRACTING rendered from the origin, MISS and a bypass passed through to it: not cached
    // answers, so the origin can still change what they show.
    for (const headers of [
      { 'acme-kc-status': 'EXTRACTING' },
      { 'acme-kc-status': 'MISS' },
      { 'acme-kc-status': 'HIT', 'acme-bypass': 'SOFT_NO_CACHE' }
    ]) {
      const look = judgeOriginAnswer({ status: 200, headers, body: OLD }, build)
      expect(look.servedFromCache).toBeUndefined()
      expect(look.throughCache).toBeDefined()
    }
  })

  it('stops at the first look, without waiting out origin_timeout_seconds', async () => {
    const { wait, looks } = await waitOn(() => cachedAnswer())
    expect(looks).toHaveLength(1)
    expect(wait).toMatchObject({ ready: false, stopped: 'cached', looks: 1, elapsedMs: 0 })
  })

  it('a cached answer that shows the build is ready: the build is live', async () => {
    const { wait } = await waitOn(() => ({ ...cachedAnswer(), body: SHA }))
    expect(wait.ready).toBe(true)
  })

  it('EXTRACTING first: looked at again, and the HIT that follows stops the wait', async () => {
    const { wait, looks } = await waitOn(look =>
      look === 1
        ? { status: 200, headers: { 'acme-kc-status': 'EXTRACTING' }, body: OLD }
        : cachedAnswer()
    )
    expect(looks).toHaveLength(2)
    expect(wait.stopped).toBe('cached')
  })

  it('a dry run says it too', async () => {
    const { wait } = await waitOn(() => cachedAnswer(), { once: true })
    expect(wait.stopped).toBe('cached')
  })

  it('the error names origin_url, quotes the status header and says what to point it at', () => {
    const look = judgeOriginAnswer(cachedAnswer(), build)
    expect(cachedOriginProblem(URL_POLLED, look)).toBe(
      `origin_url ${URL_POLLED} is answered by the rendering cache (acme-kc-status: HIT), not by the origin: a cached answer shows what was cached before and cannot change until a purge, which waits for it, so it can never show the new build. Point origin_url at the origin server itself: a health or version URL on the origin's own address, which bypasses the cache (e.g. https://origin.example.com/version.txt).`
    )
  })

  it('the summary says it, what was not purged, and what to do', () => {
    const look = judgeOriginAnswer(cachedAnswer(), build)
    const report = {
      url: URL_POLLED,
      build,
      timeoutMs: 600_000,
      dryRun: false,
      wait: { ready: false, elapsedMs: 40, looks: 1, stopped: 'cached' as const, last: look }
    }
    const html = renderOriginTimeout(report, { tags: ['blog'], urls: [], patterns: [] })
    expect(html).toContain(
      '<h3>Origin: origin&#95;url is answered by the rendering cache, nothing was purged</h3>'
    )
    expect(html).toContain('acme-kc-status: HIT')
    expect(html).toContain('Point origin&#95;url at the origin server itself')
    expect(html).not.toContain('raise origin&#95;timeout&#95;seconds')
    expect(html).toContain('Not purged (1)')
    const dry = renderOriginSection({ ...report, dryRun: true })
    expect(dry).toContain('answered by the rendering cache')
    expect(dry).toContain('A real run would fail at once and purge nothing')
  })
})
