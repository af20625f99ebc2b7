/**
 * The one Retry-After policy (http/retry-after.ts): the header read strictly (seconds or an
 * IMF-fixdate in the answer's own clock), the wait granted up to a cap (cut to it, or refused
 * by a caller that rather fails than waits that long), the caller's backoff when nothing was
 * asked. The purge sender, the GitHub client and the site's backpressure all go through it.
 */
import { describe, expect, it } from '@jest/globals'
import {
  answerNow,
  grantedWaitMs,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
  waitBeforeRetryMs
} from '../../src/http/retry-after.js'
import { requestedWaitMs } from '../../src/send/answer.js'

const CUT = { maxMs: MAX_RETRY_AFTER_MS, beyond: 'cut' } as const
const REFUSE = { maxMs: MAX_RETRY_AFTER_MS, beyond: 'refuse' } as const

describe('the Retry-After policy', () => {
  it('reads whole seconds, or an IMF-fixdate against the given clock, and nothing else', () => {
    const now = Date.parse('Sat, 28 Nov 2026 10:00:00 GMT')
    expect(retryAfterMs(' 5 ', now)).toBe(5000)
    expect(retryAfterMs('Sat, 28 Nov 2026 10:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0)
    for (const unreadable of [undefined, '', '-5', '3, 5', '1.5', '2026-11-28']) {
      expect(retryAfterMs(unreadable, now)).toBeUndefined()
    }
  })

  it("places a date by the answer's own Date, the runner's clock when it has none", () => {
    const runner = Date.parse('Sat, 28 Nov 2026 10:00:00 GMT')
    expect(answerNow('Sat, 28 Nov 2026 10:00:20 GMT', runner)).toBe(runner + 20_000)
    expect(answerNow(undefined, runner)).toBe(runner)
    expect(answerNow('yesterday-ish', runner)).toBe(runner)
  })

  it('grants a wait up to the cap, and cuts or refuses a longer one as the caller says', () => {
    expect(grantedWaitMs(undefined, CUT)).toBeUndefined()
    expect(grantedWaitMs(3000, CUT)).toBe(3000)
    expect(grantedWaitMs(MAX_RETRY_AFTER_MS, REFUSE)).toBe(MAX_RETRY_AFTER_MS)
    expect(grantedWaitMs(3_600_000, CUT)).toBe(MAX_RETRY_AFTER_MS)
    expect(grantedWaitMs(3_600_000, REFUSE)).toBe('refused')
  })

  it('waits at least the backoff, the backoff alone when nothing was asked', () => {
    expect(waitBeforeRetryMs(undefined, 800, CUT)).toBe(800)
    expect(waitBeforeRetryMs(200, 800, CUT)).toBe(800)
    expect(waitBeforeRetryMs(5000, 800, CUT)).toBe(5000)
    expect(waitBeforeRetryMs(3_600_000, 800, CUT)).toBe(MAX_RETRY_AFTER_MS)
    expect(waitBeforeRetryMs(3_600_000, 800, REFUSE)).toBeUndefined()
  })
})

describe("a Retry-After date is read in the answer's clock", () => {
  it("by the purge sender, whose runner's clock is not the service's", () => {
    const serviceNow = 'Sat, 28 Nov 2026 10:00:00 GMT'
    const headers = { date: serviceNow, 'retry-after': 'Sat, 28 Nov 2026 10:00:30 GMT' }
    // The runner's (virtual) clock says 0: against it, the date would be 56 years away.
    expect(requestedWaitMs(headers, 0)).toBe(30_000)
  })
})
