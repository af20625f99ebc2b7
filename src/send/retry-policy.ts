/**
 * When to try a purge request again, and after how long. Pure: randomness comes in as a number.
 * Which statuses are worth another attempt is http/statuses.ts's rule for the service's API.
 */
import { backoffDelay, equalJitter } from '../http/backoff.js'
import { grantedWaitMs, MAX_RETRY_AFTER_MS } from '../http/retry-after.js'

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

export const DEFAULT_BACKOFF: BackoffSettings = {
  baseDelayMs: 1000,
  maxDelayMs: MAX_RETRY_AFTER_MS
}

export function isAuthFailure(status: number): boolean {
  return AUTH_STATUSES.has(status)
}

/**
 * The wait before attempt `attempt + 1`: the one backoff (http/backoff.ts) with "equal jitter"
 * (half fixed, half random), so that parallel requests that failed together do not come back
 * together; a wait the service asked for is honoured, cut to the longest wait as the action's
 * one Retry-After policy says (http/retry-after.ts), with a little jitter on top. Unlike the
 * GitHub client and the site's checks, the service's wait is not raised to the backoff: the
 * service's documentation promises a new request is allowed after it, and the sender's limiter
 * has already halved the requests in flight.
 */
export function retryDelayMs(
  attempt: number,
  backoff: BackoffSettings,
  random: number,
  status?: number,
  requestedMs?: number
): number {
  const honoured = status !== undefined && WAIT_HONOURING_STATUSES.has(status)
  const asked = honoured
    ? grantedWaitMs(requestedMs, { maxMs: backoff.maxDelayMs, beyond: 'cut' })
    : undefined
  if (asked !== undefined) {
    return Math.round(asked + random * Math.min(250, asked * 0.1))
  }
  return backoffDelay(equalJitter(backoff.baseDelayMs, backoff.maxDelayMs), attempt - 1, random)
}
