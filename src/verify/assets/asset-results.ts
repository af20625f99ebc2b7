/**
 * What the verification found of the assets its fresh pages reference: a deploy is whole when
 * every script, stylesheet, module preload and preloaded font a page proven fresh references
 * loads at the edge, on every device. The checks (verify/assets/) fill it; the summary, the
 * comment, the status line, the JUnit report and the outputs read it, and take from here the
 * words they share. It imports no parser: the job summary, which every run loads, reads it.
 */
import { grouped, plural } from '../../text/format.js'

/** The element that referenced an asset, which decides what it must be. */
export type AssetKind = 'script' | 'stylesheet' | 'modulepreload' | 'font'

/**
 * A `<script>` or `<link>`'s `crossorigin` attribute as HTML reads it: `use-credentials`, or
 * `anonymous` for any other value, the empty one included.
 */
export type CrossOrigin = 'anonymous' | 'use-credentials'

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
  /** 4xx or 5xx, or a 3xx not followed (300, 304, a redirect without a usable Location). */
  | 'status'
  /** HTML where a script or a stylesheet was asked for (a single-page app's fallback). */
  | 'html-fallback'
  /** Another content type than the element needs (not HTML). */
  | 'wrong-type'
  /** No answer: a network error or a timeout, after the retries. */
  | 'request-failed'
  /**
   * Asked in CORS mode (a module script, a font, an element with `crossorigin`) from another
   * origin than the site's, and answered without an `Access-Control-Allow-Origin` that allows
   * the site's origin: a browser does not use it.
   */
  | 'cors'
  | RedirectRefusal

/** Why a redirect was not followed, which a browser would not follow either: broken. */
export type RedirectRefusal =
  /** A redirect back to a URL of its own chain: a browser gives up on it. */
  | 'redirect-loop'
  /** More than MAX_REDIRECTS (http/redirect.ts) redirects in a row. */
  | 'too-many-redirects'
  /** A redirect to `http:` for an `https:` site's page: mixed content, which browsers block. */
  | 'mixed-content'

/**
 * Distinct (asset, device) checks a run keeps: what bounds the memory when every page names
 * assets of its own (a cache-busting query per page). A reference to a further asset is left
 * out, counted, never requested.
 */
export const MAX_ASSET_CHECKS = 20_000

/** A page with more assets is cut here: what bounds one page's share of the checks. */
export const MAX_REFERENCES_PER_PAGE = 200

/**
 * Why a broken asset was not purged: its answer did not come through the rendering cache
 * (another CDN's or the origin's), it came from a render made for the request (the origin
 * serves it broken now: a purge would render the same), it is on another host than the site
 * (the service's URL purge names the site's own paths), it answers as an HTML page of the site
 * (a wrong reference: purging it would drop a page nobody asked to purge), its path is one the
 * `urls` input refuses (`//host/…`, which the service reads as a host), the run's cap of repair
 * purges was reached (repair-queue.ts), or this job purges nothing.
 */
export type NotPurged =
  | 'not-through-cache'
  | 'new-render'
  | 'other-host'
  | 'page'
  | 'not-a-path'
  | 'repair-cap'
  | 'no-purge-in-this-job'

/**
 * A page's distinct assets on other hosts (a third party's, counted, never requested) kept at
 * most: what bounds the memory of a page that names a new one in every tag (a cache-busting
 * path). The ones after are counted, not kept: the count across pages is then a floor.
 */
export const MAX_OTHER_HOSTS_PER_PAGE = 200

/** Where an asset's redirects led: absent when its answer was no redirect. */
export interface AssetRedirect {
  /** The last URL of the chain: the one answered, or the one refused (loop, http, too many). */
  readonly to: string
  /** Redirects followed or refused, the first answer's included. */
  readonly hops: number
}

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
  /** Why a broken asset was not purged (NotPurged). */
  readonly notPurged?: NotPurged
  /** The first pages (absolute URLs) that reference it on this device, at most MAX_LISTED_PAGES. */
  readonly pages: readonly string[]
  /** Every page that references it on this device. */
  readonly pageCount: number
  /** The edge's request and transaction ids of the last answer, for support. */
  readonly edgeIds?: string
  /** Set when the asset's URL redirected: its answer, reason and status are the chain's end. */
  readonly redirect?: AssetRedirect
}

/** A page checked fresh on a device whose assets were not proven, and why, in words. */
export interface UnprovenPage {
  readonly url: string
  readonly device: string
  readonly why: string
}

/** An asset whose redirect led to a host out of scope, and where (credentials left out). */
export interface RedirectedAway {
  readonly url: string
  readonly to: string
}

/** At most this many assets redirected away are named; the rest are counted. */
export const MAX_LISTED_AWAY = 20

/** At most this many pages are named for one asset; the rest are counted. */
export const MAX_LISTED_PAGES = 5

export interface AssetVerification {
  /** Hosts beyond the site's own whose assets were checked (the `asset_hosts` input). */
  readonly hosts: readonly string[]
  /** Distinct (asset, device) checks, by how each ended. */
  readonly counts: Readonly<Record<AssetState, number>>
  /** Distinct assets (whatever the device) referenced by fresh pages and checked. */
  readonly assets: number
  /**
   * Assets on other hosts referenced by fresh pages, each once (its origin and path), not
   * checked: a third party's, never requested. Counted up to MAX_OTHER_HOST_ASSETS
   * (asset-checks.ts).
   */
  readonly otherHosts: number
  /** More distinct assets on other hosts than were counted: `otherHosts` is a floor. */
  readonly otherHostsCapped?: true
  /**
   * References of fresh pages to assets beyond the run's MAX_ASSET_CHECKS (asset-checks.ts),
   * each (page, device, asset) once: left out, never requested. Absent when there is none.
   */
  readonly leftOut?: number
  /**
   * Fresh pages that name more assets than one page's share (MAX_REFERENCES_PER_PAGE): only
   * their first ones were checked. `first`: a few of them, in the order they were read. Absent
   * when there is none.
   */
  readonly cutPages?: { readonly count: number; readonly first: readonly string[] }
  /**
   * (page, device) checks proven fresh whose assets were not proven: the body of the cached
   * render was read only in part (the size cap, a timeout), or no cached render (HIT) was read
   * before the deadline. Like an asset not checked, they keep the deploy from being whole.
   * `first`: a few of them, in the order they came. Absent when there is none.
   */
  readonly unproven?: { readonly count: number; readonly first: readonly UnprovenPage[] }
  /** The broken, repaired and not-checked ones, broken first, at most a thousand. */
  readonly listed: readonly AssetResult[]
  /**
   * (asset, device) checks whose redirect led to a host out of scope (not the site's, not of
   * `asset_hosts`), or to a URL with credentials: like a third party's asset, never requested
   * nor judged, and in none of `counts`. Absent when there is none.
   */
  readonly redirectedAway?: number
  /** Those assets, once each whatever the device, at most MAX_LISTED_AWAY. */
  readonly awayTargets?: readonly RedirectedAway[]
  /** Requests the asset checks made, each redirect followed included (purges not included). */
  readonly requests: number
  /**
   * From the purge's acceptance until the last asset check ended whole, when every one did:
   * the time until the deploy was whole, beside the time to fresh. Absent otherwise.
   */
  readonly wholeAfterMs?: number
}

/** `(asset, device)` checks made or not, in all: the sum of `counts`. */
export function assetChecks(assets: AssetVerification): number {
  const { counts } = assets
  return counts.whole + counts.repaired + counts.broken + counts['not-checked']
}

/**
 * The assets on other hosts, in the words the log and the summary share: `2 assets on other
 * hosts`, or `10,000 or more ...` past the count's bound.
 */
export function otherHostAssetsPhrase(assets: AssetVerification): string {
  const count = grouped(assets.otherHosts)
  const noun = assets.otherHosts === 1 && !assets.otherHostsCapped ? 'asset' : 'assets'
  return `${count}${assets.otherHostsCapped ? ' or more' : ''} ${noun} on other hosts`
}

/**
 * The fresh pages whose assets were cut at MAX_REFERENCES_PER_PAGE, in the words the log and
 * the summary share: `2 pages name more than 200 assets: only their first 200 were checked
 * (https://…/a, https://…/b)`; undefined when there is none.
 */
export function cutPagesPhrase(assets: AssetVerification): string | undefined {
  if (assets.cutPages === undefined) return undefined
  const { count, first } = assets.cutPages
  const each = grouped(MAX_REFERENCES_PER_PAGE)
  const more = count > first.length ? `, and ${grouped(count - first.length)} more` : ''
  const which = count === 1 ? 'its' : 'their'
  return `${plural(count, 'page')} ${count === 1 ? 'names' : 'name'} more than ${each} assets: only ${which} first ${each} were checked (${first.join(', ')}${more})`
}

/**
 * The fresh pages whose assets were not proven, in the words the log and the summary share:
 * `2 fresh page checks whose assets were not proven: https://…/a (desktop): the body is larger
 * than 2 MiB, the most that is read`; undefined when there is none.
 */
export function unprovenPhrase(assets: AssetVerification): string | undefined {
  if (assets.unproven === undefined) return undefined
  const { count, first } = assets.unproven
  const named = first.map(page => `${page.url} (${page.device}): ${page.why}`).join('; ')
  const more = count > first.length ? `; and ${grouped(count - first.length)} more` : ''
  return `${plural(count, 'fresh page check')} whose assets were not proven: ${named}${more}`
}

/**
 * The references left out past the run's cap of checks, in the words the log and the summary
 * share; undefined when there is none.
 */
export function leftOutPhrase(assets: AssetVerification): string | undefined {
  if (assets.leftOut === undefined) return undefined
  return `${plural(assets.leftOut, 'reference')} of fresh pages to further assets left out, not checked: a run makes at most ${grouped(MAX_ASSET_CHECKS)} asset checks`
}
