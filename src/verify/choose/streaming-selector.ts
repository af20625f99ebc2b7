/**
 * Which pages to check, decided as the sitemaps stream: each page the reader hands over is matched
 * against the pattern and folder-tag targets (in batches, PCRE2 for a pattern, each pattern's own
 * tally in pattern-target.ts), counted, and kept only if this job needs it: in its shard's part and
 * in the sample (uniform-sample.ts). URL targets are pages as purged, whatever the sitemap says;
 * other tags are traced at the edge when `traceTags` asks (verify/tags/read-at-edge.ts reads the
 * pages of this job's part the selector keeps for it, then addTraced() hands back those that carry
 * a tag), and select nothing otherwise (only verify_urls can stand for them); verify_urls pages are
 * always checked. Only the URL targets and verify_urls pages are known before the sitemaps: they
 * are the only pages held from the start, which is also how the URL targets the sitemap does not
 * list are found.
 *
 * The pages come out in the order the selection has always had: URL targets as given, then the
 * pages of each pattern, then of each folder tag (each page under the first target that selects
 * it, in sitemap order), then of each traced tag (in read order), then verify_urls pages. Within
 * the limit that is every page, exactly as before the sitemaps were streamed; beyond it, the
 * sample is the pages with the smallest keys.
 */
import type { PurgeTargets } from '../../core/purge.js'
import { FirstInOrder, PREVIEW_FIRST } from './first-in-order.js'
import { isFolderTag, pageHasFolderTag } from '../tags/folder-tags.js'
import { KEPT_PAGES_BUDGET_BYTES, keptCost, type OverBudget } from './kept-budget.js'
import { PageSample, sampledBefore, sampleKey, type KeptPage } from './uniform-sample.js'
import { PatternTarget, type MatchPattern } from './pattern-target.js'
import type { PageSelection, SitemapOutcome, TargetRef } from './selection-shapes.js'
import { hashPath, partOfHash, type Shard } from './shard.js'
import { TAG_READS_MAX, type TagTraceResult } from '../tags/trace-state.js'

export interface SelectorInput {
  readonly targets: PurgeTargets
  /** Whether the targets are purged (false in mode: verify: they only choose pages to check). */
  readonly purging: boolean
  readonly extraPages: readonly string[]
  /** Infinity: every page of the part. */
  readonly limit: number
  /** Only the pages of this part; absent: every page. */
  readonly shard?: Shard
  /**
   * How a pattern selects paths (PCRE2 with PHP's options and limits, in production): asked
   * for one batch of the sitemap's paths at a time, in sitemap order.
   */
  readonly matchPattern: MatchPattern
  /** What this job may keep; KEPT_PAGES_BUDGET_BYTES unless a test asks for less. */
  readonly budgetBytes?: number
  /**
   * Keep pages of this job's part for tracing the tags that are not folder tags at the edge
   * (at most `traceReads`, TAG_READS_MAX unless a test asks for fewer).
   */
  readonly traceTags?: boolean
  readonly traceReads?: number
}

export type SelectionOutcome =
  | { readonly kind: 'selected'; readonly selection: PageSelection }
  /** This job's part does not fit in memory: nothing is chosen (kept-budget.ts). */
  | { readonly kind: 'over-budget'; readonly overBudget: OverBudget }

/**
 * Paths matched per call of matchPattern: few enough that they die young (a batch that lives
 * through two of V8's minor collections is moved to the old generation, and 2 GB of sitemap
 * pages moved there is garbage a major collection must find), many enough to be cheap.
 */
const BATCH_SIZE = 256

interface FolderTagState {
  readonly target: TargetRef
  count: number
  readonly first: FirstInOrder
}

/** A URL target or a verify_urls page: known before the sitemaps. */
interface KnownPage {
  readonly path: string
  readonly refs: TargetRef[]
  group: number
  position: number
  readonly extra: boolean
  /** hashPath of the path: its shard and sample key. */
  readonly hash: number
}

export class PageSelector {
  private readonly patterns: PatternTarget[]
  private readonly folderTags: FolderTagState[]
  private readonly otherTags: string[]
  /** The pages to read for the traced tags: a sample of this job's part, spread by key. */
  private readonly tagCandidates: PageSample | undefined
  /** Sitemap pages in this job's part: what tracing could read. */
  private partPages = 0
  private traced: TagTraceResult | undefined
  private readonly known = new Map<string, KnownPage>()
  /** URL targets the sitemaps listed. */
  private readonly listedUrls = new Set<string>()
  private readonly sample: PageSample
  private readonly budgetBytes: number
  private readonly extrasGroup: number
  private batch: string[] = []
  /** Sitemap pages so far: a page's position in sitemap order. */
  private seen = 0
  /** Selected sitemap pages that are not URL targets or verify_urls pages. */
  private streamedSelected = 0
  private streamedBytes = 0
  private streamedInShard = 0
  private streamedInShardBytes = 0
  private sitemapPagesPurged = 0
  /** The parts (1-based) the selected pages are in, for an empty part's message. */
  private readonly partsSeen: Uint8Array
  private busy = 0
  /**
   * The lists of targets kept pages share: a million pages selected by one pattern hold one
   * list between them, not a million (each an array with room for 16).
   */
  private readonly targetLists = new Map<string, readonly TargetRef[]>()

  constructor(private readonly input: SelectorInput) {
    const { targets } = input
    this.budgetBytes = input.budgetBytes ?? KEPT_PAGES_BUDGET_BYTES
    this.patterns = targets.patterns.map(pattern => new PatternTarget(pattern, input.matchPattern))
    this.folderTags = targets.tags.filter(isFolderTag).map(tag => ({
      target: { kind: 'tag', item: tag },
      count: 0,
      first: new FirstInOrder(PREVIEW_FIRST)
    }))
    this.otherTags = targets.tags.filter(tag => !isFolderTag(tag))
    this.extrasGroup = 1 + this.patterns.length + this.folderTags.length + this.otherTags.length
    this.tagCandidates =
      input.traceTags === true && this.otherTags.length > 0
        ? new PageSample(input.traceReads ?? TAG_READS_MAX, this.budgetBytes)
        : undefined
    targets.urls.forEach((url, index) => {
      const page = this.known.get(url)
      if (page === undefined) this.known.set(url, this.knownPage(url, 0, index, false, url))
      else page.refs.push({ kind: 'url', item: url })
    })
    input.extraPages.forEach((path, index) => {
      if (!this.known.has(path))
        this.known.set(path, this.knownPage(path, this.extrasGroup, index, true))
      else this.known.set(path, { ...(this.known.get(path) as KnownPage), extra: true })
    })
    this.partsSeen = new Uint8Array((input.shard?.count ?? 1) + 1)
    // verify_urls pages of this part are kept whatever the sample: they take its room first.
    const extrasHere = [...this.known.values()].filter(page => page.extra && this.inPart(page.hash))
    this.sample = new PageSample(Math.max(0, input.limit - extrasHere.length), this.budgetBytes)
  }

  /** Time spent selecting so far (PCRE2 included), to tell it apart from the reading's. */
  get busyMs(): number {
    return this.busy
  }

  /** One page of the sitemaps (path and query), each once, in sitemap order. */
  add(path: string): void {
    this.batch.push(path)
    if (this.batch.length >= BATCH_SIZE) this.flush()
  }

  /**
   * Whether this job's part is known not to fit already: what had to be kept passed the
   * budget, which nothing offered later undoes, so finish() will refuse the selection whatever
   * tracing would add.
   */
  overBudgetAlready(): boolean {
    this.flush()
    return this.sample.overBudget
  }

  /** The tags to trace at the edge (none unless `traceTags`). */
  get tagsToTrace(): readonly string[] {
    return this.tagCandidates === undefined ? [] : this.otherTags
  }

  /** The pages to read for the traced tags, in spread order, and how many the part holds. */
  pagesToTrace(): { readonly paths: readonly string[]; readonly candidates: number } {
    this.flush()
    const kept = [...(this.tagCandidates?.pages ?? [])]
    kept.sort((a, b) => (sampledBefore(a, b) ? -1 : 1))
    return { paths: kept.map(page => page.path), candidates: this.partPages }
  }

  /**
   * The pages tracing found (sitemap pages of this part, each once): selected under their tags
   * as a pattern's pages are, merged with what the other targets already selected of them.
   */
  addTraced(traced: TagTraceResult): void {
    this.flush()
    this.traced = traced
    const paths = [...traced.pages.keys()]
    if (paths.length === 0) return
    // Which of them the patterns and folder tags selected already (counted then, not again).
    const byPattern = this.patterns.map(pattern => pattern.selects(paths))
    const tagGroup = new Map(this.otherTags.map((tag, index) => [tag, index]))
    const groupBase = 1 + this.patterns.length + this.folderTags.length
    const added = new Map<string, readonly TargetRef[]>()
    let position = this.seen
    for (const [path, tags] of traced.pages) {
      position++
      const refs: TargetRef[] = tags.map(tag => ({ kind: 'tag', item: tag }))
      const group = groupBase + (tagGroup.get(tags[0] ?? '') ?? 0)
      const known = this.known.get(path)
      const before =
        byPattern.some(set => set.has(path)) ||
        this.folderTags.some(state => pageHasFolderTag(path, state.target.item))
      if (known !== undefined) {
        if (known.refs.length === 0) this.sitemapPagesPurged++
        known.refs.push(...refs)
        if (known.group === this.extrasGroup) {
          known.group = group
          known.position = position
        }
        continue
      }
      if (before) {
        added.set(path, refs)
        continue
      }
      this.sitemapPagesPurged++
      const hash = this.countStreamed(path)
      if (hash === undefined) continue
      this.sample.offer({ path, refs, group, position, key: sampleKey(hash) })
    }
    // Pages a pattern or folder tag selected, and kept: their tags are added to their targets.
    if (added.size > 0) {
      this.sample.retarget(page => {
        const refs = added.get(page.path)
        return refs === undefined ? undefined : [...page.refs, ...refs]
      })
    }
  }

  /** The selection, once the sitemaps were read (undefined: they were not needed). */
  finish(sitemap: SitemapOutcome | undefined): SelectionOutcome {
    this.flush()
    for (const pattern of this.patterns) pattern.finish(sitemap)
    const found = sitemap?.found === true
    const known = [...this.known.values()]
    const knownHere = known.filter(page => this.inPart(page.hash))
    const inShard = this.streamedInShard + knownHere.length
    const selectedCount = this.streamedSelected + known.length
    const partBytes =
      this.streamedInShardBytes + knownHere.reduce((sum, page) => sum + keptCost(page.path), 0)
    const pages = this.chosen(knownHere)
    const keptBytes = pages.reduce((sum, page) => sum + keptCost(page.path), 0)
    if (this.sample.overBudget || keptBytes > this.budgetBytes) {
      const { limit, shard } = this.input
      return {
        kind: 'over-budget',
        overBudget: {
          pages: Math.min(limit, inShard),
          bytes: limit >= inShard ? partBytes : Math.max(keptBytes, this.sample.keptBytes),
          budgetBytes: this.budgetBytes,
          selectedPages: selectedCount,
          selectedBytes:
            this.streamedBytes + known.reduce((sum, page) => sum + keptCost(page.path), 0),
          limit,
          ...(shard && { shard })
        }
      }
    }
    const { shard } = this.input
    const shardsOfSelected =
      shard !== undefined && inShard === 0 && selectedCount > 0 ? this.partsOf(known) : undefined
    const selection: PageSelection = {
      pages: pages.map(page => ({ path: page.path, purgedBy: page.refs })),
      selectedCount,
      ...(found && { sitemapPagesPurged: this.sitemapPagesPurged }),
      ...(shard && { shard }),
      inShard,
      ...(shardsOfSelected && { shardsOfSelected }),
      leftOut: inShard - pages.length,
      bySitemap: found ? this.bySitemap() : [],
      // Without a sitemap, folder tags cannot be told apart from the others.
      uncheckedTags: found ? this.untracedTags() : [...this.input.targets.tags],
      urlsNotInSitemap: found
        ? this.input.targets.urls.filter(url => !this.listedUrls.has(url))
        : [],
      notes: this.notes(sitemap),
      ...this.warnings(found ? (sitemap?.pageCount ?? 0) : 0)
    }
    return { kind: 'selected', selection }
  }

  private knownPage(
    path: string,
    group: number,
    position: number,
    extra: boolean,
    url?: string
  ): KnownPage {
    return {
      path,
      refs: url === undefined ? [] : [{ kind: 'url', item: url }],
      group,
      position,
      extra,
      hash: hashPath(path)
    }
  }

  private inPart(hash: number): boolean {
    const { shard } = this.input
    return shard === undefined || shard.count === 1 || partOfHash(hash, shard.count) === shard.index
  }

  /** Matches the batch against every pattern, then takes each of its pages in order. */
  private flush(): void {
    if (this.batch.length === 0) return
    const started = performance.now()
    const batch = this.batch
    this.batch = []
    const matched = this.patterns.map(pattern => pattern.match(batch))
    for (const path of batch) this.take(path, matched)
    this.busy += performance.now() - started
  }

  private take(path: string, matched: readonly (ReadonlySet<string> | undefined)[]): void {
    const position = this.seen++
    if (this.tagCandidates !== undefined) {
      const hash = hashPath(path)
      if (this.inPart(hash)) {
        this.partPages++
        this.tagCandidates.offer({ path, refs: [], group: 0, position, key: sampleKey(hash) })
      }
    }
    const refs: TargetRef[] = []
    let key = ''
    let group = 0
    this.patterns.forEach((pattern, index) => {
      if (matched[index]?.has(path) !== true) return
      if (refs.length === 0) group = 1 + index
      refs.push(pattern.target)
      key += `${1 + index},`
      pattern.selected(path)
    })
    this.folderTags.forEach((state, index) => {
      if (!pageHasFolderTag(path, state.target.item)) return
      if (refs.length === 0) group = 1 + this.patterns.length + index
      refs.push(state.target)
      key += `${1 + this.patterns.length + index},`
      state.count++
      state.first.offer(path)
    })
    const known = this.known.get(path)
    if (known?.refs[0]?.kind === 'url') this.listedUrls.add(path)
    if (refs.length === 0) {
      if (known?.refs[0]?.kind === 'url') this.sitemapPagesPurged++
      return
    }
    this.sitemapPagesPurged++
    if (known !== undefined) {
      known.refs.push(...refs)
      // A verify_urls page a target selects goes where that target's pages go.
      if (known.group === this.extrasGroup) {
        known.group = group
        known.position = position
      }
      return
    }
    const hash = this.countStreamed(path)
    if (hash === undefined) return
    let shared = this.targetLists.get(key)
    if (shared === undefined) {
      shared = refs
      this.targetLists.set(key, refs)
    }
    this.sample.offer({ path, refs: shared, group, position, key: sampleKey(hash) })
  }

  /**
   * Counts a page the stream selected, and the part of the shards it falls in: its hash when it
   * is in this job's part, undefined when another job's.
   */
  private countStreamed(path: string): number | undefined {
    const cost = keptCost(path)
    this.streamedSelected++
    this.streamedBytes += cost
    const hash = hashPath(path)
    const { shard } = this.input
    if (shard !== undefined) this.partsSeen[partOfHash(hash, shard.count)] = 1
    if (!this.inPart(hash)) return undefined
    this.streamedInShard++
    this.streamedInShardBytes += cost
    return hash
  }

  /**
   * The pages to check, in the selection's order: this part's verify_urls pages, and of the
   * rest (URL targets known from the start and the sample of the stream) the `room` with the
   * smallest sample keys.
   */
  private chosen(knownHere: readonly KnownPage[]): KeptPage[] {
    const asKept = (page: KnownPage): KeptPage => ({
      path: page.path,
      refs: page.refs,
      group: page.group,
      position: page.position,
      key: sampleKey(page.hash)
    })
    const extras = knownHere.filter(page => page.extra).map(asKept)
    const room = Math.max(0, this.input.limit - extras.length)
    const candidates = [...knownHere.filter(page => !page.extra).map(asKept), ...this.sample.pages]
    const sampled =
      candidates.length <= room
        ? candidates
        : candidates.sort((a, b) => (sampledBefore(a, b) ? -1 : 1)).slice(0, room)
    return [...extras, ...sampled].sort((a, b) => a.group - b.group || a.position - b.position)
  }

  private partsOf(known: readonly KnownPage[]): number[] {
    const count = this.input.shard?.count ?? 1
    for (const page of known) this.partsSeen[partOfHash(page.hash, count)] = 1
    const parts: number[] = []
    this.partsSeen.forEach((seen, part) => {
      if (seen === 1) parts.push(part)
    })
    return parts
  }

  private bySitemap(): PageSelection['bySitemap'] {
    const patterns = this.patterns.flatMap(pattern => pattern.selection() ?? [])
    const tags = this.folderTags.map(state => ({
      target: state.target,
      count: state.count,
      first: state.first.paths
    }))
    const traced = this.traced
    if (traced === undefined) return [...patterns, ...tags]
    const { tags: tracedTags, pages: _pages, ...facts } = traced
    const byTrace = tracedTags.map(entry => ({
      target: { kind: 'tag' as const, item: entry.tag },
      count: entry.found,
      first: entry.first,
      trace: facts
    }))
    return [...patterns, ...tags, ...byTrace]
  }

  /** Tags that select no page: not traced, or traced and carried by no page read. */
  private untracedTags(): string[] {
    const traced = this.traced
    if (traced === undefined) return this.otherTags
    return traced.tags.filter(entry => entry.found === 0).map(entry => entry.tag)
  }

  private notes(sitemap: SitemapOutcome | undefined): string[] {
    return this.patterns.flatMap(pattern => pattern.note(sitemap) ?? [])
  }

  /** Paths where PHP gives up, and a pattern that selects most of the sitemap. */
  private warnings(sitemapSize: number): { warnings?: readonly string[] } {
    const warnings = this.patterns.flatMap(pattern =>
      pattern.warnings(sitemapSize, this.input.purging)
    )
    return warnings.length > 0 ? { warnings } : {}
  }
}
