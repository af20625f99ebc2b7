/**
 * The assets on every surface: the job summary, the pull-request comment, the status line, the
 * JUnit report and the commit status show what the asset checks found, in the one table's words
 * (report/vocabulary.ts), and a broken asset never reads as success anywhere.
 */
import { describe, expect, it } from '@jest/globals'
import { renderComment } from '../../src/comment/render/comment.js'
import { finalStatus, MAX_STATUS_DESCRIPTION } from '../../src/report/commit-status.js'
import { renderJUnit } from '../../src/report/junit.js'
import { stepConclusion, type RunReport } from '../../src/report/run-report.js'
import { statusLine } from '../../src/report/status-line.js'
import { renderSummary } from '../../src/report/summary.js'
import {
  ASSET_STATE_WORDS,
  assetCountedState,
  VERIFICATION_WORDS
} from '../../src/report/vocabulary.js'
import type { AssetVerification } from '../../src/verify/assets/asset-results.js'
import { schemaProblems } from '../support/junit-schema.js'
import { parseXml } from '../support/xml-tree.js'
import { rawMarkupShown, renderGitHubMarkdown } from '../support/github-markdown.js'
import { brokenAssets } from '../../src/report/verify-outputs.js'
import { describeAssets } from '../../src/verify/explain.js'
import {
  assetResult,
  commentContextFor,
  everyAssetState,
  freshChecks,
  planOf,
  purgedRun,
  SITE,
  staleChecks,
  verified,
  withAssets
} from '../support/run-reports.js'

const plan = planOf({ urls: ['/', '/about', '/contact', '/blog/'] })
const NOW = Date.UTC(2026, 10, 24, 22, 0, 0)

/** Every page fresh, one asset of each state: verify_status is `broken`. */
function brokenRun(mode: 'fail' | 'warn' = 'fail'): RunReport {
  return purgedRun(plan, withAssets(verified(freshChecks(), { mode }), everyAssetState(), 'broken'))
}

/** Every page fresh, 30 assets whole on two devices, whole 5.2 s after the purge. */
function wholeAssets(): AssetVerification {
  return {
    hosts: [],
    counts: { whole: 60, repaired: 0, broken: 0, 'not-checked': 0 },
    assets: 30,
    otherHosts: 0,
    listed: [],
    requests: 60,
    wholeAfterMs: 5200
  }
}

function wholeRun(): RunReport {
  return purgedRun(plan, withAssets(verified(freshChecks()), wholeAssets()))
}

const plain = (text: string): string => text.replace(/\u00a0/g, ' ')

describe('verify_status: broken', () => {
  it('is never ✅: a failure of the step, a warning with verify: warn', () => {
    expect(VERIFICATION_WORDS.broken.icon).not.toBe('✅')
    expect(stepConclusion(brokenRun())).toBe('failed')
    expect(stepConclusion(brokenRun('warn'))).toBe('warned')
    expect(statusLine(brokenRun())).toMatch(/^❌ /)
    expect(finalStatus(brokenRun()).state).toBe('failure')
    const summary = renderSummary(brokenRun())
    expect(summary).toContain('Verification at the edge: ❌ assets broken')
    const comment = renderComment(brokenRun(), commentContextFor(brokenRun(), { now: NOW }))
    expect(comment).toContain('At the edge: ❌ assets broken')
  })
})

describe('the status line', () => {
  it('counts the assets whole after the pages fresh', () => {
    expect(statusLine(wholeRun())).toBe(
      '✅ Cache purge: 4 URLs purged · ✅ 8 of 8 checks fresh in 4.0 s · ✅ 30 assets whole'
    )
  })

  it('counts the broken, repaired and not checked ones in the table’s words', () => {
    const line = statusLine(brokenRun())
    expect(line).toContain('· ❌ 1 of 4 assets broken')
    expect(line).toContain(assetCountedState('repaired', 1))
    expect(line).toContain(assetCountedState('not-checked', 1))
  })
})

describe('the job summary', () => {
  const summary = renderSummary(brokenRun())

  it('counts the asset checks, the hosts and the third parties’ references', () => {
    expect(plain(summary)).toContain(
      '4 assets (4 checks): ✅ 1 whole · 🔧 1 repaired (purged, then whole) · ❌ 1 broken · ⏳ 1 not checked before the deadline · 2 assets on other hosts not checked'
    )
    expect(summary).toContain('<code>static.example.com</code>')
  })

  it('gives a row per broken, repaired and not checked asset, with its pages', () => {
    expect(summary).toContain(`<code>${SITE}/assets/app.b7.js</code>`)
    expect(summary).toContain(
      'HTTP 200, text/html where JavaScript was expected (a single-page app’s fallback)'
    )
    expect(summary).toContain('and 2 more')
    expect(summary).toContain(`<code>${SITE}/assets/app.b7.css</code>`)
    expect(summary).toContain('purged by URL, then whole')
    // A repaired asset's last answer is the whole one: its status is not why it was broken.
    expect(summary).toContain('before its purge: a 4xx or 5xx served from the cache')
    expect(summary).toContain(`<code>${SITE}/assets/font.b7.woff2</code>`)
    expect(summary.indexOf('app.b7.js')).toBeLessThan(summary.indexOf('app.b7.css'))
    expect(rawMarkupShown(renderGitHubMarkdown(summary))).toEqual([])
  })

  it('says what to do next about the broken asset', () => {
    expect(summary).toContain(
      '<strong>Next</strong>: 1 asset a fresh page needs is broken (its row says what it answered and which pages need it)'
    )
  })

  it('says when the deploy was whole beside the time to fresh', () => {
    expect(renderSummary(wholeRun())).toContain('deploy whole 5.2 s after the purge was accepted')
    expect(summary).toContain('deploy whole: — (an asset is broken)')
  })

  it('names the pages whose assets were cut at one page’s share', () => {
    const cut: AssetVerification = {
      ...wholeAssets(),
      cutPages: { count: 7, first: [`${SITE}/catalogue`, `${SITE}/shop`] }
    }
    const rendered = renderSummary(purgedRun(plan, withAssets(verified(freshChecks()), cut)))
    expect(plain(rendered)).toContain(
      `7 pages name more than 200 assets: only their first 200 were checked (${SITE}/catalogue, ${SITE}/shop, and 5 more).`
    )
    expect(renderSummary(wholeRun())).not.toContain('more than 200 assets')
  })
})

describe('the pull-request comment', () => {
  const comment = renderComment(brokenRun(), commentContextFor(brokenRun(), { now: NOW }))

  it('counts the assets and gives a row per broken asset with its pages', () => {
    expect(plain(comment)).toContain(assetCountedState('broken', 1))
    expect(comment).toContain('app.b7.js')
    expect(comment).toContain('/blog/a')
    expect(comment).not.toContain('font.b7.woff2</code></td><td>desktop')
    expect(rawMarkupShown(renderGitHubMarkdown(comment))).toEqual([])
  })
})

describe('the JUnit report', () => {
  const document = parseXml(renderJUnit(brokenRun(), NOW))
  const cases = (document.children[0]?.children ?? []).filter(child => child.name === 'testcase')
  const assetCase = (path: string) =>
    cases.find(
      test =>
        test.attributes.classname === 'assets.desktop' && test.attributes.name === `${SITE}${path}`
    )

  it('fails the broken asset with its answer and its pages, passes the repaired one', () => {
    const broken = assetCase('/assets/app.b7.js')
    const failure = broken?.children.find(child => child.name === 'failure')
    expect(failure?.attributes.message).toContain('text/html where JavaScript was expected')
    expect(failure?.attributes.message).toContain(`${SITE}/blog/a`)
    expect(assetCase('/assets/app.b7.css')?.children).toEqual([])
    expect(assetCase('/assets/font.b7.woff2')?.children[0]?.name).toBe(
      ASSET_STATE_WORDS['not-checked'].junit
    )
    expect(cases.some(test => test.attributes.name === '1 asset check whole')).toBe(true)
    expect(schemaProblems(document)).toEqual([])
  })
})

describe('the commit status', () => {
  it('names the broken assets first, within 140 characters', () => {
    const { description } = finalStatus(brokenRun())
    expect(description.startsWith('1 of 4 assets broken')).toBe(true)
    expect(description.length).toBeLessThanOrEqual(MAX_STATUS_DESCRIPTION)
    expect(finalStatus(wholeRun())).toEqual({
      state: 'success',
      description: '8 of 8 checks fresh in 4.0 s; 30 assets whole'
    })
  })
})

describe('assets that redirect, on every surface', () => {
  const assets: AssetVerification = {
    ...everyAssetState(),
    counts: { whole: 1, repaired: 0, broken: 2, 'not-checked': 0 },
    listed: [
      assetResult('/static/app.js', 'desktop', 'broken', {
        reason: 'html-fallback',
        httpStatus: 200,
        contentType: 'text/html',
        redirect: { to: 'https://static.example.com/app.b7.js', hops: 1 }
      }),
      assetResult('/static/a.js', 'desktop', 'broken', {
        reason: 'redirect-loop',
        httpStatus: 302,
        redirect: { to: `${SITE}/static/a.js`, hops: 2 }
      })
    ],
    redirectedAway: 2,
    awayTargets: [{ url: `${SITE}/static/cdn.js`, to: 'https://cdn.elsewhere.example/cdn.b7.js' }]
  }
  const run = purgedRun(plan, withAssets(verified(freshChecks()), assets, 'broken'))
  const summary = plain(renderSummary(run))

  it('the summary says where a broken asset was redirected, and names the loop', () => {
    expect(summary).toContain(
      'redirected to https://static.example.com/app.b7.js (1 redirect): HTTP 200, text/html where JavaScript was expected'
    )
    expect(summary).toContain(`HTTP 302, a redirect loop back to ${SITE}/static/a.js`)
  })

  it('the summary and the log count and name the assets redirected out of scope', () => {
    expect(summary).toContain('2 redirected to other hosts not checked')
    expect(summary).toContain(
      `<code>${SITE}/static/cdn.js</code> → <code>https://cdn.elsewhere.example/cdn.b7.js</code>`
    )
    expect(describeAssets(assets)).toContain(
      `; 2 checks redirected to other hosts, not requested (${SITE}/static/cdn.js to https://cdn.elsewhere.example/cdn.b7.js)`
    )
  })

  it('broken_assets says where each was redirected, beside the fields it had', () => {
    expect(brokenAssets({ assets })).toEqual([
      expect.objectContaining({
        url: `${SITE}/static/app.js`,
        reason: 'html-fallback',
        redirected_to: 'https://static.example.com/app.b7.js',
        redirects: 1
      }),
      expect.objectContaining({ reason: 'redirect-loop', status: 302, redirects: 2 })
    ])
    expect(brokenAssets({ assets: everyAssetState() })[0]).toMatchObject({
      redirected_to: null,
      redirects: 0
    })
  })
})

describe('fresh pages whose assets were not proven, on every surface', () => {
  const why = 'the body could not be read whole: the answer did not end within 10 s'
  const unproven: AssetVerification = {
    ...wholeAssets(),
    unproven: { count: 3, first: [{ url: `${SITE}/blog/`, device: 'mobile', why }] }
  }
  const { wholeAfterMs: _whole, ...notWhole } = unproven
  const run = purgedRun(plan, withAssets(verified(freshChecks()), notWhole, 'failed'))

  it('is never ✅: not in the line, the commit status, the summary nor JUnit', () => {
    expect(stepConclusion(run)).toBe('failed')
    const line = statusLine(run)
    expect(line).not.toContain('✅ 30 assets whole')
    expect(line).toContain('⏳ 3 fresh page checks with assets not proven')
    expect(finalStatus(run).state).toBe('error')
    expect(finalStatus(run).description).toContain('3 fresh page checks with assets not proven')
    const summary = plain(renderSummary(run))
    expect(summary).toContain(
      `3 fresh page checks whose assets were not proven: ${SITE}/blog/ (mobile): ${why}; and 2 more`
    )
    expect(summary).toContain('deploy whole: — (not every fresh page’s assets were proven)')
    const junit = renderJUnit(run, NOW)
    expect(schemaProblems(parseXml(junit))).toEqual([])
    expect(junit).toContain('type="assets-not-proven"')
    expect(junit).toContain('2 more fresh page checks with assets not proven (counted, not listed)')
  })

  it('the log names them', () => {
    expect(describeAssets(unproven)).toContain(
      `; 3 fresh page checks whose assets were not proven: ${SITE}/blog/ (mobile): ${why}; and 2 more`
    )
  })
})

describe('what the summary says the run did for the assets', () => {
  it('Next says no broken asset was purged when none was (an HTML fallback)', () => {
    const summary = plain(renderSummary(brokenRun()))
    expect(summary).not.toContain('purged by URL once')
    expect(summary).toContain('none could be repaired by a purge (each row says why)')
  })

  it('Next says how many were purged and are still broken when some were', () => {
    const assets = everyAssetState()
    const purgedStillBroken: AssetVerification = {
      ...assets,
      listed: assets.listed.map(result =>
        result.state === 'broken' ? { ...result, repurged: true, throughCache: true } : result
      )
    }
    const run = purgedRun(plan, withAssets(verified(freshChecks()), purgedStillBroken, 'broken'))
    expect(plain(renderSummary(run))).toContain(
      '1 asset the rendering cache served was purged by URL and is still broken; fix it'
    )
  })

  it('says "deploy whole" only when every page is fresh too', () => {
    expect(plain(renderSummary(wholeRun()))).toContain(
      'deploy whole 5.2 s after the purge was accepted'
    )
    const stale = purgedRun(plan, withAssets(verified(staleChecks()), wholeAssets(), 'stale'))
    const summary = plain(renderSummary(stale))
    expect(summary).not.toContain('deploy whole 5.2 s')
    expect(summary).toContain(
      'assets whole 5.2 s after the purge was accepted; deploy whole: — (not every page is fresh)'
    )
  })
})

describe('one repaired count', () => {
  it('the status line and the Assets line count the same assets, whatever the devices', () => {
    const repaired = (device: string) =>
      assetResult('/assets/app.b7.js', device, 'repaired', {
        reason: 'status',
        httpStatus: 200,
        contentType: 'text/javascript',
        repurged: true
      })
    const assets: AssetVerification = {
      ...wholeAssets(),
      counts: { whole: 6, repaired: 2, broken: 0, 'not-checked': 0 },
      assets: 4,
      listed: [repaired('desktop'), repaired('mobile')],
      requests: 10
    }
    const run = purgedRun(plan, withAssets(verified(freshChecks()), assets))
    expect(statusLine(run)).toContain('🔧 1 repaired (purged, then whole)')
    expect(plain(renderSummary(run))).toContain(
      '4 assets (8 checks): ✅ 3 whole · 🔧 1 repaired (purged, then whole)'
    )
  })
})
