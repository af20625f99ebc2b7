/**
 * What a render tells a crawler, read from its HTML in the pass that reads its assets
 * (page-body-reader.ts): how much text it shows, its title and first heading, the robots rules,
 * the canonical URL, its structured data, a status it asks a prerendering service to answer
 * with, and what an app that never rendered leaves (its empty mount point). Small and bounded:
 * it is kept per page and device, for thousands of pages.
 *
 * Read as a browser running scripts builds the page: nothing inside `<template>` counts, and
 * what is inside `<noscript>` is no element, its text counted apart. Text in `<head>` outside
 * its elements is counted: a browser moves it into the body (HTML's "in head" rules).
 */
import type { Headers } from '../../http/headers.js'
import { CollapsedText } from '../html/collapsed-text.js'
import type { OpenElements, OpenMark } from '../html/open-elements.js'
import type { Attributes, TagReader } from '../html/tag-stream.js'
import { DocumentBase } from '../html/document-base.js'
import { classicScriptRuns } from '../assets/whole-answer.js'
import { AppShellReader, MOUNT_ATTRIBUTES, type AppShell } from './app-shell.js'
import { CRAWLER_NAMES, robotsFromHeaders, RobotsRules, type RobotsRule } from './robots.js'
import { isJsonLd, StructuredDataReader, type StructuredData } from './structured-data.js'

export interface RenderFacts {
  /** Characters of visible text, white space collapsed, at most MAX_VISIBLE_CHARS. */
  readonly visibleChars: number
  /** The first `<title>`, collapsed, at most MAX_QUOTED_CHARS (… when cut); absent without. */
  readonly title?: string
  /** The first `<h1>`'s text, collapsed, at most MAX_QUOTED_CHARS (… when cut); absent without. */
  readonly heading?: string
  /** From the metas; the caller adds the headers' (withHeaderRobots). */
  readonly robots: readonly RobotsRule[]
  /** The first `<link rel=canonical>` that resolves (against `<base href>`), absolute. */
  readonly canonical?: string
  readonly structuredData: StructuredData
  /** `<meta name="prerender-status-code" content="404">`: the status a crawler is to get. */
  readonly statusMeta?: number
  readonly shell: AppShell
}

export type { AppShell, RobotsRule, StructuredData }

export const MAX_VISIBLE_CHARS = 1_000_000
/** Characters kept of a title or a heading: as much as a report quotes. */
export const MAX_QUOTED_CHARS = 200
/** A longer canonical URL is not kept (a search engine would not take it either). */
const MAX_CANONICAL_CHARS = 2048

const SHELL_ATTRIBUTES: ReadonlySet<string> = new Set(MOUNT_ATTRIBUTES)
const READ_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    meta: ['name', 'content'],
    link: ['rel', 'href'],
    base: ['href'],
    script: ['type', 'src']
  }).map(([tag, names]) => [tag, new Set([...MOUNT_ATTRIBUTES, ...names])])
)

/** The render's robots rules with its answer's `X-Robots-Tag` headers' after the metas'. */
export function withHeaderRobots(facts: RenderFacts, headers: Headers): RenderFacts {
  const fromHeaders = robotsFromHeaders(headers)
  return fromHeaders.length === 0 ? facts : { ...facts, robots: [...facts.robots, ...fromHeaders] }
}

/** The facts of one render, as the tag stream hands it the tags and the text. */
export class RenderFactsReader implements TagReader {
  private readonly visible = new CollapsedText(0, MAX_VISIBLE_CHARS)
  private readonly shell = new AppShellReader()
  private readonly robots = new RobotsRules()
  private readonly structuredData = new StructuredDataReader()
  private title: CollapsedText | undefined
  private titleOpen = false
  private heading: CollapsedText | undefined
  /** The first `<h1>` while it is open: its text is the heading. */
  private headingElement: OpenMark | undefined
  private readonly base: DocumentBase
  private canonical: string | undefined
  private statusMeta: number | undefined
  /** A `<script>` that runs, without `src`, whose code has not shown yet. */
  private inlineScript = false

  constructor(pageUrl: URL) {
    this.base = new DocumentBase(pageUrl)
  }

  attributesOf(tag: string): ReadonlySet<string> {
    return READ_ATTRIBUTES.get(tag) ?? SHELL_ATTRIBUTES
  }

  element(tag: string, attributes: Attributes, opened: boolean, open: OpenElements): void {
    this.settle(open)
    // Nothing inside <template> is in the page; inside <noscript>, there is only its text.
    if (open.inert) return
    this.shell.element(tag, attributes, opened, open)
    if (open.foreign) return
    switch (tag) {
      case 'title':
        // An SVG <title> names a drawing, not the page (it is HTML inside, so not foreign).
        if (this.title === undefined && !open.isOpen('svg') && !open.isOpen('math')) {
          this.title = new CollapsedText(MAX_QUOTED_CHARS, MAX_QUOTED_CHARS)
          this.titleOpen = true
        }
        return
      case 'h1':
        if (this.heading === undefined && opened) {
          this.heading = new CollapsedText(MAX_QUOTED_CHARS, MAX_QUOTED_CHARS)
          this.headingElement = open.mark()
        }
        return
      case 'meta':
        this.meta(attributes)
        return
      case 'link':
        this.link(attributes)
        return
      case 'base':
        this.base.set(attributes.get('href')?.trim())
        return
      case 'script':
        this.script(attributes)
        return
    }
  }

  closed(tag: string, open: OpenElements): void {
    if (tag === 'title') this.titleOpen = false
    if (tag === 'script') {
      this.inlineScript = false
      this.structuredData.close()
    }
    this.settle(open)
  }

  text(text: string, open: OpenElements): void {
    if (open.isOpen('template')) return
    if (this.structuredData.reading) {
      this.structuredData.text(text)
      return
    }
    if (this.inlineScript) {
      // Counted at its first character of code: a script left empty runs nothing.
      if (text.trim() !== '') {
        this.shell.script()
        this.inlineScript = false
      }
      return
    }
    if (this.titleOpen) {
      this.title?.add(text)
      return
    }
    if (open.textHidden) return
    if (open.isOpen('noscript')) {
      this.shell.noscriptText(text)
      return
    }
    if (this.visible.add(text)) this.shell.content()
    if (this.headingElement !== undefined) this.heading?.add(text)
  }

  /** What was read: all of the render once its body was read to its end. */
  result(): RenderFacts {
    const { title, heading, canonical, statusMeta } = this
    return {
      visibleChars: this.visible.length,
      ...(title !== undefined && { title: title.text }),
      ...(heading !== undefined && { heading: heading.text }),
      robots: this.robots.list,
      ...(canonical !== undefined && { canonical }),
      structuredData: this.structuredData.result(),
      ...(statusMeta !== undefined && { statusMeta }),
      shell: this.shell.result()
    }
  }

  /** Elements closed by whatever tag closed them: the heading ends with its `<h1>`. */
  private settle(open: OpenElements): void {
    this.shell.settle(open)
    if (this.headingElement !== undefined && !open.has(this.headingElement)) {
      this.headingElement = undefined
    }
  }

  private meta(attributes: Attributes): void {
    const name = attributes.get('name')?.trim().toLowerCase()
    const content = attributes.get('content')
    if (name === undefined || content === undefined) return
    if (name === 'robots') this.robots.addMeta('*', content)
    else if (CRAWLER_NAMES.has(name)) this.robots.addMeta(name, content)
    else if (name === 'prerender-status-code' && this.statusMeta === undefined) {
      // prerender.io's documented meta: the status its cache answers crawlers with.
      const status = content.trim()
      if (/^[1-5]\d\d$/.test(status)) this.statusMeta = Number(status)
    }
  }

  private link(attributes: Attributes): void {
    if (this.canonical !== undefined) return
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/)
    const href = attributes.get('href')?.trim()
    if (!rel.includes('canonical') || href === undefined || href === '') return
    const url = this.base.resolve(href)
    if (url === undefined) return
    // Credentials in a canonical URL are no crawler's business, and no report's to print.
    url.username = ''
    url.password = ''
    if (url.href.length <= MAX_CANONICAL_CHARS) this.canonical = url.href
  }

  private script(attributes: Attributes): void {
    const type = attributes.get('type')
    const src = attributes.get('src')?.trim() ?? ''
    if (isJsonLd(type)) {
      // A JSON-LD block with a src is not read by search engines: its body is not data.
      if (src === '') this.structuredData.open()
      return
    }
    const kind = (type ?? '').trim().toLowerCase()
    if (kind !== 'module' && !classicScriptRuns(kind)) return
    if (src !== '') this.shell.script()
    else this.inlineScript = true
  }
}
