/** Shared set-up for the end-to-end tests: the emulator in process, the action in a child. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ACTION_ENTRY, REPO_ROOT, runAction, type RunResult } from '../../scripts/run-action.mjs'
import { API_KEY } from '../support/run-result.js'

export * from '../support/run-result.js'

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

/**
 * A run of the action with the benchmark's probe preloaded (bench/rss-probe.mjs): its result,
 * and the peak resident memory of its process in MiB (undefined when it died before writing it).
 */
export async function withPeakRss(
  run: (env: Record<string, string>) => Promise<RunResult>
): Promise<{ result: RunResult; peakMiB: number | undefined }> {
  const dir = mkdtempSync(join(tmpdir(), 'purge-e2e-rss-'))
  const file = join(dir, 'rss')
  try {
    const probe = pathToFileURL(join(REPO_ROOT, 'bench', 'rss-probe.mjs')).href
    const result = await run({ NODE_OPTIONS: `--import=${probe}`, BENCH_RSS_FILE: file })
    const peakMiB = existsSync(file) ? Number(readFileSync(file, 'utf8')) / 1024 : undefined
    return { result, peakMiB }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
