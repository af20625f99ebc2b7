/**
 * The sentences the log says about a verification: a purge limited by country, pages that are not
 * there, and why no page was checked.
 */
import { describe, expect, it } from '@jest/globals'
import {
  countryLimitWarning,
  goneWarning,
  MAX_NAMED_PAGES,
  whyNothingChecked
} from '../../src/verify/explain.js'
import type { PageSelection } from '../../src/verify/choose/selection-shapes.js'
import { verifyPages, type CheckResult } from '../../src/verify/check/verify-pages.js'
import { BUILT_IN_DEVICES } from '../../src/verify/devices.js'

describe('countryLimitWarning', () => {
  it('says nothing without countries, or for ALL', () => {
    expect(countryLimitWarning([], 'fail')).toBeUndefined()
    expect(countryLimitWarning(['ALL'], 'fail')).toBeUndefined()
  })

  it('says the runner checks its own data center and country, and what to do', () => {
    expect(countryLimitWarning(['IT'], 'fail')).toBe(
      "The purges were limited to country IT, but verification checks from this runner: it reaches one data center and, on a Cache By Country site, is served its own country's entries. Unless the runner is in IT, those entries were not purged and may stay stale until the deadline, so the purge cannot be proved from here. Verification still runs; to prove it, verify from a runner in IT, or set verify: warn so that stale checks do not fail the step."
    )
    const two = countryLimitWarning(['IT', 'FR'], 'warn')
    expect(two).toContain('limited to country IT, FR')
    expect(two).toContain('Unless the runner is in one of IT, FR')
    expect(two).not.toContain('verify: warn')
  })
})

const check = (url: string, device: string, state: CheckResult['state'], httpStatus?: number) =>
  ({
    url,
    device,
    state,
    warm: false,
    requests: 1,
    ...(httpStatus !== undefined && { httpStatus })
  }) satisfies CheckResult

describe('goneWarning', () => {
  it('says nothing when every page is there', () => {
    expect(goneWarning([check('https://s/a', 'desktop', 'stale')], 0, 2)).toBeUndefined()
  })

  it('names each page with its status, and the devices when they differ', () => {
    const warning = goneWarning(
      [
        check('https://s/a', 'desktop', 'stale'),
        check('https://s/old', 'desktop', 'gone', 404),
        check('https://s/old', 'mobile', 'gone', 404),
        check('https://s/moved', 'desktop', 'gone', 410),
        check('https://s/odd', 'desktop', 'gone', 404),
        check('https://s/odd', 'mobile', 'gone', 410)
      ],
      5,
      2
    )
    expect(warning).toBe(
      '3 pages answered 404 or 410 at the edge: https://s/old (HTTP 404), https://s/moved (HTTP 410 on desktop), https://s/odd (HTTP 404 on desktop, HTTP 410 on mobile). Such a page is not there, so nothing stale is served, but it is not counted as fresh either. If a page should exist, check its path (in verify_urls or urls) and site_url.'
    )
  })

  it('names at most MAX_NAMED_PAGES pages and counts the rest', () => {
    const checks = Array.from({ length: MAX_NAMED_PAGES + 5 }, (_, i) =>
      check(`https://s/${i}`, 'desktop', 'gone', 404)
    )
    // 1,200 gone checks, of which the verification kept these 15.
    const warning = goneWarning(checks, 1200, 1) ?? ''
    expect(warning).toMatch(/^Pages answered 404 or 410/)
    expect(warning).toContain(
      'https://s/9 (HTTP 404) and 1190 more check(s) (1200 in all, listed in the job summary)'
    )
    expect(warning).not.toContain('https://s/10 ')
  })
})

describe('whyNothingChecked', () => {
  const selection = (overrides: Partial<PageSelection>): PageSelection => ({
    pages: [],
    selectedCount: 0,
    inShard: 0,
    leftOut: 0,
    bySitemap: [],
    uncheckedTags: [],
    urlsNotInSitemap: [],
    notes: [],
    ...overrides
  })
  const base = { patterns: 0, sitemapRequest: { kind: 'auto' as const }, siteUrl: 'https://s' }

  it('tags that are not folder tags: traced to no page, or without a sitemap', () => {
    const tags = selection({ uncheckedTags: ['blog', 'home'] })
    expect(whyNothingChecked({ ...base, selection: tags, sitemapFound: true })).toBe(
      "no page was checked: no page read at the edge carries the tag(s) 'blog', 'home' (a typo, or pages not in the sitemap). List the pages to check in verify_urls."
    )
    expect(whyNothingChecked({ ...base, selection: tags, sitemapFound: false })).toBe(
      "no page was checked: the tag(s) 'blog', 'home' name no pages the action can find without a sitemap. List the pages to check in verify_urls."
    )
  })

  it('a pattern and a folder tag without a sitemap, or with sitemaps turned off', () => {
    const none = selection({ uncheckedTags: ['folder-blog'] })
    expect(whyNothingChecked({ ...base, patterns: 1, selection: none, sitemapFound: false })).toBe(
      "no page was checked: no sitemap was found for https://s (name one in sitemap), so no page could be chosen for the pattern and the folder tag(s) 'folder-blog'. List the pages to check in verify_urls."
    )
    expect(
      whyNothingChecked({
        ...base,
        patterns: 1,
        selection: selection({}),
        sitemapFound: false,
        sitemapRequest: { kind: 'none' }
      })
    ).toContain(
      'sitemaps are turned off (sitemap: none), so no page could be chosen for the pattern.'
    )
  })

  it('a pattern that matches none of the sitemap pages', () => {
    const matchedNothing = selection({
      bySitemap: [{ target: { kind: 'pattern', item: '#^/nope/#' }, count: 0, first: [] }]
    })
    expect(
      whyNothingChecked({ ...base, patterns: 1, selection: matchedNothing, sitemapFound: true })
    ).toContain("the pattern #^/nope/# selects none of the sitemap's pages")
  })
})

describe('the loop carries the status of a page that is not there', () => {
  it('404 and 410 with the edge header, and 410 without it once the site has shown it', async () => {
    // Real time, sped up 100 times: the progress reporter sleeps on this clock too.
    const realStart = Date.now()
    const now = Date.UTC(2026, 10, 23, 9, 0, 0)
    const clock = {
      now: () => now + (Date.now() - realStart) * 100,
      sleep: (ms: number, signal?: AbortSignal) =>
        new Promise<void>(resolve => {
          const timer = setTimeout(resolve, ms / 100)
          signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
        })
    }
    const answers: Record<string, { status: number; headers: Record<string, string> }> = {
      '/fresh': {
        status: 200,
        headers: {
          'acme-kc-status': 'HIT',
          'acme-kc-date': `${new Date(now + 5000).toISOString()} (GMT) (1s of 7d)`
        }
      },
      '/deleted': { status: 404, headers: { 'acme-kc-status': 'MISS' } },
      '/retired': { status: 410, headers: { 'acme-kc-status': 'MISS' } },
      '/bare': { status: 410, headers: {} }
    }
    const device = { name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] ?? '' }
    const paths = Object.keys(answers)
    const pages = paths.map(path => ({
      url: new URL(path, 'https://www.example.com'),
      purgeAcceptedAt: now
    }))
    const asked: string[] = []
    const verification = await verifyPages(pages, {
      devices: [device],
      pageCount: pages.length,
      deadline: now + 5000,
      getPage: async url => {
        asked.push(url.pathname)
        // The bare 410 comes after the site has shown its header on the others.
        if (url.pathname === '/bare') await new Promise(resolve => setTimeout(resolve, 20))
        return answers[url.pathname] ?? { status: 500, headers: {} }
      },
      clock,
      lastAcceptedAt: now,
      requestTimeoutMs: 1000,
      warmWindowMs: 0,
      siteLabel: 'site_url https://www.example.com'
    })
    const byPath = Object.fromEntries(
      verification.listed.map(check => [new URL(check.url).pathname, check])
    )
    expect(byPath['/deleted']).toMatchObject({ state: 'gone', httpStatus: 404 })
    expect(byPath['/retired']).toMatchObject({ state: 'gone', httpStatus: 410 })
    expect(byPath['/bare']).toMatchObject({ state: 'gone', httpStatus: 410 })
    expect(verification.counts.fresh).toBe(1)
    expect(goneWarning(verification.listed, verification.counts.gone, 1)).toContain(
      'https://www.example.com/deleted (HTTP 404), https://www.example.com/retired (HTTP 410), https://www.example.com/bare (HTTP 410)'
    )
  })
})
