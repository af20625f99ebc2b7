/**
 * The pure parts of the verify loop's timing: the rate limiter (src/verify/pace/rate-spacing.ts) on
 * a simulated clock with late timers, the stale-poll rule (verify/pace/poll-schedule.ts) and the
 * time-to- fresh distribution (verify/check/time-distribution.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { backoffDelay } from '../../src/http/backoff.js'
import { PropagationWatch, SPREAD_MS, STALE_BACKOFF } from '../../src/verify/pace/poll-schedule.js'
import { Semaphore } from '../../src/verify/pace/semaphore.js'
import { RateGate } from '../../src/verify/pace/rate-queue.js'
import { RateLimiter, SLACK_MS } from '../../src/verify/pace/rate-spacing.js'
import { VirtualClock } from '../support/virtual-clock.js'
import { TimeDistribution } from '../../src/verify/check/time-distribution.js'

/** A seeded generator, so that a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `holders` callers (the requests in flight) each send `count / holders` requests through the
 * limiter as fast as it lets them; a caller told to wait sleeps, and its timer fires up to
 * `lateMs` late. Returns the times requests left, in order.
 */
function simulate(
  limiter: RateLimiter,
  { count, holders = 6, lateMs = 0, start = 0, seed = 1 }: SimulateOptions
): number[] {
  const random = seeded(seed)
  const sent: number[] = []
  const wakeAt = Array.from({ length: holders }, () => start)
  while (sent.length < count) {
    // The caller whose timer fires first (ties: the lowest index) asks.
    let caller = 0
    for (let i = 1; i < holders; i++) if ((wakeAt[i] ?? 0) < (wakeAt[caller] ?? 0)) caller = i
    const now = wakeAt[caller] ?? 0
    const wait = limiter.take(now)
    if (wait === 0) {
      sent.push(now)
      continue
    }
    // Timers fire at whole milliseconds, never early, sometimes late.
    wakeAt[caller] = Math.ceil(now + wait) + random() * lateMs
  }
  return sent
}

interface SimulateOptions {
  count: number
  holders?: number
  lateMs?: number
  start?: number
  seed?: number
}

/** The most requests in any one-second window [t, t + 1000). */
function busiestSecond(times: readonly number[]): number {
  let most = 0
  let first = 0
  for (let last = 0; last < times.length; last++) {
    while ((times[last] ?? 0) - (times[first] ?? 0) >= 1000) first++
    most = Math.max(most, last - first + 1)
  }
  return most
}

describe('RateLimiter', () => {
  it('spaces requests one interval apart, from the first', () => {
    const times = simulate(new RateLimiter(10), { count: 50 })
    expect(times.slice(0, 4)).toEqual([0, 100, 200, 300])
    expect(times[49]).toBe(4900)
    expect(busiestSecond(times)).toBe(10)
  })

  for (const rate of [1000, 250, 40, 7, 2.5, 1, 0.5]) {
    it(`holds ${rate} a second with late timers: the pace on average, never more in a second`, () => {
      const count = Math.max(20, Math.min(5000, rate * 30))
      const times = simulate(new RateLimiter(rate), { count, lateMs: 4, seed: rate * 7 })
      const span = (times[times.length - 1] ?? 0) - (times[0] ?? 0)
      const ideal = ((count - 1) * 1000) / rate
      // Not slower than the rate by more than a few percent, and never faster.
      expect(span).toBeGreaterThanOrEqual(ideal - SLACK_MS)
      expect(span).toBeLessThanOrEqual(ideal * 1.03 + 10)
      expect(busiestSecond(times)).toBeLessThanOrEqual(Math.ceil(rate))
    })
  }

  it('never makes up an idle spell with a burst', () => {
    const limiter = new RateLimiter(100)
    const first = simulate(limiter, { count: 10 })
    expect(first[9]).toBe(90)
    // Nobody asks for 5 s; then the requests are spaced as from a fresh start.
    const after = simulate(limiter, { count: 10, start: 5000 })
    expect(after.slice(0, 3)).toEqual([5000, 5010, 5020])
  })

  it(`a request up to ${SLACK_MS} ms late keeps the schedule: the ones due meanwhile may follow`, () => {
    const limiter = new RateLimiter(100)
    expect(limiter.take(0)).toBe(0)
    // Due at 10, left at 45 (35 ms late): those due at 20, 30 and 40 may leave at 45 too.
    for (let i = 0; i < 4; i++) expect(limiter.take(45)).toBe(0)
    expect(limiter.take(45)).toBe(5)
    // Later than SLACK_MS: a new schedule from there, not a burst.
    const late = new RateLimiter(100)
    expect(late.take(0)).toBe(0)
    expect(late.take(10 + SLACK_MS + 1)).toBe(0)
    expect(late.take(10 + SLACK_MS + 1)).toBe(10)
  })

  it('holds every request until an overload’s hold ends, then starts afresh: no burst to catch up', () => {
    const limiter = new RateLimiter(100)
    expect(limiter.take(0)).toBe(0)
    limiter.holdUntil(5000)
    expect(limiter.take(100)).toBe(4900)
    // The first request leaves 40 ms after the hold (a late timer): the next one is 10 ms after
    // it, not at once as a schedule kept from 5000 would allow.
    expect(limiter.take(5040)).toBe(0)
    expect(limiter.take(5040)).toBe(10)
    // A hold shorter than the schedule changes nothing.
    limiter.holdUntil(5045)
    expect(limiter.take(5050)).toBe(0)
    expect(limiter.take(5050)).toBe(10)
  })

  it('refuses a rate that is not a positive number', () => {
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new RateLimiter(rate)).toThrow(RangeError)
    }
  })
})

describe('RateGate: the waiters of the rate, one timer for all', () => {
  it('lets 6 waiters through in turn, at the rate, with a timer per slot at most', async () => {
    const clock = new VirtualClock()
    const gate = new RateGate(new RateLimiter(50), clock)
    const passed: number[] = []
    const holder = async (): Promise<void> => {
      for (let i = 0; i < 50; i++) {
        expect(await gate.pass()).toBe('pass')
        passed.push(clock.now())
      }
    }
    const start = clock.now()
    await clock.run(Promise.all(Array.from({ length: 6 }, holder)))
    expect(passed).toHaveLength(300)
    expect(passed.map(at => at - start)).toEqual(Array.from({ length: 300 }, (_, i) => i * 20))
    // One sleep per slot, not one per waiter each time it is told to wait.
    expect(clock.fired).toBeLessThanOrEqual(300)
  })

  it('lets nobody through during a hold set while its timer sleeps', async () => {
    const clock = new VirtualClock()
    const gate = new RateGate(new RateLimiter(10), clock)
    const start = clock.now()
    const passed: number[] = []
    const waiter = async (): Promise<void> => {
      expect(await gate.pass()).toBe('pass')
      passed.push(clock.now() - start)
    }
    const all = Promise.all([waiter(), waiter(), waiter()])
    // The second waiter is due at 100 ms; an overload at 50 ms holds for 3 s.
    void clock.sleep(50).then(() => gate.holdUntil(clock.now() + 3000))
    await clock.run(all)
    expect(passed).toEqual([0, 3050, 3150])
  })

  it('close() turns every waiter away, and later ones too', async () => {
    const clock = new VirtualClock()
    const gate = new RateGate(new RateLimiter(1), clock)
    expect(await gate.pass()).toBe('pass')
    const waiting = [gate.pass(), gate.pass()]
    gate.close()
    expect(await Promise.all(waiting)).toEqual(['closed', 'closed'])
    expect(await gate.pass()).toBe('closed')
  })
})

describe('Semaphore: the requests in flight', () => {
  it('shrinks as holders release, and grows at once', async () => {
    const slots = new Semaphore(4)
    const held = await Promise.all([1, 2, 3, 4].map(() => slots.acquire()))
    expect(held).toEqual([true, true, true, true])
    const granted: number[] = []
    const waiters = [5, 6, 7].map(n => slots.acquire().then(() => granted.push(n)))
    slots.resize(2)
    // Four held, two allowed: the first two releases give their slots up.
    slots.release()
    slots.release()
    await Promise.resolve()
    expect(granted).toEqual([])
    slots.release()
    await Promise.resolve()
    expect(granted).toEqual([5])
    // Two held (one old, one new); a larger size lets the waiters in without a release.
    slots.resize(4)
    await Promise.all(waiters)
    expect(granted).toEqual([5, 6, 7])
    expect(slots.size).toBe(4)
    slots.resize(0)
    expect(slots.size).toBe(1)
  })
})

describe('PropagationWatch: when a stale check is asked again', () => {
  const half = (): number => 0.5

  it('before any arrival: 2 s growing by 1.5x, capped at 15 s', () => {
    const watch = new PropagationWatch()
    const delays: number[] = []
    let attempt = 0
    for (let i = 0; i < 8; i++) {
      const next = watch.staleDelay(i * 1000, attempt, half)
      delays.push(next.delayMs)
      attempt = next.nextAttempt
    }
    expect(delays).toEqual([2000, 3000, 4500, 6750, 10_125, 15_000, 15_000, 15_000])
  })

  it('jitter stays within 20% and never above the cap', () => {
    for (const r of [0, 0.25, 0.999]) {
      const delay = backoffDelay(STALE_BACKOFF, 0, r)
      expect(delay).toBeGreaterThanOrEqual(1600)
      expect(delay).toBeLessThanOrEqual(2400)
      expect(backoffDelay(STALE_BACKOFF, 10, r)).toBeLessThanOrEqual(15_000)
    }
  })

  it('after an arrival: every 2 s while arrivals continue, then backing off again', () => {
    const watch = new PropagationWatch()
    expect(watch.firstArrivalAfterMs).toBeUndefined()
    watch.arrived(100_000, 21_300)
    expect(watch.firstArrivalAfterMs).toBe(21_300)
    // A check that had backed off to 15 s is asked every 2 s, from its first step again.
    expect(watch.staleDelay(101_000, 6, half)).toEqual({ delayMs: 2000, nextAttempt: 0 })
    expect(watch.staleDelay(100_000 + SPREAD_MS - 1, 0, half)).toEqual({
      delayMs: 2000,
      nextAttempt: 0
    })
    // A later arrival extends the window; the first one stays the one reported.
    watch.arrived(125_000, 46_300)
    expect(watch.firstArrivalAfterMs).toBe(21_300)
    expect(watch.spreading(125_000 + SPREAD_MS - 1)).toBe(true)
    // Quiet for SPREAD_MS: the stragglers back off again, from 2 s.
    expect(watch.spreading(125_000 + SPREAD_MS)).toBe(false)
    expect(watch.staleDelay(125_000 + SPREAD_MS, 0, half)).toEqual({
      delayMs: 2000,
      nextAttempt: 1
    })
    expect(watch.staleDelay(125_000 + SPREAD_MS + 2000, 1, half).delayMs).toBe(3000)
  })
})

describe('TimeDistribution', () => {
  it('median within 0.1 s below the true one, slowest exact, in the same memory for any count', () => {
    const random = seeded(42)
    const times: number[] = []
    const distribution = new TimeDistribution()
    for (let i = 0; i < 300_000; i++) {
      // Mostly a few seconds, with a long tail up to an hour.
      const ms = random() < 0.9 ? 2000 + random() * 3000 : random() * 3_600_000
      times.push(ms)
      distribution.add(ms)
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor((times.length - 1) / 2)] ?? 0
    expect(distribution.count).toBe(300_000)
    expect(distribution.maxMs).toBe(times[times.length - 1])
    expect(distribution.medianMs()).toBeLessThanOrEqual(median)
    expect(distribution.medianMs()).toBeGreaterThan(median - 100)
  })

  it('whole seconds beyond a minute; empty has no median', () => {
    const distribution = new TimeDistribution()
    expect(distribution.medianMs()).toBeUndefined()
    for (const ms of [61_400, 90_700, 7_200_000]) distribution.add(ms)
    expect(distribution.medianMs()).toBe(90_000)
    expect(distribution.maxMs).toBe(7_200_000)
    // Beyond six hours (more than any deadline): counted in the last step.
    distribution.add(30_000_000)
    distribution.add(31_000_000)
    expect(distribution.medianMs()).toBe(7_200_000)
  })
})

describe('the progress and end lines', () => {
  it('says done, fresh, stale, the rate and the time left', async () => {
    const { describeProgress } = await import('../../src/verify/index.js')
    const base = { checks: 30_000, requests: 12_500, elapsedMs: 45_000 }
    expect(
      describeProgress({
        ...base,
        done: 12_345,
        fresh: 12_400,
        staleNow: 0,
        oldContentNow: 0,
        requestsPerSecond: 998.4,
        etaMs: 18_200
      })
    ).toBe(
      'Progress after 45 s: 12,345 of 30,000 checks done (12,400 seen fresh, 0 stale now), 998 requests/s, about 18 s to go.'
    )
    expect(
      describeProgress({
        ...base,
        done: 0,
        fresh: 0,
        staleNow: 40,
        oldContentNow: 0,
        requestsPerSecond: 0.5
      })
    ).toMatch(
      /0 of 30,000 checks done .*40 stale now\), 1 requests\/s, waiting for the purge to reach this data center\.$/
    )
    // Old content is past the purge: it waits for a render of the new build, not the purge.
    const waiting = { ...base, done: 0, fresh: 0, staleNow: 40, requestsPerSecond: 2 }
    expect(describeProgress({ ...waiting, oldContentNow: 40 })).toMatch(
      /40 stale now, 40 of them old content\), 2 requests\/s, waiting for the pages to be rendered again from the new build\.$/
    )
    expect(describeProgress({ ...waiting, oldContentNow: 3 })).toMatch(
      /40 stale now, 3 of them old content\), 2 requests\/s, waiting for the purge to reach this data center, and old content to be rendered again\.$/
    )
    expect(
      describeProgress({
        ...base,
        done: 1,
        fresh: 1,
        staleNow: 0,
        oldContentNow: 0,
        requestsPerSecond: 3,
        etaMs: 3_725_000
      })
    ).toMatch(/about 1 h 02 min to go\.$/)
  })

  it('ends with the checks, the requests and their pace', async () => {
    const { describeEnd } = await import('../../src/verify/index.js')
    const end = describeEnd({ checks: 29_700, requests: 29_712, durationMs: 30_810 })
    expect(end).toBe(
      'Checked 29,700 (page, device) pair(s) with 29,712 request(s) in 30.8 s (964 requests/s).'
    )
  })
})
