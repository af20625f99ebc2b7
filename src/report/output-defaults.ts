/**
 * Every documented output's value when the run did not get to set it (an input error, a failed
 * listing of changed files, an unexpected error): lists are empty JSON arrays, counts 0, the
 * rest empty, so that a later `if: always()` step can read any of them with fromJSON() on any
 * path. The run sets them last, for the outputs no step set (run/run.ts).
 */
import { Output } from '../core/constants.js'

type OutputName = (typeof Output)[keyof typeof Output]

export const OUTPUT_DEFAULTS: Readonly<Record<OutputName, string>> = {
  [Output.Status]: 'failed',
  [Output.Tags]: '[]',
  [Output.Urls]: '[]',
  [Output.Pattern]: '',
  [Output.Count]: '0',
  [Output.Failed]: '[]',
  [Output.ChangedFiles]: '[]',
  [Output.UnmappedFiles]: '[]',
  [Output.FullListsFile]: '',
  [Output.VerifyStatus]: 'skipped',
  [Output.Stale]: '[]',
  [Output.VerifySeconds]: '',
  [Output.Warm]: '0',
  [Output.Preview]: '',
  [Output.OriginSeconds]: '',
  [Output.SupersededBy]: '',
  [Output.AcceptedAt]: '',
  [Output.Shard]: '',
  [Output.PagesSelected]: '0',
  [Output.PagesChecked]: '0',
  [Output.BrokenAssets]: '[]',
  [Output.WholeSeconds]: '',
  [Output.RenderProblems]: '[]',
  [Output.RenderChanges]: '[]'
}
