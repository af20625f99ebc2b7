/** The summary's section on changed files: which file gave which URLs and tags, and which none. */
import type { MappingResult } from '../changed-files/url-map.js'
import { code, escapeHtml, foldedList, table } from '../text/html.js'
import type { ListLimits } from './list-limits.js'

export interface ChangedFilesReport {
  /** Where the list came from, e.g. "push abc1234...def5678". */
  readonly description: string
  readonly mapping: MappingResult
  /** Said in the log as they happened; repeated in the summary's warnings. */
  readonly warnings: readonly string[]
  /** Said in the log as notices (a first deploy, a failed deployment); repeated here. */
  readonly notices?: readonly string[]
  /**
   * Changed files the range deleted (or renamed away), when the reader could tell: the pages
   * of their URLs are expected to be gone, so a sitemap that no longer lists them is no typo.
   */
  readonly gone?: readonly string[]
  /** The url_map rules as written, by line: the comment shows the one that mapped each file. */
  readonly urlMapRules?: readonly { readonly line: number; readonly text: string }[]
}

/** What the comment and the summary say of URL targets the sitemap does not list, by why. */
export const UNLISTED_TYPOS = 'URL targets the sitemap does not list (typos?)'
export const UNLISTED_GONE =
  'URLs of deleted files, which the sitemap no longer lists (expected: their pages leave the cache)'

/**
 * The URLs that only deleted files map to: their pages are expected to be gone (a URL another,
 * living file maps to too is not).
 */
export function urlsOfGoneFiles(changed: ChangedFilesReport | undefined): ReadonlySet<string> {
  const gone = new Set(changed?.gone ?? [])
  if (changed === undefined || gone.size === 0) return gone
  const ofGone = new Set<string>()
  const ofLiving = new Set<string>()
  for (const file of changed.mapping.files) {
    for (const url of file.urls) (gone.has(file.path) ? ofGone : ofLiving).add(url)
  }
  return new Set([...ofGone].filter(url => !ofLiving.has(url)))
}

/**
 * The URL targets the sitemap does not list, told apart: those of deleted files (`goneUrls`,
 * from urlsOfGoneFiles) are expected to be missing; any other may be a typo.
 */
export function splitUnlistedUrls(
  unlisted: readonly string[],
  goneUrls: ReadonlySet<string>
): { readonly typos: readonly string[]; readonly gone: readonly string[] } {
  return {
    typos: unlisted.filter(url => !goneUrls.has(url)),
    gone: unlisted.filter(url => goneUrls.has(url))
  }
}

export interface ChangedFilesFailure {
  /** GITHUB_EVENT_NAME */
  readonly event: string
  /** The range that was asked for, and why. */
  readonly description: string
  /** What failed, with the fix (the errors of the changed-files step say both). */
  readonly error: string
}

/** The summary of a run stopped because its changed files could not be listed. */
export function renderChangedFilesFailure({
  event,
  description,
  error
}: ChangedFilesFailure): string {
  return [
    '<h3>Changed files: could not be listed</h3>\n',
    '<p>Nothing was purged: without the list of changed files, a purge could skip changed pages.</p>\n',
    table(
      ['', ''],
      [
        ['event', code(event || '(none)')],
        ['range asked', escapeHtml(description)],
        ['what failed, and the fix', escapeHtml(error)],
        ['status', code('failed')]
      ]
    )
  ].join('')
}

export function changedFilesSection(
  { description, mapping, notices = [] }: ChangedFilesReport,
  limits: ListLimits
): string {
  const mapped = mapping.files.filter(file => file.outcome === 'mapped')
  const excluded = mapping.files.filter(file => file.outcome === 'excluded')
  const rows = mapped
    .slice(0, limits.rows)
    .map(file => [
      code(file.path),
      [...file.urls, ...file.tags.map(tag => `tag:${tag}`)].map(code).join(' '),
      file.line === undefined ? '' : String(file.line)
    ])
  const more =
    mapped.length > rows.length
      ? `<p>… and ${mapped.length - rows.length} more mapped file(s).</p>\n`
      : ''
  const mappedTable =
    rows.length > 0
      ? `<details><summary>Mapped files (${mapped.length})</summary>\n\n${table(['file', 'targets', 'url_map line'], rows)}${more}</details>\n`
      : ''
  return [
    `<h3>Changed files</h3>\n<p>Range: ${escapeHtml(description)}.</p>\n<p>${mapping.files.length} file(s), ${mapped.length} mapped, ${excluded.length} excluded, ${mapping.unmapped.length} unmapped.</p>\n`,
    notices.length > 0
      ? `<ul>\n${notices.map(notice => `<li>${escapeHtml(notice)}</li>`).join('\n')}\n</ul>\n`
      : '',
    mappedTable,
    foldedList(
      'Excluded by url_map',
      excluded.map(file => file.path),
      limits.items
    ),
    foldedList('Unmapped files (no url_map rule matched)', mapping.unmapped, limits.items)
  ].join('')
}
