/**
 * The anchoring warning. A pattern anchored at the start (`#^/docs/#`) is a deliberate prefix,
 * one anchored at the end (`#\.pdf$#`) a deliberate suffix, and `#^/a|\.pdf$#` is one or the
 * other; a pattern with a way through it anchored at neither end matches anywhere in a path and
 * so purges more than it seems to. The anchoring is read from PCRE2's compiled code, and the
 * example path is one PCRE2 matches in its middle.
 */
import type { CompiledPattern } from '../../pcre2/pcre2.mjs'
import type { Diagnostics } from '../core/diagnostics.js'
import { escapeUnescapedDelimiter } from './escape-delimiter.js'
import { shown } from './messages.js'
import { PROBE_PATHS } from './probes.js'
import type { PreparedPattern } from './prepared-pattern.js'
import { rewriteText, type Accepts } from './rewrites.js'

export function warnIfUnanchored(
  compiled: CompiledPattern,
  prepared: PreparedPattern,
  given: string,
  diag: Diagnostics,
  accepts: Accepts
): void {
  if (compiled.anchoredSomewhere) return
  const literal = literalText(prepared)
  const example = examplePath(compiled, literal)
  const anchored =
    literal === undefined
      ? 'Start it with ^ (or end it with $) if it means a prefix (or a suffix)'
      : literal.startsWith('/')
        ? `Write ${rewriteText(respelt(prepared, given, '^', ''), accepts)} if it means the paths that start with ${literal}`
        : // A path always starts with '/': ^ alone before the text would match no path at all.
          `Write ${rewriteText(respelt(prepared, given, '^/', ''), accepts)} if it means the paths that start with /${literal}, or ${rewriteText(respelt(prepared, given, '', '$'), accepts)} for those that end with ${literal}`
  diag.warn(
    `Pattern ${shown(given)} is not anchored at either end (no ^ or \\A at the start, no $, \\z or \\Z at the end): it matches anywhere in a path${example === undefined ? '' : `, e.g. ${shown(example)}`}. ${anchored}.`
  )
}

/** The text a pattern made only of literal characters matches; undefined for any other. */
function literalText(prepared: PreparedPattern): string | undefined {
  // In extended mode white space and # mean something else.
  if (prepared.modifiers.includes('x')) return undefined
  const { body } = prepared
  if (body === '' || !/^(?:[^\\^$.|?*+()[\]{}\s]|\\[^\p{L}\p{N}\s])+$/u.test(body)) {
    return undefined
  }
  return body.replace(/\\(.)/gu, '$1')
}

/**
 * A path the pattern matches somewhere after its start: built around the pattern's own text
 * when it is literal (so its letter case is the pattern's), else one of the probe paths.
 */
function examplePath(compiled: CompiledPattern, literal: string | undefined): string | undefined {
  const candidates =
    literal === undefined
      ? PROBE_PATHS
      : literal.startsWith('/')
        ? [`/old${literal}${literal.endsWith('/') ? 'x' : '/x'}`]
        : [`/old/${literal}/x`, `/old-${literal}-x`]
  return candidates.find(path => {
    const found = compiled.exec(path)
    return typeof found !== 'string' && found.start > 0
  })
}

/**
 * The pattern with text before and after its expression, spelt as the user spelt the pattern.
 * The added text escapes the delimiter: `/blog/i` becomes `/^\/blog/i`, not `/^/blog/i`, where
 * PHP would end the pattern at the second '/'.
 */
function respelt(prepared: PreparedPattern, given: string, before: string, after: string): string {
  if (prepared.wrapped) return `${before}${given}${after}`
  const start = given.indexOf(prepared.body, 1)
  const end = start + prepared.body.length
  const escaped = (text: string): string => escapeUnescapedDelimiter(text, prepared.delimiter).text
  return `${given.slice(0, start)}${escaped(before)}${prepared.body}${escaped(after)}${given.slice(end)}`
}
