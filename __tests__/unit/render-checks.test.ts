/**
 * Render faults rendered again, on the virtual clock: one purge a page, shared by the devices
 * that found it at fault; a device whose bad render was cached after that purge was accepted
 * gets a purge of its own; the cap holds; a job that purges nothing names the fault.
 */
import { describe, expect, it } from '@jest/globals'
import { PageBodyReader } from '../../src/verify/render/page-body-reader.js'
import {
  RenderChecks,
  type RenderAsked,
  type RenderLoop
} from '../../src/verify/render/render-checks.js'
import type { RenderFacts } from '../../src/verify/render/render-facts.js'
import { VirtualClock } from '../support/virtual-clock.js'

const SITE = 'https://www.example.com'
const PAGE = new URL(`${SITE}/about`)

function facts(html: string): RenderFacts {
  const reader = new PageBodyReader(PAGE, { facts: true })
  reader.push(html)
  const read = reader.end().facts
  if (read === undefined) throw new Error('no facts read')
  return read
}

const BLANK = facts('<html><head><title>About</title></head><body></body></html>')
const WHOLE = facts('<html><head><title>About</title></head><body><h1>About us</h1></body></html>')

/**
 * A loop whose page, asked again, serves a whole render made after the purge; `cachedAfter`
 * says which devices' bad renders were cached after a purge's acceptance.
 */
function loopOf(clock: VirtualClock, cachedAfter: ReadonlySet<string> = new Set()): RenderLoop {
  return {
    clock,
    stopped: false,
    deadline: clock.now() + 60_000,
    askRender: async (): Promise<RenderAsked> => 'rendering',
    renderedAfter: answer => cachedAfter.has(String(answer.headers['x-device'] ?? '')),
    sleep: ms => clock.sleep(ms)
  }
}

/** The loop above, but its second ask serves the whole render. */
function wholeAfterOneAsk(loop: RenderLoop): RenderLoop {
  let asked = 0
  return {
    ...loop,
    askRender: async () =>
      ++asked % 2 === 1
        ? 'rendering'
        : { facts: WHOLE, cacheDate: '2026-11-23T09:01:00.Z (GMT)', after: true }
  }
}

function read(device: string) {
  return {
    url: PAGE,
    device,
    userAgent: device,
    now: BLANK,
    answer: { edge: undefined, headers: { 'x-device': device } }
  }
}

/** Render checks on desktop and mobile whose purges to render again are kept in `sent`. */
function sendingTo(loop: RenderLoop, sent: string[][]): RenderChecks {
  return new RenderChecks(
    loop,
    {
      siteOrigin: SITE,
      expected: new Map(),
      rerender: async paths => {
        sent.push([...paths])
        return { accepted: paths }
      }
    },
    ['desktop', 'mobile']
  )
}

describe('a render fault rendered again', () => {
  it('is purged once for the page, whatever the devices that found it', async () => {
    const clock = new VirtualClock()
    const sent: string[][] = []
    const checks = sendingTo(wholeAfterOneAsk(loopOf(clock)), sent)
    checks.judge(read('desktop'))
    checks.judge(read('mobile'))
    const result = await clock.run(checks.finish())
    expect(sent).toEqual([['/about']])
    expect(result).toMatchObject({ judged: 2, rerendered: 2, badRenders: 0, problems: 0 })
  })

  it('a device whose bad render was cached after that purge gets one of its own', async () => {
    const clock = new VirtualClock()
    const sent: string[][] = []
    const checks = sendingTo(wholeAfterOneAsk(loopOf(clock, new Set(['mobile']))), sent)
    checks.judge(read('desktop'))
    checks.judge(read('mobile'))
    await clock.run(checks.finish())
    expect(sent).toEqual([['/about'], ['/about']])
  })

  it('without a purge sender (mode: verify), is named, not purged', async () => {
    const clock = new VirtualClock()
    const checks = new RenderChecks(loopOf(clock), { siteOrigin: SITE, expected: new Map() }, [
      'desktop'
    ])
    checks.judge(read('desktop'))
    const result = await clock.run(checks.finish())
    expect(result?.listed).toEqual([
      expect.objectContaining({ reason: 'blank', device: 'desktop', rerender: 'no-purge' })
    ])
  })

  it('a purge the service does not answer is waited for until the deadline, then named', async () => {
    const clock = new VirtualClock()
    const loop = loopOf(clock)
    const checks = new RenderChecks(
      loop,
      // Never answered: the sender's retries and a Retry-After can hold it that long.
      { siteOrigin: SITE, expected: new Map(), rerender: () => new Promise(() => undefined) },
      ['desktop']
    )
    checks.judge(read('desktop'))
    const result = await clock.run(checks.finish())
    expect(clock.now()).toBe(loop.deadline)
    expect(result?.listed[0]).toMatchObject({
      reason: 'blank',
      rerender: { failed: 'the purge was not answered before the deadline' }
    })
  })

  it('still at fault after the render made again: named so', async () => {
    const clock = new VirtualClock()
    const loop: RenderLoop = {
      ...loopOf(clock),
      askRender: async () => ({
        facts: BLANK,
        cacheDate: '2026-11-23T09:01:00.Z (GMT)',
        after: true
      })
    }
    const checks = new RenderChecks(
      loop,
      { siteOrigin: SITE, expected: new Map(), rerender: async paths => ({ accepted: paths }) },
      ['desktop']
    )
    checks.judge(read('desktop'))
    const result = await clock.run(checks.finish())
    expect(result).toMatchObject({ rerendered: 0, badRenders: 1 })
    expect(result?.listed[0]).toMatchObject({ reason: 'blank', rerender: 'still' })
  })
})
