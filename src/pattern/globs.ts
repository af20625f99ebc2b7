/**
 * A glob written where a regular expression is expected: `^/blog/*$`, `/blog/*`, `/blog/**`.
 * Shells, .gitignore and CDNs read `*` as "any name"; PCRE reads it as "the character before,
 * any number of times". So `^/blog/*$` purges /blog and /blog/ only, and `^/blog/*` purges
 * /blogroll too: silently not what was meant. Such an input is refused before anything is
 * sent, with both readings spelt out and a pattern for each, as a path between slashes is
 * (paths-and-urls.ts). A pattern written with its own delimiters (`#^/blog/*$#`) says it is a
 * regular expression, and is never taken for a glob.
 */
import type { Diagnostics } from '../core/diagnostics.js'
import { escapeUnescapedDelimiter } from './escape-delimiter.js'
import { INPUT, shown } from './messages.js'
import { rewriteText, type Accepts } from './rewrites.js'

/** The parts of a glob-looking input: its text between the anchors, and which anchors it has. */
interface GlobHabit {
  readonly text: string
  readonly startAnchor: boolean
  readonly endAnchor: boolean
  /** The text before a final `/*` or `/**`, ending in '/': everything under it was meant. */
  readonly under?: string
  /** Whether `**` stands in it (no quantifier PCRE2 takes: the regex reading does not compile). */
  readonly doubleStar: boolean
}

/** Path text and stars only: no regex syntax but the dot, which a path means literally. */
const PLAIN_GLOB = /^[\p{L}\p{N}._~%/*-]*$/u

/**
 * Refuses an input that reads as a glob (see above); true when it did. `given` is the trimmed
 * input, not read as delimited (a bare expression, or a '/' PHP cannot read as a delimiter).
 */
export function refuseGlob(given: string, diag: Diagnostics, accepts: Accepts): boolean {
  const habit = globHabit(given)
  if (habit === undefined) return false
  const looks = habit.doubleStar
    ? "it reads like a glob, with '**' (folders at any depth)"
    : "it ends like a glob, with '/*' (every page of the folder)"
  const globReading = globPattern(habit)
  const asGlob =
    habit.under === undefined
      ? `${rewriteText(globReading, accepts)} for the glob reading`
      : `${rewriteText(globReading, accepts)} for everything under ${shown(habit.under)} (the glob reading)`
  const asRegex = habit.doubleStar
    ? "; read as a regular expression it does not compile ('**' is no quantifier in PCRE)"
    : `, or ${rewriteText(`#${escapeUnescapedDelimiter(given, '#').text}#`, accepts)} for ${regexMeaning(habit)}`
  diag.problem(
    INPUT,
    given,
    `is ambiguous: ${looks}, but the service reads a regular expression. Write ${asGlob}${asRegex}`
  )
  return true
}

/** The input's glob habit, or undefined when it has none. */
function globHabit(given: string): GlobHabit | undefined {
  const startAnchor = given.startsWith('^')
  const endAnchor = given.endsWith('$') && !endsEscaped(given, given.length - 1)
  const text = given.slice(startAnchor ? 1 : 0, endAnchor ? -1 : undefined)
  const doubleStar = unescapedIndex(text, '**') !== -1
  const finalStar = text.endsWith('/*') && !endsEscaped(text, text.length - 2)
  if (!doubleStar && !finalStar) return undefined
  // A glob is written from the root: `/blog/*`, not `blog/*`, `(a|b)/*` or `.*/*`.
  if (!text.startsWith('/')) return undefined
  const under = text.endsWith('/**')
    ? text.slice(0, -2)
    : text.endsWith('/*')
      ? text.slice(0, -1)
      : undefined
  return { text, startAnchor, endAnchor, doubleStar, ...(under !== undefined && { under }) }
}

/**
 * The glob as a pattern: from the start of the path; `**` any depth, `*` any name; a dot (in
 * path text) a dot. Everything under a folder is its text and nothing after it required.
 */
function globPattern(habit: GlobHabit): string {
  const plain = PLAIN_GLOB.test(habit.text)
  const source = habit.under ?? habit.text
  let expression = ''
  for (let index = 0; index < source.length; index++) {
    const char = source.charAt(index)
    if (char === '\\') {
      expression += source.slice(index, index + 2)
      index++
    } else if (source.startsWith('**/', index)) {
      expression += '(?:.*/)?'
      index += 2
    } else if (source.startsWith('**', index)) {
      expression += '.*'
      index++
    } else if (char === '*') expression += '[^/]*'
    else if (char === '.' && plain) expression += '\\.'
    else expression += char
  }
  const end = habit.under === undefined ? '$' : ''
  return `#^${escapeUnescapedDelimiter(expression, '#').text}${end}#`
}

/**
 * What `X/*` means to PCRE ('*' repeats the character before it), in words, with the paths it
 * selects that nobody writing a glob meant.
 */
function regexMeaning(habit: GlobHabit): string {
  const before = habit.text.slice(0, -2)
  const slashes = `${shown(before)} followed by any number of slashes`
  const reading = (examples: string): string =>
    `(the regex reading, where '*' repeats the character before it: ${examples})`
  if (habit.startAnchor && habit.endAnchor) {
    return `${slashes} ${reading(`${shown(before)} and ${shown(`${before}/`)}, no page under it`)}`
  }
  if (habit.startAnchor) {
    return `the paths that start with ${slashes} ${reading(`${shown(`${before}roll`)} too`)}`
  }
  if (habit.endAnchor) return `the paths that end with ${slashes} ${reading('no page under it')}`
  return `any path holding ${slashes} ${reading(`${shown(`${before}roll`)} and ${shown(`/fr${before}/`)} too`)}`
}

/** Whether the character at `index` is escaped by an odd run of backslashes before it. */
function endsEscaped(text: string, index: number): boolean {
  let backslashes = 0
  while (index - 1 - backslashes >= 0 && text.charAt(index - 1 - backslashes) === '\\')
    backslashes++
  return backslashes % 2 === 1
}

/** Where `needle` first stands in `text` outside an escape; -1 when it does not. */
function unescapedIndex(text: string, needle: string): number {
  for (let index = 0; index < text.length; index++) {
    if (text.charAt(index) === '\\') index++
    else if (text.startsWith(needle, index)) return index
  }
  return -1
}
