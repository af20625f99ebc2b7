/**
 * What a selection is made of and gives: the purge targets a page comes from, the pages to
 * check, and what each pattern and folder tag selected in the sitemap. Shapes only: the
 * selection itself is streaming-selector.ts, fed as the sitemaps stream.
 */
import type { GiveUp } from '../../../pcre2/pcre2.mjs'
import type { PurgeKind } from '../../core/constants.js'
import type { Shard } from './shard.js'
import type { TagTraceResult } from '../tags/trace-state.js'

/** A purge target, by the kind and the item the service was sent. */
export interface TargetRef {
  readonly kind: PurgeKind
  readonly item: string
}

export interface SelectedPage {
  /** Path and query, exactly as purged (never a cache-busting addition). */
  readonly path: string
  /** The targets whose purge covers this page; empty for a verify_urls page alone. */
  readonly purgedBy: readonly TargetRef[]
}

/** What PHP's preg_match() answers for a pattern over some of the sitemap's paths (PCRE2 itself). */
export type PatternMatch =
  /** `paths`: matched; `gaveUp`: where PHP returns false, so the service purges nothing. */
  | {
      readonly kind: 'matched'
      readonly paths: readonly string[]
      readonly gaveUp: readonly GaveUpPath[]
    }
  /** PCRE2 cannot compile it (the inputs check refuses such a pattern before this). */
  | { readonly kind: 'refused'; readonly reason: string }

export interface GaveUpPath {
  readonly path: string
  readonly reason: GiveUp
}

export interface TargetSelection {
  readonly target: TargetRef
  /** Sitemap pages the target selects. */
  readonly count: number
  /** The first of them in path order (at most PREVIEW_FIRST), for the preview. */
  readonly first: readonly string[]
  /** For a pattern: how long matching the sitemap's paths took (PCRE2, every path). */
  readonly matchMs?: number
  /**
   * For a tag traced at the edge (not a folder tag): how its pages were found. Its `count` is
   * then the pages of this job's part read that carry it: exact only when `trace.exact`.
   */
  readonly trace?: TagTraceFacts
}

/** How the pages of the traced tags were found: the same for every traced tag of a run. */
export type TagTraceFacts = Omit<TagTraceResult, 'tags' | 'pages'>

/** What the sitemaps turned out to be, once read. */
export interface SitemapOutcome {
  /** Some sitemap was read: patterns and folder tags selected from it. */
  readonly found: boolean
  /** `sitemap: none`: that is why there are no sitemap pages. */
  readonly turnedOff: boolean
  /** Pages on the site's host, each once. */
  readonly pageCount: number
}

export interface PageSelection {
  /** The pages to check, at most `limit` (verify_urls pages always among them). */
  readonly pages: readonly SelectedPage[]
  /** Pages selected, before the shard and the limit: every job of a matrix sees the same. */
  readonly selectedCount: number
  /** Of them, the sitemap pages a purge target selects (verify_urls pages alone not counted). */
  readonly sitemapPagesPurged?: number
  /** This job's part of them (the shard input); undefined: every page. */
  readonly shard?: Shard
  /** Pages in this job's part, before the limit (selectedCount without a shard). */
  readonly inShard: number
  /** When this job's part is empty but pages were selected: the parts they are in (1-based). */
  readonly shardsOfSelected?: readonly number[]
  /** In this job's part but not checked because of the limit. */
  readonly leftOut: number
  /** Per pattern, folder-tag and traced-tag target: what it selects in the sitemap. */
  readonly bySitemap: readonly TargetSelection[]
  /**
   * Tags that select no page: no sitemap to find their pages in, or traced at the edge and
   * carried by no page read.
   */
  readonly uncheckedTags: readonly string[]
  /** URL targets the sitemap does not list (typos, or pages missing from the sitemap). */
  readonly urlsNotInSitemap: readonly string[]
  /** Why some targets could not be checked. */
  readonly notes: readonly string[]
  /**
   * What the user should know before trusting the purge: paths where PHP gives up on a pattern,
   * a pattern that selects most of the sitemap. Absent when there is nothing to say.
   */
  readonly warnings?: readonly string[]
}
