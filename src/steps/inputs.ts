/**
 * The inputs step: raw input strings in, typed settings out. Notices and warnings go to the
 * log; problems end the run before anything is sent, with one error annotation per input that
 * is wrong, the `status` output, and the problems for the summary. Later steps that find
 * input problems of their own (the changed-files step's event rules) hand them to
 * failOnInputProblems through main.ts.
 */
import type { StepIo } from './io.js'
import { Input, Output } from '../core/constants.js'
import {
  Diagnostics,
  formatProblemWithoutCorrection,
  problemMessagesByInput
} from '../core/diagnostics.js'
import { checkInputVariables, type InputEnvironment } from '../plan/input-names.js'
import { TRUE_WORDS } from '../core/scalars.js'
import type { ProblemText } from '../report/run-report.js'
import { skippedVerifyOutputs } from '../report/verify-outputs.js'
import {
  parseInputs,
  type EventDefaults,
  type RawInputs,
  type RunSettings
} from '../plan/settings.js'

/**
 * The run's settings, or undefined when an input is wrong (the step has failed then). An input
 * variable the action does not read (a misspelt `with:` key) is such a problem, reported first.
 */
export async function readSettings(
  raw: RawInputs,
  environment: InputEnvironment,
  io: StepIo
): Promise<
  | { settings: RunSettings; diagnostics: Diagnostics; problems?: undefined }
  | { problems: ProblemText[] }
> {
  const names = new Diagnostics()
  checkInputVariables(environment, raw, names)
  const { settings, diagnostics } = await parseInputs(raw, names, await eventDefaults(raw, io))
  io.remarks(diagnostics)
  if (!settings) return { problems: failOnInputProblems(diagnostics, io) }
  return { settings, diagnostics }
}

/** Fails the step on these problems (outputs, annotations); returns them for the summary. */
export function failOnInputProblems(diagnostics: Diagnostics, io: StepIo): ProblemText[] {
  const count = diagnostics.problems.length
  io.setOutputs({ [Output.Status]: 'failed', ...skippedVerifyOutputs() })
  io.info(`${count} input problem${count === 1 ? '' : 's'}; nothing was sent.`)
  // One error annotation per input that is wrong, and no other.
  io.failWithErrors(problemMessagesByInput(diagnostics.problems))
  return diagnostics.problems.map(problem => ({
    text: formatProblemWithoutCorrection(problem),
    ...(problem.correction !== undefined && { yaml: problem.correction })
  }))
}

/**
 * The event's part of the defaults: only runs that need a build id read the event (and load the
 * change-range rules that say which commit it deploys).
 */
async function eventDefaults(raw: RawInputs, io: StepIo): Promise<EventDefaults> {
  const needsBuild =
    raw[Input.OriginUrl].trim() !== '' || TRUE_WORDS.has(raw[Input.VerifyContent].trim())
  if (!needsBuild) return {}
  const { deployedCommitOf } = await import('../origin/deployed-commit.js')
  return { deployedCommit: deployedCommitOf(io.context()) }
}
