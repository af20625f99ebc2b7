/**
 * How the pages of tags traced at the edge were found, for the summary and the preview (pure):
 * one line a tag, and what the pages that could not tell their tags were.
 */
import type { PageSelection } from '../verify/choose/selection-shapes.js'
import { exactness, foundAmong, unreadableWords } from '../verify/tags/in-words.js'
import { grouped } from '../text/format.js'
import { code, escapeHtml } from '../text/html.js'

/** `tag blog: 57 pages found among 1,000 read of 12,000 in the sitemap (at least: …); 20 checked.` */
export function tracedTagLines(selection: PageSelection, checkedWord = 'checked'): string {
  const lines: string[] = []
  let unreadable: string | undefined
  for (const entry of selection.bySitemap) {
    const facts = entry.trace
    if (facts === undefined || entry.count === 0) continue
    const tag = entry.target.item
    const checked = selection.pages.filter(page =>
      page.purgedBy.some(ref => ref.kind === 'tag' && ref.item === tag)
    ).length
    lines.push(
      `Tag ${code(tag)}: ${escapeHtml(`${foundAmong(entry.count, facts, selection.shard !== undefined)} (${exactness(facts)}); ${grouped(checked)} ${checkedWord}.`)}`
    )
    unreadable ??= unreadableWords(facts)
  }
  if (lines.length === 0) return ''
  const read = `<p>Tags traced at the edge (read in <code>&lt;Prefix&gt;-Tags</code> before the purge):<br>${lines.join('<br>')}</p>\n`
  return unreadable === undefined ? read : `${read}<p>${escapeHtml(unreadable)}</p>\n`
}

/**
 * Whether the pages purged are a lower bound: a tag traced to no page, or traced from a sample
 * (or with pages that could not tell their tags).
 */
export function countIsLowerBound(selection: PageSelection): boolean {
  return (
    selection.uncheckedTags.length > 0 ||
    selection.bySitemap.some(entry => entry.trace !== undefined && !entry.trace.exact)
  )
}
