/**
 * The changed-files step as run.ts calls it: the entry's change reader (GitHub's API for the
 * action, the local git repository for the command line) decides the range and lists its
 * files; this step maps them through url_map and sets the changed-files outputs, the same for
 * both. A failure to list them ends the run with `status: failed`, and returns what was asked
 * and what went wrong for the summary: nothing is purged then. Input problems that only the
 * range reveals (inputs that do not fit the event) are handed back to run.ts, which reports
 * them as the inputs step does.
 */
import type { StepIo } from './io.js'
import { Output } from '../core/constants.js'
import { Diagnostics } from '../core/diagnostics.js'
import type { ChangedFilesFailure, ChangedFilesReport } from '../report/changed-files-report.js'
import { skippedVerifyOutputs } from '../report/verify-outputs.js'
import type { ChangedFilesSettings } from '../plan/settings.js'

export type ChangedFilesStep =
  | { readonly kind: 'found'; readonly report: ChangedFilesReport }
  /** The event and the inputs do not fit together: reported like any input problem. */
  | { readonly kind: 'input-problems'; readonly diagnostics: Diagnostics }
  /** The files could not be listed: the step has failed; the summary says why. */
  | { readonly kind: 'failed'; readonly failure: ChangedFilesFailure }

export async function findChangedFiles(
  changed: ChangedFilesSettings,
  io: StepIo
): Promise<ChangedFilesStep> {
  const reader = io.changeReader()
  const { mapChangedFiles } = await import('../changed-files/index.js')
  const diag = new Diagnostics()
  const planned = await reader.plan(changed, diag)
  io.remarks(diag)
  if (!diag.ok) return { kind: 'input-problems', diagnostics: diag }
  const reason = planned.nothingReason
  // Said once: most reasons were a notice or a warning just now.
  if (reason && ![...diag.notices, ...diag.warnings].some(remark => remark.includes(reason)))
    io.info(`Changed files: ${reason}`)
  const failure = { event: reader.trigger, description: planned.description }
  try {
    const listed = await planned.list()
    for (const warning of listed.warnings) io.warning(warning)
    for (const notice of listed.notices) io.notice(notice)
    io.info(`Changed files: range ${listed.description}.`)
    io.info(`Changed files: ${listed.files.length} file(s) (${listed.readWith}).`)
    const mapping = mapChangedFiles(changed.urlMap, listed.files)
    const notes = mapping.notes.map(note => `url_map: ${note}`)
    for (const note of notes) io.warning(note)
    io.setListOutputs({
      [Output.ChangedFiles]: mapping.files.map(file => file.path),
      [Output.UnmappedFiles]: mapping.unmapped
    })
    return {
      kind: 'found',
      report: {
        description: listed.description,
        mapping,
        warnings: [...diag.warnings, ...listed.warnings, ...notes],
        notices: [...diag.notices, ...listed.notices],
        // Their URLs are expected to leave the sitemap: the comment and the preview say so
        // rather than calling them typos.
        ...(listed.gone !== undefined && { gone: listed.gone }),
        urlMapRules: changed.urlMap.rules.map(({ line, text }) => ({ line, text }))
      }
    }
  } catch (error) {
    // Known by its name: the error class lives with the readers, which this step never loads.
    if (!(error instanceof Error && error.name === 'ChangedFilesError')) throw error
    const message = `Could not list the changed files, so nothing was purged: ${error.message}`
    io.setOutputs({ [Output.Status]: 'failed', ...skippedVerifyOutputs() })
    io.setFailed(message)
    return { kind: 'failed', failure: { ...failure, error: error.message } }
  }
}
