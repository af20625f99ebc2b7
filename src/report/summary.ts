/**
 * The job summary's content, as a value: what was purged (or planned), request by request,
 * the items themselves, failures with the service's words, and the changed-file mapping.
 * Writing it is the edge's job. GitHub caps a step's summary at 1 MiB, so long lists are cut.
 */
import { PROPAGATION_NOTE } from '../constants.js'
import type { Plan, PurgeRequest } from '../plan.js'
import type { RequestResult } from '../send/send-plan.js'
import type { RunOutcome } from './outcome.js'
import { code, escapeHtml, fencedBlock, foldedList, table } from './html.js'
import type { ChangedFilesReport } from './changed-files-report.js'
import { changedFilesSection } from './changed-files-report.js'

export interface SummaryInput {
  readonly plan: Plan
  readonly outcome: RunOutcome
  /** Absent on a dry run. */
  readonly results?: readonly RequestResult[]
  readonly warnings: readonly string[]
  readonly changedFiles?: ChangedFilesReport
}

/** Enough rows to read; a 100,000-URL run would otherwise write thousands. */
export const MAX_REQUEST_ROWS = 200
export const MAX_LISTED_ITEMS = 1000
/** GitHub drops a step summary over 1 MiB: stay well below, whatever the items' lengths. */
export const MAX_SUMMARY_BYTES = 900 * 1024

/** How much of each long list the summary shows. */
export interface ListLimits {
  readonly rows: number
  readonly items: number
}
const FULL_LIMITS: ListLimits = { rows: MAX_REQUEST_ROWS, items: MAX_LISTED_ITEMS }

const KIND_LABEL = { tag: 'tags', url: 'URLs', pattern: 'pattern' } as const

/** Renders the summary, showing fewer items of each list until it fits GitHub's limit. */
export function renderSummary(input: SummaryInput): string {
  let limits = FULL_LIMITS
  for (;;) {
    const html = renderWithLimits(input, limits)
    if (Buffer.byteLength(html) <= MAX_SUMMARY_BYTES || limits.items === 0) return html
    limits = { rows: Math.floor(limits.rows / 4), items: Math.floor(limits.items / 4) }
  }
}

function renderWithLimits(input: SummaryInput, limits: ListLimits): string {
  const { plan, outcome, results } = input
  const parts = [`<h2>Cache purge: ${escapeHtml(headline(input))}</h2>\n`]
  if (results === undefined && outcome.status === 'dry-run') {
    parts.push('<p><strong>Dry run</strong>: nothing was sent. This is the plan.</p>\n')
  }
  if (results !== undefined && outcome.count > 0) {
    parts.push(`<blockquote>${escapeHtml(PROPAGATION_NOTE)}</blockquote>\n`)
  }
  if (plan.requests.length > 0) parts.push(requestTable(plan.requests, limits.rows, results))
  parts.push(failuresSection(results ?? [], limits.rows))
  // mode: verify purges nothing: its targets only select the pages to check.
  const verifyOnly = outcome.status === 'verify-only'
  const verb = verifyOnly ? 'Selecting' : results === undefined ? 'Planned' : 'Purged'
  const targets = verifyOnly ? plan.targets : outcome.purged
  parts.push(foldedList(`${verb} tags`, targets.tags, limits.items))
  parts.push(foldedList(`${verb} URLs`, targets.urls, limits.items))
  parts.push(foldedList(`${verb} pattern`, targets.patterns, limits.items))
  parts.push(foldedList('Not purged', outcome.failed, limits.items))
  if (input.changedFiles) parts.push(changedFilesSection(input.changedFiles, limits))
  if (input.warnings.length > 0) {
    parts.push(
      `<h3>Warnings</h3>\n<ul>\n${input.warnings.map(w => `<li>${escapeHtml(w)}</li>`).join('\n')}\n</ul>\n`
    )
  }
  return parts.filter(part => part !== '').join('\n')
}

function headline({ outcome, plan, results }: SummaryInput): string {
  const requests = `${plan.requests.length} request${plan.requests.length === 1 ? '' : 's'}`
  switch (outcome.status) {
    case 'dry-run':
      return `dry run, ${outcome.count} target(s) in ${requests} planned`
    case 'nothing-to-purge':
      return 'nothing to purge'
    case 'purged':
      return `${outcome.count} target(s) purged in ${requests}`
    case 'failed': {
      const failedRequests = (results ?? []).filter(result => result.outcome !== 'purged').length
      return `failed: ${failedRequests} of ${requests} did not succeed; ${outcome.failed.length} target(s) not purged`
    }
    case 'verify-only':
      return 'mode: verify, nothing purged; the targets select the pages to check'
  }
}

function requestTable(
  requests: readonly PurgeRequest[],
  maxRows: number,
  results?: readonly RequestResult[]
): string {
  const shown = requests.slice(0, maxRows)
  const headers = results
    ? ['#', 'kind', 'items', 'country', 'HTTP status', 'attempts', 'time', 'result']
    : ['#', 'kind', 'items', 'country', 'first item']
  const rows = shown.map(request => {
    const base = [
      String(request.index + 1),
      KIND_LABEL[request.kind],
      String(request.items.length),
      request.country ? code(request.country) : 'any'
    ]
    const result = results?.[request.index]
    if (!results) return [...base, code(request.items[0] ?? '')]
    if (!result) return [...base, '', '', '', 'unknown']
    return [
      ...base,
      result.status === undefined ? '—' : String(result.status),
      String(result.attempts),
      `${(result.durationMs / 1000).toFixed(2)} s`,
      result.outcome === 'purged'
        ? '✅ purged'
        : result.outcome === 'failed'
          ? '❌ failed'
          : '⏭️ not sent'
    ]
  })
  const more =
    requests.length > shown.length
      ? `<p>… and ${requests.length - shown.length} more request(s): ${describeRest(requests.slice(shown.length), results)}.</p>\n`
      : ''
  return table(headers, rows) + more
}

function describeRest(rest: readonly PurgeRequest[], results?: readonly RequestResult[]): string {
  if (!results) return 'planned'
  const purged = rest.filter(request => results[request.index]?.outcome === 'purged').length
  return `${purged} purged, ${rest.length - purged} not`
}

function failuresSection(results: readonly RequestResult[], maxRows: number): string {
  const failures = results.filter(result => result.outcome !== 'purged')
  if (failures.length === 0) return ''
  const rows = failures
    .slice(0, maxRows)
    .map(result => [
      String(result.request.index + 1),
      KIND_LABEL[result.request.kind],
      result.status === undefined ? '—' : String(result.status),
      escapeHtml(result.message ?? ''),
      result.requestId ? code(result.requestId) : ''
    ])
  return `<h3>Failures</h3>\n${table(['#', 'kind', 'HTTP status', 'message', 'request id'], rows)}`
}

/** A problem as the summary shows it: its text, and the YAML to write instead, if any. */
export interface ProblemText {
  readonly text: string
  readonly yaml?: string
}

/**
 * The summary of a run refused for its inputs: every problem, and that nothing was sent. A
 * correction follows its problem as a fenced YAML block (Markdown, outside the HTML list), so
 * it can be copied as it is.
 */
export function renderInputProblems(problems: readonly (string | ProblemText)[]): string {
  const parts = [`<h2>Cache purge: ${problems.length} input problem(s), nothing sent</h2>\n<ul>\n`]
  for (const problem of problems) {
    const { text, yaml } = typeof problem === 'string' ? { text: problem } : problem
    parts.push(`<li>${escapeHtml(text)}</li>\n`)
    if (yaml !== undefined) parts.push(`</ul>\n\n${fencedBlock('yaml', yaml)}\n<ul>\n`)
  }
  parts.push('</ul>\n')
  return parts.join('').replace(/<ul>\n<\/ul>\n/g, '')
}

/** The summary of a run that stopped on an unexpected error: what it was, and that it failed. */
export function renderUnexpectedError(message: string): string {
  return `<h2>Cache purge: failed</h2>\n<p>${escapeHtml(message)}</p>\n<p>The run stopped before it could finish; check the log. What was sent before the error is not known to this summary.</p>\n`
}
