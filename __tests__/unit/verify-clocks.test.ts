/**
 * The edge's clocks read with suspicion: a date that does not exist is unreadable; a cache date
 * after its own answer's `Date` (one clock cannot do that) is "the edge's clocks disagree",
 * asked again and never fresh; an edge more than 5 minutes from the runner's clock that has shown
 * such an answer proves a page fresh only when its cache date is after the purge in both clocks,
 * while one whose clock is consistently off is placed by its `Date`. The judge alone, then the
 * loop on the test clock against fake edges, then the words of the log and the summary.
 */
import { describe, expect, it } from '@jest/globals'
import {
  clocksFarApart,
  datesUntrusted,
  noteDatesDisagree,
  observeSkew,
  UNMEASURED_SKEW
} from '../../src/verify/judge/edge-clock-skew.js'
import { BUILT_IN_DEVICES, type Device } from '../../src/verify/devices.js'
import { parseEdgeDate } from '../../src/verify/judge/edge-date.js'
import { clockOffsetWarning } from '../../src/verify/explain.js'
import { judge, observeAnswerSkew, type SiteAnswer } from '../../src/verify/judge/verdict.js'
import type { PageAnswer } from '../../src/verify/check/read-page.js'
import { verifyPages, type VerifyOptions } from '../../src/verify/check/verify-pages.js'
import { countsLine, describeCheck, nextStep, timesLine } from '../../src/report/verification.js'
import { check, freshChecks, verified, withSkew } from '../support/run-reports.js'
import { VirtualClock } from '../support/virtual-clock.js'

const ACCEPTED = Date.UTC(2026, 10, 23, 9, 0, 0)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** The edge's cache-date format, at `ms` (whole seconds, empty fraction). */
function cacheDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.Z (GMT) (0h 0m 1s of 7d)`
}

/** A HIT answered at runner time `at`, its `Date` at `dateMs` and its cache date at `cachedMs`. */
function hit(cachedMs: number, dateMs: number, at = ACCEPTED + 5000): SiteAnswer {
  return {
    status: 200,
    headers: {
      date: new Date(dateMs).toUTCString(),
      'acme-kc-status': 'HIT',
      'acme-kc-date': cacheDate(cachedMs)
    },
    sentAt: at - 50,
    receivedAt: at
  }
}

/** What the runner learns of an edge whose `Date` is `skew` ahead, answering at runner time `at`. */
function skewSeen(skew: number, at = ACCEPTED + 5000) {
  const date = parseEdgeDate(new Date(at + skew).toUTCString())
  if (date === undefined) throw new Error('unreadable')
  return observeSkew(UNMEASURED_SKEW, date, at - 50, at)
}

describe("an answer's Date header narrows the skew", () => {
  it('as observeSkew does with its date, and leaves the estimate alone without a readable one', () => {
    const at = Date.UTC(2026, 10, 23, 9, 0, 0, 500)
    const answer = (headers: Record<string, string>) => ({
      headers,
      sentAt: at - 50,
      receivedAt: at
    })
    const date = 'Mon, 23 Nov 2026 09:01:00 GMT'
    const edge = parseEdgeDate(date)
    expect(edge).toBeDefined()
    expect(observeAnswerSkew(UNMEASURED_SKEW, answer({ Date: date }))).toEqual(
      observeSkew(UNMEASURED_SKEW, edge!, at - 50, at)
    )
    expect(observeAnswerSkew(UNMEASURED_SKEW, answer({}))).toBe(UNMEASURED_SKEW)
    expect(observeAnswerSkew(UNMEASURED_SKEW, answer({ date: 'yesterday' }))).toBe(UNMEASURED_SKEW)
  })
})

describe('dates that do not exist are unreadable', () => {
  it('a cache date whose month, day, hour, minute or second is out of range', () => {
    for (const text of [
      '2026-13-45T99:99:99',
      '2026-13-45T99:99:99.Z (GMT) (1s of 7d)',
      '2026-00-10T10:00:00Z',
      '2026-02-30T10:00:00.Z (GMT)',
      '2026-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-11-23T24:00:00Z',
      '2026-11-23T10:60:00Z',
      '2026-11-23T10:00:61Z'
    ]) {
      expect([text, parseEdgeDate(text)]).toEqual([text, undefined])
    }
  })

  it('an HTTP-date whose day or time is out of range', () => {
    for (const text of [
      'Mon, 45 Nov 2026 09:14:07 GMT',
      'Mon, 31 Nov 2026 09:14:07 GMT',
      'Mon, 23 Nov 2026 99:99:99 GMT',
      'Mon, 00 Nov 2026 09:14:07 GMT'
    ]) {
      expect([text, parseEdgeDate(text)]).toEqual([text, undefined])
    }
  })

  it('real dates still read, a leap day and a leap second included', () => {
    expect(parseEdgeDate('2028-02-29T10:00:00Z')?.ms).toBe(Date.UTC(2028, 1, 29, 10))
    expect(parseEdgeDate('2026-12-31T23:59:60Z')?.ms).toBe(Date.UTC(2027, 0, 1))
    expect(parseEdgeDate('Thu, 31 Dec 2026 23:59:60 GMT')?.ms).toBe(Date.UTC(2027, 0, 1))
    expect(parseEdgeDate('Mon, 30 Nov 2026 23:59:59 GMT')?.ms).toBe(
      Date.UTC(2026, 10, 30, 23, 59, 59)
    )
  })

  it('a HIT whose cache date does not exist is asked again, never fresh', () => {
    const answer = hit(ACCEPTED, ACCEPTED + 5000)
    const impossible = {
      ...answer,
      headers: { ...answer.headers, 'acme-kc-date': '2026-13-45T99:99:99.Z (GMT) (1s of 7d)' }
    }
    expect(judge(impossible, ACCEPTED, skewSeen(0))).toMatchObject({
      kind: 'retry',
      reason: expect.stringMatching(/HIT without a readable cache date/) as unknown
    })
  })
})

describe('a cache date after its own answer’s Date: the edge’s clocks disagree', () => {
  it('an hour after it: asked again, with the reason in words, never fresh', () => {
    const verdict = judge(hit(ACCEPTED + HOUR, ACCEPTED + 5000), ACCEPTED, skewSeen(0))
    expect(verdict).toEqual({
      kind: 'retry',
      cause: 'clocks-disagree',
      reason: `the edge's clocks disagree: its cache date "${cacheDate(ACCEPTED + HOUR)}" is after its own Date "${new Date(ACCEPTED + 5000).toUTCString()}"`
    })
  })

  it('within the Date header’s one-second resolution: read as it is', () => {
    // Date 09:00:05 means some instant in [05.000, 06.000): a cache date of 05.xxx fits in it.
    const answer = hit(ACCEPTED + 5000, ACCEPTED + 5000)
    const within = {
      ...answer,
      headers: { ...answer.headers, 'acme-kc-date': '2026-11-23T09:00:05.900Z (GMT) (0s of 7d)' }
    }
    expect(judge(within, ACCEPTED, skewSeen(0))).toEqual({ kind: 'fresh', warm: true })
    const beyond = hit(ACCEPTED + 6000, ACCEPTED + 5000)
    expect(judge(beyond, ACCEPTED, skewSeen(0))).toMatchObject({ cause: 'clocks-disagree' })
  })

  it('warming without a purge time reads no date: any HIT is warm', () => {
    expect(judge(hit(ACCEPTED + HOUR, ACCEPTED + 5000), undefined, skewSeen(0))).toEqual({
      kind: 'fresh',
      warm: true
    })
  })
})

describe('clocks more than 5 minutes apart', () => {
  it('says when the clocks are that far apart', () => {
    expect(clocksFarApart(skewSeen(0))).toBe(false)
    expect(clocksFarApart(skewSeen(4 * MINUTE))).toBe(false)
    expect(clocksFarApart(skewSeen(-6 * MINUTE))).toBe(true)
    expect(clocksFarApart(skewSeen(HOUR))).toBe(true)
    expect(clocksFarApart(UNMEASURED_SKEW)).toBe(false)
  })

  it('a Date untrusted only once an answer’s cache date came after its own Date, and for good', () => {
    expect(datesUntrusted(skewSeen(-HOUR))).toBe(false)
    const marked = noteDatesDisagree(skewSeen(-HOUR))
    expect(datesUntrusted(marked)).toBe(true)
    // Within 5 min the edge's clock alone judges, marked or not.
    expect(datesUntrusted(noteDatesDisagree(skewSeen(-2 * MINUTE)))).toBe(false)
    // Later answers narrow the skew and keep the mark.
    const date = parseEdgeDate(new Date(ACCEPTED + 9000 - HOUR).toUTCString())
    if (date === undefined) throw new Error('unreadable')
    expect(observeSkew(marked, date, ACCEPTED + 8950, ACCEPTED + 9000).datesDisagreed).toBe(true)
  })

  it('an edge whose clock is consistently an hour behind: a page rendered after the purge is fresh', () => {
    // Its Date and its cache dates agree: the page was rendered 2 s after the purge, at 08:00:02
    // in the edge's clock, and asked 3 s later. Placed by Date, that is after the purge.
    const skew = skewSeen(-HOUR)
    const answer = hit(ACCEPTED + 2000 - HOUR, ACCEPTED + 5000 - HOUR)
    expect(judge(answer, ACCEPTED, skew)).toEqual({ kind: 'fresh', warm: true })
    // And one cached before the purge, by that clock, is stale.
    const before = hit(ACCEPTED - 10_000 - HOUR, ACCEPTED + 5000 - HOUR)
    expect(judge(before, ACCEPTED, skew)).toMatchObject({ kind: 'stale', reason: 'not-purged-yet' })
  })

  it('a Date an hour behind cache dates in real time does not make a page that was never purged fresh', () => {
    // The page was cached 45 min before the purge (real time); the edge's Date runs an hour
    // behind. In the edge's clock the purge was at 08:00, so 08:15 reads as after it. Asked
    // 30 min after the purge, the cache date is before the answer's own Date (08:30): only the
    // other answers, whose cache dates came after their own Date, give the lie away.
    const at = ACCEPTED + 30 * MINUTE
    const answer = hit(ACCEPTED - 45 * MINUTE, at - HOUR, at)
    const skew = noteDatesDisagree(skewSeen(-HOUR, at))
    expect(judge(answer, ACCEPTED, skew)).toMatchObject({
      kind: 'stale',
      reason: 'not-purged-yet',
      staleInRunnerClockOnly: true,
      cachedAtMs: ACCEPTED - 45 * MINUTE
    })
    // Asked soon after the purge, the same lie shows as a cache date after its own Date.
    const soon = hit(ACCEPTED - 45 * MINUTE, ACCEPTED + 5000 - HOUR)
    expect(judge(soon, ACCEPTED, skewSeen(-HOUR))).toMatchObject({ cause: 'clocks-disagree' })
  })

  it('an edge whose clocks both run an hour ahead: judged by the edge’s clock as before', () => {
    const skew = skewSeen(HOUR)
    expect(judge(hit(ACCEPTED + HOUR + 2000, ACCEPTED + HOUR + 5000), ACCEPTED, skew).kind).toBe(
      'fresh'
    )
    expect(judge(hit(ACCEPTED + HOUR - 10_000, ACCEPTED + HOUR + 5000), ACCEPTED, skew).kind).toBe(
      'stale'
    )
  })

  it('within 5 minutes, the edge’s clock alone judges (as before)', () => {
    const skew = skewSeen(-2 * MINUTE)
    const renderedAfterPurge = hit(ACCEPTED - 2 * MINUTE + 2000, ACCEPTED + 5000 - 2 * MINUTE)
    expect(judge(renderedAfterPurge, ACCEPTED, skew).kind).toBe('fresh')
  })
})

const devices: Device[] = [{ name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] ?? '' }]

function loopOptions(
  clock: VirtualClock,
  getPage: VerifyOptions['getPage'],
  pageCount: number,
  acceptedAt: number
): VerifyOptions {
  return {
    getPage,
    clock,
    random: () => 0.5,
    devices,
    pageCount,
    lastAcceptedAt: acceptedAt,
    deadline: clock.now() + 30_000,
    requestTimeoutMs: 10_000,
    siteLabel: 'site_url https://www.example.com'
  }
}

describe('the loop against edges whose clocks cannot be trusted', () => {
  it('a cache date in the future of its Date: asked until the deadline, then failed in words', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    let asked = 0
    const getPage = async (): Promise<PageAnswer> => {
      asked++
      await clock.sleep(10)
      return {
        status: 200,
        headers: {
          date: new Date(clock.now()).toUTCString(),
          'acme-kc-status': 'HIT',
          'acme-kc-date': cacheDate(clock.now() + HOUR),
          'acme-req': 'r-1'
        }
      }
    }
    const result = await clock.run(
      verifyPages(
        [{ url: new URL('https://www.example.com/a'), purgeAcceptedAt: acceptedAt }],
        loopOptions(clock, getPage, 1, acceptedAt)
      )
    )
    expect(asked).toBeGreaterThan(2)
    expect(result.status).toBe('failed')
    expect(result.counts).toMatchObject({ fresh: 0, failed: 1 })
    expect(result.clocksDisagree).toBe(1)
    expect(result.listed[0]).toMatchObject({
      state: 'failed',
      failReason: 'clocks-disagree',
      detail: expect.stringMatching(
        /^the edge's clocks disagree: its cache date ".*" is after its own Date ".*" \(r-1\)$/
      ) as unknown
    })
  })

  it('a Date an hour behind, cache dates in real time: stale at the deadline, not fresh', async () => {
    const clock = new VirtualClock()
    // A verify job 30 min after the purge (mode: verify with purged_at). /recent was rendered
    // 5 min ago (real time), which its Date an hour behind cannot have written: it answers
    // first and shows the lie; /a, cached 45 min before the purge, would read as fresh by Date.
    const acceptedAt = clock.now() - 30 * MINUTE
    const getPage = async (url: URL): Promise<PageAnswer> => {
      const recent = url.pathname === '/recent'
      await clock.sleep(recent ? 10 : 20)
      return {
        status: 200,
        headers: {
          date: new Date(clock.now() - HOUR).toUTCString(),
          'acme-kc-status': 'HIT',
          'acme-kc-date': cacheDate(recent ? clock.now() - 5 * MINUTE : acceptedAt - 45 * MINUTE)
        }
      }
    }
    const result = await clock.run(
      verifyPages(
        [
          { url: new URL('https://www.example.com/recent'), purgeAcceptedAt: acceptedAt },
          { url: new URL('https://www.example.com/a'), purgeAcceptedAt: acceptedAt }
        ],
        loopOptions(clock, getPage, 2, acceptedAt)
      )
    )
    expect(result.counts).toMatchObject({ fresh: 0, stale: 1, failed: 1 })
    expect(result.listed.find(c => c.url.endsWith('/a'))).toMatchObject({
      state: 'stale',
      staleInRunnerClockOnly: true
    })
    expect(datesUntrusted(result.skew)).toBe(true)
    expect(clockOffsetWarning(result.skew)).toMatch(
      /^The edge's clock is 1 h 00 min behind the runner's \(from its Date headers\): more than 5 min apart, so one of them is wrong\. Some of its cache dates came after its own Date, so its clocks disagree: a page counted as fresh only when its cache date is after the purge in both clocks/
    )
  })

  it('an edge consistently an hour behind: a page rendered after the purge is fresh, the offset said', async () => {
    const clock = new VirtualClock()
    // The purge was accepted 5 s ago and reached the edge at once; the page was rendered 2 s
    // after it. The first request finds the HIT, both of its dates an hour behind.
    const acceptedAt = clock.now() - 5000
    const getPage = async (): Promise<PageAnswer> => {
      await clock.sleep(10)
      return {
        status: 200,
        headers: {
          date: new Date(clock.now() - HOUR).toUTCString(),
          'acme-kc-status': 'HIT',
          'acme-kc-date': cacheDate(acceptedAt + 2000 - HOUR)
        }
      }
    }
    const result = await clock.run(
      verifyPages(
        [{ url: new URL('https://www.example.com/a'), purgeAcceptedAt: acceptedAt }],
        loopOptions(clock, getPage, 1, acceptedAt)
      )
    )
    expect(result.status).toBe('fresh')
    expect(result.counts).toMatchObject({ fresh: 1, stale: 0 })
    expect(clocksFarApart(result.skew)).toBe(true)
    expect(clockOffsetWarning(result.skew)).toBe(
      "The edge's clock is 1 h 00 min behind the runner's (from its Date headers): more than 5 min apart, so one of them is wrong. Its cache dates agree with its Date, so each page was placed by the edge's clock. Check the runner's clock (NTP), or report the edge's clock to the service's support."
    )
  })
})

describe('an edge whose clocks both run an hour behind', () => {
  it('EXTRACTING still proves the purge, and the HIT that follows warms the check', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const renderedAt = new Map<string, number>()
    const getPage = async (url: URL): Promise<PageAnswer> => {
      await clock.sleep(10)
      const now = clock.now()
      const edgeNow = now - HOUR
      const date = new Date(edgeNow).toUTCString()
      // The purge arrives 3 s after its acceptance; a render takes 500 ms.
      if (now < acceptedAt + 3000) {
        return {
          status: 200,
          headers: { date, 'acme-kc-status': 'HIT', 'acme-kc-date': cacheDate(edgeNow - HOUR) }
        }
      }
      const at = renderedAt.get(url.href)
      if (at === undefined) renderedAt.set(url.href, now + 500)
      if (at === undefined || now < at) {
        return { status: 200, headers: { date, 'acme-kc-status': 'EXTRACTING' } }
      }
      return {
        status: 200,
        headers: { date, 'acme-kc-status': 'HIT', 'acme-kc-date': cacheDate(at - HOUR) }
      }
    }
    const result = await clock.run(
      verifyPages(
        [{ url: new URL('https://www.example.com/a'), purgeAcceptedAt: acceptedAt }],
        loopOptions(clock, getPage, 1, acceptedAt)
      )
    )
    expect(result.status).toBe('fresh')
    expect(result.warm).toBe(1)
    expect(result.notWarm).toBe(0)
  })
})

describe('the summary and the log say it', () => {
  it('checks failed because the clocks disagree: counted, described, and the next step', () => {
    const part = verified([
      ...freshChecks().slice(0, 6),
      check('/a', 'desktop', 'failed', {
        failReason: 'clocks-disagree',
        detail: `the edge's clocks disagree: its cache date "x" is after its own Date "y"`
      }),
      check('/a', 'mobile', 'failed', {
        failReason: 'clocks-disagree',
        detail: `the edge's clocks disagree: its cache date "x" is after its own Date "y"`
      })
    ])
    const { verification } = part.report
    expect(verification.clocksDisagree).toBe(2)
    expect(countsLine(verification)).toContain('❌ 2 failed (2 because the edge’s clocks disagree)')
    expect(describeCheck(verification.listed[0])).toMatch(/^the edge's clocks disagree/)
    expect(nextStep(part)).toMatch(
      /^the edge’s clocks disagree on 2 checks \(a cache date after the answer’s own Date\): its answers cannot prove those pages fresh; report it to the service’s support with the edge ids in the rows/
    )
  })

  it('stale only by the runner’s clock, with the clocks an hour apart', () => {
    const part = verified([
      ...freshChecks().slice(0, 6),
      check('/b', 'desktop', 'stale', {
        staleReason: 'not-purged-yet',
        staleInRunnerClockOnly: true,
        cachedAtMs: ACCEPTED - 45 * MINUTE,
        judgedAgainst: ACCEPTED
      }),
      check('/b', 'mobile', 'fresh', { settledAfterMs: 3000 })
    ])
    const skewed = withSkew(part, {
      lowMs: -HOUR - 500,
      highMs: -HOUR + 500,
      measured: true,
      datesDisagreed: true
    })
    expect(timesLine(skewed)).toContain(
      '⚠️ edge clock 3,600 seconds behind the runner’s: more than 5 min apart, and its cache dates were seen after its own Date, so a page counted as fresh only when cached after the purge in both clocks'
    )
    expect(describeCheck(skewed.report.verification.listed[0], -HOUR)).toBe(
      'cached at 08:15:00Z, after the purge by the edge’s clock but before it by the runner’s: the clocks are more than 5 min apart, so it is not counted fresh'
    )
    expect(nextStep(skewed)).toMatch(
      /^the edge’s clock is 1 h 00 min behind the runner’s: 1 check could not be proven fresh in both clocks\. Check the runner’s clock \(NTP\), or report the edge’s clock to the service’s support/
    )
  })

  it('an edge consistently an hour off: the offset said plainly, the stale check as any other', () => {
    const part = verified([
      ...freshChecks().slice(0, 6),
      check('/b', 'desktop', 'stale', {
        staleReason: 'not-purged-yet',
        cachedAtMs: ACCEPTED - HOUR - 10_000,
        judgedAgainst: ACCEPTED
      }),
      check('/b', 'mobile', 'fresh', { settledAfterMs: 3000 })
    ])
    const skewed = withSkew(part, { lowMs: -HOUR - 500, highMs: -HOUR + 500, measured: true })
    expect(timesLine(skewed)).toContain(
      '⚠️ edge clock 3,600 seconds behind the runner’s: more than 5 min apart; its cache dates agree with its Date, so pages were placed by the edge’s clock'
    )
    expect(timesLine(skewed)).not.toContain('both clocks')
    expect(nextStep(skewed)).toMatch(
      /^the purge reached this data center, but 1 check were still stale/
    )
  })
})
