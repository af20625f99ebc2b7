/**
 * The action's run() as the runner and @github/local-action call it: the inputs from the
 * runner's `INPUT_*` variables, the log, outputs and summary through the runner (ActionIo),
 * and in between the one run every entry shares (run/run.ts).
 */
import { ActionIo, readInputEnvironment, readRawInputs } from './action/action-io.js'
import { runPurge } from './run/run.js'

export async function run(io = new ActionIo()): Promise<void> {
  await runPurge(io, readRawInputs(), readInputEnvironment())
}
