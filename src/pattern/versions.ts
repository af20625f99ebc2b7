/**
 * What PCRE2 versions after 10.42 read differently. The service's PHP runs 10.42 today (PHP 8.3
 * bundles it; Debian 12 and Ubuntu 24.04 link it); PHP 8.4 bundles 10.44. A pattern that means
 * one thing now and another after an upgrade of the service deserves a warning.
 */
import type { Diagnostics } from '../core/diagnostics.js'
import { shown } from './messages.js'
import type { PreparedPattern } from './prepared-pattern.js'
import { rewriteText, type Accepts } from './rewrites.js'

/**
 * `{,n}` is literal text in PCRE2 10.42 and a quantifier ({0,n}) from 10.43 on. Found outside
 * character classes, \Q...\E and comments: there it is literal in every version.
 */
export function warnAboutNewerPcre2(
  given: string,
  prepared: PreparedPattern,
  inputOffset: (sentOffset: number) => number,
  diag: Diagnostics,
  accepts: Accepts
): void {
  const bodyStart = prepared.pattern.indexOf(prepared.body, prepared.wrapped ? 1 : 0)
  const extended = prepared.modifiers.includes('x')
  for (const found of openQuantifiers(prepared.body, extended)) {
    const offset = inputOffset(bodyStart + found.index)
    // The whole pattern, respelt where the {,n} stands in the input, for each meaning.
    const respelt = (replacement: string): string =>
      `${given.slice(0, offset)}${replacement}${given.slice(offset + found.text.length)}`
    diag.warn(
      `Pattern ${shown(given)}: '${found.text}' at offset ${offset} is literal text in PCRE2 10.42, which the service's PHP runs, but a quantifier (0 to ${found.max} times) from PCRE2 10.43 on (PHP 8.4 bundles 10.44), so the pattern would purge other pages after an upgrade of the service. Write \\${found.text} for the text (${rewriteText(respelt(`\\${found.text}`), accepts)}), or {0,${found.max}} for the quantifier (${rewriteText(respelt(`{0,${found.max}}`), accepts)}).`
    )
  }
}

interface OpenQuantifier {
  readonly index: number
  readonly text: string
  readonly max: string
}

/** `{,n}` where the scan stands (sticky: no slice of the rest of the body at each character). */
const OPEN_QUANTIFIER = /\{,(\d+)\}/y

function openQuantifiers(body: string, extended: boolean): OpenQuantifier[] {
  const found: OpenQuantifier[] = []
  let index = 0
  while (index < body.length) {
    const char = body.charAt(index)
    if (char === '\\') {
      if (body.charAt(index + 1) === 'Q') {
        const end = body.indexOf('\\E', index + 2)
        index = end === -1 ? body.length : end + 2
      } else index += 2
    } else if (char === '[') {
      index = classEnd(body, index)
    } else if (body.startsWith('(?#', index)) {
      const end = body.indexOf(')', index)
      index = end === -1 ? body.length : end + 1
    } else if (char === '#' && extended) {
      const end = body.indexOf('\n', index)
      index = end === -1 ? body.length : end + 1
    } else {
      OPEN_QUANTIFIER.lastIndex = index
      const open = OPEN_QUANTIFIER.exec(body)
      if (open !== null) {
        found.push({ index, text: open[0], max: open[1] ?? '' })
        index += open[0].length
      } else index++
    }
  }
  return found
}

/** The index after the class opened at `start`: `]` first (after `^`) is literal, so are escapes. */
function classEnd(body: string, start: number): number {
  let index = start + 1
  if (body.charAt(index) === '^') index++
  if (body.charAt(index) === ']') index++
  // The next ':]', found again only once the scan passes it: searched afresh at each '[:', a
  // class of many '[:' and no ':]' would take time quadratic in its length.
  let posixEnd = -2
  while (index < body.length) {
    const char = body.charAt(index)
    if (char === '\\') index += 2
    else if (body.startsWith('[:', index)) {
      if (posixEnd !== -1 && posixEnd < index + 2) posixEnd = body.indexOf(':]', index + 2)
      index = posixEnd === -1 ? index + 1 : posixEnd + 2
    } else if (char === ']') return index + 1
    else index++
  }
  return body.length
}
