/**
 * Shared set-up for the run-level tests: the emulator in process (each file starts its own),
 * and the action's run in process too (support/run-in-process.ts), with the same result and
 * helpers as the end-to-end tests, which run the bundle in a child.
 */
import type { RunResult } from '../../../scripts/run-action.mjs'
import { useFastTime } from '../../support/fast-time.js'
import { runInProcess } from '../../support/run-in-process.js'
import { API_KEY } from '../../support/run-result.js'

export * from '../../support/run-result.js'

// Before the file's own beforeAll starts its emulator: both then read the one fast clock.
useFastTime()

export async function runWith(
  baseUrl: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  expressions: Record<string, string> = {}
): Promise<RunResult> {
  return runInProcess({
    inputs: { api_key: API_KEY, base_url: baseUrl, ...inputs },
    env,
    expressions
  })
}
