/**
 * What a run's result shows, read as a reader or a later step reads it: shared by the
 * end-to-end tests (the bundle in a child) and the in-process run-level tests
 * (__tests__/unit/run/), which return the same RunResult.
 */
import type { RunResult } from '../../scripts/run-action.mjs'
import {
  mermaidBlocks,
  parseMermaid,
  rawMarkupShown,
  renderGitHubMarkdown
} from './github-markdown.js'

export const API_KEY = 'e2e-K3y/with+special&chars=%'
export const ENCODED_KEY = encodeURIComponent(API_KEY)

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
