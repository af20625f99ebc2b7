// @ts-check
/**
 * The public edge's view of the cache: one entry per (page, device, country) with the time it was
 * cached, purges that reach the edge only after a propagation delay, and renders that take a
 * while. The purge API's own bookkeeping (cache.mjs) is immediate; this module is what a visitor
 * of the public site sees, which is what a verifier must judge.
 *
 * All times are stored in the real clock (`Date.now()`); the edge's (possibly skewed) clock is
 * applied only when a time is shown (`Date`, `<Brand>-Kc-Date`), so changing the skew at run
 * time keeps every stored time consistent.
 */
import { expandSite } from './cache.mjs'
import { mulberry32 } from './faults.mjs'

/** @typedef {import('./site.mjs').Site} Site */
/** @typedef {import('./site.mjs').SitePage} SitePage */

/**
 * One entry at the edge.
 * @typedef {object} EdgeEntry
 * @property {string} path
 * @property {string} device
 * @property {string | null} country
 * @property {number} cachedAt Real-clock ms when the render finished (the cache date).
 * @property {number} readyAt Real-clock ms from when it answers HIT (before: EXTRACTING).
 * @property {number | undefined} dropAt Real-clock ms when a purge that selected it reaches the edge.
 * @property {string} build The origin's build when the render started: what the entry shows.
 * @property {import('./assets.mjs').AssetAnswer} [asset] For an asset: what the origin answered
 *   when the render started (a 404 or an HTML fallback is cached like a file: negative caching).
 * @property {string[]} [faults] For a page: the render faults its render got when it started
 *   (render-faults.mjs), what it shows until purged. Seeded entries have none.
 */

/** The device types the edge tells apart (`deviceFor`): one cache entry each. */
export const DEVICES = /** @type {readonly string[]} */ (['desktop', 'mobile', 'tablet', 'bot'])

/**
 * Device type of a request, from its User-Agent: bots first (Googlebot's smartphone agent also
 * says "Mobile"), then tablets (iPad, "Tablet", Android without "Mobile"), then phones.
 * @param {string | undefined | null} userAgent
 * @returns {'bot' | 'tablet' | 'mobile' | 'desktop'}
 */
export function deviceFor(userAgent) {
  const ua = userAgent ?? ''
  if (/bot\b|bot\/|crawler|spider|crawling|slurp|bingpreview/i.test(ua)) return 'bot'
  if (/ipad|tablet|kindle|silk\//i.test(ua)) return 'tablet'
  if (/android/i.test(ua) && !/mobile/i.test(ua)) return 'tablet'
  if (/iphone|ipod|android|mobile/i.test(ua)) return 'mobile'
  return 'desktop'
}

/**
 * A duration as the edge words it: `2h 3m 11s`, `7d`, `0s` (zero units left out).
 * @param {number} ms
 * @returns {string}
 */
export function formatDuration(ms) {
  let s = Math.max(0, Math.floor(ms / 1000))
  const d = Math.floor(s / 86400)
  s -= d * 86400
  const h = Math.floor(s / 3600)
  s -= h * 3600
  const m = Math.floor(s / 60)
  s -= m * 60
  const parts = []
  if (d) parts.push(`${d}d`)
  if (h) parts.push(`${h}h`)
  if (m) parts.push(`${m}m`)
  if (s || parts.length === 0) parts.push(`${s}s`)
  return parts.join(' ')
}

/**
 * How the cache date's fraction of a second is written: `empty` `09:14:07.Z` (the real edge's
 * usual form), `ms` `09:14:07.250Z`, `none` `09:14:07Z`.
 * @typedef {'empty' | 'ms' | 'none'} KcDateFraction
 */

/** Every KcDateFraction, for the CLI and the control API to check a value against. */
export const KC_DATE_FRACTIONS = /** @type {readonly string[]} */ (['empty', 'ms', 'none'])

/**
 * The `<Brand>-Kc-Date` value: `2026-11-23T09:14:07.Z (GMT) (2h 3m 11s of 7d)`.
 * @param {number} cachedAtEdge The cache date in the edge's clock (ms).
 * @param {number} nowEdge Now in the edge's clock (ms).
 * @param {number} maxAgeMs The maximum cache time.
 * @param {KcDateFraction} [fraction]
 * @returns {string}
 */
export function formatKcDate(cachedAtEdge, nowEdge, maxAgeMs, fraction = 'empty') {
  const iso = new Date(cachedAtEdge).toISOString() // 2026-11-23T09:14:07.250Z
  const seconds = iso.slice(0, 19)
  const stamp = fraction === 'ms' ? iso : fraction === 'none' ? `${seconds}Z` : `${seconds}.Z`
  return `${stamp} (GMT) (${formatDuration(nowEdge - cachedAtEdge)} of ${formatDuration(maxAgeMs)})`
}

/**
 * @typedef {object} EdgeOptions
 * @property {number} [propagationMs] A purge accepted at T reaches the edge at T + this (default 3000).
 * @property {number} [propagationJitterMs] Extra per-entry delay in [0, this] (default 0).
 * @property {number} [propagationSeed] Seed of the jitter's mulberry32 (default 1).
 * @property {number} [renderMs] How long a render takes: requests within it answer EXTRACTING (default 500).
 * @property {number} [seedAgeMs] Seeded entries were cached this long before start (default 1 h).
 * @property {(now: number, path?: string) => string} [renderBuild] The origin's build a render of
 *   `path` started at `now` (real clock) gets (default: always `build-1`; the emulator passes its
 *   origin's builds).
 */

/** The edge's cache entries and the purges on their way to it. */
export class EdgeCache {
  /**
   * @param {EdgeOptions} [options]
   */
  constructor(options = {}) {
    this.propagationMs = options.propagationMs ?? 3000
    this.propagationJitterMs = options.propagationJitterMs ?? 0
    this.propagationSeed = options.propagationSeed ?? 1
    this.renderMs = options.renderMs ?? 500
    this.seedAgeMs = options.seedAgeMs ?? 60 * 60 * 1000
    /** A render captures the build the origin serves when it starts. */
    this.renderBuild = options.renderBuild ?? (() => 'build-1')
    /** @type {Map<string, EdgeEntry>} key `path|device|country` */
    this.entries = new Map()
    /** @type {Map<string, SitePage>} path → page */
    this.pages = new Map()
    /** @type {Map<string, string[]>} path → every tag of the page */
    this.tags = new Map()
    this.cacheByCountry = false
    /** @type {string | null} */
    this.defaultCountry = null
    /** @private */
    this._prng = mulberry32(this.propagationSeed)
  }

  /**
   * @param {string} path
   * @param {string} device
   * @param {string | null} country
   */
  static key(path, device, country) {
    return `${path}|${device}|${country ?? ''}`
  }

  /**
   * Loads a site: every page and device (and country) it seeds is HIT, cached `seedAgeMs` ago.
   * @param {Site | SitePage[]} site
   * @param {number} [now] Real-clock ms (default `Date.now()`).
   */
  load(site, now = Date.now()) {
    const s = Array.isArray(site) ? { pages: site } : site
    this.entries.clear()
    this.pages.clear()
    this.tags.clear()
    this._prng = mulberry32(this.propagationSeed)
    this.cacheByCountry = s.cacheByCountry === true
    this.defaultCountry = this.cacheByCountry ? (s.countries?.[0] ?? 'US') : null
    const cachedAt = now - this.seedAgeMs
    const build = this.renderBuild(cachedAt)
    for (const page of s.pages) this.pages.set(page.path, page)
    // The same entries the API's cache holds (uncacheable pages have none, nor need tags).
    for (const { path, device, country, tags } of expandSite(s)) {
      this.tags.set(path, tags)
      this.entries.set(EdgeCache.key(path, device, country), {
        path,
        device,
        country,
        cachedAt,
        readyAt: cachedAt,
        dropAt: undefined,
        build
      })
    }
  }

  /**
   * What the edge does for one request of a cacheable page: serve the entry (HIT), keep
   * rendering (EXTRACTING), or start a render (EXTRACTING). Applies a purge that has arrived.
   * @param {string} path
   * @param {string} device
   * @param {string | null} country
   * @param {number} [now] Real-clock ms.
   * @returns {{ status: 'HIT' | 'EXTRACTING', entry: EdgeEntry, started: boolean }}
   */
  serve(path, device, country, now = Date.now()) {
    const key = EdgeCache.key(path, device, country)
    let entry = this.entries.get(key)
    if (entry && entry.dropAt !== undefined && now >= entry.dropAt) {
      this.entries.delete(key)
      entry = undefined
    }
    if (!entry) {
      const readyAt = now + this.renderMs
      // The render asks the origin now: it gets the build the origin serves at its start.
      const build = this.renderBuild(now, path)
      entry = { path, device, country, cachedAt: readyAt, readyAt, dropAt: undefined, build }
      this.entries.set(key, entry)
      return { status: 'EXTRACTING', entry, started: true }
    }
    return { status: now >= entry.readyAt ? 'HIT' : 'EXTRACTING', entry, started: false }
  }

  /**
   * Schedules the removal of the entries a purge selects, at `acceptedAt + propagationMs`
   * (+ per-entry jitter). Only entries cached at or before the acceptance are affected: a render
   * made after it is already fresh.
   * @param {(path: string) => boolean} selects Whether the purge selects a page.
   * @param {string | null} country `null`/`ALL` (or a site without Cache By Country): every country.
   * @param {number} [acceptedAt] Real-clock ms.
   * @returns {number} Entries scheduled.
   */
  schedulePurge(selects, country, acceptedAt = Date.now()) {
    const everyCountry = country === null || country === 'ALL' || !this.cacheByCountry
    const base = acceptedAt + this.propagationMs
    let scheduled = 0
    /** @type {Map<string, boolean>} */
    const decided = new Map()
    for (const entry of this.entries.values()) {
      if (!everyCountry && entry.country !== country) continue
      if (entry.cachedAt > acceptedAt) continue
      let hit = decided.get(entry.path)
      if (hit === undefined) decided.set(entry.path, (hit = selects(entry.path)))
      if (!hit) continue
      const jitter =
        this.propagationJitterMs > 0 ? Math.round(this._prng() * this.propagationJitterMs) : 0
      const dropAt = base + jitter
      entry.dropAt = entry.dropAt === undefined ? dropAt : Math.min(entry.dropAt, dropAt)
      scheduled++
    }
    return scheduled
  }

  /**
   * Caches an answer the origin gave for an asset, for every device given, ready at once: what
   * an edge holds after someone asked for the file (the `asset-cached-404` fault).
   * @param {string} path
   * @param {import('./assets.mjs').AssetAnswer} asset
   * @param {readonly string[]} devices
   * @param {number} [now]
   * @returns {EdgeEntry[]}
   */
  cacheAsset(path, asset, devices, now = Date.now()) {
    const country = this.defaultCountry
    return devices.map(device => {
      const entry = {
        path,
        device,
        country,
        cachedAt: now,
        readyAt: now,
        dropAt: undefined,
        build: this.renderBuild(now, path),
        asset
      }
      this.entries.set(EdgeCache.key(path, device, country), entry)
      return entry
    })
  }

  /**
   * Entries as the edge would serve them now (purges that arrived are applied), for tests.
   * @param {number} [now]
   * @returns {{ path: string, device: string, country: string | null, cachedAt: number, ready: boolean, dropAt: number | null, build: string, faults: string[] }[]}
   */
  list(now = Date.now()) {
    const out = []
    for (const e of this.entries.values()) {
      if (e.dropAt !== undefined && now >= e.dropAt) continue
      out.push({
        path: e.path,
        device: e.device,
        country: e.country,
        cachedAt: e.cachedAt,
        ready: now >= e.readyAt,
        dropAt: e.dropAt ?? null,
        build: e.build,
        faults: [...(e.faults ?? [])]
      })
    }
    return out
  }
}
