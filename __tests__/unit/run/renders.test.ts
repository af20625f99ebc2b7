/**
 * What crawlers get, in process against the emulator's edge: each fresh page's new render is
 * judged on every device from the body the check reads, against the old render the first look
 * still saw (the purge takes a second to arrive). A render fault the emulator makes is never ✅
 * and is named with page, device and reason; a blank that a second render fixes is rendered
 * again by one purge and ends ✅ saying so; a clean deploy and a page that was noindex before
 * end ✅.
 */
import { describe, expect, it } from '@jest/globals'
import type { RenderProblemOutput } from '../../../src/report/verify-outputs.js'
import { runWith, summaryHeadline, useSiteEmulator } from './helpers.js'

const emulator = useSiteEmulator()

/** Purges /about and judges its renders on desktop and mobile. */
async function purgeAbout(extra: Record<string, string> = {}) {
  return runWith(emulator().url, {
    urls: '/about',
    site_url: emulator().siteUrl,
    verify: 'true',
    verify_timeout_seconds: '30',
    ...extra
  })
}

function problemsOf(result: Awaited<ReturnType<typeof purgeAbout>>): RenderProblemOutput[] {
  return JSON.parse(result.outputs['render_problems'] ?? '[]') as RenderProblemOutput[]
}

/** The purges by URL the emulator received for `path`, the run's own first one included. */
function purgesOf(path: string): number {
  return emulator().history.filter(purge => purge.kind === 'url' && purge.values.includes(path))
    .length
}

describe('a clean deploy', () => {
  it('ends ✅ with every render judged good, each compared with the old render', async () => {
    const result = await purgeAbout()
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      verify_status: 'fresh',
      render_problems: '[]',
      render_changes: '[]'
    })
    expect(summaryHeadline(result)).toContain('✅ 2 renders judged good')
    expect(result.stdout).toContain(
      'Renders of the fresh pages: 2 renders judged, each compared with the old render: no problem.'
    )
  })
})

describe('a render fault the emulator makes', () => {
  it.each([
    ['noindex', 'noindex', 'reported: the build is the fix'],
    ['x-robots-tag', 'noindex', 'reported: the build is the fix'],
    ['staging-canonical', 'canonical-off-host', 'reported: the build is the fix'],
    ['broken-json-ld', 'structured-data-broken', 'reported: the build is the fix'],
    ['soft-404', 'soft-404', 'purged by URL to render it again: still soft 404'],
    ['blank', 'blank', 'purged by URL to render it again: still blank']
  ])('%s is never ✅: named with page, device and reason (%s)', async (fault, reason, action) => {
    emulator().renderFault(fault)
    const result = await purgeAbout()
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).toBe('bad-render')
    const problems = problemsOf(result).filter(problem => problem.reason === reason)
    expect(problems.map(problem => [problem.url, problem.device])).toEqual(
      expect.arrayContaining([
        [`${emulator().siteUrl}/about`, 'desktop'],
        [`${emulator().siteUrl}/about`, 'mobile']
      ])
    )
    expect(summaryHeadline(result)).toMatch(/^❌ .*❌ 2 of 2 renders bad for crawlers/)
    expect(result.summary).toContain(action)
  })

  it('a shell on one device only is named on that device, the other render judged good', async () => {
    emulator().renderFault('shell', { device: 'mobile' })
    const result = await purgeAbout()
    expect(result.outputs['verify_status']).toBe('bad-render')
    expect(problemsOf(result).map(problem => [problem.device, problem.reason])).toEqual([
      ['mobile', 'shell']
    ])
    expect(summaryHeadline(result)).toContain('❌ 1 of 2 renders bad for crawlers')
  })

  it('a render fault is purged once to render it again, not once per device', async () => {
    emulator().renderFault('blank')
    const result = await purgeAbout()
    expect(problemsOf(result).map(problem => problem.action)).toEqual([
      'rerendered-still',
      'rerendered-still'
    ])
    // The run's purge, then one purge to render it again, shared by both devices; a device
    // whose bad render was cached after that purge was accepted (its render started before the
    // purge arrived, which a busy machine can make happen) gets one of its own: never more.
    expect(purgesOf('/about')).toBeGreaterThanOrEqual(2)
    expect(purgesOf('/about')).toBeLessThanOrEqual(3)
    expect(result.stdout).toMatch(/Rendering 1 page again by a purge by URL .*"\/about"/)
  })

  it('with verify: warn, reports without failing the step', async () => {
    emulator().renderFault('noindex')
    const result = await purgeAbout({ verify: 'warn' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('bad-render')
  })

  it('render_expected says what is meant: never a problem', async () => {
    emulator().renderFault('noindex')
    const result = await purgeAbout({ render_expected: 'noindex: /about' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
  })

  it('verify_renders: false judges nothing', async () => {
    emulator().renderFault('blank')
    const result = await purgeAbout({ verify_renders: 'false' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', render_problems: '[]' })
    expect(summaryHeadline(result)).not.toContain('render')
  })
})

describe('a purge that reaches the edge at once', () => {
  it('is judged against the old render read before the purge', async () => {
    emulator().configureSite({ propagationMs: 0 })
    emulator().renderFault('noindex')
    const result = await purgeAbout()
    expect(result.stdout).toContain(
      'Before the purge, 2 (page, device) pairs looked at with 2 requests'
    )
    expect(result.outputs['verify_status']).toBe('bad-render')
    // In the order the checks ended.
    const rows = problemsOf(result).map(problem => [problem.device, problem.old])
    expect(rows.sort()).toEqual([
      ['desktop', "the old render's robots rules: follow, index"],
      ['mobile', "the old render's robots rules: follow, index"]
    ])
  })
})

describe('a render that timed out once', () => {
  it('is rendered again by one purge and ends ✅ saying so', async () => {
    emulator().renderFault('blank-once')
    const result = await purgeAbout()
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', render_problems: '[]' })
    expect(summaryHeadline(result)).toContain('🔧 2 rendered again by a purge')
    expect(result.summary).toContain('Rendered again: 2 renders whole after one purge')
    expect(purgesOf('/about')).toBeGreaterThanOrEqual(2)
    expect(purgesOf('/about')).toBeLessThanOrEqual(3)
  })
})

describe('a page that was noindex before', () => {
  it('and still is ends ✅: the old render had it too', async () => {
    emulator().renderFault('noindex')
    // The first deploy makes the noindex render; the second purges a page that already had it.
    const first = await purgeAbout()
    expect(first.outputs['verify_status']).toBe('bad-render')
    // The next deploy comes later: the edge's dates have one second's resolution, and a render
    // cached in the purge's second cannot be told from one made after it.
    await new Promise(resolve => setTimeout(resolve, 5000))
    const second = await purgeAbout()
    expect(second.exitCode).toBe(0)
    expect(second.outputs).toMatchObject({ verify_status: 'fresh', render_problems: '[]' })
  })
})

describe('what changed for crawlers', () => {
  it('a changed title ends ✅, shown old and new', async () => {
    emulator().renderFault('new-title')
    const result = await purgeAbout()
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    const changes = JSON.parse(result.outputs['render_changes'] ?? '[]') as unknown[]
    expect(changes).toEqual([
      {
        url: `${emulator().siteUrl}/about`,
        devices: ['desktop', 'mobile'],
        // Quoted: a title is the page's text, told apart from words like "none" (no title).
        changes: [{ field: 'title', old: '"/about"', new: '"/about (updated)"' }]
      }
    ])
    expect(result.summary).toContain('What changed for crawlers: 2 renders')
    expect(result.summary).toContain(
      '<td>title</td><td>&quot;/about&quot;</td><td>&quot;/about (updated)&quot;</td>'
    )
  })
})
