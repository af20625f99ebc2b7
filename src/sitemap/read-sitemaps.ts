/**
 * Finds and reads a site's sitemaps the way search engines do: the `Sitemap:` lines of
 * robots.txt (else /sitemap.xml), or the one given in the `sitemap` input; sitemap indexes;
 * XML, text, RSS and Atom files, plain or gzip, recognized by their content (sitemap-file.ts).
 * A `Sitemap:` line may name another host (a CDN, a storage bucket: sitemaps.org's "cross
 * submit"); that file and the children its index lists on its own host are read, and only the
 * pages on the site's host are kept, as path and query. Bounded: 50,000 URLs and 50 MiB a file
 * (the protocol's limits, for every format), 50 files, 1,000,000 pages in all; a cut says so in
 * a warning. A file that cannot be read, or is not a sitemap, is one warning naming it and
 * saying what to do. Pages themselves are never fetched from here.
 */
import type { Readable } from 'node:stream'
import { decodedText, decompressed, TooManyCodings } from './file-content.js'
import { headerText, openFollowing, refusalOf, secureUrl } from './open-file.js'
import type { Opened, SitemapFetcher } from './open-file.js'
import { PageSet } from './page-set.js'
import { decodeRobotsTxt, sitemapsInRobotsTxt } from './robots-txt.js'
import { SitemapFileReader, type FileKind } from './sitemap-file.js'
import { MAX_LOC_CHARS, MalformedSitemap, NotASitemap, type EntryProblem } from './sitemap-xml.js'

export { MAX_SITEMAP_REDIRECTS, type SitemapFetcher } from './open-file.js'

export type SitemapRequest =
  | { readonly kind: 'auto' }
  | { readonly kind: 'none' }
  | { readonly kind: 'url'; readonly url: URL }

export interface SitemapLimits {
  readonly urlsPerFile: number
  readonly files: number
  readonly totalUrls: number
  readonly bytesPerFile: number
  readonly robotsBytes: number
}

export const SITEMAP_LIMITS: SitemapLimits = {
  urlsPerFile: 50_000,
  files: 50,
  totalUrls: 1_000_000,
  bytesPerFile: 50 * 1024 * 1024,
  robotsBytes: 512 * 1024
}

export interface SitemapReading {
  /** Whether any sitemap was found and read (an empty one counts). */
  readonly found: boolean
  /** The `sitemap` input is `none`: nothing was read, on purpose. */
  readonly turnedOff: boolean
  /** The sitemap files read, in order, where they were read from (after redirects). */
  readonly files: readonly string[]
  /** Pages on the site's host: path and query, unique, in sitemap order (a set: no copy). */
  readonly pages: ReadonlySet<string>
  /** URLs skipped because they name another host. */
  readonly foreignUrls: number
  readonly warnings: readonly string[]
  readonly notices: readonly string[]
}

export interface ReadOptions {
  readonly timeoutMs: number
  readonly limits?: SitemapLimits
}

export async function readSitemaps(
  request: SitemapRequest,
  siteUrl: URL,
  fetcher: SitemapFetcher,
  options: ReadOptions
): Promise<SitemapReading> {
  const reading = new Reading(siteUrl, fetcher, options)
  if (request.kind === 'none') return reading.result(true)
  if (request.kind === 'url') await reading.readAll([{ url: request.url, source: 'named' }])
  else await reading.readAll(await reading.discover())
  return reading.result(false)
}

/** Where a file to read came from: that decides where it may be and where it may move. */
type Source = 'named' | 'robots' | 'guessed' | 'index'

interface Listed {
  readonly url: URL
  readonly source: Source
  /** For an index's child: where the index was read from. */
  readonly index?: URL
}

/** What a file is, for the messages. */
const KIND_WORDS: Record<FileKind, string> = {
  urlset: 'a sitemap',
  sitemapindex: 'a sitemap index',
  text: 'a text sitemap',
  rss: 'an RSS feed',
  atom: 'an Atom feed'
}

class Reading {
  private readonly limits: SitemapLimits
  private readonly pages = new PageSet()
  private readonly files: string[] = []
  /** Every URL an answer came from (sitemap or not): a redirect to one is not fetched again. */
  private readonly fetched = new Set<string>()
  private readonly warnings: string[] = []
  private readonly notices: string[] = []
  private foreignUrls = 0
  private firstForeign: string | undefined
  private found = false
  private totalCut = false
  /** robots.txt answered 200 with an HTML page (a single-page app's shell). */
  private robotsIsHtml = false
  /** The site's origin, under both schemes: sitemaps often list http:// for an https:// site. */
  private readonly origins: readonly string[]
  /** Per file: URLs that were not absolute http(s) URLs, and the first of them. */
  private invalidInFile = 0
  private firstInvalid = ''

  constructor(
    private readonly siteUrl: URL,
    private readonly fetcher: SitemapFetcher,
    private readonly options: ReadOptions
  ) {
    this.limits = options.limits ?? SITEMAP_LIMITS
    this.origins = [`https://${siteUrl.host}`, `http://${siteUrl.host}`]
  }

  result(turnedOff: boolean): SitemapReading {
    if (this.foreignUrls > 0) {
      const example = this.firstForeign === undefined ? '' : ` (the first: ${this.firstForeign})`
      this.warnings.push(
        `Sitemaps: ${this.foreignUrls} URL(s) on hosts other than ${this.siteUrl.host} were skipped${example}; only pages of site_url are checked.`
      )
    }
    return {
      found: this.found,
      turnedOff,
      files: this.files,
      pages: this.pages,
      foreignUrls: this.foreignUrls,
      warnings: this.warnings.map(sentence),
      notices: this.notices.map(sentence)
    }
  }

  /** robots.txt's `Sitemap:` lines, else /sitemap.xml, a guess that may not exist. */
  async discover(): Promise<Listed[]> {
    const listed = await this.readRobots(new URL('/robots.txt', this.siteUrl))
    if (listed.length > 0) return listed.map(url => ({ url, source: 'robots' }))
    return [{ url: new URL('/sitemap.xml', this.siteUrl), source: 'guessed' }]
  }

  private async readRobots(robotsUrl: URL): Promise<URL[]> {
    let bytes: Buffer
    let base: URL
    try {
      const opened = await openFollowing(this.fetcher, robotsUrl, {
        host: this.siteUrl.host,
        timeoutMs: this.options.timeoutMs,
        alreadyRead: () => false
      })
      if (opened === undefined) return []
      const { answer } = opened
      base = opened.at
      if (answer.status !== 200) {
        answer.body.destroy()
        // No robots.txt is common (404, 410); another answer hides the Sitemap: lines it has.
        if (answer.status !== 404 && answer.status !== 410) {
          this.warnings.push(
            `Sitemaps: ${base.href} answered HTTP ${answer.status}; /sitemap.xml was tried instead of its Sitemap: lines`
          )
        }
        return []
      }
      // A server may compress robots.txt although nothing asked it to (as sitemaps).
      bytes = await readBytes(
        answer.body,
        decompressed(answer.body, headerText(answer.headers['content-encoding'])),
        this.limits.robotsBytes
      )
    } catch (error) {
      this.warnings.push(`Sitemaps: could not read ${robotsUrl.href}: ${messageOf(error)}`)
      return []
    }
    const text = decodeRobotsTxt(bytes)
    this.robotsIsHtml = /^\s*</.test(text)
    const found = sitemapsInRobotsTxt(text, base)
    for (const line of found.bareUrlLines) {
      this.warnings.push(
        `${base.href} line ${line} is only a URL; it was read as a Sitemap: line (search engines may ignore it: write "Sitemap: <url>")`
      )
    }
    for (const { line, value } of found.unreadable) {
      this.warnings.push(
        `${base.href} line ${line}: Sitemap: "${value}" is not an http(s) URL; ignored`
      )
    }
    return [...found.urls]
  }

  /** Reads the start files and the sitemaps their indexes list. */
  async readAll(start: readonly Listed[]): Promise<void> {
    const queue = [...start]
    const seen = new Set(start.map(listed => listed.url.href))
    // Files asked for, whatever they answered (missing, not a sitemap): the limit is on
    // requests, or an index of 50,000 missing files would be 50,000 requests and warnings.
    let asked = 0
    // Listed files not read: the queue holds only as many as the limit lets be asked for.
    let notRead = 0
    while (queue.length > 0 && !this.totalCut) {
      const listed = queue.shift()
      if (listed === undefined) break
      const admitted = this.admit(listed)
      if (admitted === undefined) continue
      // Already read, through a redirect from another file.
      if (this.fetched.has(admitted.url.href)) continue
      if (asked >= this.limits.files) {
        notRead += queue.length + 1
        break
      }
      asked++
      const { children, at } = await this.readFile(listed, admitted)
      for (const child of children) {
        if (seen.has(child.href)) continue
        if (asked + queue.length >= this.limits.files) {
          notRead++
          continue
        }
        seen.add(child.href)
        queue.push({ url: child, source: 'index', index: at })
      }
    }
    if (notRead > 0) {
      this.warnings.push(
        `Sitemaps: more than ${this.limits.files} sitemap files; ${notRead} were not read`
      )
    }
  }

  /**
   * Where a listed file may be read from, and where its redirects may go (one host, or any);
   * undefined, with a warning, when it may not be read. The site's own files stay on its host.
   * robots.txt may name another host (sitemaps.org's cross submit: the site owner says so);
   * an index lists sitemaps on its own host or the site's, as the protocol asks.
   */
  private admit(listed: Listed): { url: URL; host: string | undefined } | undefined {
    const { url, source } = listed
    const site = this.siteUrl
    if (source === 'named') return { url, host: undefined }
    const listedBy = listed.index ?? site
    const refusal = refusalOf(url, listedBy)
    if (refusal !== undefined) {
      this.warnings.push(`Sitemap ${url.href} is not read: ${refusal}`)
      return undefined
    }
    const secure = secureUrl(url, listedBy)
    if (url.host === site.host) return { url: secure, host: site.host }
    if (source === 'robots') return { url: secure, host: undefined }
    if (source === 'index' && listed.index !== undefined && url.host === listed.index.host) {
      return { url: secure, host: undefined }
    }
    const by = listed.index?.href ?? site.href
    this.warnings.push(
      `Sitemap ${url.href}, listed by ${by}, is on another host than the index and ${site.host}; not read (an index lists sitemaps on its own host: name it in robots.txt with a Sitemap: line, or in the sitemap input)`
    )
    return undefined
  }

  /** Reads one file; returns the sitemaps an index lists and where the file was read from. */
  private async readFile(
    listed: Listed,
    admitted: { url: URL; host: string | undefined }
  ): Promise<{ children: URL[]; at: URL }> {
    const children: URL[] = []
    const { url } = admitted
    // One budget for the file: its redirects, its bytes arriving, and reading them (a gzip
    // file arrives at once, then unpacks to 50 MB of work).
    const deadline = Date.now() + this.options.timeoutMs
    let opened: Opened | undefined
    try {
      opened = await openFollowing(this.fetcher, url, {
        host: admitted.host,
        timeoutMs: this.options.timeoutMs,
        alreadyRead: next => this.fetched.has(next.href)
      })
    } catch (error) {
      this.warnings.push(`Sitemap ${url.href} could not be read: ${messageOf(error)}`)
      return { children, at: url }
    }
    // Redirected to a file already read: its pages are known.
    if (opened === undefined) return { children, at: url }
    const { answer, at } = opened
    this.fetched.add(at.href)
    if (answer.status !== 200) {
      answer.body.destroy()
      if (listed.source === 'guessed' && (answer.status === 404 || answer.status === 410)) {
        this.notices.push(
          `No sitemap found for ${this.siteUrl.origin}: robots.txt lists none and /sitemap.xml answers HTTP ${answer.status}`
        )
      } else {
        this.warnings.push(`Sitemap ${at.href} answered HTTP ${answer.status}; not read`)
      }
      return { children, at }
    }
    await this.readBody(
      answer.body,
      headerText(answer.headers['content-encoding']),
      at,
      listed,
      children,
      deadline
    )
    return { children, at }
  }

  private async readBody(
    body: Readable,
    contentEncoding: string | undefined,
    at: URL,
    listed: Listed,
    children: URL[],
    deadline: number
  ): Promise<void> {
    // Set by the reader's callbacks as the file is read.
    const file: { kind: FileKind | undefined; urls: number; cut: boolean } = {
      kind: undefined,
      urls: 0,
      cut: false
    }
    // Index entries that name no sitemap: how many, and the first (for the warning).
    const problems: { first: EntryProblem | undefined; count: number } = {
      first: undefined,
      count: 0
    }
    const onProblem = (problem: EntryProblem): void => {
      problems.first ??= problem
      problems.count++
    }
    this.invalidInFile = 0
    this.firstInvalid = ''
    const reader = new SitemapFileReader({
      onKind: kind => {
        file.kind = kind
        this.found = true
        this.files.push(at.href)
        if (kind === 'rss' || kind === 'atom') {
          this.notices.push(
            `Sitemap ${at.href} is ${KIND_WORDS[kind]}: a feed lists only recent pages, so older pages are not chosen from it`
          )
        }
      },
      onPage: (loc, kind) => {
        if (file.cut || this.totalCut) return
        if (file.urls >= this.limits.urlsPerFile) {
          file.cut = true
          this.warnings.push(
            `Sitemap ${at.href} lists more than ${this.limits.urlsPerFile} URLs (the protocol's limit for one file); the rest of it was not read`
          )
          return
        }
        file.urls++
        // Feeds may give relative links (resolved against the feed); sitemaps must not.
        this.addPage(kind === 'rss' || kind === 'atom' ? resolved(loc, at) : loc)
      },
      onSitemap: loc => {
        if (file.cut) return
        if (children.length + problems.count >= this.limits.urlsPerFile) {
          file.cut = true
          this.warnings.push(
            `Sitemap index ${at.href} lists more than ${this.limits.urlsPerFile} sitemaps (the protocol's limit for one index); the rest of it was not read`
          )
          return
        }
        if (!URL.canParse(loc, at.href)) {
          onProblem({ entry: children.length + problems.count + 1, text: loc.slice(0, 80) })
          return
        }
        const child = new URL(loc, at)
        child.hash = ''
        children.push(child)
      },
      onEntryProblem: onProblem
    })
    try {
      let ended: 'complete' | 'too-large' | 'stopped' = 'complete'
      for await (const chunk of decodedText(body, contentEncoding)) {
        if (chunk.bytes > this.limits.bytesPerFile) {
          ended = 'too-large'
          break
        }
        reader.write(chunk.text)
        if (file.cut || this.totalCut) {
          ended = 'stopped'
          break
        }
        if (Date.now() > deadline) {
          throw new Error(`it took more than ${this.options.timeoutMs / 1000} s`)
        }
      }
      if (ended === 'complete') reader.close()
      if (ended === 'too-large') {
        this.warnings.push(
          `Sitemap ${at.href} is larger than ${this.limits.bytesPerFile / 1024 / 1024} MiB (the protocol's limit is 50 MB); only its start was read`
        )
      }
    } catch (error) {
      this.warnings.push(this.failureMessage(error, at, listed, file.kind, file.urls))
    } finally {
      body.destroy()
    }
    this.fileWarnings(at, file.kind, reader, problems)
  }

  private failureMessage(
    error: unknown,
    at: URL,
    listed: Listed,
    kind: FileKind | undefined,
    inFile: number
  ): string {
    const kept = inFile > 0 ? ` (the ${inFile} URL(s) read before it were kept)` : ''
    if (error instanceof NotASitemap) {
      const shell =
        error.what === 'an HTML page' ? ' (a single-page app answers every path with its page)' : ''
      const robots =
        listed.source === 'guessed'
          ? `; robots.txt lists no sitemap${this.robotsIsHtml ? ' and is an HTML page too' : ''}`
          : ''
      const fix =
        listed.source === 'named'
          ? 'check the URL in the sitemap input, or set sitemap: none'
          : "set the sitemap input to the URL of the site's sitemap (XML, text, RSS or Atom), or to none"
      return `Sitemap ${at.href} is not a sitemap: it is ${error.what}${shell}${robots}. To fix it, ${fix}`
    }
    if (error instanceof TooManyCodings)
      return `Sitemap ${at.href} could not be read: ${error.message}`
    if (error instanceof MalformedSitemap || isZlibError(error)) {
      const what = kind === undefined || kind === 'urlset' ? '' : ` (${KIND_WORDS[kind]})`
      return `Sitemap ${at.href}${what} is malformed: ${messageOf(error)}${kept}`
    }
    // A body that stopped arriving (a timeout, a reset) is not the file's fault.
    return `Sitemap ${at.href} could not be read whole: ${messageOf(error)}${kept}`
  }

  /** The warnings about parts of a file that were skipped. */
  private fileWarnings(
    at: URL,
    kind: FileKind | undefined,
    reader: SitemapFileReader,
    problems: { readonly first: EntryProblem | undefined; readonly count: number }
  ): void {
    if (reader.skippedLongLocs > 0) {
      this.warnings.push(
        `Sitemap ${at.href}: ${reader.skippedLongLocs} URL(s) longer than ${MAX_LOC_CHARS} characters (the protocol's limit) skipped`
      )
    }
    const lines = reader.linesNotUrls
    if (lines.count > 0 && lines.first !== undefined) {
      this.warnings.push(
        `Sitemap ${at.href}: ${lines.count} line(s) that are not URLs skipped (the first, line ${lines.first.line}: "${lines.first.text}")`
      )
    }
    if (this.invalidInFile > 0) {
      this.warnings.push(
        `Sitemap ${at.href}: ${this.invalidInFile} entr${this.invalidInFile === 1 ? 'y' : 'ies'} not an absolute http(s) URL skipped (the first: "${this.firstInvalid}")`
      )
    }
    if (reader.entriesWithoutUrl > 0) {
      const what = kind === 'urlset' ? '<url> without <loc>' : 'feed item(s) without a link'
      this.warnings.push(`Sitemap ${at.href}: ${reader.entriesWithoutUrl} ${what} skipped`)
    }
    const { first, count } = problems
    if (first !== undefined) {
      const held = first.text === '' ? 'it is empty' : `it holds "${first.text}"`
      const more = count > 1 ? ` (${count - 1} more like it)` : ''
      this.warnings.push(
        `Sitemap index ${at.href}: entry ${first.entry} names no sitemap (${held}); skipped${more}`
      )
    }
  }

  private addPage(loc: string): void {
    const path = this.pathOnSite(loc)
    if (path === undefined) return
    if (this.pages.size >= this.limits.totalUrls) {
      this.totalCut = true
      this.warnings.push(
        `Sitemaps: more than ${this.limits.totalUrls} pages; only the first ${this.limits.totalUrls} are considered`
      )
      return
    }
    this.pages.add(path)
  }

  /**
   * Path and query of a page URL on the site, exactly as WHATWG URL would give them; undefined
   * for another host (counted) or no http(s) URL at all (counted: the protocol wants absolute
   * URLs, so a relative one is a mistake, not a page to guess). Parsing a million URLs is most
   * of a big sitemap's reading time, so plain ones on the site's origin take a shortcut that
   * gives the same result.
   */
  private pathOnSite(loc: string): string | undefined {
    for (const origin of this.origins) {
      if (!loc.startsWith(origin)) continue
      const rest = loc.slice(origin.length)
      if (PLAIN_PATH.test(rest) && !DOT_SEGMENT.test(rest) && !rest.endsWith('?')) {
        // A copy, not a slice: a slice would keep the whole 64 KiB chunk it came from alive.
        return (rest + ' ').slice(0, -1)
      }
      break
    }
    let page: URL | undefined
    try {
      page = new URL(loc)
    } catch {
      page = undefined
    }
    if (page === undefined || !/^https?:$/.test(page.protocol)) {
      this.invalidInFile++
      if (this.invalidInFile === 1) this.firstInvalid = loc.slice(0, 80)
      return undefined
    }
    if (page.host !== this.siteUrl.host) {
      this.foreignUrls++
      this.firstForeign ??= page.href.slice(0, 120)
      return undefined
    }
    return `${page.pathname}${page.search}`
  }
}

/** Characters WHATWG URL leaves as they are in a path and a query (no ', space, #, \\, ...). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/
/** `.` and `..` segments (`%2e` is a dot there too), which WHATWG URL resolves. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i

/** A feed's link, resolved against the feed's URL when it is relative. */
function resolved(loc: string, base: URL): string {
  if (/^https?:\/\//i.test(loc) || !URL.canParse(loc, base.href)) return loc
  return new URL(loc, base).href
}

/** At most `maxBytes` of `bytes` (read from `body`, perhaps decompressed); the body is closed. */
async function readBytes(
  body: Readable,
  bytes: AsyncIterable<Buffer>,
  maxBytes: number
): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of bytes) {
      chunks.push(chunk)
      size += chunk.length
      if (size >= maxBytes) break
    }
  } finally {
    body.destroy()
  }
  return Buffer.concat(chunks).subarray(0, maxBytes)
}

/** zlib's own errors (a gzip file cut short or corrupt): the file's fault. */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('Z_')
}

/** One sentence: the text and a single final period, whatever the parts ended with. */
export function sentence(text: string): string {
  return `${text.replace(/[\s.]+$/, '')}.`
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
