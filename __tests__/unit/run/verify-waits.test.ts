/**
 * The run in process, every wait of the verification bounded by its deadline: the action's run in a child
 * process against the emulator's public site, at rates far too low for the pages. The step
 * ends within a few seconds of verify_timeout_seconds, whatever the rate, and counts what it
 * could not start.
 */
import { describe, expect, it } from '@jest/globals'
import { runInProcess } from '../../support/run-in-process.js'
import { API_KEY, errorsOf, useEmulator } from './helpers.js'

const emulator = useEmulator({ apiKey: API_KEY, sitePort: 0 })

describe('a rate too low for the deadline', () => {
  for (const rate of ['0.2', '0.0001']) {
    it(`rate ${rate}, verify_timeout_seconds 5: ends by the deadline, the rest "not started"`, async () => {
      // Nothing purges the seeded pages (cached an hour ago): every check stays stale, so each
      // would be asked again until the deadline if the rate let it.
      const result = await runInProcess({
        inputs: {
          mode: 'verify',
          site_url: emulator().siteUrl,
          urls: '/about\n/contact\n/',
          purged_at: new Date().toISOString(),
          rate,
          verify_timeout_seconds: '5'
        }
      })
      // A worker waiting its turn under the rate would otherwise wait it out past the deadline:
      // one interval per worker (25 s at 0.2, days at 0.0001).
      expect(result.durationMs).toBeLessThan(5000 + 7000)
      expect(result.exitCode).toBe(1)
      expect(result.outputs['verify_status']).toBe('failed')
      const pageRequests = emulator().siteRequests.filter(request => request.url !== '/robots.txt')
      expect(pageRequests.length).toBeGreaterThanOrEqual(1)
      expect(pageRequests.length).toBeLessThanOrEqual(2)
      expect(errorsOf(result).join('\n')).toMatch(
        /check\(s\) not started before the deadline \(verify_timeout_seconds: 5\)/
      )
      expect(result.summary).toMatch(/⏳ [45] not started before the deadline/)
      expect(result.stdout).toMatch(
        /No request could leave before the deadline any more \(at this rate, the next request's turn came at or after the deadline\)/
      )
      expect(result.summary).toMatch(
        /ended [\d.]+ s before the deadline: at this rate no further request/
      )
    }, 120_000)
  }
})
