/**
 * The fault suite, short variant: 2,000 URLs in batches of 10 (200 requests; FUZZ_SEED sets
 * another seed than the fixed one: __tests__/support/fuzz.ts) through
 * dist/index.js while the emulator injects seeded random 503s, 429s with Retry-After, dropped
 * connections and answers slower than timeout_seconds. Judged from the emulator's state and
 * request log: every URL purged, and a URL purged twice only when an earlier purge of it was
 * processed but its answer came after the client's timeout. The long variant is
 * `node scripts/fault-suite.mjs`; both use __tests__/support/fault-run.mjs.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import {
  analyzeFaultRun,
  DEFAULT_SCENARIO,
  figureLine,
  runFaultScenario
} from '../support/fault-run.mjs'
import type { RequestLogEntry } from '../../emulator/server.mjs'
import './helpers.js' // fails early, with the fix, when dist/index.js is missing
import { fuzzSeed } from '../support/fuzz.js'

// Not fewer URLs on each commit: at 1,000 (100 requests) the fixed seed injects no dropped
// connection, and the test requires every kind of fault. At 200 requests a kind is missed with
// a chance of 0.94^200, 4 in a million, so any FUZZ_SEED exercises them all.
const SCENARIO = { seed: fuzzSeed(DEFAULT_SCENARIO.seed) }

const lines: string[] = []
afterAll(() => {
  if (lines.length > 0) console.log(lines.join('\n'))
})

describe('the analysis of a fault run', () => {
  // The checker itself, on hand-made logs: it must catch what the suite is there to catch.
  const entry = (
    seq: number,
    url: string[],
    fault: string | null,
    purged: number | null
  ): RequestLogEntry => ({
    id: `r${seq}`,
    seq,
    time: seq,
    method: 'POST',
    path: '/api/v1/cache/purge',
    query: 'api_key=***',
    rawQuery: 'api_key=k',
    apiKeyMatched: true,
    apiKeyOk: true,
    contentType: 'application/json',
    userAgent: null,
    body: { url },
    status: fault === 'drop' ? null : fault === '503' ? 503 : 200,
    fault,
    purged,
    answered: fault !== 'drop',
    aborted: false
  })
  const analyze = (requests: RequestLogEntry[], urls: string[], counts: [string, number][]) =>
    analyzeFaultRun({
      urls,
      requests,
      requestCount: requests.length,
      purgeCounts: new Map(counts),
      purgedUrls: new Set(counts.map(([url]) => url)),
      faultStats: {
        injected: requests.filter(r => r.fault !== null).length,
        byKind: {},
        queued: 0,
        random: null
      },
      slowMs: 1500,
      timeoutMs: 1000
    })

  it('accepts a duplicate that a slow answer past the timeout made necessary', () => {
    const report = analyze(
      [entry(1, ['/a', '/b'], 'slow', 0), entry(2, ['/a', '/b'], null, 0)],
      ['/a', '/b'],
      [
        ['/a', 2],
        ['/b', 2]
      ]
    )
    expect(report.problems).toEqual([])
    expect(report).toMatchObject({ injected: 1, survived: 1, lost: 0, neededDuplicates: 2 })
  })

  it('flags a duplicate after an answered purge, and a lost URL', () => {
    const report = analyze(
      [
        entry(1, ['/a'], null, 0),
        entry(2, ['/a'], null, 0),
        entry(3, ['/b'], '503', null),
        entry(4, ['/c'], 'drop', null)
      ],
      ['/a', '/b', '/c'],
      [['/a', 2]]
    )
    expect(report.lost).toBe(2)
    expect(report.survived).toBe(0)
    expect(report.needlessDuplicates.map(d => d.url)).toEqual(['/a'])
    expect(report.problems.join('\n')).toMatch(/not purged[\s\S]*more than once/)
    expect(figureLine(report)).toBe('faults: 2 injected, 0 survived, 2 lost')
  })
})

describe('purging under random faults', () => {
  it(`purges all ${DEFAULT_SCENARIO.urls} URLs exactly as often as needed`, async () => {
    const outcome = await runFaultScenario(SCENARIO)
    const { report } = outcome
    lines.push(
      outcome.line,
      `  seed ${outcome.scenario.seed}, ${report.requests} requests, ` +
        `${JSON.stringify(report.byKind)}, ${report.neededDuplicates} needed duplicate purges, ` +
        `${(outcome.durationMs / 1000).toFixed(1)} s`
    )
    expect(outcome.problems).toEqual([])
    expect(report.lost).toBe(0)
    expect(report.needlessDuplicates).toEqual([])
    expect(report.survived).toBe(report.injected)
    // Every kind of fault was really exercised, or the run proves less than it claims.
    for (const kind of ['503', '429', 'drop', 'slow']) {
      expect(report.byKind[kind] ?? 0).toBeGreaterThan(0)
    }
    expect(outcome.line).toMatch(/^faults: \d+ injected, \d+ survived, 0 lost$/)
  }, 120_000)
})
