/**
 * Judging one answer of the public site for one (page, device) check, from the edge's headers
 * (see "The public site: what the edge tells" in the service contract) and, with the content
 * proof, from what the transport found in the body (build/scan-body.ts). Pure: the answer, the
 * runner's time of the purge's acceptance, the skew estimate and the brand prefix the site showed
 * so far go in, a verdict comes out; reading the headers is http/edge-headers.ts's.
 */
import type { ContentEvidence } from '../../build/scan-body.js'
import { datesUntrusted, observeSkew, type SkewEstimate } from './edge-clock-skew.js'
import { parseEdgeDate, type EdgeInstant } from './edge-date.js'
import { fromKeptEntry, readEdgeHeaders, type EdgeReading } from '../../http/edge-headers.js'
import { headerValue, type Headers } from '../../http/headers.js'
import { isRetryableSiteStatus } from '../../http/statuses.js'

export type { ContentEvidence }

export interface SiteAnswer {
  readonly status: number
  /** Header names in lower case, as Node gives them. */
  readonly headers: Headers
  /** The runner's clock when the request left and when the answer's headers arrived. */
  readonly sentAt: number
  readonly receivedAt: number
  /** What the body showed of the build, when the content proof asked (2xx answers only). */
  readonly content?: ContentEvidence
}

/**
 * The skew estimate narrowed by the answer's `Date` header, when it has a readable one; the
 * same estimate otherwise. Every reader of the site (the checks, the tag reading) learns so.
 */
export function observeAnswerSkew(
  estimate: SkewEstimate,
  answer: Pick<SiteAnswer, 'headers' | 'sentAt' | 'receivedAt'>
): SkewEstimate {
  const date = parseEdgeDate(headerValue(answer.headers, 'date'))
  return date ? observeSkew(estimate, date, answer.sentAt, answer.receivedAt) : estimate
}

/**
 * Why a check is stale: the purge has not reached this data center yet, or it has and the page
 * was rendered again from an origin serving another build (fresh by its cache date,
 * without the build in it).
 */
export type StaleReason = 'not-purged-yet' | 'old-content'

/**
 * Why an answer is asked again, when the reason is worth telling apart at the deadline: the
 * edge's clocks disagree (a cache date after its own answer's `Date`, which one clock cannot
 * write), so its dates prove nothing.
 */
export type RetryCause = 'clocks-disagree'

export type Verdict =
  /** The purge took effect: HIT with a cache date after it (warm), or EXTRACTING (not yet). */
  | { readonly kind: 'fresh'; readonly warm: boolean }
  /** Not yet, or old content (see StaleReason); `detail` says more of old content. */
  | {
      readonly kind: 'stale'
      readonly reason: StaleReason
      readonly cacheDate: string
      /** The cache date read (edge's clock), when it could be. */
      readonly cachedAtMs?: number
      readonly detail?: string
      /**
       * After the purge by the edge's clock, before it by the runner's, on an edge whose `Date`
       * cannot place its cache dates (edge-clock-skew.ts, datesUntrusted): both must agree before a
       * page counts as fresh.
       */
      readonly staleInRunnerClockOnly?: true
    }
  /**
   * EXTRACTING with the content proof: the purge arrived and the page is being rendered; the
   * HIT that follows says whether the render that is cached has the build.
   */
  | { readonly kind: 'rendering' }
  /** `<Prefix>-Bypass`: the edge bypassed its cache for this answer, for `reason`. */
  | { readonly kind: 'bypassed'; readonly reason: string }
  /** MISS: the page is not cacheable, so nothing stale can be served. */
  | { readonly kind: 'not-cacheable' }
  /** DYNAMIC: the cache is not delivered to this client; nothing to judge. */
  | { readonly kind: 'unverifiable' }
  /** 404 or 410: the page is gone, which is fresh too. */
  | { readonly kind: 'gone' }
  /** 429, 5xx, or an answer that cannot be read (or not trusted): ask again later. */
  | { readonly kind: 'retry'; readonly reason: string; readonly cause?: RetryCause }
  /** No status header: the site does not answer through the rendering cache. */
  | { readonly kind: 'no-status-header'; readonly gone: boolean }

/**
 * `purgeAcceptedAt` is the runner's time of the answer that accepted the purge of this page; `skew`
 * says how far the edge's clock is from the runner's. The cache date is compared with the
 * acceptance in the edge's clock, giving the benefit of the doubt the clocks' resolution leaves (an
 * entry cached within about a second of the acceptance counts as fresh); on an edge whose `Date`
 * cannot place its cache dates (edge-clock-skew.ts, datesUntrusted), in the runner's clock as well.
 * A cache date after its own answer's `Date`, or one that does not exist, is asked again, never
 * fresh. Without a purge time (a warm-up of pages nothing purged), any HIT is fresh and warm.
 *
 * With `proveContent`, fresh also needs the build in the body of a 2xx answer (`answer.content`):
 * a HIT fresh by its date without it is stale, old content; EXTRACTING is `rendering`, even
 * when its body shows the build: what an EXTRACTING answer carries is not documented to be the
 * render that gets cached (the render fetches the origin itself, and in a rolling deploy may reach
 * an instance still on an older build), so only the cached copy, the HIT, proves the content.
 * A body that could not be read is asked again. A cached redirect is judged by its date alone.
 */
export function judge(
  answer: SiteAnswer,
  purgeAcceptedAt: number | undefined,
  skew: SkewEstimate,
  proveContent = false,
  /** The brand prefix the site's earlier answers showed: it vouches for a bare `-Bypass`. */
  knownPrefix?: string
): Verdict {
  if (isRetryableSiteStatus(answer.status)) {
    return { kind: 'retry', reason: `HTTP ${answer.status}` }
  }
  const edge = readEdgeHeaders(answer.headers, knownPrefix)
  const gone = answer.status === 404 || answer.status === 410
  // A 404 without the header is what an origin server (a wrong site_url) answers: the loop
  // stops on it unless the site has already shown the header, and then takes it as gone.
  if (edge === undefined) return { kind: 'no-status-header', gone }
  if (gone) return { kind: 'gone' }
  const { prefix, status = '', bypass } = edge
  if (status === 'DYNAMIC') return { kind: 'unverifiable' }
  // Not served from the cache, whatever else it says (or whether it says a status at all: a
  // cache that was not consulted has none to give): neither fresh nor stale.
  if (bypass !== undefined) return { kind: 'bypassed', reason: bypass }
  // Only a page shows a build: a cached redirect (3xx) or another non-2xx answer has no body
  // to prove (the transport reads none), so its cache date alone judges it, as without the proof.
  const proving = proveContent && answer.status >= 200 && answer.status <= 299
  switch (status) {
    case 'EXTRACTING':
      return proving ? { kind: 'rendering' } : { kind: 'fresh', warm: false }
    case 'MISS':
      return { kind: 'not-cacheable' }
    case 'HIT':
      return judgeHit(answer, prefix, purgeAcceptedAt, skew, proving)
    default:
      return { kind: 'retry', reason: `unknown cache status ${JSON.stringify(status)}` }
  }
}

/**
 * Where an entry cached at `cached` (the edge's clock) stands against the purge accepted at
 * `purgeAcceptedAt` (the runner's clock), `skew` placing one clock in the other: the one rule
 * by which a HIT is after its purge, for pages (judgeHit) and for an asset purged by URL
 * (asset-checks.ts). `headers` are the answer's, for its own `Date`.
 */
export function placeCachedAt(
  headers: Headers,
  cached: EdgeInstant,
  purgeAcceptedAt: number,
  skew: SkewEstimate
): 'after' | 'before' | 'before-in-runner-clock' | 'clocks-disagree' {
  // One clock cannot cache an entry after the moment it answers with it: a cache date past
  // the answer's own Date (beyond that header's one-second resolution) means the edge's clocks
  // disagree, and neither date can say whether the entry is fresh.
  const answeredAt = parseEdgeDate(headerValue(headers, 'date'))
  if (answeredAt !== undefined && cached.ms >= answeredAt.ms + answeredAt.resolutionMs) {
    return 'clocks-disagree'
  }
  // The earliest the acceptance can be in the edge's clock, against the latest the entry can
  // have been cached: a fresh entry is never called stale, whatever the clocks' resolution.
  const latestCachedAt = cached.ms + cached.resolutionMs
  if (latestCachedAt <= purgeAcceptedAt + skew.lowMs) return 'before'
  // This edge's cache dates have been seen after its own Date, far from the runner's clock:
  // the skew (from Date) may not be the cache dates' own, so after the purge in the runner's
  // clock too, or not after it.
  if (latestCachedAt <= purgeAcceptedAt && datesUntrusted(skew)) return 'before-in-runner-clock'
  return 'after'
}

function judgeHit(
  answer: SiteAnswer,
  prefix: string,
  purgeAcceptedAt: number | undefined,
  skew: SkewEstimate,
  proveContent: boolean
): Verdict {
  const text = headerValue(answer.headers, `${prefix}-kc-date`)
  const cacheDate = (text ?? '').trim()
  const cached = parseEdgeDate(text)
  const cachedAt = cached === undefined ? {} : { cachedAtMs: cached.ms }
  if (purgeAcceptedAt !== undefined) {
    if (cached === undefined) {
      return {
        kind: 'retry',
        reason: `HIT without a readable cache date (${JSON.stringify(text ?? '')})`
      }
    }
    const place = placeCachedAt(answer.headers, cached, purgeAcceptedAt, skew)
    if (place === 'clocks-disagree') {
      const dateText = headerValue(answer.headers, 'date')
      return {
        kind: 'retry',
        cause: 'clocks-disagree',
        reason: `the edge's clocks disagree: its cache date ${JSON.stringify(cacheDate)} is after its own Date ${JSON.stringify((dateText ?? '').trim())}`
      }
    }
    if (place === 'before') {
      return { kind: 'stale', reason: 'not-purged-yet', cacheDate, ...cachedAt }
    }
    if (place === 'before-in-runner-clock') {
      return {
        kind: 'stale',
        reason: 'not-purged-yet',
        cacheDate,
        ...cachedAt,
        staleInRunnerClockOnly: true
      }
    }
  }
  if (!proveContent) return { kind: 'fresh', warm: true }
  const content = answer.content ?? { kind: 'not-read', reason: 'the body was not read' }
  switch (content.kind) {
    case 'found':
      return { kind: 'fresh', warm: true }
    case 'not-found':
      return {
        kind: 'stale',
        reason: 'old-content',
        cacheDate,
        ...cachedAt,
        detail: content.capped
          ? `the build is not in the first ${content.bytes / (1024 * 1024)} MiB of the page`
          : 'the build is not in the page'
      }
    case 'not-read':
      return { kind: 'retry', reason: `HIT, but the page could not be read: ${content.reason}` }
  }
}

/** A HIT cached after the purge: the render the cache keeps, which proves the page fresh. */
export function isFreshHit(verdict: Verdict): boolean {
  return verdict.kind === 'fresh' && verdict.warm
}

/** A HIT cached before the purge, by both clocks: the render the purge replaces. */
export function isOldRender(verdict: Verdict): boolean {
  return (
    verdict.kind === 'stale' &&
    verdict.reason === 'not-purged-yet' &&
    verdict.staleInRunnerClockOnly !== true
  )
}

/**
 * Whether the edge's dates place a HIT's render after `acceptedAt`, by the pages' rule and clock
 * skew (so that a clock consistently off is placed by its `Date`); undefined for no HIT, no
 * readable cache date, a cache date after its own `Date`, or an edge whose `Date` cannot place
 * its cache dates (datesUntrusted).
 */
export function renderedAfter(
  edge: EdgeReading | undefined,
  headers: Headers,
  acceptedAt: number,
  skew: SkewEstimate
): boolean | undefined {
  if (!fromKeptEntry(edge) || datesUntrusted(skew)) return undefined
  const cached = parseEdgeDate(edge.cacheDate)
  if (cached === undefined) return undefined
  const place = placeCachedAt(headers, cached, acceptedAt, skew)
  return place === 'clocks-disagree' ? undefined : place === 'after'
}
