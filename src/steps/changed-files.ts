/**
 * The changed-files step as main.ts calls it: decide what the event changed, ask GitHub (its
 * client loaded only when there is something to ask), map the files through url_map, and set
 * the changed-files outputs. A failure to list them ends the run with `status: failed`, and
 * returns what was asked and what went wrong for the summary: nothing is purged then. Input problems
 * that only the event reveals are handed back to main.ts, which reports them as the inputs
 * step does.
 */
import type { RunContext, StepIo } from './io.js'
import { Output, USER_AGENT } from '../core/constants.js'
import { Diagnostics } from '../core/diagnostics.js'
import { checkGitHubApiUrl, GitHubApiUrlError } from '../changed-files/api-url.js'
import type { ChangeSource } from '../changed-files/change-source.js'
import type { ChangedFiles } from '../changed-files/github-changes.js'
import type { ChangedFilesFailure, ChangedFilesReport } from '../report/changed-files-report.js'
import { skippedVerifyOutputs } from '../report/verify-outputs.js'
import type { ChangedFilesSettings } from '../plan/settings.js'

export type ChangedFilesStep =
  | { readonly kind: 'found'; readonly report: ChangedFilesReport }
  /** The event and the inputs do not fit together: reported like any input problem. */
  | { readonly kind: 'input-problems'; readonly diagnostics: Diagnostics }
  /** GitHub could not list them: the step has failed; the summary says why. */
  | { readonly kind: 'failed'; readonly failure: ChangedFilesFailure }

export async function findChangedFiles(
  changed: ChangedFilesSettings,
  io: StepIo
): Promise<ChangedFilesStep> {
  const context = io.context()
  const { decideChangeSource, mapChangedFiles } = await import('../changed-files/index.js')
  const diag = new Diagnostics()
  // The settings carry base_sha/head_sha, since and environment already validated.
  const source = decideChangeSource(context, changed, diag)
  io.remarks(diag)
  if (!diag.ok) return { kind: 'input-problems', diagnostics: diag }
  const reason = source.nothingReason
  // Said once: most reasons were a notice or a warning just now.
  if (reason && ![...diag.notices, ...diag.warnings].some(remark => remark.includes(reason)))
    io.info(`Changed files: ${reason}`)
  const failure = { event: context.eventName, description: source.description }
  try {
    const listed = await listFromGitHub(source, changed, context)
    for (const warning of listed.warnings) io.warning(warning)
    for (const notice of listed.notices) io.notice(notice)
    io.info(`Changed files: range ${listed.description}.`)
    io.info(
      `Changed files: ${listed.files.length} file(s) (${listed.requests} GitHub API request(s)).`
    )
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
        notices: [...diag.notices, ...listed.notices]
      }
    }
  } catch (error) {
    const known =
      error instanceof GitHubApiUrlError ||
      (error instanceof Error && error.name === 'ChangedFilesError')
    if (!known) throw error
    const message = `Could not list the changed files, so nothing was purged: ${error.message}`
    io.setOutputs({ [Output.Status]: 'failed', ...skippedVerifyOutputs() })
    io.setFailed(message)
    return { kind: 'failed', failure: { ...failure, error: error.message } }
  }
}

/** The changed files, asking GitHub only when the event gave something to ask. */
async function listFromGitHub(
  source: ChangeSource,
  changed: ChangedFilesSettings,
  context: RunContext
): Promise<ChangedFiles> {
  if (source.queries.length === 0 && source.lookup === undefined) {
    return { files: [], requests: 0, description: source.description, notices: [], warnings: [] }
  }
  // Checked before the client loads: @actions/github parses GITHUB_API_URL on import.
  checkGitHubApiUrl(context.apiUrl)
  // Loaded only now: the GitHub client is the heaviest module, and most runs never need it.
  const { listChangedFiles } = await import('../changed-files/github-changes.js')
  return listChangedFiles(source, {
    token: changed.token,
    apiUrl: context.apiUrl,
    repository: context.repository,
    userAgent: USER_AGENT
  })
}
