/** Shared set-up for the end-to-end tests: the emulator in process, the action in a child. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ACTION_ENTRY, REPO_ROOT, runAction, type RunResult } from '../../scripts/run-action.mjs'
import {
  mermaidBlocks,
  parseMermaid,
  rawMarkupShown,
  renderGitHubMarkdown
} from '../support/github-markdown.js'

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

/** The summary's first line, the status line, as a reader sees it (entities decoded). */
export function summaryHeadline(result: RunResult): string {
  const first = /^<h2>(.*)<\/h2>\n/.exec(result.summary)?.[1]
  if (first === undefined)
    throw new Error(`the summary does not open with an <h2>: ${result.summary.slice(0, 200)}`)
  return first.replace(/&(#(\d+)|lt|gt|amp|quot);/g, (_, entity: string, code?: string) =>
    code !== undefined
      ? String.fromCodePoint(Number(code))
      : (({ lt: '<', gt: '>', amp: '&', quot: '"' } as Record<string, string>)[entity] ?? '')
  )
}

/** The log's last line (the runner's commands left out). */
export function lastLogLine(result: RunResult): string {
  const lines = result.stdout
    .split('\n')
    .filter(line => line.trim() !== '' && !line.startsWith('::'))
  return lines[lines.length - 1] ?? ''
}

/**
 * What is wrong with the summary as GitHub shows it: markup shown as text, and charts mermaid's
 * parser refuses (each with its message). Empty when it renders cleanly.
 */
export async function summaryRenderProblems(result: RunResult): Promise<string[]> {
  const problems = rawMarkupShown(renderGitHubMarkdown(result.summary))
  for (const chart of mermaidBlocks(result.summary)) {
    try {
      await parseMermaid(chart)
    } catch (error) {
      problems.push(`mermaid: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return problems
}
