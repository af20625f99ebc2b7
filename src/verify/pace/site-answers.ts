/**
 * What a site's answers ask of its readers (PURE): a 429, or a 5xx with a `Retry-After` it can
 * read, asks the whole job to slow down (site-backpressure.ts holds every request for it; the
 * looks before the purge stop); any other 5xx is one page's trouble, asked again after its own
 * wait (retryWaitMs). A `Retry-After` is granted at most MAX_SITE_RETRY_AFTER_MS.
 */
import { headerValue } from '../../http/headers.js'
import {
  grantedWaitMs,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
  waitBeforeRetryMs,
  type RetryAfterCap
} from '../../http/retry-after.js'
import { isRetryableSiteStatus } from '../../http/statuses.js'
import type { SiteAnswer } from '../judge/verdict.js'

/** The longest wait a site's `Retry-After` is granted: a longer one is cut to this. */
export const MAX_SITE_RETRY_AFTER_MS = MAX_RETRY_AFTER_MS

/** A site asking for more is cut to the cap, not refused: checking again costs it little. */
const SITE_CAP: RetryAfterCap & { beyond: 'cut' } = {
  maxMs: MAX_SITE_RETRY_AFTER_MS,
  beyond: 'cut'
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
 * The site asks the whole job to slow down: a 429, or a 5xx whose `Retry-After` can be read (a
 * 5xx without one is one page's trouble). The rule every reader of the site follows.
 */
export function isSiteOverload(
  answer: Pick<SiteAnswer, 'status' | 'headers'>,
  edgeNow: number
): boolean {
  if (!isRetryableSiteStatus(answer.status)) return false
  return answer.status === 429 || siteRetryAfterMs(answer, edgeNow) !== undefined
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
