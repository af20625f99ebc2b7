/**
 * The assets a page references, read from its HTML as it streams in: `<script src>`, and
 * `<link rel=stylesheet|modulepreload|preload>` (a preload as a font, a script or a style).
 * Fed chunks of decoded text, it holds no more than htmlparser2's tokenizer does between two
 * chunks (the unfinished tag or text run, within the 2 MiB a page's body is read to), never the
 * whole page. htmlparser2 reads the HTML as browsers tokenize it: comments, and what `<script>`,
 * `<style>`, `<textarea>` and `<title>` hold, are text, not elements; attribute values have
 * their character references decoded; tags and attribute names are case-insensitive.
 */
import { Parser } from 'htmlparser2'
import type { AssetKind } from './asset-results.js'
import { JAVASCRIPT_TYPES } from './whole-answer.js'

/** One reference as the page wrote it (entities decoded), not yet resolved. */
export interface RawReference {
  readonly kind: AssetKind
  readonly href: string
}

export interface ExtractorSink {
  reference(reference: RawReference): void
  /** The first `<base href>`: later relative references resolve against it. */
  base(href: string): void
}

/** Elements whose content a browser with scripting on does not load: `<template>`, `<noscript>`. */
const INERT_ELEMENTS: ReadonlySet<string> = new Set(['template', 'noscript'])

/**
 * Whether a `<script>` of this `type` runs (HTML: empty, `module`, or a JavaScript MIME type);
 * any other (`text/plain` for a consent manager, `application/ld+json`, a template) is data,
 * never fetched.
 */
function runs(type: string): boolean {
  return type === '' || type === 'module' || JAVASCRIPT_TYPES.has(type)
}

export class ReferenceExtractor {
  private readonly parser: Parser
  /** Open `<template>` and `<noscript>` elements: what they hold is not loaded. */
  private inert = 0

  constructor(private readonly sink: ExtractorSink) {
    this.parser = new Parser(
      {
        onopentag: (name, attributes) => {
          if (INERT_ELEMENTS.has(name)) this.inert++
          else if (this.inert === 0) this.element(name, attributes)
        },
        onclosetag: name => {
          if (INERT_ELEMENTS.has(name) && this.inert > 0) this.inert--
        }
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }
    )
  }

  /** The next piece of the page's decoded text. */
  push(chunk: string): void {
    this.parser.write(chunk)
  }

  /** The page ended: an unfinished tag is text, not an element (a browser would not run it). */
  end(): void {
    this.parser.end()
  }

  private element(name: string, attributes: Readonly<Record<string, string>>): void {
    if (name !== 'script' && name !== 'link' && name !== 'base') return
    const href = attributes[name === 'script' ? 'src' : 'href']?.trim()
    if (href === undefined || href === '') return
    if (name === 'base') this.sink.base(href)
    else if (name === 'script') {
      const type = (attributes['type'] ?? '').trim().toLowerCase()
      if (runs(type)) this.sink.reference({ kind: 'script', href })
    } else {
      const kind = linkKind(attributes)
      if (kind !== undefined) this.sink.reference({ kind, href })
    }
  }
}

/** What a `<link>` loads, by its `rel` (and a preload's `as`); undefined: nothing checked. */
function linkKind(attributes: Readonly<Record<string, string>>): AssetKind | undefined {
  const rel = new Set((attributes['rel'] ?? '').toLowerCase().split(/\s+/))
  // An alternate stylesheet is not loaded until the reader picks it.
  if (rel.has('stylesheet') && !rel.has('alternate')) return 'stylesheet'
  if (rel.has('modulepreload')) return 'modulepreload'
  if (!rel.has('preload')) return undefined
  switch ((attributes['as'] ?? '').trim().toLowerCase()) {
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
