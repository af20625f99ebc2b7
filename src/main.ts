/**
 * The run, wired: inputs -> settings -> (changed files) -> plan -> (wait for the origin) -> send
 * -> outputs and summary -> (verify). Each step is a module of steps/ that takes what the steps before it produced
 * and the io; this one only orders them and decides what to report when one fails.
 */
import { ActionIo, readInputEnvironment, readRawInputs } from './action-io.js'
import { Input, Output } from './constants.js'
import { credentialsIn } from './redact.js'
import { buildPlan, type DerivedTargets } from './plan.js'
import { dryRunOutcome, nothingToPurge, sentOutcome, verifyOnlyOutcome } from './report/outcome.js'
import { renderUnexpectedError } from './report/summary.js'
import type { ChangedFilesReport } from './report/changed-files-report.js'
import { failOnInputProblems, readSettings } from './steps/inputs.js'
import { findChangedFiles } from './steps/changed-files.js'
import { describePlan, repurgeUrls, reportPurge, sendPurges } from './steps/purge.js'
import { reportOrigin, waitForOrigin } from './steps/origin.js'
import {
  previewDryRun,
  skipVerification,
  verifyAfterPurge,
  verifyWithoutPurge
} from './steps/verify.js'

export async function run(io = new ActionIo()): Promise<void> {
  const raw = readRawInputs()
  // Before anything else can print: every later message goes through the redactor.
  io.protectSecrets([
    raw[Input.ApiKey].trim(),
    raw[Input.GithubToken].trim(),
    ...credentialsIn(raw[Input.BaseUrl]),
    ...credentialsIn(raw[Input.Urls]),
    ...credentialsIn(raw[Input.OriginUrl])
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
  const read = await readSettings(raw, readInputEnvironment(), io)
  if (!read) return
  const { settings, diagnostics } = read

  let changedFiles: ChangedFilesReport | undefined
  if (settings.changedFiles) {
    const found = await findChangedFiles(settings.changedFiles, io)
    if (found.kind === 'input-problems') await failOnInputProblems(found.diagnostics, io)
    if (found.kind !== 'found') return
    changedFiles = found.report
  }
  const derived: DerivedTargets | undefined = changedFiles?.mapping
  const plan = buildPlan(settings, derived)
  for (const warning of plan.warnings) io.warning(warning)
  const warnings = [...diagnostics.warnings, ...(changedFiles?.warnings ?? []), ...plan.warnings]
  io.group(`Plan: ${plan.requests.length} request(s)`, describePlan(plan))

  if (settings.mode === 'verify') {
    await reportPurge(io, { plan, outcome: verifyOnlyOutcome(), warnings, changedFiles })
    if (settings.dryRun) {
      io.info('Dry run (mode: verify): no page was requested.')
      await previewDryRun(io, settings, plan.targets)
      await skipVerification(io, settings, 'dry run: no page was requested.')
      return
    }
    await verifyWithoutPurge(io, settings, plan.targets)
    return
  }
  if (plan.requests.length === 0) {
    io.info(
      changedFiles?.mapping.files.length === 0
        ? 'Nothing to purge: the event gave no changed file (the reason is above).'
        : 'Nothing to purge: no changed file maps to a URL or a tag.'
    )
    await reportPurge(io, { plan, outcome: nothingToPurge(), warnings, changedFiles })
    await skipVerification(io, settings, 'nothing was purged (nothing to purge).')
    return
  }
  // Before any purge: a purge that lands before the new build is live re-caches the old one.
  const origin = await waitForOrigin(io, settings, plan)
  if (origin.kind === 'failed') {
    await skipVerification(
      io,
      settings,
      'the origin never showed the new build: nothing was purged.'
    )
    return
  }
  if (settings.dryRun) {
    io.info('Dry run: nothing was sent.')
    await reportPurge(io, { plan, outcome: dryRunOutcome(plan), warnings, changedFiles })
    await reportOrigin(io, origin)
    await previewDryRun(io, settings, plan.targets)
    await skipVerification(io, settings, 'dry run: nothing was purged.')
    return
  }

  const { results, acceptedAt } = await sendPurges(plan, settings, io)
  const outcome = sentOutcome(plan, results)
  await reportPurge(io, { plan, outcome, results, acceptedAt, warnings, changedFiles })
  await reportOrigin(io, origin)
  if (outcome.status === 'failed') {
    await skipVerification(io, settings, 'not every purge was accepted.')
    const failedRequests = results.filter(result => result.outcome !== 'purged').length
    io.setFailed(
      `${failedRequests} of ${results.length} purge request(s) did not succeed; ${outcome.failed.length} target(s) not purged (see the 'failed' output and the job summary).`
    )
    return
  }
  // Old content (verify_content) is purged again through the purge step's own sender.
  await verifyAfterPurge(io, settings, outcome.purged, plan.requests, acceptedAt, urls =>
    repurgeUrls(urls, settings, io)
  )
}
