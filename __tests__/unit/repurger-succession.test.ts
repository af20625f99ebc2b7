/**
 * The re-purger with a build succession, on a test clock: origin_url is looked at as soon as old
 * content is first seen, and again when a re-purge comes due. A newer build it shows is learned,
 * and the pages seen so far are forgotten (not purged: a page that shows it is fresh), then
 * purged when seen again once it is known; a rollback purges nothing, is told to the
 * succession's listeners and to the report, and ends the loop. Then the schedule's forget() on
 * its own.
 */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import { BuildSuccession } from '../../src/build/build-succession.js'
import { Repurger, type OriginState, type RepurgeMode } from '../../src/repurge/repurger.js'
import { RepurgeSchedule } from '../../src/repurge/schedule.js'
import { VirtualClock } from '../support/virtual-clock.js'

const OURS = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const NEWER = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const OLDER = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
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

/** A re-purge mode whose origin says `states[n]` at its n-th look (the last one after them). */
function repurgeMode(clock: VirtualClock, states: readonly OriginState[]) {
  const sends: { at: number; pages: readonly string[] }[] = []
  const looks: number[] = []
  const mode: RepurgeMode = {
    kind: 'repurge',
    originLive: async () => {
      looks.push(clock.now())
      return states[Math.min(looks.length, states.length) - 1]!
    },
    send: async pages => {
      sends.push({ at: clock.now(), pages })
      await clock.sleep(100)
      return { accepted: pages, acceptedAt: clock.now(), failed: [] }
    }
  }
  return { mode, sends, looks }
}

describe('Repurger with a build succession', () => {
  it('a newer build learned at the first sighting: the pages forgotten, not purged; seen again, purged', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const succession = new BuildSuccession(buildId(OURS, 'GITHUB_SHA'))
    const newer: OriginState = { kind: 'newer', commit: NEWER }
    const { mode, sends, looks } = repurgeMode(clock, [newer])
    const log = logger()
    const repurger = new Repurger({ mode, clock, deadline: t0 + 120_000, log, succession })
    const running = repurger.run()
    const middle: { pageCount: number; pages: unknown; accepted: string[] }[] = []
    const driver = (async () => {
      repurger.seen(page('/a'), t0, t0)
      repurger.seen(page('/b'), t0, t0)
      // The first sighting wakes the loop to look at once: the origin shows the newer build.
      await clock.sleep(10_000)
      const report = repurger.report()
      middle.push({
        pageCount: report.pageCount,
        pages: report.pages,
        accepted: succession.accepted().map(build => build.text)
      })
      // /a still shows neither build at 10 s: due at 15 s, gathered until 17 s.
      repurger.seen(page('/a'), clock.now(), t0)
      await clock.sleep(20_000)
      repurger.stop()
    })()
    await clock.run(Promise.all([running, driver]))

    expect(looks.map(at => at - t0)).toEqual([0, 17_000])
    expect(middle).toEqual([{ pageCount: 0, pages: [], accepted: [OURS, NEWER] }])
    expect(succession.supersededBy).toEqual({ commit: NEWER, at: t0 })
    expect(succession.rolledBackTo).toBeUndefined()
    // Only the page seen again after the newer build was known is purged, once.
    expect(sends.map(send => ({ at: send.at - t0, pages: send.pages }))).toEqual([
      { at: 17_000, pages: ['/a'] }
    ])
    const fresh = log.lines.filter(line => line.includes('a page that shows it is fresh'))
    expect(fresh).toEqual([
      "Re-purge: origin_url shows a newer build (a1b2c3d), which holds this run's commit: a page that shows it is fresh; 2 page(s) that showed another build are asked again before any is purged."
    ])
    expect(log.lines.filter(line => line.startsWith('Re-purge: 1 page(s)'))).toEqual([
      'Re-purge: 1 page(s) did not show build 9be41d2c7a6f or the newer build a1b2c3d after the purge; origin_url shows the newer build a1b2c3d, so they are purged again: /a.'
    ])
    expect(log.lines.some(line => line.startsWith('warning:'))).toBe(false)
    expect(repurger.report()).toEqual({
      mode: 'repurge',
      pages: [{ page: '/a', repurges: 1 }],
      pageCount: 1,
      batches: [{ at: t0 + 17_000, pages: ['/a'], accepted: ['/a'], failed: [] }]
    })
  })

  it('a page seen before the newer build was known but not yet due is forgotten too', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const succession = new BuildSuccession(buildId(OURS, 'GITHUB_SHA'))
    // The first look (at the first sighting) shows this run's build; the one when /a comes due,
    // the newer build.
    const { mode, sends, looks } = repurgeMode(clock, [
      { kind: 'live' },
      { kind: 'newer', commit: NEWER }
    ])
    const log = logger()
    const repurger = new Repurger({ mode, clock, deadline: t0 + 60_000, log, succession })
    const running = repurger.run()
    const driver = (async () => {
      repurger.seen(page('/a'), t0, t0)
      await clock.sleep(3000)
      // Due at 8 s: still waiting when /a's batch learns the newer build at 7 s.
      repurger.seen(page('/c'), clock.now(), t0)
      await clock.sleep(30_000)
      repurger.stop()
    })()
    await clock.run(Promise.all([running, driver]))

    expect(looks.map(at => at - t0)).toEqual([0, 7000])
    expect(sends).toEqual([])
    expect(repurger.report().pageCount).toBe(0)
    expect(log.lines).toContain(
      "Re-purge: origin_url shows a newer build (a1b2c3d), which holds this run's commit: a page that shows it is fresh; 2 page(s) that showed another build are asked again before any is purged."
    )
  })

  it('a build that is no commit has nothing to relate: origin_url is looked at only when due', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const succession = new BuildSuccession(buildId('release-42', 'build_id'))
    const { mode, sends, looks } = repurgeMode(clock, [{ kind: 'live' }])
    const repurger = new Repurger({
      mode,
      clock,
      deadline: t0 + 60_000,
      log: logger(),
      succession
    })
    const running = repurger.run()
    const driver = (async () => {
      repurger.seen(page('/a'), t0, t0)
      await clock.sleep(20_000)
      repurger.stop()
    })()
    await clock.run(Promise.all([running, driver]))

    expect(looks.map(at => at - t0)).toEqual([7000])
    expect(sends.map(send => send.at - t0)).toEqual([7000])
  })

  it('the origin rolled back: nothing purged, the succession and its listeners told, the loop ends', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const succession = new BuildSuccession(buildId(OURS, 'GITHUB_SHA'))
    let told = 0
    succession.onRolledBack(() => told++)
    const { mode, sends, looks } = repurgeMode(clock, [{ kind: 'rolled-back', commit: OLDER }])
    const log = logger()
    const deadline = t0 + 120_000
    const repurger = new Repurger({ mode, clock, deadline, log, succession })
    repurger.seen(page('/a'), t0, t0)
    // run() returns by itself, at the first look: no stop().
    await clock.run(repurger.run())

    expect(clock.now() - t0).toBe(0)
    expect(looks.map(at => at - t0)).toEqual([0])
    expect(sends).toEqual([])
    expect(told).toBe(1)
    expect(succession.rolledBackTo).toEqual({ commit: OLDER, at: t0 })
    expect(succession.supersededBy).toBeUndefined()
    expect(repurger.report()).toEqual({
      mode: 'repurge',
      pages: [{ page: '/a', repurges: 0 }],
      pageCount: 1,
      batches: [],
      rolledBackTo: OLDER
    })
    expect(log.lines.some(line => line.startsWith('Re-purge:'))).toBe(false)
  })

  it('a rollback after a re-purge: the earlier batch stays, nothing more is sent', async () => {
    const clock = new VirtualClock()
    const t0 = clock.now()
    const succession = new BuildSuccession(buildId(OURS, 'GITHUB_SHA'))
    // Live at the first look and when /a comes due; rolled back when it comes due again.
    const { mode, sends } = repurgeMode(clock, [
      { kind: 'live' },
      { kind: 'live' },
      { kind: 'rolled-back', commit: OLDER }
    ])
    const repurger = new Repurger({
      mode,
      clock,
      deadline: t0 + 120_000,
      log: logger(),
      succession
    })
    const running = repurger.run()
    const driver = (async () => {
      repurger.seen(page('/a'), t0, t0)
      await clock.sleep(10_000)
      repurger.seen(page('/a'), clock.now(), repurger.repurgedAt(page('/a')) ?? t0)
    })()
    await clock.run(Promise.all([running, driver]))

    expect(sends.map(send => send.at - t0)).toEqual([7000])
    expect(repurger.report()).toMatchObject({
      pages: [{ page: '/a', repurges: 1 }],
      rolledBackTo: OLDER
    })
    expect(repurger.report().batches).toHaveLength(1)
    // Seen again at 10 s: due 10 s later (the second delay), gathered 2 s.
    expect(succession.rolledBackTo).toEqual({ commit: OLDER, at: t0 + 22_000 })
  })
})

describe('RepurgeSchedule.forget', () => {
  it('a forgotten page is not due, and a new sighting schedules it again, uncounted', () => {
    const schedule = new RepurgeSchedule([5000, 10_000, 20_000])
    expect(schedule.sawOldContent('/a', 1000, 0)).toBe(6000)
    expect(schedule.takeDue(6000)).toEqual(['/a'])
    schedule.forget(['/a'])

    expect(schedule.nextDueAt()).toBeUndefined()
    expect(schedule.takeDue(1_000_000)).toEqual([])
    expect(schedule.states()).toEqual([{ page: '/a', repurges: 0 }])
    expect(schedule.repurgedAt('/a')).toBeUndefined()

    // Seen again: the first delay again, from the new sighting.
    expect(schedule.sawOldContent('/a', 8000, 0)).toBe(13_000)
    expect(schedule.nextDueAt()).toBe(13_000)
    expect(schedule.takeDue(12_999)).toEqual([])
    expect(schedule.takeDue(13_000)).toEqual(['/a'])
  })

  it('forgets a sighting waiting to be due too, and only the pages named', () => {
    const schedule = new RepurgeSchedule([5000, 10_000, 20_000])
    schedule.sawOldContent('/a', 0, 0)
    schedule.sawOldContent('/b', 1000, 0)
    schedule.forget(['/a', '/not-seen'])
    expect(schedule.states()).toEqual([
      { page: '/a', repurges: 0 },
      { page: '/b', repurges: 0, dueAt: 6000 }
    ])
    expect(schedule.nextDueAt()).toBe(6000)
    expect(schedule.takeDue(10_000)).toEqual(['/b'])
  })

  it('after an accepted re-purge, forget keeps the count: the next sighting waits the second delay', () => {
    const schedule = new RepurgeSchedule([5000, 10_000, 20_000])
    schedule.sawOldContent('/a', 0, 0)
    expect(schedule.takeDue(5000)).toEqual(['/a'])
    schedule.accepted(['/a'], 5100)
    expect(schedule.sawOldContent('/a', 6000, 5100)).toBe(16_000)
    expect(schedule.takeDue(16_000)).toEqual(['/a'])
    schedule.forget(['/a'])
    expect(schedule.states()).toEqual([{ page: '/a', repurges: 1 }])
    expect(schedule.repurgedAt('/a')).toBe(5100)
    expect(schedule.sawOldContent('/a', 20_000, 5100)).toBe(30_000)
  })
})
