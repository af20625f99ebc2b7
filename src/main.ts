/**
 * The run, wired: inputs -> settings -> (changed files) -> plan -> send -> outputs and summary.
 * Each step is a function of its own module; this one only orders them and decides what to
 * report when one fails.
 */
import { ActionIo, readGitHubContext, readRawInputs } from './action-io.js'
import { Input, Output, USER_AGENT } from './constants.js'
import { Diagnostics, formatProblem, problemMessagesByInput } from './diagnostics.js'
import { credentialsIn } from './redact.js'
import { buildPlan, requestBody, type DerivedTargets, type Plan } from './plan.js'
import { parseInputs, type RunSettings } from './settings.js'
import { createHttpTransport } from './send/http-transport.js'
import { describeFailure, sendPlan, type RequestResult } from './send/send-plan.js'
import { dryRunOutcome, nothingToPurge, sentOutcome, type RunOutcome } from './report/outcome.js'
import { renderInputProblems, renderSummary, renderUnexpectedError } from './report/summary.js'
import { renderChangedFilesFailure } from './report/changed-files-report.js'
import type { ChangedFilesReport } from './report/changed-files-report.js'
import type { ChangeSource } from './changed-files/change-source.js'
import { checkGitHubApiUrl, GitHubApiUrlError } from './changed-files/api-url.js'
import type { ChangedFiles } from './changed-files/github-changes.js'
import type { ChangedFilesSettings } from './settings.js'
import {
  previewDryRun,
  skippedVerifyOutputs,
  skipVerification,
  verifyAfterPurge
} from './verify-step.js'

export async function run(io = new ActionIo()): Promise<void> {
  const raw = readRawInputs()
  // Before anything else can print: every later message goes through the redactor.
  io.protectSecrets([
    raw[Input.ApiKey].trim(),
    raw[Input.GithubToken].trim(),
    ...credentialsIn(raw[Input.BaseUrl]),
    ...credentialsIn(raw[Input.Urls])
  ])
  try {
    await runWithInputs(raw, io)
  } catch (error) {
    // A programming error or an unexpected failure: say so plainly, without a stack trace, and
    // still leave the status output and a summary, which later steps and readers rely on.
    const message = `Unexpected error: ${error instanceof Error ? error.message : String(error)}`
    io.setOutputs({ [Output.Status]: 'failed' })
    try {
      await io.writeSummary(renderUnexpectedError(message))
    } catch {
      // The summary file itself failed: the annotation below still says what happened.
    }
    io.setFailed(message)
  }
}

async function runWithInputs(raw: ReturnType<typeof readRawInputs>, io: ActionIo): Promise<void> {
  const { settings, diagnostics } = await parseInputs(raw)
  reportDiagnostics(diagnostics, io)
  if (!settings) {
    await failOnInputProblems(diagnostics, io)
    return
  }

  let changedFiles: ChangedFilesReport | undefined
  if (settings.changedFiles) {
    const found = await findChangedFiles(settings, io)
    if (!found) return
    changedFiles = found
  }
  const derived: DerivedTargets | undefined = changedFiles?.mapping
  const plan = buildPlan(settings, derived)
  for (const warning of plan.warnings) io.warning(warning)
  const warnings = [...diagnostics.warnings, ...(changedFiles?.warnings ?? []), ...plan.warnings]
  io.group(`Plan: ${plan.requests.length} request(s)`, describePlan(plan))

  if (plan.requests.length === 0) {
    io.info('Nothing to purge: no changed file maps to a URL or a tag.')
    await report(io, { plan, outcome: nothingToPurge(), warnings, changedFiles })
    await skipVerification(io, settings, 'nothing was purged (nothing to purge).')
    return
  }
  if (settings.dryRun) {
    io.info('Dry run: nothing was sent.')
    await report(io, { plan, outcome: dryRunOutcome(plan), warnings, changedFiles })
    await previewDryRun(io, settings, plan.targets)
    await skipVerification(io, settings, 'dry run: nothing was purged.')
    return
  }

  const acceptedAt = new Map<number, number>()
  const results = await send(plan, settings, io, acceptedAt)
  const outcome = sentOutcome(plan, results)
  await report(io, { plan, outcome, results, warnings, changedFiles })
  if (outcome.status === 'failed') {
    await skipVerification(io, settings, 'not every purge was accepted.')
    const failedRequests = results.filter(result => result.outcome !== 'purged').length
    io.setFailed(
      `${failedRequests} of ${results.length} purge request(s) did not succeed; ${outcome.failed.length} target(s) not purged (see the 'failed' output and the job summary).`
    )
    return
  }
  await verifyAfterPurge(io, settings, outcome.purged, plan.requests, acceptedAt)
}

function reportDiagnostics(diagnostics: Diagnostics, io: ActionIo): void {
  for (const notice of diagnostics.notices) io.notice(notice)
  for (const warning of diagnostics.warnings) io.warning(warning)
}

async function failOnInputProblems(diagnostics: Diagnostics, io: ActionIo): Promise<void> {
  const count = diagnostics.problems.length
  io.setOutputs({ [Output.Status]: 'failed', ...skippedVerifyOutputs() })
  await io.writeSummary(renderInputProblems(diagnostics.problems.map(formatProblem)))
  io.info(`${count} input problem${count === 1 ? '' : 's'}; nothing was sent.`)
  // One error annotation per input that is wrong, and no other.
  io.failWithErrors(problemMessagesByInput(diagnostics.problems))
}

async function findChangedFiles(
  settings: RunSettings,
  io: ActionIo
): Promise<ChangedFilesReport | undefined> {
  const changed = settings.changedFiles
  if (!changed) return undefined
  const context = readGitHubContext()
  const { decideChangeSource, mapChangedFiles } = await import('./changed-files/index.js')
  const diag = new Diagnostics()
  // The settings carry base_sha/head_sha, since and environment already validated.
  const source = decideChangeSource(context, changed, diag)
  reportDiagnostics(diag, io)
  if (!diag.ok) {
    await failOnInputProblems(diag, io)
    return undefined
  }
  if (source.nothingReason) io.info(`Changed files: ${source.nothingReason}`)
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
      description: listed.description,
      mapping,
      warnings: [...diag.warnings, ...listed.warnings, ...notes],
      notices: [...diag.notices, ...listed.notices]
    }
  } catch (error) {
    const known =
      error instanceof GitHubApiUrlError ||
      (error instanceof Error && error.name === 'ChangedFilesError')
    if (!known) throw error
    const message = `Could not list the changed files, so nothing was purged: ${error.message}`
    io.setOutputs({ [Output.Status]: 'failed', ...skippedVerifyOutputs() })
    await io.writeSummary(renderChangedFilesFailure({ ...failure, error: error.message }))
    io.setFailed(message)
    return undefined
  }
}

/** The changed files, asking GitHub only when the event gave something to ask. */
async function listFromGitHub(
  source: ChangeSource,
  changed: ChangedFilesSettings,
  context: ReturnType<typeof readGitHubContext>
): Promise<ChangedFiles> {
  if (source.queries.length === 0 && source.lookup === undefined) {
    return { files: [], requests: 0, description: source.description, notices: [], warnings: [] }
  }
  // Checked before the client loads: @actions/github parses GITHUB_API_URL on import.
  checkGitHubApiUrl(context.apiUrl)
  // Loaded only now: the GitHub client is the heaviest module, and most runs never need it.
  const { listChangedFiles } = await import('./changed-files/github-changes.js')
  return listChangedFiles(source, {
    token: changed.token,
    apiUrl: context.apiUrl,
    repository: context.repository,
    userAgent: USER_AGENT
  })
}

function describePlan(plan: Plan): string[] {
  return plan.requests.map(
    request => `#${request.index + 1} POST ${request.kind} ${JSON.stringify(requestBody(request))}`
  )
}

/** `acceptedAt` receives the runner's time each request was accepted: verification counts from it. */
async function send(
  plan: Plan,
  settings: RunSettings,
  io: ActionIo,
  acceptedAt: Map<number, number>
): Promise<RequestResult[]> {
  const transport = createHttpTransport(USER_AGENT, settings.timeoutMs)
  try {
    return await sendPlan(plan.requests, transport, {
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      timeoutMs: settings.timeoutMs,
      maxAttempts: settings.maxAttempts,
      concurrency: settings.concurrency,
      observer: {
        onRetry: (request, attempt, reason, delayMs) =>
          io.info(
            `#${request.index + 1} ${request.kind}: attempt ${attempt} failed (${reason}); retrying in ${(delayMs / 1000).toFixed(1)} s`
          ),
        onResult: result => {
          if (result.outcome === 'purged') acceptedAt.set(result.request.index, Date.now())
          if (result.outcome === 'failed') io.error(describeResult(result))
          else io.info(describeResult(result))
        },
        onStop: reason => io.error(`Stopping: ${reason}. No further request is sent.`)
      }
    })
  } finally {
    transport.close()
  }
}

function describeResult(result: RequestResult): string {
  const { request } = result
  const where = request.country ? ` country ${request.country}` : ''
  const what = `#${request.index + 1} ${request.kind} (${request.items.length} item(s)${where})`
  if (result.outcome === 'purged') {
    return `${what}: purged, HTTP ${result.status}, ${result.attempts} attempt(s), ${(result.durationMs / 1000).toFixed(2)} s`
  }
  if (result.outcome === 'not-sent') return `${what}: ${result.message ?? 'not sent'}`
  return `${what}: FAILED after ${result.attempts} attempt(s): ${describeFailure(result)}`
}

interface ReportInput {
  plan: Plan
  outcome: RunOutcome
  results?: readonly RequestResult[]
  warnings: readonly string[]
  changedFiles?: ChangedFilesReport | undefined
}

async function report(io: ActionIo, input: ReportInput): Promise<void> {
  const { outcome } = input
  io.setOutputs({
    [Output.Status]: outcome.status,
    [Output.Pattern]: outcome.purged.patterns[0] ?? '',
    [Output.Count]: String(outcome.count)
  })
  io.setListOutputs({
    [Output.Tags]: outcome.purged.tags,
    [Output.Urls]: outcome.purged.urls,
    [Output.Failed]: outcome.failed
  })
  await io.writeSummary(
    renderSummary({
      plan: input.plan,
      outcome,
      ...(input.results && { results: input.results }),
      warnings: input.warnings,
      ...(input.changedFiles && { changedFiles: input.changedFiles })
    })
  )
  if (outcome.status === 'purged') {
    io.info(
      `Purged ${outcome.count} target(s). They can take a few minutes to propagate to all data centers.`
    )
  }
}
