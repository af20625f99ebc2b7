/**
 * The run of characters a text ends (or starts) with: trailing slashes, escaping backslashes,
 * the spaces and periods around a sentence. Read by a loop from the end, not by a regex such
 * as `/\/+$/` or `/[\s.]+$/`: V8 tries it at every character of a long run that something else
 * follows, and each try scans the rest of the run, so the time grows with the square of the
 * run (80,000 slashes and a letter: 14 s; 100,000 spaces and a letter in `/[\s.]+$/`: 12 s,
 * measured on Node 20). Text from the network (robots.txt lines, parser messages) can be that.
 */

/**
 * The characters `\s` matches in a JavaScript regex (ECMAScript WhiteSpace and
 * LineTerminator), so that a loop can trim what `trim()` and `\s` trim.
 */
export const WHITESPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a' +
  '\u2028\u2029\u202f\u205f\u3000\ufeff'

/** How many characters among `characters` (each one UTF-16 unit) `text` ends with. */
export function trailingRunLength(text: string, characters: string): number {
  let end = text.length
  while (end > 0 && characters.includes(text.charAt(end - 1))) end--
  return text.length - end
}

/** How many characters among `characters` (each one UTF-16 unit) `text` starts with. */
export function leadingRunLength(text: string, characters: string): number {
  let start = 0
  while (start < text.length && characters.includes(text.charAt(start))) start++
  return start
}

/** `text` without the run of `characters` it ends with: `https://x/api///` -> `https://x/api`. */
export function withoutTrailing(text: string, characters: string): string {
  return text.slice(0, text.length - trailingRunLength(text, characters))
}

/** `text` without the runs of `characters` it starts and ends with. */
export function trimmedOf(text: string, characters: string): string {
  const start = leadingRunLength(text, characters)
  if (start === text.length) return ''
  return text.slice(start, text.length - trailingRunLength(text, characters))
}
