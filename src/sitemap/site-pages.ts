/**
 * The pages the sitemaps list, as they stream: each `<loc>` (or line, or feed link) becomes the
 * path and query of a page on the site's host, exactly as WHATWG URL gives them, and is handed
 * on once (repeats are dropped by their fingerprint, seen-pages.ts); URLs on other hosts and
 * entries that are not absolute http(s) URLs are counted for the warnings. Nothing is kept
 * here but the counts: whoever receives a page keeps it if it needs it.
 */
import { ownCopy } from '../text/own-copy.js'
import { SeenPages } from './seen-pages.js'

/**
 * Receives each page once, in sitemap order. The text may share memory with the chunk it was
 * read from (64 KiB or more): keep an ownCopy() of what is kept.
 */
export type PageSink = (path: string) => void

export class SitePages {
  private readonly seen = new SeenPages()
  /** The site's origin, under both schemes: sitemaps often list http:// for an https:// site. */
  private readonly origins: readonly string[]
  /** URLs skipped because they name another host, and the first of them. */
  foreignUrls = 0
  firstForeign: string | undefined
  /** In the current file: entries that are not absolute http(s) URLs, and the first of them. */
  invalidInFile = 0
  firstInvalid = ''
  /** The limit of pages was reached: the rest are not read. */
  cut = false

  constructor(
    private readonly siteUrl: URL,
    private readonly maxPages: number,
    private readonly sink: PageSink
  ) {
    this.origins = [`https://${siteUrl.host}`, `http://${siteUrl.host}`]
  }

  /** Pages on the site's host, each counted once. */
  get count(): number {
    return this.seen.size
  }

  /** A new file: its own count of entries that are not URLs. */
  startFile(): void {
    this.invalidInFile = 0
    this.firstInvalid = ''
  }

  /**
   * Takes one URL; false when the limit of pages stops the reading here (the caller warns).
   * A repeat, another host's URL or no URL at all is counted and passed over.
   */
  add(loc: string): boolean {
    const path = this.pathOnSite(loc)
    if (path === undefined) return true
    if (this.seen.size >= this.maxPages) {
      this.cut = true
      return false
    }
    if (this.seen.add(path)) this.sink(path)
    return true
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
      if (PLAIN_PATH.test(rest) && !DOT_SEGMENT.test(rest) && !rest.endsWith('?')) return rest
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
      if (this.invalidInFile === 1) this.firstInvalid = ownCopy(loc.slice(0, 80))
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
export function resolved(loc: string, base: URL): string {
  if (/^https?:\/\//i.test(loc) || !URL.canParse(loc, base.href)) return loc
  return new URL(loc, base).href
}
