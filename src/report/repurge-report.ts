/**
 * The job summary's section on old content (verify_content): which pages were rendered again
 * from another build after the purge, what was purged again and why, and what to do. A
 * section of its own over plain data (OldContentReport), after the verification's.
 */
import type { BuildId } from '../build/build-id.js'
import type { RepurgeReport } from '../repurge/repurger.js'
import { MAX_REPORTED_PAGES, REPURGE_DELAYS_TEXT, REPURGE_TIMES_TEXT } from '../repurge/limits.js'
import { plural, shortSha } from '../text/format.js'
import { code, escapeHtml, foldedList, table } from '../text/html.js'
import { REQUEST_WORDS, requestMark } from './vocabulary.js'

export interface OldContentReport {
  readonly build: BuildId
  /** Checks still showing another build at the deadline. */
  readonly stillOld: number
  readonly repurge: RepurgeReport
  /** The first purge's acceptance (runner's clock): re-purge times are told from it. */
  readonly purgedAt: number
  /** The newer commit, which holds the build, that a page could show instead. */
  readonly newer?: string
}

const MAX_BATCH_ROWS = 20

/** `maxPages`: pages listed at most (the summary shows fewer when it would not fit GitHub's limit). */
export function renderOldContentSection(
  report: OldContentReport,
  maxPages = MAX_REPORTED_PAGES + 1
): string {
  const { repurge } = report
  const build = code(report.build.text)
  if (repurge.pageCount === 0 && repurge.batches.length === 0) {
    const newer = report.newer === undefined ? undefined : code(shortSha(report.newer))
    const other =
      newer === undefined ? 'another build' : "a build other than this run's or the newer one"
    const or = newer === undefined ? '' : `, or the newer build ${newer}, whose history holds it`
    return `<h3>Content: no page was served from ${other}</h3>\n<p>With <code>verify&#95;content</code>, a page counts as fresh only when it is fresh by its cache date and shows build ${build} (${escapeHtml(describeRule(report.build))})${or}.</p>\n`
  }
  const parts = [
    `<h3>Old content: ${plural(repurge.pageCount, 'page')} served from another build</h3>\n`,
    `<p>These pages were rendered again after the purge, but from an origin that served another build: their cache date is after the purge, their body does not show build ${build}. Visitors would get the old page until the next purge.</p>\n`
  ]
  if (repurge.mode === 'repurge' && repurge.batches.length > 0) {
    const rows = repurge.batches
      .slice(0, MAX_BATCH_ROWS)
      .map((batch, index) => [
        String(index + 1),
        `${((batch.at - report.purgedAt) / 1000).toFixed(1)} s`,
        String(batch.pages.length),
        batch.failed.length === 0
          ? requestMark('accepted')
          : `${REQUEST_WORDS.failed.icon} ${batch.failed.length} not purged${batch.problem === undefined ? '' : `: ${escapeHtml(batch.problem)}`}`
      ])
    parts.push(
      `<p>Purged again by URL once <code>origin&#95;url</code> showed the new build (at most ${REPURGE_TIMES_TEXT} a page, ${REPURGE_DELAYS_TEXT} after the old content was seen):</p>\n`,
      table(['re-purge', 'sent after the purge', 'pages', 'result'], rows)
    )
    if (repurge.batches.length > MAX_BATCH_ROWS) {
      parts.push(`<p>… and ${repurge.batches.length - MAX_BATCH_ROWS} more re-purges.</p>\n`)
    }
  }
  const pages = repurge.pages.map(({ page, repurges }) =>
    repurges === 0 ? page : `${page} (purged again ${repurges}×)`
  )
  const more = repurge.pageCount - repurge.pages.length
  parts.push(
    foldedList(
      'Pages seen with old content',
      more > 0 ? [...pages, `… and ${more} more`] : pages,
      maxPages
    )
  )
  parts.push(`<p><strong>What to do</strong>: ${escapeHtml(advice(report))}</p>\n`)
  return parts.join('')
}

function describeRule(build: BuildId): string {
  return build.kind === 'commit'
    ? `a commit from ${build.source}: its full SHA or a 7- to 12-character prefix`
    : `literal text from ${build.source}`
}

function advice(report: OldContentReport): string {
  const { repurge, stillOld } = report
  switch (repurge.mode) {
    case 'no-origin-url':
      return 'set origin_url (a URL that shows the build the origin serves): the action then waits for the new build before purging, and purges old content again. Until then, purge these pages again once the deploy has finished.'
    case 'disabled':
      return 'they were not purged again (repurge_old_content: false): purge them again once the deploy has finished, or let the action do it.'
    case 'verify-only':
      return 'this job only verifies (mode: verify): purge these pages again from the purge job once the deploy has finished, or give that job origin_url so that it waits for the new build.'
    case 'repurge':
      if (repurge.rolledBackTo !== undefined) {
        return `origin_url went back to an older build (${shortSha(repurge.rolledBackTo)}): the deploy was rolled back, so nothing more was purged, and these pages show what the origin serves now. Deploy build ${report.build.text} again if the rollback was not meant.`
      }
      if (repurge.originNotLive) {
        return 'origin_url did not show the new build before the verification deadline, so nothing more was purged: check the deploy, then purge these pages again.'
      }
      if (stillOld > 0) {
        return `${stillOld} check(s) still showed another build at the deadline: some origin instances may still serve it (a rolling deploy that origin_url does not see), or the pages are cached in front of the origin. Check that every instance serves build ${report.build.text}, then purge again; raise verify_timeout_seconds if the rollout takes longer.`
      }
      return `nothing: every page purged again was then served with build ${report.build.text}. If this happens on every deploy, origin_url flips before every instance serves the new build: point it at something that changes last.`
  }
}
