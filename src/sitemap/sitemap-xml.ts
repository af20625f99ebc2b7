/**
 * A streaming reader of one sitemap file (sitemaps.org: `<urlset>` of `<url><loc>`, or
 * `<sitemapindex>` of `<sitemap><loc>`), on saxes, a maintained non-validating streaming XML
 * parser: text goes in by chunks, each `<loc>` comes out as it closes, and nothing else is
 * kept, so memory stays flat whatever the file's size. Namespace prefixes are ignored.
 */
import { SaxesParser } from 'saxes'

export type SitemapKind = 'urlset' | 'sitemapindex'

/** A file that is not a sitemap, or XML that cannot be read. */
export class MalformedSitemap extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MalformedSitemap'
  }
}

/** Longer `<loc>` texts are not URLs anyone serves (browsers stop near 2 KB, servers at 8 KB). */
export const MAX_LOC_CHARS = 8192
/** Text without any tag for this long is not a sitemap: stop before it fills the memory. */
export const MAX_TEXT_WITHOUT_TAG = 1024 * 1024

export class SitemapXmlReader {
  private readonly parser = new SaxesParser({ xmlns: false, position: false })
  private kind: SitemapKind | undefined
  private inLoc = false
  private loc = ''
  private locTooLong = false
  private sinceLastTag = 0
  private failure: Error | undefined
  /** How many `<loc>` were too long and skipped. */
  skippedLongLocs = 0

  /** `onLoc` gets each location with the kind of file it came from. */
  constructor(private readonly onLoc: (loc: string, kind: SitemapKind) => void) {
    this.parser.on('error', error => {
      this.failure ??= new MalformedSitemap(error.message)
    })
    this.parser.on('opentag', tag => this.openTag(localName(tag.name)))
    this.parser.on('closetag', tag => this.closeTag(localName(tag.name)))
    this.parser.on('text', text => this.text(text))
    this.parser.on('cdata', text => this.text(text))
  }

  /** The kind of file, once its root element was read. */
  get fileKind(): SitemapKind | undefined {
    return this.kind
  }

  write(text: string): void {
    this.sinceLastTag += text.length
    if (this.sinceLastTag > MAX_TEXT_WITHOUT_TAG) {
      throw new MalformedSitemap(
        `more than ${MAX_TEXT_WITHOUT_TAG / 1024 / 1024} MiB of text without a tag`
      )
    }
    this.parser.write(text)
    this.throwIfFailed()
  }

  close(): void {
    this.parser.close()
    this.throwIfFailed()
    if (this.kind === undefined) throw new MalformedSitemap('no <urlset> or <sitemapindex> in it')
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure
  }

  private openTag(name: string): void {
    this.sinceLastTag = 0
    if (this.kind === undefined) {
      if (name !== 'urlset' && name !== 'sitemapindex') {
        this.failure ??= new MalformedSitemap(
          `its root element is <${name}>, not <urlset> or <sitemapindex>`
        )
        return
      }
      this.kind = name
      return
    }
    if (name === 'loc') {
      this.inLoc = true
      this.loc = ''
      this.locTooLong = false
    }
  }

  private closeTag(name: string): void {
    this.sinceLastTag = 0
    // After an error saxes goes on, guessing: nothing it reads then is trusted.
    if (name !== 'loc' || !this.inLoc || this.kind === undefined || this.failure) return
    this.inLoc = false
    if (this.locTooLong) {
      this.skippedLongLocs++
      return
    }
    const loc = this.loc.trim()
    this.loc = ''
    if (loc !== '') this.onLoc(loc, this.kind)
  }

  private text(text: string): void {
    if (!this.inLoc || this.locTooLong) return
    if (this.loc.length + text.length > MAX_LOC_CHARS) {
      this.locTooLong = true
      this.loc = ''
      return
    }
    this.loc += text
  }
}

function localName(name: string): string {
  // A sitemap's tags are nearly all these, as written: no need to cut or lower-case them.
  if (name === 'loc' || name === 'url' || name === 'lastmod') return name
  const colon = name.indexOf(':')
  return (colon < 0 ? name : name.slice(colon + 1)).toLowerCase()
}
