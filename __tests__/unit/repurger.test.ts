/**
 * The re-purge of old content with a test clock: grouped sends 5, 10 and 20 s after old content
 * is seen, at most 3 per page, only once origin_url shows the build (waiting within the
 * deadline), nothing when the origin never does, and only a report without origin_url or with
 * repurge_old_content: false. Then the verify loop with the content proof and a re-purger,
 * against a fake site whose origin serves the new build only after a rollout.
 */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import {
  Repurger,
  type OriginState,
  type RepurgeMode,
  type RepurgeSent
} from '../../src/repurge/repurger.js'
import { BUILT_IN_DEVICES } from '../../src/verify/devices.js'
import type { PageAnswer } from '../../src/verify/check/read-page.js'
import {
  verifyPages,
  type Progress,
  type VerifyOptions
} from '../../src/verify/check/verify-pages.js'
import { VirtualClock } from '../support/virtual-clock.js'

const site = 'https://www.example.com'
const page = (path: string): URL => new URL(path, site)

function logger() {
  const lines: string[] = []
  return {
    lines,
    info: (m: string) => lines.push(m),
    warning: (m: string) => lines.push(`warning: ${m}`)
  }
}

const LIVE: OriginState = { kind: 'live' }
const NOT_LIVE: OriginState = { kind: 'not-live' }

function repurgeMode(clock: VirtualClock, options: { liveAt?: number; accept?: boolean } = {}) {
  const sends: { at: number; pages: readonly string[] }[] = []
  const looks: number[] = []
  const mode: RepurgeMode = {
    kind: 'repurge',
    originLive: async (until, signal) => {
      const liveAt = options.liveAt ?? 0
      looks.push(clock.now())
      if (clock.now() >= liveAt) return LIVE
      if (liveAt > until) {
        await clock.sleep(until - clock.now(), signal)
        return NOT_LIVE
      }
      await clock.sleep(liveAt - clock.now(), signal)
      return signal.aborted ? NOT_LIVE : LIVE
    },
    send: async (pages): Promise<RepurgeSent> => {
      sends.push({ at: clock.now(), pages })
      await clock.sleep(100)
      return options.accept === false
        ? { accepted: [], failed: pages, problem: '#1 url: FAILED: HTTP 500' }
        : { accepted: pages, acceptedAt: clock.now(), failed: [] }
    }
  }
  return { mode, sends, looks }
}

describe('Repurger', () => {
  it('groups the pages due together, and honours 5, 10, 20 s and at most 3 per page', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const { mode, sends } = repurgeMode(clock)
    const log = logger()
    const repurger = new Repurger({ mode, clock, deadline: t0 + 120_000, log })
    const running = repurger.run()
    // Old content seen at 1 s on /a and /a?x=1, at 1.5 s on /a (another device) and /b, at
    // 8 s on /c.
    const driver = (async () => {
      await clock.sleep(1000)
      repurger.seen(page('/a'), clock.now(), t0)
      repurger.seen(page('/a?x=1'), clock.now(), t0)
      await clock.sleep(500)
      repurger.seen(page('/a'), clock.now(), t0)
      repurger.seen(page('/b'), clock.now(), t0)
      await clock.sleep(6500)
      repurger.seen(page('/c'), clock.now(), t0)
      // /a keeps showing old content after each re-purge is accepted.
      for (let round = 0; round < 4; round++) {
        await clock.sleep(30_000)
        const purgedAt = repurger.repurgedAt(page('/a')) ?? t0
        repurger.seen(page('/a'), clock.now(), purgedAt)
      }
      await clock.sleep(1000)
      repurger.stop()
    })()
    await clock.run(Promise.all([running, driver]))
    const relative = sends.map(send => ({ at: send.at - t0, pages: send.pages }))
    // The first due at 6 s; the pages due within the next 2 s go with it.
    expect(relative[0]).toEqual({ at: 8000, pages: ['/a', '/a?x=1', '/b'] })
    expect(relative[1]).toEqual({ at: 15_000, pages: ['/c'] })
    // Then /a alone, 10 s and 20 s after it was seen again (+ the 2 s gathering); never a
    // fourth time.
    expect(relative.slice(2).map(send => send.pages)).toEqual([['/a'], ['/a']])
    expect((relative[2]?.at ?? 0) - 38_000).toBe(12_000)
    expect((relative[3]?.at ?? 0) - 68_000).toBe(22_000)
    const report = repurger.report()
    expect(report.pages).toEqual([
      { page: '/a', repurges: 3 },
      { page: '/a?x=1', repurges: 1 },
      { page: '/b', repurges: 1 },
      { page: '/c', repurges: 1 }
    ])
    expect(report.batches).toHaveLength(4)
    expect(log.lines[0]).toMatch(/^Old content: \/a was rendered again after the purge/)
  })

  it('waits for origin_url to show the build before purging again', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const { mode, sends } = repurgeMode(clock, { liveAt: t0 + 30_000 })
    const repurger = new Repurger({ mode, clock, deadline: t0 + 120_000, log: logger() })
    const running = repurger.run()
    repurger.seen(page('/a'), t0, t0)
    const driver = (async () => {
      await clock.sleep(40_000)
      repurger.stop()
    })()
    await clock.run(Promise.all([running, driver]))
    expect(sends.map(send => send.at - t0)).toEqual([30_000]) // due at 5 s (+2 s), live at 30 s
  })

  it('never purges again when origin_url does not show the build before the deadline', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const { mode, sends } = repurgeMode(clock, { liveAt: t0 + 999_000 })
    const log = logger()
    const repurger = new Repurger({ mode, clock, deadline: t0 + 60_000, log })
    repurger.seen(page('/a'), t0, t0)
    await clock.run(repurger.run())
    expect(sends).toEqual([])
    expect(repurger.report()).toMatchObject({ originNotLive: true, pageCount: 1 })
    expect(log.lines.join('\n')).toMatch(/not purged again: origin_url did not show the new build/)
  })

  it('a re-purge the service refuses is reported and not tried again', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const { mode, sends } = repurgeMode(clock, { accept: false })
    const repurger = new Repurger({ mode, clock, deadline: t0 + 60_000, log: logger() })
    const running = repurger.run()
    const driver = (async () => {
      repurger.seen(page('/a'), t0, t0)
      await clock.sleep(20_000)
      repurger.seen(page('/a'), clock.now(), t0)
      await clock.sleep(20_000)
      repurger.stop()
    })()
    await clock.run(Promise.all([running, driver]))
    expect(sends).toHaveLength(1)
    expect(repurger.report().batches[0]).toMatchObject({
      failed: ['/a'],
      problem: '#1 url: FAILED: HTTP 500'
    })
  })

  it.each<['no-origin-url' | 'disabled' | 'verify-only', RegExp]>([
    ['no-origin-url', /set origin_url/],
    ['disabled', /repurge_old_content: false/],
    ['verify-only', /mode: verify purges nothing/]
  ])('%s: old content is reported, never purged again', async (kind, hint) => {
    const clock = new VirtualClock()
    const log = logger()
    const repurger = new Repurger({ mode: { kind }, clock, deadline: clock.now() + 60_000, log })
    repurger.seen(page('/a'), clock.now(), clock.now())
    await clock.run(repurger.run())
    expect(repurger.report()).toEqual({
      mode: kind,
      pages: [{ page: '/a', repurges: 0 }],
      pageCount: 1,
      batches: []
    })
    expect(log.lines.join('\n')).toMatch(hint)
    expect(repurger.repurgedAt(page('/a'))).toBeUndefined()
  })
})

describe('verifyPages with the content proof and a re-purger', () => {
  const NEW = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
  const build = buildId(NEW, 'GITHUB_SHA')
  const devices = [
    { name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] ?? '' },
    { name: 'mobile', userAgent: BUILT_IN_DEVICES['mobile'] ?? '' }
  ]

  /**
   * A site behind an edge: a purge accepted at T reaches it at T + 2 s; a render takes 1 s and
   * captures the build the origin serves when it starts (the new one from `rolloutAt`).
   */
  function siteWithRollout(clock: VirtualClock, rolloutAt: number) {
    const purges: number[] = []
    const entries = new Map<string, { cachedAt: number; build: string }>()
    const getPage = async (url: URL, userAgent: string): Promise<PageAnswer> => {
      const now = clock.now()
      const key = `${url.href} ${userAgent}`
      let entry = entries.get(key) ?? { cachedAt: now - 3_600_000, build: 'old' }
      const arrived = purges.filter(at => at + 2000 <= now && at > entry.cachedAt)
      if (arrived.length > 0) {
        entry = { cachedAt: now + 1000, build: now >= rolloutAt ? NEW : 'old0000' }
        entries.set(key, entry)
        return answer('EXTRACTING', entry.build)
      }
      entries.set(key, entry)
      if (now < entry.cachedAt) return answer('EXTRACTING', entry.build)
      return answer('HIT', entry.build, entry.cachedAt)
    }
    const answer = (status: string, shown: string, cachedAt?: number): PageAnswer => ({
      status: 200,
      headers: {
        date: new Date(clock.now()).toUTCString(),
        'acme-kc-status': status,
        ...(cachedAt !== undefined && {
          'acme-kc-date': `${new Date(cachedAt).toISOString()} (GMT) (1s of 7d)`
        })
      },
      content: shown === NEW ? { kind: 'found' } : { kind: 'not-found', bytes: 5000, capped: false }
    })
    return { getPage, purges }
  }

  /** Page /a, purged at `t0`, verified on both devices with the content proof until `deadline`. */
  function verifyPageA(
    clock: VirtualClock,
    t0: number,
    repurger: Repurger,
    getPage: VerifyOptions['getPage'],
    deadline: number,
    extra: Partial<VerifyOptions> = {}
  ) {
    return clock.run(
      verifyPages([{ url: page('/a'), purgeAcceptedAt: t0 }], {
        getPage,
        content: { build, oldContent: repurger },
        clock,
        random: () => 0.5,
        devices,
        pageCount: 1,
        lastAcceptedAt: t0,
        deadline,
        requestTimeoutMs: 10_000,
        siteLabel: 'site_url https://www.example.com',
        ...extra
      })
    )
  }

  it('old content is caught, purged again once the rollout is done, then proven fresh', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const fake = siteWithRollout(clock, t0 + 8000)
    fake.purges.push(t0)
    const mode: RepurgeMode = {
      kind: 'repurge',
      originLive: async () => LIVE,
      send: async pages => {
        fake.purges.push(clock.now())
        return { accepted: pages, acceptedAt: clock.now(), failed: [] }
      }
    }
    const repurger = new Repurger({ mode, clock, deadline: t0 + 120_000, log: logger() })
    const repurging = repurger.run()
    const verification = await verifyPageA(clock, t0, repurger, fake.getPage, t0 + 120_000)
    repurger.stop()
    await clock.run(repurging)
    expect(verification.status).toBe('fresh')
    expect(verification.counts.fresh).toBe(2)
    expect(verification.oldContent).toBe(0)
    // The first render after the purge (at 2 s) took the old build; one re-purge fixed both devices.
    expect(fake.purges).toHaveLength(2)
    expect(repurger.report()).toMatchObject({ pageCount: 1, pages: [{ page: '/a', repurges: 1 }] })
    // Fresh once the re-purge's render showed the build, not when the first render was cached.
    expect(verification.timeToFresh?.slowestMs).toBeGreaterThan(9000)
  })

  it('an EXTRACTING answer showing the build proves nothing: the cached render (HIT) decides', async () => {
    // A rolling deploy: the answer that started the render came from an instance on the new
    // build, but the render that got cached fetched an instance still on the previous one.
    const clock = new VirtualClock()
    const t0 = clock.now()
    const rendered = new Set<string>()
    const getPage = async (url: URL, userAgent: string): Promise<PageAnswer> => {
      const key = `${url.href} ${userAgent}`
      const first = !rendered.has(key)
      rendered.add(key)
      return {
        status: 200,
        headers: {
          date: new Date(clock.now()).toUTCString(),
          'acme-kc-status': first ? 'EXTRACTING' : 'HIT',
          ...(!first && {
            'acme-kc-date': `${new Date(t0 + 2000).toISOString()} (GMT) (1s of 7d)`
          })
        },
        content: first ? { kind: 'found' } : { kind: 'not-found', bytes: 5000, capped: false }
      }
    }
    const repurger = new Repurger({
      mode: { kind: 'no-origin-url' },
      clock,
      deadline: t0 + 30_000,
      log: logger()
    })
    const verification = await verifyPageA(clock, t0, repurger, getPage, t0 + 30_000)
    expect(verification.status).toBe('stale')
    expect(verification.counts.fresh).toBe(0)
    expect(verification.oldContent).toBe(2)
  })

  it('without a re-purge, old content is stale at the deadline, with its reason', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const fake = siteWithRollout(clock, t0 + 999_000)
    fake.purges.push(t0)
    const repurger = new Repurger({
      mode: { kind: 'no-origin-url' },
      clock,
      deadline: t0 + 30_000,
      log: logger()
    })
    const progress: Progress[] = []
    const verification = await verifyPageA(clock, t0, repurger, fake.getPage, t0 + 30_000, {
      progressEveryMs: 15_000,
      onProgress: report => progress.push(report)
    })
    expect(verification.status).toBe('stale')
    expect(verification.oldContent).toBe(2)
    // The progress line can say what they wait for: a render of the new build, not the purge.
    expect(progress[0]).toMatchObject({ staleNow: 2, oldContentNow: 2 })
    expect(
      verification.listed.map(check => [check.device, check.state, check.staleReason])
    ).toEqual([
      ['desktop', 'stale', 'old-content'],
      ['mobile', 'stale', 'old-content']
    ])
    expect(verification.listed[0]?.detail).toMatch(/^the build is not in the page; cached 20/)
  })
})
