/**
 * The one `Retry-After` policy of the action: how a server's "ask me again later" becomes a
 * wait, for the purge service's answers (send/), GitHub's (github/client.ts) and the public
 * site's (verify/pace/site-backpressure.ts), and the origin's (origin/wait.ts).
 *
 * - The header is read strictly (RFC 9110 §10.2.3): whole seconds, or an IMF-fixdate (the only
 *   date form a sender may use nowadays). Anything else is ignored so that the caller's own
 *   backoff applies: Date.parse reads `-5` or `3, 5` as dates long past, which would turn
 *   backoff off.
 * - A date is in the answer's clock, not the runner's: the caller says where that clock is
 *   (answerNow() reads the answer's own `Date`; the site's checks use their skew estimate).
 * - A granted wait is capped: one header must not park the job for hours. Past the cap a caller
 *   either cuts the wait to it (the service, the site: waiting a minute and asking again costs
 *   nothing) or refuses it (GitHub: a quota spent for an hour will not come back in a minute,
 *   so the request fails at once and says so). That choice is the only difference between the
 *   callers, so it is a parameter, not a copy.
 */

/** The longest wait one `Retry-After` (or the like) is granted, unless a caller says otherwise. */
export const MAX_RETRY_AFTER_MS = 60_000

/** How long a server may make us wait, and what a longer wait does. */
export interface RetryAfterCap {
  /** The longest wait granted. */
  readonly maxMs: number
  /** A longer wait is cut to `maxMs` (`cut`), or not granted at all (`refuse`). */
  readonly beyond: 'cut' | 'refuse'
}

/** RFC 9110's preferred HTTP-date. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

/**
 * The wait a `Retry-After` value asks for, in milliseconds; undefined when absent or not
 * readable. `now` is the sender's clock as far as it is known (a date is in the sender's time).
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+$/.test(text)) return Number(text) * 1000
  if (IMF_FIXDATE.test(text)) {
    const date = Date.parse(text)
    if (!Number.isNaN(date)) return Math.max(0, date - now)
  }
  return undefined
}

/**
 * Now in the answer's clock: its `Date` header when readable, else the runner's `now`. A
 * `Retry-After` date is the server's time, so it is read against the server's clock.
 */
export function answerNow(date: string | undefined, now: number): number {
  const answered = date === undefined ? Number.NaN : Date.parse(date)
  return Number.isNaN(answered) ? now : answered
}

/**
 * The wait granted to what a server asked (`askedMs`: its `Retry-After`, or the like); undefined
 * when it asked nothing, `refused` when it asked more than the cap allows and the cap refuses.
 */
export function grantedWaitMs(
  askedMs: number | undefined,
  cap: RetryAfterCap & { beyond: 'cut' }
): number | undefined
export function grantedWaitMs(
  askedMs: number | undefined,
  cap: RetryAfterCap
): number | 'refused' | undefined
export function grantedWaitMs(
  askedMs: number | undefined,
  cap: RetryAfterCap
): number | 'refused' | undefined {
  if (askedMs === undefined || askedMs <= cap.maxMs) return askedMs
  return cap.beyond === 'cut' ? cap.maxMs : 'refused'
}

/**
 * The wait before asking again: what the server asked as the cap grants it, but never less
 * than the caller's own `backoffMs` (a `Retry-After: 0` must not turn backoff off); the backoff
 * alone when nothing was asked; undefined when the cap refused the wait (the caller gives up).
 */
export function waitBeforeRetryMs(
  askedMs: number | undefined,
  backoffMs: number,
  cap: RetryAfterCap & { beyond: 'cut' }
): number
export function waitBeforeRetryMs(
  askedMs: number | undefined,
  backoffMs: number,
  cap: RetryAfterCap
): number | undefined
export function waitBeforeRetryMs(
  askedMs: number | undefined,
  backoffMs: number,
  cap: RetryAfterCap
): number | undefined {
  const granted = grantedWaitMs(askedMs, cap)
  if (granted === 'refused') return undefined
  return Math.max(backoffMs, granted ?? 0)
}
