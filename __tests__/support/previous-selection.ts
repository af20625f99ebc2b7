/**
 * The selection as it was before the sitemaps were streamed (src/verify/choose/select-from-set.ts
 * at 15253fd): every sitemap page held in a set, every selected page in a map, the sample an even
 * spread by position. Kept as the oracle of verify-page-selector.test.ts: within the limit, the
 * streaming selection must give exactly what this gives.
 */
import { reasonsOf } from '../../src/pattern/give-up.js'
import { firstInOrder, PREVIEW_FIRST } from '../../src/verify/choose/first-in-order.js'
import { pageHasFolderTag } from '../../src/verify/tags/folder-tags.js'
import type { SelectionInput } from '../../src/verify/choose/select-from-set.js'
import type {
  PageSelection,
  PatternMatch,
  TargetRef,
  TargetSelection
} from '../../src/verify/choose/selection-shapes.js'
import { inShard, shardOf } from '../../src/verify/choose/shard.js'

const GAVE_UP_NAMED = 5

export function previousSelection(input: SelectionInput): PageSelection {
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
function spreadSample<T>(items: readonly T[], limit: number, keep: (item: T) => boolean): T[] {
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

function folderOfTag(tag: string): string | undefined {
  return /^folder-./.test(tag) ? tag : undefined
}
