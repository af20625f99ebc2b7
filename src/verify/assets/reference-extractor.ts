/**
 * The assets a page references, read from its HTML as it streams in: `<script src>`, and
 * `<link rel=stylesheet|modulepreload|preload>` (a preload as a font, a script or a style),
 * none inside `<template>` or `<noscript>` (a browser running scripts loads neither).
 *
 * The page is read by html/tag-stream.ts (htmlparser2's tokenizer, the tree of open elements
 * kept at a bounded cost per tag): ReferenceTags is what it hands the tags to, beside the
 * readers of the same pass (what a render tells a crawler: verify/render/page-body-reader.ts).
 */
import type { AssetKind, CrossOrigin } from './asset-results.js'
import type { OpenElements } from '../html/open-elements.js'
import type { Attributes, TagReader } from '../html/tag-stream.js'
import { classicScriptRuns } from './whole-answer.js'

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

/** The tags that name assets, as the tag stream hands them. */
export class ReferenceTags implements TagReader {
  constructor(private readonly sink: ExtractorSink) {}

  attributesOf(tag: string): ReadonlySet<string> | undefined {
    return READ_ATTRIBUTES.get(tag)
  }

  element(tag: string, attributes: Attributes, _opened: boolean, open: OpenElements): void {
    if (!READ_ATTRIBUTES.has(tag) || open.inert) return
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
    else if (classicScriptRuns(type)) sink.reference({ kind: 'script', href, ...cors })
    return
  }
  const kind = linkKind(attribute)
  if (kind !== undefined) sink.reference({ kind, href, ...cors })
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
