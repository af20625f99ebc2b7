/**
 * Inputs written as a path (or a URL) where a pattern is expected. The service matches a pattern
 * against paths, and people write a section of a site as they see it: `/blog/`. In PHP that is
 * a valid pattern, the expression `blog` between '/' delimiters, which matches any path holding
 * `blog` (/fr/blog/bonjour.html, /blogroll): not what it seems to say. So such an input is
 * refused before anything is sent, with both readings spelt out and a pattern for each.
 */
import { readPhpPattern } from '../../pcre2/pcre2.mjs'
import type { Diagnostics } from '../core/diagnostics.js'
import { INPUT, shown } from './messages.js'

/**
 * A path and nothing else between '/' at both ends: segments of letters, digits and `-._~%`
 * (none of them regex syntax but the dot, which a path means literally), each ending in '/'.
 */
const SLASHED_PATH = /^\/(?:[\p{L}\p{N}._~%-]+\/)+$/u

/**
 * Refuses `/blog/` and the like (see above); true when it did. Any regex syntax besides the dot
 * (`/blog-\d+/`, `/^\/blog/`), or a modifier (`/blog/i`), says the input is a pattern.
 */
export function refuseSlashedPath(given: string, diag: Diagnostics): boolean {
  if (!SLASHED_PATH.test(given) || !/[\p{L}\p{N}]/u.test(given)) return false
  const inner = given.slice(1, -1)
  const reading = readPhpPattern(given)
  const asPhp = reading.ok
    ? `the expression ${shown(reading.body)} between '/' delimiters, which matches any path containing ${shown(reading.body)} (${shown(`/fr/${reading.body}/x`)} too)`
    : `the expression ${shown(given.slice(1, given.indexOf('/', 1)))} between '/' delimiters, followed by ${shown(given.slice(given.indexOf('/', 1) + 1))}, which it refuses as modifiers (PHP: ${reading.message})`
  const underPath = `#^${literal(given)}#`
  const containing = `#${literal(inner)}#`
  diag.problem(
    INPUT,
    given,
    `is ambiguous: as a path it means the pages under ${shown(given)}, but PHP reads it as ${asPhp}. Write \`${underPath}\` for the pages under ${shown(given)}, or \`${containing}\` for any path containing ${shown(inner)}`
  )
  return true
}

/** Path text as a PCRE expression matching it literally: only the dot means anything else. */
function literal(path: string): string {
  return path.replace(/\./g, '\\.')
}
