/**
 * `Retry-After` (RFC 9110 §10.2.3), read strictly: whole seconds, or an IMF-fixdate (the only
 * date form a sender may use nowadays). Anything else is ignored so that the caller's own
 * backoff applies: Date.parse reads `-5` or `3, 5` as dates long past, which would turn
 * backoff off. Used for the service's answers and for the public site's.
 */

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
