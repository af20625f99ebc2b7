/**
 * When to try a request again, and after how long. Pure: randomness comes in as a number.
 */

/** Answers worth another attempt: rate limiting and the server errors a retry can outlast. */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504])
/** Statuses after which every other request would fail the same way: the run stops. */
const AUTH_STATUSES = new Set([401, 403])
/** Statuses whose Retry-After / X-RateLimit-Reset we honour. */
const WAIT_HONOURING_STATUSES = new Set([429, 503])

export interface BackoffSettings {
  /** First backoff step; doubles with each attempt. */
  readonly baseDelayMs: number
  /** No single wait is longer, whatever the service asks. */
  readonly maxDelayMs: number
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseDelayMs: 1000, maxDelayMs: 60_000 }

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status)
}

export function isAuthFailure(status: number): boolean {
  return AUTH_STATUSES.has(status)
}

/**
 * The wait before attempt `attempt + 1`. Exponential backoff with "equal jitter" (half fixed,
 * half random), so that parallel requests that failed together do not come back together;
 * a wait the service asked for is honoured (capped), with a little jitter on top.
 */
export function retryDelayMs(
  attempt: number,
  backoff: BackoffSettings,
  random: number,
  status?: number,
  requestedMs?: number
): number {
  if (status !== undefined && WAIT_HONOURING_STATUSES.has(status) && requestedMs !== undefined) {
    const asked = Math.min(requestedMs, backoff.maxDelayMs)
    return Math.round(asked + random * Math.min(250, asked * 0.1))
  }
  const exponential = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** (attempt - 1))
  return Math.round(exponential / 2 + (random * exponential) / 2)
}
