/**
 * What the steps of a run may do to the world beyond their return value: write the log,
 * annotations and outputs, fail the step, read the event that started the run, and say where
 * its changed files come from. The action implements it over the runner
 * (src/action/action-io.ts), the command line over a terminal (src/cli/cli-io.ts); tests bring
 * their own. Whatever an implementation writes, it redacts the registered secrets first and keeps
 * outside text from steering its reader (the runner's workflow commands).
 */
import type { Diagnostics } from '../core/diagnostics.js'
import type { GitHubContextLike } from '../changed-files/change-source.js'
import type { ChangeReader } from '../changed-files/change-reader.js'
import type { Clock } from '../time/clock.js'

/**
 * The event that started the run, as the changed-files rules and build_id's default read it,
 * and the run itself, as a comment and a commit status name and link it.
 */
export type RunContext = GitHubContextLike & {
  readonly apiUrl: string
  /** GITHUB_SERVER_URL: the run's page is under it. */
  readonly serverUrl?: string
  /** GITHUB_WORKFLOW: the workflow's name (its path when it has none). */
  readonly workflow?: string
  /** GITHUB_JOB: the job's id. */
  readonly job?: string
  /** GITHUB_RUN_ATTEMPT */
  readonly runAttempt?: number
}

export interface StepIo {
  /**
   * The runner's clock, the one every step reads time from (the system's; a test's own): what
   * a step times and what it waits on agree with what the loops it starts are told.
   */
  readonly clock: Clock
  /** Each line of the message is its own log line. */
  info(message: string): void
  notice(message: string): void
  warning(message: string): void
  error(message: string): void
  /** The notices and warnings found while reading inputs; problems are the caller's to report. */
  remarks(diagnostics: Pick<Diagnostics, 'notices' | 'warnings'>): void
  /** A folded group of log lines under a title. */
  group(title: string, lines: readonly string[]): void
  setOutputs(outputs: Readonly<Record<string, string>>): void
  /** List outputs, as JSON arrays that fit the outputs' size limit (cut ones said). */
  setListOutputs(lists: Readonly<Record<string, readonly string[]>>): void
  /** Fails the step with one error that says why. */
  setFailed(message: string): void
  /** Fails the step with these errors and no other: one per problem the user has to fix. */
  failWithErrors(messages: readonly string[]): void
  /** The event that started the run. */
  context(): RunContext
  /** Where the changed files come from: GitHub's API (the action), local git (the command line). */
  changeReader(): ChangeReader
  /**
   * The folder of the run's checkout, where git tells how two commits relate (the action: the
   * runner's GITHUB_WORKSPACE; the command line: its working directory); absent: none known.
   */
  readonly checkout?: string
}
