/**
 * The one backoff of the action: every wait before asking a server again (a purge request, a
 * GitHub API call, a stale page, the origin) grows by a factor from a first wait, jittered so
 * that requests that failed together do not come back together, and never past a maximum.
 * Each caller has its own numbers (a Backoff); the rule is this one. Pure: the random number
 * comes in, so tests choose it.
 */

export interface Backoff {
  /** The first wait. */
  readonly firstMs: number
  /** Each wait is this many times the one before it. */
  readonly factor: number
  /** No wait is longer, jitter included. */
  readonly maxMs: number
  /** The wait is multiplied by a random factor in [1 - jitter, 1 + jitter], then capped. */
  readonly jitter: number
}

/**
 * The wait after `attempt` earlier waits (0: the first), for `random` in [0, 1). Jitter first,
 * then the cap: a wait never exceeds the maximum.
 */
export function backoffDelay(backoff: Backoff, attempt: number, random: number): number {
  const base = backoff.firstMs * backoff.factor ** Math.max(0, attempt)
  const jitter = 1 + backoff.jitter * (2 * random - 1)
  return Math.round(Math.min(backoff.maxMs, base * jitter))
}

/**
 * "Equal jitter" as a Backoff: the n-th wait lies between half of `firstMs * 2^n` and all of
 * it (half fixed, half random), as AWS's backoff note names it; capped at `maxMs`.
 */
export function equalJitter(firstMs: number, maxMs: number): Backoff {
  return { firstMs: (firstMs * 3) / 4, factor: 2, maxMs, jitter: 1 / 3 }
}
