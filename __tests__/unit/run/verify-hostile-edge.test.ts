/**
 * The run in process against a small hostile edge: the action's run (mode: verify, so
 * nothing is purged, against purged_at) checking pages of a local HTTP server whose headers
 * lie in ways the emulator's honest edge never does: a cache date after its own Date, a Date an
 * hour behind its cache dates, dates that do not exist. Never a ✅ that did not happen.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type RunResult } from '../../../scripts/run-action.mjs'
import { runInProcess } from '../../support/run-in-process.js'
import { errorsOf, summaryRenderProblems, warningsOf } from './helpers.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** The edge's cache-date format, at `ms` (whole seconds, empty fraction). */
function cacheDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.Z (GMT) (1h 2m 3s of 7d)`
}

/** What one path answers, from the real time of the request; `delayMs` holds the answer back. */
interface Route {
  readonly delayMs?: number
  readonly headers: (now: number) => Record<string, string>
}

/** Set by each test: the purge it judges against (real time), and what each path answers. */
let purgedAt = 0
let routes: Record<string, Route> = {}
let server: Server
let siteUrl = ''

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes[request.url ?? '']
    const answer = (): void => {
      const now = Date.now()
      if (route === undefined) {
        response.writeHead(404, { 'acme-kc-status': 'MISS' }).end('not here')
        return
      }
      // Our own Date header, whatever it says: Node's would be right.
      response.sendDate = false
      response.writeHead(200, {
        date: new Date(now).toUTCString(),
        'content-type': 'text/html',
        ...route.headers(now)
      })
      response.end('<html>page</html>')
    }
    if (route?.delayMs) setTimeout(answer, route.delayMs)
    else answer()
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise(resolve => server.close(resolve))
})

/** A verify job of a matrix against the hostile edge, judged against `purgedAt`. */
function verifyJob(
  paths: readonly string[],
  extra: Record<string, string> = {}
): Promise<RunResult> {
  return runInProcess({
    inputs: {
      mode: 'verify',
      site_url: siteUrl,
      urls: paths.join('\n'),
      purged_at: new Date(purgedAt).toISOString(),
      devices: 'desktop',
      verify_timeout_seconds: '4',
      ...extra
    }
  })
}

/** A HIT cached at `cachedAt(now)`, the answer's Date at `dateAt(now)`. */
function hit(cachedAt: (now: number) => number, dateAt = (now: number) => now): Route {
  return {
    headers: now => ({
      date: new Date(dateAt(now)).toUTCString(),
      'acme-req': 'req-1',
      'acme-kc-status': 'HIT',
      'acme-kc-date': cacheDate(cachedAt(now))
    })
  }
}

describe('clocks read with suspicion', () => {
  it('a cache date after its own Date, and a cache date that does not exist: failed in words, never fresh', async () => {
    purgedAt = Date.now() - 10_000
    routes = {
      '/future': hit(now => now + HOUR),
      '/impossible': {
        headers: () => ({
          'acme-kc-status': 'HIT',
          'acme-kc-date': '2026-13-45T99:99:99.Z (GMT) (1s of 7d)'
        })
      },
      '/fresh': hit(now => now - 2000)
    }
    const result = await verifyJob(['/future', '/impossible', '/fresh'])
    expect(result.outputs['verify_status']).toBe('failed')
    expect(result.exitCode).toBe(1)
    expect(result.summary).toMatch(/❌ 2 failed \(1 because the edge’s clocks disagree\)/)
    expect(result.summary).toMatch(/✅ 1 fresh/)
    expect(result.summary).toMatch(
      /the edge&#39;s clocks disagree: its cache date &quot;[^&]+&quot; is after its own Date &quot;[^&]+&quot; \(req-1\)/
    )
    expect(result.summary).toMatch(
      /still failing at the deadline: HIT without a readable cache date \(&quot;2026-13-45T99:99:99\.Z/
    )
    expect(errorsOf(result).join('\n')).toMatch(
      /2 check\(s\) could not be made \(1 because the edge's clocks disagree: a cache date after the answer's own Date/
    )
    expect(await summaryRenderProblems(result)).toEqual([])
  }, 60_000)

  it('a Date an hour behind its cache dates: a page cached before the purge stays stale, and the offset is said', async () => {
    // A verify job half an hour after the purge; /behind was cached 45 min before it (real
    // time). The edge's Date runs an hour behind: in its clock the purge was at -60 min, so
    // -45 min read as after it. /recent, rendered 5 min ago (real time), answers first with a
    // cache date after its own Date: that shows the lie, and /behind is held to both clocks.
    purgedAt = Date.now() - 30 * MINUTE
    const cachedAt = purgedAt - 45 * MINUTE
    routes = {
      '/recent': hit(
        now => now - 5 * MINUTE,
        now => now - HOUR
      ),
      '/behind': {
        ...hit(
          () => cachedAt,
          now => now - HOUR
        ),
        delayMs: 500
      }
    }
    const result = await verifyJob(['/recent', '/behind'])
    expect(result.outputs['verify_status']).toBe('failed')
    expect(result.exitCode).toBe(1)
    expect(JSON.parse(result.outputs['stale'] ?? '[]')).toEqual([
      { url: `${siteUrl}/behind`, device: 'desktop', reason: 'not-purged-yet' }
    ])
    expect(warningsOf(result).join('\n')).toMatch(
      /^The edge's clock is (59 min 5\d s|1 h 00 min) behind the runner's \(from its Date headers\): more than 5 min apart, so one of them is wrong\. Some of its cache dates came after its own Date/m
    )
    expect(result.summary).toMatch(
      /⚠️ edge clock 3,[56]\d\d seconds behind the runner’s: more than 5 min apart, and its cache dates were seen after its own Date/
    )
    expect(result.summary).toContain(
      'after the purge by the edge’s clock but before it by the runner’s'
    )
  }, 60_000)
})
