/**
 * The commit status of a run, from its report (pure): what a branch protection rule, a
 * deployment gate or another workflow waits on. `success` means the edge serves the new pages
 * (every verifiable check fresh), or, without verification, that the service accepted every
 * purge; `failure` means the edge still served stale or old content at the deadline, or the
 * deploy was rolled back to an older build while the pages were checked; `error`
 * means the run itself failed (inputs, the changed files, the origin, the purge, a check that
 * could not be made). GitHub cuts a description at 140 characters: it says the counts.
 */
import { elapsed, grouped, plural, setting, shortSha } from '../text/format.js'
import { originFailed, type RunReport } from './run-report.js'
import { describeTargets } from './status-line.js'
import { distinctAssets } from './assets/asset-report.js'
import type { AssetVerification } from '../verify/assets/asset-results.js'
import { ASSET_STATE_WORDS, PAGE_STATE_WORDS } from './vocabulary.js'
import { renderCommitWords } from './renders/render-report.js'

const WORDS = {
  fresh: PAGE_STATE_WORDS.fresh.commitStatus,
  stale: PAGE_STATE_WORDS.stale.commitStatus,
  oldBuild: PAGE_STATE_WORDS['old-build'].commitStatus,
  failed: PAGE_STATE_WORDS.failed.commitStatus,
  notStarted: PAGE_STATE_WORDS['not-started'].commitStatus,
  // Every settled state (404/410, DYNAMIC, bypassed, MISS) is counted under one word.
  settled: PAGE_STATE_WORDS.gone.commitStatus
} as const

export type CommitState = 'pending' | 'success' | 'failure' | 'error'

export interface CommitStatus {
  readonly state: CommitState
  readonly description: string
}

export const MAX_STATUS_DESCRIPTION = 140

/** Set when verification starts: the gate waits until the final status. */
export function pendingStatus(timeoutMs: number): CommitStatus {
  return status('pending', `Checking the pages at the edge (deadline ${setting(timeoutMs)})`)
}

export function finalStatus(report: Readonly<RunReport>): CommitStatus {
  if (report.unexpectedError !== undefined) {
    return status('error', `The step failed: ${report.unexpectedError}`)
  }
  if (report.inputProblems !== undefined) {
    return status(
      'error',
      `${plural(report.inputProblems.length, 'input problem')}, nothing purged`
    )
  }
  if (report.changedFilesFailure !== undefined) {
    return status('error', 'The changed files could not be listed, nothing purged')
  }
  if (originFailed(report.origin) && report.origin !== undefined) {
    return status(
      'error',
      `origin_url did not show build ${report.origin.build.text} in ${setting(report.origin.timeoutMs)}, nothing purged`
    )
  }
  const purge = report.purge
  const part = report.verification
  // Stopped before purging: the pages to check would not fit one job's memory.
  if (part?.kind === 'over-budget') {
    return status('error', 'Too many pages to check in one job: set shard; nothing purged')
  }
  if (purge?.outcome.status === 'failed') {
    const results = purge.results ?? []
    const failed = results.filter(result => result.outcome !== 'purged').length
    return status(
      'error',
      `${failed} of ${plural(results.length, 'purge request')} failed; ${plural(purge.outcome.failed.length, 'target')} not purged`
    )
  }
  if (part?.kind === 'verified') {
    const other = part.otherBuild
    // This run's build is no longer what the site serves: whatever the pages showed, a failure.
    if (other?.kind === 'rolled-back') {
      return status(
        'failure',
        `Rolled back to ${shortSha(other.commit)}, an older build, while the pages were checked; no page purged again after it`
      )
    }
    const verified = verifiedStatus(part.report.verification, part.timeoutMs, part.report.siteUrl)
    if (other?.kind !== 'superseded' || verified.state !== 'success') return verified
    return status(
      verified.state,
      `Superseded by ${shortSha(other.commit)}; ${verified.description}`
    )
  }
  if (purge === undefined || purge.outcome.status === 'nothing-to-purge') {
    return status('success', 'Nothing to purge')
  }
  return status(
    'success',
    `${describeTargets(purge.outcome.purged)} purged (accepted by the service; not verified at the edge)`
  )
}

type Verification = Extract<
  NonNullable<RunReport['verification']>,
  { kind: 'verified' }
>['report']['verification']

function verifiedStatus(
  verification: Verification,
  timeoutMs: number,
  siteUrl: string
): CommitStatus {
  if (verification.fatal !== undefined) {
    return status('error', `Verification stopped: ${verification.fatal}`)
  }
  const { counts } = verification
  const total = verification.checks + verification.notReached
  const assets = verification.assets
  // Broken assets first: a page that cannot render matters most, and GitHub cuts at 140.
  const brokenAssets =
    assets !== undefined && assets.counts.broken > 0
      ? `${grouped(distinctAssets(assets, 'broken'))} of ${plural(assets.assets, 'asset')} ${ASSET_STATE_WORDS.broken.commitStatus}`
      : ''
  const stale = counts.stale - verification.oldContent
  const deadline = `at the ${setting(timeoutMs)} deadline`
  const failure = [
    stale > 0 ? `${grouped(stale)} of ${plural(total, 'check')} ${WORDS.stale} ${deadline}` : '',
    verification.oldContent > 0 ? `${grouped(verification.oldContent)} ${WORDS.oldBuild}` : '',
    verification.notReached > 0 ? `${grouped(verification.notReached)} ${WORDS.notStarted}` : ''
  ].filter(Boolean)
  if (failure.length > 0)
    return status('failure', [brokenAssets, ...failure].filter(Boolean).join('; '))
  if (counts.failed > 0) {
    return status('error', `${grouped(counts.failed)} of ${plural(total, 'check')} ${WORDS.failed}`)
  }
  if (counts.fresh === 0)
    return status('success', 'Purged; no page could be proven fresh at the edge')
  const slowest = verification.timeToFresh?.slowestMs
  const settled = total - counts.fresh
  const fresh = `${grouped(counts.fresh)} of ${plural(total, 'check')} ${WORDS.fresh}${slowest === undefined ? '' : ` in ${elapsed(slowest)}`}${settled > 0 ? `; ${grouped(settled)} ${WORDS.settled}` : ''}`
  if (brokenAssets !== '' || verification.status === 'broken') {
    return status('failure', [brokenAssets, fresh].filter(Boolean).join('; '))
  }
  // A render a crawler should not get, the first one named: the rest are in the summary.
  const badRenders =
    verification.renders === undefined ? '' : renderCommitWords(verification.renders, siteUrl)
  if (badRenders !== '' && verification.status === 'bad-render') {
    return status('failure', `${badRenders}; ${fresh}`)
  }
  const words = `${fresh}${assets === undefined ? '' : assetsWords(assets)}`
  // Every page fresh, but not every asset checked or proven: nothing proved the deploy whole.
  return status(verification.status === 'failed' ? 'error' : 'success', words)
}

/** `; 30 assets whole (1 repaired)`, or `; 2 of 30 assets not checked`: after the pages. */
function assetsWords(assets: AssetVerification): string {
  const { counts } = assets
  const all = plural(assets.assets, 'asset')
  if (counts['not-checked'] > 0) {
    return `; ${grouped(distinctAssets(assets, 'not-checked'))} of ${all} ${ASSET_STATE_WORDS['not-checked'].commitStatus}`
  }
  if (assets.unproven !== undefined) {
    return `; ${plural(assets.unproven.count, 'fresh page check')} with assets not proven`
  }
  const repaired =
    counts.repaired > 0
      ? ` (${grouped(distinctAssets(assets, 'repaired'))} ${ASSET_STATE_WORDS.repaired.commitStatus})`
      : ''
  return `; ${all} ${ASSET_STATE_WORDS.whole.commitStatus}${repaired}`
}

/** One line, at most 140 characters, cut with an ellipsis. */
function status(state: CommitState, text: string): CommitStatus {
  const line = text.replace(/\s+/g, ' ').trim()
  const description =
    line.length > MAX_STATUS_DESCRIPTION ? `${line.slice(0, MAX_STATUS_DESCRIPTION - 1)}…` : line
  return { state, description }
}
