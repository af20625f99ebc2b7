/**
 * Which answers are worth another attempt. Two rules, for two kinds of server:
 * - the service's API documents its statuses (docs/service.md): 429 and the server errors
 *   500, 502, 503 and 504. Another status (501, 505, ...) would answer the same again.
 * - a public site (the edge, an origin, a sitemap host) may put any 5xx in front of a busy or
 *   failing backend (edges use 520 to 530 for an origin that does not answer), so every 5xx
 *   and 429 is asked again.
 */

const RETRYABLE_API_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504])

/** An answer of the service's API that a later attempt can outlast. */
export function isRetryableApiStatus(status: number): boolean {
  return RETRYABLE_API_STATUSES.has(status)
}

/** An answer of a public site that says it is busy or failing, whatever headers it carries. */
export function isRetryableSiteStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599)
}
