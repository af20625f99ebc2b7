/**
 * The job summary as a whole: one status line first for every outcome, the propagation caveat only
 * while nothing proved the pages fresh, failures with their history, and every summary rendered as
 * GitHub renders it: no markup shown as text, under GitHub's 1 MiB.
 */
import { describe, expect, it } from '@jest/globals'
import { JSDOM } from 'jsdom'
import type { Plan, PurgeRequest } from '../../src/core/purge.js'
import { buildId } from '../../src/build/build-id.js'
import { sentOutcome } from '../../src/report/outcome.js'
import { stepConclusion, type RunReport } from '../../src/report/run-report.js'
import { MAX_SUMMARY_BYTES, renderSummary, statusLine } from '../../src/report/summary.js'
import type { CheckResult } from '../../src/verify/check/tally.js'
import { rawMarkupShown, renderGitHubMarkdown } from '../support/github-markdown.js'
import {
  accepted,
  ACCEPTED_AT,
  check,
  everyOutcome,
  failedRun,
  verified
} from '../support/run-reports.js'

const GITHUB_SUMMARY_LIMIT = 1024 * 1024

const outcomes = everyOutcome()

describe('the status line, for every outcome', () => {
  const expected: Record<string, string> = {
    'purged and fresh': '✅ Cache purge: 4 URLs purged · ✅ 8 of 8 checks fresh in 4.0 s',
    'purged and stale':
      '❌ Cache purge: 4 URLs purged · ⚠️ 6 of 8 checks still stale at the 6 s deadline · ➖ 2 not cacheable (MISS)',
    'purged and stale, verify: warn':
      '⚠️ Cache purge: 4 URLs purged · ⚠️ 6 of 8 checks still stale at the 6 s deadline · ➖ 2 not cacheable (MISS)',
    'purged, not verified': '✅ Cache purge: 1 tag purged',
    'purge failed':
      '❌ Cache purge: 1 of 2 requests failed (HTTP 500 → 403) · 1 not sent · 4 targets not purged',
    'dry run':
      '✅ Cache purge: dry run: 2 tags, 2 URLs and 1 pattern in 3 requests, nothing sent · at least 9 of 14 sitemap pages would be purged',
    'input error': '❌ Cache purge: 2 input problems, nothing sent',
    'nothing to purge': '✅ Cache purge: nothing to purge',
    'verify only':
      '✅ Cache purge: mode: verify, nothing purged here · ✅ 8 of 8 checks fresh in 4.0 s (shard 2/4)',
    'origin timeout':
      '❌ Cache purge: origin_url did not show build release-42 within 10 min, nothing purged',
    'pages over budget':
      '❌ Cache purge: nothing purged · ❌ too many pages to check in one job: set shard (or verify_limit)',
    'verify job over budget':
      '❌ Cache purge: mode: verify, nothing purged here · ❌ too many pages to check in one job: set shard (or verify_limit)',
    'changed files not listed':
      '❌ Cache purge: the changed files could not be listed, nothing purged',
    'unexpected error': '❌ Cache purge: 4 URLs purged · stopped on an unexpected error: boom <b>'
  }

  it.each(Object.keys(expected))('%s', name => {
    const report = outcomes[name]!
    const line = statusLine(report)
    expect(line).toBe(expected[name])
    // The summary opens with the same line, escaped, as its heading.
    const { document } = new JSDOM(renderGitHubMarkdown(renderSummary(report))).window
    const first = document.body.firstElementChild
    expect(first?.tagName).toBe('H2')
    expect(first?.textContent).toBe(line)
  })

  it('covers every outcome of the catalogue', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(outcomes).sort())
  })

  it('never reads as success when the step failed: the mark is the step conclusion', () => {
    for (const report of Object.values(outcomes)) {
      const mark = { passed: '✅', warned: '⚠️', failed: '❌' }[stepConclusion(report)]
      expect(statusLine(report).startsWith(`${mark} `)).toBe(true)
    }
    expect(stepConclusion(outcomes['purged and stale']!)).toBe('failed')
    expect(stepConclusion(outcomes['purged and stale, verify: warn']!)).toBe('warned')
    expect(stepConclusion(outcomes['purge failed']!)).toBe('failed')
  })
})

describe('the propagation caveat', () => {
  const caveat = 'they can take a few minutes to propagate'
  it('only when something was purged and nothing proved the pages fresh', () => {
    const shown = Object.entries(outcomes)
      .filter(([, report]) => renderSummary(report).includes(caveat))
      .map(([name]) => name)
      .sort()
    expect(shown).toEqual([
      'purged and stale',
      'purged and stale, verify: warn',
      'purged, not verified',
      'unexpected error'
    ])
  })
})

describe('failures with their history', () => {
  it('500 → 403 on one row, with the explanation of its own 403 and the request id given', () => {
    const html = renderSummary(failedRun())
    const { document } = new JSDOM(renderGitHubMarkdown(html)).window
    const tables = document.querySelectorAll('table')
    expect(tables).toHaveLength(1)
    const rows = [...document.querySelectorAll('tr')].map(row =>
      [...row.children].map(cell => cell.textContent)
    )
    expect(rows[0]).toEqual(['#', 'request', 'answers', 'result', 'request id'])
    expect(rows[1]).toEqual([
      '1',
      '2 tags: blog, news',
      '500 → 403',
      '❌ 403: the API key is missing, wrong or not allowed for this site (check the api_key secret); the run stopped there. The service said: “Forbidden: invalid API key”',
      'req-a1'
    ])
    // The request never sent says so, and nothing of the 403's explanation.
    expect(rows[2]).toEqual([
      '2',
      '2 URLs: /, /about',
      '—',
      '⏭️ not sent: the run stopped at the 401 or 403 above',
      ''
    ])
  })

  it('no request id column when the service gave none', () => {
    const plan: Plan = {
      targets: { tags: [], urls: ['/a'], patterns: [] },
      requests: [{ index: 0, kind: 'url', items: ['/a'] }],
      warnings: []
    }
    const results = [
      {
        ...accepted(plan.requests[0]!),
        outcome: 'failed' as const,
        status: undefined,
        attempts: 3,
        history: [{ status: 503 }, {}, {}],
        requestId: undefined,
        message: 'connect ECONNREFUSED'
      }
    ]
    const html = renderSummary({
      purge: { plan, outcome: sentOutcome(plan, results), results },
      warnings: []
    })
    expect(html).not.toContain('request id')
    expect(html).toContain('<td>503 → no answer → no answer</td>')
    expect(html).toContain('❌ no answer after 3 attempts. connect ECONNREFUSED')
    expect(
      statusLine({ purge: { plan, outcome: sentOutcome(plan, results), results }, warnings: [] })
    ).toBe(
      '❌ Cache purge: 1 of 1 request failed (HTTP 503 → no answer → no answer) · 1 target not purged'
    )
  })
})

describe('every summary as GitHub renders it', () => {
  it.each(Object.keys(outcomes))('%s: nothing shows as raw markup', name => {
    const html = renderGitHubMarkdown(renderSummary(outcomes[name]!))
    // The one tag-like text allowed is the error's own words, escaped.
    expect(rawMarkupShown(html).filter(found => !found.includes('boom <b>'))).toEqual([])
  })
})

describe('a 100,000-check summary', () => {
  it('stays under GitHub’s 1 MiB, with long URLs, every check stale, 100,000 URLs purged, old content and warnings', () => {
    const long = 'x'.repeat(300)
    const checks: CheckResult[] = []
    for (let page = 0; page < 50_000; page++) {
      for (const device of ['desktop', 'mobile']) {
        checks.push(
          check(`/${long}/${page}?q=<&>|`, device, 'stale', {
            staleReason: 'not-purged-yet',
            cachedAtMs: ACCEPTED_AT - 60_000,
            judgedAgainst: ACCEPTED_AT,
            edgeIds: `req-${page} / tx-${page}`
          })
        )
      }
    }
    const urls = Array.from({ length: 100_000 }, (_, i) => `/${long}/${i}`)
    const requests: PurgeRequest[] = []
    for (let i = 0; i < urls.length; i += 1000) {
      requests.push({ index: requests.length, kind: 'url', items: urls.slice(i, i + 1000) })
    }
    const plan: Plan = { targets: { tags: [], urls, patterns: [] }, requests, warnings: [] }
    const results = requests.map(request => accepted(request))
    // 1,000 pages of old content with long URLs, and thousands of warnings: shrunk too.
    const oldPages = Array.from({ length: 1000 }, (_, i) => `/${'y'.repeat(2000)}/${i}`)
    const report: RunReport = {
      purge: { plan, outcome: sentOutcome(plan, results), results, lastAcceptedAt: ACCEPTED_AT },
      verification: {
        ...verified(checks, { timeoutMs: 600_000 }),
        oldContent: {
          build: buildId('release-42', 'build_id'),
          stillOld: 0,
          purgedAt: ACCEPTED_AT,
          repurge: {
            mode: 'repurge',
            pages: oldPages.map(page => ({ page, repurges: 3 })),
            pageCount: 5000,
            batches: Array.from({ length: 30 }, (_, i) => ({
              at: ACCEPTED_AT + i * 5000,
              pages: oldPages.slice(0, 40),
              accepted: oldPages.slice(0, 40),
              failed: []
            }))
          }
        }
      },
      warnings: Array.from({ length: 5000 }, (_, i) => `warning ${i}: ${'w'.repeat(500)}`)
    }
    const markdown = renderSummary(report)
    const bytes = Buffer.byteLength(markdown)
    expect(bytes).toBeLessThanOrEqual(MAX_SUMMARY_BYTES)
    expect(bytes).toBeLessThan(GITHUB_SUMMARY_LIMIT)
    expect(markdown.slice(0, markdown.indexOf('\n'))).toBe(
      '<h2>❌ Cache purge: 100,000 URLs purged · ⚠️ 100,000 of 100,000 checks still stale at the 10 min deadline</h2>'
    )
    expect(
      markdown.includes('Not proven fresh on <code>https://www.example.com</code>: 50,000 pages')
    ).toBe(true)
    expect(markdown.includes('<li>… and 4,950 more, in the log</li>')).toBe(true)
    expect(markdown.includes('Old content: 5,000 pages served from another build')).toBe(true)
    const html = renderGitHubMarkdown(markdown)
    const shown = rawMarkupShown(html)
    expect(shown.every(found => found.includes('q=<&>'))).toBe(true)
    process.stdout.write(`100,000-check summary: ${bytes} bytes\n`)
  })
})
