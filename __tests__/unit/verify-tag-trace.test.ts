/**
 * Tracing tags to pages at the edge: what one answer tells of its page's tags
 * (src/verify/tags/tags-header.ts), when the reading stops (verify/tags/trace-state.ts), the
 * reading itself at a rate, in the order given, within its budget (verify/tags/read-at-edge.ts,
 * over a fake site and a virtual clock), and the selection of what it found
 * (verify/choose/streaming-selector.ts's addTraced).
 */
import { describe, expect, it } from '@jest/globals'
import type { SiteHead } from '../../src/http/site-client.js'
import { PageSelector } from '../../src/verify/choose/streaming-selector.js'
import { parseTagList, readPageTags } from '../../src/verify/tags/tags-header.js'
import type { PatternMatch } from '../../src/verify/choose/selection-shapes.js'
import { shardOf } from '../../src/verify/choose/shard.js'
import { TagTrace } from '../../src/verify/tags/trace-state.js'
import {
  NOT_CACHED_AGAIN_MS,
  traceTags,
  type TraceInput
} from '../../src/verify/tags/read-at-edge.js'
import type { Overload } from '../../src/verify/check/options.js'
import { VirtualClock } from '../support/virtual-clock.js'

const hit = (tags?: string): SiteHead => ({
  status: 200,
  headers: { 'acme-kc-status': 'HIT', ...(tags !== undefined && { 'acme-tags': tags }) }
})

describe('readPageTags', () => {
  it('reads the list of a cached page, trimmed, a comma between tags', () => {
    expect(readPageTags(hit(' blog, post-1 ,,home '))).toEqual({
      kind: 'read',
      tags: ['blog', 'post-1', 'home']
    })
    expect(parseTagList('a,b , c')).toEqual(['a', 'b', 'c'])
  })

  it('a HIT without the header is a page without tags; any other answer without it tells nothing', () => {
    expect(readPageTags(hit())).toEqual({ kind: 'read', tags: [] })
    expect(readPageTags({ status: 200, headers: { 'acme-kc-status': 'EXTRACTING' } })).toEqual({
      kind: 'unreadable',
      why: 'not-cached'
    })
    expect(readPageTags({ status: 200, headers: { 'acme-kc-status': 'MISS' } })).toEqual({
      kind: 'unreadable',
      why: 'not-cached'
    })
  })

  it('DYNAMIC, bypassed, an HTTP error or an origin answer are unreadable, whatever they carry', () => {
    const tags = { 'acme-tags': 'blog' }
    expect(
      readPageTags({ status: 200, headers: { 'acme-kc-status': 'DYNAMIC', ...tags } })
    ).toEqual({ kind: 'unreadable', why: 'dynamic' })
    expect(
      readPageTags({
        status: 200,
        headers: { 'acme-kc-status': 'HIT', 'acme-bypass': 'HARD_X', ...tags }
      })
    ).toEqual({ kind: 'unreadable', why: 'bypassed' })
    expect(readPageTags({ status: 503, headers: { 'acme-kc-status': 'HIT', ...tags } })).toEqual({
      kind: 'unreadable',
      why: 'status'
    })
    expect(readPageTags({ status: 200, headers: { 'x-tags': 'blog' } })).toEqual({
      kind: 'unreadable',
      why: 'no-edge'
    })
  })
})

describe('TagTrace', () => {
  it('has enough once every tag has verify_limit pages; never with verify_limit: 0', () => {
    const trace = new TagTrace(['a', 'b'], { perTag: 1, maxReads: 10, maxMs: 1000 }, 5)
    trace.record('/1', { kind: 'read', tags: ['a'] })
    expect(trace.enough).toBe(false)
    trace.record('/2', { kind: 'read', tags: ['b', 'c'] })
    expect(trace.enough).toBe(true)
    const every = new TagTrace(['a'], { perTag: Infinity, maxReads: 10, maxMs: 1000 }, 5)
    every.record('/1', { kind: 'read', tags: ['a'] })
    expect(every.enough).toBe(false)
  })

  it('counts unreadable pages by reason, and calls a count exact only when every page told', () => {
    const trace = new TagTrace(['a'], { perTag: Infinity, maxReads: 10, maxMs: 1000 }, 2)
    trace.asked()
    trace.record('/1', { kind: 'read', tags: ['a'] })
    expect(trace.result('all-read', 0).exact).toBe(false)
    trace.asked()
    trace.record('/2', { kind: 'unreadable', why: 'dynamic' })
    const result = trace.result('all-read', 0)
    expect(result).toMatchObject({ read: 2, unreadable: 1, unreadableBy: { dynamic: 1 } })
    expect(result.exact).toBe(false)
    expect(result.tags).toEqual([{ tag: 'a', found: 1, first: ['/1'] }])
  })
})

/** A site of `n` pages `/p/1` …; page k carries `tenth` when k is a multiple of 10. */
function fakeSite(clock: VirtualClock, asked: string[], latencyMs = 20): TraceInput['getPage'] {
  return async url => {
    asked.push(url.pathname)
    await clock.sleep(latencyMs)
    const n = Number(url.pathname.slice(3))
    if (n % 7 === 3) return { status: 200, headers: { 'acme-kc-status': 'EXTRACTING' } }
    return hit(n % 10 === 0 ? 'tenth, other' : 'other')
  }
}

function input(clock: VirtualClock, asked: string[], extra: Partial<TraceInput>): TraceInput {
  const paths = Array.from({ length: 1000 }, (_, i) => `/p/${i + 1}`)
  return {
    tags: ['tenth'],
    paths,
    candidates: paths.length,
    siteUrl: new URL('https://www.example.com'),
    userAgent: 'test',
    getPage: fakeSite(clock, asked),
    requestTimeoutMs: 5000,
    concurrency: 6,
    limits: { perTag: 5, maxReads: 10_000, maxMs: 180_000 },
    clock,
    ...extra
  }
}

describe('traceTags', () => {
  it('reads in the order given and stops soon after verify_limit pages of each tag', async () => {
    const clock = new VirtualClock()
    const asked: string[] = []
    const result = await clock.run(traceTags(input(clock, asked, {})))
    expect(result.stoppedBy).toBe('enough')
    expect(result.tags[0]?.found).toBeGreaterThanOrEqual(5)
    // Pages 20..60 hold five readable tenths (10 is EXTRACTING); the other workers in flight then
    // add at most five more reads.
    expect(result.read).toBeGreaterThanOrEqual(60)
    expect(result.read).toBeLessThanOrEqual(65)
    expect(asked).toEqual(Array.from({ length: asked.length }, (_, i) => `/p/${i + 1}`))
    expect(result.exact).toBe(false)
  })

  it('holds the rate, and stops at the budget of time or of requests', async () => {
    const clock = new VirtualClock()
    const started = clock.now()
    const asked: string[] = []
    const timed = await clock.run(
      traceTags(
        input(clock, asked, {
          ratePerSecond: 10,
          limits: { perTag: Infinity, maxReads: 10_000, maxMs: 30_000 }
        })
      )
    )
    expect(timed.stoppedBy).toBe('time')
    // 10 a second for 30 s.
    expect(timed.read).toBeGreaterThanOrEqual(295)
    expect(timed.read).toBeLessThanOrEqual(301)
    expect(clock.now() - started).toBeLessThanOrEqual(30_000 + 5000)
    const counted = await clock.run(
      traceTags(input(clock, [], { limits: { perTag: Infinity, maxReads: 100, maxMs: 180_000 } }))
    )
    expect(counted).toMatchObject({ stoppedBy: 'requests', read: 100 })
  })

  it('asks a page that was not cached once more, after its render had time, and reads it then', async () => {
    const clock = new VirtualClock()
    const started = clock.now()
    const seen = new Map<string, number[]>()
    const paths = Array.from({ length: 20 }, (_, i) => `/p/${i + 1}`)
    const result = await clock.run(
      traceTags(
        input(clock, [], {
          paths,
          candidates: paths.length,
          limits: { perTag: Infinity, maxReads: 10_000, maxMs: 180_000 },
          getPage: async url => {
            const times = seen.get(url.pathname) ?? []
            times.push(clock.now() - started)
            seen.set(url.pathname, times)
            await clock.sleep(20)
            // Emptied by a purge: the first request renders the page, the next finds it cached.
            if (times.length === 1)
              return { status: 200, headers: { 'acme-kc-status': 'EXTRACTING' } }
            return hit(url.pathname === '/p/10' ? 'tenth' : 'other')
          }
        })
      )
    )
    expect(result).toMatchObject({ read: 20, requests: 40, unreadable: 0, exact: true })
    expect(result.tags[0]?.found).toBe(1)
    for (const [, [first = 0, second = 0]] of seen) {
      expect(second - first).toBeGreaterThanOrEqual(NOT_CACHED_AGAIN_MS)
    }
  })

  it('an overloaded site holds every worker for what it asked', async () => {
    const clock = new VirtualClock()
    const started = clock.now()
    const at: number[] = []
    const site = fakeSite(clock, [])
    let overloaded = false
    const told: Overload[] = []
    const result = await clock.run(
      traceTags(
        input(clock, [], {
          limits: { perTag: Infinity, maxReads: 40, maxMs: 180_000 },
          onOverload: overload => told.push(overload),
          getPage: async (url, ua, timeout) => {
            at.push(clock.now() - started)
            if (url.pathname === '/p/10' && !overloaded) {
              overloaded = true
              return { status: 429, headers: { 'retry-after': '30' } }
            }
            return site(url, ua, timeout)
          }
        })
      )
    )
    expect(result.read).toBe(40)
    expect(result.unreadableBy.status).toBe(1)
    // Nothing left in the 30 s after the 429 (answered at about 20-40 ms) but the workers already
    // in flight; everything after it left at 30 s or later.
    const pushedAt = at[9] ?? 0
    const later = at.slice(16)
    expect(later.every(time => time >= pushedAt + 30_000)).toBe(true)
    // Said once, as the checks say it: what the site asked, the pause, and the halved bound.
    expect(told).toEqual([{ status: 429, retryAfter: '30', pauseMs: 30_000, inFlight: 3 }])
  })

  it('a 429 without Retry-After holds every worker for the backoff, longer for each in a row', async () => {
    const clock = new VirtualClock()
    const started = clock.now()
    const at: number[] = []
    const site = fakeSite(clock, [])
    const result = await clock.run(
      traceTags(
        input(clock, [], {
          limits: { perTag: Infinity, maxReads: 60, maxMs: 180_000 },
          // No jitter: the backoff's steps exactly, 2 s then 3 s (STALE_BACKOFF).
          random: () => 0.5,
          getPage: async (url, ua, timeout) => {
            at.push(clock.now() - started)
            if (url.pathname === '/p/10' || url.pathname === '/p/20') {
              await clock.sleep(20)
              return { status: 429, headers: {} }
            }
            return site(url, ua, timeout)
          }
        })
      )
    )
    expect(result.read).toBe(60)
    expect(result.unreadableBy.status).toBe(2)
    // The 429 of /p/10 answered 20 ms after it left: nothing after the workers then in flight
    // leaves for 2 s, and the first that does leaves then, not at the 5 s of a fixed hold.
    const firstHold = (at[9] ?? 0) + 20
    const afterFirst = at.slice(16).filter(time => time > at[9]! + 20)
    expect(Math.min(...afterFirst)).toBe(firstHold + 2000)
    // The next, before the site has shown it recovered (a run of answers at the full bound),
    // waits the backoff's next step, 3 s.
    const twentieth = (at[19] ?? 0) + 20
    const afterSecond = at.filter(time => time > twentieth)
    expect(at[19]).toBeGreaterThanOrEqual(firstHold + 2000)
    expect(Math.min(...afterSecond)).toBe(twentieth + 3000)
  })

  it('after an overload, half as many requests are in flight, raised again by one as answers come', async () => {
    const clock = new VirtualClock()
    const site = fakeSite(clock, [])
    let inFlight = 0
    let overloadedAt: number | undefined
    /** In flight as each request left, after the overload's hold. */
    const afterHold: number[] = []
    await clock.run(
      traceTags(
        input(clock, [], {
          limits: { perTag: Infinity, maxReads: 200, maxMs: 180_000 },
          getPage: async (url, ua, timeout) => {
            inFlight++
            if (overloadedAt !== undefined && clock.now() >= overloadedAt + 1000) {
              afterHold.push(inFlight)
            }
            try {
              if (url.pathname === '/p/10') {
                await clock.sleep(20)
                overloadedAt = clock.now()
                return { status: 429, headers: { 'retry-after': '1' } }
              }
              return await site(url, ua, timeout)
            } finally {
              inFlight--
            }
          }
        })
      )
    )
    // Six workers before it. After its hold, half as many (3), raised to 4 by the answers that
    // came in during the hold (a run as long as the bound), then by one a run back to 6.
    expect(afterHold.slice(0, 6)).toEqual([1, 2, 3, 4, 4, 4])
    expect(Math.max(...afterHold)).toBe(6)
  })

  it("reads a Retry-After date in the edge's clock, placed by the Date headers", async () => {
    const clock = new VirtualClock()
    const started = clock.now()
    const at: number[] = []
    // The edge's clock runs a minute ahead of the runner's.
    const edgeDate = (): string => new Date(clock.now() + 60_000).toUTCString()
    const result = await clock.run(
      traceTags(
        input(clock, [], {
          limits: { perTag: Infinity, maxReads: 40, maxMs: 180_000 },
          getPage: async url => {
            at.push(clock.now() - started)
            await clock.sleep(20)
            const date = { date: edgeDate() }
            if (url.pathname === '/p/10') {
              const retryAt = new Date(clock.now() + 60_000 + 10_000).toUTCString()
              return { status: 429, headers: { ...date, 'retry-after': retryAt } }
            }
            return { status: 200, headers: { ...date, 'acme-kc-status': 'HIT', 'acme-tags': 'x' } }
          }
        })
      )
    )
    expect(result.read).toBe(40)
    // Ten seconds in the edge's clock (to its one-second dates), not the seventy the runner's
    // clock would read.
    const answered = (at[9] ?? 0) + 20
    const after = at.filter(time => time > answered)
    expect(Math.min(...after)).toBeGreaterThanOrEqual(answered + 9000)
    expect(Math.min(...after)).toBeLessThanOrEqual(answered + 11_000)
  })

  it('a pause past the budget counts the pages left to ask again as not cached', async () => {
    const clock = new VirtualClock()
    const paths = Array.from({ length: 20 }, (_, i) => `/p/${i + 1}`)
    let asked = 0
    const result = await clock.run(
      traceTags(
        input(clock, [], {
          paths,
          candidates: paths.length,
          limits: { perTag: Infinity, maxReads: 10_000, maxMs: 30_000 },
          getPage: async () => {
            const nth = ++asked
            await clock.sleep(20)
            // The first page asked again answers 429, past the budget.
            if (nth === 21) return { status: 429, headers: { 'retry-after': '60' } }
            return { status: 200, headers: { 'acme-kc-status': 'EXTRACTING' } }
          }
        })
      )
    )
    expect(result.stoppedBy).toBe('time')
    // Every page is counted: the one that answered 429, and the others as not cached, the ones
    // the workers had taken to ask again included.
    expect(result.unreadableBy).toEqual({ 'not-cached': 19, status: 1 })
  })

  it('reads every page with verify_limit: 0, and counts the unreadable and the failed', async () => {
    const clock = new VirtualClock()
    const paths = Array.from({ length: 70 }, (_, i) => `/p/${i + 1}`)
    const site = fakeSite(clock, [])
    const result = await clock.run(
      traceTags(
        input(clock, [], {
          paths,
          candidates: paths.length,
          limits: { perTag: Infinity, maxReads: 10_000, maxMs: 180_000 },
          getPage: async (url, ua, timeout) => {
            if (url.pathname === '/p/1') throw new Error('reset')
            return site(url, ua, timeout)
          }
        })
      )
    )
    expect(result.stoppedBy).toBe('all-read')
    expect(result.read).toBe(70)
    // 3, 10, 17, …, 66: ten EXTRACTING; /p/1 failed.
    expect(result.unreadableBy).toEqual({ 'not-cached': 10, error: 1 })
    // 10, 20, …, 70, less /p/10 (EXTRACTING: 10 % 7 === 3).
    expect(result.tags[0]?.found).toBe(6)
    expect(result.exact).toBe(false)
  })
})

describe('PageSelector with traced tags', () => {
  const noPattern = (): PatternMatch => ({ kind: 'matched', paths: [], gaveUp: [] })
  const sitemap = Array.from({ length: 100 }, (_, i) => `/p/${i + 1}`)

  it('keeps a spread sample of its part to read, then selects what was found like any target', () => {
    const selector = new PageSelector({
      targets: { tags: ['tenth', 'folder-p'], urls: ['/p/20'], patterns: [] },
      purging: true,
      extraPages: [],
      limit: 200,
      matchPattern: noPattern,
      traceTags: true,
      traceReads: 50
    })
    for (const path of sitemap) selector.add(path)
    expect(selector.tagsToTrace).toEqual(['tenth'])
    const { paths, candidates } = selector.pagesToTrace()
    expect(candidates).toBe(100)
    expect(paths).toHaveLength(50)
    // A spread, not the sitemap's first 50.
    expect(paths.some(path => Number(path.slice(3)) > 50)).toBe(true)
    const found = new Map([
      ['/p/20', ['tenth']],
      ['/p/30', ['tenth']]
    ])
    const clock = new VirtualClock()
    const trace = new TagTrace(['tenth'], { perTag: 4, maxReads: 50, maxMs: 1 }, 100)
    for (const [path, tags] of found) trace.record(path, { kind: 'read', tags })
    selector.addTraced({ ...trace.result('requests', clock.now() - clock.now()), pages: found })
    const outcome = selector.finish({ found: true, turnedOff: false, pageCount: 100 })
    if (outcome.kind !== 'selected') throw new Error('over budget')
    const { selection } = outcome
    // Every page is a folder-p page: nothing is counted twice.
    expect(selection.selectedCount).toBe(100)
    expect(selection.uncheckedTags).toEqual([])
    expect(selection.pages.find(page => page.path === '/p/30')?.purgedBy).toEqual([
      { kind: 'tag', item: 'folder-p' },
      { kind: 'tag', item: 'tenth' }
    ])
    expect(selection.pages.find(page => page.path === '/p/20')?.purgedBy).toEqual([
      { kind: 'url', item: '/p/20' },
      { kind: 'tag', item: 'folder-p' },
      { kind: 'tag', item: 'tenth' }
    ])
    const traced = selection.bySitemap.find(entry => entry.target.item === 'tenth')
    expect(traced).toMatchObject({ count: 2, trace: { read: 2, candidates: 100, exact: false } })
  })

  it("with a shard, reads only this job's part", () => {
    const selector = new PageSelector({
      targets: { tags: ['tenth'], urls: [], patterns: [] },
      purging: true,
      extraPages: [],
      limit: 200,
      shard: { index: 2, count: 4 },
      matchPattern: noPattern,
      traceTags: true
    })
    for (const path of sitemap) selector.add(path)
    const { paths, candidates } = selector.pagesToTrace()
    const part = sitemap.filter(path => shardOf(path, 4) === 2)
    expect(candidates).toBe(part.length)
    expect([...paths].sort()).toEqual([...part].sort())
  })

  it('a tag traced to no page stays unchecked; pages only a traced tag selects are counted', () => {
    const selector = new PageSelector({
      targets: { tags: ['tenth', 'typo'], urls: [], patterns: [] },
      purging: true,
      extraPages: [],
      limit: 200,
      matchPattern: noPattern,
      traceTags: true
    })
    for (const path of sitemap) selector.add(path)
    const trace = new TagTrace(['tenth', 'typo'], { perTag: 200, maxReads: 100, maxMs: 1 }, 100)
    for (const path of selector.pagesToTrace().paths) {
      trace.asked()
      trace.record(path, { kind: 'read', tags: Number(path.slice(3)) % 10 === 0 ? ['tenth'] : [] })
    }
    selector.addTraced(trace.result('all-read', 0))
    const outcome = selector.finish({ found: true, turnedOff: false, pageCount: 100 })
    if (outcome.kind !== 'selected') throw new Error('over budget')
    const { selection } = outcome
    expect(selection.uncheckedTags).toEqual(['typo'])
    expect(selection.selectedCount).toBe(10)
    expect(selection.sitemapPagesPurged).toBe(10)
    expect(selection.pages.map(page => page.path).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `/p/${(i + 1) * 10}`).sort()
    )
    expect(selection.bySitemap[0]).toMatchObject({ count: 10, trace: { exact: true } })
  })
})
