import { describe, expect, it } from '@jest/globals'
import {
  MAX_PROBLEM_ROWS,
  renderPreviewSection,
  renderVerificationSection,
  renderVerificationSkipped
} from '../../src/report/verification.js'
import type { PreviewReport, VerifyReport } from '../../src/verify/index.js'
import { Tally, type CheckResult } from '../../src/verify/tally.js'

const selection = {
  pages: [{ path: '/a', purgedBy: [] }],
  selectedCount: 300,
  inShard: 300,
  leftOut: 100,
  bySitemap: [],
  uncheckedTags: ['home'],
  urlsNotInSitemap: [],
  notes: []
}

/** A report of these checks, kept as the loop keeps them (a Tally). */
function report(checks: CheckResult[]): VerifyReport {
  const tally = new Tally()
  for (const check of checks) tally.add(check)
  const median = tally.timesToFresh.medianMs()
  return {
    siteUrl: 'https://www.example.com',
    devices: ['desktop', 'mobile'],
    selection,
    against: { kind: 'purges', lastAcceptedAt: Date.UTC(2026, 10, 23, 9, 0, 0) },
    verification: {
      status: checks.some(c => c.state === 'stale') ? 'stale' : 'fresh',
      counts: tally.counts,
      checks: tally.checks,
      notReached: 0,
      listed: tally.listed(),
      warm: tally.warm,
      notWarm: tally.notWarm,
      oldContent: tally.oldContent,
      skew: { lowMs: 3_599_500, highMs: 3_600_400, measured: true },
      requests: checks.length,
      durationMs: 5000,
      ...(tally.timesToFresh.count > 0 && { settledAfterMs: tally.timesToFresh.maxMs }),
      ...(median !== undefined && { medianSettledAfterMs: median })
    }
  }
}

describe('verification summary', () => {
  it('counts, times, left-out pages, unchecked tags and the skew', () => {
    const html = renderVerificationSection(
      report([
        {
          url: 'https://www.example.com/a',
          device: 'desktop',
          state: 'fresh',
          warm: true,
          settledAfterMs: 2000,
          requests: 2
        },
        {
          url: 'https://www.example.com/a',
          device: 'mobile',
          state: 'fresh',
          warm: true,
          settledAfterMs: 4000,
          requests: 3
        }
      ])
    )
    expect(html).toContain('✅ fresh')
    expect(html).toContain('<td>time to fresh, median</td><td>2.0 s</td>')
    expect(html).toContain('<td>time to fresh, slowest</td><td>4.0 s</td>')
    expect(html).toContain('100 of 300 pages')
    expect(html).toContain('<code>home</code>')
    expect(html).toContain('<td>edge clock minus runner clock</td><td>3600 s</td>')
    expect(html).toMatch(/proves the data center the runner reaches/)
  })

  it('lists stale and failed checks, escaped, at most 50 rows', () => {
    const checks: CheckResult[] = Array.from({ length: 60 }, (_, i) => ({
      url: `https://www.example.com/<script>${i}|x`,
      device: 'mobile',
      state: 'stale',
      warm: false,
      requests: 5,
      detail: '2026-11-23T09:14:07.Z (GMT)'
    }))
    const html = renderVerificationSection(report(checks))
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;0&#124;x')
    expect(html.match(/⚠️ stale<\/td>/g)).toHaveLength(MAX_PROBLEM_ROWS)
    expect(html).toContain('… and 10 more.')
  })

  it('counts every check, but names at most a thousand of a state', () => {
    const checks: CheckResult[] = Array.from({ length: 5000 }, (_, i) => ({
      url: `https://www.example.com/p/${i}`,
      device: 'desktop',
      state: 'stale',
      warm: false,
      requests: 3
    }))
    const { verification } = report(checks)
    expect(verification.counts.stale).toBe(5000)
    expect(verification.listed).toHaveLength(1000)
    const html = renderVerificationSection(report(checks))
    expect(html).toContain('<td>stale</td><td>5000</td>')
    expect(html).toContain(`… and ${5000 - MAX_PROBLEM_ROWS} more.`)
  })

  it('lists unverifiable (DYNAMIC) checks after failed and stale ones', () => {
    const check = (path: string, state: CheckResult['state'], detail?: string): CheckResult => ({
      url: `https://www.example.com${path}`,
      device: 'desktop',
      state,
      warm: false,
      requests: 1,
      ...(detail !== undefined && { detail })
    })
    const html = renderVerificationSection(
      report([
        check('/dynamic', 'unverifiable'),
        check('/fresh', 'fresh'),
        check('/stale', 'stale', '2026-11-23T09:14:07.Z (GMT)'),
        check('/down', 'failed', 'still failing at the deadline: HTTP 503')
      ])
    )
    const table = html.slice(html.indexOf('<h4>Checks not proven fresh</h4>'))
    const order = ['/down', '/stale', '/dynamic'].map(path => table.indexOf(`example.com${path}<`))
    expect(order.every(at => at > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(table).not.toContain('/fresh')
    expect(table).toContain('➖ unverifiable</td><td>DYNAMIC: the edge does not serve its cache')
  })

  it('a skipped verification says why', () => {
    expect(renderVerificationSkipped('dry run: nothing was purged.')).toContain(
      'dry run: nothing was purged.'
    )
  })

  it('the preview shows what each target selects', () => {
    const preview: PreviewReport = {
      siteUrl: 'https://www.example.com',
      sitemap: { found: true, turnedOff: false, files: 3, pages: 16, warnings: [] },
      selection: {
        ...selection,
        bySitemap: [
          { target: { kind: 'pattern', item: '#^/blog/#' }, count: 5, first: ['/blog/', '/blog/a'] }
        ],
        urlsNotInSitemap: ['/typo']
      },
      output: { sitemap_pages: 16, selected: [], selected_count: 5 }
    }
    const html = renderPreviewSection(preview)
    expect(html).toContain('<td>5 of 16</td>')
    expect(html).toContain('<code>/blog/</code><br><code>/blog/a</code><br>…')
    expect(html).toContain('<code>/typo</code>')
  })

  it('says that sitemaps are turned off with sitemap: none, not that none was found', () => {
    const sitemap = { found: false, turnedOff: true, files: 0, pages: 0, warnings: [] }
    const preview: PreviewReport = {
      siteUrl: 'https://www.example.com',
      sitemap,
      selection,
      output: { sitemap_pages: 0, selected: [], selected_count: 0 }
    }
    const html = renderPreviewSection(preview)
    expect(html).toContain('Sitemaps are turned off (<code>sitemap: none</code>)')
    expect(html).not.toContain('No sitemap was found')
    const verified = renderVerificationSection({ ...report([]), sitemap })
    expect(verified).toContain('Sitemaps are turned off (<code>sitemap: none</code>)')
    expect(verified).not.toContain('No sitemap was found')
  })

  it("shows the sitemaps' warnings, such as the URLs on other hosts it skipped", () => {
    const warnings = [
      'Sitemaps: 2 URL(s) on hosts other than www.example.com were skipped (the first: https://cdn.example.net/x); only pages of site_url are checked.',
      ...Array.from(
        { length: 11 },
        (_, i) => `Sitemap https://www.example.com/s${i}.xml answered HTTP 404; not read.`
      )
    ]
    const sitemap = { found: true, turnedOff: false, files: 1, pages: 3, warnings }
    const preview = renderPreviewSection({
      siteUrl: 'https://www.example.com',
      sitemap,
      selection,
      output: { sitemap_pages: 3, selected: [], selected_count: 0 }
    })
    const verified = renderVerificationSection({ ...report([]), sitemap })
    for (const html of [preview, verified]) {
      expect(html).toContain(
        '⚠️ Sitemaps: 2 URL(s) on hosts other than www.example.com were skipped'
      )
      expect(html).toContain('s8.xml answered HTTP 404')
      expect(html).not.toContain('s9.xml')
      expect(html).toContain('<p>2 more sitemap warning(s) are in the log.</p>')
    }
  })
})
