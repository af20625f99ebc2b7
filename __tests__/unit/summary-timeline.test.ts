/**
 * The summary's timeline: a mermaid gantt chart that mermaid's own parser accepts, with the purge,
 * each device's first and last fresh check, the deadline, the origin wait, the re-purges and the
 * shard, whatever the names in it.
 */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import type { RunReport } from '../../src/report/run-report.js'
import { renderSummary } from '../../src/report/summary.js'
import { label, renderTimeline } from '../../src/report/timeline.js'
import { mermaidBlocks, parseMermaid } from '../support/github-markdown.js'
import {
  ACCEPTED_AT,
  check,
  everyOutcome,
  freshChecks,
  planOf,
  purgedRun,
  staleChecks,
  verified
} from '../support/run-reports.js'

/** The chart's task lines: `name :tags, id, start, end`. */
function tasks(chart: string): string[] {
  return chart.split('\n').filter(line => line.startsWith('    '))
}

/** A run that waited for the origin, purged, saw old content and purged it again. */
function raceRun(): RunReport {
  const plan = planOf({ urls: ['/about'] })
  const base = verified(
    [
      check('/about', 'desktop', 'fresh', { settledAfterMs: 9800 }),
      check('/about', 'mobile', 'fresh', { settledAfterMs: 10_100 })
    ],
    { timeoutMs: 30_000 }
  )
  const run = purgedRun(plan, {
    ...base,
    oldContent: {
      build: buildId('release-42', 'build_id'),
      stillOld: 0,
      purgedAt: ACCEPTED_AT,
      repurge: {
        mode: 'repurge',
        pages: [{ page: '/about', repurges: 1 }],
        pageCount: 1,
        batches: [{ at: ACCEPTED_AT + 7900, pages: ['/about'], accepted: ['/about'], failed: [] }]
      }
    }
  })
  return {
    ...run,
    origin: {
      url: 'https://origin.example.com/version.txt',
      build: buildId('release-42', 'build_id'),
      timeoutMs: 600_000,
      dryRun: false,
      startedAt: ACCEPTED_AT - 5600,
      wait: {
        ready: true,
        elapsedMs: 5400,
        looks: 3,
        last: { ready: true, status: 200, otherIds: [] }
      }
    }
  }
}

describe('the timeline', () => {
  it('every summary with a verification has one chart, and mermaid parses it as a gantt', async () => {
    const reports = { ...everyOutcome(), race: raceRun() }
    let charts = 0
    for (const [name, report] of Object.entries(reports)) {
      const blocks = mermaidBlocks(renderSummary(report))
      const checked = report.verification?.kind === 'verified'
      expect([name, blocks.length]).toEqual([name, checked ? 1 : 0])
      for (const block of blocks) {
        await expect(parseMermaid(block)).resolves.toBe('gantt')
        charts++
      }
    }
    expect(charts).toBe(5)
  })

  it('the purge, each device from the purge to its first fresh check and on to its last, the deadline', () => {
    const chart = mermaidBlocks(
      renderTimeline(purgedRun(planOf({ urls: ['/'] }), verified(freshChecks())))
    )[0]!
    expect(chart).toContain(
      '  title Purge and verification, minutes and seconds from the purge accepted\n'
    )
    expect(chart).toContain('  dateFormat HH:mm:ss.SSS\n  axisFormat %M:%S\n  todayMarker off\n')
    // Ticks a second apart over 6 s: mermaid's own would repeat labels every half second.
    expect(chart).toContain('  tickInterval 1second\n')
    expect(tasks(chart)).toEqual([
      '    purge accepted :milestone, t1, 00:00:00.000, 0ms',
      '    until first fresh (2.0 s) :t2, 00:00:00.000, 00:00:02.000',
      '    first to last fresh (4 checks) :active, t3, 00:00:02.000, 00:00:03.500',
      '    until first fresh (2.5 s) :t4, 00:00:00.000, 00:00:02.500',
      '    first to last fresh (4 checks) :active, t5, 00:00:02.500, 00:00:04.000',
      '    deadline (6 s) :crit, milestone, t6, 00:00:06.000, 0ms'
    ])
    expect(chart).toContain('  section desktop\n')
    expect(chart).toContain('  section mobile\n')
  })

  it('checks not fresh at the end are a red bar to the end of the checks', () => {
    const chart = mermaidBlocks(
      renderTimeline(purgedRun(planOf({ urls: ['/'] }), verified(staleChecks())))
    )[0]!
    expect(tasks(chart)).toContain(
      '    3 not fresh at the end :crit, t2, 00:00:00.000, 00:00:06.050'
    )
  })

  it('the origin wait, the re-purge, and a deadline far beyond said in words', () => {
    const markdown = renderTimeline(raceRun())
    const chart = mermaidBlocks(markdown)[0]!
    expect(chart).toContain(
      'title Purge and verification, minutes and seconds from the start of the wait for the origin'
    )
    expect(tasks(chart).slice(0, 3)).toEqual([
      '    waited for build release-42 (3 looks) :done, t1, 00:00:00.000, 00:00:05.400',
      '    purge accepted :milestone, t2, 00:00:05.600, 0ms',
      '    re-purge 1, 1 page of old content :milestone, t3, 00:00:13.500, 0ms'
    ])
    // 30 s is within three times the 15.7 s the rest takes: drawn.
    expect(chart).toContain('deadline (30 s) :crit, milestone')
    const far = raceRun()
    const part = far.verification as Extract<RunReport['verification'], { kind: 'verified' }>
    const farther = {
      ...far,
      verification: {
        ...part,
        timeoutMs: 600_000,
        report: {
          ...part.report,
          verification: { ...part.report.verification, deadline: ACCEPTED_AT + 600_000 }
        }
      }
    }
    const text = renderTimeline(farther)
    expect(text).not.toContain('deadline (')
    expect(text).toContain(
      "The deadline, 10 min after the last purge was accepted, is beyond the chart's right edge."
    )
  })

  it('the shard in the title, and purged_at as the start of a verify job', async () => {
    const report = everyOutcome()['verify only']!
    const chart = mermaidBlocks(renderTimeline(report))[0]!
    expect(chart).toContain(
      'title Purge and verification, minutes and seconds from the purge job’s purged_at (shard 2 of 4)'
    )
    expect(tasks(chart)[0]).toBe('    purged_at (the purge job) :milestone, t1, 00:00:00.000, 0ms')
    await expect(parseMermaid(chart)).resolves.toBe('gantt')
  })

  it('names that would break the grammar are made safe, and the chart still parses', async () => {
    const hostile = ['a:b;c#d%e', 'click me', 'section x', '%% comment', 'x\ny', '{"<b>"}`']
    for (const text of hostile) {
      const safe = label(text)
      expect(safe).not.toMatch(/[:;#%\n{}<>`"]/)
      expect(safe).not.toMatch(/^(click|section)/)
    }
    const devices = ['desk:top;#1', 'click']
    const report = purgedRun(
      planOf({ urls: ['/'] }),
      verified(
        devices.map(device => check('/', device, 'fresh', { settledAfterMs: 1500 })),
        { devices }
      )
    )
    const chart = mermaidBlocks(renderTimeline(report))[0]!
    expect(chart).toContain('  section desk∶top；＃1\n')
    expect(chart).toContain('  section · click\n')
    await expect(parseMermaid(chart)).resolves.toBe('gantt')
  })

  it('hours on the axis when the run is long, and no chart past a day', () => {
    const long = verified(
      [
        check('/', 'desktop', 'fresh', { settledAfterMs: 2 * 3600_000 }),
        check('/', 'mobile', 'stale')
      ],
      { timeoutMs: 3 * 3600_000 }
    )
    expect(renderTimeline(purgedRun(planOf({ urls: ['/'] }), long))).toContain('axisFormat %H:%M')
    const tooLong = verified([check('/', 'desktop', 'fresh', { settledAfterMs: 25 * 3600_000 })], {
      devices: ['desktop'],
      timeoutMs: 26 * 3600_000
    })
    expect(renderTimeline(purgedRun(planOf({ urls: ['/'] }), tooLong))).toBe('')
  })
})
