/**
 * What the action does before PCRE2 sees the `pattern` input: a pattern PHP reads as delimited
 * is sent exactly as given (its delimiters and modifiers read as php_pcre.c reads them); a bare
 * expression is wrapped in delimiters. What PHP would refuse is explained here, with what to
 * write instead.
 */
import { PHP_MODIFIERS, readPhpPattern, type PhpReading } from '../../pcre2/pcre2.mjs'
import type { Diagnostics } from '../core/diagnostics.js'
import { INPUT, shown } from './messages.js'
import { escapeUnescapedDelimiter } from './escape-delimiter.js'
import { pathReading, refuseSlashedPath } from './paths-and-urls.js'
import { refuseGlob } from './globs.js'
import type { PreparedPattern } from './prepared-pattern.js'
import { rewriteText, type Accepts } from './rewrites.js'
import { trailingRunLength } from '../text/trailing-run.js'

/** The delimiters people write: a pattern starting with one is always read as delimited. */
export const PATTERN_DELIMITERS = '#/~!@%|'
/** The modifiers preg_match() accepts after the end delimiter (PHP 8.2 and 8.3). */
export const PCRE_MODIFIERS = Object.keys(PHP_MODIFIERS)
  .filter(modifier => modifier.trim() !== '')
  .join('')
/**
 * Characters that start a regular expression: an input starting with one is a bare expression,
 * although PHP would take the character as a delimiter.
 */
const EXPRESSION_STARTS = '^([.$'
const WRAP_DELIMITER = '#'

export interface PatternParts {
  readonly prepared: PreparedPattern
  /** Where a character of the pattern sent stands in the input, for offsets in messages. */
  readonly inputOffset: (sentOffset: number) => number
}

/**
 * Reads the trimmed input; undefined after reporting a problem to `diag`. `accepts` judges the
 * rewrites the messages advise (see rewrites.ts).
 */
export function readPatternInput(
  given: string,
  diag: Diagnostics,
  accepts: Accepts
): PatternParts | undefined {
  const first = given.charAt(0)
  if (first === '/' && refuseSlashedPath(given, diag, accepts)) return undefined
  const reading = readPhpPattern(given)
  // Written with its own delimiters, a pattern says it is a regular expression, not a glob.
  const delimited = PATTERN_DELIMITERS.includes(first) && reading.ok
  if (!delimited && refuseGlob(given, diag, accepts)) return undefined
  if (PATTERN_DELIMITERS.includes(first)) return readDelimited(given, reading, diag, accepts)
  if (first === '(' || first === '[') {
    if (reading.ok && readingsDiffer(first, reading.modifiers)) {
      diag.problem(INPUT, given, ambiguity(given, reading, accepts))
      return undefined
    }
    return wrapBareExpression(given, diag)
  }
  if (EXPRESSION_STARTS.includes(first) || !phpTakesAsDelimiter(first)) {
    return wrapBareExpression(given, diag)
  }
  const parts = readDelimited(given, reading, diag, accepts)
  if (parts !== undefined) {
    const { delimiter } = parts.prepared
    const end = reading.ok ? reading.endDelimiter : delimiter
    diag.notice(
      `Pattern ${shown(given)} is read as PHP reads it: delimited by '${delimiter}'${end === delimiter ? '' : ` and '${end}'`}, and sent as given.`
    )
  }
  return parts
}

/** `(…)` read by PHP means what the bare group means, unless modifiers follow; `[…]` never does. */
function readingsDiffer(first: string, modifiers: string): boolean {
  return first === '[' || modifiers.trim() !== ''
}

function ambiguity(
  given: string,
  reading: Extract<PhpReading, { ok: true }>,
  accepts: Accepts
): string {
  const asPhp = `#${escapeUnescapedDelimiter(reading.body, '#').text}#${reading.modifiers.trim()}`
  const asBare = `#${escapeUnescapedDelimiter(given, '#').text}#`
  return `can be read two ways: as PHP reads it, delimited by '${reading.delimiter}' and '${reading.endDelimiter}' (the expression ${shown(reading.body)}${reading.modifiers.trim() === '' ? '' : ` with modifiers ${reading.modifiers.trim()}`}), or as a bare expression. Write it with # delimiters to say which: ${rewriteText(asPhp, accepts)} or ${rewriteText(asBare, accepts)}`
}

/** PHP takes any character but letters, digits, the backslash and NUL (after white space). */
function phpTakesAsDelimiter(character: string): boolean {
  return character.charCodeAt(0) < 0x80 && !/[\p{L}\p{N}\\\0\s]/u.test(character)
}

function readDelimited(
  given: string,
  reading: PhpReading,
  diag: Diagnostics,
  accepts: Accepts
): PatternParts | undefined {
  if (reading.ok) {
    return {
      prepared: {
        pattern: given,
        delimiter: reading.delimiter,
        body: reading.body,
        modifiers: reading.modifiers,
        wrapped: false
      },
      inputOffset: offset => offset
    }
  }
  const delimiter = given.charAt(0)
  if (reading.endDelimiterAt === undefined) {
    diag.problem(
      INPUT,
      given,
      missingEndDelimiterReason(given, delimiter, reading.message, accepts)
    )
    return undefined
  }
  const end = charOffset(given, reading.endDelimiterAt)
  const rest = given.slice(end + 1)
  const endDelimiter = given.charAt(end)
  if (unescapedOccurrences(rest, endDelimiter).length > 0) {
    diag.problem(
      INPUT,
      given,
      unescapedDelimiterReason(given, end, endDelimiter, reading.message, accepts)
    )
  } else {
    diag.problem(INPUT, given, unknownModifiersReason(given, rest, end, endDelimiter, accepts))
  }
  return undefined
}

/** Characters before a byte offset of the text's UTF-8. */
function charOffset(text: string, byteOffset: number): number {
  return new TextDecoder().decode(new TextEncoder().encode(text).subarray(0, byteOffset)).length
}

function missingEndDelimiterReason(
  given: string,
  delimiter: string,
  phpSays: string,
  accepts: Accepts
): string {
  const end = /'(.)'/u.exec(phpSays)?.[1] ?? delimiter
  const escaped =
    given.length > 1 && given.endsWith(end) && endsWithEscapingBackslash(given.slice(0, -1))
      ? ` (the final '${end}' at offset ${given.length - 1} is escaped by the backslash before it)`
      : ''
  return `has no end delimiter: a pattern that starts with '${delimiter}' must end with '${end}', optionally followed by modifiers such as i${escaped}${slashHint(given, delimiter, accepts)} (PHP: ${phpSays})`
}

/**
 * What to write instead of a pattern that starts with '/' and is not one: a path
 * (`/blog` → `#^/blog#`), else an example.
 */
function slashHint(given: string, delimiter: string, accepts: Accepts): string {
  if (delimiter !== '/') return ''
  const asPath = pathReading(given)
  return asPath === undefined
    ? `; a pattern that starts with '/' is read as delimited by '/': to match paths starting with '/', write a bare expression such as ${rewriteText('^/blog/.*$', accepts)} or use # as delimiter`
    : `; a pattern that starts with '/' is read as delimited by '/': to match ${pathsMeant(given)}, write ${rewriteText(asPath, accepts)}`
}

/** An odd run of backslashes at the end escapes what follows (counted linearly: text/). */
function endsWithEscapingBackslash(text: string): boolean {
  return trailingRunLength(text, '\\') % 2 === 1
}

/**
 * PHP ends the pattern at the first unescaped delimiter, whatever follows. When the last
 * delimiter ends the expression (only modifiers after it), the advice spells the whole pattern
 * with the delimiters inside escaped, and with another delimiter.
 */
function unescapedDelimiterReason(
  given: string,
  end: number,
  delimiter: string,
  phpSays: string,
  accepts: Accepts
): string {
  const more = unescapedOccurrences(given.slice(end + 1), delimiter).length - 1
  const body = given.slice(1)
  const alternative = [...PATTERN_DELIMITERS].find(
    candidate => candidate !== delimiter && !body.includes(candidate)
  )
  const last = given.lastIndexOf(delimiter)
  const meant = { body: given.slice(1, last), modifiers: given.slice(last + 1) }
  const whole =
    given.startsWith(delimiter) && last > 0 && onlyModifiers(meant.modifiers)
      ? (start: string, text: string, close: string): string =>
          ` (${rewriteText(`${start}${text}${close}${meant.modifiers}`, accepts)})`
      : () => ''
  const escapedAs = whole(
    delimiter,
    escapeUnescapedDelimiter(meant.body, delimiter).text,
    delimiter
  )
  const advice =
    alternative === undefined
      ? `escape it as \\${delimiter}${escapedAs}`
      : `escape it as \\${delimiter}${escapedAs} or use ${alternative} as delimiter${whole(alternative, meant.body, alternative)}`
  const asPath = delimiter === '/' ? pathReading(given) : undefined
  const pathAdvice =
    asPath === undefined
      ? ''
      : `; to match ${pathsMeant(given)}, write ${rewriteText(asPath, accepts)}`
  return `unescaped delimiter '${delimiter}' inside the pattern at offset ${end}${more > 0 ? ` (and ${more} more)` : ''}, where PHP ends the pattern and reads the rest as modifiers (PHP: ${phpSays}); ${advice}${pathAdvice}`
}

/** The paths an input written as a path means: those that start with it, when it is plain text. */
function pathsMeant(given: string): string {
  return /^[\p{L}\p{N}._~%/-]*$/u.test(given)
    ? `the paths that start with ${shown(given)}`
    : `the paths ${shown(given)} describes`
}

/** Whether the text is modifiers PHP accepts (spaces included, which it skips). */
function onlyModifiers(text: string): boolean {
  return [...text].every(char => char === ' ' || PCRE_MODIFIERS.includes(char))
}

function unknownModifiersReason(
  given: string,
  modifiers: string,
  end: number,
  delimiter: string,
  accepts: Accepts
): string {
  const unknown = [...new Set([...modifiers].filter(char => !PCRE_MODIFIERS.includes(char)))]
    .filter(char => char !== ' ')
    .map(char => `'${char}'`)
  const noun = unknown.length === 1 ? 'modifier' : 'modifiers'
  // `#^/blog$#ig`: the same pattern without what PHP does not know (g is JavaScript's).
  const known = [...modifiers].filter(char => PCRE_MODIFIERS.includes(char)).join('')
  const withoutUnknown =
    delimiter === given.charAt(0) && delimiter !== '/'
      ? `: ${rewriteText(`${given.slice(0, end + 1)}${known}`, accepts)}`
      : ''
  return `unknown ${noun} ${unknown.join(', ')} after the end delimiter '${delimiter}' at offset ${end}; valid PCRE modifiers are ${[...PCRE_MODIFIERS].join(' ')}${withoutUnknown}${slashHint(given, delimiter, accepts)}`
}

function unescapedOccurrences(text: string, char: string): number[] {
  const found: number[] = []
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\\') index++
    else if (text[index] === char) found.push(index)
  }
  return found
}

export function wrapBareExpression(given: string, diag: Diagnostics): PatternParts | undefined {
  const delimiter = wrappingDelimiter(given)
  if (delimiter === undefined) {
    diag.problem(
      INPUT,
      given,
      `cannot be wrapped in delimiters: it has a comment ((?#...) or (?x) with #) and uses every delimiter character (${[...PATTERN_DELIMITERS].join(' ')}); write the delimiters yourself`
    )
    return undefined
  }
  const { text: body, sourceIndex } = escapeUnescapedDelimiter(given, delimiter)
  return {
    prepared: {
      pattern: `${delimiter}${body}${delimiter}`,
      delimiter,
      body,
      modifiers: '',
      wrapped: true
    },
    // The sent pattern is the delimiter, then the escaped body.
    inputOffset: offset => (offset <= 0 ? 0 : (sourceIndex[offset - 1] ?? given.length))
  }
}

/**
 * '#' unless a '#' in the expression must stay unescaped: in a (?#...) comment (`(?\#` is not
 * a comment) or where inline extended mode (`(?x)`) makes '#' start a comment (`\#` would be
 * a literal '#'). Then another delimiter that does not occur at all is used.
 */
function wrappingDelimiter(expression: string): string | undefined {
  const hashMustStay = expression.includes('(?#') || /\(\?[a-zA-Z-]*x/.test(expression)
  if (!hashMustStay || !expression.includes('#')) return WRAP_DELIMITER
  return [...PATTERN_DELIMITERS].find(candidate => !expression.includes(candidate))
}
