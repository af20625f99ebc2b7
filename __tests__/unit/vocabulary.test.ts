/**
 * One vocabulary (report/vocabulary.ts): every surface that shows a check's state (the job
 * summary, the pull-request comment, the status line, the JUnit report, the commit status)
 * spells it from the one table, so that a page reads the same wherever it is looked at, and no
 * surface keeps a spelling of its own ('➖ DYNAMIC' beside '➖ unverifiable').
 */
import { describe, expect, it } from '@jest/globals'
import { renderComment } from '../../src/comment/render/comment.js'
import { finalStatus } from '../../src/report/commit-status.js'
import { renderJUnit } from '../../src/report/junit.js'
import type { RunReport } from '../../src/report/run-report.js'
import { statusLine } from '../../src/report/status-line.js'
import { renderSummary } from '../../src/report/summary.js'
import {
  ASSET_STATE_WORDS,
  assetCountedState,
  assetMark,
  countedState,
  countedWords,
  PAGE_STATE_WORDS,
  pageStatesInOrder,
  pageStatesWorstFirst,
  stateMark,
  stateWords,
  verificationMark,
  type PageState,
  type PageStateWords
} from '../../src/report/vocabulary.js'
import { MAX_LISTED_PER_STATE } from '../../src/verify/check/tally.js'
import { concludeVerification, type VerificationCounts } from '../../src/report/verify-outputs.js'
import type { CheckResult, CheckState } from '../../src/verify/check/verify-pages.js'
import {
  ACCEPTED_AT,
  check,
  commentContextFor,
  planOf,
  purgedRun,
  verified
} from '../support/run-reports.js'

/** A check of every state: each settled one beside a stale one, so the comment shows its row. */
function everyState(): RunReport {
  const checks = [
    check('/fresh', 'desktop', 'fresh', { settledAfterMs: 2000 }),
    check('/fresh', 'mobile', 'fresh', { settledAfterMs: 2500 }),
    check('/stale', 'desktop', 'stale', { cachedAtMs: Date.UTC(2026, 10, 24, 21, 0, 0) }),
    check('/stale', 'mobile', 'stale', { cachedAtMs: Date.UTC(2026, 10, 24, 21, 0, 0) }),
    check('/old', 'desktop', 'stale', { staleReason: 'old-content', detail: 'no build id' }),
    check('/old', 'mobile', 'failed', { detail: 'connection reset' }),
    check('/gone', 'desktop', 'stale'),
    check('/gone', 'mobile', 'gone', { httpStatus: 404 }),
    check('/dynamic', 'desktop', 'stale'),
    check('/dynamic', 'mobile', 'unverifiable'),
    check('/bypassed', 'desktop', 'stale'),
    check('/bypassed', 'mobile', 'bypassed', { detail: 'cookie' }),
    check('/miss', 'desktop', 'stale'),
    check('/miss', 'mobile', 'not-cacheable'),
    // Its mobile check never started: the deadline came first.
    check('/late', 'desktop', 'stale')
  ]
  const plan = planOf({ urls: ['/'] })
  return purgedRun(plan, verified(checks, { notReached: 1 }))
}

/** How each state's mark reads in a row: the gone page said its status, 404. */
const MARKS: readonly [PageState, string][] = [
  ['stale', stateMark('stale')],
  ['old-build', stateMark('old-build')],
  ['failed', stateMark('failed')],
  ['not-started', stateMark('not-started')],
  ['gone', stateMark('gone', '404')],
  ['unverifiable', stateMark('unverifiable')],
  ['bypassed', stateMark('bypassed')],
  ['not-cacheable', stateMark('not-cacheable')]
]

/** What each state's count reads as, wherever checks are counted. */
const COUNTED: readonly string[] = [
  countedState('fresh', 2),
  countedState('failed', 1),
  countedState('not-started', 1),
  countedState('gone', 1),
  countedState('unverifiable', 1),
  countedState('bypassed', 1),
  countedState('not-cacheable', 1)
]

/** Spellings that drifted from the table before it existed. */
const OLD_SPELLINGS = [
  '➖ DYNAMIC',
  '➖ MISS',
  '➖ gone',
  '➖ 404',
  '➖ not-cacheable',
  '➖ unverifiable<',
  '⏭️ skipped',
  '1 check failed',
  '⚠️ 1 not started'
]

/** The text a reader sees: the table's no-break spaces read as spaces. */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ')

describe('one vocabulary of states', () => {
  const report = everyState()
  const status =
    report.verification?.kind === 'verified'
      ? report.verification.report.verification.status
      : 'skipped'

  it('the summary marks each check and counts each state from the table', () => {
    const summary = plain(renderSummary(report))
    for (const [, mark] of MARKS) expect(summary).toContain(mark)
    for (const counted of COUNTED) expect(summary).toContain(counted)
    expect(summary).toContain(`Verification at the edge: ${verificationMark(status)}`)
    for (const old of OLD_SPELLINGS) expect(summary).not.toContain(old)
  })

  it('the comment marks each device and counts each state as the summary does', () => {
    const comment = plain(renderComment(report, commentContextFor(report)))
    for (const [, mark] of MARKS) expect(comment).toContain(`: ${mark}`)
    for (const counted of COUNTED) expect(comment).toContain(counted)
    expect(comment).toContain(`At the edge: ${verificationMark(status)}`)
    for (const old of OLD_SPELLINGS) expect(comment).not.toContain(old)
  })

  it('the status line counts each state as the summary does', () => {
    const line = statusLine(report)
    for (const counted of COUNTED.filter(text => !text.startsWith('✅'))) {
      expect(line).toContain(counted)
    }
    expect(line).toContain(countedState('old-build', 1))
    for (const old of OLD_SPELLINGS) expect(line).not.toContain(old)
  })

  it('JUnit passes, fails or skips each check as the table says', () => {
    const xml = renderJUnit(report, Date.UTC(2026, 10, 24, 22, 0, 0))
    const outcomes = [...xml.matchAll(/<testcase [^>]*name="([^"]*)"[^>]*?(\/>|>\n\s*<(\w+))/g)]
    const part = report.verification
    if (part?.kind !== 'verified') throw new Error('not verified')
    const checks = [...part.report.verification.listed, ...part.report.verification.passed]
    for (const one of checks) {
      const state: PageState = one.staleReason === 'old-content' ? 'old-build' : one.state
      const expected = PAGE_STATE_WORDS[state].junit
      const found = outcomes.filter(match => match[1] === one.url)
      expect(found.length).toBeGreaterThan(0)
      const read = found.map(match => (match[2] === '/>' ? 'passed' : match[3]))
      expect(read).toContain(expected)
    }
    expect(xml).toContain('not started before the deadline')
  })

  it('the commit status counts in the table’s words', () => {
    const { description } = finalStatus(report)
    expect(description).toContain(PAGE_STATE_WORDS['old-build'].commitStatus)
    expect(description).toContain(PAGE_STATE_WORDS['not-started'].commitStatus)
  })
})

/** Each state a check can end in, a page each (both devices), and one check never started. */
function oneOfEach(): RunReport {
  const both = (path: string, state: CheckResult['state'], extra: Partial<CheckResult> = {}) =>
    ['desktop', 'mobile'].map(device => check(path, device, state, extra))
  // Named so that their paths sort in another order than their states.
  const checks = [
    ...both('/a-bypassed', 'bypassed', { detail: 'cookie' }),
    ...both('/b-unverifiable', 'unverifiable'),
    ...both('/c-gone', 'gone', { httpStatus: 404 }),
    check('/d-late', 'desktop', 'fresh', { settledAfterMs: 1000 }),
    ...both('/e-stale', 'stale', { cachedAtMs: ACCEPTED_AT - 60_000, judgedAgainst: ACCEPTED_AT }),
    ...both('/f-failed', 'failed', { detail: 'connection reset' }),
    ...both('/g-fresh', 'fresh', { settledAfterMs: 2000 }),
    ...both('/h-miss', 'not-cacheable')
  ]
  return purgedRun(planOf({ urls: ['/'] }), verified(checks, { notReached: 1 }))
}

/** The states a line names (by their counted words), in the order it names them. */
function statesNamed(line: string): PageState[] {
  return pageStatesInOrder()
    .filter(state => state !== 'old-build' && line.includes(countedWords(state)))
    .sort((a, b) => line.indexOf(countedWords(a)) - line.indexOf(countedWords(b)))
}

/** The paths of the summary's rows, in their order. */
function rowPaths(summary: string): string[] {
  return [...summary.matchAll(/<tr><td><code>([^<]*)<\/code><\/td>/g)].map(match => match[1] ?? '')
}

/** The state a row of oneOfEach() shows as its worst, from its path. */
const ROW_STATES: Readonly<Record<string, PageState>> = {
  '/a-bypassed': 'bypassed',
  '/b-unverifiable': 'unverifiable',
  '/c-gone': 'gone',
  '/d-late': 'not-started',
  '/e-stale': 'stale',
  '/f-failed': 'failed'
}

/** Checks past the first 1,000 of two states on one device: JUnit counts them in one case each. */
function countedCasesOf(states: readonly CheckState[]): string[] {
  const checks = states.flatMap(state =>
    Array.from({ length: MAX_LISTED_PER_STATE + 1 }, (_, index) =>
      check(`/${state}/${index}`, 'desktop', state)
    )
  )
  const xml = renderJUnit(
    purgedRun(planOf({ urls: ['/'] }), verified(checks, { devices: ['desktop'] })),
    Date.UTC(2026, 10, 24, 22, 0, 0)
  )
  return [...xml.matchAll(/name="1 more ([^"]*) check \(counted/g)].map(match => match[1] ?? '')
}

/** Every surface that lists the states: each in the table's order (the rows worst first). */
function expectTheTablesOrder(): void {
  const report = oneOfEach()
  const summary = plain(renderSummary(report))
  const countsLine = /<strong>\d+ checks<\/strong>: ([^<]*)</.exec(summary)?.[1] ?? ''
  const present = pageStatesInOrder().filter(state => state !== 'old-build')
  expect(statesNamed(countsLine)).toEqual(present)
  const comment = plain(renderComment(report, commentContextFor(report)))
  expect(statesNamed(/<p>(\d+ checks: [^<]*)<\/p>/.exec(comment)?.[1] ?? '')).toEqual(present)
  expect(statesNamed(statusLine(report))).toEqual(present)
  const worstFirst = pageStatesWorstFirst()
  const rows = rowPaths(summary)
  expect(rows).toHaveLength(Object.keys(ROW_STATES).length)
  expect(rows.map(path => ROW_STATES[path])).toEqual(
    worstFirst.filter(state => Object.values(ROW_STATES).includes(state))
  )
  const counted = countedCasesOf(['gone', 'bypassed'])
  expect(counted).toEqual(
    worstFirst
      .filter(state => state === 'gone' || state === 'bypassed')
      .map(state => stateWords(state))
  )
}

type Entry = { -readonly [K in keyof PageStateWords]: PageStateWords[K] }

/** Runs `test` with the table changed by `change`, then puts the table back as it was. */
function withTableChanged(change: (table: Record<PageState, Entry>) => void, test: () => void) {
  const table = PAGE_STATE_WORDS as Record<PageState, Entry>
  const saved = new Map(pageStatesInOrder().map(state => [state, { ...table[state] }]))
  try {
    change(table)
    test()
  } finally {
    for (const [state, entry] of saved) Object.assign(table[state], entry)
  }
}

describe('one order of the states, and one sentence each, in the table', () => {
  it('the counts, the status line, the rows and JUnit list the states in the table’s order', () => {
    expectTheTablesOrder()
    // The order itself: what proved the page, what to act on (worst first), what settled.
    expect(pageStatesInOrder()).toEqual([
      'fresh',
      'failed',
      'stale',
      'old-build',
      'not-started',
      'gone',
      'not-cacheable',
      'unverifiable',
      'bypassed'
    ])
  })

  it('a new order in the table is the order of every surface', () => {
    withTableChanged(
      table => {
        for (const state of pageStatesInOrder()) table[state].place = 10 - table[state].place
      },
      () => {
        expect(pageStatesInOrder()[0]).toBe('bypassed')
        expectTheTablesOrder()
      }
    )
    expect(pageStatesInOrder()[0]).toBe('fresh')
  })

  it('a new sentence in the table is what the summary, the comment and JUnit say', () => {
    const sentence = 'what the table says of a DYNAMIC page'
    withTableChanged(
      table => {
        table.unverifiable.saw = () => sentence
      },
      () => {
        const report = everyState()
        expect(plain(renderSummary(report))).toContain(sentence)
        expect(plain(renderComment(report, commentContextFor(report)))).toContain(sentence)
        expect(renderJUnit(report, Date.UTC(2026, 10, 24, 22, 0, 0))).toContain(
          `message="${sentence}"`
        )
      }
    )
    expect(plain(renderSummary(everyState()))).not.toContain(sentence)
  })
})

describe('the log’s verdict', () => {
  function verdictOf(status: 'fresh' | 'stale', counts: Partial<VerificationCounts>): string {
    const lines: string[] = []
    const io = {
      info: (message: string) => lines.push(message),
      warning: (message: string) => lines.push(message),
      setFailed: (message: string) => lines.push(message)
    }
    concludeVerification(io, status, 'fail', undefined, {
      stale: 0,
      failed: 0,
      unverifiable: 0,
      bypassed: 0,
      oldContent: 0,
      clocksDisagree: 0,
      gone: 0,
      checks: 8,
      notReached: 0,
      timeoutSeconds: 6,
      deadlineFrom: 'after the last purge was accepted',
      ...counts
    })
    return lines.join('\n')
  }

  it('names the settled checks in the table’s words', () => {
    const line = verdictOf('fresh', { gone: 1, unverifiable: 2, bypassed: 3 })
    expect(line).toContain(`1 check(s) ${stateWords('gone')}`)
    expect(line).toContain(`2 check(s) ${stateWords('unverifiable')}`)
    expect(line).toContain(`3 check(s) ${stateWords('bypassed')}`)
  })

  it('names the checks not proven fresh in the table’s words', () => {
    const line = verdictOf('stale', { stale: 3, oldContent: 1, failed: 1, notReached: 2 })
    expect(line).toContain(`2 check(s) still ${stateWords('stale')} at the deadline`)
    expect(line).toContain(`1 check(s) ${countedWords('old-build')}`)
    expect(line).toContain(`1 check(s) ${PAGE_STATE_WORDS.failed.commitStatus}`)
    expect(line).toContain(`2 check(s) ${countedWords('not-started')}`)
  })
})

describe('the table in docs/summary.md', () => {
  it('shows each state of a check as the code spells it', async () => {
    const { readFile } = await import('node:fs/promises')
    const doc = await readFile(new URL('../../docs/summary.md', import.meta.url), 'utf8')
    const rows = doc
      .split('\n')
      .filter(line => line.startsWith('| '))
      .map(line => line.split('|').map(cell => cell.trim()))
    for (const [state, words] of Object.entries(PAGE_STATE_WORDS)) {
      const row = rows.find(cells => cells[3] === countedState(state as PageState, 2))
      expect(row?.slice(4, 6)).toEqual([words.junit, words.commitStatus])
    }
  })
  it('shows each state of an asset as the code spells it', async () => {
    const { readFile } = await import('node:fs/promises')
    const doc = await readFile(new URL('../../docs/summary.md', import.meta.url), 'utf8')
    const rows = doc
      .split('\n')
      .filter(line => line.startsWith('| '))
      .map(line => line.split('|').map(cell => cell.trim()))
    for (const [state, words] of Object.entries(ASSET_STATE_WORDS)) {
      const asset = state as keyof typeof ASSET_STATE_WORDS
      const row = rows.find(cells => cells[3] === assetCountedState(asset, 2))
      expect(row?.slice(2, 6)).toEqual([
        assetMark(asset),
        assetCountedState(asset, 2),
        words.junit,
        words.commitStatus
      ])
    }
  })
})
