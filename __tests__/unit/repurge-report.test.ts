/** The summary's old-content section: what was purged again and why, and what to do. */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import { renderOldContentSection } from '../../src/report/repurge-report.js'
import type { RepurgeReport } from '../../src/repurge/repurger.js'

const build = buildId('9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d', 'deployment.sha')
const t0 = Date.UTC(2026, 10, 23, 9, 0, 0)
const none: RepurgeReport = { mode: 'repurge', pages: [], pageCount: 0, batches: [] }

describe('old content section', () => {
  it('no old content: says what fresh meant', () => {
    const html = renderOldContentSection({ build, stillOld: 0, repurge: none, purgedAt: t0 })
    expect(html).toContain('<h3>Content: no page was served from another build</h3>')
    expect(html).toContain(
      'a commit from deployment.sha: its full SHA or a 7- to 12-character prefix'
    )
  })

  it('purged again and fresh: the batches, the pages, nothing to do', () => {
    const html = renderOldContentSection({
      build,
      stillOld: 0,
      purgedAt: t0,
      repurge: {
        mode: 'repurge',
        pages: [
          { page: '/a?<x>', repurges: 1 },
          { page: '/b', repurges: 2 }
        ],
        pageCount: 2,
        batches: [
          { at: t0 + 7200, pages: ['/a?<x>', '/b'], accepted: ['/a?<x>', '/b'], failed: [] },
          {
            at: t0 + 19_000,
            pages: ['/b'],
            accepted: [],
            failed: ['/b'],
            problem: '#1 url: HTTP 500'
          }
        ]
      }
    })
    expect(html).toContain('<h3>Old content: 2 pages served from another build</h3>')
    expect(html).toContain('<tr><td>1</td><td>7.2 s</td><td>2</td><td>✅ accepted</td></tr>')
    expect(html).toContain('❌ 1 not purged: #1 url: HTTP 500')
    expect(html).toContain('<code>/a?&lt;x&gt; (purged again 1×)</code>')
    expect(html).toMatch(/What to do<\/strong>: nothing: every page purged again/)
  })

  it.each([
    [{ mode: 'no-origin-url' as const }, /set origin&#95;url/],
    [{ mode: 'disabled' as const }, /repurge&#95;old&#95;content: false/],
    [{ mode: 'verify-only' as const }, /this job only verifies \(mode: verify\)/],
    [
      { mode: 'repurge' as const, originNotLive: true },
      /did not show the new build before the verification deadline/
    ]
  ])('%o: the advice fits', (extra, advice) => {
    const html = renderOldContentSection({
      build,
      stillOld: 2,
      purgedAt: t0,
      repurge: { ...none, ...extra, pages: [{ page: '/a', repurges: 0 }], pageCount: 1 }
    })
    expect(html).toMatch(advice)
  })

  it('still old after re-purges: says the rollout may not be complete', () => {
    const html = renderOldContentSection({
      build,
      stillOld: 2,
      purgedAt: t0,
      repurge: { ...none, pages: [{ page: '/a', repurges: 3 }], pageCount: 1 }
    })
    expect(html).toMatch(/2 check\(s\) still showed another build at the deadline/)
  })
})
