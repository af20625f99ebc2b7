/**
 * The verification outputs when no verification ran (input problems, a failed purge, a dry
 * run, ...): every step that ends a run early sets them, so that later workflow steps always
 * find them.
 */
import { Output } from '../constants.js'

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
