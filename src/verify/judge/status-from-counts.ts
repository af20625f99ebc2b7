/**
 * The one rule that turns a verification's counts into its status (the `verify_status`
 * output): the loop applies it at its end, and the report's tests build runs with it. Pure.
 */
import type { VerifyStatus } from '../../core/constants.js'
import type { CheckState } from '../check/tally.js'

/**
 * The verification's status from its counts: failed (a failed check, a check never reached, an
 * asset of a fresh page never checked or not proven, or a stop), stale, broken (every page
 * fresh, but an asset a fresh page references is broken: the deploy cannot render), bad-render
 * (every page fresh and whole, but a new render is not what a crawler should get), skipped
 * (nothing verifiable), else fresh. An asset the deadline left unchecked, or a fresh page whose
 * cached render was read only in part, is like a page never reached: nothing proved that the
 * deploy is whole, so the step does not end ✅.
 */
export function verificationStatus(
  counts: Readonly<Record<CheckState, number>>,
  checks: number,
  notReached: number,
  stopped: boolean,
  /**
   * (asset, device) checks broken at the end, and never made; fresh (page, device) checks whose
   * assets were not proven (verify/assets/).
   */
  assets: {
    readonly broken: number
    readonly notChecked: number
    readonly unproven?: number
  } = { broken: 0, notChecked: 0 },
  /** Fresh (page, device) checks whose new render has a problem (verify/render/). */
  badRenders = 0
): VerifyStatus {
  // A page that is not there (404/410) proves nothing fresh: when all are, nothing is fresh.
  const verifiable = checks - counts.unverifiable - counts.bypassed - counts.gone
  const unproven = assets.notChecked + (assets.unproven ?? 0)
  if (stopped || counts.failed > 0 || notReached > 0 || unproven > 0) return 'failed'
  if (counts.stale > 0) return 'stale'
  if (assets.broken > 0) return 'broken'
  if (badRenders > 0) return 'bad-render'
  return verifiable === 0 ? 'skipped' : 'fresh'
}
