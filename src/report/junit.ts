/**
 * The verification as a JUnit XML report (pure), the format GitLab shows in merge requests and
 * Jenkins in its test results: one test suite, one test case per (page, device) check the run
 * report names, with a failure for each check not proven fresh (stale, failed, never started)
 * and `skipped` for a check that settled without proving anything either way (404/410, DYNAMIC,
 * bypassed), which does not fail the run either.
 *
 * The verification names at most the first 1,000 checks of each state (verify/check/tally.ts keeps
 * a 100,000-page run as small as a 10-page one); the checks of a state beyond those are one
 * test case per device that counts them, failing as its state does. A run that did not verify
 * (not asked, skipped, refused) is one skipped test case saying why, so that a CI that requires
 * a report (Jenkins' `junit` step) still finds one.
 */
import { statusLine } from './status-line.js'
import type { RunReport, VerificationPart } from './run-report.js'
import { describeCheck, pageState } from './verification.js'
import type { CheckResult } from '../verify/check/verify-pages.js'
import { grouped, plural } from '../text/format.js'
import {
  ASSET_STATE_WORDS,
  countedWords,
  isCheckState,
  PAGE_STATE_WORDS,
  RENDER_PROBLEM_WORDS,
  renderActionWords,
  pageStatesWorstFirst,
  stateWords,
  type JUnitOutcome
} from './vocabulary.js'
import { assetAnswer, assetRepair } from './assets/asset-report.js'
import type { AssetResult, AssetVerification } from '../verify/assets/asset-results.js'
import type { RenderVerification } from '../verify/render/render-results.js'

/** The suite's name as GitLab and Jenkins show it. */
export const JUNIT_SUITE = 'render-cache-purge'

type Outcome = JUnitOutcome

interface TestCase {
  readonly classname: string
  readonly name: string
  readonly seconds?: number
  readonly outcome: Outcome
  /** The failure's or the skip's one-line reason. */
  readonly message?: string
  readonly type?: string
  /** The failure's details (the edge's ids, the requests made). */
  readonly body?: string
}

/** The run's verification as JUnit XML; `now` dates a run that verified nothing. */
export function renderJUnit(report: Readonly<RunReport>, now: number): string {
  const verification = report.verification
  const cases =
    verification?.kind === 'verified'
      ? verifiedCases(verification)
      : [notVerifiedCase(report, verification)]
  const verified = verification?.kind === 'verified' ? verification : undefined
  const seconds = (verified?.report.verification.durationMs ?? 0) / 1000
  const startedAt = verified?.report.verification.startedAt ?? now
  const counts = {
    tests: String(cases.length),
    failures: String(cases.filter(test => test.outcome === 'failure').length),
    errors: '0',
    skipped: String(cases.filter(test => test.outcome === 'skipped').length),
    time: seconds.toFixed(3)
  }
  const suiteName = verified
    ? `Verification at the edge: ${verified.report.siteUrl}`
    : 'Verification at the edge'
  const properties = verified
    ? [
        property('verify_status', verified.report.verification.status),
        property('site_url', verified.report.siteUrl),
        property('devices', verified.report.devices.join(', '))
      ]
    : []
  // junit-10.xsd, the schema Jenkins' xUnit plugin publishes, allows `skipped` on a testsuite
  // but not on testsuites: the totals there are tests, failures, errors and time alone.
  const { skipped: _skipped, ...totals } = counts
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: JUNIT_SUITE, ...totals })}>`,
    `  <testsuite${attributes({ name: suiteName, ...counts, timestamp: isoSeconds(startedAt) })}>`,
    ...(properties.length > 0 ? ['    <properties>', ...properties, '    </properties>'] : []),
    ...cases.map(renderCase),
    `    <system-out>${escapeXml(statusLine(report))}</system-out>`,
    '  </testsuite>',
    '</testsuites>',
    ''
  ].join('\n')
}

type Verified = Extract<VerificationPart, { kind: 'verified' }>

/** The listed checks, then per device and state the checks only counted, then those never started. */
function verifiedCases(part: Verified): TestCase[] {
  const { verification, devices } = part.report
  if (verification.fatal !== undefined) {
    return [
      {
        classname: 'verification',
        name: 'verification at the edge',
        outcome: 'failure',
        type: 'stopped',
        message: verification.fatal
      }
    ]
  }
  const skewMs = verification.skew.measured
    ? (verification.skew.lowMs + verification.skew.highMs) / 2
    : 0
  const listed = [...verification.listed, ...verification.passed]
  const cases = listed.map(check => checkCase(check, skewMs))
  // What the lists left out, per device and state: the counts less the checks named.
  const named = new Map<string, number>()
  for (const check of listed) {
    const key = `${check.device}\n${check.state}`
    named.set(key, (named.get(key) ?? 0) + 1)
  }
  // The counted (unlisted) test cases, the ones to act on first; the checks never started are
  // one case for all the devices, after them.
  const countedStates = pageStatesWorstFirst().filter(isCheckState)
  for (const tally of verification.byDevice) {
    for (const state of countedStates) {
      const more = tally.counts[state] - (named.get(`${tally.device}\n${state}`) ?? 0)
      if (more <= 0) continue
      const words = stateWords(state)
      const outcome = PAGE_STATE_WORDS[state].junit
      cases.push({
        classname: tally.device,
        name: `${plural(more, `more ${words} check`, `more ${words} checks`)} (counted, not listed: a run names the first 1,000 of each state)`,
        outcome,
        ...(outcome !== 'passed' && {
          type: state,
          message: `${grouped(more)} checks ${words} on ${tally.device}: the job summary counts them`
        })
      })
    }
  }
  if (verification.notReached > 0) {
    cases.push({
      classname: devices.join(', '),
      name: `${plural(verification.notReached, 'check')} ${countedWords('not-started')}`,
      outcome: PAGE_STATE_WORDS['not-started'].junit,
      type: 'not-started',
      message:
        'the deadline came before these checks started: raise verify_timeout_seconds or rate, or split the pages over more shards'
    })
  }
  const assets = verification.assets
  if (assets !== undefined) cases.push(...assetCases(assets))
  const renders = verification.renders
  if (renders !== undefined) cases.push(...renderCases(renders))
  return cases
}

/**
 * The renders: a failing case per problem listed (classed `renders.<device>`, typed by its
 * reason), the problems the list left out in one failing case, the good renders in one passing
 * case.
 */
function renderCases(renders: RenderVerification): TestCase[] {
  const cases: TestCase[] = renders.listed.map(row => ({
    classname: `renders.${row.device}`,
    name: row.url,
    outcome: 'failure',
    type: `render-${row.reason}`,
    message: `${RENDER_PROBLEM_WORDS[row.reason].word}: ${row.detail}`,
    body: [
      `the action: ${renderActionWords(row)}`,
      ...(row.old === undefined ? [] : [`the old render: ${row.old}`])
    ].join('\n')
  }))
  const more = renders.problems - renders.listed.length
  if (more > 0) {
    cases.push({
      classname: 'renders',
      name: `${plural(more, 'more render problem')} (counted, not listed)`,
      outcome: 'failure',
      type: 'render-problems',
      message: `${grouped(more)} more render problems: the job summary counts them`
    })
  }
  const good = renders.judged - renders.badRenders
  if (good > 0) {
    cases.push({
      classname: 'renders',
      name: `${plural(good, 'render')} judged good for crawlers`,
      outcome: 'passed'
    })
  }
  return cases
}

/**
 * The assets: a test case per (asset, device) listed (broken, repaired, not checked), classed
 * `assets.<device>`; the whole ones counted in one passing case; the broken and not-checked ones
 * the list left out counted in one failing case each.
 */
function assetCases(assets: AssetVerification): TestCase[] {
  const cases = assets.listed.map(assetCase)
  const { counts, unproven } = assets
  for (const page of unproven?.first ?? []) {
    cases.push({
      classname: `assets.${page.device}`,
      name: page.url,
      outcome: 'failure',
      type: 'assets-not-proven',
      message: `the assets of this fresh page were not proven: ${page.why}`
    })
  }
  const unlisted = (unproven?.count ?? 0) - (unproven?.first.length ?? 0)
  if (unlisted > 0) {
    cases.push({
      classname: 'assets',
      name: `${plural(unlisted, 'more fresh page check')} with assets not proven (counted, not listed)`,
      outcome: 'failure',
      type: 'assets-not-proven',
      message: `${grouped(unlisted)} more fresh page checks whose assets were not proven: the job summary counts them`
    })
  }
  if (counts.whole > 0) {
    cases.push({
      classname: 'assets',
      name: `${plural(counts.whole, 'asset check')} ${ASSET_STATE_WORDS.whole.word}`,
      outcome: ASSET_STATE_WORDS.whole.junit
    })
  }
  for (const state of ['broken', 'not-checked'] as const) {
    const more = counts[state] - assets.listed.filter(result => result.state === state).length
    if (more <= 0) continue
    const words = ASSET_STATE_WORDS[state].word
    cases.push({
      classname: 'assets',
      name: `${plural(more, `more ${words} asset check`)} (counted, not listed)`,
      outcome: ASSET_STATE_WORDS[state].junit,
      type: `asset-${state}`,
      message: `${grouped(more)} more asset checks ${words}: the job summary counts them`
    })
  }
  return cases
}

function assetCase(result: AssetResult): TestCase {
  const outcome = ASSET_STATE_WORDS[result.state].junit
  const base = { classname: `assets.${result.device}`, name: result.url }
  if (outcome === 'passed') return { ...base, outcome }
  const rest = result.pageCount - result.pages.length
  const pages = `needed by ${plural(result.pageCount, 'page')}: ${result.pages.join(', ')}${rest > 0 ? ` and ${grouped(rest)} more` : ''}`
  const repair = assetRepair(result)
  const details = [
    `${result.kind}: ${result.wanted} wanted`,
    result.contentType !== undefined ? `content type: ${result.contentType}` : '',
    result.httpStatus !== undefined ? `HTTP status: ${result.httpStatus}` : '',
    repair,
    result.edgeIds !== undefined ? `edge ids: ${result.edgeIds}` : '',
    pages
  ].filter(line => line !== '')
  return {
    ...base,
    outcome,
    type: `asset-${result.state}`,
    message: `${assetAnswer(result)}; ${pages}`,
    body: details.join('\n')
  }
}

function checkCase(check: CheckResult, skewMs: number): TestCase {
  const outcome = PAGE_STATE_WORDS[pageState(check)].junit
  const seconds = check.settledAfterMs === undefined ? undefined : check.settledAfterMs / 1000
  const base = {
    classname: check.device,
    name: check.url,
    ...(seconds !== undefined && { seconds })
  }
  if (outcome === 'passed') return { ...base, outcome }
  const message = describeCheck(check, skewMs) ?? check.state
  const details = [
    check.detail !== undefined ? `detail: ${check.detail}` : '',
    check.staleReason !== undefined ? `reason: ${check.staleReason}` : '',
    check.httpStatus !== undefined ? `HTTP status: ${check.httpStatus}` : '',
    check.edgeIds !== undefined ? `edge ids: ${check.edgeIds}` : '',
    `requests: ${check.requests}`
  ].filter(line => line !== '')
  return { ...base, outcome, type: check.state, message, body: details.join('\n') }
}

/** A run that did not verify: one skipped test case that says why. */
function notVerifiedCase(
  report: Readonly<RunReport>,
  verification: Exclude<VerificationPart, Verified> | undefined
): TestCase {
  if (verification?.kind === 'over-budget') {
    // The run stopped before purging: a failure a CI must see, not a skip.
    return {
      classname: 'verification',
      name: 'verification at the edge',
      outcome: 'failure',
      type: 'over-budget',
      message: verification.message
    }
  }
  const why =
    verification?.reason ??
    (report.inputProblems !== undefined
      ? 'the inputs were refused: nothing was sent'
      : report.purge?.outcome.status === 'failed' || report.changedFilesFailure !== undefined
        ? 'the run failed before the verification'
        : 'verification was not asked for (verify: false)')
  return {
    classname: 'verification',
    name: 'verification at the edge',
    outcome: 'skipped',
    message: why
  }
}

function renderCase(test: TestCase): string {
  const head = `    <testcase${attributes({
    classname: test.classname,
    name: test.name,
    time: (test.seconds ?? 0).toFixed(3)
  })}`
  if (test.outcome === 'passed') return `${head}/>`
  const reason = attributes({
    ...(test.message !== undefined && { message: test.message }),
    ...(test.type !== undefined && { type: test.type })
  })
  const inner =
    test.outcome === 'skipped'
      ? `<skipped${reason}/>`
      : `<failure${reason}>${escapeXml(test.body ?? test.message ?? '')}</failure>`
  return `${head}>\n      ${inner}\n    </testcase>`
}

function property(name: string, value: string): string {
  return `      <property${attributes({ name, value })}/>`
}

function attributes(values: Readonly<Record<string, string>>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(value, true)}"`)
    .join('')
}

/** A time as JUnit readers parse it: ISO 8601 to the second, in UTC. */
function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

// Characters XML 1.0 cannot hold at all, even escaped: shown as `\uXXXX` instead.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu

/**
 * Text for an XML document: markup characters escaped, characters XML cannot carry made
 * visible. In an attribute, line breaks and tabs are written as references too, or a parser
 * would read them as spaces.
 */
export function escapeXml(text: string, attribute = false): string {
  const escaped = text
    .replace(
      NOT_XML,
      character => `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
  if (!attribute) return escaped
  return escaped
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;')
}
