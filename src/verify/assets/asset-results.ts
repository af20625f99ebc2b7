/**
 * What the verification found of the assets its fresh pages reference (issue 39): a deploy is
 * whole when every script, stylesheet, module preload and preloaded font a page proven fresh
 * references loads at the edge, on every device. The checks (verify/assets/) fill it; the
 * summary, the comment, the status line, the JUnit report and the outputs read it.
 */

/** The element that referenced an asset, which decides what it must be. */
export type AssetKind = 'script' | 'stylesheet' | 'modulepreload' | 'font'

/** How an (asset, device) check ended. */
export type AssetState =
  /** 2xx, with a content type that fits the element that referenced it. */
  | 'whole'
  /** Broken at first, purged by URL by this run (it came through the rendering cache), then whole. */
  | 'repaired'
  /** Not whole when the checks ended (after a purge too, when one was made). */
  | 'broken'
  /** The deadline came before it could be checked. */
  | 'not-checked'

/** Why a broken asset is broken. */
export type BrokenReason =
  /** 4xx or 5xx. */
  | 'status'
  /** HTML where a script or a stylesheet was asked for (a single-page app's fallback). */
  | 'html-fallback'
  /** Another content type than the element needs (not HTML). */
  | 'wrong-type'
  /** No answer: a network error or a timeout, after the retries. */
  | 'request-failed'

export interface AssetResult {
  /** The asset's absolute URL, as requested. */
  readonly url: string
  /** The device type it was checked as (a name of the `devices` input). */
  readonly device: string
  readonly kind: AssetKind
  readonly state: AssetState
  /** Set for a broken asset, and for a repaired one (why it was broken first). */
  readonly reason?: BrokenReason
  /** The last answer's status; absent when no answer came. */
  readonly httpStatus?: number
  /** The last answer's media type, lower case, without parameters; absent without one. */
  readonly contentType?: string
  /** What the element needs, in words: 'JavaScript', 'CSS', 'a font'. */
  readonly wanted: string
  /** The last answer carried the rendering cache's headers: the service can purge it. */
  readonly throughCache: boolean
  /** Purged by URL by this run (once at most); `repurgeError` says why that purge failed. */
  readonly repurged: boolean
  readonly repurgeError?: string
  /**
   * Why a broken asset was not purged: its answer did not come through the rendering cache
   * (another CDN's or the origin's), it came from a render made for the request (the origin
   * serves it broken now: a purge would render the same), it is on another host than the site
   * (the service's URL purge names the site's own paths), or this job purges nothing.
   */
  readonly notPurged?: 'not-through-cache' | 'new-render' | 'other-host' | 'no-purge-in-this-job'
  /** The first pages (absolute URLs) that reference it on this device, at most MAX_LISTED_PAGES. */
  readonly pages: readonly string[]
  /** Every page that references it on this device. */
  readonly pageCount: number
  /** The edge's request and transaction ids of the last answer, for support. */
  readonly edgeIds?: string
}

/** At most this many pages are named for one asset; the rest are counted. */
export const MAX_LISTED_PAGES = 5

export interface AssetVerification {
  /** Hosts beyond the site's own whose assets were checked (the `asset_hosts` input). */
  readonly hosts: readonly string[]
  /** Distinct (asset, device) checks, by how each ended. */
  readonly counts: Readonly<Record<AssetState, number>>
  /** Distinct assets (whatever the device) referenced by fresh pages and checked. */
  readonly assets: number
  /** References to other hosts, not checked (a third party's: never requested). */
  readonly otherHosts: number
  /** The broken, repaired and not-checked ones, broken first, at most a thousand. */
  readonly listed: readonly AssetResult[]
  /** Requests the asset checks made (purges not included). */
  readonly requests: number
  /**
   * From the purge's acceptance until the last asset check ended whole, when every one did:
   * the time until the deploy was whole, beside the time to fresh. Absent otherwise.
   */
  readonly wholeAfterMs?: number
}
