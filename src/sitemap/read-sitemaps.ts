/**
 * Finds and reads a site's sitemaps: `Sitemap:` lines of robots.txt (else /sitemap.xml), or the
 * one given; sitemap index files; gzip files (by their magic bytes, whatever their name),
 * decompressed as a stream. Bounded: 50,000 URLs a file (the protocol's limit), 50 files and
 * 1,000,000 URLs in all, 50 MiB of XML a file; a cut says so in a warning. Only pages on the
 * site's host are kept, as path and query. A file that cannot be read is a warning naming it.
 * Redirects are followed for these files (a few hops, never to plain http off a loopback host,
 * and only on the site's host unless the file was named in the `sitemap` input): sites commonly
 * move /sitemap.xml to /sitemap_index.xml. Pages themselves are never fetched from here.
 */
import { createGunzip } from 'node:zlib'
import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { MalformedSitemap, SitemapXmlReader, type SitemapKind } from './sitemap-xml.js'
import { PageSet } from './page-set.js'
import { isLoopbackHost } from '../scalars.js'

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

/** Redirects followed for one file: more is a loop or a misconfiguration. */
export const MAX_SITEMAP_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

type Answer = Awaited<ReturnType<SitemapFetcher['open']>>
interface Opened {
  readonly answer: Answer
  /** Where the answer came from, after redirects. */
  readonly at: URL
}

/** Why a redirect was not followed; the caller words the warning. */
class RedirectRefused extends Error {}

/** What reading needs from HTTP: a GET whose body arrives as a stream. */
export interface SitemapFetcher {
  open(
    url: URL,
    timeoutMs: number
  ): Promise<{
    status: number
    headers: Readonly<Record<string, string | string[] | undefined>>
    body: Readable
  }>
}

export interface SitemapReading {
  /** Whether any sitemap was found and read (an empty one counts). */
  readonly found: boolean
  /** The files read, in order. */
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
  if (request.kind === 'none') return reading.result()
  if (request.kind === 'url') await reading.readAll([request.url], 'named')
  else {
    const found = await reading.discover()
    await reading.readAll(found.urls, found.how)
  }
  return reading.result()
}

class Reading {
  private readonly limits: SitemapLimits
  private readonly pages = new PageSet()
  private readonly files: string[] = []
  private readonly warnings: string[] = []
  private readonly notices: string[] = []
  private foreignUrls = 0
  private found = false
  private totalCut = false
  /** The site's origin, under both schemes: sitemaps often list http:// for an https:// site. */
  private readonly origins: readonly string[]

  constructor(
    private readonly siteUrl: URL,
    private readonly fetcher: SitemapFetcher,
    private readonly options: ReadOptions
  ) {
    this.limits = options.limits ?? SITEMAP_LIMITS
    this.origins = [`https://${siteUrl.host}`, `http://${siteUrl.host}`]
  }

  result(): SitemapReading {
    if (this.foreignUrls > 0) {
      this.warnings.push(
        `Sitemaps: ${this.foreignUrls} URL(s) on hosts other than ${this.siteUrl.host} were skipped.`
      )
    }
    return {
      found: this.found,
      files: this.files,
      pages: this.pages,
      foreignUrls: this.foreignUrls,
      warnings: this.warnings,
      notices: this.notices
    }
  }

  /** robots.txt's `Sitemap:` lines, else /sitemap.xml, a guess that may not exist. */
  async discover(): Promise<{ urls: URL[]; how: 'listed' | 'guessed' }> {
    const robotsUrl = new URL('/robots.txt', this.siteUrl)
    const listed = await this.readRobots(robotsUrl)
    if (listed.length > 0) return { urls: listed, how: 'listed' }
    return { urls: [new URL('/sitemap.xml', this.siteUrl)], how: 'guessed' }
  }

  private async readRobots(robotsUrl: URL): Promise<URL[]> {
    let text: string
    let base: URL
    try {
      const opened = await this.openFollowing(robotsUrl, false)
      if (opened === undefined) return []
      const { answer } = opened
      base = opened.at
      if (answer.status !== 200) {
        answer.body.destroy()
        return []
      }
      text = await readText(answer.body, this.limits.robotsBytes)
    } catch (error) {
      this.warnings.push(`Sitemaps: could not read ${robotsUrl.href}: ${messageOf(error)}`)
      return []
    }
    const urls: URL[] = []
    for (const line of text.split(/\r?\n|\r/)) {
      const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line)
      if (!match?.[1] || !URL.canParse(match[1], base.href)) continue
      const url = new URL(match[1], base)
      if (!urls.some(known => known.href === url.href)) urls.push(url)
    }
    return urls
  }

  /**
   * Reads the start files and the sitemaps their indexes list. `named`: the start file is the
   * `sitemap` input; `guessed`: it is /sitemap.xml, tried because robots.txt lists none.
   */
  async readAll(start: readonly URL[], how: 'named' | 'listed' | 'guessed'): Promise<void> {
    const queue = [...start]
    const seen = new Set(start.map(url => url.href))
    while (queue.length > 0 && !this.totalCut) {
      const listed = queue.shift()
      if (listed === undefined) break
      const named = how === 'named' && start.includes(listed)
      const guessed = how === 'guessed' && start.includes(listed)
      const url = named ? listed : this.onSiteScheme(listed)
      // Already read, through a redirect from another file.
      if (this.files.includes(url.href)) continue
      if (this.files.length >= this.limits.files) {
        this.warnings.push(
          `Sitemaps: more than ${this.limits.files} sitemap files; ${queue.length + 1} were not read.`
        )
        return
      }
      // Files listed by robots.txt or an index are read only from the site itself; a sitemap
      // given in the `sitemap` input may be anywhere.
      if (!named && url.host !== this.siteUrl.host) {
        this.warnings.push(
          `Sitemaps: ${url.href} is on another host than ${this.siteUrl.host}; not read.`
        )
        continue
      }
      const children = await this.readFile(url, guessed, named)
      for (const child of children) {
        if (seen.has(child.href)) continue
        seen.add(child.href)
        queue.push(child)
      }
    }
  }

  /**
   * A sitemap on the site's host listed as `http://` is read over https when the site is https:
   * sitemaps often keep the old scheme, and plain http would let anyone on the way rewrite
   * which pages are checked.
   */
  private onSiteScheme(url: URL): URL {
    if (url.protocol !== 'http:' || this.siteUrl.protocol !== 'https:') return url
    if (url.host !== this.siteUrl.host) return url
    const secure = new URL(url.href)
    secure.protocol = 'https:'
    return secure
  }

  /** Reads one file; returns the sitemaps an index lists. */
  private async readFile(url: URL, fallbackProbe: boolean, explicit: boolean): Promise<URL[]> {
    const children: URL[] = []
    let inFile = 0
    let fileCut = false
    let opened: Opened | undefined
    try {
      opened = await this.openFollowing(url, explicit)
    } catch (error) {
      this.warnings.push(`Sitemap ${url.href} could not be read: ${messageOf(error)}`)
      return children
    }
    // Redirected to a file already read: its pages are known.
    if (opened === undefined) return children
    const { answer, at } = opened
    if (answer.status !== 200) {
      answer.body.destroy()
      if (fallbackProbe && (answer.status === 404 || answer.status === 410)) {
        this.notices.push(
          `No sitemap found for ${this.siteUrl.origin}: robots.txt lists none and /sitemap.xml answers HTTP ${answer.status}.`
        )
      } else {
        this.warnings.push(`Sitemap ${at.href} answered HTTP ${answer.status}; not read.`)
      }
      return children
    }
    this.found = true
    this.files.push(at.href)

    const onLoc = (loc: string, kind: SitemapKind): void => {
      if (fileCut || this.totalCut) return
      if (kind === 'sitemapindex') {
        if (URL.canParse(loc, at.href)) children.push(new URL(loc, at))
        return
      }
      if (inFile >= this.limits.urlsPerFile) {
        fileCut = true
        this.warnings.push(
          `Sitemap ${at.href} lists more than ${this.limits.urlsPerFile} URLs (the protocol's limit for one file); the rest of it was not read.`
        )
        return
      }
      inFile++
      this.addPage(loc)
    }
    const reader = new SitemapXmlReader(onLoc)
    try {
      const cut = await feed(
        answer.body,
        reader,
        this.limits.bytesPerFile,
        () => fileCut || this.totalCut
      )
      if (cut === 'too-large') {
        this.warnings.push(
          `Sitemap ${at.href} is larger than ${this.limits.bytesPerFile / 1024 / 1024} MiB of XML (the protocol's limit is 50 MB); only its start was read.`
        )
      } else if (cut === 'complete') {
        reader.close()
      }
    } catch (error) {
      const kept = inFile > 0 ? ` (${inFile} URL(s) read before it were kept)` : ''
      // A body that stopped arriving (a timeout, a reset) is not the file's fault; bad XML or
      // bad gzip is.
      const what = isFileFault(error) ? 'is malformed' : 'could not be read whole'
      this.warnings.push(`Sitemap ${at.href} ${what}: ${messageOf(error)}${kept}.`)
    } finally {
      answer.body.destroy()
    }
    if (reader.skippedLongLocs > 0) {
      this.warnings.push(
        `Sitemap ${at.href}: ${reader.skippedLongLocs} <loc> longer than 8192 characters skipped.`
      )
    }
    return children
  }

  /**
   * GETs a file, following redirects: at most MAX_SITEMAP_REDIRECTS hops, never to plain http
   * (but from a loopback host to one), and never off the site's host unless `anyHost` (the file the
   * user named; it may live anywhere, and so may where it moved). Returns the last answer and
   * its URL, or undefined when a redirect leads to a sitemap file already read; a redirect not
   * followed throws, with the reason.
   */
  private async openFollowing(url: URL, anyHost: boolean): Promise<Opened | undefined> {
    // One time budget for the file, its redirects included: hops cannot multiply it.
    const deadline = Date.now() + this.options.timeoutMs
    let at = url
    for (let hop = 0; ; hop++) {
      const answer = await this.openWithin(at, deadline, hop)
      const location = headerText(answer.headers['location'])
      if (!REDIRECT_STATUSES.has(answer.status) || location === undefined) return { answer, at }
      answer.body.destroy()
      if (hop === MAX_SITEMAP_REDIRECTS) {
        throw new RedirectRefused(`more than ${MAX_SITEMAP_REDIRECTS} redirects`)
      }
      if (!URL.canParse(location, at.href)) {
        throw new RedirectRefused(`HTTP ${answer.status} to an unreadable Location`)
      }
      const next = new URL(location, at)
      next.hash = ''
      // Plain http only between loopback hosts (the local emulator): a file on the internet
      // must not send the runner to a local service.
      const secure =
        next.protocol === 'https:' ||
        (next.protocol === 'http:' && isLoopbackHost(next.hostname) && isLoopbackHost(at.hostname))
      if (!secure || next.username !== '' || next.password !== '') {
        throw new RedirectRefused(
          `HTTP ${answer.status} to ${next.protocol}//${next.host}${next.pathname}, not followed (https only)`
        )
      }
      if (!anyHost && next.host !== this.siteUrl.host) {
        throw new RedirectRefused(
          `HTTP ${answer.status} to ${next.href}, on another host than ${this.siteUrl.host}; not followed (is site_url the public address of the site?)`
        )
      }
      if (this.files.includes(next.href)) return undefined
      at = next
    }
  }

  /** One GET within what is left of the file's budget; a timeout after a redirect says so. */
  private async openWithin(url: URL, deadline: number, hop: number): Promise<Answer> {
    const budget = this.options.timeoutMs
    const remaining = deadline - Date.now()
    const outOfTime = (): RedirectRefused =>
      new RedirectRefused(
        `no whole answer within ${budget / 1000} s, its ${hop} redirect(s) included`
      )
    if (remaining <= 0) throw outOfTime()
    try {
      return await this.fetcher.open(url, remaining)
    } catch (error) {
      const timedOut = (error as { kind?: unknown } | null)?.kind === 'timeout'
      throw hop > 0 && timedOut ? outOfTime() : error
    }
  }

  private addPage(loc: string): void {
    const path = this.pathOnSite(loc)
    if (path === undefined) return
    if (this.pages.size >= this.limits.totalUrls) {
      this.totalCut = true
      this.warnings.push(
        `Sitemaps: more than ${this.limits.totalUrls} pages; only the first ${this.limits.totalUrls} are considered.`
      )
      return
    }
    this.pages.add(path)
  }

  /**
   * Path and query of a page URL on the site, exactly as WHATWG URL would give them; undefined
   * for another host (counted) or no URL at all (the protocol wants absolute URLs: a relative
   * one is a mistake, not a page to guess). Parsing a million URLs is most of a big sitemap's
   * reading time, so plain ones on the site's origin take a shortcut that gives the same result.
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
    let page: URL
    try {
      page = new URL(loc)
    } catch {
      return undefined
    }
    if (page.host !== this.siteUrl.host || !/^https?:$/.test(page.protocol)) {
      this.foreignUrls++
      return undefined
    }
    return `${page.pathname}${page.search}`
  }
}

/** Characters WHATWG URL leaves as they are in a path and a query (no ', space, #, \\, ...). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/
/** `.` and `..` segments (`%2e` is a dot there too), which WHATWG URL resolves. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i

type FeedEnd = 'complete' | 'too-large' | 'stopped'

/**
 * Streams a body into the reader: gunzipped when it starts with gzip's magic bytes, decoded
 * as UTF-8, at most `maxBytes` of XML. Stops early when `stop()` says enough was read.
 */
async function feed(
  body: Readable,
  reader: SitemapXmlReader,
  maxBytes: number,
  stop: () => boolean
): Promise<FeedEnd> {
  const decoder = new StringDecoder('utf8')
  let size = 0
  for await (const chunk of decompressed(body)) {
    size += chunk.length
    if (size > maxBytes) return 'too-large'
    reader.write(decoder.write(chunk))
    if (stop()) return 'stopped'
  }
  reader.write(decoder.end())
  return 'complete'
}

async function* decompressed(body: Readable): AsyncGenerator<Buffer> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let first = await chunks.next()
  if (first.done) return
  let head: Buffer = first.value
  // One byte is not enough to tell; a real answer's first chunk always holds more.
  while (head.length < 2) {
    first = await chunks.next()
    if (first.done) break
    head = Buffer.concat([head, first.value])
  }
  const rest = (async function* () {
    yield head
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value
  })()
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* rest
    return
  }
  const gunzip = createGunzip()
  const source = Readable.from(rest)
  source.on('error', error => gunzip.destroy(error))
  source.pipe(gunzip)
  try {
    for await (const chunk of gunzip) yield chunk as Buffer
  } finally {
    source.destroy()
    gunzip.destroy()
  }
}

async function readText(body: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    const buffer = chunk as Buffer
    chunks.push(buffer)
    size += buffer.length
    if (size >= maxBytes) break
  }
  body.destroy()
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8')
}

function headerText(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  return text === '' ? undefined : text
}

/** Whether reading failed because of the file's content (its XML or its gzip). */
function isFileFault(error: unknown): boolean {
  if (error instanceof MalformedSitemap) return true
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('Z_')
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
