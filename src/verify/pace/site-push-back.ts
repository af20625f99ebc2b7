/**
 * The public site pushing back on the verification. A 429, or a 5xx with a `Retry-After`, is
 * the site asking the whole job to slow down: every request waits what it asked (at most
 * MAX_SITE_RETRY_AFTER_MS) or the backoff, and then half as many are in flight, raised again by
 * one after each run of answers as long as the bound: the action's one push-back rule
 * (http/push-back.ts) over the slots in flight (http/in-flight.ts), which the purge sender
 * shares. This module turns the site's answers into that rule's events, and its hold into the
 * waiting of whatever reads the site (the checks' loop, the tag reading before the purge): the
 * rate gate's hold, the `heldUntil` every request waits for. It also says how long one check waits
 * after such an answer (retryWaitMs).
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
import type { PushBack } from '../check/options.js'

/** The longest wait a site's `Retry-After` is granted: a longer one is cut to this. */
export const MAX_SITE_RETRY_AFTER_MS = MAX_RETRY_AFTER_MS

/** A site asking for more is cut to the cap, not refused: checking again costs it little. */
const SITE_CAP: RetryAfterCap & { beyond: 'cut' } = {
  maxMs: MAX_SITE_RETRY_AFTER_MS,
  beyond: 'cut'
}

export interface PushBackSettings {
  /** The runner's time after which nothing waits: no pause lasts past it. */
  readonly deadline: number
  /** A 429 without `Retry-After` pauses this backoff's step, one further per push-back in a row. */
  readonly backoff: Backoff
  readonly random: () => number
  /** Told when the site pushed back and every request waits (once per pause, not per answer). */
  readonly onPushBack?: ((pushBack: PushBack) => void) | undefined
}

export class SitePushBack {
  private readonly inFlight: AdaptiveInFlight
  private pushBacks = 0
  private heldBack = 0

  /** `slots`: the requests in flight, resized as the rule says; `rate`: held while paused. */
  constructor(
    slots: Semaphore,
    private readonly rate: RateGate | undefined,
    private readonly settings: PushBackSettings
  ) {
    this.inFlight = new AdaptiveInFlight(slots)
  }

  /** The site pushed back: no request leaves before this time (runner's clock). */
  get heldUntil(): number {
    return this.inFlight.heldUntil
  }

  /** Times the site pushed back, each pausing every request (a push-back's answers count once). */
  get count(): number {
    return this.pushBacks
  }

  /** How long the push-backs held the requests back in all (overlapping pauses counted once). */
  get heldBackMs(): number {
    return this.heldBack
  }

  /**
   * Every answer, as it arrives: a 429, or a 5xx with `Retry-After`, is a push-back. Answers to
   * requests sent before the pause began are part of the same push-back: they may lengthen the
   * pause, but halve nothing again. Any other answer counts towards raising the bound again.
   * Another 5xx is one page's trouble: its own backoff (retryWaitMs). `now` is the runner's
   * clock; `skew` places a `Retry-After` date, which is in the edge's.
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
      backoffDelay(this.settings.backoff, this.inFlight.pushBacksInARow, this.settings.random())
    const until = Math.min(this.settings.deadline, now + pauseMs)
    const heldUntil = this.inFlight.heldUntil
    const newPushBack = this.inFlight.pushedBack(now, until)
    if (newPushBack) this.pushBacks++
    if (until > heldUntil) {
      this.heldBack += until - Math.max(now, heldUntil)
      this.rate?.holdUntil(until)
    }
    if (newPushBack) {
      this.settings.onPushBack?.({
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
 * for the checks' push-back, one check's retry and the tag reading's hold.
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
