/**
 * The wait for the origin, with a test clock: the policy alone (backoff, jitter, Retry-After,
 * the deadline), then the loop against a fake origin: ready at once, ready later, never, 429
 * with Retry-After (seconds, and a date in the origin's clock), 5xx, dropped connections, the
 * progress lines, and a dry run's single look.
 */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import { OriginRequestError } from '../../src/origin/origin-client.js'
import type { OriginLookInput } from '../../src/origin/readiness.js'
import { waitForBuild, type OriginWaitProgress } from '../../src/origin/wait.js'
import {
  backoffMs,
  lookTimeoutMs,
  nextLook,
  ORIGIN_WAIT_POLICY as POLICY
} from '../../src/origin/wait-policy.js'
import { VirtualClock } from '../support/virtual-clock.js'

const SHA = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const OLD = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const build = buildId(SHA, 'deployment.sha')

describe('the wait policy', () => {
  it('grows from 2 s by 1.5 to 15 s, jittered by ±20 %, never above 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(misses => backoffMs(POLICY, misses, 0.5))).toEqual([
      2000, 3000, 4500, 6750, 10125, 15000, 15000
    ])
    expect(backoffMs(POLICY, 1, 0)).toBe(1600)
    expect(backoffMs(POLICY, 1, 0.999999)).toBe(2400)
    expect(backoffMs(POLICY, 20, 0.999999)).toBe(15_000)
  })

  it('honours Retry-After when longer than the backoff, and cuts every wait at the deadline', () => {
    const base = { misses: 1, now: 0, deadline: 600_000, random: 0.5 }
    expect(nextLook(POLICY, base)).toEqual({ kind: 'wait', ms: 2000 })
    expect(nextLook(POLICY, { ...base, retryAfterMs: 30_000 })).toEqual({
      kind: 'wait',
      ms: 30_000
    })
    expect(nextLook(POLICY, { ...base, retryAfterMs: 500 })).toEqual({ kind: 'wait', ms: 2000 })
    // The last look is made at the deadline.
    expect(nextLook(POLICY, { ...base, now: 599_000 })).toEqual({ kind: 'wait', ms: 1000 })
    expect(nextLook(POLICY, { ...base, now: 600_000 })).toEqual({
      kind: 'stop',
      reason: 'deadline'
    })
    // Asked to come back after the deadline: no look is left.
    expect(nextLook(POLICY, { ...base, now: 590_000, retryAfterMs: 20_000 })).toEqual({
      kind: 'stop',
      reason: 'retry-after'
    })
  })

  it('gives a look timeout_seconds, cut near the deadline but not below 5 s', () => {
    expect(lookTimeoutMs(POLICY, 30_000, 600_000)).toBe(30_000)
    expect(lookTimeoutMs(POLICY, 30_000, 12_000)).toBe(12_000)
    expect(lookTimeoutMs(POLICY, 30_000, 0)).toBe(5000)
    expect(lookTimeoutMs(POLICY, 2000, 0)).toBe(2000)
  })
})

type Answer = OriginLookInput | OriginRequestError

/** An origin whose answers depend on the test clock's time since the wait began. */
function fakeOrigin(clock: VirtualClock, answerAt: (elapsedMs: number, look: number) => Answer) {
  const started = clock.now()
  const looks: { at: number; timeoutMs: number }[] = []
  const look = async (_url: URL, timeoutMs: number): Promise<OriginLookInput> => {
    const elapsed = clock.now() - started
    looks.push({ at: elapsed, timeoutMs })
    const answer = answerAt(elapsed, looks.length)
    if (answer instanceof OriginRequestError) throw answer
    return answer
  }
  return { look, looks }
}

const version = (
  id: string,
  status = 200,
  headers: Record<string, string> = {}
): OriginLookInput => ({
  status,
  headers: { 'content-type': 'text/plain', ...headers },
  body: `${id}\n`
})

function run(
  clock: VirtualClock,
  origin: ReturnType<typeof fakeOrigin>,
  options: { timeoutMs?: number; once?: boolean; onProgress?: (p: OriginWaitProgress) => void } = {}
) {
  return clock.run(
    waitForBuild({
      url: new URL('https://origin.example.com/version.txt'),
      build,
      timeoutMs: options.timeoutMs ?? 600_000,
      requestTimeoutMs: 30_000,
      look: origin.look,
      clock,
      random: () => 0.5,
      ...(options.once && { once: true }),
      ...(options.onProgress && { onProgress: options.onProgress })
    })
  )
}

describe('waitForBuild', () => {
  it('ready at once: one look, no wait', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => version(SHA))
    const wait = await run(clock, origin)
    expect(wait).toMatchObject({ ready: true, elapsedMs: 0, looks: 1 })
    expect(origin.looks).toEqual([{ at: 0, timeoutMs: 30_000 }])
  })

  it('ready later: looks with a growing backoff until the build shows', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, elapsed => version(elapsed >= 40_000 ? SHA.slice(0, 7) : OLD))
    const wait = await run(clock, origin)
    expect(wait.ready).toBe(true)
    expect(origin.looks.map(look => look.at)).toEqual([0, 2000, 5000, 9500, 16_250, 26_375, 41_375])
    expect(wait).toMatchObject({ elapsedMs: 41_375, looks: 7 })
  })

  it('never: stops at the deadline, the last look made at it, none after', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => version(OLD))
    const wait = await run(clock, origin, { timeoutMs: 60_000 })
    expect(wait).toMatchObject({ ready: false, stopped: 'deadline', elapsedMs: 60_000 })
    const times = origin.looks.map(look => look.at)
    expect(times[times.length - 1]).toBe(60_000)
    expect(times.every(at => at <= 60_000)).toBe(true)
    expect(wait.last).toMatchObject({ status: 200, otherIds: [OLD] })
    // Near the deadline a look's timeout is cut, but never below 5 s.
    expect(origin.looks[origin.looks.length - 1]?.timeoutMs).toBe(5000)
  })

  it('429 with Retry-After in seconds: the next look waits at least that long', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, (_elapsed, look) =>
      look === 1 ? version('', 429, { 'retry-after': '20' }) : version(SHA)
    )
    const wait = await run(clock, origin)
    expect(wait.ready).toBe(true)
    expect(origin.looks.map(look => look.at)).toEqual([0, 20_000])
  })

  it('Retry-After as a date is read in the origin clock (its own Date header)', async () => {
    const clock = new VirtualClock()
    // The origin's clock is an hour ahead of the runner's.
    const originNow = (): number => clock.now() + 3_600_000
    const origin = fakeOrigin(clock, (_elapsed, look) =>
      look === 1
        ? version('', 503, {
            date: new Date(originNow()).toUTCString(),
            'retry-after': new Date(originNow() + 30_000).toUTCString()
          })
        : version(SHA)
    )
    const wait = await run(clock, origin)
    expect(wait.ready).toBe(true)
    expect(origin.looks.map(look => look.at)).toEqual([0, 30_000])
  })

  it('Retry-After past the deadline: stops at once, without another look', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => version('', 503, { 'retry-after': '900' }))
    const wait = await run(clock, origin, { timeoutMs: 60_000 })
    expect(wait).toMatchObject({ ready: false, stopped: 'retry-after', elapsedMs: 0, looks: 1 })
  })

  it('Retry-After on a 200 that does not show the build is not a request to wait', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, (_elapsed, look) =>
      look === 1 ? version(OLD, 200, { 'retry-after': '300' }) : version(SHA)
    )
    await run(clock, origin)
    expect(origin.looks.map(look => look.at)).toEqual([0, 2000])
  })

  it('5xx and dropped connections: keeps looking with the backoff', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, (_elapsed, look) => {
      if (look === 1) return version('', 502)
      if (look === 2) return new OriginRequestError('connection', 'socket hang up')
      if (look === 3) return new OriginRequestError('timeout', 'no answer within 30 s')
      return version(SHA)
    })
    const wait = await run(clock, origin)
    expect(wait).toMatchObject({ ready: true, looks: 4 })
    expect(origin.looks.map(look => look.at)).toEqual([0, 2000, 5000, 9500])
  })

  it('a build shown only in a 5xx answer does not count', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => version(SHA, 503))
    const wait = await run(clock, origin, { timeoutMs: 10_000 })
    expect(wait.ready).toBe(false)
    expect(wait.last).toMatchObject({ status: 503 })
  })

  it('a dropped connection as the last look says so', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => new OriginRequestError('connection', 'socket hang up'))
    const wait = await run(clock, origin, { timeoutMs: 5000 })
    expect(wait.last).toEqual({
      ready: false,
      otherIds: [],
      problem: 'connection failed: socket hang up'
    })
  })

  it('says where it is every 15 s', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => version(OLD))
    const progress: OriginWaitProgress[] = []
    await run(clock, origin, { timeoutMs: 50_000, onProgress: p => progress.push(p) })
    expect(progress.map(p => p.elapsedMs)).toEqual([15_000, 30_000, 45_000])
    expect(progress[0]?.looks).toBeGreaterThan(1)
    expect(progress[0]?.last).toMatchObject({ status: 200, otherIds: [OLD] })
  })

  it('a dry run looks once and waits for nothing', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => version(OLD))
    const wait = await run(clock, origin, { once: true })
    expect(wait).toMatchObject({ ready: false, stopped: 'once', looks: 1, elapsedMs: 0 })
  })

  it('origin_timeout_seconds 0: one look', async () => {
    const clock = new VirtualClock()
    const origin = fakeOrigin(clock, () => version(OLD))
    const wait = await run(clock, origin, { timeoutMs: 0 })
    expect(wait).toMatchObject({ ready: false, stopped: 'deadline', looks: 1 })
  })
})
