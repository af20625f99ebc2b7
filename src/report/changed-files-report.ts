/** The summary's section on changed files: which file gave which URLs and tags, and which none. */
import type { MappingResult } from '../changed-files/url-map.js'
import { code, escapeHtml, foldedList, table } from './html.js'
import type { ListLimits } from './summary.js'

export interface ChangedFilesReport {
  /** Where the list came from, e.g. "push abc1234...def5678". */
  readonly description: string
  readonly mapping: MappingResult
  /** Said in the log as they happened; repeated in the summary's warnings. */
  readonly warnings: readonly string[]
}

export function changedFilesSection(
  { description, mapping }: ChangedFilesReport,
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
    `<h3>Changed files</h3>\n<p>${escapeHtml(description)}: ${mapping.files.length} file(s), ${mapped.length} mapped, ${excluded.length} excluded, ${mapping.unmapped.length} unmapped.</p>\n`,
    mappedTable,
    foldedList(
      'Excluded by url_map',
      excluded.map(file => file.path),
      limits.items
    ),
    foldedList('Unmapped files (no url_map rule matched)', mapping.unmapped, limits.items)
  ].join('')
}
