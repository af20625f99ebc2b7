/**
 * The run in one line, for every outcome: the step's result first (✅ passed, ⚠️ passed with a
 * warning, ❌ failed), then what was purged, then what the verification proved, with marks and
 * counts. The summary opens with it and the log ends with it. Plain text (the summary escapes it).
 */
import type { PurgeTargets } from '../core/purge.js'
import type { RequestResult } from '../send/send-plan.js'
import { andList, elapsed, grouped, plural, setting } from '../text/format.js'
import { answers, isUnconfirmed } from './purge-section.js'
import {
  originFailed,
  stepConclusion,
  type RunReport,
  type VerificationPart
} from './run-report.js'
import { countIsLowerBound } from './traced-tags.js'
import { assetStatusParts } from './assets/asset-report.js'
import {
  CONCLUSION_WORDS,
  countedState,
  PAGE_STATE_WORDS,
  REQUEST_WORDS,
  VERIFICATION_WORDS
} from './vocabulary.js'

export const STATUS_LINE_TITLE = 'Cache purge'

const count = (n: number): string => grouped(n)

export function statusLine(report: Readonly<RunReport>): string {
  const mark = CONCLUSION_WORDS[stepConclusion(report)].icon
  const parts = [...purgeParts(report), ...verificationParts(report), ...previewParts(report)]
  if (report.unexpectedError !== undefined) {
    parts.push(`stopped on an unexpected error: ${report.unexpectedError}`)
  }
  return `${mark} ${STATUS_LINE_TITLE}: ${parts.join(' · ') || 'nothing was done'}`
}

/** `2 tags, 4 URLs and 1 pattern`. */
export function describeTargets(targets: PurgeTargets): string {
  return andList(
    [
      targets.tags.length > 0 ? plural(targets.tags.length, 'tag') : '',
      targets.urls.length > 0 ? plural(targets.urls.length, 'URL') : '',
      targets.patterns.length > 0 ? plural(targets.patterns.length, 'pattern') : ''
    ].filter(Boolean)
  )
}

function purgeParts(report: Readonly<RunReport>): string[] {
  if (report.inputProblems !== undefined) {
    return [`${plural(report.inputProblems.length, 'input problem')}, nothing sent`]
  }
  if (report.changedFilesFailure !== undefined) {
    return ['the changed files could not be listed, nothing purged']
  }
  const origin = report.origin
  if (origin !== undefined && originFailed(origin)) {
    if (origin.wait.stopped === 'cached') {
      return ['origin_url is answered by the rendering cache, nothing purged']
    }
    const why =
      origin.wait.stopped === 'retry-after'
        ? 'before the origin asked to be asked again'
        : `within ${setting(origin.timeoutMs)}`
    return [`origin_url did not show build ${origin.build.text} ${why}, nothing purged`]
  }
  const purge = report.purge
  if (purge === undefined) return []
  const { outcome, plan } = purge
  // Stopped before the purge: nothing was sent, so no request failed either.
  if (report.verification?.kind === 'over-budget' && outcome.status === 'failed') {
    return ['nothing purged']
  }
  const requests = plural(plan.requests.length, 'request')
  switch (outcome.status) {
    case 'verify-only':
      return ['mode: verify, nothing purged here']
    case 'nothing-to-purge':
      return ['nothing to purge']
    case 'dry-run':
      return [`dry run: ${describeTargets(outcome.purged)} in ${requests}, nothing sent`]
    case 'purged':
      return [`${describeTargets(outcome.purged)} purged${unconfirmedCaveat(purge.results)}`]
    case 'failed': {
      const results = purge.results ?? []
      const failed = results.filter(result => result.outcome === 'failed')
      const notSent =
        results.length - failed.length - results.filter(r => r.outcome === 'purged').length
      const parts = [`${failed.length} of ${requests} failed${firstFailure(failed)}`]
      if (notSent > 0) parts.push(`${notSent} ${REQUEST_WORDS['not-sent'].word}`)
      parts.push(`${plural(outcome.failed.length, 'target')} not purged`)
      if (outcome.count > 0) {
        parts.push(`${describeTargets(outcome.purged)} purged${unconfirmedCaveat(results)}`)
      }
      return parts
    }
  }
}

/**
 * ` (1 of 2 requests not confirmed by the service’s answer)`: a 2xx without `"result"` counts as
 * a purge, and the line says that nothing confirmed it.
 */
function unconfirmedCaveat(results: readonly RequestResult[] | undefined): string {
  const all = results ?? []
  const unconfirmed = all.filter(isUnconfirmed).length
  if (unconfirmed === 0) return ''
  return ` (${unconfirmed} of ${plural(all.length, 'request')} not confirmed by the service’s answer)`
}

/** ` (HTTP 500 → 403)`, ` (no answer)`: the first failed request's answers, in order. */
function firstFailure(failed: readonly RequestResult[]): string {
  const first = failed[0]
  if (first === undefined) return ''
  if (first.history.length === 0)
    return first.status === undefined ? ' (no answer)' : ` (HTTP ${first.status})`
  return ` (HTTP ${answers(first)})`
}

/** Settled without proving anything either way: counted after what proved or failed. */
const SETTLED_STATES = ['gone', 'not-cacheable', 'unverifiable', 'bypassed'] as const

function verificationParts(report: Readonly<RunReport>): string[] {
  const part = report.verification
  if (part?.kind === 'over-budget') {
    const { icon } = VERIFICATION_WORDS['not-started']
    return [`${icon} too many pages to check in one job: set shard (or verify_limit)`]
  }
  if (part?.kind !== 'verified') return []
  const { verification, selection, against } = part.report
  const shard = selection.shard ? ` (shard ${selection.shard.index}/${selection.shard.count})` : ''
  if (verification.fatal !== undefined) {
    return [`${VERIFICATION_WORDS.failed.icon} verification stopped${shard}: no page checked`]
  }
  const { counts } = verification
  const total = verification.checks + verification.notReached
  if (total === 0) return [`➖ no page to check${shard}`]
  const fresh = against.kind === 'warm-only' ? 'warm' : PAGE_STATE_WORDS.fresh.word
  const assets = verification.assets
  const freshDone = verification.status === 'fresh' || verification.status === 'broken'
  const { icon: freshIcon } = PAGE_STATE_WORDS.fresh
  const { icon: staleIcon, word: staleWord } = PAGE_STATE_WORDS.stale
  const parts: string[] = []
  const stillStale = counts.stale - verification.oldContent
  const deadline = `at the ${setting(part.timeoutMs)} deadline`
  if (freshDone && counts.fresh > 0) {
    const slowest = verification.timeToFresh?.slowestMs
    const when =
      slowest === undefined || against.kind === 'warm-only' ? '' : ` in ${elapsed(slowest)}`
    parts.push(
      `${freshIcon} ${count(counts.fresh)} of ${plural(total, 'check')} ${fresh}${when}${shard}`
    )
  } else if (counts.fresh > 0) {
    parts.push(`${freshIcon} ${count(counts.fresh)} ${fresh}${shard}`)
  }
  if (stillStale > 0) {
    parts.push(
      `${staleIcon} ${count(stillStale)} of ${plural(total, 'check')} still ${staleWord} ${deadline}${shard}`
    )
  }
  if (verification.oldContent > 0) {
    parts.push(`${countedState('old-build', verification.oldContent)} ${deadline}`)
  }
  if (counts.failed > 0) parts.push(countedState('failed', counts.failed))
  if (verification.notReached > 0) parts.push(countedState('not-started', verification.notReached))
  for (const state of SETTLED_STATES) {
    if (counts[state] > 0) parts.push(countedState(state, counts[state]))
  }
  if (assets !== undefined) parts.push(...assetStatusParts(assets))
  return parts
}

function previewParts(report: Readonly<RunReport>): string[] {
  const preview = report.preview
  if (preview === undefined) return []
  const { output, sitemap, selection } = preview
  if (!sitemap.found) return [`${plural(output.selected_count, 'page')} selected`]
  const purged = selection.sitemapPagesPurged ?? output.selected_count
  const atLeast = countIsLowerBound(selection) ? 'at least ' : ''
  return [
    `${atLeast}${grouped(purged)} of ${plural(sitemap.pages, 'sitemap page')} would be purged`
  ]
}

/** Whether anything proved pages fresh here: otherwise the summary keeps the propagation note. */
export function provedFresh(part: VerificationPart | undefined): boolean {
  return part?.kind === 'verified' && part.report.verification.counts.fresh > 0
}
