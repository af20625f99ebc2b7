/**
 * The origin wait that watches for a rollback (during the verification, after this run's build
 * was live), with a test clock and a fake origin: an older commit on every 2xx look for
 * ROLLBACK_CONFIRM_MS and ROLLBACK_CONFIRM_LOOKS looks stops it as a rollback; without watchRollback it is waited past; the build
 * or a newer commit ends it as ready; a non-2xx look neither counts nor resets the older run,
 * another commit (or none) resets it. Each other commit is asked about once.
 */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import { CommitRelations, type CommitRelation } from '../../src/build/commit-relation.js'
import { OriginRequestError } from '../../src/origin/origin-client.js'
import type { OriginLookInput } from '../../src/origin/readiness.js'
import {
  ROLLBACK_CONFIRM_LOOKS,
  ROLLBACK_CONFIRM_MS,
  waitForBuild,
  type OriginWait
} from '../../src/origin/wait.js'
import { ORIGIN_WAIT_POLICY, type OriginWaitPolicy } from '../../src/origin/wait-policy.js'
import { VirtualClock } from '../support/virtual-clock.js'

const OURS = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const OLDER = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const NEWER = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const UNKNOWN = '0badc0de00112233445566778899aabbccddeeff'
const build = buildId(OURS, 'GITHUB_SHA')

/** A look every second, exactly: the times the tests assert are the looks'. */
const EVERY_SECOND: OriginWaitPolicy = {
  ...ORIGIN_WAIT_POLICY,
  firstMs: 1000,
  maxMs: 1000,
  factor: 1,
  jitter: 0
}

const RELATIONS: Record<string, CommitRelation> = {
  [OLDER]: { kind: 'older' },
  [NEWER]: { kind: 'newer' },
  [UNKNOWN]: { kind: 'unknown', why: 'not in the history at hand' }
}

type Answer = OriginLookInput | OriginRequestError

const shows = (id: string, status = 200): OriginLookInput => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: `{"commit":"${id}"}`
})

/**
 * Waits with watchRollback (unless told otherwise) against an origin whose n-th look (from 1)
 * gets `answer(n)`; the looks' times are kept, from the start of the wait.
 */
async function waitWith(
  answer: (look: number) => Answer,
  options: {
    watchRollback?: boolean
    timeoutMs?: number
    relations?: Record<string, CommitRelation>
  } = {}
) {
  const clock = new VirtualClock()
  const started = clock.now()
  const looks: number[] = []
  const asked: string[] = []
  const relations = new CommitRelations(async id => {
    asked.push(id)
    return { ...RELATIONS, ...options.relations }[id] ?? { kind: 'unknown', why: 'a test commit' }
  })
  const wait: OriginWait = await clock.run(
    waitForBuild({
      url: new URL('https://origin.example.com/version.json'),
      build,
      timeoutMs: options.timeoutMs ?? 60_000,
      requestTimeoutMs: 10_000,
      look: async () => {
        looks.push(clock.now() - started)
        const given = answer(looks.length)
        if (given instanceof OriginRequestError) throw given
        return given
      },
      clock,
      random: () => 0.5,
      policy: EVERY_SECOND,
      relations,
      watchRollback: options.watchRollback ?? true
    })
  )
  return { wait, looks, asked, waitedMs: clock.now() - started }
}

describe('the origin wait watching for a rollback', () => {
  it('needs ROLLBACK_CONFIRM_LOOKS looks as well as the time: two looks 6 s apart are not enough', async () => {
    const clock = new VirtualClock()
    const started = clock.now()
    const looks: number[] = []
    const wait = await clock.run(
      waitForBuild({
        url: new URL('https://origin.example.com/version.json'),
        build,
        timeoutMs: 60_000,
        requestTimeoutMs: 10_000,
        look: async () => {
          looks.push(clock.now() - started)
          return shows(OLDER)
        },
        clock,
        random: () => 0.5,
        policy: { ...EVERY_SECOND, firstMs: 6000, maxMs: 6000 },
        relations: new CommitRelations(async () => ({ kind: 'older' })),
        watchRollback: true
      })
    )
    expect(ROLLBACK_CONFIRM_LOOKS).toBe(3)
    expect(looks).toEqual([0, 6000, 12_000])
    expect(wait).toMatchObject({ stopped: 'rolled-back', rolledBackTo: OLDER, looks: 3 })
  })

  it('an older commit on every look: rolled back to it, ROLLBACK_CONFIRM_MS after the first look', async () => {
    const { wait, looks, asked, waitedMs } = await waitWith(() => shows(OLDER))
    expect(wait).toMatchObject({
      ready: false,
      stopped: 'rolled-back',
      rolledBackTo: OLDER,
      elapsedMs: ROLLBACK_CONFIRM_MS,
      looks: 6
    })
    expect(wait.supersededBy).toBeUndefined()
    expect(looks).toEqual([0, 1000, 2000, 3000, 4000, 5000])
    expect(waitedMs).toBe(ROLLBACK_CONFIRM_MS)
    expect(asked).toEqual([OLDER])
    expect(wait.others).toEqual([{ id: OLDER, relation: { kind: 'older' } }])
  })

  it('an older commit from a later look on: confirmed from that look, not from the start', async () => {
    // Looks 1 to 3 (0 to 2 s) show no commit at all; the older one from 3 s.
    const { wait, looks } = await waitWith(n => (n <= 3 ? shows('maintenance') : shows(OLDER)))
    expect(wait).toMatchObject({ stopped: 'rolled-back', rolledBackTo: OLDER })
    expect(wait.elapsedMs).toBe(3000 + ROLLBACK_CONFIRM_MS)
    expect(looks[looks.length - 1]).toBe(8000)
  })

  it('without watchRollback the older commit is waited past until the deadline', async () => {
    const { wait, looks, asked, waitedMs } = await waitWith(() => shows(OLDER), {
      watchRollback: false,
      timeoutMs: 20_000
    })
    expect(wait).toMatchObject({ ready: false, stopped: 'deadline', elapsedMs: 20_000 })
    expect(wait.rolledBackTo).toBeUndefined()
    expect(looks).toHaveLength(21)
    expect(waitedMs).toBe(20_000)
    expect(asked).toEqual([OLDER])
  })

  it('a deadline before the confirmation: stopped at the deadline, not rolled back', async () => {
    const { wait } = await waitWith(() => shows(OLDER), { timeoutMs: 3000 })
    expect(wait).toMatchObject({ ready: false, stopped: 'deadline', elapsedMs: 3000, looks: 4 })
    expect(wait.rolledBackTo).toBeUndefined()
  })

  it('an older commit, then the build: ready', async () => {
    const { wait, looks, asked } = await waitWith(n => (n === 1 ? shows(OLDER) : shows(OURS)))
    expect(wait).toMatchObject({ ready: true, elapsedMs: 1000, looks: 2 })
    expect(wait.stopped).toBeUndefined()
    expect(wait.rolledBackTo).toBeUndefined()
    expect(looks).toEqual([0, 1000])
    expect(asked).toEqual([OLDER])
  })

  it('a 503 between the older looks neither counts nor resets', async () => {
    const { wait, looks, asked } = await waitWith(n => (n === 2 ? shows('', 503) : shows(OLDER)))
    expect(wait).toMatchObject({
      ready: false,
      stopped: 'rolled-back',
      rolledBackTo: OLDER,
      elapsedMs: ROLLBACK_CONFIRM_MS,
      looks: 6
    })
    expect(looks).toEqual([0, 1000, 2000, 3000, 4000, 5000])
    expect(asked).toEqual([OLDER])
  })

  it('a 503 that shows another commit does not reset either', async () => {
    const { wait, asked } = await waitWith(n => (n === 2 ? shows(UNKNOWN, 503) : shows(OLDER)))
    expect(wait).toMatchObject({ stopped: 'rolled-back', elapsedMs: ROLLBACK_CONFIRM_MS })
    // A 5xx answer's ids are not asked about: it is not the origin's own page.
    expect(asked).toEqual([OLDER])
  })

  it('a look that gets no answer does not reset', async () => {
    const { wait } = await waitWith(n =>
      n === 3 ? new OriginRequestError('connection', 'socket hang up') : shows(OLDER)
    )
    expect(wait).toMatchObject({ stopped: 'rolled-back', elapsedMs: ROLLBACK_CONFIRM_MS })
  })

  it('older, then a 503, then older past the confirmation time: rolled back', async () => {
    // Older at 0 s; 503s from 1 to 4 s; older again at 5 s, ROLLBACK_CONFIRM_MS after the first,
    // but its second look only: the third, at 6 s, confirms it.
    const { wait } = await waitWith(n => (n >= 2 && n <= 5 ? shows('', 503) : shows(OLDER)))
    expect(wait).toMatchObject({
      stopped: 'rolled-back',
      rolledBackTo: OLDER,
      elapsedMs: ROLLBACK_CONFIRM_MS + 1000,
      looks: 7
    })
  })

  it('older, then an unknown commit, then older: the confirmation restarts at the second run', async () => {
    // Older at 0 and 1 s, unknown at 2 s, older from 3 s on.
    const { wait, looks, asked } = await waitWith(n => (n === 3 ? shows(UNKNOWN) : shows(OLDER)))
    expect(wait).toMatchObject({
      ready: false,
      stopped: 'rolled-back',
      rolledBackTo: OLDER,
      elapsedMs: 3000 + ROLLBACK_CONFIRM_MS,
      looks: 9
    })
    expect(looks[looks.length - 1]).toBe(8000)
    // Each commit asked about once, however often it was seen.
    expect(asked).toEqual([OLDER, UNKNOWN])
    expect(wait.others).toEqual([
      { id: OLDER, relation: { kind: 'older' } },
      { id: UNKNOWN, relation: { kind: 'unknown', why: 'not in the history at hand' } }
    ])
  })

  it('older, then a 2xx page that shows no commit, then older: the confirmation restarts', async () => {
    const { wait } = await waitWith(n => (n === 4 ? shows('down for maintenance') : shows(OLDER)))
    // Older at 0-2 s, no commit at 3 s, older from 4 s: confirmed at 9 s.
    expect(wait).toMatchObject({ stopped: 'rolled-back', elapsedMs: 4000 + ROLLBACK_CONFIRM_MS })
  })

  it('a newer commit: ready at once, superseded by it', async () => {
    const { wait, looks, asked } = await waitWith(() => shows(NEWER))
    expect(wait).toMatchObject({ ready: true, looks: 1, elapsedMs: 0, supersededBy: NEWER })
    expect(wait.stopped).toBeUndefined()
    expect(wait.rolledBackTo).toBeUndefined()
    expect(looks).toEqual([0])
    expect(asked).toEqual([NEWER])
  })

  it('an older commit, then a newer one: ready, superseded by the newer', async () => {
    const { wait, asked } = await waitWith(n => (n <= 2 ? shows(OLDER) : shows(NEWER)))
    expect(wait).toMatchObject({ ready: true, looks: 3, elapsedMs: 2000, supersededBy: NEWER })
    expect(wait.rolledBackTo).toBeUndefined()
    expect(asked).toEqual([OLDER, NEWER])
  })

  it('an older commit, then a different older one: the confirmation restarts for the second', async () => {
    const OLDER2 = '7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d'
    const { wait, asked } = await waitWith(n => (n <= 3 ? shows(OLDER) : shows(OLDER2)), {
      relations: { [OLDER2]: { kind: 'older' } }
    })
    // OLDER at 0-2 s, OLDER2 from 3 s: confirmed at 8 s, to OLDER2.
    expect(wait).toMatchObject({
      stopped: 'rolled-back',
      rolledBackTo: OLDER2,
      elapsedMs: 3000 + ROLLBACK_CONFIRM_MS
    })
    expect(asked).toEqual([OLDER, OLDER2])
  })
})
