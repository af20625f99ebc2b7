import { describe, expect, it } from '@jest/globals'
import { parseEdgeDate } from '../../src/verify/judge/edge-date.js'
import {
  noteDatesDisagree,
  observeSkew,
  UNMEASURED_SKEW,
  type SkewEstimate
} from '../../src/verify/judge/edge-clock-skew.js'
import { edgeHeaderPrefix } from '../../src/http/edge-headers.js'
import { judge, type SiteAnswer } from '../../src/verify/judge/verdict.js'

const ACCEPTED = Date.UTC(2026, 10, 23, 9, 0, 0)
const HOUR = 3_600_000

/** The edge's cache-date format, at `ms` in the edge's clock. */
function cacheDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.Z (GMT) (0h 0m 1s of 7d)`
}

function answer(status: number, headers: Record<string, string>, at = ACCEPTED + 5000): SiteAnswer {
  return { status, headers, sentAt: at - 50, receivedAt: at }
}

const NO_SKEW: SkewEstimate = { lowMs: -500, highMs: 500, measured: true }

describe('parseEdgeDate', () => {
  it('reads the documented cache date with an empty fraction', () => {
    expect(parseEdgeDate('2026-11-23T09:14:07.Z (GMT) (2h 3m 11s of 7d)')).toEqual({
      ms: Date.UTC(2026, 10, 23, 9, 14, 7),
      resolutionMs: 1000
    })
  })
  it('reads a fraction to the millisecond', () => {
    expect(parseEdgeDate('2026-11-23T09:14:07.250Z (GMT) (1s of 7d)')).toEqual({
      ms: Date.UTC(2026, 10, 23, 9, 14, 7, 250),
      resolutionMs: 1
    })
    expect(parseEdgeDate('2026-11-23T09:14:07.2Z')?.ms).toBe(Date.UTC(2026, 10, 23, 9, 14, 7, 200))
  })
  it('reads a date without a fraction', () => {
    expect(parseEdgeDate('2026-11-23T09:14:07Z (GMT)')).toEqual({
      ms: Date.UTC(2026, 10, 23, 9, 14, 7),
      resolutionMs: 1000
    })
  })
  it('reads an HTTP-date', () => {
    expect(parseEdgeDate('Mon, 23 Nov 2026 09:14:07 GMT')).toEqual({
      ms: Date.UTC(2026, 10, 23, 9, 14, 7),
      resolutionMs: 1000
    })
  })
  it('refuses what is neither', () => {
    expect(parseEdgeDate('yesterday')).toBeUndefined()
    expect(parseEdgeDate('')).toBeUndefined()
    expect(parseEdgeDate(undefined)).toBeUndefined()
    expect(parseEdgeDate('Mon, 23 Foo 2026 09:14:07 GMT')).toBeUndefined()
  })
})

describe('judge', () => {
  it('HIT with a cache date after the purge: fresh and warm', () => {
    const verdict = judge(
      answer(200, { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED + 3000) }),
      ACCEPTED,
      NO_SKEW
    )
    expect(verdict).toEqual({ kind: 'fresh', warm: true })
  })
  it('HIT with an older cache date: stale', () => {
    const verdict = judge(
      answer(200, { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED - 3 * HOUR) }),
      ACCEPTED,
      NO_SKEW
    )
    expect(verdict.kind).toBe('stale')
  })
  it('EXTRACTING: fresh, not warm yet', () => {
    expect(judge(answer(200, { 'x-kc-status': 'EXTRACTING' }), ACCEPTED, NO_SKEW)).toEqual({
      kind: 'fresh',
      warm: false
    })
  })
  it('MISS: not cacheable; DYNAMIC: unverifiable', () => {
    expect(judge(answer(200, { 'x-kc-status': 'MISS' }), ACCEPTED, NO_SKEW).kind).toBe(
      'not-cacheable'
    )
    expect(judge(answer(200, { 'x-kc-status': 'DYNAMIC' }), ACCEPTED, NO_SKEW).kind).toBe(
      'unverifiable'
    )
  })
  it('404 and 410 from the edge: gone', () => {
    expect(judge(answer(404, { 'x-kc-status': 'MISS' }), ACCEPTED, NO_SKEW).kind).toBe('gone')
    expect(judge(answer(410, { 'x-kc-status': 'HIT' }), ACCEPTED, NO_SKEW).kind).toBe('gone')
  })
  it('404 without the status header: an origin server unless the site showed the header', () => {
    expect(judge(answer(404, {}), ACCEPTED, NO_SKEW)).toEqual({
      kind: 'no-status-header',
      gone: true
    })
    expect(judge(answer(200, {}), ACCEPTED, NO_SKEW)).toEqual({
      kind: 'no-status-header',
      gone: false
    })
  })
  it('429 and 5xx: retried whatever headers they carry', () => {
    for (const status of [429, 500, 502, 503, 504]) {
      const verdict = judge(
        answer(status, { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED + 1000) }),
        ACCEPTED,
        NO_SKEW
      )
      expect(verdict).toEqual({ kind: 'retry', reason: `HTTP ${status}` })
    }
  })
  it('no status header on 2xx, 3xx or other 4xx: not the public site', () => {
    for (const status of [200, 301, 403]) {
      expect(judge(answer(status, { server: 'nginx' }), ACCEPTED, NO_SKEW).kind).toBe(
        'no-status-header'
      )
    }
  })
  it('a 3xx is judged by its headers', () => {
    expect(judge(answer(301, { 'x-kc-status': 'EXTRACTING' }), ACCEPTED, NO_SKEW).kind).toBe(
      'fresh'
    )
  })
  it('HIT without a readable cache date is asked again', () => {
    expect(judge(answer(200, { 'x-kc-status': 'HIT' }), ACCEPTED, NO_SKEW).kind).toBe('retry')
  })
  it('detects the prefix case-insensitively, whatever the brand', () => {
    expect(edgeHeaderPrefix({ 'Acme-Kc-Status': 'HIT' })).toBe('acme')
    const verdict = judge(
      answer(200, { 'My-Brand-KC-Status': 'hit', 'my-brand-kc-date': cacheDate(ACCEPTED + 2000) }),
      ACCEPTED,
      NO_SKEW
    )
    expect(verdict).toEqual({ kind: 'fresh', warm: true })
  })
})

describe('clock skew', () => {
  /** What the runner learns from an edge whose clock is `skew` ahead, at runner time `at`. */
  function skewSeenAt(skew: number, at: number): SkewEstimate {
    const edgeNow = at + skew
    const date = parseEdgeDate(new Date(edgeNow).toUTCString())
    if (!date) throw new Error('unreadable')
    return observeSkew(UNMEASURED_SKEW, date, at - 40, at)
  }

  it('judges right with an edge clock an hour ahead', () => {
    const estimate = skewSeenAt(HOUR, ACCEPTED + 4321)
    expect(estimate.lowMs).toBeLessThanOrEqual(HOUR)
    expect(estimate.highMs).toBeGreaterThanOrEqual(HOUR)
    const staleEntry = { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED + HOUR - 10_000) }
    const freshEntry = { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED + HOUR + 2000) }
    expect(judge(answer(200, staleEntry), ACCEPTED, estimate).kind).toBe('stale')
    expect(judge(answer(200, freshEntry), ACCEPTED, estimate).kind).toBe('fresh')
  })

  it('an edge clock an hour behind whose cache dates were seen after its Date: both clocks', () => {
    const estimate = noteDatesDisagree(skewSeenAt(-HOUR, ACCEPTED + 4321))
    const staleEntry = { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED - HOUR - 10_000) }
    // After the purge by the edge's clock, not by the runner's: with clocks this far apart and
    // its dates seen to disagree, a page is fresh only when both agree (verify-clocks.test.ts).
    const freshByEdge = { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED - HOUR + 2000) }
    const freshByBoth = { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED + 2000) }
    expect(judge(answer(200, staleEntry), ACCEPTED, estimate)).toMatchObject({ kind: 'stale' })
    expect(judge(answer(200, staleEntry), ACCEPTED, estimate)).not.toHaveProperty(
      'staleInRunnerClockOnly'
    )
    expect(judge(answer(200, freshByEdge), ACCEPTED, estimate)).toMatchObject({
      kind: 'stale',
      staleInRunnerClockOnly: true
    })
    expect(judge(answer(200, freshByBoth), ACCEPTED, estimate).kind).toBe('fresh')
  })

  it('without skew correction, an hour ahead would call a stale page fresh', () => {
    const staleEntry = { 'x-kc-status': 'HIT', 'x-kc-date': cacheDate(ACCEPTED + HOUR - 10_000) }
    expect(judge(answer(200, staleEntry), ACCEPTED, UNMEASURED_SKEW).kind).toBe('fresh')
    expect(judge(answer(200, staleEntry), ACCEPTED, skewSeenAt(HOUR, ACCEPTED)).kind).toBe('stale')
  })

  it('narrows with each answer, and restarts when the intervals disagree', () => {
    const first = observeSkew(UNMEASURED_SKEW, { ms: 10_000, resolutionMs: 1000 }, 9000, 9500)
    expect(first).toEqual({ lowMs: 500, highMs: 2000, measured: true })
    const second = observeSkew(first, { ms: 20_000, resolutionMs: 1000 }, 18_900, 19_000)
    expect(second).toEqual({ lowMs: 1000, highMs: 2000, measured: true })
    const jumped = observeSkew(second, { ms: 100_000, resolutionMs: 1000 }, 29_900, 30_000)
    expect(jumped).toEqual({ lowMs: 70_000, highMs: 71_100, measured: true })
  })
})
