/**
 * What a run did, as plain data: each step returns its part, main.ts collects them here, and at
 * the end one pure renderer turns the whole into the job summary and its status line
 * (summary.ts, status-line.ts). Nothing written first has to guess how the run ends.
 */
import type { Plan } from '../core/purge.js'
import type { RequestResult } from '../send/send-plan.js'
import type { PreviewReport, VerifyReport } from '../verify/index.js'
import type { ChangedFilesFailure, ChangedFilesReport } from './changed-files-report.js'
import type { OriginReport } from './origin-report.js'
import type { RunOutcome } from './outcome.js'
import type { OldContentReport } from './repurge-report.js'
import type { RunPace } from './pace.js'

/** A problem as the summary shows it: its text, and the YAML to write instead, if any. */
export interface ProblemText {
  readonly text: string
  readonly yaml?: string
}

/** The purge step's part: the plan, what became of it, and when. */
export interface PurgeReport {
  readonly plan: Plan
  readonly outcome: RunOutcome
  /** Absent when nothing was sent (dry run, nothing to purge, mode: verify). */
  readonly results?: readonly RequestResult[]
  /** Runner's clock: when the first request left, and when the last accepted one was accepted. */
  readonly sentAt?: number
  readonly lastAcceptedAt?: number
  /** The purges by URL that repaired broken assets during the verification, if any. */
  readonly repairs?: PurgesFromChecks
}

/**
 * The purges by URL the checks sent: repairs of broken assets, and pages rendered again (a new
 * render blank, a shell or a soft 404); their requests, and the paths accepted.
 */
export interface PurgesFromChecks {
  readonly assetRepairs: readonly RequestResult[]
  readonly rerenders: readonly RequestResult[]
  readonly accepted: readonly string[]
}

/** The verification step's part: checked, or asked for and skipped (with why). */
export type VerificationPart =
  | {
      readonly kind: 'verified'
      readonly report: VerifyReport
      /** `verify: true` fails the step when a check is not fresh; `warn` only warns. */
      readonly mode: 'fail' | 'warn'
      /** verify_timeout_seconds, and what it counts from. */
      readonly timeoutMs: number
      readonly deadlineFrom: 'last-purge' | 'step-start'
      /** With verify_content: old content and what was purged again. */
      readonly oldContent?: OldContentReport
      /** Another build the origin showed live: a newer one in this run's place, or a rollback. */
      readonly otherBuild?: OtherBuildLive
    }
  | { readonly kind: 'skipped'; readonly reason: string }
  /**
   * The pages this job would check do not fit in the memory a job keeps (verify_limit: 0 over a
   * huge selection): the run stopped before purging or checking; the message says what to set.
   */
  | { readonly kind: 'over-budget'; readonly message: string }

/** Which other build went live in this run's place, and when (runner's clock). */
export type OtherBuildLive =
  | { readonly kind: 'superseded'; readonly commit: string; readonly at: number }
  | { readonly kind: 'rolled-back'; readonly commit: string; readonly at: number }

export interface RunReport {
  /** The inputs were refused (or the event revealed a problem in them): nothing was sent. */
  inputProblems?: readonly ProblemText[]
  changedFiles?: ChangedFilesReport
  /** GitHub could not list the changed files: nothing was purged. */
  changedFilesFailure?: ChangedFilesFailure
  purge?: PurgeReport
  /** The wait for the origin (origin_url); `failed` when the build never showed. */
  origin?: OriginReport
  /** The dry run's blast radius (site_url given). */
  preview?: PreviewReport
  verification?: VerificationPart
  /** How fast the settings let the run go: the comment's plan tells the time it implies. */
  pace?: RunPace
  /** The inputs' and the plan's warnings, said in the log as they came. */
  warnings: string[]
  /** The run stopped on an error nobody foresaw; what it had done before is above. */
  unexpectedError?: string
  /** What the run wrote on GitHub (the commit status, the comment), or why it could not. */
  published?: readonly string[]
}

/** How the step ends, as the runner shows it. */
export type StepConclusion = 'passed' | 'warned' | 'failed'

/**
 * The step's conclusion, from the report alone: the same rules by which the steps call
 * setFailed (a test runs every outcome end to end and compares the exit code).
 */
export function stepConclusion(report: Readonly<RunReport>): StepConclusion {
  if (
    report.unexpectedError !== undefined ||
    report.inputProblems !== undefined ||
    report.changedFilesFailure !== undefined ||
    originFailed(report.origin) ||
    report.purge?.outcome.status === 'failed' ||
    report.verification?.kind === 'over-budget'
  ) {
    return 'failed'
  }
  const verification = report.verification
  if (verification?.kind !== 'verified') return 'passed'
  const { status, fatal } = verification.report.verification
  if (fatal !== undefined) return 'failed'
  // `broken`: every page fresh, but one cannot render (an asset it needs is broken);
  // `bad-render`: every page fresh, but a new render is not what a crawler should get.
  // `rolled-back`: the site went back to an older build, so this run's is not what it serves.
  return status === 'fresh' || status === 'skipped'
    ? 'passed'
    : verification.mode === 'fail'
      ? 'failed'
      : 'warned'
}

/** The origin never showed the build on a real run: nothing was purged. */
export function originFailed(origin: OriginReport | undefined): boolean {
  return origin !== undefined && !origin.wait.ready && !origin.dryRun
}
