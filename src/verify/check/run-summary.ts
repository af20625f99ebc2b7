/**
 * A verification's result from what its loop (polling-loop.ts) knows at the end: the status by
 * the one rule (verify/judge/status-from-counts.ts), the tally's counts and rows, the times, and
 * the assets and renders when they were checked. Pure: the loop hands it values.
 */
import { assetChecks, type AssetVerification } from '../assets/asset-results.js'
import type { SkewEstimate } from '../judge/edge-clock-skew.js'
import { verificationStatus } from '../judge/status-from-counts.js'
import type { RenderVerification } from '../render/render-results.js'
import type { Verification } from './options.js'
import type { VerifyStatus } from '../../core/constants.js'
import type { Tally } from './tally.js'

/** What the loop knows when its last check ended. */
export interface RunEnd {
  readonly tally: Tally
  /** Why the run stopped at once (no status header): nothing else is reported then. */
  readonly fatal: string | undefined
  /** The deploy was rolled back: the checks ended at once, as they stood. */
  readonly rolledBack: boolean
  /** Checks the pages and devices make in all, started or not. */
  readonly totalChecks: number
  readonly firstArrivalAfterMs: number | undefined
  readonly measuredFrom: number
  readonly startedAt: number
  readonly deadline: number
  readonly skew: SkewEstimate
  readonly requests: number
  readonly durationMs: number
  readonly endedEarly: Verification['endedEarly']
  /** The site's overloads: how many, and how long they held the requests back in all. */
  readonly overloads: { readonly count: number; readonly heldBackMs: number }
  readonly assets: AssetVerification | undefined
  readonly renders: RenderVerification | undefined
}

export function summarizeRun(end: RunEnd): Verification {
  const { tally, fatal } = end
  const stopped = fatal !== undefined
  const { assets, renders } = end
  const { counts } = tally
  const checks = tally.checks
  // Not taken from the pages before the deadline, or taken but never asked; after a rollback,
  // left unasked on purpose: the build they would prove is gone.
  const notReached = stopped || end.rolledBack ? 0 : Math.max(0, end.totalChecks - checks)
  const status: VerifyStatus = end.rolledBack
    ? 'rolled-back'
    : verificationStatus(
        counts,
        checks,
        notReached,
        stopped,
        {
          broken: assets?.counts.broken ?? 0,
          notChecked: assets?.counts['not-checked'] ?? 0,
          unproven: assets?.unproven?.count ?? 0
        },
        renders?.badRenders ?? 0
      )
  const times = tally.timesToFresh
  const median = times.medianMs()
  const arrival = end.firstArrivalAfterMs
  // Closes the pages left open (a device not started): read before the count of them.
  const pages = stopped ? [] : tally.pageRows()
  return {
    status,
    ...(stopped && { fatal }),
    counts: { ...counts },
    checks,
    notReached,
    listed: stopped ? [] : tally.listed(),
    passed: stopped ? [] : tally.passed(),
    pages,
    problemPages: stopped ? 0 : tally.problemPageCount,
    byDevice: tally.deviceTallies(),
    measuredFrom: end.measuredFrom,
    startedAt: end.startedAt,
    deadline: end.deadline,
    ...(median !== undefined && {
      timeToFresh: { count: times.count, medianMs: median, slowestMs: times.maxMs }
    }),
    ...(arrival !== undefined && { arrivalAfterMs: arrival }),
    warm: tally.warm,
    notWarm: tally.notWarm,
    oldContent: tally.oldContent,
    clocksDisagree: tally.clocksDisagree,
    skew: end.skew,
    requests: end.requests,
    durationMs: end.durationMs,
    ...(end.endedEarly !== undefined && { endedEarly: end.endedEarly }),
    ...(end.overloads.count > 0 && { overloads: end.overloads }),
    // Absent when nothing was fresh: no page gave an asset to check.
    ...(assets !== undefined &&
      assetChecks(assets) +
        assets.otherHosts +
        (assets.redirectedAway ?? 0) +
        (assets.unproven?.count ?? 0) >
        0 && { assets }),
    ...(renders !== undefined && { renders })
  }
}
