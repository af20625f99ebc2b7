/** The summary's origin sections: what they say, escaped like the rest of the summary. */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import { renderOriginSection, renderOriginTimeout } from '../../src/report/origin-report.js'

const SHA = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const base = {
  url: 'https://origin.example.com/version.txt?x=<b>',
  build: buildId(SHA, 'deployment.sha'),
  timeoutMs: 600_000,
  dryRun: false
}

describe('origin sections', () => {
  it('ready: the build, the URL (escaped), the looks and the time', () => {
    const html = renderOriginSection({
      ...base,
      wait: {
        ready: true,
        elapsedMs: 42_300,
        looks: 7,
        last: { ready: true, status: 200, otherIds: [] }
      }
    })
    expect(html).toContain(`<h3>Origin: ✅ build <code>${SHA}</code> is live</h3>`)
    expect(html).toContain('<code>https://origin.example.com/version.txt?x=&lt;b&gt;</code>')
    expect(html).toContain('7 in 42.3 s')
    expect(html).toContain('from deployment.sha')
    expect(html).not.toContain('<b>')
  })

  it('a dry run that is not live yet says a real run would wait', () => {
    const html = renderOriginSection({
      ...base,
      dryRun: true,
      wait: {
        ready: false,
        elapsedMs: 80,
        looks: 1,
        stopped: 'once',
        last: { ready: false, status: 200, otherIds: ['3f2c1a0'] }
      }
    })
    expect(html).toContain('is not live yet (dry run)')
    expect(html).toContain('HTTP 200, shows 3f2c1a0 (another build)')
  })

  it('the failure: what was polled, expected and seen, what to do, what was not purged', () => {
    const html = renderOriginTimeout(
      {
        ...base,
        wait: {
          ready: false,
          elapsedMs: 600_000,
          looks: 45,
          stopped: 'deadline',
          last: { ready: false, status: 200, otherIds: [], excerpt: 'ok' }
        }
      },
      { tags: ['blog'], urls: ['/'], patterns: [] }
    )
    expect(html).toContain(
      `<h3>Origin: build <code>${SHA}</code> never showed, nothing was purged</h3>`
    )
    expect(html).toContain('looked at 45 time(s) in 600.0 s')
    expect(html).toContain('HTTP 200, says &quot;ok&quot;; no other commit-like id either')
    expect(html).toContain('answered without any build id')
    expect(html).toContain('raise origin&#95;timeout&#95;seconds')
    expect(html).toContain('Not purged (2)')
  })

  it('the failure when the origin is down, or asked to wait past the deadline', () => {
    const html = renderOriginTimeout(
      {
        ...base,
        wait: {
          ready: false,
          elapsedMs: 0,
          looks: 1,
          stopped: 'retry-after',
          last: { ready: false, status: 503, otherIds: [], retryAfter: '3600' }
        }
      },
      { tags: [], urls: ['/'], patterns: [] }
    )
    expect(html).toContain('asked (Retry-After) to be asked again after the deadline')
    expect(html).toContain('did not answer with a 2xx')
  })

  it('the failure when the origin shows a longer prefix of the build: how to match it', () => {
    const html = renderOriginTimeout(
      {
        ...base,
        wait: {
          ready: false,
          elapsedMs: 600_000,
          looks: 45,
          stopped: 'deadline',
          last: { ready: false, status: 200, otherIds: [], longPrefix: SHA.slice(0, 16) }
        }
      },
      { tags: [], urls: ['/'], patterns: [] }
    )
    expect(html).toContain(`origin&#95;url shows ${SHA.slice(0, 16)}, the build’s first 16 digits`)
    expect(html).toContain(`build&#95;id: ${SHA.slice(0, 16)}`)
    expect(html).not.toContain('no other commit-like id')
    expect(html).not.toContain('answered without any build id')
  })

  it('the failure when origin_url is the public site: point it at the origin', () => {
    const html = renderOriginTimeout(
      {
        ...base,
        wait: {
          ready: false,
          elapsedMs: 600_000,
          looks: 45,
          stopped: 'deadline',
          last: {
            ready: false,
            status: 200,
            otherIds: ['3f2c1a0e8d7b'],
            throughCache: 'acme-kc-status: HIT'
          }
        }
      },
      { tags: [], urls: ['/'], patterns: [] }
    )
    expect(html).toContain(
      'origin&#95;url is answered by the rendering service’s edge (acme-kc-status: HIT)'
    )
    expect(html).not.toContain('the deploy has not reached it yet')
  })
})
