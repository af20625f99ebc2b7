/**
 * One (asset, device) check as the asset checks keep it (pure): its entry, what it carries from
 * one ask to the next, how an answer is read (asked again, a page of the site, a redirect a
 * browser refuses), and what the checks' end makes of all of them: each check's result,
 * counted by how it ended, the ones not whole listed (broken first), and the ones a redirect
 * led out of scope counted apart.
 */
import type { CorsRequest, RequestingElement } from './cors.js'
import type { RedirectRefusal as HopRefused } from '../../http/redirect.js'
import { isRetryableSiteStatus } from '../../http/statuses.js'
import {
  MAX_LISTED_AWAY,
  type AssetKind,
  type BrokenReason,
  type RedirectRefusal,
  type AssetResult,
  type AssetState,
  type RedirectedAway
} from './asset-results.js'
import { wantedFor } from './whole-answer.js'

export interface Entry extends RequestingElement {
  readonly url: string
  readonly kind: AssetKind
  /** The request a browser makes for it: CORS or not, with credentials or not. */
  readonly request: CorsRequest
  readonly device: string
  readonly userAgent: string
  /** The first pages that reference it on this device, at most MAX_LISTED_PAGES. */
  readonly pages: string[]
  pageCount: number
  result?: AssetResult
  /** Its redirect led out of scope (credentials left out): not judged, counted apart. */
  away?: string
}

/** Requests of one asset that got no answer (or a 5xx) before it is called broken. */
export const MAX_ASSET_ATTEMPTS = 3

export const TOO_MANY_REQUESTS = 429

/**
 * Whether a broken answer is asked again: a 429 or a 5xx while the asset's failures are under
 * MAX_ASSET_ATTEMPTS (a 429 is not one: it is asked again until the deadline, after its host's
 * pause).
 */
export function worthAskingAgain(answer: AssetResult, state: CheckState): boolean {
  const status = answer.httpStatus
  return (
    state.failures < MAX_ASSET_ATTEMPTS && status !== undefined && isRetryableSiteStatus(status)
  )
}

/** What one (asset, device) check carries from one ask to the next. */
export interface CheckState {
  asks: number
  /** Asks without an answer, or answered 429 or 5xx. */
  failures: number
  /** Why it was first broken: a repaired asset says so. */
  firstReason?: BrokenReason
  /** The last broken answer (what a check that runs out of time reports). */
  last?: AssetResult
  /**
   * Its purge by URL, once accepted: when (the runner's clock), and the cache date of the entry
   * it purged (the first answer's), to tell that entry from a render made after the purge.
   */
  repair?: { readonly acceptedAt: number; readonly purgedCacheDate: string | undefined }
}

/** A 2xx HTML answer: a page of the site, not an asset (a single-page app's fallback, or a page). */
export function isPage(answer: AssetResult): boolean {
  const { httpStatus, contentType } = answer
  return (
    httpStatus !== undefined &&
    httpStatus >= 200 &&
    httpStatus <= 299 &&
    (contentType === 'text/html' || contentType === 'application/xhtml+xml')
  )
}

/**
 * What a refused redirect means for an asset, as a browser fails it: `mixed-content`, a
 * `redirect-loop` or `too-many-redirects` (broken); `away` for a hop out of scope or with
 * credentials (not requested, counted apart, like a third party's asset); `judge` for a
 * Location that is no http(s) URL (the redirect answer itself is judged).
 */
export function assetRefusal(refused: HopRefused): RedirectRefusal | 'away' | 'judge' {
  switch (refused.reason) {
    case 'plain-http':
      return 'mixed-content'
    case 'loop':
      return 'redirect-loop'
    case 'too-many-redirects':
      return 'too-many-redirects'
    case 'credentials':
    case 'out-of-scope':
    case 'this-machine':
      return 'away'
    case 'not-http':
    case 'not-a-url':
      return 'judge'
  }
}

/** A URL as the reports may print it: a user name and password are never shown. */
export function withoutCredentials(url: URL): string {
  const shown = new URL(url.href)
  shown.username = ''
  shown.password = ''
  return shown.href
}

/** A check's result before any answer: not checked, with the pages that need it. */
export function blankResult(entry: Entry): AssetResult {
  return {
    url: entry.url,
    device: entry.device,
    kind: entry.kind,
    state: 'not-checked',
    wanted: wantedFor(entry.kind),
    throughCache: false,
    repurged: false,
    pages: entry.pages.slice(),
    pageCount: entry.pageCount
  }
}

/** The checks' results, counted and listed. */
export interface EntriesAtTheEnd {
  readonly counts: Record<AssetState, number>
  /** The checks not whole, broken first, then not checked, then repaired. */
  readonly listed: AssetResult[]
  /** Checks whose redirect led out of scope, and the first few of those assets. */
  readonly redirectedAway: number
  readonly awayTargets: RedirectedAway[]
}

const LISTING_ORDER: Readonly<Record<AssetState, number>> = {
  broken: 0,
  'not-checked': 1,
  repaired: 2,
  whole: 3
}

export function entriesAtTheEnd(entries: Iterable<Entry>): EntriesAtTheEnd {
  const counts: Record<AssetState, number> = { whole: 0, repaired: 0, broken: 0, 'not-checked': 0 }
  const listed: AssetResult[] = []
  let redirectedAway = 0
  const away = new Map<string, RedirectedAway>()
  for (const entry of entries) {
    // Led out of scope by a redirect: counted apart, like a third party's reference, not as
    // a check that ended (a browser would load it, but nothing here vouches for that host).
    if (entry.away !== undefined && entry.result === undefined) {
      redirectedAway++
      if (away.size < MAX_LISTED_AWAY) away.set(entry.url, { url: entry.url, to: entry.away })
      continue
    }
    // An entry queued after the workers ended (none should be) is one the deadline left. The
    // pages are read now: a page proven fresh after its asset's check ended needs it too.
    const result = {
      ...(entry.result ?? { ...blankResult(entry), state: 'not-checked' as const }),
      pages: entry.pages.slice(),
      pageCount: entry.pageCount
    }
    counts[result.state]++
    if (result.state !== 'whole') listed.push(result)
  }
  listed.sort((a, b) => LISTING_ORDER[a.state] - LISTING_ORDER[b.state])
  return { counts, listed, redirectedAway, awayTargets: [...away.values()] }
}
