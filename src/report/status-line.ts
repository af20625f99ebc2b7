/**
 * The run in one line, for every outcome: the step's result first (✅ passed, ⚠️ passed with a
 * warning, ❌ failed), then what was purged, then what the verification proved, with marks and
 * counts. The summary opens with it and the log ends with it. Plain text (the summary escapes it).
 */
import { everyPageFresh } from '../core/constants.js'
import type { PurgeTargets } from '../core/purge.js'
import type { RequestResult } from '../send/send-plan.js'
import type { Verification } from '../verify/check/verify-pages.js'
import { andList, elapsed, grouped, plural, setting, shortSha } from '../text/format.js'
import { answers, isUnconfirmed } from './purge-section.js'
import {
  originFailed,
  stepConclusion,
  type RunReport,
  type OtherBuildLive,
  type VerificationPart
} from './run-report.js'
import { countIsLowerBound } from './traced-tags.js'
import { assetStatusParts } from './assets/asset-report.js'
import {
  CONCLUSION_WORDS,
  countedState,
  PAGE_STATE_WORDS,
  pageStatesInOrder,
  REQUEST_WORDS,
  VERIFICATION_WORDS,
  type PageState
} from './vocabulary.js'
import { renderStatusParts } from './renders/render-report.js'

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
  const other = part.otherBuild && otherBuildPart(part.otherBuild, verification.status === 'fresh')
  const total = verification.checks + verification.notReached
  if (total === 0) return other === undefined ? [`➖ no page to check${shard}`] : [other]
  const context: StateContext = {
    verification,
    total,
    shard,
    deadline:
      part.otherBuild?.kind === 'rolled-back'
        ? 'when the rollback was seen'
        : `at the ${setting(part.timeoutMs)} deadline`,
    warmOnly: against.kind === 'warm-only'
  }
  // The states in the table's order, each with its count when it has one.
  const parts = pageStatesInOrder()
    .map(state => statePart(state, context))
    .filter(text => text !== undefined)
  const assets = verification.assets
  if (assets !== undefined) parts.push(...assetStatusParts(assets))
  const renders = verification.renders
  if (renders !== undefined) parts.push(...renderStatusParts(renders))
  return other === undefined ? parts : [other, ...parts]
}

/**
 * `✅ superseded by abc1234`, `❌ rolled back to abc1234`: another build live in this run's
 * place. A newer build is ✅ only when the run's pages were proven fresh (`passed`).
 */
export function otherBuildPart(other: OtherBuildLive, passed: boolean): string {
  if (other.kind === 'rolled-back') {
    return `${VERIFICATION_WORDS['rolled-back'].icon} rolled back to ${shortSha(other.commit)}`
  }
  return `${passed ? '✅ ' : ''}superseded by ${shortSha(other.commit)}`
}

/**
 * The sentence the summary and the comment give it: which build, how it relates, since when
 * (`measuredFrom`: the purge's acceptance, runner's clock), and what it meant for the run.
 */
export function otherBuildSentence(other: OtherBuildLive, measuredFrom: number): string {
  const since =
    other.at <= measuredFrom
      ? 'live before the purge'
      : `seen ${elapsed(other.at - measuredFrom)} after the purge was accepted`
  return other.kind === 'superseded'
    ? `Superseded by ${shortSha(other.commit)}, a newer build whose history holds this run's commit (${since}): a page showing it counted as fresh, and none was purged again for it.`
    : `Rolled back to ${shortSha(other.commit)}, an older build that this run's commit holds (${since}): this run's build is no longer what the site serves, so the checks ended at once and no page was purged again after it.`
}

interface StateContext {
  readonly verification: Verification
  /** The checks made and the checks never started. */
  readonly total: number
  /** ` (shard 2/4)`, or empty. */
  readonly shard: string
  /** `at the 6 s deadline`. */
  readonly deadline: string
  /** mode: verify without purged_at: a HIT counts, called warm. */
  readonly warmOnly: boolean
}

/** One state's part of the line; undefined when no check is in it. */
function statePart(state: PageState, context: StateContext): string | undefined {
  const { verification, total, shard, deadline } = context
  const { counts } = verification
  switch (state) {
    case 'fresh': {
      if (counts.fresh === 0) return undefined
      const { icon, word } = PAGE_STATE_WORDS.fresh
      const fresh = context.warmOnly ? 'warm' : word
      if (!everyPageFresh(verification.status)) {
        return `${icon} ${count(counts.fresh)} ${fresh}${shard}`
      }
      const slowest = verification.timeToFresh?.slowestMs
      const when = slowest === undefined || context.warmOnly ? '' : ` in ${elapsed(slowest)}`
      return `${icon} ${count(counts.fresh)} of ${plural(total, 'check')} ${fresh}${when}${shard}`
    }
    case 'stale': {
      // The checks from another build are stale too: their own part follows.
      const stillStale = counts.stale - verification.oldContent
      if (stillStale === 0) return undefined
      const { icon, word } = PAGE_STATE_WORDS.stale
      return `${icon} ${count(stillStale)} of ${plural(total, 'check')} still ${word} ${deadline}${shard}`
    }
    case 'old-build':
      return verification.oldContent > 0
        ? `${countedState('old-build', verification.oldContent)} ${deadline}`
        : undefined
    default: {
      const checks = state === 'not-started' ? verification.notReached : counts[state]
      return checks > 0 ? countedState(state, checks) : undefined
    }
  }
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
