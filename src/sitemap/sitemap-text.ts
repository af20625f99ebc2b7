/**
 * A streaming reader of a text sitemap (sitemaps.org's text format): one absolute URL a line,
 * UTF-8, LF or CRLF (a lone CR too). Blank lines and the spaces around a URL are ignored; a
 * line that is not an http(s) URL is skipped and counted, as crawlers do, so that the warning
 * can name the first one. Only the line being read is kept: memory stays flat.
 */
import { UrlText } from './url-text.js'

export interface SkippedLine {
  readonly line: number
  /** The line's start, cut short. */
  readonly text: string
}

export class SitemapTextReader {
  /** The line being read. */
  private readonly partial = new UrlText()
  private line = 0
  /** The last chunk ended with CR: an LF starting the next one ends nothing. */
  private afterCr = false

  /** Lines that are not an absolute http(s) URL, and the first of them. */
  notUrls = 0
  firstNotUrl: SkippedLine | undefined
  /** Lines longer than MAX_LOC_CHARS. */
  skippedLongLocs = 0

  constructor(private readonly onPage: (url: string) => void) {}

  write(text: string): void {
    let start = 0
    if (this.afterCr && text.startsWith('\n')) start = 1
    this.afterCr = false
    // Where the next CR is, kept between lines: searching for it again from every line would
    // scan the rest of the chunk once a line when the file has none (most files).
    let cr = text.indexOf('\r', start)
    for (;;) {
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start)
      const lf = text.indexOf('\n', start)
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(lf, cr)
      if (end < 0) {
        this.partial.append(text.slice(start))
        return
      }
      this.partial.append(text.slice(start, end))
      this.endLine()
      if (text.charCodeAt(end) === 13 /* CR */) {
        if (end + 1 === text.length) {
          this.afterCr = true
          return
        }
        start = text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1
      } else start = end + 1
    }
  }

  close(): void {
    // The last line, when the file does not end with a line break.
    this.endLine()
  }

  private endLine(): void {
    this.line++
    const text = this.partial.take()
    if (text === undefined) {
      this.skippedLongLocs++
      return
    }
    if (text === '') return
    if (/^https?:\/\/\S/i.test(text)) {
      this.onPage(text)
      return
    }
    this.notUrls++
    this.firstNotUrl ??= { line: this.line, text: text.slice(0, 60) }
  }
}
