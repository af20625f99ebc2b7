/**
 * The verification outputs when no verification ran (input problems, a failed purge, a dry
 * run, ...): every step that ends a run early sets them, so that later workflow steps always
 * find them.
 */
import { Output } from '../core/constants.js'
import { OUTPUT_DEFAULTS } from './output-defaults.js'
import type { Verification } from '../verify/check/verify-pages.js'

/** The outputs the verification sets. */
const VERIFY_OUTPUTS = [
  Output.VerifyStatus,
  Output.Stale,
  Output.VerifySeconds,
  Output.Warm,
  Output.Shard,
  Output.PagesSelected,
  Output.PagesChecked
] as const

/** Each verification output at its value for "nothing was checked" (output-defaults.ts). */
export function skippedVerifyOutputs(): Record<string, string> {
  return Object.fromEntries(VERIFY_OUTPUTS.map(name => [name, OUTPUT_DEFAULTS[name]]))
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
