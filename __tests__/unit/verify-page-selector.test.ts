/**
 * The selection as the sitemaps stream (src/verify/choose/streaming-selector.ts): within the limit
 * it chooses exactly what the selection over a whole sitemap chose before (the oracle in
 * __tests__/support/previous-selection.ts), field by field, for sites of every shape, targets of
 * every kind, with and without shards; beyond the limit its sample does not depend on the order the
 * files arrive in, keeps every verify_urls page, spreads over the selection, and splits into
 * disjoint parts that make the whole; it keeps only the sample; and a part that cannot be kept is
 * refused with the numbers.
 */
import { describe, expect, it } from '@jest/globals'
import vm from 'node:vm'
import v8 from 'node:v8'
import { KEPT_PAGES_BUDGET_BYTES, overBudgetMessage } from '../../src/verify/choose/kept-budget.js'
import { PageSelector, type SelectorInput } from '../../src/verify/choose/streaming-selector.js'
import { selectPages, type SelectionInput } from '../../src/verify/choose/select-from-set.js'
import type { PageSelection, PatternMatch } from '../../src/verify/choose/selection-shapes.js'
import { shardOf, type Shard } from '../../src/verify/choose/shard.js'
import { matchPatternPages } from '../../src/verify/choose/pattern-matcher.js'
import { compilePhpPattern } from '../../pcre2/pcre2.mjs'
import { previousSelection } from '../support/previous-selection.js'

/** Sitemaps shaped like real sites': numbered pages, dated posts, products, docs in folders. */
function siteOf(n: number): string[] {
  const pages: string[] = []
  for (let i = 0; i < n; i++) {
    switch (i % 4) {
      case 0:
        pages.push(`/p/${i}`)
        break
      case 1:
        pages.push(
          `/blog/${2015 + (i % 10)}/${String(1 + (i % 12)).padStart(2, '0')}/post-${i}.html`
        )
        break
      case 2:
        pages.push(
          `/products/sku-${(100_000 + i * 7).toString(36)}?color=${['red', 'blue'][i % 2]}`
        )
        break
      default:
        pages.push(`/docs/${['guide', 'api', 'faq'][i % 3]}/page-${i}`)
    }
  }
  return pages
}

/** A JavaScript regex standing for PCRE2, asked batch by batch as the selector does. */
const byRegex = (pattern: string, paths: Iterable<string>): PatternMatch => {
  const regex = new RegExp(pattern.slice(1, -1))
  return { kind: 'matched', paths: [...paths].filter(path => regex.test(path)), gaveUp: [] }
}

/** The selection fed one page at a time, as readSitemaps' onPage feeds it. */
function streamed(input: SelectorInput, pages: readonly string[] | undefined): PageSelection {
  const selector = new PageSelector(input)
  for (const page of pages ?? []) selector.add(page)
  const outcome = selector.finish(
    pages === undefined ? undefined : { found: true, turnedOff: false, pageCount: pages.length }
  )
  if (outcome.kind !== 'selected') throw new Error(overBudgetMessage(outcome.overBudget))
  return outcome.selection
}

/** Timings differ from run to run; everything else must be equal. */
function withoutTimes(selection: PageSelection): PageSelection {
  return {
    ...selection,
    bySitemap: selection.bySitemap.map(({ matchMs: _matchMs, ...entry }) => ({
      ...entry,
      first: [...entry.first]
    }))
  }
}

describe('within the limit: the same selection as before', () => {
  const site = siteOf(2000)
  const inputs: [string, Omit<SelectionInput, 'matchPattern' | 'purging' | 'limit'>][] = [
    [
      'URL targets, some listed',
      {
        targets: { urls: ['/p/0', '/nowhere', '/p/8', '/p/0'], tags: [], patterns: [] },
        extraPages: []
      }
    ],
    [
      'a pattern',
      { targets: { urls: [], tags: [], patterns: ['#^/blog/2019/#'] }, extraPages: [] }
    ],
    [
      'two patterns that overlap, a folder tag, other tags, URL targets and verify_urls',
      {
        targets: {
          urls: ['/docs/api/page-1', '/p/4', '/new'],
          tags: ['home', 'folder-docs-f-api', 'folder-products', 'blog'],
          patterns: ['#^/docs/#', '#page-1\\d*$#']
        },
        extraPages: ['/p/12', '/docs/api/page-5', '/extra', '/p/4']
      }
    ],
    [
      'a pattern that selects most of the sitemap, as a purge and as a verify job',
      { targets: { urls: [], tags: [], patterns: ['#^/[a-z]#'] }, extraPages: [] }
    ],
    [
      'a folder tag only',
      { targets: { urls: [], tags: ['folder-blog-f-2016'], patterns: [] }, extraPages: ['/'] }
    ]
  ]
  const shards: (Shard | undefined)[] = [
    undefined,
    { index: 1, count: 1 },
    { index: 2, count: 3 },
    { index: 1, count: 4 },
    { index: 4, count: 4 }
  ]

  for (const [name, given] of inputs) {
    it(name, () => {
      for (const shard of shards) {
        for (const purging of [true, false]) {
          const input: SelectionInput = {
            ...given,
            purging,
            limit: Number.POSITIVE_INFINITY,
            ...(shard && { shard }),
            matchPattern: byRegex,
            sitemapPages: new Set(site)
          }
          const before = withoutTimes(previousSelection(input))
          expect(withoutTimes(selectPages(input))).toEqual(before)
          expect(withoutTimes(streamed(input, site))).toEqual(before)
          // A limit the part fits in changes nothing.
          const fits = { ...input, limit: Math.max(before.inShard, 1) }
          expect(withoutTimes(selectPages(fits))).toEqual(withoutTimes(previousSelection(fits)))
        }
      }
    })
  }

  it('without a sitemap, and with sitemaps turned off', () => {
    const input: SelectionInput = {
      targets: { urls: ['/a'], tags: ['folder-blog', 'home'], patterns: ['#^/blog/#'] },
      extraPages: ['/b'],
      purging: true,
      limit: 10,
      matchPattern: byRegex
    }
    expect(selectPages(input)).toEqual(previousSelection(input))
    const off = { ...input, sitemapOff: true }
    expect(selectPages(off)).toEqual(previousSelection(off))
  })

  it('PCRE2 itself: the paths where PHP gives up, named as before, batch after batch', () => {
    const hard = Array.from({ length: 9000 }, (_, i) =>
      i % 1000 === 7 ? `/${'a'.repeat(40)}!${i}` : `/a${'a'.repeat(i % 5)}`
    )
    const pages = [...new Set(hard)]
    const input: SelectionInput = {
      targets: { urls: [], tags: [], patterns: ['#^/(a+)+$#'] },
      extraPages: [],
      purging: true,
      limit: Number.POSITIVE_INFINITY,
      matchPattern: (pattern, paths) => matchPatternPages(compilePhpPattern, pattern, paths),
      sitemapPages: new Set(pages)
    }
    const now = withoutTimes(selectPages(input))
    expect(now).toEqual(withoutTimes(previousSelection(input)))
    expect(now.warnings?.[0]).toMatch(/gives up on 9 of the sitemap's paths .* and 4 more\.$/)
  })
})

describe('beyond the limit: a sample chosen as the pages stream', () => {
  const site = siteOf(20_000)
  const input: SelectorInput = {
    targets: { urls: ['/p/0', '/p/4'], tags: ['folder-docs'], patterns: ['#^/blog/#'] },
    extraPages: ['/docs/guide/page-3', '/p/16', '/extra'],
    purging: true,
    limit: 200,
    matchPattern: byRegex
  }

  it('the same pages whatever order the files arrive in', () => {
    const files = Array.from({ length: 5 }, (_, k) => site.filter((_, i) => i % 5 === k))
    const pathsOf = (order: number[]): string[] =>
      streamed(
        input,
        order.flatMap(k => files[k] ?? [])
      )
        .pages.map(page => page.path)
        .sort()
    const first = pathsOf([0, 1, 2, 3, 4])
    expect(first).toHaveLength(200)
    expect(pathsOf([4, 2, 0, 3, 1])).toEqual(first)
    expect(pathsOf([3, 4, 1, 0, 2])).toEqual(first)
  })

  it('every verify_urls page is in, with its targets, whatever the sample', () => {
    for (const limit of [3, 5, 200]) {
      const selection = streamed({ ...input, limit }, site)
      const paths = selection.pages.map(page => page.path)
      expect(paths).toEqual(expect.arrayContaining(['/docs/guide/page-3', '/p/16', '/extra']))
      expect(paths).toHaveLength(limit)
      expect(selection.leftOut).toBe(selection.inShard - limit)
      const docs = selection.pages.find(page => page.path === '/docs/guide/page-3')
      expect(docs?.purgedBy).toEqual([{ kind: 'tag', item: 'folder-docs' }])
    }
  })

  it('spreads over the whole selection: every tenth of it has pages in the sample', () => {
    const numbered = Array.from({ length: 100_000 }, (_, i) => `/n/${i}`)
    const selection = streamed(
      { ...input, targets: { urls: [], tags: [], patterns: ['#^/n/#'] }, extraPages: [] },
      numbered
    )
    const tenths = new Array<number>(10).fill(0)
    for (const page of selection.pages) {
      const tenth = Math.floor(Number(page.path.slice(3)) / 10_000)
      tenths[tenth] = (tenths[tenth] ?? 0) + 1
    }
    // 20 expected in each; a fair draw keeps every one between 8 and 35.
    for (const count of tenths) {
      expect(count).toBeGreaterThanOrEqual(8)
      expect(count).toBeLessThanOrEqual(35)
    }
    // In the selection's order: sitemap order here.
    const order = selection.pages.map(page => Number(page.path.slice(3)))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('shard parts are disjoint and make the whole, with or without a sample', () => {
    const count = 5
    const whole = streamed({ ...input, limit: Number.POSITIVE_INFINITY }, site)
    const parts = Array.from({ length: count }, (_, k) =>
      streamed({ ...input, limit: Number.POSITIVE_INFINITY, shard: { index: k + 1, count } }, site)
    )
    const all = parts.flatMap(part => part.pages.map(page => page.path))
    expect(all).toHaveLength(whole.pages.length)
    expect(new Set(all)).toEqual(new Set(whole.pages.map(page => page.path)))
    for (const [k, part] of parts.entries()) {
      expect(part.selectedCount).toBe(whole.selectedCount)
      // One expect for the part's pages, not one each (20,000 calls in all).
      expect(part.pages.filter(page => shardOf(page.path, count) !== k + 1)).toEqual([])
      const sampled = streamed({ ...input, limit: 30, shard: { index: k + 1, count } }, site)
      expect(sampled.pages).toHaveLength(30)
      expect(sampled.inShard).toBe(part.inShard)
      const inPart = new Set(part.pages.map(page => page.path))
      for (const page of sampled.pages) expect(inPart.has(page.path)).toBe(true)
    }
  })
})

describe('memory: only what the run needs is kept', () => {
  /** The heap after a full collection. */
  const heapAfterGc = (): number => {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }

  it('pages of 2,000 characters through a pattern and a sample of 200: only those are kept', () => {
    const padding = 'x'.repeat(1990)
    const selector = new PageSelector({
      targets: { urls: [], tags: [], patterns: ['#^/s/#'] },
      extraPages: [],
      purging: true,
      limit: 200,
      matchPattern: byRegex
    })
    const before = heapAfterGc()
    // Each page its own string, as the reader hands them over: 40 MB pass through (the rest of
    // a million, which takes minutes under Jest, would only pass through the same way).
    for (let i = 0; i < 20_000; i++) selector.add(`/s/${i}/${padding.slice(String(i).length)}`)
    const during = heapAfterGc()
    const outcome = selector.finish({ found: true, turnedOff: false, pageCount: 20_000 })
    expect(outcome.kind).toBe('selected')
    if (outcome.kind !== 'selected') return
    expect(outcome.selection.pages).toHaveLength(200)
    expect(outcome.selection.bySitemap[0]?.count).toBe(20_000)
    // 200 pages and the 20 first ones of 2 KB, and a batch of 256 at most: about 1 MB.
    expect((during - before) / 2 ** 20).toBeLessThan(4)
  })
})

describe('a part too big to keep', () => {
  const pages = Array.from({ length: 10_000 }, (_, i) => `/long/${i}/${'y'.repeat(190)}`)
  const input = (limit: number, shard?: Shard): SelectorInput => ({
    targets: { urls: [], tags: [], patterns: ['#^/long/#'] },
    extraPages: [],
    purging: false,
    limit,
    ...(shard && { shard }),
    matchPattern: byRegex,
    budgetBytes: 1024 * 1024
  })
  const finish = (selectorInput: SelectorInput) => {
    const selector = new PageSelector(selectorInput)
    for (const page of pages) selector.add(page)
    return selector.finish({ found: true, turnedOff: false, pageCount: pages.length })
  }

  it('verify_limit: 0 without a shard: refused with the numbers and how many shards fit', () => {
    const outcome = finish(input(Number.POSITIVE_INFINITY))
    expect(outcome.kind).toBe('over-budget')
    if (outcome.kind !== 'over-budget') return
    const bytes = pages.reduce((sum, page) => sum + page.length + 200, 0)
    expect(outcome.overBudget).toEqual({
      pages: 10_000,
      bytes,
      budgetBytes: 1024 * 1024,
      selectedPages: 10_000,
      selectedBytes: bytes,
      limit: Number.POSITIVE_INFINITY
    })
    expect(overBudgetMessage(outcome.overBudget)).toBe(
      'verify_limit: 0 keeps every page of the selection in memory: 10,000 pages, 4 MiB counted with their URLs, where one job keeps at most 1 MiB. To check them, set shard to split the 10,000 selected pages across a job matrix of at least 5 jobs (shard: ${{ matrix.shard }}/5, about 1 MiB each), or give verify_limit a number to check a sample.'
    )
  })

  it('the shard it advises fits; a sample fits', () => {
    for (let index = 1; index <= 5; index++) {
      expect(finish(input(Number.POSITIVE_INFINITY, { index, count: 5 })).kind).toBe('selected')
    }
    expect(finish(input(200)).kind).toBe('selected')
  })

  it('the default budget: 100,000 pages of the longest URL fit, as verify_limit allows', () => {
    expect(100_000 * (2048 + 200)).toBeLessThan(KEPT_PAGES_BUDGET_BYTES)
  })
})
