/**
 * Validation and normalization of the purge targets users type: tags and URLs.
 * Pure: every problem goes to Diagnostics, nothing is thrown for bad input.
 */
import type { Diagnostics } from './diagnostics.js'
import { Input } from './constants.js'
import { uniqueNonEmpty } from './lists.js'

/**
 * C0 controls, DEL, C1 controls and the Unicode line and paragraph separators: never part of a
 * tag or a path anyone meant to type, whether typed in an input or made by url_map from a file
 * name.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * Tags come from a response header the customer's backend sets, as a comma-separated list,
 * so a tag never holds a comma and its surrounding spaces are not part of it.
 */
export function validateTags(tags: readonly string[], diag: Diagnostics): string[] {
  const valid: string[] = []
  for (const tag of tags) {
    if (tag.includes(',')) {
      diag.problem(Input.Tags, tag, 'a tag cannot contain a comma (tags are comma-separated)')
    } else if (CONTROL_CHARACTER.test(tag)) {
      diag.problem(Input.Tags, tag, 'a tag cannot contain control characters or line breaks')
    } else {
      if (/\s/.test(tag)) warnAboutSpacesInTag(tag, diag)
      valid.push(tag)
    }
  }
  return valid
}

/** `tags: blog docs home` is one tag with spaces; several tags were likely meant. */
function warnAboutSpacesInTag(tag: string, diag: Diagnostics): void {
  diag.warn(
    `tags: ${JSON.stringify(tag)} holds spaces, so it is sent as one tag. To purge several tags, separate them with commas or put one a line: \`tags: ${tag.split(/\s+/).join(', ')}\`.`
  )
}

/**
 * Where a line of `urls` holds a second URL: a comma and a space, or spaces, before something
 * that starts like a URL (`/` or `http(s)://`). A comma alone stays part of a URL (`/a,b` and
 * even `/a,/b` are paths a site may serve, and browsers request them as written), and so do
 * spaces before anything else (`/with space/x`).
 */
const SECOND_URL = /\s*,\s+(?=\/|https?:\/\/)|\s+,?\s*(?=\/|https?:\/\/)/i

const ABSOLUTE_HTTP_URL = /^https?:\/\//i
/** A UTF-16 half without its other half: not text a browser could send. */
const LONE_SURROGATE = /\p{Surrogate}/u
/** Only the path and query are kept; the host is a placeholder for WHATWG URL parsing. */
const PLACEHOLDER_ORIGIN = 'http://relative.invalid'

/**
 * The service matches URLs exactly against the relative URLs (path and query) it cached, as
 * browsers request them. So: absolute URLs are reduced to path and query, fragments (which
 * never reach a server) are dropped, and characters a browser would percent-encode are
 * encoded the same way. Each change is announced in a notice.
 */
export function normalizeUrls(urls: readonly string[], diag: Diagnostics): string[] {
  const normalized: string[] = []
  for (const url of urls) {
    const relative = normalizeUrl(url, diag)
    if (relative !== undefined) normalized.push(relative)
  }
  return uniqueNonEmpty(normalized)
}

function normalizeUrl(url: string, diag: Diagnostics): string | undefined {
  if (CONTROL_CHARACTER.test(url)) {
    diag.problem(Input.Urls, url, 'a URL cannot contain control characters or tabs')
    return undefined
  }
  if (SECOND_URL.test(url)) {
    const urls = url.split(SECOND_URL)
    diag.problem(
      Input.Urls,
      url,
      `holds ${urls.length} URLs on one line, but the input takes one URL a line. Write:`,
      `urls: |\n${urls.map(one => `  ${one}`).join('\n')}`
    )
    return undefined
  }
  if (ABSOLUTE_HTTP_URL.test(url)) return reduceAbsoluteUrl(url, diag)
  if (url.startsWith('//')) {
    diag.problem(
      Input.Urls,
      url,
      "a protocol-relative URL ('//host/…') is ambiguous; write the path only, starting with a single '/'"
    )
    return undefined
  }
  if (!url.startsWith('/')) {
    diag.problem(
      Input.Urls,
      url,
      "must be a relative URL starting with '/' (e.g. /blog/post) or an absolute http(s):// URL"
    )
    return undefined
  }
  return encodeLikeBrowser(dropFragment(url, diag), diag)
}

function reduceAbsoluteUrl(url: string, diag: Diagnostics): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    diag.problem(Input.Urls, url, 'is not a valid absolute URL')
    return undefined
  }
  if (parsed.username !== '' || parsed.password !== '') {
    diag.problem(Input.Urls, url, 'must not contain credentials')
    return undefined
  }
  if (parsed.pathname.startsWith('//')) {
    // Sent as is, '//x' would read as a host (as a typed '//host/…' does): refuse it alike.
    diag.problem(
      Input.Urls,
      url,
      "its path starts with '//', which the service would read as a host name"
    )
    return undefined
  }
  // WHATWG URL parsing already percent-encodes the path and query as a browser would.
  const relative = `${parsed.pathname}${parsed.search}`
  diag.notice(
    `urls: ${JSON.stringify(url)} was reduced to its path and query ${JSON.stringify(relative)}: the service purges relative URLs of the site it serves.`
  )
  return relative
}

function dropFragment(url: string, diag: Diagnostics): string {
  const hash = url.indexOf('#')
  if (hash === -1) return url
  const withoutFragment = url.slice(0, hash)
  diag.notice(
    `urls: the fragment of ${JSON.stringify(url)} was dropped (${JSON.stringify(withoutFragment)}): fragments never reach the server, so pages are cached without them.`
  )
  return withoutFragment
}

/**
 * Normalizes a relative URL exactly as a browser (WHATWG URL) would before requesting it, the
 * same way absolute URLs are reduced: percent-encoding (spaces, non-ASCII, quotes, ...), `\`
 * as `/`, and dot segments resolved. So `/a b` and `https://host/a b` both give `/a%20b`.
 */
function encodeLikeBrowser(url: string, diag: Diagnostics): string | undefined {
  if (LONE_SURROGATE.test(url)) {
    diag.problem(Input.Urls, url, 'contains text that is not valid Unicode')
    return undefined
  }
  // '/\\host/x' reads as '//host/x' to a browser: a host, not a path of this site ('/\\'
  // alone does not even parse).
  const parsed = URL.canParse(url, PLACEHOLDER_ORIGIN)
    ? new URL(url, PLACEHOLDER_ORIGIN)
    : undefined
  if (!parsed || parsed.origin !== PLACEHOLDER_ORIGIN || parsed.pathname.startsWith('//')) {
    diag.problem(Input.Urls, url, "reads as '//host/…' (a host name), not as a path of the site")
    return undefined
  }
  const normalized = `${parsed.pathname}${parsed.search}`
  if (normalized !== url) {
    diag.notice(
      `urls: ${JSON.stringify(url)} was normalized as browsers request it: ${JSON.stringify(normalized)}.`
    )
  }
  return normalized
}
