/**
 * The elements a page has open while its tags are read, by the tree rules of htmlparser2's
 * `Parser`, so that a tag is inside a `<template>` exactly when that parser says so: an end tag
 * closes the nearest open element of its name and every element opened inside it; some start
 * tags first close an open `<p>`, `<li>`, `<option>`, ...; void elements (`<link>`, `<base>`,
 * `<img>`) never stay open; a second `<form>` inside a form is dropped; `<svg>` and `<math>` are
 * foreign content (no raw text, self-closing tags close), back to HTML inside `<foreignObject>`,
 * `<desc>`, `<title>` and MathML's text elements.
 *
 * Each tag costs a bounded amount of work whatever the markup: the stack is pushed and popped at
 * its top, and how many elements of each name are open is counted, so that an end tag whose
 * element is not open is known to be so at once instead of by a search of the stack (a page of
 * `<div>` x N then `</p>` x N would otherwise cost N x N). At most MAX_OPEN_ELEMENTS are kept:
 * an element opened deeper is not tracked (its end tag closes the nearest tracked one of its
 * name, if any), which bounds the memory of a page that never closes what it opens.
 *
 * A reader that must know when one element ends, whatever closes it (its end tag, an end tag of
 * an element around it, a start tag that closes it), takes its mark when it opens: each element
 * pushed has its own serial, so the mark is still open exactly while that element is.
 */

/** Open elements tracked at most: far deeper than pages nest. */
export const MAX_OPEN_ELEMENTS = 1024

/** Where the tags being read stand: HTML, or inside SVG or MathML (foreign content). */
type Context = 'html' | 'svg' | 'math'

/** Elements that never have content, and so never stay open. */
const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr'
])

const P: ReadonlySet<string> = new Set(['p'])
const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'])
const FORM_CONTROLS: ReadonlySet<string> = new Set([
  'input',
  'option',
  'optgroup',
  'select',
  'button',
  'datalist',
  'textarea'
])
const TABLE_SECTIONS: ReadonlySet<string> = new Set(['thead', 'tbody'])
const DD_DT: ReadonlySet<string> = new Set(['dd', 'dt'])
const RT_RP: ReadonlySet<string> = new Set(['rt', 'rp'])

/** A start tag of the key's name first closes the open elements of these names at the top. */
const CLOSED_BY_START_TAG: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P],
  ['h1', HEADINGS],
  ['h2', HEADINGS],
  ['h3', HEADINGS],
  ['h4', HEADINGS],
  ['h5', HEADINGS],
  ['h6', HEADINGS],
  ['select', FORM_CONTROLS],
  ['input', FORM_CONTROLS],
  ['output', FORM_CONTROLS],
  ['button', FORM_CONTROLS],
  ['datalist', FORM_CONTROLS],
  ['textarea', FORM_CONTROLS],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['address', P],
  ['article', P],
  ['aside', P],
  ['blockquote', P],
  ['details', P],
  ['div', P],
  ['dl', P],
  ['fieldset', P],
  ['figcaption', P],
  ['figure', P],
  ['footer', P],
  ['form', P],
  ['header', P],
  ['hr', P],
  ['main', P],
  ['nav', P],
  ['ol', P],
  ['pre', P],
  ['section', P],
  ['table', P],
  ['ul', P],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS]
])

/** Elements inside which SVG or MathML content is read as HTML again (SVG's names as cased). */
const HTML_INSIDE_FOREIGN: ReadonlySet<string> = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title'
])

/** SVG element names whose case counts, by their lower-case form. */
const SVG_NAMES: ReadonlyMap<string, string> = new Map(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath'
  ].map(name => [name.toLowerCase(), name])
)

/** Elements whose content a browser with scripting on does not load. */
const INERT_ELEMENTS: ReadonlySet<string> = new Set(['template', 'noscript'])

/** Elements whose text no reader sees: it is script, style, the tab's title, or not shown. */
const HIDDEN_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'title',
  'iframe',
  'noembed',
  'noframes'
])

/** One open element, as OpenElements.mark() gives it: where it stands, and which one it is. */
export interface OpenMark {
  readonly depth: number
  readonly serial: number
}

export class OpenElements {
  /** The open elements, the innermost last. */
  private readonly stack: string[] = []
  /** Each open element's serial, as `stack` holds them. */
  private readonly serials: number[] = []
  /** Elements pushed so far: the serial of the last one. */
  private pushed = 0
  /** How many elements of each name `stack` holds. */
  private readonly counts = new Map<string, number>()
  /**
   * The contexts of the open elements that change it (`<svg>`, `<math>`, an element that goes
   * back to HTML) but the innermost one, which is `context`: none when there is no such element.
   */
  private readonly outerContexts: Context[] = []
  private context: Context | undefined
  /** Open `<template>` and `<noscript>` elements. */
  private inertOpen = 0
  /** Open elements of HIDDEN_TEXT_ELEMENTS. */
  private hiddenTextOpen = 0

  /** Inside `<template>` or `<noscript>`: what is there is not loaded. */
  get inert(): boolean {
    return this.inertOpen > 0
  }

  /** Whether text here is one no reader sees (inside `<script>`, `<style>`, `<title>`, ...). */
  get textHidden(): boolean {
    return this.hiddenTextOpen > 0
  }

  /** Inside SVG or MathML: `<script>`, `<style>`, `<title>` hold tags, a tag can close itself. */
  get foreign(): boolean {
    return this.context === 'svg' || this.context === 'math'
  }

  /** Elements pushed so far: a start tag that changes it opened an element that stays open. */
  get serial(): number {
    return this.pushed
  }

  /** The innermost open element; undefined when none is. */
  mark(): OpenMark | undefined {
    const serial = this.serials.at(-1)
    return serial === undefined ? undefined : { depth: this.stack.length, serial }
  }

  /** Whether the element of `mark` is still open. */
  has(mark: OpenMark): boolean {
    return this.serials[mark.depth - 1] === mark.serial
  }

  /** A tag's name as the tree knows it: lower case, but SVG's own casing, and `image` as `img`. */
  name(raw: string): string {
    const name = raw.toLowerCase()
    const { context } = this
    if (context === 'svg') return SVG_NAMES.get(name) ?? name
    if (context !== undefined) {
      // Back in HTML inside SVG: an end tag still closes an open SVG element by its casing.
      const svgName = SVG_NAMES.get(name)
      if (svgName !== undefined && this.isOpen(svgName)) return svgName
    }
    if (!this.foreign) return name === 'image' ? 'img' : name
    return name
  }

  /** A start tag (its name from `name()`); false when it is no element (a form in a form). */
  start(name: string): boolean {
    if (name === 'form' && this.isOpen('form')) return false
    const closes = CLOSED_BY_START_TAG.get(name)
    if (closes !== undefined) {
      while (this.stack.length > 0 && closes.has(this.stack.at(-1) ?? '')) {
        this.pop()
      }
    }
    if (!VOID_ELEMENTS.has(name)) this.push(name)
    return true
  }

  /** A start tag that closed itself inside SVG or MathML: its element is closed at once. */
  closeSelf(name: string): void {
    if (this.stack.at(-1) === name) this.pop()
  }

  /** An end tag: the nearest open element of its name is closed, and all inside it. */
  end(name: string): void {
    if (VOID_ELEMENTS.has(name) || !this.isOpen(name)) return
    while (this.pop() !== name);
  }

  /** Whether an element of this name (as `name()` gives it) is open. */
  isOpen(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0
  }

  private push(name: string): void {
    if (this.stack.length >= MAX_OPEN_ELEMENTS) return
    this.stack.push(name)
    this.serials.push(++this.pushed)
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1)
    if (name === 'svg') this.enter('svg')
    else if (name === 'math') this.enter('math')
    else if (HTML_INSIDE_FOREIGN.has(name)) this.enter('html')
    if (INERT_ELEMENTS.has(name)) this.inertOpen++
    if (HIDDEN_TEXT_ELEMENTS.has(name)) this.hiddenTextOpen++
  }

  private enter(context: Context): void {
    if (this.context !== undefined) this.outerContexts.push(this.context)
    this.context = context
  }

  private pop(): string | undefined {
    const name = this.stack.pop()
    if (name === undefined) return undefined
    this.serials.pop()
    this.counts.set(name, (this.counts.get(name) ?? 1) - 1)
    if (name === 'svg' || name === 'math' || HTML_INSIDE_FOREIGN.has(name)) {
      this.context = this.outerContexts.pop()
    }
    if (INERT_ELEMENTS.has(name)) this.inertOpen--
    if (HIDDEN_TEXT_ELEMENTS.has(name)) this.hiddenTextOpen--
    return name
  }
}
