/**
 * What a single-page app leaves when it never rendered: the element it mounts into, still empty
 * (`<div id="root"></div>`), the scripts that were to fill it, and what `<noscript>` says to a
 * browser without scripts. A rendering cache that stops before the app ran caches just that.
 *
 * A mount point is an element the frameworks' own starters render into, known by its id, its
 * tag or an attribute the framework sets; it is empty while it holds no element (but scripts,
 * styles and such) and no visible text.
 */
import { CollapsedText } from '../html/collapsed-text.js'
import type { OpenElements, OpenMark } from '../html/open-elements.js'
import type { Attributes } from '../html/tag-stream.js'

export interface AppShell {
  /** Mount points in the render (counted, at most MAX_MOUNT_POINTS). */
  readonly mountPoints: number
  /** Of those, the ones with no element and no visible text. */
  readonly emptyMountPoints: number
  /** Characters of visible text inside `<noscript>` (white space collapsed). */
  readonly noscriptChars: number
  /** `<script>` elements that run code (a `src`, or code of their own), JSON-LD and data not. */
  readonly scripts: number
}

/**
 * The ids the starters mount into: React (Create React App, Vite) `root`, Vue `app`, Next.js
 * `__next`, Nuxt `__nuxt`, Gatsby `___gatsby`, Svelte `svelte`, Quasar `q-app`.
 */
const MOUNT_IDS: ReadonlySet<string> = new Set([
  'root',
  'app',
  '__next',
  '__nuxt',
  '___gatsby',
  'svelte',
  'q-app'
])

/** Angular's root component, as its starter names it. */
const MOUNT_TAGS: ReadonlySet<string> = new Set(['app-root'])

/**
 * The attributes read of every element: its id, and the markers of an app's root (React's
 * `data-reactroot`, Angular's `ng-version` and AngularJS's `ng-app`, Vue 3's `data-v-app`).
 */
export const MOUNT_ATTRIBUTES = ['id', 'data-reactroot', 'ng-version', 'ng-app', 'data-v-app']

/** Elements that show nothing: a mount point holding only these is still empty. */
const NO_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'link',
  'meta',
  'base',
  'title',
  'template',
  'noscript'
])

const MAX_MOUNT_POINTS = 1000
const MAX_COUNT = 1_000_000

export class AppShellReader {
  /** The mount points open, the innermost last, each with whether it holds content yet. */
  private readonly open: { element: OpenMark; empty: boolean }[] = []
  private mountPoints = 0
  private emptyMountPoints = 0
  private scripts = 0
  private readonly noscript = new CollapsedText(0, MAX_COUNT)

  /** A start tag (outside `<template>` and `<noscript>`), its element already open. */
  element(tag: string, attributes: Attributes, opened: boolean, open: OpenElements): void {
    const innermost = this.open.at(-1)
    if (innermost !== undefined && !NO_CONTENT.has(tag)) innermost.empty = false
    if (!opened || this.mountPoints >= MAX_MOUNT_POINTS || !isMountPoint(tag, attributes)) return
    const element = open.mark()
    if (element === undefined) return
    this.mountPoints++
    this.open.push({ element, empty: true })
  }

  /** Visible text, outside `<noscript>`: the innermost mount point holds content. */
  content(): void {
    const innermost = this.open.at(-1)
    if (innermost !== undefined) innermost.empty = false
  }

  noscriptText(text: string): void {
    this.noscript.add(text)
  }

  script(): void {
    this.scripts = Math.min(MAX_COUNT, this.scripts + 1)
  }

  /**
   * Mount points closed by the last tag leave: an outer one holds an inner one, so once the
   * innermost is open, all are.
   */
  settle(open: OpenElements): void {
    for (;;) {
      const innermost = this.open.at(-1)
      if (innermost === undefined || open.has(innermost.element)) return
      this.open.pop()
      if (innermost.empty) this.emptyMountPoints++
    }
  }

  result(): AppShell {
    const stillOpenEmpty = this.open.filter(mount => mount.empty).length
    return {
      mountPoints: this.mountPoints,
      emptyMountPoints: this.emptyMountPoints + stillOpenEmpty,
      noscriptChars: this.noscript.length,
      scripts: this.scripts
    }
  }
}

function isMountPoint(tag: string, attributes: Attributes): boolean {
  if (MOUNT_TAGS.has(tag)) return true
  if (attributes.size === 0) return false
  if (MOUNT_IDS.has(attributes.get('id') ?? '')) return true
  return MOUNT_ATTRIBUTES.some(name => name !== 'id' && attributes.has(name))
}
