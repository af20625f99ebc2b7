/**
 * When to look at origin_url again: a backoff growing from 2 s to 15 s with jitter, longer
 * when the origin asks for it (`Retry-After` on a 429 or 5xx), never past the deadline (the last
 * look is made at the deadline). Pure: the caller's clock and random numbers go in.
 */

import { backoffDelay, type Backoff } from '../http/backoff.js'

export interface OriginWaitPolicy extends Backoff {
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

/** The wait after `misses` looks that did not show the build (1 after the first). */
export function backoffMs(policy: OriginWaitPolicy, misses: number, random: number): number {
  return backoffDelay(policy, misses - 1, random)
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
