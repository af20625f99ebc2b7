/**
 * Which pages to check, decided from what was purged and what the sitemap lists. Pure: URL
 * targets are pages as purged; a pattern selects the sitemap pages it matches; a folder tag
 * the sitemap pages under its folder; other tags nothing (only verify_urls can stand for
 * them). Beyond the limit, a sample spread over the whole selection is kept.
 */
import { firstInOrder, PREVIEW_FIRST } from './first-in-order.js'
import type { GiveUp } from '../../pcre2/pcre2.mjs'
import type { PurgeKind } from '../core/constants.js'
import type { PurgeTargets } from '../core/purge.js'
import { reasonsOf } from '../pattern/give-up.js'
import { inShard, shardOf, type Shard } from './shard.js'

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

/** What PHP's preg_match() answers for a pattern over the sitemap's paths (PCRE2 itself). */
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
  /** Per pattern and folder-tag target: what it selects in the sitemap. */
  readonly bySitemap: readonly TargetSelection[]
  /** Tags that select no page: not folder tags, or no sitemap to find their pages in. */
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

export interface SelectionInput {
  readonly targets: PurgeTargets
  /** Whether the targets are purged (false in mode: verify: they only choose pages to check). */
  readonly purging: boolean
  /** Absent: no sitemap was found or read. */
  readonly sitemapPages?: ReadonlySet<string>
  /** Sitemaps are turned off (`sitemap: none`): that is why there are no sitemap pages. */
  readonly sitemapOff?: boolean
  readonly extraPages: readonly string[]
  /** Infinity: every page of the part. */
  readonly limit: number
  /** Only the pages of this part; absent: every page. */
  readonly shard?: Shard
  /** How a pattern selects paths (PCRE2 with PHP's options and limits, in production). */
  readonly matchPattern: (pattern: string, paths: Iterable<string>) => PatternMatch
}

/** Paths named in the warning about paths where PHP gives up. */
const GAVE_UP_NAMED = 5

export function selectPages(input: SelectionInput): PageSelection {
  const chosen = new Map<string, TargetRef[]>()
  // A pattern may select a million pages: a new page's list is made at its size (an empty
  // array grown by push reserves room for 16), grown only for a page a second target selects too.
  const add = (path: string, target?: TargetRef): void => {
    const refs = chosen.get(path)
    if (refs === undefined) chosen.set(path, target ? [target] : [])
    else if (target) refs.push(target)
  }
  const notes: string[] = []
  const warnings: string[] = []
  const bySitemap: TargetSelection[] = []
  const uncheckedTags: string[] = []
  const sitemap = input.sitemapPages

  for (const url of input.targets.urls) add(url, { kind: 'url', item: url })
  for (const pattern of input.targets.patterns) {
    const target: TargetRef = { kind: 'pattern', item: pattern }
    if (sitemap === undefined) {
      notes.push(
        input.sitemapOff
          ? `Pattern ${pattern}: sitemaps are turned off (sitemap: none), so its pages could not be chosen; list them in verify_urls.`
          : `Pattern ${pattern}: no sitemap, so its pages could not be chosen.`
      )
      continue
    }
    const started = performance.now()
    const match = input.matchPattern(pattern, sitemap)
    const matchMs = performance.now() - started
    if (match.kind === 'refused') {
      notes.push(`Pattern ${pattern}: PCRE2 cannot compile it (${match.reason}).`)
      continue
    }
    warnings.push(...patternWarnings(pattern, match, sitemap.size, input.purging))
    for (const path of match.paths) add(path, target)
    bySitemap.push({
      target,
      count: match.paths.length,
      first: firstInOrder(match.paths, PREVIEW_FIRST),
      matchMs
    })
  }
  for (const tag of input.targets.tags) {
    const folder = folderOfTag(tag)
    if (folder === undefined || sitemap === undefined) {
      uncheckedTags.push(tag)
      continue
    }
    const target: TargetRef = { kind: 'tag', item: tag }
    const paths: string[] = []
    for (const path of sitemap) if (pageHasFolderTag(path, tag)) paths.push(path)
    for (const path of paths) add(path, target)
    bySitemap.push({ target, count: paths.length, first: firstInOrder(paths, PREVIEW_FIRST) })
  }
  const extras = new Set(input.extraPages)
  for (const page of input.extraPages) add(page)

  // Split before the sample, so that the limit applies to this job's part; by path (the keys
  // are unique), so that only the pages kept become objects.
  const { shard } = input
  const paths = [...chosen.keys()]
  const part = shard === undefined ? paths : paths.filter(path => inShard(path, shard))
  // An empty part says where the pages went: the other jobs of the matrix check them.
  const shardsOfSelected =
    shard !== undefined && part.length === 0 && paths.length > 0
      ? [...new Set(paths.map(path => shardOf(path, shard.count)))].sort((a, b) => a - b)
      : undefined
  const kept = spreadSample(part, input.limit, path => extras.has(path))
  const pages = kept.map(path => ({ path, purgedBy: chosen.get(path) ?? [] }))
  let sitemapPagesPurged = 0
  if (sitemap !== undefined) {
    for (const [path, refs] of chosen)
      if (refs.length > 0 && sitemap.has(path)) sitemapPagesPurged++
  }
  return {
    pages,
    selectedCount: chosen.size,
    ...(sitemap !== undefined && { sitemapPagesPurged }),
    ...(shard && { shard }),
    inShard: part.length,
    ...(shardsOfSelected && { shardsOfSelected }),
    leftOut: part.length - pages.length,
    bySitemap,
    uncheckedTags,
    urlsNotInSitemap: sitemap ? input.targets.urls.filter(url => !sitemap.has(url)) : [],
    notes,
    ...(warnings.length > 0 && { warnings })
  }
}

/** Paths where PHP gives up, and a pattern that selects most of the sitemap. */
function patternWarnings(
  pattern: string,
  match: Extract<PatternMatch, { kind: 'matched' }>,
  sitemapSize: number,
  /** A pattern that only chooses pages to check may select them all: that is no warning. */
  purging: boolean
): string[] {
  const warnings: string[] = []
  const { gaveUp } = match
  if (gaveUp.length > 0) {
    const named = gaveUp.slice(0, GAVE_UP_NAMED).map(({ path }) => path)
    const more = gaveUp.length > named.length ? ` and ${gaveUp.length - named.length} more` : ''
    warnings.push(
      `Pattern ${pattern}: PHP's preg_match() gives up on ${gaveUp.length} of the sitemap's paths (${reasonsOf(gaveUp)}): the service does not purge them, and they are not checked: ${named.join(', ')}${more}.`
    )
  }
  if (purging && sitemapSize > 0 && match.paths.length * 2 > sitemapSize) {
    const share = Math.round((match.paths.length / sitemapSize) * 100)
    warnings.push(
      `Pattern ${pattern} selects ${match.paths.length} of the sitemap's ${sitemapSize} pages (${share}%): most of the site is purged.`
    )
  }
  return warnings
}

/**
 * At most `limit` items: every `keep` item, and the others evenly spread over the list (so a
 * sample of a long section still covers its start, middle and end), in list order.
 */
export function spreadSample<T>(
  items: readonly T[],
  limit: number,
  keep: (item: T) => boolean
): T[] {
  if (items.length <= limit) return [...items]
  const kept = new Set(items.filter(keep))
  const rest = items.filter(item => !kept.has(item))
  const room = Math.max(0, limit - kept.size)
  for (let i = 0; i < room; i++) {
    const picked = rest[Math.floor((i * rest.length) / room)]
    if (picked !== undefined) kept.add(picked)
  }
  return items.filter(item => kept.has(item))
}

/** `folder-A-f-B` -> true for a tag of that shape. */
function folderOfTag(tag: string): string | undefined {
  return /^folder-./.test(tag) ? tag : undefined
}

/**
 * Whether a page carries a folder tag: `/A/B/C/page` has `folder-A`, `folder-A-f-B` and
 * `folder-A-f-B-f-C` (the last segment is the page; the query is ignored). Segments are
 * compared as written and percent-decoded, since either may be what the backend tagged.
 */
export function pageHasFolderTag(path: string, tag: string): boolean {
  const query = path.indexOf('?')
  const segments = (query < 0 ? path : path.slice(0, query)).split('/').slice(1, -1)
  if (segments.some(segment => segment === '')) return false
  for (const decode of [false, true]) {
    let current = 'folder'
    for (const [index, segment] of segments.entries()) {
      current += `${index === 0 ? '-' : '-f-'}${decode ? safeDecode(segment) : segment}`
      if (current === tag) return true
      if (!tag.startsWith(current)) break
    }
  }
  return false
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
