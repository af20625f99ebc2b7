/**
 * The verification as a JUnit report (report/junit.ts), read back with a real XML parser
 * (saxes, as the sitemap reader uses): one suite, one test case per named check, a failure per
 * check not proven fresh, the counted checks beyond the first 1,000 of a state, and text from
 * outside (URLs, the edge's messages) escaped whatever it holds.
 */
import { describe, expect, it } from '@jest/globals'
import { renderJUnit, escapeXml } from '../../src/report/junit.js'
import type { RunReport } from '../../src/report/run-report.js'
import { MAX_LISTED_PER_STATE } from '../../src/verify/check/tally.js'
import { schemaProblems } from '../support/junit-schema.js'
import { parseXml } from '../support/xml-tree.js'
import {
  check,
  everyOutcome,
  freshChecks,
  planOf,
  purgedRun,
  staleChecks,
  verified
} from '../support/run-reports.js'

const NOW = Date.UTC(2026, 10, 24, 22, 0, 0)

function junitOf(report: RunReport) {
  const document = parseXml(renderJUnit(report, NOW))
  const suites = document.children.filter(child => child.name === 'testsuite')
  const [suite] = suites
  if (!suite) throw new Error('no testsuite')
  const cases = suite.children.filter(child => child.name === 'testcase')
  const failed = cases.filter(test => test.children.some(child => child.name === 'failure'))
  const skipped = cases.filter(test => test.children.some(child => child.name === 'skipped'))
  return { document, suites, suite, cases, failed, skipped }
}

const plan = planOf({ urls: ['/', '/about', '/contact', '/blog/'] })

describe('a verified run as JUnit', () => {
  it('one suite, one test case per page and device, all passed when all are fresh', () => {
    const { document, suites, suite, cases, failed } = junitOf(
      purgedRun(plan, verified(freshChecks()))
    )
    expect(document.name).toBe('testsuites')
    expect(suites).toHaveLength(1)
    expect(cases).toHaveLength(8)
    expect(failed).toHaveLength(0)
    expect(suite.attributes).toMatchObject({ tests: '8', failures: '0', skipped: '0' })
    expect(document.attributes).toMatchObject({ tests: '8', failures: '0' })
    expect(cases[0]?.attributes).toEqual({
      classname: 'desktop',
      name: 'https://www.example.com/',
      time: '2.000'
    })
    const properties = suite.children.find(child => child.name === 'properties')
    expect(properties?.children.map(p => p.attributes)).toContainEqual({
      name: 'verify_status',
      value: 'fresh'
    })
  })

  it('a failure for each stale check, saying what it saw', () => {
    const { cases, failed, suite } = junitOf(purgedRun(plan, verified(staleChecks())))
    expect(cases).toHaveLength(8)
    expect(failed).toHaveLength(6)
    expect(suite.attributes['failures']).toBe('6')
    const failure = failed[0]?.children[0]
    expect(failure?.attributes['type']).toBe('stale')
    expect(failure?.attributes['message']).toMatch(/^cached at .*before the purge was accepted$/)
    expect(failure?.text).toContain('edge ids: req-17 / tx-17')
  })

  it('failed checks fail; pages gone, DYNAMIC or bypassed are skipped, as they pass the run', () => {
    const checks = [
      check('/a', 'desktop', 'failed', { detail: 'connection reset' }),
      check('/b', 'desktop', 'gone', { httpStatus: 404 }),
      check('/c', 'desktop', 'unverifiable'),
      check('/d', 'desktop', 'bypassed', { detail: 'cookie' })
    ]
    const { failed, skipped } = junitOf(purgedRun(plan, verified(checks, { devices: ['desktop'] })))
    expect(failed.map(test => test.attributes['name'])).toEqual(['https://www.example.com/a'])
    expect(failed[0]?.children[0]?.attributes['message']).toBe('connection reset')
    expect(skipped.map(test => test.children[0]?.attributes['type'])).toEqual([
      'unverifiable',
      'bypassed',
      'gone'
    ])
  })

  it('counts the checks past the first 1,000 of a state in one test case per device', () => {
    const many = Array.from({ length: MAX_LISTED_PER_STATE + 250 }, (_, index) =>
      check(`/p${index}`, 'desktop', 'fresh', { settledAfterMs: 1000 })
    )
    const stale = Array.from({ length: MAX_LISTED_PER_STATE + 5 }, (_, index) =>
      check(`/s${index}`, 'desktop', 'stale', { staleReason: 'not-purged-yet' })
    )
    const { cases, failed, suite } = junitOf(
      purgedRun(plan, verified([...many, ...stale], { devices: ['desktop'] }))
    )
    expect(cases).toHaveLength(2 * MAX_LISTED_PER_STATE + 2)
    const counted = cases.filter(test => /^\d+ more /.test(test.attributes['name'] ?? ''))
    expect(counted.map(test => test.attributes['name'])).toEqual([
      '5 more stale checks (counted, not listed: a run names the first 1,000 of each state)',
      '250 more fresh checks (counted, not listed: a run names the first 1,000 of each state)'
    ])
    expect(failed).toHaveLength(MAX_LISTED_PER_STATE + 1)
    expect(suite.attributes['tests']).toBe(String(cases.length))
  })

  it('checks never started are one failure', () => {
    const { failed } = junitOf(purgedRun(plan, verified(freshChecks(), { notReached: 3 })))
    expect(failed.map(test => test.attributes['name'])).toEqual([
      '3 checks not started before the deadline'
    ])
  })
})

describe('a run that did not verify', () => {
  it.each<[string, RunReport, RegExp]>([
    ['not asked', purgedRun(plan), /not asked/],
    [
      'skipped',
      purgedRun(plan, { kind: 'skipped', reason: 'not every purge was accepted.' }),
      /not every purge/
    ],
    ['refused', { inputProblems: [{ text: 'bad' }], warnings: [] }, /inputs were refused/]
  ])('%s: one skipped test case that says why', (_, report, why) => {
    const { cases, skipped, suite } = junitOf(report)
    expect(cases).toHaveLength(1)
    expect(skipped).toHaveLength(1)
    expect(skipped[0]?.children[0]?.attributes['message']).toMatch(why)
    expect(suite.attributes['timestamp']).toBe('2026-11-24T22:00:00Z')
  })
})

describe('a run that stopped over the memory budget', () => {
  it('is one failure that gives the reason: the run failed, a CI must not read it as skipped', () => {
    const report = everyOutcome()['pages over budget']
    if (report?.verification?.kind !== 'over-budget') throw new Error('no such outcome')
    const { message } = report.verification
    const { cases, failed, skipped } = junitOf(report)
    expect(cases).toHaveLength(1)
    expect(skipped).toHaveLength(0)
    expect(failed).toHaveLength(1)
    const failure = failed[0]?.children.find(child => child.name === 'failure')
    expect(failure?.attributes['message']).toBe(message)
    expect(failure?.attributes['type']).toBe('over-budget')
  })
})

describe('escaping', () => {
  it('keeps any URL and message well-formed, and reads back exactly what XML can hold', () => {
    const nasty = `/a?b=1&c=<x>"'\u0000\u0007\uD800]]>\n\t😀`
    const checks = [check(nasty, 'desk"top', 'failed', { detail: `<boom> & "\u001b[31m"` })]
    const { failed } = junitOf(purgedRun(plan, verified(checks, { devices: ['desk"top'] })))
    expect(failed[0]?.attributes['name']).toBe(
      `https://www.example.com/a?b=1&c=<x>"'\\u0000\\u0007\\ud800]]>\n\t😀`
    )
    expect(failed[0]?.attributes['classname']).toBe('desk"top')
    expect(failed[0]?.children[0]?.attributes['message']).toBe('<boom> & "\\u001b[31m"')
  })

  it('escapes markup in text and attributes', () => {
    expect(escapeXml('a<b>&c')).toBe('a&lt;b&gt;&amp;c')
    expect(escapeXml(`"'\n`, true)).toBe('&quot;&apos;&#10;')
  })
})

describe('the schema Jenkins publishes (junit-10.xsd, in support/junit-schema.ts)', () => {
  it('every outcome a run can end in renders a report that conforms', () => {
    const reports: Record<string, RunReport> = {
      ...everyOutcome(),
      'all fresh': purgedRun(plan, verified(freshChecks())),
      'stale and failed': purgedRun(
        plan,
        verified([...staleChecks(), check('/x', 'desktop', 'failed', { detail: 'HTTP 500' })])
      )
    }
    for (const [name, report] of Object.entries(reports)) {
      expect([name, schemaProblems(parseXml(renderJUnit(report, NOW)))]).toEqual([name, []])
    }
  })

  it('the checker itself refuses what the schema refuses', () => {
    const report = parseXml(
      '<testsuites skipped="1" time="1.5s"><testsuite name="s" tests="1" failures="0"><testcase><skipped/><oops/></testcase>text</testsuite></testsuites>'
    )
    expect(schemaProblems(report)).toEqual([
      'testsuites: the attribute skipped is not allowed here',
      'testsuites: time "1.5s" is not a Surefire time',
      'testsuites > testsuite: lacks the attribute errors',
      'testsuites > testsuite: holds text where only elements may stand',
      'testsuites > testsuite > testcase: lacks the attribute name',
      'testsuites > testsuite > testcase > oops: not allowed inside testcase'
    ])
  })
})
