/**
 * The run of one character a text ends with (trailing slashes, escaping backslashes), read by
 * a loop from the end. Not by a regex such as `/\/+$/`: V8 tries it at every character of a
 * long run that something else follows, and each try scans the rest of the run, so the time
 * grows with the square of the run (80,000 slashes and a letter: 14 s, measured on Node 20).
 */

/** How many times `character` (one UTF-16 unit) repeats at the end of `text`. */
export function trailingRunLength(text: string, character: string): number {
  const code = character.charCodeAt(0)
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === code) end--
  return text.length - end
}

/** `text` without the run of `character` it ends with: `https://x/api///` -> `https://x/api`. */
export function withoutTrailing(text: string, character: string): string {
  return text.slice(0, text.length - trailingRunLength(text, character))
}
