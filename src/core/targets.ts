/**
 * Validation and normalization of the purge targets users type: tags and URLs.
 * Pure: every problem goes to Diagnostics, nothing is thrown for bad input.
 */
import type { Diagnostics } from './diagnostics.js'
import { Input } from './constants.js'
import { uniqueNonEmpty } from './lists.js'
import { plural } from '../text/format.js'

/**
 * C0 controls, DEL, C1 controls and the Unicode line and paragraph separators: never part of a
 * tag or a path anyone meant to type, whether typed in an input or made by url_map from a file
 * name.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * Where a list's items were written, for its messages: the input, and for a list read from a
 * file (`urls_file`), each item's place in it, so that a bad line is named by its number.
 */
export interface ItemOrigin {
  readonly input: string
  /** The place of the item at this index of the list, when it came from a file (`line 12`). */
  readonly placeOf?: (index: number) => string
  /**
   * The list was a JSON array: each item's ends are written, so a space inside one is meant
   * (`["summer sale"]`). On a line, a space in a tag is more likely a list written wrongly.
   */
  readonly json?: boolean
}

/**
 * Remarks said for the first few items of a kind, then counted: a file of 50,000 absolute URLs
 * gives ten notices and one count, not 50,000 lines of log; and past MAX_LIST_PROBLEMS, its
 * problems are counted too, so the annotations and the summary stay readable.
 */
export const MAX_REMARKS_OF_A_KIND = 10
export const MAX_LIST_PROBLEMS = 100

/** One list's problems and remarks, each kind said so many times and then counted. */
class ListReport {
  private problems = 0
  /** Each group's kind and how many of it were met. */
  private readonly remarks = new Map<string, { kind: 'notice' | 'warning'; met: number }>()

  constructor(
    private readonly origin: ItemOrigin,
    private readonly diag: Diagnostics
  ) {}

  /** The label a remark starts with: the input, and the item's place in a file. */
  label(index: number): string {
    const place = this.origin.placeOf?.(index)
    return place === undefined ? this.origin.input : `${this.origin.input} ${place}`
  }

  get input(): string {
    return this.origin.input
  }

  get fromFile(): boolean {
    return this.origin.placeOf !== undefined
  }

  get json(): boolean {
    return this.origin.json === true
  }

  problem(index: number, value: string, reason: string, correction?: string): void {
    this.problems++
    if (this.problems > MAX_LIST_PROBLEMS) return
    const place = this.origin.placeOf?.(index)
    if (place !== undefined) this.diag.problemAt(this.origin.input, place, value, reason)
    else this.diag.problem(this.origin.input, value, reason, correction)
  }

  /** A notice (or a warning) of a kind: said while the kind has been said few times. */
  remark(kind: 'notice' | 'warning', group: string, message: string): void {
    const met = (this.remarks.get(group)?.met ?? 0) + 1
    this.remarks.set(group, { kind, met })
    if (met > MAX_REMARKS_OF_A_KIND) return
    if (kind === 'notice') this.diag.notice(message)
    else this.diag.warn(message)
  }

  /** The counts of what was not said one by one. `more` words a group's count. */
  finish(more: Readonly<Record<string, (count: number) => string>>): void {
    const unsaid = this.problems - MAX_LIST_PROBLEMS
    if (unsaid > 0) {
      this.diag.problemOfInputs(
        [this.origin.input],
        `Input '${this.origin.input}': ${plural(unsaid, this.fromFile ? 'more line has' : 'more item has', this.fromFile ? 'more lines have' : 'more items have')} problems (the first ${MAX_LIST_PROBLEMS} are listed).`
      )
    }
    for (const [group, { kind, met }] of this.remarks) {
      const words = more[group]
      if (met <= MAX_REMARKS_OF_A_KIND || words === undefined) continue
      const message = `${this.origin.input}: ${words(met - MAX_REMARKS_OF_A_KIND)}`
      if (kind === 'notice') this.diag.notice(message)
      else this.diag.warn(message)
    }
  }
}

/**
 * Tags come from a response header the customer's backend sets, as a comma-separated list,
 * so a tag never holds a comma and its surrounding spaces are not part of it.
 */
export function validateTags(
  tags: readonly string[],
  diag: Diagnostics,
  origin: ItemOrigin = { input: Input.Tags }
): string[] {
  const report = new ListReport(origin, diag)
  const valid: string[] = []
  // `tags: "blog", "home"` split at its commas: quoted items of a list written on one line.
  const listOfQuoted = tags.length > 1 && tags.some(tag => STRAY_QUOTE.test(tag))
  tags.forEach((tag, index) => {
    const quoted = quotedList(tag)
    if (quoted !== undefined) {
      report.problem(index, tag, listWrittenQuoted(quoted, report, 'tags'))
    } else if (listOfQuoted && STRAY_QUOTE.test(tag)) {
      report.problem(index, tag, strayQuote(tags, report))
    } else if (tag.includes(',')) {
      report.problem(index, tag, 'a tag cannot contain a comma (tags are comma-separated)')
    } else if (CONTROL_CHARACTER.test(tag)) {
      report.problem(index, tag, 'a tag cannot contain control characters or line breaks')
    } else if (withoutQuotes(tag) !== undefined) {
      report.problem(
        index,
        tag,
        `is quoted, and quotes would be sent as part of the tag: remove the quotes: \`${report.fromFile ? '' : `${report.input}: `}${withoutQuotes(tag)}\``
      )
    } else if (/\s/.test(tag) && !report.json) {
      report.problem(index, tag, spacesInTag(tag, report))
    } else {
      valid.push(tag)
    }
  })
  report.finish({})
  return valid
}

/**
 * `tags: blog docs home` would be one tag with spaces, where several tags were likely meant:
 * refused, with both ways to write what was meant. A JSON array keeps a space that is meant.
 */
function spacesInTag(tag: string, report: ListReport): string {
  const several = tag.split(/\s+/).join(', ')
  const label = report.fromFile ? '' : `${report.input}: `
  return `holds spaces: if these are several tags, separate them with commas or put one a line (\`${label}${several}\`); if it is one tag with spaces, write it in a JSON array (\`${label}${JSON.stringify([tag])}\`)`
}

/**
 * The items of a list written as quoted items on one line (`"/about", "/contact"`, or what is
 * left of it once a `.env` reader dropped its outer quotes: `/about", "/contact`): quote,
 * separator, quote somewhere in it. Undefined when it holds no such thing.
 */
function quotedList(text: string): string[] | undefined {
  if (!QUOTED_SEPARATOR.test(text)) return undefined
  return text
    .split(QUOTED_SEPARATOR)
    .map(item => item.trim().replace(/^["']|["']$/g, ''))
    .filter(item => item !== '')
}

/** A quote at one end of an item, or at both. */
const STRAY_QUOTE = /^["']|["']$/

/** What a list of quoted tags split at its commas should have been: the tags, unquoted. */
function strayQuote(tags: readonly string[], report: ListReport): string {
  const unquoted = tags.map(tag => tag.replace(/^["']|["']$/g, '').trim()).filter(Boolean)
  const label = report.fromFile ? '' : `${report.input}: `
  return `is quoted, and quotes would be sent as part of the tag: write the list without them: \`${label}${unquoted.join(', ')}\``
}

/** A quote, a comma or white space (or both), a quote: where two quoted items meet. */
const QUOTED_SEPARATOR = /["']\s*,\s*["']|["']\s+["']/

/** A list written as quoted items on one line: refused, with the JSON array that was meant. */
function listWrittenQuoted(items: readonly string[], report: ListReport, noun: string): string {
  const label = report.fromFile ? '' : `${report.input}: `
  return `holds ${noun} written as quoted items on one line, which would be sent as one: write one a line, or a JSON array: \`${label}${JSON.stringify(items)}\``
}

/**
 * The URLs a line of `urls` holds: more than one where a separator stands before something that
 * starts like a URL (`/` or `http(s)://`). A separator is white space with at most one comma
 * in it (`/a /b`, `/a, /b`, `/a , /b`); a comma alone stays part of a URL (`/a,b` and even
 * `/a,/b` are paths a site may serve, and browsers request them as written), and so do spaces
 * before anything else (`/with space/x`).
 *
 * A scan, not a regular expression: `\s+,?\s*(?=\/)` tried at every start of a run of spaces
 * that no URL follows is cubic in the run's length (`/a` and 30,000 spaces took hours); each
 * character here is looked at a bounded number of times.
 */
export function urlsOnOneLine(line: string): string[] {
  const urls: string[] = []
  let from = 0
  let index = 0
  while (index < line.length) {
    if (!isSeparatorCharacter(line.charAt(index))) {
      index++
      continue
    }
    let end = index
    while (end < line.length && isSeparatorCharacter(line.charAt(end))) end++
    const separator = separatorEndingRun(line, index, end)
    if (separator !== undefined && URL_START.test(line.slice(end, end + URL_START_LENGTH))) {
      urls.push(line.slice(from, separator))
      from = end
    }
    index = end
  }
  urls.push(line.slice(from))
  return urls
}

function isSeparatorCharacter(character: string): boolean {
  return character === ',' || /\s/.test(character)
}

/**
 * Where the separator at the end of a run of commas and white space starts: after all but its
 * last comma (those stay in the URL before it, as in `/a,, /b`), if what is left holds white
 * space; undefined when it holds none (`/a,/b`).
 */
function separatorEndingRun(line: string, start: number, end: number): number | undefined {
  let from = start
  let commas = 0
  let spaces = false
  for (let index = end - 1; index >= start; index--) {
    if (line.charAt(index) === ',') {
      commas++
      if (commas === 2) {
        from = index + 1
        break
      }
    } else spaces = true
  }
  return spaces ? from : undefined
}

/** How a URL starts after a separator, tested on the few characters that can show it. */
const URL_START = /^(?:\/|https?:\/\/)/i
const URL_START_LENGTH = 'https://'.length

/**
 * The URL inside the quotes it is wrapped in (`"/a"`, `'/a'`: YAML habits inside a block, where
 * quotes are text); undefined when it is not wrapped so.
 */
function withoutQuotes(url: string): string | undefined {
  const quote = url.charAt(0)
  if (url.length < 2 || (quote !== '"' && quote !== "'") || !url.endsWith(quote)) return undefined
  const inner = url.slice(1, -1)
  return inner.includes(quote) ? undefined : inner.trim()
}

const ABSOLUTE_HTTP_URL = /^https?:\/\//i
/** A UTF-16 half without its other half: not text a browser could send. */
const LONE_SURROGATE = /\p{Surrogate}/u
/** Only the path and query are kept; the host is a placeholder for WHATWG URL parsing. */
const PLACEHOLDER_ORIGIN = 'http://relative.invalid'

/**
 * The service matches URLs exactly against the relative URLs (path and query) it cached, as
 * browsers request them. So: absolute URLs are reduced to path and query, fragments (which
 * never reach a server) are dropped, and characters a browser would percent-encode are
 * encoded the same way. Each change is announced in a notice (the first few of each kind, then
 * a count).
 */
export function normalizeUrls(
  urls: readonly string[],
  diag: Diagnostics,
  origin: ItemOrigin = { input: Input.Urls }
): string[] {
  const report = new ListReport(origin, diag)
  const normalized: string[] = []
  urls.forEach((url, index) => {
    const relative = normalizeUrl(url, { report, index })
    if (relative !== undefined) normalized.push(relative)
  })
  report.finish({
    reduced: count =>
      `${plural(count, 'more absolute URL was', 'more absolute URLs were')} reduced to the path and query the same way.`,
    fragment: count =>
      `the fragments of ${plural(count, 'more URL were', 'more URLs were')} dropped the same way.`,
    normalized: count =>
      `${plural(count, 'more URL was', 'more URLs were')} normalized as browsers request them.`
  })
  return uniqueNonEmpty(normalized)
}

/** One item of a list being normalized: its report, and its index for messages. */
interface Item {
  readonly report: ListReport
  readonly index: number
}

function normalizeUrl(url: string, item: Item): string | undefined {
  const { report, index } = item
  if (CONTROL_CHARACTER.test(url)) {
    report.problem(index, url, 'a URL cannot contain control characters or tabs')
    return undefined
  }
  const urls = urlsOnOneLine(url)
  if (urls.length > 1) {
    if (report.fromFile) {
      report.problem(
        index,
        url,
        `holds ${urls.length} URLs on one line (${urls.map(one => JSON.stringify(one)).join(', ')}), but the file takes one URL a line`
      )
    } else {
      // A workflow_dispatch form field is one line: there, only a JSON array holds several.
      report.problem(
        index,
        url,
        `holds ${urls.length} URLs on one line, but the input takes one URL a line; in a one-line form field (workflow_dispatch): \`${JSON.stringify(urls)}\`. In a workflow file, write:`,
        `urls: |\n${urls.map(one => `  ${one}`).join('\n')}`
      )
    }
    return undefined
  }
  const quoted = quotedList(url)
  if (quoted !== undefined) {
    report.problem(index, url, listWrittenQuoted(quoted, report, 'URLs'))
    return undefined
  }
  const unquoted = withoutQuotes(url)
  if (unquoted !== undefined) {
    report.problem(
      index,
      url,
      `is quoted, and quotes would be sent as part of the URL: remove the quotes: \`${report.fromFile ? '' : `${report.input}: `}${unquoted}\``
    )
    return undefined
  }
  if (ABSOLUTE_HTTP_URL.test(url)) return reduceAbsoluteUrl(url, item)
  if (url.startsWith('//')) {
    report.problem(
      index,
      url,
      "a protocol-relative URL ('//host/…') is ambiguous; write the path only, starting with a single '/'"
    )
    return undefined
  }
  if (!url.startsWith('/')) {
    report.problem(
      index,
      url,
      "must be a relative URL starting with '/' (e.g. /blog/post) or an absolute http(s):// URL"
    )
    return undefined
  }
  return encodeLikeBrowser(dropFragment(url, item), item)
}

function reduceAbsoluteUrl(url: string, { report, index }: Item): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    report.problem(index, url, 'is not a valid absolute URL')
    return undefined
  }
  if (parsed.username !== '' || parsed.password !== '') {
    report.problem(index, url, 'must not contain credentials')
    return undefined
  }
  if (parsed.pathname.startsWith('//')) {
    // Sent as is, '//x' would read as a host (as a typed '//host/…' does): refuse it alike.
    report.problem(
      index,
      url,
      "its path starts with '//', which the service would read as a host name"
    )
    return undefined
  }
  // WHATWG URL parsing already percent-encodes the path and query as a browser would.
  const relative = `${parsed.pathname}${parsed.search}`
  report.remark(
    'notice',
    'reduced',
    `${report.label(index)}: ${JSON.stringify(url)} was reduced to its path and query ${JSON.stringify(relative)}: the service purges relative URLs of the site it serves.`
  )
  return relative
}

function dropFragment(url: string, { report, index }: Item): string {
  const hash = url.indexOf('#')
  if (hash === -1) return url
  const withoutFragment = url.slice(0, hash)
  report.remark(
    'notice',
    'fragment',
    `${report.label(index)}: the fragment of ${JSON.stringify(url)} was dropped (${JSON.stringify(withoutFragment)}): fragments never reach the server, so pages are cached without them.`
  )
  return withoutFragment
}

/**
 * Normalizes a relative URL exactly as a browser (WHATWG URL) would before requesting it, the
 * same way absolute URLs are reduced: percent-encoding (spaces, non-ASCII, quotes, ...), `\`
 * as `/`, and dot segments resolved. So `/a b` and `https://host/a b` both give `/a%20b`.
 */
function encodeLikeBrowser(url: string, { report, index }: Item): string | undefined {
  if (LONE_SURROGATE.test(url)) {
    report.problem(index, url, 'contains text that is not valid Unicode')
    return undefined
  }
  // '/\\host/x' reads as '//host/x' to a browser: a host, not a path of this site ('/\\'
  // alone does not even parse).
  const parsed = URL.canParse(url, PLACEHOLDER_ORIGIN)
    ? new URL(url, PLACEHOLDER_ORIGIN)
    : undefined
  if (!parsed || parsed.origin !== PLACEHOLDER_ORIGIN || parsed.pathname.startsWith('//')) {
    report.problem(index, url, "reads as '//host/…' (a host name), not as a path of the site")
    return undefined
  }
  const normalized = `${parsed.pathname}${parsed.search}`
  if (normalized !== url) {
    report.remark(
      'notice',
      'normalized',
      `${report.label(index)}: ${JSON.stringify(url)} was normalized as browsers request it: ${JSON.stringify(normalized)}.`
    )
  }
  return normalized
}
