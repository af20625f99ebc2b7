/**
 * What a run does with the diagnostics of its inputs: notices and warnings go to the log, and
 * problems end the run before anything is sent, with one error annotation per input, the
 * `status` output and a summary listing every problem.
 */
import type { ActionIo } from './action-io.js'
import { Output } from './constants.js'
import { formatProblem, problemMessagesByInput, type Diagnostics } from './diagnostics.js'
import { renderInputProblems } from './report/summary.js'
import { skippedVerifyOutputs } from './verify-step.js'

export function reportDiagnostics(diagnostics: Diagnostics, io: ActionIo): void {
  for (const notice of diagnostics.notices) io.notice(notice)
  for (const warning of diagnostics.warnings) io.warning(warning)
}

export async function failOnInputProblems(diagnostics: Diagnostics, io: ActionIo): Promise<void> {
  const count = diagnostics.problems.length
  io.setOutputs({ [Output.Status]: 'failed', ...skippedVerifyOutputs() })
  await io.writeSummary(renderInputProblems(diagnostics.problems.map(formatProblem)))
  io.info(`${count} input problem${count === 1 ? '' : 's'}; nothing was sent.`)
  // One error annotation per input that is wrong, and no other.
  io.failWithErrors(problemMessagesByInput(diagnostics.problems))
}
