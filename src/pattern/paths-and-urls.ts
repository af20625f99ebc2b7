/**
 * Inputs written as a path (or a URL) where a pattern is expected. The service matches a pattern
 * against paths, and people write a section of a site as they see it: `/blog/`. In PHP that is
 * a valid pattern, the expression `blog` between '/' delimiters, which matches any path holding
 * `blog` (/fr/blog/bonjour.html, /blogroll): not what it seems to say. So such an input is
 * refused before anything is sent, with both readings spelt out and a pattern for each.
 *
 * A URL (`https://www.example.com/blog/`), or a pattern that starts with a host
 * (`www.example.com/blog/`), can never match: a path has no scheme and no host. It is refused
 * with the pattern its path part makes.
 */
import { readPhpPattern } from '../../pcre2/pcre2.mjs'
import type { Diagnostics } from '../core/diagnostics.js'
import { escapeUnescapedDelimiter } from './escape-delimiter.js'
import { INPUT, shown } from './messages.js'
import type { PreparedPattern } from './prepared-pattern.js'
import { rewriteText, type Accepts } from './rewrites.js'

/**
 * A path and nothing else between '/' at both ends: segments of letters, digits and `-._~%`
 * (none of them regex syntax but the dot, which a path means literally), each ending in '/'.
 */
const SLASHED_PATH = /^\/(?:[\p{L}\p{N}._~%-]+\/)+$/u

/**
 * Refuses `/blog/` and the like (see above); true when it did. Any regex syntax besides the dot
 * (`/blog-\d+/`, `/^\/blog/`), or a modifier (`/blog/i`), says the input is a pattern.
 */
export function refuseSlashedPath(given: string, diag: Diagnostics, accepts: Accepts): boolean {
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
    `is ambiguous: as a path it means the pages under ${shown(given)}, but PHP reads it as ${asPhp}. Write ${rewriteText(underPath, accepts)} for the pages under ${shown(given)}, or ${rewriteText(containing, accepts)} for any path containing ${shown(inner)}`
  )
  return true
}

/**
 * A pattern for the paths that start with an input that starts like a path but is no pattern
 * (`/blog` → `#^/blog#`, `/blog/.*` → `#^/blog/.*#`); undefined for any other input.
 */
export function pathReading(given: string): string | undefined {
  if (!/^\/[\p{L}\p{N}._~%-]/u.test(given)) return undefined
  return /^[\p{L}\p{N}._~%/-]*$/u.test(given)
    ? `#^${literal(given)}#`
    : `#^${escapeUnescapedDelimiter(given, '#').text}#`
}

/** Path text as a PCRE expression matching it literally: only the dot means anything else. */
function literal(path: string): string {
  return path.replace(/\./g, '\\.')
}

/**
 * A scheme and `://` at the start of the expression (after `^`, `\A` or `.*`), its `/` escaped
 * or not: `https://`, `^https?://`, `(https?|ftp)://`, `.*://`. A `://` after a path's text
 * (`/share\?url=https://`) is part of a path, and not caught.
 */
const SCHEME =
  /^(?:\^|\\A)?(?:\.[*+]\??)?(?:(?:\((?:\?:)?)?[a-z][a-z0-9+.-]*\??(?:\|[a-z][a-z0-9+.-]*\??)*\)?\??)?:(?:\\?\/){2}/i
/**
 * A host at the start of the expression, before a '/': labels joined by dots (escaped or not),
 * ending in a top-level domain of letters. A file name before a '/' (`index.php/blog/`, a
 * PATH_INFO) is no host: such endings are left out.
 */
const HOST =
  /^(?:\^|\\A)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\?\.)+([a-z]{2,63}))(?::\d+)?(?=\\?\/|$)/i
const PAGE_EXTENSIONS = new Set([
  'php',
  'html',
  'htm',
  'shtml',
  'xhtml',
  'asp',
  'aspx',
  'jsp',
  'cgi'
])

/** Refuses a URL, or a pattern that starts with a host (see above); true when it did. */
export function refuseUrl(
  prepared: PreparedPattern,
  given: string,
  diag: Diagnostics,
  accepts: Accepts
): boolean {
  const expression = prepared.wrapped ? given : prepared.body
  const found = schemeAndHost(expression)
  if (found === undefined) return false
  const pathPart = expression.slice(found.end).replace(/\\\//g, '/')
  // The URL of the home page, or of the whole site: as a pattern, #^/# would match every path.
  const homePage = pathPart === '' || pathPart === '/' || pathPart === '/$'
  const modifiers = prepared.wrapped ? '' : prepared.modifiers.trim()
  const advice = homePage
    ? `Write ${rewriteText('#^/$#', accepts)} for the home page (a pattern for the whole site needs allow_purge_all: true)`
    : `Write the path part alone: ${rewriteText(`#^${escapeUnescapedDelimiter(pathPart, '#').text}#${modifiers}`, accepts)}`
  const what = found.scheme
    ? `is a URL, with the scheme and host ${shown(found.text)}`
    : `starts with a host, ${shown(found.text)}`
  diag.problem(
    INPUT,
    given,
    `${what}, but the service matches a pattern against the path of each page (/blog/post-1.html: no scheme, no host), so it would purge nothing. ${advice}`
  )
  return true
}

/** The scheme and host the expression starts with: its text (after ^), and where it ends. */
function schemeAndHost(
  expression: string
): { readonly text: string; readonly end: number; readonly scheme: boolean } | undefined {
  const start = /^(?:\^|\\A)?/.exec(expression)?.[0].length ?? 0
  const scheme = SCHEME.exec(expression)
  if (scheme !== null) {
    // The host runs to the first '/' (escaped or not) after the scheme.
    const slash = expression.indexOf('/', scheme[0].length)
    const end =
      slash === -1 ? expression.length : expression.charAt(slash - 1) === '\\' ? slash - 1 : slash
    return { text: expression.slice(start, end), end, scheme: true }
  }
  const host = HOST.exec(expression)
  const topLevel = host?.[2]?.toLowerCase()
  if (host === null || topLevel === undefined || PAGE_EXTENSIONS.has(topLevel)) return undefined
  const end = host[0].length
  // A host alone might be a file name (`logo.png`, paths containing it): only www. says host.
  if (end === expression.length && !/^www\./i.test(host[1] ?? '')) return undefined
  return { text: expression.slice(start, end), end, scheme: false }
}
