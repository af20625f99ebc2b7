/**
 * The words the sitemap reader's warnings share: what a file is, an error's message, and one
 * sentence out of parts that may end in a period of their own.
 */
import type { FileKind } from './sitemap-file.js'

/** What a file is, for the messages. */
export const KIND_WORDS: Record<FileKind, string> = {
  urlset: 'a sitemap',
  sitemapindex: 'a sitemap index',
  text: 'a text sitemap',
  rss: 'an RSS feed',
  atom: 'an Atom feed'
}

/** One sentence: the text and a single final period, whatever the parts ended with. */
export function sentence(text: string): string {
  return `${text.replace(/[\s.]+$/, '')}.`
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
