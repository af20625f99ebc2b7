/** Shared set-up for the end-to-end tests: the emulator in process, the action in a child. */
import { existsSync } from 'node:fs'
import { ACTION_ENTRY, runAction, type RunResult } from '../../scripts/run-action.mjs'

export const API_KEY = 'e2e-K3y/with+special&chars=%'
export const ENCODED_KEY = encodeURIComponent(API_KEY)

if (!existsSync(ACTION_ENTRY)) {
  throw new Error(`${ACTION_ENTRY} is missing: run \`npm run bundle\` before the end-to-end tests.`)
}

export async function runWith(
  baseUrl: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  expressions: Record<string, string> = {}
): Promise<RunResult> {
  return runAction({ inputs: { api_key: API_KEY, base_url: baseUrl, ...inputs }, env, expressions })
}

/** Every place a run could show text to someone: logs (minus the runner's mask commands), outputs, summary. */
export function visibleText(result: RunResult): string {
  const stdout = result.stdout
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')
  return [stdout, result.stderr, JSON.stringify(result.outputs), result.summary].join('\n')
}

export function errorsOf(result: RunResult): string[] {
  return result.commands.filter(c => c.command === 'error').map(c => c.message)
}

export function noticesOf(result: RunResult): string[] {
  return result.commands.filter(c => c.command === 'notice').map(c => c.message)
}

export function warningsOf(result: RunResult): string[] {
  return result.commands.filter(c => c.command === 'warning').map(c => c.message)
}
