/** What the sitemaps' reading warned about, as the verification and the preview show it. */
import { escapeHtml } from '../text/html.js'

/** Sitemap warnings the summary shows; the log has them all. */
const MAX_SITEMAP_WARNINGS = 10

/**
 * What the sitemaps' reading warned about (a file that is not a sitemap, URLs on other hosts
 * skipped): the first few, the log has them all.
 */
export function sitemapWarnings(warnings: readonly string[]): string {
  const shown = warnings
    .slice(0, MAX_SITEMAP_WARNINGS)
    .map(warning => `<p>⚠️ ${escapeHtml(warning)}</p>\n`)
  const more = warnings.length - MAX_SITEMAP_WARNINGS
  if (more > 0) shown.push(`<p>${more} more sitemap warning(s) are in the log.</p>\n`)
  return shown.join('')
}
