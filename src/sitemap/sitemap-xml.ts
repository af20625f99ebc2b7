/**
 * A streaming reader of one XML sitemap file, on saxes (a maintained, non-validating streaming
 * XML parser): text goes in by chunks, each entry comes out as it closes, and nothing else is
 * kept, so memory stays flat whatever the file's size. It reads what search engines read:
 *
 * - `<urlset>`: a page is the `<loc>` child of a `<url>` child of the root, each in the
 *   sitemap namespace (or none). Extension elements (`image:loc`, `video:content_loc`,
 *   `xhtml:link`, `news:*`) sit deeper or in their own namespaces, so they are never pages.
 * - `<sitemapindex>`: a child sitemap is the `<loc>` of a `<sitemap>`; a `<sitemap>` without
 *   `<loc>` whose own text is an absolute http(s) URL is read as that URL.
 * - RSS 2.0 (`rss/channel/item/link`, else a permalink `guid`), RSS 1.0 (`RDF/item/link`) and
 *   Atom 1.0 or 0.3 (`feed/entry/link` with `rel="alternate"` or no `rel`): one page an item.
 *
 * An entry counts when its element closes: a file cut in the middle of an entry keeps the
 * entries before it. Anything else is not a sitemap (an HTML page, another XML document) and
 * says what it is; XML that breaks the rules is malformed, with its line and column.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { UrlText } from './url-text.js'

export { MAX_LOC_CHARS } from './url-text.js'

export type SitemapKind = 'urlset' | 'sitemapindex' | 'rss' | 'atom'

/** A file that claims to be XML (or gzip) and breaks its rules: its line and column when known. */
export class MalformedSitemap extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MalformedSitemap'
  }
}

/** A file read whole enough to tell that it is something else: `what` says what it is. */
export class NotASitemap extends Error {
  constructor(readonly what: string) {
    super(what)
    this.name = 'NotASitemap'
  }
}

/** Text without any tag for this long is not a sitemap: stop before it fills the memory. */
export const MAX_TEXT_WITHOUT_TAG = 1024 * 1024
/**
 * Elements nested deeper than this are not a sitemap or a feed (those nest a few levels; an
 * Atom entry's XHTML content some more). Without a bound, a gzip file of a few kilobytes that
 * opens millions of elements fills the memory with their stack until the process dies.
 */
export const MAX_DEPTH = 100
/** Text is handed to saxes at most this much at a time (see write()). */
const WRITE_SLICE = 64 * 1024

/** The sitemap protocol's namespace, and Google's older ones (http or https, any version). */
const SITEMAP_NAMESPACE = /^https?:\/\/www\.(?:sitemaps\.org|google\.com)\/schemas\/sitemap\//
const ATOM_NAMESPACES = new Set(['http://www.w3.org/2005/Atom', 'http://purl.org/atom/ns#'])
const RSS1_NAMESPACE = 'http://purl.org/rss/1.0/'

export interface EntryProblem {
  /** 1-based position of the entry in its file. */
  readonly entry: number
  /** What the entry held instead of a URL (cut short), or '' when it was empty. */
  readonly text: string
}

export interface XmlEvents {
  /** A page URL as written (feeds may give relative ones); `kind` is the file's. */
  onPage(url: string, kind: SitemapKind): void
  /** A sitemap an index lists, as written. */
  onSitemap(url: string): void
  /** An index entry that names no sitemap. */
  onEntryProblem(problem: EntryProblem): void
  /** The root element was read: the file is a sitemap of this kind. */
  onKind(kind: SitemapKind): void
}

/** Namespace declarations of one element, for the elements inside it. */
interface Scope {
  readonly depth: number
  readonly bindings: ReadonlyMap<string, string>
}

export class SitemapXmlReader {
  private readonly parser = new SaxesParser({ xmlns: false, position: true })
  private kind: SitemapKind | undefined
  private rootNamespace = ''
  /**
   * The open elements, root first: their local names, and whether each is in the file's own
   * vocabulary (no namespace, the root's, the sitemap's) rather than an extension's. Two
   * arrays rather than an object per element: a big sitemap opens millions of them.
   */
  private readonly open: string[] = []
  private readonly ours: boolean[] = []
  /** RSS items sit at depth 3 (rss > channel > item), RSS 1.0 ones at depth 2 (RDF > item). */
  private itemDepth = 3
  private readonly scopes: Scope[] = []
  private failure: Error | undefined
  private sinceLastTag = 0
  /** Newlines and the last line's length of what was skipped before the XML, for positions. */
  private lineOffset = 0
  private columnOffset = 0

  /** The entry being read: its URLs so far, and text for a `<sitemap>` without `<loc>`. */
  private readonly entryUrls: string[] = []
  private entryText = ''
  private entryHasLoc = false
  private entries = 0
  /** Collecting a URL's text (a `<loc>` or feed `<link>`). */
  private collecting = false
  private readonly collected = new UrlText()
  /** Atom: the chosen link of the entry; RSS: the guid fallback. */
  private fallback: string | undefined
  private guidIsPermalink = true

  /** How many URLs were longer than MAX_LOC_CHARS and skipped. */
  skippedLongLocs = 0
  /** How many `<url>` (or feed items) named no page. */
  entriesWithoutUrl = 0

  constructor(private readonly events: XmlEvents) {
    this.parser.on('error', error => {
      this.failure ??= new MalformedSitemap(this.at(error.message))
    })
    this.parser.on('doctype', doctype => {
      // An internal subset declares entities: sitemaps never need them, and they are how
      // XXE and "billion laughs" files attack parsers (saxes expands none; refusing is clearer).
      if (doctype.includes('[')) {
        this.failure ??= new NotASitemap(
          'an XML document whose DOCTYPE declares entities, which a sitemap never needs (refused, as crawlers do)'
        )
      }
    })
    this.parser.on('opentag', tag => this.openTag(tag))
    this.parser.on('closetag', () => this.closeTag())
    this.parser.on('text', text => this.text(text))
    this.parser.on('cdata', text => this.text(text))
  }

  /** The kind of file, once its root element was read. */
  get fileKind(): SitemapKind | undefined {
    return this.kind
  }

  /** Where the XML starts in the file, when whitespace or a byte-order mark came before it. */
  skipped(prefix: string): void {
    const lines = prefix.split(/\r\n|\r|\n/)
    this.lineOffset += lines.length - 1
    this.columnOffset = lines.length > 1 ? (lines.at(-1)?.length ?? 0) : this.columnOffset
  }

  write(text: string): void {
    // By slices: the count of text since the last tag is reset by the tags inside a slice, so
    // a big chunk full of tags is fine, and a run of text without any is stopped early.
    for (let start = 0; start < text.length; start += WRITE_SLICE) {
      const slice =
        start === 0 && text.length <= WRITE_SLICE ? text : text.slice(start, start + WRITE_SLICE)
      this.sinceLastTag += slice.length
      if (this.sinceLastTag > MAX_TEXT_WITHOUT_TAG) {
        throw new MalformedSitemap(
          this.at(`more than ${MAX_TEXT_WITHOUT_TAG / 1024 / 1024} MiB of text without a tag`)
        )
      }
      this.parser.write(slice)
      this.throwIfFailed()
    }
  }

  close(): void {
    this.parser.close()
    this.throwIfFailed()
    if (this.kind === undefined) throw new NotASitemap('an XML document without a root element')
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure
  }

  /** saxes says `line:column: message`; this says it in words, on the file's own lines. */
  private at(message: string): string {
    const text = message.replace(/^\d+:\d+: /, '').replace(/\.$/, '')
    const line = this.parser.line + this.lineOffset
    const column =
      this.parser.line === 1 ? this.parser.column + this.columnOffset : this.parser.column
    return `line ${line}, column ${column}: ${text}`
  }

  private openTag(tag: SaxesTagPlain): void {
    this.sinceLastTag = 0
    if (this.failure) return
    const depth = this.open.length + 1
    if (depth > MAX_DEPTH) {
      this.failure = new MalformedSitemap(
        this.at(`more than ${MAX_DEPTH} elements nested in one another`)
      )
      return
    }
    this.declare(tag, depth)
    const colon = tag.name.indexOf(':')
    const local = colon < 0 ? tag.name : tag.name.slice(colon + 1)
    const namespace = this.namespaceOf(colon < 0 ? '' : tag.name.slice(0, colon))
    if (depth === 1) {
      this.rootNamespace = namespace
      const kind = this.rootKind(local, namespace)
      this.open.push(local)
      this.ours.push(true)
      if (kind instanceof NotASitemap) {
        this.failure ??= kind
        return
      }
      this.kind = kind
      if (local === 'RDF') this.itemDepth = 2
      this.events.onKind(kind)
      return
    }
    const ours =
      namespace === '' ||
      namespace === this.rootNamespace ||
      namespace === RSS1_NAMESPACE ||
      SITEMAP_NAMESPACE.test(namespace)
    const parentOurs = this.ours[depth - 2] === true
    const parent = this.open[depth - 2] ?? ''
    this.open.push(local)
    this.ours.push(ours)
    if (!ours || !parentOurs) return
    switch (this.kind) {
      case 'urlset':
      case 'sitemapindex':
        this.openInSitemap(local, parent, depth)
        break
      case 'rss':
        this.openInRss(local, parent, depth, tag)
        break
      case 'atom':
        this.openInAtom(local, parent, depth, tag)
        break
    }
  }

  private rootKind(local: string, namespace: string): SitemapKind | NotASitemap {
    if (local === 'urlset' || local === 'sitemapindex') return local
    if (local === 'rss' || local === 'RDF') return 'rss'
    if (local === 'feed' && (namespace === '' || ATOM_NAMESPACES.has(namespace))) return 'atom'
    if (local.toLowerCase() === 'html') return new NotASitemap('an HTML page')
    return new NotASitemap(
      `an XML document whose root element is <${local}>, not <urlset>, <sitemapindex>, <rss> or <feed>`
    )
  }

  private openInSitemap(local: string, parent: string, depth: number): void {
    const entry = this.kind === 'urlset' ? 'url' : 'sitemap'
    if (depth === 2 && local === entry) this.startEntry()
    else if (depth === 3 && local === 'loc' && parent === entry) this.startCollecting()
  }

  private openInRss(local: string, parent: string, depth: number, tag: SaxesTagPlain): void {
    const itemDepth = this.itemDepth
    if (depth === itemDepth && local === 'item') {
      this.startEntry()
      this.fallback = undefined
    } else if (depth === itemDepth + 1 && parent === 'item') {
      if (local === 'link') this.startCollecting()
      else if (local === 'guid') {
        this.guidIsPermalink = attribute(tag, 'isPermaLink')?.trim().toLowerCase() !== 'false'
        this.startCollecting()
      }
    }
  }

  private openInAtom(local: string, parent: string, depth: number, tag: SaxesTagPlain): void {
    if (depth === 2 && local === 'entry') {
      this.startEntry()
      this.fallback = undefined
    } else if (depth === 3 && local === 'link' && parent === 'entry') {
      const rel = attribute(tag, 'rel')?.trim().toLowerCase()
      const href = attribute(tag, 'href')?.trim()
      // The page is the entry's alternate link (no rel means alternate); self, edit,
      // enclosure and related links are not the page. The first one wins.
      if (href && (rel === undefined || rel === '' || rel === 'alternate')) this.fallback ??= href
    }
  }

  private startEntry(): void {
    this.entries++
    // Emptied, not replaced: a big sitemap starts a million entries.
    this.entryUrls.length = 0
    this.entryText = ''
    this.entryHasLoc = false
  }

  private startCollecting(): void {
    this.collecting = true
    this.collected.take()
  }

  private closeTag(): void {
    this.sinceLastTag = 0
    const depth = this.open.length
    const local = this.open.pop()
    const ours = this.ours.pop()
    if (this.scopes.at(-1)?.depth === depth) this.scopes.pop()
    // After an error saxes goes on, guessing: nothing it reads then is trusted.
    if (local === undefined || this.failure || ours !== true) return
    if (this.collecting && this.isCollector(local, depth)) {
      this.endCollecting(local)
      return
    }
    if (depth > 1 && this.ours[depth - 2] !== true) return
    if (this.isEntry(local, depth)) this.endEntry()
  }

  private isCollector(local: string, depth: number): boolean {
    if (this.kind === 'urlset' || this.kind === 'sitemapindex')
      return depth === 3 && local === 'loc'
    return depth === this.itemDepth + 1 && (local === 'link' || local === 'guid')
  }

  private isEntry(local: string, depth: number): boolean {
    switch (this.kind) {
      case 'urlset':
        return depth === 2 && local === 'url'
      case 'sitemapindex':
        return depth === 2 && local === 'sitemap'
      case 'rss':
        return depth === this.itemDepth && local === 'item'
      case 'atom':
        return depth === 2 && local === 'entry'
      default:
        return false
    }
  }

  private endCollecting(local: string): void {
    this.collecting = false
    const url = this.collected.take()
    if (url === undefined) {
      // Counted as too long, not as an entry without a URL.
      this.skippedLongLocs++
      this.entryHasLoc = true
      return
    }
    if (url === '') return
    if (local === 'guid') {
      if (this.guidIsPermalink) this.fallback ??= url
    } else if (this.kind === 'sitemapindex') {
      // A child sitemap counts as soon as its <loc> closes: an index cut short (or with two
      // <loc> in one <sitemap>) still gives the sitemaps it names, as crawler-commons reads it.
      this.entryHasLoc = true
      this.events.onSitemap(url)
    } else this.entryUrls.push(url)
  }

  private endEntry(): void {
    const kind = this.kind
    if (kind === undefined) return
    if (kind === 'sitemapindex') {
      if (this.entryHasLoc) return
      const own = this.entryText.trim()
      if (/^https?:\/\/\S+$/i.test(own)) this.events.onSitemap(own)
      else this.events.onEntryProblem({ entry: this.entries, text: own.slice(0, 80) })
      return
    }
    // A feed item: its link, else (RSS) a permalink guid or (Atom) its alternate link.
    if (kind !== 'urlset' && this.entryUrls.length === 0 && this.fallback !== undefined) {
      this.entryUrls.push(this.fallback)
    }
    // One page an item, as crawlers read feeds: the first link.
    if (this.entryUrls.length > 1) this.entryUrls.length = 1
    if (this.entryUrls.length === 0 && !this.entryHasLoc) this.entriesWithoutUrl++
    for (const url of this.entryUrls) this.events.onPage(url, kind)
  }

  private text(text: string): void {
    if (this.collecting) {
      this.collected.append(text)
      return
    }
    // The own text of an index's <sitemap> (only there: it is the "no <loc>" form).
    if (this.kind === 'sitemapindex' && this.open.length === 2 && this.entryText.length < 4096) {
      this.entryText += text
    }
  }

  /** Records the namespaces an element declares, for it and the elements inside it. */
  private declare(tag: SaxesTagPlain, depth: number): void {
    let bindings: Map<string, string> | undefined
    for (const name in tag.attributes) {
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue
      bindings ??= new Map()
      bindings.set(name === 'xmlns' ? '' : name.slice(6), tag.attributes[name] ?? '')
    }
    if (bindings) this.scopes.push({ depth, bindings })
  }

  private namespaceOf(prefix: string): string {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const uri = this.scopes[i]?.bindings.get(prefix)
      if (uri !== undefined) return uri
    }
    // An undeclared prefix is nobody's namespace, so never the sitemap's.
    return prefix === '' ? '' : `undeclared:${prefix}`
  }
}

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  return tag.attributes[name]
}
