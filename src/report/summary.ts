/**
 * The job summary of a whole run, rendered once at its end from the run report (pure): the
 * status line first, then what stopped the run or failed, the verification (its timeline,
 * numbers and the rows to act on), and the details folded below. Writing it is the edge's job.
 * GitHub drops a step summary over 1 MiB, so long lists shrink until it fits.
 */
import { grouped } from '../text/format.js'
import { PROPAGATION_NOTE } from '../core/constants.js'
import {
  changedFilesSection,
  renderChangedFilesFailure,
  urlsOfGoneFiles
} from './changed-files-report.js'
import { escapeHtml, fencedBlock, foldedList } from '../text/html.js'
import { renderOriginSection, renderOriginTimeout } from './origin-report.js'
import { renderPurgeRequests } from './purge-section.js'
import { renderOldContentSection } from './repurge-report.js'
import { originFailed, type ProblemText, type RunReport } from './run-report.js'
import { provedFresh, statusLine } from './status-line.js'
import { renderTimeline } from './timeline.js'
import {
  MAX_PAGE_ROWS,
  renderVerificationOverBudget,
  renderVerificationSection,
  renderVerificationSkipped
} from './verification.js'
import { renderPreviewSection } from './preview-section.js'
import type { ListLimits } from './list-limits.js'

export type { ProblemText, RunReport }
export { statusLine }

/** Enough rows to read; a 100,000-URL run would otherwise write thousands. */
export const MAX_REQUEST_ROWS = 200
export const MAX_LISTED_ITEMS = 1000
/** Warnings shown; the log has every one. */
const MAX_WARNINGS = 50
/** GitHub drops a step summary over 1 MiB: stay well below, whatever the items' lengths. */
export const MAX_SUMMARY_BYTES = 900 * 1024

const FULL_LIMITS: ListLimits = { rows: MAX_REQUEST_ROWS, items: MAX_LISTED_ITEMS }

/** Renders the summary, showing fewer items of each list until it fits GitHub's limit. */
export function renderSummary(report: Readonly<RunReport>): string {
  let limits = FULL_LIMITS
  for (;;) {
    const markdown = renderWithLimits(report, limits)
    if (Buffer.byteLength(markdown) <= MAX_SUMMARY_BYTES || limits.items === 0) return markdown
    limits = { rows: Math.floor(limits.rows / 4), items: Math.floor(limits.items / 4) }
  }
}

function renderWithLimits(report: Readonly<RunReport>, limits: ListLimits): string {
  const { purge, verification } = report
  const parts = [`<h2>${escapeHtml(statusLine(report))}</h2>\n`]
  // The service's caveat holds only while nothing here proved the pages fresh.
  const sent = purge?.results !== undefined && purge.outcome.count > 0
  if (sent && !provedFresh(verification)) {
    parts.push(`<blockquote>${escapeHtml(PROPAGATION_NOTE)}</blockquote>\n`)
  }
  if (report.unexpectedError !== undefined) {
    parts.push(
      `<p>❌ The run stopped on an unexpected error: ${escapeHtml(report.unexpectedError)}. This summary shows what was done before it; the log has the rest.</p>\n`
    )
  }
  if (report.inputProblems !== undefined) parts.push(renderInputProblems(report.inputProblems))
  if (report.changedFilesFailure !== undefined) {
    parts.push(renderChangedFilesFailure(report.changedFilesFailure))
  }
  if (report.origin !== undefined && originFailed(report.origin) && purge !== undefined) {
    parts.push(renderOriginTimeout(report.origin, purge.plan.targets))
  }
  if (purge?.results !== undefined) parts.push(renderPurgeRequests(purge, limits.rows))
  // A dry run's preview is its result: before the verification it skipped.
  if (report.preview !== undefined) {
    parts.push(
      renderPreviewSection(
        report.preview,
        purge?.plan.targets.urls ?? [],
        urlsOfGoneFiles(report.changedFiles)
      )
    )
  }
  if (verification?.kind === 'verified') {
    parts.push(
      renderVerificationSection(
        verification,
        Math.min(MAX_PAGE_ROWS, limits.rows),
        renderTimeline(report)
      )
    )
    if (verification.oldContent !== undefined) {
      parts.push(renderOldContentSection(verification.oldContent, limits.items + 1))
    }
  } else if (verification?.kind === 'skipped') {
    parts.push(renderVerificationSkipped(verification.reason))
  } else if (verification?.kind === 'over-budget') {
    parts.push(renderVerificationOverBudget(verification.message))
  }
  if (report.origin !== undefined && !originFailed(report.origin)) {
    parts.push(renderOriginSection(report.origin))
  }
  if (purge !== undefined && purge.results === undefined && !originFailed(report.origin)) {
    parts.push(renderPurgeRequests(purge, limits.rows))
  }
  if (purge !== undefined && !originFailed(report.origin)) {
    const { outcome, plan, results } = purge
    // mode: verify purges nothing: its targets only select the pages to check.
    const verifyOnly = outcome.status === 'verify-only'
    const verb = verifyOnly ? 'Selecting' : results === undefined ? 'Planned' : 'Purged'
    const targets = verifyOnly ? plan.targets : outcome.purged
    parts.push(foldedList(`${verb} tags`, targets.tags, limits.items))
    parts.push(foldedList(`${verb} URLs`, targets.urls, limits.items))
    parts.push(foldedList(`${verb} pattern`, targets.patterns, limits.items))
    parts.push(foldedList('Not purged', outcome.failed, limits.items))
  }
  if (report.changedFiles) parts.push(changedFilesSection(report.changedFiles, limits))
  if (report.published !== undefined) {
    parts.push(
      `<h3>On GitHub</h3>\n<ul>\n${report.published.map(note => `<li>${escapeHtml(note)}</li>`).join('\n')}\n</ul>\n`
    )
  }
  if (report.warnings.length > 0) {
    const shown = report.warnings.slice(0, MAX_WARNINGS)
    const more = report.warnings.length - shown.length
    parts.push(
      `<h3>Warnings</h3>\n<ul>\n${shown.map(w => `<li>${escapeHtml(w)}</li>`).join('\n')}${more > 0 ? `\n<li>… and ${grouped(more)} more, in the log</li>` : ''}\n</ul>\n`
    )
  }
  return parts.filter(part => part !== '').join('\n')
}

/**
 * Every input problem, and that nothing was sent. A correction follows its problem as a fenced
 * YAML block (Markdown, outside the HTML list), so it can be copied as it is.
 */
export function renderInputProblems(problems: readonly (string | ProblemText)[]): string {
  const parts = ['<h3>Input problems</h3>\n<ul>\n']
  for (const problem of problems) {
    const { text, yaml } = typeof problem === 'string' ? { text: problem } : problem
    parts.push(`<li>${escapeHtml(text)}</li>\n`)
    if (yaml !== undefined) parts.push(`</ul>\n\n${fencedBlock('yaml', yaml)}\n<ul>\n`)
  }
  parts.push('</ul>\n<p>Nothing was sent: fix the inputs above and run the job again.</p>\n')
  return parts.join('').replace(/<ul>\n<\/ul>\n/g, '')
}
