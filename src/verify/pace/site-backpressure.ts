/**
 * Backpressure from the public site. A 429, or a 5xx with a `Retry-After`, is the site asking the
 * whole job to slow down: every request waits what it asked (at most MAX_SITE_RETRY_AFTER_MS) or
 * the backoff, then half as many are in flight, raised again as answers come: the action's one
 * rule (http/backpressure.ts) over the slots in flight (http/in-flight.ts), as for the purge
 * sender. This module turns the site's answers into that rule's events and its hold into a time
 * every reader of the site waits for (`heldUntil`, and the rate gate's hold). What counts as an
 * overload, and how long one check waits after such an answer, is site-answers.ts's.
 */
import { backoffDelay, type Backoff } from '../../http/backoff.js'
import { headerValue } from '../../http/headers.js'
import { AdaptiveInFlight } from '../../http/in-flight.js'
import { isRetryableSiteStatus } from '../../http/statuses.js'
import { isSiteOverload, siteRetryAfterMs } from './site-answers.js'
import { skewMs, type SkewEstimate } from '../judge/edge-clock-skew.js'
import type { SiteAnswer } from '../judge/verdict.js'
import type { Semaphore } from './semaphore.js'
import type { RateGate } from './rate-queue.js'
import type { Overload } from '../check/options.js'

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
    const edgeNow = now + skewMs(skew)
    if (!isSiteOverload(answer, edgeNow)) return
    const retryAfter = headerValue(answer.headers, 'retry-after')
    const asked = siteRetryAfterMs(answer, edgeNow)
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
