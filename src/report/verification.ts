/**
 * The job summary's verification section (pure): what was checked, the numbers (one line of
 * counts, one line of times, each meaning what it says), the pages not proven fresh by path
 * with a mark per device and what each device saw, and the next step in one sentence. URLs are
 * escaped like the rest of the summary (html.ts).
 */
import type { VerifyReport } from '../verify/index.js'
import type { CheckResult, PageRow, Verification } from '../verify/check/verify-pages.js'
import { clockTime, elapsed, grouped, plural, setting } from '../text/format.js'
import { code, codeList, escapeHtml, table } from '../text/html.js'
import type { VerificationPart } from './run-report.js'
import { clocksFarApart, datesUntrusted, skewMs } from '../verify/judge/edge-clock-skew.js'
import { sitemapWarnings } from './sitemap-warnings.js'
import { otherBuildSentence } from './status-line.js'
import type { AssetVerification } from '../verify/assets/asset-results.js'
import { distinctAssets, wholeTime } from './assets/asset-report.js'
import { renderAssetsSection } from './assets/assets-section.js'
import { renderNextStep } from './renders/render-report.js'
import { renderRendersSection } from './renders/render-section.js'
import { tracedTagLines } from './traced-tags.js'
import {
  countedState,
  countedWords,
  isCheckState,
  PAGE_STATE_WORDS,
  pageStatesInOrder,
  pageStatesWorstFirst,
  stateMark,
  verificationMark,
  type PageState,
  type Seen
} from './vocabulary.js'
import { pathOnSite } from '../text/site-path.js'

/** Page rows shown open; the rest (up to the summary's row limit) are folded. */
export const OPEN_PAGE_ROWS = 10
/** Page rows at most, open and folded together; the counts have them all. */
export const MAX_PAGE_ROWS = 100

const DATA_CENTER_NOTE =
  'This proves the data center the runner reaches (and, on Cache By Country sites, the entries of the runner’s country).'

type Verified = Extract<VerificationPart, { kind: 'verified' }>

/** `chart`: the timeline's Markdown (timeline.ts), drawn after what was checked. */
export function renderVerificationSection(
  part: Verified,
  maxRows = MAX_PAGE_ROWS,
  chart = ''
): string {
  const { report } = part
  const { verification, selection } = report
  const parts = [`<h3>Verification at the edge: ${verificationMark(verification.status)}</h3>\n`]
  if (verification.fatal !== undefined) {
    parts.push(`<p>${escapeHtml(verification.fatal)}</p>\n`)
    return parts.join('')
  }
  const pages = selection.pages.length
  if (part.otherBuild !== undefined) {
    parts.push(
      `<p>${escapeHtml(otherBuildSentence(part.otherBuild, verification.measuredFrom))}</p>\n`
    )
  }
  parts.push(
    `<p>${escapeHtml(`${plural(pages, 'page')} × ${plural(report.devices.length, 'device')}`)} (${report.devices.map(code).join(', ')}) checked on ${code(report.siteUrl)}. ${escapeHtml(DATA_CENTER_NOTE)}</p>\n`
  )
  const scope = scopeNotes(report)
  if (scope !== '') parts.push(`<p>${escapeHtml(scope)}</p>\n`)
  parts.push(chart)
  parts.push(`<p>${labelled(countsLine(verification), 'Checks')}</p>\n`)
  parts.push(`<p>${labelled(timesLine(part), 'Times')}</p>\n`)
  const assets = verification.assets
  if (assets !== undefined) parts.push(renderAssetsSection(assets, report.siteUrl, maxRows))
  const renders = verification.renders
  if (renders !== undefined) parts.push(renderRendersSection(renders, report.siteUrl, maxRows))
  if (selection.leftOut > 0) {
    parts.push(
      `<p>${escapeHtml(`verify_limit left out ${grouped(selection.leftOut)} of ${plural(selection.inShard, 'page')}: a sample spread over them was checked (verify_limit: 0 checks every page).`)}</p>\n`
    )
  }
  parts.push(tracedTagLines(selection))
  if (selection.uncheckedTags.length > 0) {
    parts.push(
      `<p>⚠️ Tags traced to no page, so their purge is not proven (no page read at the edge carries them, or no sitemap; list pages in <code>verify&#95;urls</code>): ${codeList(selection.uncheckedTags)}</p>\n`
    )
  }
  for (const note of selection.notes) parts.push(`<p>${escapeHtml(note)}</p>\n`)
  for (const warning of selection.warnings ?? []) parts.push(`<p>⚠️ ${escapeHtml(warning)}</p>\n`)
  if (verification.notWarm > 0) {
    parts.push(
      `<p>${plural(verification.notWarm, 'fresh check')} did not answer HIT before the warm-up ended: their first visitor may wait for the render.</p>\n`
    )
  }
  if (report.sitemap?.turnedOff) {
    parts.push(
      '<p>Sitemaps are turned off (<code>sitemap: none</code>): pattern and folder-tag targets were not checked.</p>\n'
    )
  } else if (report.sitemap?.found === false) {
    parts.push('<p>No sitemap was found: pattern and folder-tag targets were not checked.</p>\n')
  }
  parts.push(sitemapWarnings(report.sitemap?.warnings ?? []))
  parts.push(pageTable(report, maxRows))
  const next = nextStep(part)
  if (next !== undefined) parts.push(`<p><strong>Next</strong>: ${escapeHtml(next)}</p>\n`)
  return parts.join('')
}

/** Which part of the pages this job took, what fresh means here, and the rate. */
function scopeNotes(report: VerifyReport): string {
  const { selection, against } = report
  const notes: string[] = []
  if (selection.shard) {
    const { index, count } = selection.shard
    notes.push(
      `Shard ${index}/${count}: this job took ${grouped(selection.inShard)} of the ${grouped(selection.selectedCount)} selected pages (the other ${count - 1} shard(s) take the rest).`
    )
  }
  if (against.kind === 'purged-at') {
    notes.push(
      `mode: verify, nothing purged here: checked against purged_at ${new Date(against.at).toISOString()}.`
    )
  } else if (against.kind === 'warm-only') {
    notes.push(
      'mode: verify without purged_at: pages warmed, not checked against a purge (any HIT counts as fresh).'
    )
  }
  if (report.ratePerSecond !== undefined) {
    notes.push(`At most ${report.ratePerSecond} requests a second (rate).`)
  }
  return notes.join(' ')
}

/**
 * `8 checks: ✅ 2 fresh · ⚠️ 4 stale (1 served from another build) · …`: the non-zero ones,
 * in the table's order; the checks from another build are counted within the stale.
 */
export function countsLine(verification: Verification): string {
  const { counts } = verification
  const total = verification.checks + verification.notReached
  const parts: string[] = []
  for (const state of pageStatesInOrder()) {
    if (state === 'old-build') continue
    const count = isCheckState(state) ? counts[state] : verification.notReached
    if (count === 0) continue
    const text = countedState(state, count)
    if (state === 'failed' && verification.clocksDisagree > 0) {
      parts.push(
        `${text} (${grouped(verification.clocksDisagree)} because the edge’s clocks disagree)`
      )
    } else if (state === 'stale' && verification.oldContent > 0) {
      parts.push(`${text} (${grouped(verification.oldContent)} ${countedWords('old-build')})`)
    } else {
      parts.push(text)
    }
  }
  if (verification.warm > 0) parts.push(`${grouped(verification.warm)} warm (HIT)`)
  return `${plural(total, 'check')}: ${parts.join(' · ') || 'none made'}`
}

/** Time to fresh over the fresh checks only, the purge's arrival, the deadline, the clocks. */
export function timesLine(part: Verified): string {
  const { verification, against } = part.report
  const times = verification.timeToFresh
  const parts: string[] = []
  if (against.kind !== 'warm-only') {
    parts.push(
      times === undefined
        ? 'time to fresh: — (no check was fresh)'
        : `time to fresh: median ${elapsed(times.medianMs)}, slowest ${elapsed(times.slowestMs)} (${plural(times.count, 'fresh check')})`
    )
  }
  const assets = verification.assets
  if (assets !== undefined && against.kind !== 'warm-only') {
    parts.push(wholeTime(assets, verification.status))
  }
  if (verification.arrivalAfterMs !== undefined) {
    parts.push(
      `purge seen arriving here ${elapsed(verification.arrivalAfterMs)} after it was accepted`
    )
  }
  const from =
    part.deadlineFrom === 'last-purge'
      ? 'after the last purge was accepted'
      : 'after the step began'
  parts.push(`deadline ${setting(part.timeoutMs)} ${from}`)
  const { endedEarly } = verification
  parts.push(
    endedEarly === undefined
      ? `checks took ${elapsed(verification.durationMs)}`
      : `checks took ${elapsed(verification.durationMs)}, ended ${elapsed(Math.max(0, verification.deadline - endedEarly.at))} before the deadline: ${endedEarly.cause === 'rate' ? 'at this rate no further request had its turn before it' : 'the site asked to wait past it'}`
  )
  // The site asked the whole job to slow down (429, or Retry-After): part of why it took long.
  if (verification.overloads !== undefined) {
    const { count, heldBackMs } = verification.overloads
    parts.push(
      `the site pushed back ${count === 1 ? 'once' : `${count} times`} (every request waited ${elapsed(heldBackMs)} in all)`
    )
  }
  if (verification.skew.measured) {
    const skew = Math.round((verification.skew.lowMs + verification.skew.highMs) / 2000)
    const offset = `edge clock ${plural(Math.abs(skew), 'second')} ${skew > 0 ? 'ahead of' : 'behind'} the runner’s`
    parts.push(
      skew === 0
        ? 'edge clock within 1 s of the runner’s'
        : !clocksFarApart(verification.skew)
          ? offset
          : datesUntrusted(verification.skew)
            ? `⚠️ ${offset}: more than 5 min apart, and its cache dates were seen after its own Date, so a page counted as fresh only when cached after the purge in both clocks`
            : `⚠️ ${offset}: more than 5 min apart; its cache dates agree with its Date, so pages were placed by the edge’s clock`
    )
  }
  return parts.join(' · ')
}

/** `8 checks: ✅ 8 fresh` with its label in bold (`<strong>8 checks</strong>: …`); else `label`'s. */
function labelled(line: string, label: string): string {
  const colon = line.indexOf(': ')
  if (colon > 0 && colon < 30 && !line.slice(0, colon).includes(' · ')) {
    const head = line.slice(0, colon)
    return `<strong>${escapeHtml(head.charAt(0).toUpperCase() + head.slice(1))}</strong>: ${escapeHtml(line.slice(colon + 2))}`
  }
  return `<strong>${label}</strong>: ${escapeHtml(line)}`
}

/**
 * How bad a page's row is, for ordering rows: its worst device's check, by the table's order
 * worst first (an old build's check counts as the stale one it is).
 */
function severityOf(row: PageRow, worstFirst: readonly PageState[]): number {
  return Math.min(
    ...row.checks.map(check =>
      worstFirst.indexOf(check === undefined ? 'not-started' : check.state)
    )
  )
}

/** One row per page not proven fresh, the site once in the heading, a mark per device. */
function pageTable(report: VerifyReport, maxRows: number): string {
  const { verification } = report
  const worstFirst = pageStatesWorstFirst()
  const rows = [...verification.pages].sort(
    (a, b) =>
      severityOf(a, worstFirst) - severityOf(b, worstFirst) ||
      (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)
  )
  if (rows.length === 0) return ''
  const skewMs = verification.skew.measured
    ? (verification.skew.lowMs + verification.skew.highMs) / 2
    : 0
  const headers = ['page', ...report.devices, 'what it saw']
  const render = (row: PageRow): string[] => [
    code(pathOnSite(row.url, report.siteUrl)),
    ...row.checks.map(check => escapeHtml(mark(check))),
    sawText(row, report.devices, skewMs)
  ]
  const shown = rows.slice(0, maxRows)
  const open = shown.slice(0, OPEN_PAGE_ROWS)
  const folded = shown.slice(OPEN_PAGE_ROWS)
  const total = verification.problemPages
  const heading = `<h4>Not proven fresh on ${code(report.siteUrl)}: ${escapeHtml(plural(total, 'page'))}</h4>\n`
  const parts = [heading, table(headers, open.map(render))]
  if (folded.length > 0) {
    parts.push(
      `<details><summary>${escapeHtml(`${plural(folded.length, 'more page')}`)}</summary>\n\n${table(headers, folded.map(render))}</details>\n`
    )
  }
  if (total > shown.length) {
    parts.push(
      `<p>${escapeHtml(`… and ${plural(total - shown.length, 'more page')} not listed here (the 'stale' output names the stale checks).`)}</p>\n`
    )
  }
  return parts.join('')
}

/** A device's check as a mark and a word. */
function mark(check: CheckResult | undefined): string {
  return markWords(check).replace(' ', '\u00a0')
}

/** The mark and its word (a no-break space joins them in the table). */
export function markWords(check: CheckResult | undefined): string {
  if (check === undefined) return stateMark('not-started')
  const gone = check.state === 'gone' && check.httpStatus !== undefined
  return stateMark(pageState(check), gone ? String(check.httpStatus) : undefined)
}

/** A check's state as a reader tells it: a stale check that showed another build apart. */
export function pageState(check: CheckResult): PageState {
  return check.state === 'stale' && check.staleReason === 'old-content' ? 'old-build' : check.state
}

/** What the devices not fresh saw: once when they agree, else device by device. */
function sawText(row: PageRow, devices: readonly string[], skewMs: number): string {
  const seen = row.checks
    .map((check, index) => ({
      device: devices[index] ?? '',
      text: describeCheck(check, skewMs),
      ids: check?.edgeIds
    }))
    .filter(
      (entry): entry is { device: string; text: string; ids: string | undefined } =>
        entry.text !== undefined
    )
  const distinct = new Set(seen.map(entry => entry.text))
  const text =
    distinct.size <= 1
      ? escapeHtml(seen[0]?.text ?? '')
      : seen.map(entry => `${code(entry.device)}: ${escapeHtml(entry.text)}`).join('<br>')
  // The edge's ids (what its support asks for) in small print: each device's answer has its own.
  const ids = seen.filter(entry => entry.ids !== undefined)
  if (ids.length === 0) return text
  const listed =
    ids.length === 1 && seen.length === 1
      ? escapeHtml(ids[0]?.ids ?? '')
      : ids.map(entry => `${escapeHtml(entry.device)} ${escapeHtml(entry.ids ?? '')}`).join('; ')
  return `${text}<br><sub>edge ids: ${listed}</sub>`
}

/**
 * What one check saw, in words a person can act on: its state's sentence in the table;
 * undefined for a check that passed.
 */
export function describeCheck(check: CheckResult | undefined, skewMs = 0): string | undefined {
  if (check === undefined) return PAGE_STATE_WORDS['not-started'].saw?.({})
  return PAGE_STATE_WORDS[pageState(check)].saw?.(seenBy(check, skewMs))
}

/** What a check reported, as its state's sentence takes it: the times read on the clocks. */
function seenBy(check: CheckResult, skewMs: number): Seen {
  const { cachedAtMs, judgedAgainst } = check
  return {
    ...(check.detail !== undefined && { detail: check.detail }),
    ...(check.httpStatus !== undefined && { httpStatus: check.httpStatus }),
    ...(cachedAtMs !== undefined && { cachedAt: clockTime(cachedAtMs) }),
    ...(cachedAtMs !== undefined &&
      judgedAgainst !== undefined && {
        beforePurge: ago(Math.max(0, judgedAgainst + skewMs - cachedAtMs))
      }),
    ...(check.staleInRunnerClockOnly === true && { beforeInRunnerClockOnly: true })
  }
}

/** `5 s`, `125 s`, `3 h 00 min`: seconds while they read at a glance. */
function ago(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 600 ? `${seconds} s` : elapsed(ms)
}

/**
 * What the run's purges did for the broken assets, as `Next` says it: purged and still broken,
 * or none purged (the rows say why); '' when the list cannot tell (none listed).
 */
function repairedWords(assets: AssetVerification): string {
  const broken = assets.listed.filter(result => result.state === 'broken')
  if (broken.length === 0) return ''
  const purged = new Set(
    broken
      .filter(result => result.repurged && result.repurgeError === undefined)
      .map(result => result.url)
  ).size
  if (purged === 0) return 'none could be repaired by a purge (each row says why); '
  return `${plural(purged, 'asset')} the rendering cache served ${purged === 1 ? 'was' : 'were'} purged by URL and ${purged === 1 ? 'is' : 'are'} still broken; `
}

/** The one thing to do next, for the most serious problem; undefined when there is none. */
export function nextStep(part: Verified): string | undefined {
  const { verification, against } = part.report
  const { counts } = verification
  const deadline = setting(part.timeoutMs)
  const warnHint =
    part.mode === 'fail' ? ', or set verify: warn to report it without failing the step' : ''
  if (verification.notReached > 0) {
    return `${plural(verification.notReached, 'check')} did not start before the ${deadline} deadline: raise verify_timeout_seconds${part.report.ratePerSecond !== undefined ? ' or rate' : ''}, or split the pages over more shards (shard: K/N).`
  }
  const stillStale = counts.stale - verification.oldContent
  if (stillStale > 0 && datesUntrusted(verification.skew)) {
    const offset = skewMs(verification.skew)
    return `the edge’s clock is ${elapsed(Math.abs(offset))} ${offset > 0 ? 'ahead of' : 'behind'} the runner’s: ${plural(stillStale, 'check')} could not be proven fresh in both clocks. Check the runner’s clock (NTP), or report the edge’s clock to the service’s support with the edge ids in the rows.`
  }
  if (stillStale > 0) {
    const where = against.kind === 'purged-at' ? 'this job’s data center' : 'this data center'
    return verification.arrivalAfterMs !== undefined || counts.fresh > 0
      ? `the purge reached ${where}, but ${plural(stillStale, 'check')} were still stale at the ${deadline} deadline: raise verify_timeout_seconds${warnHint}.`
      : `the purge had not reached ${where} ${deadline} after it was accepted: raise verify_timeout_seconds (a purge can take minutes to reach every data center)${warnHint}.`
  }
  if (verification.oldContent > 0) {
    return 'pages were rendered again from another build: see "Old content" below for what was purged again and what to do.'
  }
  const assets = verification.assets
  if (assets !== undefined && assets.counts.broken > 0) {
    const broken = distinctAssets(assets, 'broken')
    const one = broken === 1
    return `${plural(broken, 'asset')} a fresh page needs ${one ? 'is' : 'are'} broken (${one ? 'its row says what it answered' : 'the rows say what each answered'} and which pages need it): ${repairedWords(assets)}fix ${one ? 'it' : 'them'} where the assets are built or hosted (a bundle missing from the deploy, a single-page app's fallback), then deploy again${warnHint}.`
  }
  const renders = verification.renders
  const renderStep = renders === undefined ? undefined : renderNextStep(renders, warnHint)
  if (renderStep !== undefined) return renderStep
  if (verification.clocksDisagree > 0) {
    return `the edge’s clocks disagree on ${plural(verification.clocksDisagree, 'check')} (a cache date after the answer’s own Date): its answers cannot prove those pages fresh; report it to the service’s support with the edge ids in the rows.`
  }
  if (counts.failed > 0) {
    return `${plural(counts.failed, 'check')} could not be made (the rows say why): check that site_url answers, then run the job again.`
  }
  if (counts.gone > 0) {
    return 'pages answered 404 or 410: check their paths (urls, verify_urls) if they should exist.'
  }
  return undefined
}

/** The section of a run stopped because its pages to check would not fit in memory. */
export function renderVerificationOverBudget(message: string): string {
  return `<h3>Verification at the edge: ${verificationMark('not-started')}</h3>\n<p>${escapeHtml(message)}</p>\n`
}

/** The section of a run that asked for verification but did not verify. */
export function renderVerificationSkipped(reason: string): string {
  return `<h3>Verification at the edge: ${verificationMark('not-verified')}</h3>\n<p>${escapeHtml(reason)}</p>\n`
}
