/**
 * When to look at origin_url again: a backoff growing from 2 s to 15 s with jitter, longer
 * when the origin asks for it (`Retry-After` on a 429 or 5xx), never past the deadline (the last
 * look is made at the deadline). Pure: the caller's clock and random numbers go in.
 */

export interface OriginWaitPolicy {
  readonly firstMs: number
  readonly maxMs: number
  readonly factor: number
  /** The backoff is multiplied by a random factor in [1 - jitter, 1 + jitter], then capped. */
  readonly jitter: number
  /** How often the wait says where it is. */
  readonly progressEveryMs: number
  /** A look's request timeout is never cut below this, even near the deadline. */
  readonly minLookTimeoutMs: number
}

export const ORIGIN_WAIT_POLICY: OriginWaitPolicy = {
  firstMs: 2000,
  maxMs: 15_000,
  factor: 1.5,
  jitter: 0.2,
  progressEveryMs: 15_000,
  minLookTimeoutMs: 5000
}

export type NextLook =
  /** Look again after this wait. */
  | { readonly kind: 'wait'; readonly ms: number }
  /** No look is left: the deadline has passed, or the origin asked to wait past it. */
  | { readonly kind: 'stop'; readonly reason: 'deadline' | 'retry-after' }

export interface NextLookInput {
  /** Looks that did not show the build so far, this one included (1 after the first). */
  readonly misses: number
  readonly now: number
  readonly deadline: number
  /** The wait the origin asked for (Retry-After), if any. */
  readonly retryAfterMs?: number
  /** A number in [0, 1). */
  readonly random: number
}

export function backoffMs(policy: OriginWaitPolicy, misses: number, random: number): number {
  const base = policy.firstMs * policy.factor ** Math.max(0, misses - 1)
  const jitter = 1 + policy.jitter * (2 * random - 1)
  // Jitter first, then the cap: a wait never exceeds the maximum.
  return Math.round(Math.min(policy.maxMs, base * jitter))
}

export function nextLook(policy: OriginWaitPolicy, input: NextLookInput): NextLook {
  const remaining = input.deadline - input.now
  if (remaining <= 0) return { kind: 'stop', reason: 'deadline' }
  const backoff = backoffMs(policy, input.misses, input.random)
  const asked = input.retryAfterMs
  // Asked not to come back before the deadline: no look is left to make.
  if (asked !== undefined && asked > remaining) return { kind: 'stop', reason: 'retry-after' }
  const wanted = asked === undefined ? backoff : Math.max(backoff, asked)
  return { kind: 'wait', ms: Math.min(wanted, remaining) }
}

/** A look's request timeout: timeout_seconds, cut near the deadline but never below the minimum. */
export function lookTimeoutMs(
  policy: OriginWaitPolicy,
  requestTimeoutMs: number,
  remainingMs: number
): number {
  return Math.min(requestTimeoutMs, Math.max(remainingMs, policy.minLookTimeoutMs))
}
