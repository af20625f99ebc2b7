/**
 * The fault suite's checker (__tests__/support/fault-run.mjs `analyzeFaultRun`) on hand-made
 * request logs: it must catch what the suite is there to catch. A pure function, so in process;
 * the suite's run itself drives dist/index.js (__tests__/e2e/faults.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { analyzeFaultRun, figureLine } from '../support/fault-run.mjs'
import type { RequestLogEntry } from '../../emulator/server.mjs'

describe('the analysis of a fault run', () => {
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
