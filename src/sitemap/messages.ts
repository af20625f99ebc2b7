/**
 * The words the sitemap reader's warnings share: what a file is, an error's message, and one
 * sentence out of parts that may end in a period of their own.
 */
import { WHITESPACE, withoutTrailing } from '../text/trailing-run.js'
import type { FileKind } from './sitemap-file.js'

/** What a file is, for the messages. */
export const KIND_WORDS: Record<FileKind, string> = {
  urlset: 'a sitemap',
  sitemapindex: 'a sitemap index',
  text: 'a text sitemap',
  rss: 'an RSS feed',
  atom: 'an Atom feed'
}

/**
 * One sentence: the text and a single final period, whatever the parts ended with. The parts
 * quote what a server sent, so the ending is cut by a loop (src/text/trailing-run.ts), not by
 * a regex that is quadratic in a long run of spaces followed by something else.
 */
export function sentence(text: string): string {
  return `${withoutTrailing(text, `${WHITESPACE}.`)}.`
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
