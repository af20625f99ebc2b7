/**
 * The run, wired, the same for every entry: inputs -> settings -> (changed files) -> plan -> (wait for the origin) -> send
 * -> outputs -> (commit status pending, verify) -> (commit status, pull-request comment) ->
 * summary. Each step is a module of steps/ that takes what the steps before it produced and
 * the io, and returns its part of the run's report; this one only orders them, decides what
 * to report when one fails, and at the end (whatever happened) writes the status and the
 * comment from the whole report, renders the summary once and ends the log with its status
 * line.
 */
import { Input, Output } from '../core/constants.js'
import { credentialsIn } from '../text/redact.js'
import { buildPlan } from '../plan/build-plan.js'
import type { DerivedTargets } from '../core/purge.js'
import {
  dryRunOutcome,
  nothingToPurge,
  notSentOutcome,
  sentOutcome,
  verifyOnlyOutcome
} from '../report/outcome.js'
import type { RunReport } from '../report/run-report.js'
import { OUTPUT_DEFAULTS } from '../report/output-defaults.js'
import { renderSummary, statusLine } from '../report/summary.js'
import type { InputEnvironment } from '../plan/input-names.js'
import type { RawInputs, RunSettings } from '../plan/settings.js'
import { paceOf } from '../report/pace.js'
import type { StepIo } from '../steps/io.js'
import type { ChangedFilesReport } from '../report/changed-files-report.js'
import { failOnInputProblems, readListFiles, readSettings } from '../steps/inputs.js'
import type { ListFiles } from '../plan/list-files.js'
import type { ListFilePlaces } from '../plan/list-file-places.js'
import { findChangedFiles } from '../steps/changed-files.js'
import { describePlan, reportPurge, reportRepairs, RunPurges } from '../steps/purge.js'
import { originLiveCheck, originShared, waitForOrigin } from '../steps/origin.js'
import type { OriginLive } from '../repurge/repurger.js'
import { setFinalStatus, setPendingStatus } from '../steps/commit-status.js'
import { writePullRequestComment } from '../steps/pr-comment.js'
import {
  choosePagesToVerify,
  previewDryRun,
  skipVerification,
  verifyAfterPurge,
  verifyWithoutPurge
} from '../steps/verify.js'
import { readOldRendersBeforePurge } from '../steps/old-renders.js'

/** What a run needs of its entry beyond the steps' io: secrets to hide, and the summary's sink. */
export interface RunIo extends StepIo {
  /** Registers secrets before anything else is printed: every later text is redacted. */
  protectSecrets(secrets: readonly string[]): void
  writeSummary(markdown: string): Promise<void>
  /** Sets each of these outputs that no step set. */
  setUnsetOutputs(defaults: Readonly<Record<string, string>>): void
  /**
   * Where list files (`urls_file`, `tags_file`) may be, and where a relative one starts: the
   * runner's workspace and temporary folder, the command line's working directory.
   */
  listFilePlaces(): ListFilePlaces
  /** A text with the registered secrets hidden: for what the run writes elsewhere (GitHub). */
  redact(text: string): string
}

/** What the run knows once its inputs are read: the end of the run publishes from it. */
interface RunState {
  settings?: RunSettings
}

/**
 * One whole run, from the raw inputs to the summary: the same for every entry. `environment`
 * holds the input variables the entry was given, for the check that each is one the action
 * reads.
 */
export async function runPurge(
  io: RunIo,
  raw: RawInputs,
  environment: InputEnvironment
): Promise<RunReport> {
  // Read first (it prints nothing, and never throws), so that a URL with credentials in a list
  // file is a secret like one in the `urls` input.
  const listFiles = await readListFiles(raw, io.listFilePlaces())
  const urlsFile = listFiles[Input.UrlsFile]
  // Before anything else can print: every later message goes through the redactor.
  io.protectSecrets([
    raw[Input.ApiKey].trim(),
    raw[Input.GithubToken].trim(),
    ...credentialsIn(raw[Input.BaseUrl]),
    ...credentialsIn(raw[Input.Urls]),
    ...(urlsFile !== undefined && 'text' in urlsFile ? credentialsIn(urlsFile.text) : []),
    ...credentialsIn(raw[Input.OriginUrl])
  ])
  const report: RunReport = { warnings: [] }
  const state: RunState = {}
  try {
    await runWithInputs(raw, environment, io, report, listFiles, state)
  } catch (error) {
    // A programming error or an unexpected failure: say so plainly, without a stack trace, and
    // still leave the status output and a summary, which later steps and readers rely on.
    const message = error instanceof Error ? error.message : String(error)
    report.unexpectedError = message
    io.setOutputs({ [Output.Status]: 'failed' })
    io.setFailed(`Unexpected error: ${message}`)
  }
  await finish(io, report, state)
  return report
}

/**
 * The status and the comment, from the whole report; the summary, rendered once; the status
 * line as the log's last.
 */
async function finish(io: RunIo, report: RunReport, state: RunState): Promise<void> {
  // Every documented output on every path: a later `if: always()` step reads them.
  io.setUnsetOutputs(OUTPUT_DEFAULTS)
  if (state.settings !== undefined) await publish(io, report, state.settings)
  try {
    await io.writeSummary(renderSummary(report))
  } catch (error) {
    // The summary file itself failed: the annotations and the line below still say what happened.
    io.warning(
      `The job summary could not be written: ${error instanceof Error ? error.message : String(error)}`
    )
  }
  io.info(statusLine(report))
}

/**
 * The commit status and the pull-request comment: what GitHub shows of the run. Neither may
 * fail the step (each says what went wrong as a notice or a warning); the summary lists them.
 */
async function publish(io: RunIo, report: RunReport, settings: RunSettings): Promise<void> {
  const redact = (text: string): string => io.redact(text)
  const notes: string[] = []
  for (const write of [setFinalStatus, writePullRequestComment]) {
    try {
      const note = await write(io, settings, report, redact)
      if (note !== undefined) notes.push(note)
    } catch (error) {
      // A programming error in a publish step: said, and the run's own result stands.
      const message = error instanceof Error ? error.message : String(error)
      io.warning(`Writing on GitHub failed: ${message}`)
      notes.push(`Writing on GitHub failed: ${message}`)
    }
  }
  if (notes.length > 0) report.published = notes
}

async function runWithInputs(
  raw: RawInputs,
  environment: InputEnvironment,
  io: StepIo,
  report: RunReport,
  listFiles: ListFiles,
  state: RunState
): Promise<void> {
  const read = await readSettings(raw, environment, io, listFiles)
  if (read.problems !== undefined) {
    report.inputProblems = read.problems
    return
  }
  const { settings, diagnostics } = read
  state.settings = settings
  report.pace = paceOf(settings)

  let changedFiles: ChangedFilesReport | undefined
  if (settings.changedFiles) {
    const found = await findChangedFiles(settings.changedFiles, io)
    if (found.kind === 'input-problems') {
      report.inputProblems = failOnInputProblems(found.diagnostics, io)
      return
    }
    if (found.kind === 'failed') {
      report.changedFilesFailure = found.failure
      return
    }
    changedFiles = found.report
    report.changedFiles = changedFiles
  }
  const derived: DerivedTargets | undefined = changedFiles?.mapping
  const plan = buildPlan(settings, derived)
  for (const warning of plan.warnings) io.warning(warning)
  report.warnings.push(...diagnostics.warnings, ...(changedFiles?.warnings ?? []), ...plan.warnings)
  // mode: verify and a run with nothing to purge send nothing: no empty plan to show.
  if (plan.requests.length > 0) {
    io.group(`Plan: ${plan.requests.length} request(s)`, describePlan(plan))
  }

  if (settings.mode === 'verify') {
    report.purge = reportPurge(io, { plan, outcome: verifyOnlyOutcome() })
    if (settings.dryRun) {
      io.info('Dry run (mode: verify): no page was requested.')
      // Skipped first: the preview then says what this job would check (pages_*, shard).
      setVerification(report, skipVerification(io, settings, 'dry run: no page was requested.'))
      setPreview(report, await previewDryRun(io, settings, plan.targets))
      return
    }
    await statusOnVerifying(io, settings)
    report.verification = await verifyWithoutPurge(io, settings, plan.targets)
    return
  }
  if (plan.requests.length === 0) {
    io.info(
      changedFiles === undefined
        ? 'Nothing to purge: the list files hold no entry (see above).'
        : changedFiles.mapping.files.length === 0
          ? 'Nothing to purge: the event gave no changed file (the reason is above).'
          : 'Nothing to purge: no changed file maps to a URL or a tag.'
    )
    report.purge = reportPurge(io, { plan, outcome: nothingToPurge() })
    setVerification(
      report,
      skipVerification(io, settings, 'nothing was purged (nothing to purge).')
    )
    return
  }
  // Before any purge: a purge that lands before the new build is live re-caches the old one.
  const shared = originShared(io, settings)
  const origin = await waitForOrigin(io, settings, plan, shared)
  if (origin.kind !== 'not-asked') report.origin = origin.report
  if (origin.kind === 'failed') {
    report.purge = { plan, outcome: notSentOutcome(plan) }
    setVerification(
      report,
      skipVerification(
        io,
        settings,
        origin.report.wait.stopped === 'cached'
          ? 'origin_url is answered by the rendering cache: nothing was purged.'
          : 'the origin never showed the new build: nothing was purged.'
      )
    )
    return
  }
  if (settings.dryRun) {
    io.info('Dry run: nothing was sent.')
    report.purge = reportPurge(io, { plan, outcome: dryRunOutcome(plan) })
    setVerification(report, skipVerification(io, settings, 'dry run: nothing was purged.'))
    setPreview(report, await previewDryRun(io, settings, plan.targets))
    return
  }

  // One sender for every purge of the run: the plan's, old content's again, assets' repairs.
  const purges = new RunPurges(settings, io)
  // The pages to verify are chosen before the purge: a selection this job cannot keep stops
  // the run now, with nothing purged, rather than killing the step after the purge.
  const toVerify = await choosePagesToVerify(
    io,
    settings,
    plan.targets,
    true,
    'Nothing was purged.'
  )
  if (toVerify.kind === 'over-budget') {
    report.purge = reportPurge(io, { plan, outcome: notSentOutcome(plan) })
    report.verification = toVerify.part
    return
  }
  // The old renders, to compare the new ones with, are read while the edge still serves them.
  const looksBeforePurge = await readOldRendersBeforePurge(
    io,
    settings,
    toVerify.kind === 'chosen' ? toVerify.chosen : undefined
  )
  const sent = await purges.send(plan)
  const outcome = sentOutcome(plan, sent.results)
  report.purge = reportPurge(io, { plan, outcome, sent })
  if (outcome.status === 'failed') {
    setVerification(report, skipVerification(io, settings, 'not every purge was accepted.'))
    const failedRequests = sent.results.filter(result => result.outcome !== 'purged').length
    io.setFailed(
      `${failedRequests} of ${sent.results.length} purge request(s) did not succeed; ${outcome.failed.length} target(s) not purged (see the 'failed' output and the job summary).`
    )
    return
  }
  await statusOnVerifying(io, settings)
  // Old content (verify_content) is purged again, and broken assets repaired, through the
  // run's own sender.
  setVerification(
    report,
    await verifyAfterPurge(io, settings, {
      purged: outcome.purged,
      requests: plan.requests,
      acceptedAt: sent.acceptedAt,
      chosen: toVerify,
      purgesAgain: purges,
      ...withOriginLive(originLiveCheck(io, settings, shared)),
      ...(shared.succession && { succession: shared.succession }),
      ...(looksBeforePurge && { looksBeforePurge })
    })
  )
  const repairs = purges.repairs
  if (repairs !== undefined) report.purge = reportRepairs(io, report.purge, repairs)
}

/** The commit status turns `pending` when the edge is about to be checked. */
async function statusOnVerifying(io: StepIo, settings: RunSettings): Promise<void> {
  const verify = settings.verify
  if (verify === undefined || verify.mode === 'off' || verify.siteUrl === undefined) return
  await setPendingStatus(io, settings, verify.timeoutMs)
}

function setVerification(report: RunReport, part: RunReport['verification']): void {
  if (part !== undefined) report.verification = part
}

/** The dry run's preview, or the budget's stop that takes its place. */
function setPreview(report: RunReport, outcome: Awaited<ReturnType<typeof previewDryRun>>): void {
  if (outcome?.kind === 'preview') report.preview = outcome.preview
  if (outcome?.kind === 'over-budget') report.verification = outcome.part
}

/** The origin step's check, when there is one, as the verification's input takes it. */
function withOriginLive(originLive: OriginLive | undefined): { originLive?: OriginLive } {
  return originLive === undefined ? {} : { originLive }
}
