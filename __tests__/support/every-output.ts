/**
 * Every documented output set, and every list output a JSON array: what a later step relies on
 * after any run. Shared by the end-to-end outputs test (on the bundle's output file) and the
 * run-level one (in process).
 */
import { expect } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { REPO_ROOT, type RunResult } from '../../scripts/run-action.mjs'

const OUTPUTS = Object.keys(
  (parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { outputs: object }).outputs
)
const LIST_OUTPUTS = ['tags', 'urls', 'failed', 'changed_files', 'unmapped_files', 'stale']

export function expectEveryOutput(result: RunResult): void {
  expect(Object.keys(result.outputs).sort()).toEqual([...OUTPUTS].sort())
  for (const name of LIST_OUTPUTS) {
    expect(Array.isArray(JSON.parse(result.outputs[name] ?? 'not JSON'))).toBe(true)
  }
}
