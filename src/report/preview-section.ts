/**
 * The dry run's blast radius (pure): the total first ("9 of 14 sitemap pages would be
 * purged"), what to look at before purging for real (URLs the sitemap does not list, tags whose
 * pages it cannot tell), then what each target selects, pages in path order.
 */
import type { PreviewReport } from '../verify/index.js'
import { firstInOrder, PREVIEW_FIRST } from '../verify/choose/first-in-order.js'
import { grouped, plural } from '../text/format.js'
import { code, codeList, escapeHtml, table } from '../text/html.js'
import { splitUnlistedUrls, UNLISTED_GONE, UNLISTED_TYPOS } from './changed-files-report.js'
import { sitemapWarnings } from './sitemap-warnings.js'
import { countIsLowerBound, tracedTagLines } from './traced-tags.js'

/**
 * `urls`: the URL targets, which select their pages without the sitemap. `goneUrls`: the URLs
 * of deleted files (urlsOfGoneFiles), which the sitemap is expected not to list: no typos.
 */
export function renderPreviewSection(
  preview: PreviewReport,
  urls: readonly string[] = [],
  goneUrls: ReadonlySet<string> = new Set()
): string {
  const { sitemap, selection } = preview
  const site = code(preview.siteUrl)
  const parts: string[] = []
  if (sitemap.found) {
    const purged = selection.sitemapPagesPurged ?? preview.output.selected_count
    const atLeast = countIsLowerBound(selection) ? 'at least ' : ''
    parts.push(
      `<h3>Preview: ${escapeHtml(`${atLeast}${grouped(purged)} of ${plural(sitemap.pages, 'sitemap page')}`)} on ${site} would be purged</h3>\n`
    )
  } else {
    parts.push(`<h3>Preview: pages these purges select on ${site}</h3>\n`)
    parts.push(
      sitemap.turnedOff
        ? '<p>Sitemaps are turned off (<code>sitemap: none</code>), so pattern and folder-tag targets cannot be previewed.</p>\n'
        : '<p>No sitemap was found, so pattern and folder-tag targets cannot be previewed.</p>\n'
    )
  }
  // What to check before purging for real comes before the detail.
  const { typos, gone } = splitUnlistedUrls(
    sitemap.found ? selection.urlsNotInSitemap : [],
    goneUrls
  )
  if (typos.length > 0) parts.push(`<p>⚠️ ${escapeHtml(UNLISTED_TYPOS)}: ${codeList(typos)}</p>\n`)
  if (gone.length > 0) parts.push(`<p>${escapeHtml(UNLISTED_GONE)}: ${codeList(gone)}</p>\n`)
  if (selection.uncheckedTags.length > 0) {
    parts.push(
      `<p>⚠️ Tags traced to no page (no page read at the edge carries them: a typo, or pages not in the sitemap; the service purges every page tagged so): ${codeList(selection.uncheckedTags)}</p>\n`
    )
  }
  parts.push(tracedTagLines(selection, 'would be checked'))
  for (const warning of selection.warnings ?? []) parts.push(`<p>⚠️ ${escapeHtml(warning)}</p>\n`)
  if (selection.shard) {
    const { index, count } = selection.shard
    parts.push(
      `<p>${escapeHtml(`Shard ${index}/${count}: this job's part is ${plural(selection.inShard, 'page')} of the ${grouped(selection.selectedCount)} selected.`)}</p>\n`
    )
  }
  parts.push(sitemapWarnings(sitemap.warnings))
  const rows = selection.bySitemap.map(entry => [
    code(entry.target.item),
    entry.target.kind === 'pattern'
      ? 'pattern'
      : entry.trace === undefined
        ? 'folder tag'
        : 'tag, read at the edge',
    escapeHtml(
      entry.trace === undefined
        ? `${grouped(entry.count)} of ${grouped(sitemap.pages)}`
        : `${entry.trace.exact ? '' : 'at least '}${grouped(entry.count)} of ${grouped(entry.trace.read)} read`
    ),
    entry.first.map(code).join('<br>') + (entry.count > entry.first.length ? '<br>…' : '')
  ])
  if (urls.length > 0) rows.push(urlRow(preview, urls))
  if (rows.length > 0) {
    parts.push(table(['target', 'kind', 'pages', 'first pages, in path order'], rows))
  }
  if (sitemap.found) {
    parts.push(
      `<p>${escapeHtml(`The sitemap lists ${plural(sitemap.pages, 'page')} in ${plural(sitemap.files, 'file')}.`)}</p>\n`
    )
  }
  for (const note of selection.notes) parts.push(`<p>${escapeHtml(note)}</p>\n`)
  return parts.join('')
}

/** The URL targets in one row: how many, and how many of them the sitemap lists. */
function urlRow(preview: PreviewReport, urls: readonly string[]): string[] {
  const { selection, sitemap } = preview
  const listed = sitemap.found
    ? ` (${grouped(urls.length - selection.urlsNotInSitemap.length)} in the sitemap)`
    : ''
  const first = firstInOrder(urls, PREVIEW_FIRST)
  return [
    'URLs',
    'URL',
    escapeHtml(`${grouped(urls.length)}${listed}`),
    first.map(code).join('<br>') + (urls.length > first.length ? '<br>…' : '')
  ]
}
