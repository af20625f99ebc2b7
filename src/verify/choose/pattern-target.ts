/**
 * One pattern target as the sitemaps stream through the selector (streaming-selector.ts): what
 * PHP's preg_match() selects of each batch of paths, how many and which first, where PHP gives up,
 * how long matching took, and what the run should say of it once the sitemaps are read.
 */
import { reasonsOf } from '../../pattern/give-up.js'
import { ownCopy } from '../../text/own-copy.js'
import { FirstInOrder, PREVIEW_FIRST } from './first-in-order.js'
import type {
  GaveUpPath,
  PatternMatch,
  SitemapOutcome,
  TargetRef,
  TargetSelection
} from './selection-shapes.js'

/** Paths named in the warning about paths where PHP gives up. */
export const GAVE_UP_NAMED = 5

export type MatchPattern = (pattern: string, paths: Iterable<string>) => PatternMatch

export class PatternTarget {
  readonly target: TargetRef
  /** Why PCRE2 cannot compile the pattern; once set, it is asked nothing more. */
  private refused: string | undefined
  /** Whether PCRE2 was asked at all (an empty sitemap asks nothing). */
  private asked = false
  /** Sitemap pages it selects. */
  private count = 0
  private readonly first = new FirstInOrder(PREVIEW_FIRST)
  private matchMs = 0
  private gaveUpCount = 0
  /** The first GAVE_UP_NAMED, and the first of every other reason (for the reasons' words). */
  private readonly gaveUp: GaveUpPath[] = []

  constructor(
    pattern: string,
    private readonly matchPattern: MatchPattern
  ) {
    this.target = { kind: 'pattern', item: pattern }
  }

  /** The paths of one batch it selects (undefined when PCRE2 refuses it). */
  match(paths: Iterable<string>): ReadonlySet<string> | undefined {
    if (this.refused !== undefined) return undefined
    this.asked = true
    const started = performance.now()
    const match = this.matchPattern(this.target.item, paths)
    this.matchMs += performance.now() - started
    if (match.kind === 'refused') {
      this.refused = match.reason
      return undefined
    }
    for (const gaveUp of match.gaveUp) {
      const newReason = !this.gaveUp.some(kept => kept.reason === gaveUp.reason)
      if (this.gaveUp.length < GAVE_UP_NAMED || newReason) {
        this.gaveUp.push({ path: ownCopy(gaveUp.path), reason: gaveUp.reason })
      }
      this.gaveUpCount++
    }
    return new Set(match.paths)
  }

  /** The paths of pages selected already, without counting them again (traced pages). */
  selects(paths: readonly string[]): ReadonlySet<string> {
    if (this.refused !== undefined) return new Set()
    const match = this.matchPattern(this.target.item, paths)
    return new Set(match.kind === 'matched' ? match.paths : [])
  }

  /** Counts a sitemap page it selected. */
  selected(path: string): void {
    this.count++
    this.first.offer(path)
  }

  /** Once the sitemaps are read: a pattern that saw no path still says whether PCRE2 compiles it. */
  finish(sitemap: SitemapOutcome | undefined): void {
    if (!this.asked && sitemap?.found === true) this.match([])
  }

  /** What it selects in the sitemap, for the preview and the summary (undefined: refused). */
  selection(): TargetSelection | undefined {
    if (this.refused !== undefined) return undefined
    const { target, count, matchMs } = this
    return { target, count, first: this.first.paths, matchMs }
  }

  /** Why its pages could not be chosen, if they could not. */
  note(sitemap: SitemapOutcome | undefined): string | undefined {
    const pattern = this.target.item
    if (sitemap?.found !== true) {
      return sitemap?.turnedOff === true
        ? `Pattern ${pattern}: sitemaps are turned off (sitemap: none), so its pages could not be chosen; list them in verify_urls.`
        : `Pattern ${pattern}: no sitemap, so its pages could not be chosen.`
    }
    if (this.refused !== undefined)
      return `Pattern ${pattern}: PCRE2 cannot compile it (${this.refused}).`
    return undefined
  }

  /**
   * Paths where PHP gives up, and selecting most of a sitemap of `sitemapSize` pages when
   * `purging` (a pattern that only chooses pages to check may select them all).
   */
  warnings(sitemapSize: number, purging: boolean): string[] {
    if (sitemapSize === 0 || this.refused !== undefined) return []
    const pattern = this.target.item
    const warnings: string[] = []
    if (this.gaveUpCount > 0) {
      const named = this.gaveUp.slice(0, GAVE_UP_NAMED).map(({ path }) => path)
      const more =
        this.gaveUpCount > named.length ? ` and ${this.gaveUpCount - named.length} more` : ''
      warnings.push(
        `Pattern ${pattern}: PHP's preg_match() gives up on ${this.gaveUpCount} of the sitemap's paths (${reasonsOf(this.gaveUp)}): the service does not purge them, and they are not checked: ${named.join(', ')}${more}.`
      )
    }
    if (purging && this.count * 2 > sitemapSize) {
      const share = Math.round((this.count / sitemapSize) * 100)
      warnings.push(
        `Pattern ${pattern} selects ${this.count} of the sitemap's ${sitemapSize} pages (${share}%): most of the site is purged.`
      )
    }
    return warnings
  }
}
