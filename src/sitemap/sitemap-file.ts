/**
 * One sitemap file's text, recognized by its content (never by its name or Content-Type, which
 * sites get wrong): XML (a sitemap, an index, an RSS or Atom feed) goes to the XML reader, one
 * URL a line to the text reader. Anything else (an HTML page, such as the shell a single-page
 * app answers for every path; JSON; an empty answer; a robots.txt; other text) is not a
 * sitemap, and says what it is.
 */
import { NotASitemap, SitemapXmlReader, type SitemapKind, type XmlEvents } from './sitemap-xml.js'
import { SitemapTextReader, type SkippedLine } from './sitemap-text.js'

export type FileKind = SitemapKind | 'text'

export interface FileEvents extends Omit<XmlEvents, 'onKind' | 'onPage'> {
  onKind(kind: FileKind): void
  onPage(url: string, kind: FileKind): void
}

/** How much of the start is looked at before deciding: enough for a doctype and a comment. */
const SNIFF_CHARS = 4096
/** Whitespace (and stray byte-order marks) that may come before the content. */
const LEADING_SPACE = /^[\s\uFEFF]*/
/**
 * More blank space than this before any content is not a sitemap: a gzip file of a few
 * kilobytes unpacks to 50 MB of it, which must neither fill the memory nor be scanned again
 * for every chunk.
 */
export const MAX_LEADING_SPACE = 1024 * 1024

export class SitemapFileReader {
  /** The blank space before the content, and the content's start, until the kind is known. */
  private space = ''
  private start = ''
  private reader: SitemapXmlReader | SitemapTextReader | undefined

  constructor(private readonly events: FileEvents) {}

  /** URLs longer than the protocol's limit, skipped. */
  get skippedLongLocs(): number {
    return this.reader?.skippedLongLocs ?? 0
  }

  /** `<url>` or feed items that named no page. */
  get entriesWithoutUrl(): number {
    return this.reader instanceof SitemapXmlReader ? this.reader.entriesWithoutUrl : 0
  }

  /** Text sitemap lines that are not URLs: how many, and the first. */
  get linesNotUrls(): { count: number; first: SkippedLine | undefined } {
    return this.reader instanceof SitemapTextReader
      ? { count: this.reader.notUrls, first: this.reader.firstNotUrl }
      : { count: 0, first: undefined }
  }

  write(text: string): void {
    if (this.reader) {
      this.reader.write(text)
      return
    }
    if (this.start === '') {
      // Only the new text is scanned for where the space ends: never all of it again.
      const space = LEADING_SPACE.exec(text)?.[0] ?? ''
      this.space += space
      if (this.space.length > MAX_LEADING_SPACE) {
        throw new NotASitemap(
          `an answer that starts with more than ${MAX_LEADING_SPACE / 1024 / 1024} MiB of blank space`
        )
      }
      this.start = text.slice(space.length)
    } else this.start += text
    this.decide(false)
  }

  close(): void {
    if (!this.reader) this.decide(true)
    this.reader?.close()
  }

  private decide(complete: boolean): void {
    const { space, start: content } = this
    if (content === '') {
      if (complete) throw new NotASitemap(space === '' ? 'an empty answer' : 'a blank answer')
      return
    }
    const first = content.charAt(0)
    if (first === '<') this.startXml(space, content, complete)
    else if (first === '{' || first === '[') throw new NotASitemap('JSON')
    else this.startText(space, content, complete)
  }

  private startXml(space: string, content: string, complete: boolean): void {
    if (!complete && content.length < SNIFF_CHARS && !/<[A-Za-z]/.test(afterPrologue(content))) {
      return
    }
    if (HTML_START.test(afterPrologue(content))) throw new NotASitemap('an HTML page')
    const reader = new SitemapXmlReader(this.events)
    this.reader = reader
    this.space = ''
    this.start = ''
    reader.skipped(space)
    reader.write(content)
  }

  /**
   * A text sitemap when a line of its start is an absolute http(s) URL: the lines around it
   * that are not URLs are skipped with a warning, as crawlers skip them.
   */
  private startText(space: string, content: string, complete: boolean): void {
    const window = content.slice(0, SNIFF_CHARS)
    // The last line too, though it may not have ended yet: a line that starts as a URL makes
    // the file a text sitemap whatever follows (a first line longer than the window included).
    const lines = window.split(/\r\n|\r|\n/).map(line => line.trim())
    if (!lines.some(line => /^https?:\/\/\S/i.test(line))) {
      if (!complete && content.length < SNIFF_CHARS) return
      throw new NotASitemap(describeText(lines.find(line => line !== '') ?? window.trim()))
    }
    const reader = new SitemapTextReader(url => this.events.onPage(url, 'text'))
    this.reader = reader
    this.space = ''
    this.start = ''
    this.events.onKind('text')
    // From the very start, blank lines included, so that line numbers are the file's.
    reader.write(space + content)
  }
}

/**
 * The start of an HTML page or of a bare HTML fragment (`<div id=root>`, `<script src=…>`, as
 * some servers answer for any path). HTML is not XML: read as XML it would be called malformed
 * at its first unquoted attribute, when the user's mistake is the URL. No sitemap or feed has
 * an element of these names at its root.
 */
const HTML_START =
  /^<(?:!doctype\s+html|(?:html|head|body|meta|link|title|base|style|script|noscript|template|div|span|p|a|main|header|nav|section|article|footer|form|table|iframe|img|h[1-6])(?=[\s/>]))/i

/** The content after an XML declaration, processing instructions, comments and whitespace. */
function afterPrologue(content: string): string {
  return content.replace(/^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|\s+)*/, '')
}

/** What a text that does not start with a URL is, in a few words. */
function describeText(line: string): string {
  if (line.includes('\u0000') || line.includes('\uFFFD')) return 'binary data'
  if (/^(?:user-agent|disallow|allow|sitemap|site-map)\s*:/i.test(line)) {
    return 'a robots.txt file'
  }
  return `text whose first line is not a URL ("${line.slice(0, 60)}")`
}
