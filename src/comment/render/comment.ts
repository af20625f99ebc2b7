/**
 * The comment on a pull request, rendered from the run report (pure), as the job summary is.
 * On the pull request it is the plan: what the merge will purge, most important first (the
 * status line, the targets by kind, the changed files and the url_map line that mapped each,
 * the pages each pattern and folder tag selects, the requests and the time they take, the
 * warnings). After the merge, the same comment becomes the result: what was purged, what the
 * edge proved, and whether that was the plan the pull request previewed.
 *
 * It opens with the hidden marker (comment/write/marker.ts) by which the next run finds it. GitHub
 * refuses a comment over 65,536 characters: lists shrink until it fits, and past that only the
 * head is kept, with a link to the job summary. Every text from outside is made inert
 * (text/inert-html.ts): escaped, its mentions, references and links broken.
 */
import { escapeHtml } from '../../text/html.js'
import { inert } from '../../text/inert-html.js'
import { grouped, shortSha } from '../../text/format.js'
import { writeMarker, type CommentMarker } from '../write/marker.js'
import {
  changedFilesSection,
  countsOf,
  paceSection,
  prose,
  requestsSection,
  selectionSection,
  stoppedSection,
  targetsSection,
  verificationSection,
  warningsSection,
  type CommentLimits
} from './sections.js'
import { urlsOfGoneFiles } from '../../report/changed-files-report.js'
import type { RunReport } from '../../report/run-report.js'
import { statusLine } from '../../report/status-line.js'

export interface CommentContext {
  /** Written as the first line: which workflow, job and leg, and the plan's fingerprint. */
  readonly marker: CommentMarker
  /** The run's page, where its job summary is; absent outside a runner. */
  readonly runUrl?: string
  readonly runId?: number
  /** GITHUB_EVENT_NAME */
  readonly event: string
  /** The commit the plan was made for, or the one deployed. */
  readonly commit?: string
  /** When the comment was written (runner's clock). */
  readonly now: number
}

/** GitHub's limit for a comment's body. */
export const MAX_COMMENT_CHARACTERS = 65_536
/** What the comment may take: room left for GitHub's own counting of characters. */
const BUDGET = 60_000

const FULL_LIMITS: CommentLimits = { rows: 100, items: 40, pages: 5 }

export function renderComment(report: Readonly<RunReport>, context: CommentContext): string {
  let limits = FULL_LIMITS
  for (;;) {
    const body = renderWithLimits(report, context, limits)
    if (body.length <= BUDGET) return body
    if (limits.rows === 0 && limits.items === 0) break
    limits = {
      rows: Math.floor(limits.rows / 4),
      items: Math.floor(limits.items / 4),
      pages: Math.min(limits.pages, 1)
    }
  }
  // Even the shortest lists do not fit (a wall of warnings, each one long): the head alone.
  const cut = `<p>${inert('The rest did not fit in a comment (GitHub takes at most 65,536 characters):')} ${runLink(context, 'the job summary has it all')}.</p>\n`
  return `${head(report, context)}${cut}${footer(context)}`.slice(0, BUDGET)
}

function renderWithLimits(
  report: Readonly<RunReport>,
  context: CommentContext,
  limits: CommentLimits
): string {
  const { purge } = report
  const parts = [head(report, context), stoppedSection(report)]
  const kind = context.marker.kind
  if (kind === 'result') {
    parts.push(comparison(context))
    parts.push(verificationSection(report.verification, purge, limits, runLink(context)))
    if (purge !== undefined) parts.push(requestsSection(purge, limits))
  }
  if (purge !== undefined) {
    const { outcome, plan, results } = purge
    const verifyOnly = outcome.status === 'verify-only'
    const title = verifyOnly
      ? 'Pages checked for (mode: verify, nothing purged)'
      : results === undefined
        ? 'Would purge'
        : 'Purged'
    parts.push(
      targetsSection(title, verifyOnly ? plan.targets : outcome.purged, outcome.failed, limits)
    )
  }
  if (report.changedFiles !== undefined) {
    parts.push(changedFilesSection(report.changedFiles, limits))
  }
  if (kind === 'plan') {
    if (report.preview !== undefined) {
      parts.push(
        selectionSection(
          report.preview,
          purge?.plan.targets.urls ?? [],
          limits,
          urlsOfGoneFiles(report.changedFiles)
        )
      )
    } else if (
      (purge?.plan.targets.patterns.length ?? 0) + (purge?.plan.targets.tags.length ?? 0) >
      0
    ) {
      parts.push(
        `<p>${inert('To see which pages each pattern and folder tag selects, give site_url: the plan then reads the sitemap.')}</p>\n`
      )
    }
    parts.push(paceSection(report))
  }
  parts.push(warningsSection(report.warnings, limits))
  parts.push(footer(context))
  return parts.filter(part => part !== '').join('')
}

/** The marker, the status line, and what this comment is: a plan, or a result. */
function head(report: Readonly<RunReport>, context: CommentContext): string {
  const { marker } = context
  const commit = context.commit === undefined ? '' : ` at ${code7(context.commit)}`
  const by = `${runLink(context)} of ${codeOf(marker.workflow)}, job ${codeOf(marker.job)}`
  let what: string
  if (marker.kind === 'plan') {
    const dryRun = report.purge?.results === undefined
    what = `<strong>Plan</strong> for this pull request${commit}, by ${by}. ${inert(dryRun ? 'Nothing was purged: this run is a dry run (dry_run). The run that deploys the merge purges it and writes its result here.' : 'This run purged for real.')}`
  } else {
    what = `<strong>Result</strong> of the deploy${commit} (${inert(context.event)}), by ${by}.`
  }
  return `${writeMarker(marker)}\n<h3>${prose(statusLine(report), 1500)}</h3>\n<p>${what}</p>\n`
}

/** On a result: whether it applied the plan the pull request previewed. */
function comparison({ marker }: CommentContext): string {
  const previewed = marker.previewed
  if (previewed === undefined) {
    return `<p>${inert('No plan was previewed on this pull request by this workflow and job.')}</p>\n`
  }
  const at = previewed.sha === undefined ? '' : ` at ${code7(previewed.sha)}`
  if (previewed.plan === marker.plan) {
    return `<p>✅ ${inert(`It purged the plan this pull request previewed (${countsOf(previewed.targets)}`)}${at}).</p>\n`
  }
  return `<p>⚠️ <strong>${inert('The plan applied differs from the one previewed')}</strong>${inert(`: previewed ${countsOf(previewed.targets)}`)}${at}${inert(`, applied ${countsOf(marker.targets)}. Other commits were merged in between, or the inputs changed; the lists below are what was applied.`)}</p>\n`
}

function footer(context: CommentContext): string {
  const when = new Date(context.now).toISOString().replace(/\.\d+Z$/, 'Z')
  return `<p><sub>${inert(`Updated ${when} by`)} ${runLink(context)}. ${inert('Written by render-cache-purge-action; the job summary has the whole run.')}</sub></p>\n`
}

/** `run 123` linked to the run's page (where the job summary is); plain text without one. */
function runLink(context: CommentContext, text?: string): string {
  const label =
    text ??
    (context.runId === undefined ? 'this run' : `run ${grouped(context.runId).replace(/,/g, '')}`)
  if (context.runUrl === undefined) return inert(label)
  // Our own link: the runner's address, escaped as an attribute, never outside text.
  return `<a href="${escapeHtml(context.runUrl)}">${inert(label)}</a>`
}

function codeOf(text: string): string {
  return `<code>${prose(text, 200)}</code>`
}

/** A commit as git shows it short. */
function code7(sha: string): string {
  return codeOf(shortSha(sha))
}
