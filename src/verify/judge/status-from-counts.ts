/**
 * The one rule that turns a verification's counts into its status (the `verify_status`
 * output): the loop applies it at its end, and the report's tests build runs with it. Pure.
 */
import type { VerifyStatus } from '../../core/constants.js'
import type { CheckState } from '../check/tally.js'

/**
 * The verification's status from its counts: failed (a failed check, a check never reached, or
 * a stop), stale, skipped (nothing verifiable), else fresh.
 */
export function verificationStatus(
  counts: Readonly<Record<CheckState, number>>,
  checks: number,
  notReached: number,
  stopped: boolean
): VerifyStatus {
  // A page that is not there (404/410) proves nothing fresh: when all are, nothing is fresh.
  const verifiable = checks - counts.unverifiable - counts.bypassed - counts.gone
  if (stopped || counts.failed > 0 || notReached > 0) return 'failed'
  if (counts.stale > 0) return 'stale'
  return verifiable === 0 ? 'skipped' : 'fresh'
}
