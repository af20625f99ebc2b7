/**
 * The run, wired: inputs -> settings -> (changed files) -> plan -> send -> outputs and summary.
 * Each step is a function of its own module; this one only orders them and decides what to
 * report when one fails.
 */
import { ActionIo, readRawInputs } from './action-io.js'
import { Input, Output, USER_AGENT } from './constants.js'
import { credentialsIn } from './redact.js'
import { buildPlan, requestBody, type DerivedTargets, type Plan } from './plan.js'
import { parseInputs, type RunSettings } from './settings.js'
import { createHttpTransport } from './send/http-transport.js'
import { describeFailure, sendPlan, type RequestResult } from './send/send-plan.js'
import { dryRunOutcome, nothingToPurge, sentOutcome, type RunOutcome } from './report/outcome.js'
import { renderSummary, renderUnexpectedError } from './report/summary.js'
import { failOnInputProblems, reportDiagnostics } from './diagnostics-step.js'
import type { ChangedFilesReport } from './report/changed-files-report.js'
import { findChangedFiles } from './changed-files-step.js'
import { previewDryRun, skipVerification, verifyAfterPurge } from './verify-step.js'

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
    const found = await findChangedFiles(settings.changedFiles, io)
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
