/**
 * Verifying from other jobs: the shard assignment (src/verify/choose/shard.ts), purged_at and
 * accepted_at (purged-at.ts), the selection of a shard's pages (verify/choose/select-from-set.ts),
 * and the settings of mode: verify, shard, rate and verify_limit: 0 with every bad input.
 */
import { describe, expect, it } from '@jest/globals'
import { Input, type InputName } from '../../src/core/constants.js'
import { formatProblem } from '../../src/core/diagnostics.js'
import { buildPlan } from '../../src/plan/build-plan.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'
import { formatAcceptedAt, parsePurgedAt } from '../../src/time/purged-at.js'
import { selectPages } from '../../src/verify/choose/select-from-set.js'
import {
  hashPath,
  inShard,
  parseShard,
  shardOf,
  type Shard
} from '../../src/verify/choose/shard.js'

/** URL sets shaped like real sites': numbered pages, dated posts, products with queries, docs. */
const SITES: Record<string, (n: number) => string[]> = {
  numbered: n => Array.from({ length: n }, (_, i) => `/p/${i + 1}`),
  blog: n =>
    Array.from(
      { length: n },
      (_, i) => `/blog/${2015 + (i % 10)}/${String(1 + (i % 12)).padStart(2, '0')}/post-${i}.html`
    ),
  shop: n =>
    Array.from(
      { length: n },
      (_, i) =>
        `/products/sku-${(100_000 + i * 7).toString(36)}?color=${['red', 'blue', 'green'][i % 3]}`
    ),
  docs: n =>
    Array.from(
      { length: n },
      (_, i) => `/docs/v${i % 5}/section-${Math.floor(i / 50)}/page-${i % 50}/`
    ),
  international: n => Array.from({ length: n }, (_, i) => `/städte/${i}/café-€-${i % 7}`)
}

/** The parts, by each page's shard (a page in several parts would show in the first test). */
function partsOf(paths: readonly string[], count: number): string[][] {
  const parts: string[][] = Array.from({ length: count }, () => [])
  for (const path of paths) parts[shardOf(path, count) - 1]!.push(path)
  return parts
}

describe('shard assignment', () => {
  it('disjoint and complete: each job (inShard) takes every page of one part only', () => {
    for (const [name, make] of Object.entries(SITES)) {
      const paths = make(2000)
      for (const count of [1, 2, 3, 4, 7, 10]) {
        const taken = new Map<string, number>()
        for (let index = 1; index <= count; index++) {
          for (const path of paths) {
            if (inShard(path, { index, count })) taken.set(path, (taken.get(path) ?? 0) + 1)
          }
        }
        const once = paths.filter(path => taken.get(path) === 1).length
        expect({ name, count, once }).toEqual({ name, count, once: paths.length })
      }
    }
  })

  it('stable: a page keeps its part whatever else is selected, run after run', () => {
    const paths = SITES['blog']!(2000)
    const alone = paths.map(path => shardOf(path, 8))
    // Another run sees more pages (the sitemap grew) and in another order.
    const grown = [...SITES['shop']!(500), ...paths].reverse()
    const again = new Map(grown.map(path => [path, shardOf(path, 8)]))
    expect(paths.map(path => again.get(path))).toEqual(alone)
  })

  it('hashes the UTF-8 bytes, as TextEncoder encodes them', () => {
    const fnv = (bytes: Uint8Array): number => {
      let hash = 0x811c9dc5
      for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193)
      hash ^= hash >>> 16
      hash = Math.imul(hash, 0x85ebca6b)
      hash ^= hash >>> 13
      hash = Math.imul(hash, 0xc2b2ae35)
      return (hash ^ (hash >>> 16)) >>> 0
    }
    for (const path of ['/', '/städte/€', '/emoji/😀', '/lone/\uD800x', '/end\uDC00', '/ß?q=ü']) {
      expect(hashPath(path)).toBe(fnv(new TextEncoder().encode(path)))
    }
  })

  it('pinned: the split never changes between versions (a running matrix may mix them)', () => {
    const pinned = ['/', '/p/1', '/p/2', '/blog/hello-world.html', '/städte/1', '/a?b=c']
    // FNV-1a over UTF-8, then MurmurHash3's finalizer (see verify/choose/shard.ts).
    expect(pinned.map(hashPath)).toEqual([
      616345028, 1940601689, 4215311365, 2776204295, 2568709748, 2988304963
    ])
    expect(pinned.map(path => shardOf(path, 4))).toEqual([1, 2, 4, 3, 3, 3])
  })

  it('balanced: no part above 1.5x the average with 100 pages or more a part', () => {
    const over: string[] = []
    for (const [name, make] of Object.entries(SITES)) {
      for (const count of [2, 3, 4, 5, 8, 10, 16, 32, 64]) {
        for (const perPart of [100, 1000]) {
          const parts = partsOf(make(count * perPart), count)
          const ratio = Math.max(...parts.map(part => part.length)) / perPart
          if (ratio > 1.5) over.push(`${name} in ${count} parts of ${perPart}: ${ratio}`)
        }
      }
    }
    expect(over).toEqual([])
  })

  it('balanced for 100+ pages in up to 4 parts', () => {
    const over: string[] = []
    for (const [name, make] of Object.entries(SITES)) {
      for (let total = 100; total <= 1000; total += 50) {
        for (const count of [2, 3, 4]) {
          const largest = Math.max(...partsOf(make(total), count).map(part => part.length))
          const ratio = largest / (total / count)
          if (ratio > 1.5) over.push(`${name}, ${total} pages in ${count} parts: ${ratio}`)
        }
      }
    }
    expect(over).toEqual([])
  })

  it('parses K/N and refuses everything else, saying why', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 })
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 })
    expect(parseShard('256/256')).toEqual({ index: 256, count: 256 })
    const problem = (text: string): string => {
      const parsed = parseShard(text)
      return 'problem' in parsed ? parsed.problem : 'accepted'
    }
    expect(problem('0/4')).toMatch(/K = 0: K must be from 1 to N \(4\), counting from 1/)
    expect(problem('5/4')).toMatch(/K = 5: K must be from 1 to N \(4\)/)
    expect(problem('1/0')).toMatch(/N = 0 parts: N must be from 1 to 256/)
    expect(problem('1/257')).toMatch(/N = 257 parts/)
    for (const text of ['1-4', '1/4/8', '/4', '1/', 'x/y', '-1/4', '1.5/4', '2 of 4', '']) {
      expect(problem(text)).toMatch(/^must be K\/N: this job's part K of N parts/)
    }
  })
})

describe('purged_at and accepted_at', () => {
  it('accepted_at is ISO 8601 in UTC with milliseconds, and reads back exactly', () => {
    const at = Date.UTC(2026, 10, 23, 9, 14, 7, 250)
    expect(formatAcceptedAt(at)).toBe('2026-11-23T09:14:07.250Z')
    expect(parsePurgedAt(formatAcceptedAt(at))).toBe(at)
  })

  it('reads RFC 3339 times with any zone and fraction', () => {
    const at = Date.UTC(2026, 10, 23, 9, 14, 7)
    expect(parsePurgedAt('2026-11-23T09:14:07Z')).toBe(at)
    expect(parsePurgedAt('2026-11-23t09:14:07z')).toBe(at)
    expect(parsePurgedAt('2026-11-23 09:14:07Z')).toBe(at)
    expect(parsePurgedAt('2026-11-23T11:14:07+02:00')).toBe(at)
    expect(parsePurgedAt('2026-11-23T04:44:07-04:30')).toBe(at)
    expect(parsePurgedAt('2026-11-23T09:14:07.5Z')).toBe(at + 500)
    expect(parsePurgedAt('2026-11-23T09:14:07.123456789Z')).toBe(at + 123)
    expect(parsePurgedAt('  2026-11-23T09:14:07.007Z ')).toBe(at + 7)
    expect(parsePurgedAt('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29))
  })

  it('refuses what is not a time with its zone, saying what to write', () => {
    const problem = (text: string): string => {
      const parsed = parsePurgedAt(text)
      return typeof parsed === 'number' ? 'accepted' : parsed.problem
    }
    expect(problem('2026-11-23T09:14:07')).toMatch(/^has no time zone: add Z for UTC/)
    expect(problem('2026-11-23 09:14')).toMatch(/^has no time zone/)
    for (const text of ['2026-02-30T09:14:07Z', '2025-02-29T00:00:00Z', '2026-11-23T24:00:00Z']) {
      expect(problem(text)).toMatch(/^is not a real date and time/)
    }
    expect(problem('2026-11-23T09:14:07+25:00')).toMatch(/offset out of range/)
    for (const text of ['yesterday', '1700000000000', '2026-11-23', '', '09:14:07Z', 'now']) {
      expect(problem(text)).toMatch(/^must be an RFC 3339 \/ ISO 8601 date and time/)
    }
  })
})

describe('selecting a shard of the pages', () => {
  const sitemap = new Set(SITES['numbered']!(1000))
  const select = (
    shard: Shard | undefined,
    limit = Number.POSITIVE_INFINITY,
    extra: string[] = []
  ) =>
    selectPages({
      purging: true,
      targets: { tags: [], urls: [], patterns: ['#^/p/#'] },
      sitemapPages: sitemap,
      extraPages: extra,
      limit,
      ...(shard && { shard }),
      matchPattern: (_pattern, paths) => ({ kind: 'matched', paths: [...paths], gaveUp: [] })
    })

  it('the parts of N jobs are disjoint and together the whole selection', () => {
    const parts = [1, 2, 3, 4].map(index => select({ index, count: 4 }))
    const pages = parts.flatMap(part => part.pages.map(page => page.path))
    expect(new Set(pages)).toEqual(sitemap)
    expect(pages).toHaveLength(1000)
    for (const part of parts) {
      expect(part.selectedCount).toBe(1000)
      expect(part.inShard).toBe(part.pages.length)
      expect(part.leftOut).toBe(0)
    }
  })

  it('verify_limit applies to the part; verify_urls pages go to their own part', () => {
    const part = select({ index: 2, count: 4 }, 50, ['/extra-a', '/extra-b'])
    expect(part.pages).toHaveLength(50)
    expect(part.leftOut).toBe(part.inShard - 50)
    for (const extra of ['/extra-a', '/extra-b']) {
      const here = part.pages.some(page => page.path === extra)
      expect(here).toBe(shardOf(extra, 4) === 2)
    }
  })
})

function raw(given: Partial<Record<InputName, string>>): RawInputs {
  const all = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return { ...all, ...given }
}

async function problemsOf(given: Partial<Record<InputName, string>>): Promise<string[]> {
  const { diagnostics } = await parseInputs(raw(given))
  return diagnostics.problems.map(formatProblem)
}

describe('mode: verify, shard, rate and verify_limit: 0 settings', () => {
  const site = { site_url: 'https://www.example.com' }

  it('mode: verify needs no api_key or base_url, checks whatever verify says, plans no request', async () => {
    const { settings, diagnostics } = await parseInputs(
      raw({
        mode: 'verify',
        pattern: '#^/docs/#',
        purged_at: '2026-11-23T09:14:07.250Z',
        shard: '3/8',
        rate: '12.5',
        verify_limit: '0',
        ...site
      })
    )
    expect(diagnostics.problems).toEqual([])
    expect(settings?.mode).toBe('verify')
    expect(settings?.verify).toMatchObject({
      mode: 'fail',
      purgedAt: Date.UTC(2026, 10, 23, 9, 14, 7, 250),
      shard: { index: 3, count: 8 },
      ratePerSecond: 12.5,
      limit: Number.POSITIVE_INFINITY
    })
    expect(buildPlan(settings!).requests).toEqual([])
    expect(buildPlan(settings!).targets.patterns).toEqual(['#^/docs/#'])
    const warn = await parseInputs(raw({ mode: 'VERIFY', verify: 'warn', tags: 'a', ...site }))
    expect(warn.settings?.verify?.mode).toBe('warn')
  })

  it('mode: verify takes every kind of target, and verify_urls alone', async () => {
    const { settings } = await parseInputs(
      raw({ mode: 'verify', tags: 'folder-docs', urls: '/a', pattern: '#^/b#', ...site })
    )
    expect(buildPlan(settings!).targets).toEqual({
      tags: ['folder-docs'],
      urls: ['/a'],
      patterns: ['#^/b#']
    })
    const only = await parseInputs(raw({ mode: 'verify', verify_urls: '/pricing', ...site }))
    expect(only.diagnostics.problems).toEqual([])
    expect(only.settings?.verify?.extraPages).toEqual(['/pricing'])
  })

  it('a pattern that selects every page is fine in mode: verify (nothing is purged)', async () => {
    const { diagnostics } = await parseInputs(raw({ mode: 'verify', pattern: '#^/.*$#', ...site }))
    expect(diagnostics.problems).toEqual([])
  })

  it('mode: verify warns of the purge inputs it ignores, and says the key is not needed', async () => {
    const { diagnostics } = await parseInputs(
      raw({ mode: 'verify', tags: 'a', api_key: 'k3y', country: 'IT', batch_size: '5', ...site })
    )
    expect(diagnostics.warnings).toEqual(
      expect.arrayContaining([
        "'country' is ignored because mode is 'verify' (nothing is purged).",
        "'batch_size' is ignored because mode is 'verify' (nothing is purged)."
      ])
    )
    expect(diagnostics.notices.join('\n')).toMatch(/api_key is not used/)
  })

  it('purged_at outside mode: verify is ignored with a warning', async () => {
    const { settings, diagnostics } = await parseInputs(
      raw({
        api_key: 'k',
        base_url: 'https://api.example.com',
        tags: 'a',
        verify: 'true',
        purged_at: '2026-11-23T09:14:07Z',
        ...site
      })
    )
    expect(settings?.verify?.purgedAt).toBeUndefined()
    expect(diagnostics.warnings.join('\n')).toMatch(
      /'purged_at' is ignored because this run checks its own purges/
    )
  })

  it('bad input: one clear problem each, naming the input and quoting the value', async () => {
    const cases: [Partial<Record<InputName, string>>, RegExp][] = [
      [{ shard: '5/4' }, /^Input 'shard' "5\/4": has K = 5: K must be from 1 to N \(4\)/],
      [{ shard: '0/3' }, /^Input 'shard' "0\/3": has K = 0/],
      [{ shard: 'half' }, /^Input 'shard' "half": must be K\/N/],
      [{ rate: '0' }, /^Input 'rate' "0": must be a positive number of page requests a second/],
      [{ rate: '-5' }, /^Input 'rate' "-5": must be a positive number.*no cap beyond 6 in flight/],
      [{ rate: 'fast' }, /^Input 'rate' "fast": must be a positive number/],
      [{ rate: '10001' }, /^Input 'rate' "10001": must be a positive number .* at most 10000/],
      [{ purged_at: 'yesterday' }, /^Input 'purged_at' "yesterday": must be an RFC 3339/],
      [
        { purged_at: '2026-11-23T09:14:07' },
        /^Input 'purged_at' "2026-11-23T09:14:07": has no time zone/
      ],
      [
        { verify_limit: '-1' },
        /^Input 'verify_limit' "-1": must be a whole number from 0 to 100000/
      ]
    ]
    for (const [given, expected] of cases) {
      const problems = await problemsOf({ mode: 'verify', tags: 'a', ...site, ...given })
      expect(problems).toEqual([expect.stringMatching(expected)])
    }
  })

  it('bad input: mode: verify without site_url, or with nothing to select pages', async () => {
    expect(await problemsOf({ mode: 'verify', tags: 'a' })).toEqual([
      "Input 'site_url' is required with mode: verify: the public address of the website, e.g. https://www.example.com"
    ])
    const nothing = await problemsOf({ mode: 'verify', ...site })
    expect(nothing).toHaveLength(1)
    expect(nothing[0]).toMatch(
      /Nothing to verify: mode: verify checks the pages that 'tags', 'urls', 'pattern', changed_files: true or 'verify_urls' select/
    )
  })

  it('outside mode: verify, the key and base_url are still required', async () => {
    expect(await problemsOf({ tags: 'a' })).toEqual([
      expect.stringMatching(/^Input 'api_key' is required/),
      expect.stringMatching(/^Input 'base_url' is required/)
    ])
  })

  it("a dry run needs no key (a fork's pull request has no secrets), but base_url", async () => {
    expect(await problemsOf({ tags: 'a', dry_run: 'TRUE' })).toEqual([
      expect.stringMatching(/^Input 'base_url' is required/)
    ])
    expect(await problemsOf({ tags: 'a', dry_run: 'false' })).toEqual([
      expect.stringMatching(/^Input 'api_key' is required/),
      expect.stringMatching(/^Input 'base_url' is required/)
    ])
  })
})
