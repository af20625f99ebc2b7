/**
 * Backpressure from the public site. A 429, or a 5xx with a `Retry-After`, is the site asking the
 * whole job to slow down: every request waits what it asked (at most MAX_SITE_RETRY_AFTER_MS) or
 * the backoff, then half as many are in flight, raised again as answers come: the action's one
 * rule (http/backpressure.ts) over the slots in flight (http/in-flight.ts), as for the purge
 * sender. This module turns the site's answers into that rule's events and its hold into a time
 * every reader of the site waits for (`heldUntil`, and the rate gate's hold). retryWaitMs is how
 * long one check waits after such an answer.
 */
import { backoffDelay, type Backoff } from '../../http/backoff.js'
import { headerValue } from '../../http/headers.js'
import { AdaptiveInFlight } from '../../http/in-flight.js'
import {
  grantedWaitMs,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
  waitBeforeRetryMs,
  type RetryAfterCap
} from '../../http/retry-after.js'
import { isRetryableSiteStatus } from '../../http/statuses.js'
import { skewMs, type SkewEstimate } from '../judge/edge-clock-skew.js'
import type { SiteAnswer } from '../judge/verdict.js'
import type { Semaphore } from './semaphore.js'
import type { RateGate } from './rate-queue.js'
import type { Overload } from '../check/options.js'

/** The longest wait a site's `Retry-After` is granted: a longer one is cut to this. */
export const MAX_SITE_RETRY_AFTER_MS = MAX_RETRY_AFTER_MS

/** A site asking for more is cut to the cap, not refused: checking again costs it little. */
const SITE_CAP: RetryAfterCap & { beyond: 'cut' } = {
  maxMs: MAX_SITE_RETRY_AFTER_MS,
  beyond: 'cut'
}

export interface BackpressureSettings {
  /** The runner's time no pause lasts past. */
  readonly deadline: number
  /** A 429 without `Retry-After` pauses this backoff's step, one further per overload in a row. */
  readonly backoff: Backoff
  readonly random: () => number
  /** Told of each overload (once per pause, not per answer). */
  readonly onOverload?: ((overload: Overload) => void) | undefined
}

export class SiteBackpressure {
  private readonly inFlight: AdaptiveInFlight
  private overloads = 0
  private heldBack = 0

  /** `slots`: the requests in flight, resized as the rule says; `rate`: held while paused. */
  constructor(
    slots: Semaphore,
    private readonly rate: RateGate | undefined,
    private readonly settings: BackpressureSettings
  ) {
    this.inFlight = new AdaptiveInFlight(slots)
  }

  /** No request leaves before this time (runner's clock). */
  get heldUntil(): number {
    return this.inFlight.heldUntil
  }

  /** Overloads, each pausing every request (the answers during one's hold count once). */
  get count(): number {
    return this.overloads
  }

  /** How long the overloads held the requests back in all (overlapping pauses counted once). */
  get heldBackMs(): number {
    return this.heldBack
  }

  /**
   * Every answer, as it arrives: a 429, or a 5xx with `Retry-After`, is an overload; any other
   * answer counts towards raising the limit again, but another 5xx is one page's trouble, with
   * its own backoff (retryWaitMs). `now` is the runner's clock; `skew` places a `Retry-After`
   * date, which is in the edge's.
   */
  noteAnswer(answer: SiteAnswer, now: number, skew: SkewEstimate): void {
    if (!isRetryableSiteStatus(answer.status)) {
      this.inFlight.answered()
      return
    }
    const retryAfter = headerValue(answer.headers, 'retry-after')
    const asked = siteRetryAfterMs(answer, now + skewMs(skew))
    if (answer.status !== 429 && asked === undefined) return
    const pauseMs =
      asked ??
      backoffDelay(this.settings.backoff, this.inFlight.overloadsInARow, this.settings.random())
    const until = Math.min(this.settings.deadline, now + pauseMs)
    const heldUntil = this.inFlight.heldUntil
    const newOverload = this.inFlight.overloaded(now, until)
    if (newOverload) this.overloads++
    if (until > heldUntil) {
      this.heldBack += until - Math.max(now, heldUntil)
      this.rate?.holdUntil(until)
    }
    if (newOverload) {
      this.settings.onOverload?.({
        status: answer.status,
        ...(asked !== undefined && retryAfter !== undefined && { retryAfter }),
        pauseMs: Math.max(0, until - now),
        inFlight: this.inFlight.limit
      })
    }
  }
}

/**
 * The wait before asking one check again after a 429 or 5xx: `backoffMs`, or longer when the
 * site's `Retry-After` asks for it (a date there is in the edge's clock: `edgeNow`), up to
 * MAX_SITE_RETRY_AFTER_MS so that one header cannot park a check for hours; the loop's sleep
 * keeps it inside the deadline anyway.
 */
export function retryWaitMs(answer: SiteAnswer, backoffMs: number, edgeNow: number): number {
  return waitBeforeRetryMs(siteAskedMs(answer, edgeNow), backoffMs, SITE_CAP)
}

/**
 * What a site's answer asks every request to wait by its `Retry-After` (a date there is in the
 * edge's clock: `edgeNow`), cut to MAX_SITE_RETRY_AFTER_MS; undefined when it asks nothing. The
 * header means something only on a 429 or a 5xx: on any other answer it is ignored. One rule
 * for the site's backpressure and one check's retry.
 */
export function siteRetryAfterMs(
  answer: Pick<SiteAnswer, 'status' | 'headers'>,
  edgeNow: number
): number | undefined {
  return grantedWaitMs(siteAskedMs(answer, edgeNow), SITE_CAP)
}

/** What the site's `Retry-After` asks, uncut; read only on a 429 or a 5xx. */
function siteAskedMs(
  answer: Pick<SiteAnswer, 'status' | 'headers'>,
  edgeNow: number
): number | undefined {
  if (!isRetryableSiteStatus(answer.status)) return undefined
  return retryAfterMs(headerValue(answer.headers, 'retry-after'), edgeNow)
}
