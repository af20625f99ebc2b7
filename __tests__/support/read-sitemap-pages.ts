/**
 * readSitemaps with the pages it hands on collected in an array, for tests that look at the
 * pages a reading found (the reader itself keeps none: the selection takes them as they come).
 */
import {
  readSitemaps,
  type ReadOptions,
  type SitemapReading
} from '../../src/sitemap/read-sitemaps.js'

export async function readSitemapPages(
  request: Parameters<typeof readSitemaps>[0],
  siteUrl: URL,
  fetcher: Parameters<typeof readSitemaps>[2],
  options: Omit<ReadOptions, 'onPage'>
): Promise<SitemapReading & { readonly pages: readonly string[] }> {
  const pages: string[] = []
  const reading = await readSitemaps(request, siteUrl, fetcher, {
    ...options,
    onPage: page => pages.push(page)
  })
  return { ...reading, pages }
}
