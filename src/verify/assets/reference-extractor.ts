/**
 * The assets a page references, read from its HTML as it streams in: `<script src>`, and
 * `<link rel=stylesheet|modulepreload|preload>` (a preload as a font, a script or a style).
 *
 * htmlparser2's tokenizer reads the HTML as browsers tokenize it: comments and CDATA are no
 * tags, what `<script>`, `<style>`, `<textarea>` and `<title>` hold is text, attribute values
 * have their character references decoded, a tag left unfinished at the end is none. The tree
 * its tags make (which elements are open: is this inside a `<template>`?) is kept by
 * open-elements.ts, at a bounded cost per tag, so that the work is proportional to the body
 * whatever its markup. Fed chunks of decoded text, it keeps the text from the start of the tag
 * (or comment) a chunk cuts, within the 2 MiB a page's body is read to, never the whole page.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2'
import type { AssetKind, CrossOrigin } from './asset-results.js'
import { OpenElements } from './open-elements.js'
import { JAVASCRIPT_TYPES } from './whole-answer.js'

/** One reference as the page wrote it (entities decoded), not yet resolved. */
export interface RawReference {
  readonly kind: AssetKind
  readonly href: string
  /** `<script type=module>`: run as a module. Absent for a classic script and other kinds. */
  readonly module?: true
  /** The element's `crossorigin` attribute, as a browser reads it; absent without one. */
  readonly crossOrigin?: CrossOrigin
}

export interface ExtractorSink {
  reference(reference: RawReference): void
  /** The first `<base href>`: later relative references resolve against it. */
  base(href: string): void
}

/** The attributes read of the elements that name assets; the others' are skipped. */
const READ_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['script', new Set(['src', 'type', 'crossorigin'])],
  ['link', new Set(['href', 'rel', 'as', 'crossorigin'])],
  ['base', new Set(['href'])]
])

export class ReferenceExtractor implements TokenizerCallbacks {
  private readonly tokenizer: Tokenizer
  private readonly text = new TextWindow()
  private readonly open = new OpenElements()
  /** The start tag being read: its name, '' when it is no element (a form inside a form). */
  private tag = ''
  /** Its attributes that are read (the first of a name wins, as in browsers). */
  private attributes: Map<string, string> | undefined
  /** The attribute whose value is being read, when it is one that is kept. */
  private attribute: string | undefined
  private value = ''

  constructor(private readonly sink: ExtractorSink) {
    this.tokenizer = new Tokenizer({ decodeEntities: true }, this)
  }

  /** The next piece of the page's decoded text. */
  push(chunk: string): void {
    if (chunk === '') return
    this.text.add(chunk)
    this.tokenizer.write(chunk)
  }

  /** The page ended: an unfinished tag is text, not an element (a browser would not run it). */
  end(): void {
    this.tokenizer.end()
  }

  // The tokenizer's callbacks: positions count from the page's start, across chunks.

  onopentagname(start: number, end: number): void {
    const name = this.open.name(this.text.slice(start, end))
    this.tag = this.open.start(name) ? name : ''
    this.attributes = READ_ATTRIBUTES.has(this.tag) ? new Map() : undefined
  }

  onattribname(start: number, end: number): void {
    this.text.release(start)
    if (this.attributes === undefined) return
    const name = this.text.slice(start, end).toLowerCase()
    const wanted = READ_ATTRIBUTES.get(this.tag)?.has(name) === true
    this.attribute = wanted && !this.attributes.has(name) ? name : undefined
    this.value = ''
  }

  onattribdata(start: number, end: number): void {
    if (this.attribute !== undefined) this.value += this.text.slice(start, end)
    this.text.release(end)
  }

  onattribentity(codePoint: number): void {
    if (this.attribute !== undefined) this.value += String.fromCodePoint(codePoint)
  }

  onattribend(): void {
    if (this.attribute !== undefined) this.attributes?.set(this.attribute, this.value)
    this.attribute = undefined
    this.value = ''
  }

  onopentagend(end: number): void {
    this.endStartTag()
    this.text.release(end)
  }

  onselfclosingtag(end: number): void {
    const { tag } = this
    // Only inside SVG and MathML does `/>` close an element; in HTML it is ignored.
    const closes = this.open.foreign
    this.endStartTag()
    if (closes && tag !== '') this.open.closeSelf(tag)
    this.text.release(end)
  }

  onclosetag(start: number, end: number): void {
    this.open.end(this.open.name(this.text.slice(start, end)))
    this.text.release(end)
  }

  isInForeignContext(): boolean {
    return this.open.foreign
  }

  // Text, comments, CDATA, doctypes and processing instructions name no asset.

  ontext(_start: number, end: number): void {
    this.text.release(end)
  }

  ontextentity(_codePoint: number, end: number): void {
    this.text.release(end)
  }

  oncomment(_start: number, end: number): void {
    this.text.release(end)
  }

  oncdata(_start: number, end: number): void {
    this.text.release(end)
  }

  ondeclaration(_start: number, end: number): void {
    this.text.release(end)
  }

  onprocessinginstruction(_start: number, end: number): void {
    this.text.release(end)
  }

  onend(): void {
    this.text.release(Number.POSITIVE_INFINITY)
  }

  private endStartTag(): void {
    const { tag, attributes } = this
    this.tag = ''
    this.attributes = undefined
    if (attributes === undefined || this.open.inert) return
    readElement(tag, name => attributes.get(name), this.sink)
  }
}

/**
 * What one element names, by its tag name (lower case) and its attributes (by lower-case name):
 * an asset, the document's base, or nothing.
 */
export function readElement(
  name: string,
  attribute: (name: string) => string | undefined,
  sink: ExtractorSink
): void {
  if (name !== 'script' && name !== 'link' && name !== 'base') return
  const href = attribute(name === 'script' ? 'src' : 'href')?.trim()
  if (href === undefined || href === '') return
  if (name === 'base') {
    sink.base(href)
    return
  }
  const crossOrigin = crossOriginOf(attribute('crossorigin'))
  const cors = crossOrigin === undefined ? {} : { crossOrigin }
  if (name === 'script') {
    const type = (attribute('type') ?? '').trim().toLowerCase()
    if (type === 'module') sink.reference({ kind: 'script', href, module: true, ...cors })
    else if (runs(type)) sink.reference({ kind: 'script', href, ...cors })
    return
  }
  const kind = linkKind(attribute)
  if (kind !== undefined) sink.reference({ kind, href, ...cors })
}

/**
 * Whether a classic `<script>` of this `type` runs (HTML: empty, or a JavaScript MIME type);
 * any other (`text/plain` for a consent manager, `application/ld+json`, a template) is data,
 * never fetched.
 */
function runs(type: string): boolean {
  return type === '' || JAVASCRIPT_TYPES.has(type)
}

/**
 * A `crossorigin` attribute as HTML reads it: `use-credentials` in any case, else (empty, or
 * any other value) `anonymous`; undefined when the element has none.
 */
function crossOriginOf(value: string | undefined): CrossOrigin | undefined {
  if (value === undefined) return undefined
  return value.toLowerCase() === 'use-credentials' ? 'use-credentials' : 'anonymous'
}

/** What a `<link>` loads, by its `rel` (and a preload's `as`); undefined: nothing checked. */
function linkKind(attribute: (name: string) => string | undefined): AssetKind | undefined {
  const rel = new Set((attribute('rel') ?? '').toLowerCase().split(/\s+/))
  // An alternate stylesheet is not loaded until the reader picks it.
  if (rel.has('stylesheet') && !rel.has('alternate')) return 'stylesheet'
  if (rel.has('modulepreload')) return 'modulepreload'
  if (!rel.has('preload')) return undefined
  switch ((attribute('as') ?? '').trim().toLowerCase()) {
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
 * The page's text from the first position the tokenizer may still ask for: its chunks, the
 * ones before that position dropped as soon as the tokenizer has passed them.
 */
class TextWindow {
  private readonly chunks: string[] = []
  /** The first chunk still kept, in `chunks`. */
  private head = 0
  /** The page position where `chunks[head]` starts. */
  private headStart = 0

  add(chunk: string): void {
    this.chunks.push(chunk)
  }

  /** Nothing before `position` will be asked for again. */
  release(position: number): void {
    for (;;) {
      const chunk = this.chunks[this.head]
      if (chunk === undefined || this.headStart + chunk.length > position) break
      this.headStart += chunk.length
      this.head++
    }
    // Dropped chunks leave the array once they are half of it: each is moved once at most.
    if (this.head > 0 && this.head * 2 >= this.chunks.length) {
      this.chunks.splice(0, this.head)
      this.head = 0
    }
  }

  /** The text from `start` to `end` (page positions), which may span chunks. */
  slice(start: number, end: number): string {
    if (start >= end) return ''
    let text = ''
    let at = this.headStart
    for (let i = this.head; i < this.chunks.length && at < end; i++) {
      const chunk = this.chunks[i] ?? ''
      if (at + chunk.length > start) {
        text += chunk.slice(Math.max(0, start - at), end - at)
      }
      at += chunk.length
    }
    return text
  }
}
