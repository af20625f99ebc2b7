/**
 * Whether a render says its page was not found, in the words error pages use, while it is
 * served as a page (a soft 404). Read conservatively, since a real page must never be taken
 * for one: a title is split where titles join their parts (`Page not found | Shop`, `404:
 * This page could not be found.`) and one part must be exactly such words; a heading must be
 * such words as a whole. "Lost and Not Found, a novel" is no soft 404.
 */

/** The words of an error page, once lower case, punctuation made spaces, and collapsed. */
const NOT_FOUND_WORDS: readonly RegExp[] = [
  /^(?:error )?404(?: error)?$/,
  /^(?:(?:oops|sorry|error|404) )*(?:page )?not found$/,
  /^(?:(?:this|the) )?page (?:could not|cannot|can t|couldn t) be found$/,
  /^(?:(?:this|the) )?page (?:does not|doesn t) exist$/
]

/** Where titles join their parts: a site's name, a section, a status. */
const TITLE_SEPARATORS = /[|:\u2013\u2014\u00b7\u2022]| - /

/** Which of the render's words say not found: 'title', 'heading', or undefined. */
export function notFoundWords(
  title: string | undefined,
  heading: string | undefined
): 'title' | 'heading' | undefined {
  if (title !== undefined && title.split(TITLE_SEPARATORS).some(saysNotFound)) return 'title'
  if (heading !== undefined && saysNotFound(heading)) return 'heading'
  return undefined
}

function saysNotFound(text: string): boolean {
  // Bounded: titles and headings are kept at 200 characters (render-facts.ts).
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  return words !== '' && NOT_FOUND_WORDS.some(pattern => pattern.test(words))
}
