/** The summary's verification and preview sections: numbers that mean what they say, rows to act on. */
import { describe, expect, it } from '@jest/globals'
import {
  countsLine,
  MAX_PAGE_ROWS,
  OPEN_PAGE_ROWS,
  renderVerificationSection,
  renderVerificationSkipped,
  timesLine
} from '../../src/report/verification.js'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { mapChangedFiles } from '../../src/changed-files/url-map/mapping.js'
import { parseUrlMap } from '../../src/changed-files/url-map/parse.js'
import type { ChangedFilesReport } from '../../src/report/changed-files-report.js'
import { dryRunOutcome } from '../../src/report/outcome.js'
import { renderPreviewSection } from '../../src/report/preview-section.js'
import { renderSummary } from '../../src/report/summary.js'
import { verifySecondsOutput } from '../../src/report/verify-outputs.js'
import type { PreviewReport } from '../../src/verify/index.js'
import type { CheckResult } from '../../src/verify/check/tally.js'
import { rawMarkupShown, renderGitHubMarkdown } from '../support/github-markdown.js'
import {
  ACCEPTED_AT,
  check,
  freshChecks,
  planOf,
  previewOf,
  SITE,
  staleChecks,
  verified,
  withSkew
} from '../support/run-reports.js'

describe('verification numbers', () => {
  it('counts as one line of the non-zero ones', () => {
    const { verification } = verified(staleChecks()).report
    expect(countsLine(verification)).toBe('8 checks: ⚠️ 6 stale · ➖ 2 not cacheable (MISS)')
    expect(countsLine(verified(freshChecks()).report.verification)).toBe(
      '8 checks: ✅ 8 fresh · 8 warm (HIT)'
    )
  })

  it('times to fresh over the fresh checks only: a DYNAMIC or gone page settled at 0 s does not count', () => {
    const part = verified([
      check('/a', 'desktop', 'fresh', { settledAfterMs: 3000 }),
      check('/a', 'mobile', 'fresh', { settledAfterMs: 5000 }),
      check('/dynamic', 'desktop', 'unverifiable', { settledAfterMs: 0 }),
      check('/dynamic', 'mobile', 'unverifiable', { settledAfterMs: 0 }),
      check('/gone', 'desktop', 'gone', { settledAfterMs: 0, httpStatus: 404 }),
      check('/gone', 'mobile', 'gone', { settledAfterMs: 0, httpStatus: 404 })
    ])
    const line = timesLine(part)
    expect(line).toContain('time to fresh: median 3.0 s, slowest 5.0 s (2 fresh checks)')
    expect(line).toContain('deadline 6 s after the last purge was accepted')
    expect(line).toContain('edge clock within 1 s of the runner’s')
    expect(verifySecondsOutput(part.report.verification)).toBe('5.0')
  })

  it('"—" when no check was fresh, never 0.0 s, and verify_seconds empty', () => {
    const dynamic = verified([
      check('/dynamic', 'desktop', 'unverifiable', { settledAfterMs: 0 }),
      check('/dynamic', 'mobile', 'unverifiable', { settledAfterMs: 0 })
    ])
    expect(timesLine(dynamic)).toMatch(/^time to fresh: — \(no check was fresh\) · deadline 6 s/)
    expect(timesLine(dynamic)).not.toContain('0.0 s')
    expect(dynamic.report.verification.status).toBe('skipped')
    expect(verifySecondsOutput(dynamic.report.verification)).toBe('')
  })

  it('verify_seconds empty when not every verifiable check was fresh, though some were', () => {
    const mixed = verified([
      ...freshChecks(),
      check('/late', 'desktop', 'stale', { staleReason: 'not-purged-yet' }),
      check('/late', 'mobile', 'fresh', { settledAfterMs: 5900 })
    ])
    expect(mixed.report.verification.timeToFresh?.slowestMs).toBe(5900)
    expect(mixed.report.verification.status).toBe('stale')
    expect(verifySecondsOutput(mixed.report.verification)).toBe('')
    const failed = verified([...freshChecks(), check('/down', 'desktop', 'failed')], {})
    expect(verifySecondsOutput(failed.report.verification)).toBe('')
    const notReached = verified(freshChecks(), { notReached: 2 })
    expect(verifySecondsOutput(notReached.report.verification)).toBe('')
    expect(verifySecondsOutput(verified(freshChecks()).report.verification)).toBe('4.0')
  })

  it('the clock offset in seconds, ahead or behind', () => {
    const part = verified(freshChecks())
    const skewed = withSkew(part, { lowMs: 3_599_500, highMs: 3_600_400, measured: true })
    expect(timesLine(skewed)).toContain('edge clock 3,600 seconds ahead of the runner’s')
  })

  it('the site pushing back (429, Retry-After) is said with how long every request waited', () => {
    const part = verified(freshChecks())
    const withOverloads = (count: number, heldBackMs: number) => ({
      ...part,
      report: {
        ...part.report,
        verification: { ...part.report.verification, overloads: { count, heldBackMs } }
      }
    })
    expect(timesLine(part)).not.toContain('pushed back')
    expect(timesLine(withOverloads(1, 10_000))).toContain(
      'the site pushed back once (every request waited 10.0 s in all)'
    )
    expect(timesLine(withOverloads(3, 75_000))).toContain(
      'the site pushed back 3 times (every request waited 1 min 15 s in all)'
    )
  })
})

describe('rows to act on', () => {
  it('by path, the site once in the heading, a mark per device, the cache date against the purge', () => {
    const html = renderVerificationSection(verified(staleChecks()))
    expect(html).toContain(`<h4>Not proven fresh on <code>${SITE}</code>: 3 pages</h4>`)
    expect(html).toContain(
      '<tr><th>page</th><th>desktop</th><th>mobile</th><th>what it saw</th></tr>'
    )
    expect(html).toContain(
      '<tr><td><code>/</code></td><td>⚠️\u00a0stale</td><td>⚠️\u00a0stale</td><td>cached at 18:29:55Z, 3 h 00 min before the purge was accepted<br><sub>edge ids: desktop req-17 / tx-17; mobile req-17 / tx-17</sub></td></tr>'
    )
    // The site is not repeated on each row; pages settled (MISS) have no row.
    expect(html.match(/www\.example\.com/g)).toHaveLength(2)
    expect(html).not.toContain('/search')
    expect(html).toContain(
      '<p><strong>Next</strong>: the purge had not reached this data center 6 s'
    )
    expect(html).toContain('raise verify&#95;timeout&#95;seconds')
    expect(html).toContain('or set verify: warn')
  })

  it('seconds while they read at a glance, and each device its own words when they differ', () => {
    const html = renderVerificationSection(
      verified([
        check('/a', 'desktop', 'stale', {
          staleReason: 'not-purged-yet',
          cachedAtMs: ACCEPTED_AT - 42_000,
          judgedAgainst: ACCEPTED_AT
        }),
        check('/a', 'mobile', 'fresh', { settledAfterMs: 3000 })
      ])
    )
    expect(html).toContain(
      '<td><code>/a</code></td><td>⚠️\u00a0stale</td><td>✅\u00a0fresh</td><td>cached at 21:29:18Z, 42 s before the purge was accepted</td>'
    )
    const split = renderVerificationSection(
      verified([
        check('/b', 'desktop', 'failed', { detail: 'still failing at the deadline: HTTP 503' }),
        check('/b', 'mobile', 'unverifiable')
      ])
    )
    expect(split).toContain(
      '<code>desktop</code>: still failing at the deadline: HTTP 503<br><code>mobile</code>: DYNAMIC'
    )
  })

  it('the worst first, escaped, the first rows open and the rest folded, at most MAX_PAGE_ROWS', () => {
    const checks: CheckResult[] = Array.from({ length: 150 }, (_, i) => [
      check(`/<script>${String(i).padStart(3, '0')}|x`, 'desktop', 'stale'),
      check(`/<script>${String(i).padStart(3, '0')}|x`, 'mobile', 'fresh', { settledAfterMs: 1 })
    ]).flat()
    checks.push(check('/down', 'desktop', 'failed'), check('/down', 'mobile', 'failed'))
    const html = renderVerificationSection(verified(checks))
    expect(html).not.toContain('<script>')
    expect(html).toContain('<code>/&lt;script&gt;000&#124;x</code>')
    const open = html.slice(0, html.indexOf('<details>'))
    expect(open.match(/<tr><td>/g)).toHaveLength(OPEN_PAGE_ROWS)
    expect(open.indexOf('/down')).toBeGreaterThan(0)
    expect(open.indexOf('/down')).toBeLessThan(open.indexOf('script&gt;000'))
    expect(html).toContain(`<summary>${MAX_PAGE_ROWS - OPEN_PAGE_ROWS} more pages</summary>`)
    expect(html.match(/<tr><td>/g)).toHaveLength(MAX_PAGE_ROWS)
    expect(html).toContain('… and 51 more pages not listed here')
    // What shows as a tag is the page's own path (escaped), nothing of the summary's markup.
    const shown = rawMarkupShown(renderGitHubMarkdown(html))
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.every(text => text.startsWith('tag shown as text: "/<script>'))).toBe(true)
  })

  it('a check never started is a row, with the next step about the deadline', () => {
    const part = verified([check('/a', 'desktop', 'fresh', { settledAfterMs: 1000 })], {
      notReached: 1
    })
    const html = renderVerificationSection(part)
    expect(html).toContain('<td>⏳\u00a0not started</td><td>not started before the deadline</td>')
    expect(html).toContain('⏳ 1 not started before the deadline')
    expect(html).toMatch(/Next<\/strong>: 1 check did not start before the 6 s deadline/)
  })

  it('old content says what the page lacked', () => {
    const html = renderVerificationSection(
      verified([
        check('/a', 'desktop', 'stale', {
          staleReason: 'old-content',
          cachedAtMs: ACCEPTED_AT + 3000,
          detail: 'the build is not in the page'
        }),
        check('/a', 'mobile', 'fresh', { settledAfterMs: 3000 })
      ])
    )
    expect(html).toContain('⚠️\u00a0old build')
    expect(html).toContain(
      'served from another build: rendered at 21:30:03Z, after the purge, but the build is not in the page'
    )
  })

  it('a skipped verification says why', () => {
    expect(renderVerificationSkipped('dry run: nothing was purged.')).toContain(
      'dry run: nothing was purged.'
    )
  })

  it('says that sitemaps are turned off with sitemap: none, not that none was found', () => {
    const part = verified(freshChecks())
    const sitemap = { found: false, turnedOff: true, files: 0, pages: 0, warnings: [] }
    const html = renderVerificationSection({ ...part, report: { ...part.report, sitemap } })
    expect(html).toContain('Sitemaps are turned off (<code>sitemap: none</code>)')
    expect(html).not.toContain('No sitemap was found')
  })
})

describe('the preview', () => {
  it('the total first, typos and unknown tags at the top, then each target, pages in path order', () => {
    const html = renderPreviewSection(previewOf(), ['/abuot', '/'])
    expect(html.indexOf('<h3>')).toBe(0)
    expect(html).toMatch(
      /^<h3>Preview: at least 9 of 14 sitemap pages on <code>https:\/\/www\.example\.com<\/code> would be purged<\/h3>/
    )
    const typos = html.indexOf('(typos?): <code>/abuot</code>')
    const tags = html.indexOf('the service purges every page tagged so): <code>home</code>')
    const table = html.indexOf('<table>')
    expect(typos).toBeGreaterThan(0)
    expect(tags).toBeGreaterThan(typos)
    expect(table).toBeGreaterThan(tags)
    expect(html).toContain(
      '<td><code>/blog/</code><br><code>/blog/2024/01/new-year.html</code><br><code>/blog/hello-world.html</code><br>…</td>'
    )
    expect(html).toContain(
      '<td>URLs</td><td>URL</td><td>2 (1 in the sitemap)</td><td><code>/</code><br><code>/abuot</code></td>'
    )
    expect(rawMarkupShown(renderGitHubMarkdown(html))).toEqual([])
  })

  it("does not call a deleted file's URL a typo, in the words the comment uses", () => {
    const map = parseUrlMap('content/{page}.md -> /{page}', new Diagnostics())
    if (map === undefined) throw new Error('bad url_map')
    const files = ['content/about.md', 'content/old-page.md']
    const changedFiles: ChangedFilesReport = {
      description: 'push aaaaaaa...bbbbbbb',
      mapping: mapChangedFiles(map, files),
      warnings: [],
      gone: ['content/old-page.md']
    }
    const plan = planOf({ urls: ['/about', '/old-page', '/abuot'] })
    const preview = previewOf()
    const summary = renderSummary({
      purge: { plan, outcome: dryRunOutcome(plan) },
      changedFiles,
      preview: {
        ...preview,
        selection: { ...preview.selection, urlsNotInSitemap: ['/abuot', '/old-page'] }
      },
      warnings: []
    })
    expect(summary).toContain(
      '<p>⚠️ URL targets the sitemap does not list (typos?): <code>/abuot</code></p>'
    )
    expect(summary).toContain(
      '<p>URLs of deleted files, which the sitemap no longer lists (expected: their pages leave the cache): <code>/old-page</code></p>'
    )
    expect(summary).not.toMatch(/typos\?\):[^\n]*old-page/)
  })

  it('without the unknown tags, the total is exact', () => {
    const preview = previewOf()
    const exact: PreviewReport = {
      ...preview,
      selection: { ...preview.selection, uncheckedTags: [] }
    }
    expect(renderPreviewSection(exact)).toMatch(/^<h3>Preview: 9 of 14 sitemap pages on/)
  })

  it('says that sitemaps are turned off with sitemap: none, not that none was found', () => {
    const preview = previewOf()
    const html = renderPreviewSection({
      ...preview,
      sitemap: { found: false, turnedOff: true, files: 0, pages: 0, warnings: [] }
    })
    expect(html).toContain('Sitemaps are turned off (<code>sitemap: none</code>)')
    expect(html).not.toContain('No sitemap was found')
  })

  it("shows the sitemaps' warnings, such as the URLs on other hosts it skipped, the first ten", () => {
    const warnings = [
      'Sitemaps: 2 URL(s) on hosts other than www.example.com were skipped (the first: https://cdn.example.net/x); only pages of site_url are checked.',
      ...Array.from(
        { length: 11 },
        (_, i) => `Sitemap https://www.example.com/s${i}.xml answered HTTP 404; not read.`
      )
    ]
    const preview = previewOf()
    const sitemap = { ...preview.sitemap, warnings }
    const part = verified(freshChecks())
    const shown = [
      renderPreviewSection({ ...preview, sitemap }),
      renderVerificationSection({ ...part, report: { ...part.report, sitemap } })
    ]
    for (const html of shown) {
      expect(html).toContain(
        '⚠️ Sitemaps: 2 URL(s) on hosts other than www.example.com were skipped'
      )
      expect(html).toContain('s8.xml answered HTTP 404')
      expect(html).not.toContain('s9.xml')
      expect(html).toContain('<p>2 more sitemap warning(s) are in the log.</p>')
    }
  })
})
