/**
 * Finds and reads a site's sitemaps the way search engines do: the `Sitemap:` lines of
 * robots.txt (else /sitemap.xml), or the one given in the `sitemap` input; sitemap indexes;
 * XML, text, RSS and Atom files, plain or gzip, recognized by their content (read-file.ts).
 * A `Sitemap:` line may name another host (a CDN, a storage bucket: sitemaps.org's "cross
 * submit"); that file and the children its index lists on its own host are read, and only the
 * pages on the site's host are handed on, as path and query, each once, as they are parsed:
 * nothing here keeps the pages, so memory stays flat whatever the sitemaps list (the caller
 * keeps what it needs). Bounded: 50,000 URLs and 50 MiB a file (the protocol's limits, for
 * every format), 50 files, 1,000,000 pages in all; a cut says so in a warning. A file that
 * cannot be read, or is not a sitemap, is one warning naming it and saying what to do. Pages
 * themselves are never fetched from here.
 */
import { systemClock, type Clock } from '../time/clock.js'
import { sentence } from './messages.js'
import { refusalOf, secureUrl, type SitemapFetcher } from './open-file.js'
import { readSitemapFile, type Admitted, type FileContext, type Listed } from './read-file.js'
import { readRobotsFile } from './robots-file.js'
import { SitePages, type PageSink } from './site-pages.js'

export type { SitemapFetcher } from './open-file.js'
export type { PageSink } from './site-pages.js'

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
  /** Pages on the site's host handed to `onPage`: each once. */
  readonly pageCount: number
  /** URLs skipped because they name another host. */
  readonly foreignUrls: number
  readonly warnings: readonly string[]
  readonly notices: readonly string[]
}

export interface ReadOptions {
  readonly timeoutMs: number
  /**
   * The run's clock, where each file's budget (`timeoutMs`, its redirects and reading
   * included) is counted, as the verification counts its deadline; the system's by default.
   */
  readonly clock?: Clock
  readonly limits?: SitemapLimits
  /** Each page on the site's host (path and query), once, in sitemap order, as it is parsed. */
  readonly onPage: PageSink
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

class Reading {
  private readonly limits: SitemapLimits
  private readonly clock: Clock
  private readonly pages: SitePages
  private readonly files: string[] = []
  private readonly fetched = new Set<string>()
  private readonly warnings: string[] = []
  private readonly notices: string[] = []
  private found = false
  /** robots.txt answered 200 with an HTML page (a single-page app's shell). */
  private robotsIsHtml = false

  constructor(
    private readonly siteUrl: URL,
    private readonly fetcher: SitemapFetcher,
    private readonly options: ReadOptions
  ) {
    this.limits = options.limits ?? SITEMAP_LIMITS
    this.clock = options.clock ?? systemClock
    this.pages = new SitePages(siteUrl, this.limits.totalUrls, options.onPage)
  }

  result(turnedOff: boolean): SitemapReading {
    const { foreignUrls, firstForeign } = this.pages
    if (foreignUrls > 0) {
      const example = firstForeign === undefined ? '' : ` (the first: ${firstForeign})`
      this.warnings.push(
        `Sitemaps: ${foreignUrls} URL(s) on hosts other than ${this.siteUrl.host} were skipped${example}; only pages of site_url are checked.`
      )
    }
    return {
      found: this.found,
      turnedOff,
      files: this.files,
      pageCount: this.pages.count,
      foreignUrls,
      warnings: this.warnings.map(sentence),
      notices: this.notices.map(sentence)
    }
  }

  /** robots.txt's `Sitemap:` lines, else /sitemap.xml, a guess that may not exist. */
  async discover(): Promise<Listed[]> {
    const robots = await readRobotsFile(this.fetcher, this.siteUrl, {
      timeoutMs: this.options.timeoutMs,
      clock: this.clock,
      maxBytes: this.limits.robotsBytes
    })
    this.warnings.push(...robots.warnings)
    this.robotsIsHtml = robots.isHtml
    if (robots.sitemaps.length > 0) return robots.sitemaps.map(url => ({ url, source: 'robots' }))
    return [{ url: new URL('/sitemap.xml', this.siteUrl), source: 'guessed' }]
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
    const context = this.fileContext()
    while (queue.length > 0 && !this.pages.cut) {
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
      const { children, at } = await readSitemapFile(context, listed, admitted)
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

  private fileContext(): FileContext {
    const { limits } = this
    return {
      fetcher: this.fetcher,
      siteUrl: this.siteUrl,
      timeoutMs: this.options.timeoutMs,
      clock: this.clock,
      urlsPerFile: limits.urlsPerFile,
      bytesPerFile: limits.bytesPerFile,
      totalUrls: limits.totalUrls,
      fetched: this.fetched,
      pages: this.pages,
      robotsIsHtml: this.robotsIsHtml,
      warn: text => this.warnings.push(text),
      notice: text => this.notices.push(text),
      onSitemapFile: at => {
        this.found = true
        this.files.push(at.href)
      }
    }
  }

  /**
   * Where a listed file may be read from, and where its redirects may go (one host, or any);
   * undefined, with a warning, when it may not be read. The site's own files stay on its host.
   * robots.txt may name another host (sitemaps.org's cross submit: the site owner says so);
   * an index lists sitemaps on its own host or the site's, as the protocol asks.
   */
  private admit(listed: Listed): Admitted | undefined {
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
}
