/**
 * Delimiters and modifiers: splits a delimited pattern into delimiter, body and modifiers, or
 * wraps a bare expression in delimiters, reporting what PHP would refuse or misread.
 */
import type { Diagnostics } from '../diagnostics.js'
import { INPUT } from './messages.js'
import type { PreparedPattern } from './prepare.js'

/** A pattern starting with one of these is read as delimited, as the service's PHP would. */
export const PATTERN_DELIMITERS = '#/~!@%|'
/** The modifiers preg_match() accepts after the end delimiter (PHP 8.2). */
export const PCRE_MODIFIERS = 'imsxuUXJADSn'
const WRAP_DELIMITER = '#'

export interface PatternParts {
  readonly prepared: PreparedPattern
  /** The expression whose syntax is checked: the body, or the bare input before escaping '#'. */
  readonly scannedText: string
  /** Where scannedText starts in the pattern as given, so offsets in messages match the input. */
  readonly scanOffset: number
}

export function splitDelimited(given: string, diag: Diagnostics): PatternParts | undefined {
  const delimiter = given.charAt(0)
  const end = given.lastIndexOf(delimiter)
  if (end === 0) {
    diag.problem(INPUT, given, missingEndDelimiterReason(delimiter))
    return undefined
  }
  const body = given.slice(1, end)
  const modifiers = given.slice(end + 1)
  if (endsWithEscapingBackslash(body)) {
    diag.problem(
      INPUT,
      given,
      `${missingEndDelimiterReason(delimiter)} (the final '${delimiter}' at offset ${end} is escaped by the backslash before it)`
    )
    return undefined
  }
  reportUnescapedDelimiter(given, body, delimiter, diag)
  reportUnknownModifiers(given, modifiers, end + 1, delimiter, diag)
  return {
    prepared: { pattern: given, delimiter, body, modifiers, wrapped: false },
    scannedText: body,
    scanOffset: 1
  }
}

function missingEndDelimiterReason(delimiter: string): string {
  const hint =
    delimiter === '/'
      ? "; a pattern that starts with '/' is read as delimited by '/': to match paths starting with '/', write a bare expression such as ^/blog/.*$"
      : ''
  return `has no end delimiter: a pattern that starts with '${delimiter}' must end with '${delimiter}', optionally followed by modifiers such as i${hint}`
}

function endsWithEscapingBackslash(text: string): boolean {
  const trailingBackslashes = /\\*$/.exec(text)?.[0].length ?? 0
  return trailingBackslashes % 2 === 1
}

/** PHP ends the pattern at the first unescaped delimiter, whatever follows. */
function reportUnescapedDelimiter(
  given: string,
  body: string,
  delimiter: string,
  diag: Diagnostics
): void {
  const offsets = unescapedOccurrences(body, delimiter).map(index => index + 1)
  const first = offsets[0]
  if (first === undefined) return
  const more = offsets.length > 1 ? ` (and ${offsets.length - 1} more)` : ''
  const alternative = [...PATTERN_DELIMITERS].find(
    candidate => candidate !== delimiter && !body.includes(candidate)
  )
  const advice =
    alternative === undefined
      ? `escape it as \\${delimiter}`
      : `escape it as \\${delimiter} or use ${alternative} as delimiter`
  diag.problem(
    INPUT,
    given,
    `unescaped delimiter '${delimiter}' inside the pattern at offset ${first}${more}, where PHP would end the pattern; ${advice}`
  )
}

function unescapedOccurrences(text: string, char: string): number[] {
  const found: number[] = []
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\\') index++
    else if (text[index] === char) found.push(index)
  }
  return found
}

function reportUnknownModifiers(
  given: string,
  modifiers: string,
  offset: number,
  delimiter: string,
  diag: Diagnostics
): void {
  const unknown = [...new Set([...modifiers].filter(char => !PCRE_MODIFIERS.includes(char)))]
  if (unknown.length === 0) return
  const listed = unknown.map(char => `'${char}'`).join(', ')
  const noun = unknown.length === 1 ? 'modifier' : 'modifiers'
  const pathHint =
    delimiter === '/'
      ? "; a pattern that starts with '/' is read as delimited by '/': to match paths starting with '/', write a bare expression such as ^/blog/.*$ or use # as delimiter"
      : ''
  diag.problem(
    INPUT,
    given,
    `unknown ${noun} ${listed} after the end delimiter '${delimiter}' at offset ${offset}; valid PCRE modifiers are ${[...PCRE_MODIFIERS].join(' ')}${pathHint}`
  )
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
  const body = escapeUnescapedDelimiter(given, delimiter)
  return {
    prepared: {
      pattern: `${delimiter}${body}${delimiter}`,
      delimiter,
      body,
      modifiers: '',
      wrapped: true
    },
    scannedText: given,
    scanOffset: 0
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

/**
 * Escapes each unescaped `delimiter` so PHP does not end the pattern there. Inside \Q...\E a
 * backslash would be literal, so the quoted section is closed around the escaped delimiter.
 */
export function escapeUnescapedDelimiter(expression: string, delimiter: string): string {
  let escaped = ''
  let index = 0
  while (index < expression.length) {
    const char = expression.charAt(index)
    if (char === '\\' && expression.charAt(index + 1) === 'Q') {
      const quoteEnd = expression.indexOf('\\E', index + 2)
      const end = quoteEnd === -1 ? expression.length : quoteEnd
      const quoted = expression.slice(index + 2, end)
      escaped += `\\Q${quoted.split(delimiter).join(`\\E\\${delimiter}\\Q`)}`
      index = end
    } else if (char === '\\') {
      escaped += expression.slice(index, index + 2)
      index += 2
    } else {
      escaped += char === delimiter ? `\\${delimiter}` : char
      index++
    }
  }
  return escaped
}
