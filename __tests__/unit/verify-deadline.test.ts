/**
 * Every wait of the verification is bounded by its deadline: a check waiting for its turn
 * under the rate, or behind an overload's hold, ends at the deadline rather than waiting its turn
 * past it, however low the rate. On the test clock (__tests__/support/virtual-clock.ts), so a
 * wait of hours shows as hours, in milliseconds.
 */
import { describe, expect, it } from '@jest/globals'
import { BUILT_IN_DEVICES, type Device } from '../../src/verify/devices.js'
import { describeEndedEarly } from '../../src/verify/index.js'
import type { PageAnswer } from '../../src/verify/check/read-page.js'
import { RateGate } from '../../src/verify/pace/rate-queue.js'
import { RateLimiter } from '../../src/verify/pace/rate-spacing.js'
import { verifyPages, type VerifyOptions } from '../../src/verify/check/verify-pages.js'
import { VirtualClock } from '../support/virtual-clock.js'

const devices: Device[] = [
  { name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] ?? '' },
  { name: 'mobile', userAgent: BUILT_IN_DEVICES['mobile'] ?? '' }
]
const HOUR = 3_600_000

/** A site whose purge never arrives: every answer is the old entry, cached an hour before. */
function neverPurged(clock: VirtualClock, acceptedAt: number) {
  const asked: number[] = []
  const getPage = async (): Promise<PageAnswer> => {
    asked.push(clock.now())
    await clock.sleep(20)
    return {
      status: 200,
      headers: {
        date: new Date(clock.now()).toUTCString(),
        'acme-kc-status': 'HIT',
        'acme-kc-date': `${new Date(acceptedAt - HOUR).toISOString()} (GMT) (1h of 7d)`
      }
    }
  }
  return { getPage, asked }
}

function options(
  clock: VirtualClock,
  acceptedAt: number,
  getPage: VerifyOptions['getPage'],
  pageCount: number,
  extra: Partial<VerifyOptions>
): VerifyOptions {
  return {
    getPage,
    clock,
    random: () => 0.5,
    devices,
    pageCount,
    lastAcceptedAt: acceptedAt,
    deadline: acceptedAt + 20_000,
    requestTimeoutMs: 10_000,
    siteLabel: 'site_url https://www.example.com',
    ...extra
  }
}

const pages = (count: number, acceptedAt: number) =>
  Array.from({ length: count }, (_, i) => ({
    url: new URL(`/p${i}`, 'https://www.example.com'),
    purgeAcceptedAt: acceptedAt
  }))

describe('the deadline bounds every wait', () => {
  for (const rate of [0.05, 0.0001]) {
    it(`rate ${rate}, deadline 20 s: ends by the deadline, the checks not started counted as such`, async () => {
      const clock = new VirtualClock()
      const acceptedAt = clock.now()
      const site = neverPurged(clock, acceptedAt)
      const result = await clock.run(
        verifyPages(
          pages(5, acceptedAt),
          options(clock, acceptedAt, site.getPage, 5, { ratePerSecond: rate })
        )
      )
      // A worker waiting its turn under the rate would otherwise wait it out, one interval after
      // another (100 s at 0.05, days at 0.0001), only to find the deadline passed.
      expect(clock.now() - acceptedAt).toBeLessThanOrEqual(20_000 + 1000)
      expect(result.durationMs).toBeLessThanOrEqual(20_000 + 1000)
      // The one request the rate allowed before the deadline; nothing left after it.
      expect(site.asked.every(at => at < acceptedAt + 20_000)).toBe(true)
      expect(result.status).toBe('failed')
      expect(result.checks + result.notReached).toBe(10)
      expect(result.notReached).toBeGreaterThanOrEqual(8)
      expect(result.counts.stale).toBe(result.checks)
      expect(result.endedEarly?.cause).toBe('rate')
      expect(describeEndedEarly(result.endedEarly!, acceptedAt + 20_000)).toMatch(
        /^No request could leave before the deadline any more \(at this rate, the next request's turn came at or after the deadline\): the checks ended \d+ s before it/
      )
    })
  }

  it('at a rate that fits a few requests, asks what it can and ends at the deadline', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const site = neverPurged(clock, acceptedAt)
    const result = await clock.run(
      verifyPages(
        pages(20, acceptedAt),
        options(clock, acceptedAt, site.getPage, 20, { ratePerSecond: 0.5 })
      )
    )
    // One request every 2 s from the start: 10 of them before the deadline, none after.
    expect(site.asked.length).toBe(10)
    expect(clock.now() - acceptedAt).toBeLessThanOrEqual(20_000 + 1000)
    expect(result.checks + result.notReached).toBe(40)
    expect(result.counts.stale).toBe(result.checks)
  })

  it('an overload whose hold lasts to the deadline ends the waiting at once', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    let calls = 0
    const result = await clock.run(
      verifyPages(
        pages(10, acceptedAt),
        options(
          clock,
          acceptedAt,
          async () => {
            calls++
            await clock.sleep(20)
            return { status: 429, headers: { 'retry-after': '60', 'acme-kc-status': 'HIT' } }
          },
          10,
          { deadline: acceptedAt + 30_000, ratePerSecond: 1 }
        )
      )
    )
    // The site asked for 60 s with 30 s left: no request can leave before the deadline, so
    // none waits for it.
    expect(calls).toBe(1)
    expect(clock.now() - acceptedAt).toBeLessThan(1000)
    expect(result.notReached).toBe(19)
    expect(result.counts.failed).toBe(1)
    expect(result.endedEarly?.cause).toBe('push-back')
  })
})

describe('RateGate with a deadline', () => {
  it('turns the waiters away as late once the next turn is at or past the deadline', async () => {
    const clock = new VirtualClock()
    const start = clock.now()
    const gate = new RateGate(new RateLimiter(0.1), clock, start + 25_000)
    expect(await clock.run(gate.pass())).toBe('pass')
    // The next turn is at 10 s, then 20 s: two pass; the third's would be at 30 s.
    const turns = await clock.run(Promise.all([gate.pass(), gate.pass(), gate.pass()]))
    expect(turns).toEqual(['pass', 'pass', 'late'])
    expect(clock.now() - start).toBe(20_000)
    expect(await clock.run(gate.pass())).toBe('late')
  })
})
