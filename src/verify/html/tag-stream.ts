/**
 * A page's HTML read once, as it streams in, for every reader that wants something of it (the
 * assets it references, what it tells a crawler): one htmlparser2 `Tokenizer`, one tree of open
 * elements, each tag and text handed to the readers in page order.
 *
 * The tokenizer reads the HTML as browsers tokenize it: comments and CDATA are no tags, what
 * `<script>`, `<style>`, `<textarea>` and `<title>` hold is text, attribute values and text
 * have their character references decoded (not in `<script>` and `<style>`), a tag left
 * unfinished at the end is none. The tree its tags make (which elements are open: is this
 * inside a `<template>`?) is kept by open-elements.ts, at a bounded cost per tag, so that the
 * work is proportional to the body whatever its markup. Fed chunks of decoded text, it keeps the
 * text from the start of the tag (or comment) a chunk cuts, never the whole page. Only the
 * attributes a reader asks for are read, and text only when a reader takes it.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2'
import { OpenElements } from './open-elements.js'
import { TextWindow } from './text-window.js'

/** A start tag's attributes that its readers asked for, by lower-case name. */
export type Attributes = ReadonlyMap<string, string>

/** What reads a page's tags (and, if it says so, its text) as they stream in. */
export interface TagReader {
  /** The attributes it reads of a start tag of this name; undefined when it reads none. */
  attributesOf(tag: string): ReadonlySet<string> | undefined
  /**
   * A start tag read whole, its element already in `open` (and inside it when it stays open:
   * `opened`); the first attribute of a name wins, as in browsers.
   */
  element(tag: string, attributes: Attributes, opened: boolean, open: OpenElements): void
  /** An end tag, the elements it closes already closed. */
  closed?(tag: string, open: OpenElements): void
  /** Text between tags, in pieces as they come (a chunk may cut a text anywhere). */
  text?(text: string, open: OpenElements): void
}

const NO_ATTRIBUTES: Attributes = new Map()

export class TagStream implements TokenizerCallbacks {
  private readonly tokenizer: Tokenizer
  private readonly window = new TextWindow()
  private readonly open = new OpenElements()
  private readonly textReaders: readonly TagReader[]
  /** The start tag being read: its name, '' when it is no element (a form inside a form). */
  private tag = ''
  /** Whether its element was pushed (it stays open). */
  private opened = false
  /** Whether a reader reads any of its attributes. */
  private readsAttributes = false
  /** Its attributes that are read, made at the first one. */
  private attributes: Map<string, string> | undefined
  /** The attribute whose value is being read, when it is one that is kept. */
  private attribute: string | undefined
  private value = ''

  constructor(private readonly readers: readonly TagReader[]) {
    this.textReaders = readers.filter(reader => reader.text !== undefined)
    this.tokenizer = new Tokenizer({ decodeEntities: true }, this)
  }

  /** The next piece of the page's decoded text. */
  push(chunk: string): void {
    if (chunk === '') return
    this.window.add(chunk)
    this.tokenizer.write(chunk)
  }

  /** The page ended: an unfinished tag is text, not an element (a browser would not run it). */
  end(): void {
    this.tokenizer.end()
  }

  // The tokenizer's callbacks: positions count from the page's start, across chunks.

  onopentagname(start: number, end: number): void {
    const name = this.open.name(this.window.slice(start, end))
    const before = this.open.serial
    this.tag = this.open.start(name) ? name : ''
    this.opened = this.open.serial !== before
    this.readsAttributes =
      this.tag !== '' && this.readers.some(reader => reader.attributesOf(this.tag) !== undefined)
    this.attributes = undefined
  }

  onattribname(start: number, end: number): void {
    this.window.release(start)
    this.attribute = undefined
    if (!this.readsAttributes) return
    const name = this.window.slice(start, end).toLowerCase()
    if (this.attributes?.has(name) === true) return
    if (this.readers.some(reader => reader.attributesOf(this.tag)?.has(name) === true)) {
      this.attribute = name
      this.value = ''
    }
  }

  onattribdata(start: number, end: number): void {
    if (this.attribute !== undefined) this.value += this.window.slice(start, end)
    this.window.release(end)
  }

  onattribentity(codePoint: number): void {
    if (this.attribute !== undefined) this.value += String.fromCodePoint(codePoint)
  }

  onattribend(): void {
    if (this.attribute !== undefined) {
      this.attributes ??= new Map()
      this.attributes.set(this.attribute, this.value)
    }
    this.attribute = undefined
    this.value = ''
  }

  onopentagend(end: number): void {
    this.endStartTag()
    this.window.release(end)
  }

  onselfclosingtag(end: number): void {
    const { tag } = this
    // Only inside SVG and MathML does `/>` close an element; in HTML it is ignored.
    const closes = this.open.foreign
    this.endStartTag()
    if (closes && tag !== '') this.open.closeSelf(tag)
    this.window.release(end)
  }

  onclosetag(start: number, end: number): void {
    const name = this.open.name(this.window.slice(start, end))
    this.open.end(name)
    for (const reader of this.readers) reader.closed?.(name, this.open)
    this.window.release(end)
  }

  isInForeignContext(): boolean {
    return this.open.foreign
  }

  ontext(start: number, end: number): void {
    // A tag left unfinished at the end after its `/` comes as text from -1: it is no text.
    if (this.textReaders.length > 0 && start >= 0) this.text(this.window.slice(start, end))
    this.window.release(end)
  }

  ontextentity(codePoint: number, end: number): void {
    if (this.textReaders.length > 0) this.text(String.fromCodePoint(codePoint))
    this.window.release(end)
  }

  // Comments, CDATA, doctypes and processing instructions are nothing a reader reads.

  oncomment(_start: number, end: number): void {
    this.window.release(end)
  }

  oncdata(_start: number, end: number): void {
    this.window.release(end)
  }

  ondeclaration(_start: number, end: number): void {
    this.window.release(end)
  }

  onprocessinginstruction(_start: number, end: number): void {
    this.window.release(end)
  }

  onend(): void {
    this.window.release(Number.POSITIVE_INFINITY)
  }

  private text(text: string): void {
    if (text === '') return
    for (const reader of this.textReaders) reader.text?.(text, this.open)
  }

  private endStartTag(): void {
    const { tag, opened } = this
    const attributes = this.attributes ?? NO_ATTRIBUTES
    this.tag = ''
    this.attributes = undefined
    this.readsAttributes = false
    if (tag === '') return
    for (const reader of this.readers) reader.element(tag, attributes, opened, this.open)
  }
}
