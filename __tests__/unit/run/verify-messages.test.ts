/**
 * The run in process, what a verification tells someone setting the action up: a purge limited by
 * country, pages that are not there, the stale-at-deadline error, a verification that checked no
 * page, a custom device on a shared line, and a base_url that is a website. The action's run
 * against the emulator's API and public site.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../../emulator/server.mjs'
import { edgeCaseSite, sampleSiteByCountry } from '../../../emulator/site.mjs'
import type { RunResult } from '../../../scripts/run-action.mjs'
import {
  API_KEY,
  errorsOf,
  runWith,
  visibleText,
  warningsOf,
  summaryRenderProblems
} from './helpers.js'

let emulator: Emulator
let byCountry: Emulator
beforeAll(async () => {
  const edge = { apiKey: API_KEY, sitePort: 0, propagationMs: 300, renderMs: 100 }
  emulator = await startEmulator({ ...edge, site: edgeCaseSite })
  // A Cache By Country site; the runner is seen from its first country, IT.
  byCountry = await startEmulator({ ...edge, site: sampleSiteByCountry })
})
afterAll(async () => {
  await Promise.all([emulator.close(), byCountry.close()])
})
beforeEach(() => {
  emulator.reset()
  byCountry.reset()
  emulator.configureSite({ propagationMs: 300, renderMs: 100, siteHeaders: true })
})

const verifyOn = (site: Emulator, extra: Record<string, string> = {}) => ({
  site_url: site.siteUrl,
  verify: 'true',
  verify_timeout_seconds: '20',
  devices: 'desktop, mobile',
  ...extra
})

/** The log lines, workflow commands as `warning: …`, in order. */
function logLines(result: RunResult): string[] {
  return result.stdout
    .split('\n')
    .filter(line => line !== '' && !line.startsWith('::add-mask::'))
    .map(line => line.replace(/^::(warning|error|notice)[^:]*::/, '$1: '))
}

describe('a purge limited by country, then verified', () => {
  it('warns before the checks that the runner proves only its own country; verification still runs', async () => {
    const result = await runWith(byCountry.url, {
      urls: '/about',
      country: 'FR',
      ...verifyOn(byCountry, { verify: 'warn', verify_timeout_seconds: '3' })
    })
    expect(result.exitCode).toBe(0)
    expect(byCountry.requests[0]?.body).toEqual({ url: ['/about'], country: 'FR' })
    const lines = logLines(result)
    const warning = lines.findIndex(line =>
      line.startsWith('warning: The purges were limited to country FR')
    )
    const verifying = lines.findIndex(line => line.startsWith('Verifying 1 page(s)'))
    expect(warning).toBeGreaterThanOrEqual(0)
    expect(verifying).toBeGreaterThan(warning)
    expect(lines[warning]).toContain('Unless the runner is in FR')
    // The runner (IT) is served entries the purge did not touch: stale, as the warning said.
    expect(result.outputs['verify_status']).toBe('stale')
    expect(byCountry.siteRequests.length).toBeGreaterThan(0)
  })

  it('says nothing of the kind for country ALL', async () => {
    const result = await runWith(byCountry.url, {
      urls: '/about',
      country: 'ALL',
      ...verifyOn(byCountry)
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(warningsOf(result)).toEqual([])
  })
})

describe('pages that are not there', () => {
  it('a verify_urls page answering 404 is named in a warning, listed apart, and counted in the log', async () => {
    const result = await runWith(emulator.url, {
      urls: '/about',
      ...verifyOn(emulator, { verify_urls: '/abuot' })
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(warningsOf(result)).toEqual([
      `1 page answered 404 or 410 at the edge: ${emulator.siteUrl}/abuot (HTTP 404). Such a page is not there, so nothing stale is served, but it is not counted as fresh either. If a page should exist, check its path (in verify_urls or urls) and site_url.`
    ])
    expect(result.stdout).toContain(
      'Verification: every verifiable page is fresh at the edge (2 of 4 check(s)). 2 check(s) not there (404/410): nothing stale is served, but not counted as fresh (named in the warning above).'
    )
    // One row for the page, a mark per device, what they saw once.
    expect(result.summary).toContain(
      '<tr><td><code>/abuot</code></td><td>➖\u00a0not there (404)</td><td>➖\u00a0not there (404)</td><td>HTTP 404: not there, so nothing stale is served'
    )
    expect(result.summary).not.toContain('<td><code>/about</code></td>')
    expect(await summaryRenderProblems(result)).toEqual([])
  })

  it('when every checked page answers 404, verify_status is skipped, not fresh', async () => {
    const result = await runWith(emulator.url, {
      urls: '/abuot',
      ...verifyOn(emulator, { verify_urls: '/contcat' })
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(warningsOf(result)).toEqual([
      expect.stringMatching(/^2 pages answered 404 or 410 at the edge: /)
    ])
    expect(result.stdout).toContain(
      'Verification: no page could be proved fresh. 4 check(s) not there (404/410): nothing stale is served, but not counted as fresh (named in the warning above).'
    )
    expect(result.stdout).not.toContain('is fresh')
    expect(result.summary).toContain('Verification at the edge: ⏭️ nothing proven')
  })
})

describe('messages that name the fix', () => {
  it('stale at the deadline: names the deadline in seconds and verify_timeout_seconds', async () => {
    emulator.configureSite({ propagationMs: 120_000 })
    const result = await runWith(emulator.url, {
      urls: '/about',
      ...verifyOn(emulator, { verify_timeout_seconds: '3', devices: 'mobile' })
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).toBe('stale')
    expect(errorsOf(result)).toEqual([
      "Verification: 1 check(s) still stale at the deadline, 3 s after the last purge was accepted (raise verify_timeout_seconds if purges take longer to reach this data center) (see the 'stale' output and the job summary)."
    ])
  })

  it('a verification that checked no page says why in the log', async () => {
    const result = await runWith(emulator.url, { tags: 'hmoe', ...verifyOn(emulator) })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(result.stdout).toContain(
      "Verification: no page was checked: no page read at the edge carries the tag(s) 'hmoe' (a typo, or pages not in the sitemap). List the pages to check in verify_urls."
    )
  })

  it('a pattern with sitemaps turned off: the log says so and what to do', async () => {
    const result = await runWith(emulator.url, {
      pattern: '#^/blog/#',
      ...verifyOn(emulator, { sitemap: 'none' })
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(result.stdout).toContain(
      'Verification: no page was checked: sitemaps are turned off (sitemap: none), so no page could be chosen for the pattern. List the pages to check in verify_urls.'
    )
  })

  it('a custom device on a shared line: each NAME=USER AGENT on its own line', async () => {
    const result = await runWith(emulator.url, {
      urls: '/about',
      ...verifyOn(emulator, { devices: 'desktop, phone=Mozilla/5.0 (Linux; Android 14) Mobile' })
    })
    expect(result.exitCode).toBe(1)
    expect(emulator.state().requestCount).toBe(0)
    expect(errorsOf(result)).toEqual([
      `Input 'devices' "desktop, phone=Mozilla/5.0 (Linux; Android 14) Mobile": each NAME=USER AGENT goes on its own line (user agents hold commas and spaces, so nothing else may share it); write the list as a block, devices: |`
    ])
  })

  it('base_url naming the public site: says it looks like a website, quoting it, never the key', async () => {
    const result = await runWith(emulator.siteUrl, { urls: '/about' })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['status']).toBe('failed')
    const hint = `base_url "${emulator.siteUrl}/" looks like a website, not the purge API: it answered HTTP 405 where the service answers JSON. Set base_url to the API's address from the service's documentation, not the public site's.`
    expect(errorsOf(result).join('\n')).toContain(hint)
    expect(result.summary).toContain('looks like a website, not the purge API')
    // The action's advice stands after the service's words, never inside the quote.
    expect(result.summary).not.toMatch(/The service said: “[^”]*looks like a website/)
    expect(visibleText(result)).not.toContain(API_KEY)
    expect(visibleText(result)).not.toContain(encodeURIComponent(API_KEY))
  })

  it('base_url with a path the API does not have (…/api): says so, not that it is a website', async () => {
    const result = await runWith(`${emulator.url}/api`, { urls: '/about' })
    expect(result.exitCode).toBe(1)
    const errors = errorsOf(result).join('\n')
    expect(errors).toContain(
      `base_url "${emulator.url}/api" is not the purge API's address: the server there answered HTTP 404 in JSON`
    )
    expect(errors).not.toContain('looks like a website')
  })
})
