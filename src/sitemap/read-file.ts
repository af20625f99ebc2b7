/**
 * One sitemap file, read: fetched through its redirects within one time budget, its body
 * decompressed and recognized by its content (sitemap-file.ts), its pages handed to the site's
 * pages as they are parsed (site-pages.ts) and its child sitemaps collected. Every way a file
 * falls short (an HTTP error, not a sitemap, malformed, cut short, over a limit, entries
 * skipped) is a warning naming the file and, where there is one, the fix.
 */
import type { Readable } from 'node:stream'
import { headerValue } from '../http/headers.js'
import type { Clock } from '../time/clock.js'
import { decodedText, TooManyCodings } from './file-content.js'
import { KIND_WORDS, messageOf } from './messages.js'
import { openFollowing, type Opened, type SitemapFetcher } from './open-file.js'
import { SitemapFileReader, type FileKind } from './sitemap-file.js'
import { MAX_LOC_CHARS, MalformedSitemap, NotASitemap, type EntryProblem } from './sitemap-xml.js'
import { resolved, type SitePages } from './site-pages.js'

/** Where a file to read came from: that decides where it may be and where it may move. */
export type Source = 'named' | 'robots' | 'guessed' | 'index'

export interface Listed {
  readonly url: URL
  readonly source: Source
  /** For an index's child: where the index was read from. */
  readonly index?: URL
}

/** Where an admitted file is read from, and the one host its redirects must stay on (or any). */
export interface Admitted {
  readonly url: URL
  readonly host: string | undefined
}

/** What reading a file needs from the whole reading. */
export interface FileContext {
  readonly fetcher: SitemapFetcher
  readonly siteUrl: URL
  readonly timeoutMs: number
  /** Where `timeoutMs` is counted: the run's clock. */
  readonly clock: Clock
  readonly urlsPerFile: number
  readonly bytesPerFile: number
  readonly totalUrls: number
  /** Every URL an answer came from (sitemap or not): a redirect to one is not fetched again. */
  readonly fetched: Set<string>
  readonly pages: SitePages
  /** robots.txt was an HTML page: said with a guessed /sitemap.xml that is one too. */
  readonly robotsIsHtml: boolean
  warn(text: string): void
  notice(text: string): void
  /** The file is a sitemap of this kind (counted as found, and listed). */
  onSitemapFile(at: URL): void
}

/** Reads one file; returns the sitemaps an index lists and where the file was read from. */
export async function readSitemapFile(
  context: FileContext,
  listed: Listed,
  admitted: Admitted
): Promise<{ children: URL[]; at: URL }> {
  const children: URL[] = []
  const { url } = admitted
  // One budget for the file: its redirects, its bytes arriving, and reading them (a gzip
  // file arrives at once, then unpacks to 50 MB of work).
  const deadline = context.clock.now() + context.timeoutMs
  let opened: Opened | undefined
  try {
    opened = await openFollowing(context.fetcher, url, {
      host: admitted.host,
      timeoutMs: context.timeoutMs,
      clock: context.clock,
      alreadyRead: next => context.fetched.has(next.href)
    })
  } catch (error) {
    context.warn(`Sitemap ${url.href} could not be read: ${messageOf(error)}`)
    return { children, at: url }
  }
  // Redirected to a file already read: its pages are known.
  if (opened === undefined) return { children, at: url }
  const { answer, at } = opened
  context.fetched.add(at.href)
  if (answer.status !== 200) {
    answer.body.destroy()
    if (listed.source === 'guessed' && (answer.status === 404 || answer.status === 410)) {
      context.notice(
        `No sitemap found for ${context.siteUrl.origin}: robots.txt lists none and /sitemap.xml answers HTTP ${answer.status}`
      )
    } else {
      context.warn(`Sitemap ${at.href} answered HTTP ${answer.status}; not read`)
    }
    return { children, at }
  }
  await new FileReading(context, at, listed, children).read(
    answer.body,
    headerValue(answer.headers, 'content-encoding'),
    deadline
  )
  return { children, at }
}

/** The reading of one answer's body: its counts, cuts and problems, said when it is over. */
class FileReading {
  private kind: FileKind | undefined
  private urls = 0
  private cut = false
  /** Index entries that name no sitemap: how many, and the first (for the warning). */
  private problems = 0
  private firstProblem: EntryProblem | undefined

  constructor(
    private readonly context: FileContext,
    private readonly at: URL,
    private readonly listed: Listed,
    private readonly children: URL[]
  ) {}

  async read(body: Readable, contentEncoding: string | undefined, deadline: number): Promise<void> {
    const { context, at } = this
    context.pages.startFile()
    const reader = new SitemapFileReader({
      onKind: kind => this.onKind(kind),
      onPage: (loc, kind) => this.onPage(loc, kind),
      onSitemap: loc => this.onSitemap(loc),
      onEntryProblem: problem => this.onProblem(problem)
    })
    try {
      let ended: 'complete' | 'too-large' | 'stopped' = 'complete'
      for await (const chunk of decodedText(body, contentEncoding)) {
        if (chunk.bytes > context.bytesPerFile) {
          ended = 'too-large'
          break
        }
        reader.write(chunk.text)
        if (this.cut || context.pages.cut) {
          ended = 'stopped'
          break
        }
        if (context.clock.now() > deadline) {
          throw new Error(`it took more than ${context.timeoutMs / 1000} s`)
        }
      }
      if (ended === 'complete') reader.close()
      if (ended === 'too-large') {
        context.warn(
          `Sitemap ${at.href} is larger than ${context.bytesPerFile / 1024 / 1024} MiB (the protocol's limit is 50 MB); only its start was read`
        )
      }
    } catch (error) {
      context.warn(this.failureMessage(error))
    } finally {
      body.destroy()
    }
    this.fileWarnings(reader)
  }

  private onKind(kind: FileKind): void {
    this.kind = kind
    this.context.onSitemapFile(this.at)
    if (kind === 'rss' || kind === 'atom') {
      this.context.notice(
        `Sitemap ${this.at.href} is ${KIND_WORDS[kind]}: a feed lists only recent pages, so older pages are not chosen from it`
      )
    }
  }

  private onPage(loc: string, kind: FileKind): void {
    const { context } = this
    if (this.cut || context.pages.cut) return
    if (this.urls >= context.urlsPerFile) {
      this.cut = true
      context.warn(
        `Sitemap ${this.at.href} lists more than ${context.urlsPerFile} URLs (the protocol's limit for one file); the rest of it was not read`
      )
      return
    }
    this.urls++
    // Feeds may give relative links (resolved against the feed); sitemaps must not.
    if (!context.pages.add(kind === 'rss' || kind === 'atom' ? resolved(loc, this.at) : loc)) {
      context.warn(
        `Sitemaps: more than ${context.totalUrls} pages; only the first ${context.totalUrls} are considered`
      )
    }
  }

  private onSitemap(loc: string): void {
    if (this.cut) return
    const { children, context, at } = this
    if (children.length + this.problems >= context.urlsPerFile) {
      this.cut = true
      context.warn(
        `Sitemap index ${at.href} lists more than ${context.urlsPerFile} sitemaps (the protocol's limit for one index); the rest of it was not read`
      )
      return
    }
    if (!URL.canParse(loc, at.href)) {
      this.onProblem({ entry: children.length + this.problems + 1, text: loc.slice(0, 80) })
      return
    }
    const child = new URL(loc, at)
    child.hash = ''
    children.push(child)
  }

  private onProblem(problem: EntryProblem): void {
    this.firstProblem ??= problem
    this.problems++
  }

  private failureMessage(error: unknown): string {
    const { at, listed, kind } = this
    const kept = this.urls > 0 ? ` (the ${this.urls} URL(s) read before it were kept)` : ''
    if (error instanceof NotASitemap) {
      const shell =
        error.what === 'an HTML page' ? ' (a single-page app answers every path with its page)' : ''
      const robots =
        listed.source === 'guessed'
          ? `; robots.txt lists no sitemap${this.context.robotsIsHtml ? ' and is an HTML page too' : ''}`
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
  private fileWarnings(reader: SitemapFileReader): void {
    const { at, kind, context } = this
    if (reader.skippedLongLocs > 0) {
      context.warn(
        `Sitemap ${at.href}: ${reader.skippedLongLocs} URL(s) longer than ${MAX_LOC_CHARS} characters (the protocol's limit) skipped`
      )
    }
    const lines = reader.linesNotUrls
    if (lines.count > 0 && lines.first !== undefined) {
      context.warn(
        `Sitemap ${at.href}: ${lines.count} line(s) that are not URLs skipped (the first, line ${lines.first.line}: "${lines.first.text}")`
      )
    }
    const { invalidInFile, firstInvalid } = context.pages
    if (invalidInFile > 0) {
      context.warn(
        `Sitemap ${at.href}: ${invalidInFile} entr${invalidInFile === 1 ? 'y' : 'ies'} not an absolute http(s) URL skipped (the first: "${firstInvalid}")`
      )
    }
    if (reader.entriesWithoutUrl > 0) {
      const what = kind === 'urlset' ? '<url> without <loc>' : 'feed item(s) without a link'
      context.warn(`Sitemap ${at.href}: ${reader.entriesWithoutUrl} ${what} skipped`)
    }
    const first = this.firstProblem
    if (first !== undefined) {
      const held = first.text === '' ? 'it is empty' : `it holds "${first.text}"`
      const more = this.problems > 1 ? ` (${this.problems - 1} more like it)` : ''
      context.warn(
        `Sitemap index ${at.href}: entry ${first.entry} names no sitemap (${held}); skipped${more}`
      )
    }
  }
}

/** zlib's own errors (a gzip file cut short or corrupt): the file's fault. */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('Z_')
}
