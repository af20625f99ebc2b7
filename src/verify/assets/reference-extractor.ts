/**
 * The assets a page references, read from its HTML as it streams in: `<script src>`, and
 * `<link rel=stylesheet|modulepreload|preload>` (a preload as a font, a script or a style).
 * Pure: fed chunks of decoded text, it keeps only what an unfinished tag needs between two
 * chunks (at most MAX_TAG_CHARS), never the page. Comments, and what `<script>`, `<style>`,
 * `<textarea>` and `<title>` hold, are skipped: a tag inside them is text, not an element.
 *
 * Hand-written rather than a parser library: the one streaming parser that fits (htmlparser2)
 * is not among this package's dependencies, and what is needed here is a tokenizer's small
 * part: tags, their attributes, comments and raw text, as the HTML standard reads them.
 */
import type { AssetKind } from './asset-results.js'

/** One reference as the page wrote it (entities decoded), not yet resolved. */
export interface RawReference {
  readonly kind: AssetKind
  readonly href: string
}

/**
 * A tag longer than this is dropped (no real `<script>` or `<link>` is): what bounds the
 * carry-over between chunks, and so the memory a hostile page can make the reader hold.
 */
export const MAX_TAG_CHARS = 16 * 1024

/** Elements whose content is text to the tokenizer: no tag inside them counts. */
const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set(['script', 'style', 'textarea', 'title'])

type Mode =
  | { readonly kind: 'text' }
  | { readonly kind: 'comment' }
  /** Inside a raw text element, until its end tag. */
  | { readonly kind: 'raw'; readonly closer: RegExp }
  /** Inside a tag too long to keep: skipped to its end. */
  | { readonly kind: 'long-tag' }

export interface ExtractorSink {
  reference(reference: RawReference): void
  /** The first `<base href>`: later relative references resolve against it. */
  base(href: string): void
}

export class ReferenceExtractor {
  private carry = ''
  private mode: Mode = { kind: 'text' }

  constructor(private readonly sink: ExtractorSink) {}

  /** The next piece of the page's decoded text. */
  push(chunk: string): void {
    const text = this.carry + chunk
    this.carry = ''
    let at = 0
    while (at < text.length) {
      const next = this.step(text, at)
      if (next === undefined) return
      at = next
    }
  }

  /** The page ended: an unfinished tag is dropped (a browser would not run it either). */
  end(): void {
    this.carry = ''
  }

  /** Reads from `at`; the index to go on from, or undefined when the rest waits for more text. */
  private step(text: string, at: number): number | undefined {
    switch (this.mode.kind) {
      case 'comment': {
        const close = text.indexOf('-->', at)
        if (close < 0) return this.keep(text, Math.max(at, text.length - 2))
        this.mode = { kind: 'text' }
        return close + 3
      }
      case 'raw': {
        const closer = this.mode.closer
        closer.lastIndex = at
        const found = closer.exec(text)
        // What may be the start of the end tag (`</textarea` and one more) waits for the next chunk.
        if (found === null) return this.keep(text, Math.max(at, text.length - 11))
        this.mode = { kind: 'text' }
        return found.index
      }
      case 'long-tag': {
        const close = tagEnd(text, at)
        if (close < 0) return undefined
        this.mode = { kind: 'text' }
        return close + 1
      }
      case 'text':
        return this.stepText(text, at)
    }
  }

  private stepText(text: string, at: number): number | undefined {
    const open = text.indexOf('<', at)
    if (open < 0) return undefined
    if (text.length - open < 4) return this.keep(text, open)
    if (text.startsWith('<!--', open)) {
      this.mode = { kind: 'comment' }
      return open + 4
    }
    const close = tagEnd(text, open + 1)
    if (close < 0) {
      if (text.length - open > MAX_TAG_CHARS) {
        this.mode = { kind: 'long-tag' }
        return undefined
      }
      return this.keep(text, open)
    }
    this.startTag(text.slice(open, close + 1))
    return close + 1
  }

  /** Keeps `text` from `from` for the next chunk; nothing more can be read now. */
  private keep(text: string, from: number): undefined {
    this.carry = text.slice(from)
    return undefined
  }

  private startTag(tag: string): void {
    const name = /^<([a-zA-Z][^\s/>]*)/.exec(tag)?.[1]?.toLowerCase()
    if (name === undefined) return
    if (RAW_TEXT_ELEMENTS.has(name)) {
      this.mode = { kind: 'raw', closer: new RegExp(`</${name}[\\s/>]`, 'gi') }
    }
    if (name !== 'script' && name !== 'link' && name !== 'base') return
    const attributes = readAttributes(tag.slice(name.length + 1))
    const href = attributes.get(name === 'script' ? 'src' : 'href')?.trim()
    if (href === undefined || href === '') return
    if (name === 'base') this.sink.base(href)
    else if (name === 'script') this.sink.reference({ kind: 'script', href })
    else {
      const kind = linkKind(attributes)
      if (kind !== undefined) this.sink.reference({ kind, href })
    }
  }
}

/** What a `<link>` loads, by its `rel` (and a preload's `as`); undefined: nothing checked. */
function linkKind(attributes: ReadonlyMap<string, string>): AssetKind | undefined {
  const rel = new Set((attributes.get('rel') ?? '').toLowerCase().split(/\s+/))
  // An alternate stylesheet is not loaded until the reader picks it.
  if (rel.has('stylesheet') && !rel.has('alternate')) return 'stylesheet'
  if (rel.has('modulepreload')) return 'modulepreload'
  if (!rel.has('preload')) return undefined
  switch ((attributes.get('as') ?? '').trim().toLowerCase()) {
    case 'font':
      return 'font'
    case 'script':
      return 'script'
    case 'style':
      return 'stylesheet'
    default:
      return undefined
  }
}

/**
 * Where the tag that starts before `from` ends: its `>`, outside a quoted attribute value (a
 * quote counts only where a value starts, after `=`); -1 when the text ends first.
 */
function tagEnd(text: string, from: number): number {
  let quote: string | undefined
  let afterEquals = false
  for (let i = from; i < text.length; i++) {
    const char = text[i]
    if (quote !== undefined) {
      if (char === quote) quote = undefined
      continue
    }
    if (char === '>') return i
    if (char === '=') afterEquals = true
    else if (afterEquals && (char === '"' || char === "'")) {
      quote = char
      afterEquals = false
    } else if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r' && char !== '\f') {
      afterEquals = false
    }
  }
  return -1
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g

/** A tag's attributes (after its name): names in lower case, the first of each kept, decoded. */
function readAttributes(rest: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const match of rest.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase()
    if (attributes.has(name)) continue
    attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''))
  }
  return attributes
}

/**
 * The named references a URL in an attribute plausibly holds; numeric ones are all decoded.
 * A URL with another named reference is left as written (and would fail as a 404, named).
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  colon: ':',
  equals: '=',
  quest: '?',
  num: '#',
  percnt: '%',
  period: '.',
  lowbar: '_',
  hyphen: '-',
  nbsp: '\u00a0'
}

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});?/g,
    (whole, body: string) => {
      if (body.startsWith('#')) {
        const code =
          body[1] === 'x' || body[1] === 'X'
            ? parseInt(body.slice(2), 16)
            : parseInt(body.slice(1), 10)
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
      }
      return NAMED[body] ?? whole
    }
  )
}
