/**
 * When to try a purge request again, and after how long. Pure: randomness comes in as a number.
 * Which statuses are worth another attempt is http/statuses.ts's rule for the service's API.
 */
import { backoffDelay, equalJitter } from '../http/backoff.js'

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

export function isAuthFailure(status: number): boolean {
  return AUTH_STATUSES.has(status)
}

/**
 * The wait before attempt `attempt + 1`: the one backoff (http/backoff.ts) with "equal jitter"
 * (half fixed, half random), so that parallel requests that failed together do not come back
 * together; a wait the service asked for is honoured (capped), with a little jitter on top.
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
  return backoffDelay(equalJitter(backoff.baseDelayMs, backoff.maxDelayMs), attempt - 1, random)
}
