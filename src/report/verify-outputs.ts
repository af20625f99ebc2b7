/**
 * The verification outputs when no verification ran (input problems, a failed purge, a dry
 * run, ...): every step that ends a run early sets them, so that later workflow steps always
 * find them.
 */
import { Output } from '../core/constants.js'
import type { Verification } from '../verify/verify-pages.js'

export function skippedVerifyOutputs(): Record<string, string> {
  return {
    [Output.VerifyStatus]: 'skipped',
    [Output.Stale]: '[]',
    [Output.VerifySeconds]: '',
    [Output.Warm]: '0',
    [Output.Shard]: '',
    [Output.PagesSelected]: '0',
    [Output.PagesChecked]: '0'
  }
}

/**
 * `verify_seconds`: the slowest time to fresh, only when every verifiable check was fresh (a
 * number of a verification that ended stale, or that proved nothing fresh, would mislead).
 */
export function verifySecondsOutput(
  verification: Pick<Verification, 'status' | 'timeToFresh'>
): string {
  const times = verification.timeToFresh
  if (verification.status !== 'fresh' || times === undefined) return ''
  return (times.slowestMs / 1000).toFixed(1)
}
