// @ts-check
/**
 * Local emulator of the rendering-cache service's purge API (see emulator/README.md).
 *
 * Plain JavaScript ESM with Node built-ins only, so it runs on a fresh clone without
 * `npm install`. JSDoc types let TypeScript tests import it.
 *
 * This module is the HTTP server (`Emulator`, `startEmulator`) and its control API, and the public
 * entry: the cache model and its pattern matching (cache.mjs, with PCRE2 from ../pcre2/) and
 * fault injection (faults.mjs) are re-exported from here.
 */
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { sampleSite, siteByName, sites, syntheticSite } from './site.mjs'
import { CacheStore, checkPattern, patternMatches } from './cache.mjs'
import { FaultController } from './faults.mjs'
import { KC_DATE_FRACTIONS } from './edge.mjs'
import { closeServer, listenOn, logCapped, sendLater } from './listener.mjs'
import { PAGE_ENCODINGS, PublicSite } from './public-site.mjs'
import { BUILD_AT, OriginBuilds, OriginSite, checkBuildId } from './origin.mjs'
import { ROBOTS_ENCODINGS, SITEMAP_FORMATS } from './sitemaps.mjs'
import { ASSET_FAULTS, AssetFaults, buildAssets, originAsset } from './assets.mjs'
import { checkRenderFault } from './render-faults.mjs'

export {
  folderTagsFor,
  pageTags,
  expandSite,
  CacheStore,
  PatternError,
  checkPattern,
  patternMatches
} from './cache.mjs'
export { mulberry32, FaultController } from './faults.mjs'
export { EdgeCache, DEVICES, deviceFor, formatKcDate, formatDuration } from './edge.mjs'
export { PublicSite, COUNTRY_HEADER, PAGE_ENCODINGS } from './public-site.mjs'
export {
  OriginBuilds,
  OriginSite,
  DEFAULT_BUILD,
  BUILD_AT,
  SHELL_BODY,
  pageHtml
} from './origin.mjs'
export { xmlEscape, SITEMAP_NS, SITEMAP_FORMATS, ROBOTS_ENCODINGS } from './sitemaps.mjs'
export { ASSET_FAULTS, THIRD_PARTY_SCRIPT, assetHash, buildAssets, originAsset } from './assets.mjs'
export {
  RENDER_FAULTS,
  STAGING_ORIGIN,
  checkRenderFault,
  parseRenderFaultFlag
} from './render-faults.mjs'

/** @typedef {import('./site.mjs').Site} Site */
/** @typedef {import('./site.mjs').SitePage} SitePage */
/** @typedef {import('./site.mjs').TagRule} TagRule */
/** @typedef {import('./cache.mjs').CacheEntry} CacheEntry */
/** @typedef {import('./cache.mjs').CachedPage} CachedPage */
/** @typedef {import('./faults.mjs').Fault} Fault */
/** @typedef {import('./faults.mjs').RandomFaultOptions} RandomFaultOptions */
/** @typedef {import('./faults.mjs').FaultStats} FaultStats */
/** @typedef {import('./public-site.mjs').PublicSiteOptions} PublicSiteOptions */
/** @typedef {import('./public-site.mjs').SiteRequestLogEntry} SiteRequestLogEntry */
/** @typedef {import('./origin.mjs').OriginRequestLogEntry} OriginRequestLogEntry */
/** @typedef {import('./origin.mjs').DeployOptions} DeployOptions */
/** @typedef {import('./public-site.mjs').RenderLogEntry} RenderLogEntry */
/** @typedef {import('./render-faults.mjs').RenderFaultSpec} RenderFaultSpec */

/** The message of a successful purge, as the real service words it. */
export const SUCCESS_MESSAGE =
  'Cache purge successful. This operation may take a few minutes to propagate across all data centers.'

/** The service's purge endpoints. */
export const ENDPOINTS = Object.freeze({
  tag: '/api/v1/cache/purge/tag',
  url: '/api/v1/cache/purge',
  pattern: '/api/v1/cache/purge/pattern'
})

/** @type {Map<string, 'tag' | 'url' | 'pattern'>} */
const KIND_BY_PATH = new Map([
  [ENDPOINTS.tag, 'tag'],
  [ENDPOINTS.url, 'url'],
  [ENDPOINTS.pattern, 'pattern']
])

const CONTROL_PREFIX = '/_emulator'
const COUNTRY_RE = /^(?:[A-Z]{2}|ALL)$/

/**
 * @typedef {object} EmulatorOptions
 * @property {string} [host] Interface to listen on (default `127.0.0.1`).
 * @property {number} [port] Port (default 0: any free port).
 * @property {string} [apiKey] The key the service accepts (default `emulator-key`).
 * @property {number} [latencyMs] Added to every service answer (default 0).
 * @property {Site | SitePage[]} [site] What to seed the cache with (default the sample site).
 * @property {string} [brand] Brand in the request id header `x-<brand>-requestid` (default `emu`).
 * @property {boolean} [requireCountry] Answer 400 when a Cache By Country site gets a purge
 *   without `country` (default false: absent means every country).
 * @property {number} [maxLog] How many request-log and purge-history records to keep (default 20000).
 * @property {number} [maxBodyBytes] Larger request bodies get 413 (default 10 MiB).
 * @property {number} [sitePort] When given (0 = any free port), the public site also listens on `host`.
 * @property {number} [syntheticPages] Seed `syntheticSite(N)` (`/p/1` … `/p/N`) instead of `site`.
 * @property {string} [build] The build the origin serves at start (default `build-1`); every
 *   page carries it in `<meta name="build">` until a deploy (`emu.deploy`) replaces it.
 * @property {number} [originPort] When given (0 = any free port), the origin also listens on
 *   `host`: `/version.txt`, `/health` and the pages, uncached and without the edge's headers.
 * @property {RenderFaultSpec[]} [renderFaults] Render faults set at start (`emu.renderFault()`
 *   for each): the edge's renders from then on get them; the seeded entries stay whole.
 */

/**
 * Every option of `startEmulator`: the purge API's and the public site's (public-site.mjs).
 * @typedef {EmulatorOptions & Omit<PublicSiteOptions, 'brand' | 'maxLog' | 'renderBuild'>} StartOptions
 */

/**
 * Public-site settings that can change while it runs (`emu.configureSite`, `POST /_emulator/site`).
 * @typedef {object} SiteSettings
 * @property {number} [propagationMs]
 * @property {number} [propagationJitterMs]
 * @property {number} [renderMs]
 * @property {number} [clockSkewMs]
 * @property {import('./edge.mjs').KcDateFraction} [kcDateFraction]
 * @property {boolean} [siteHeaders]
 * @property {boolean} [robotsTxt]
 * @property {boolean} [sitemaps]
 * @property {string[]} [sitemapForeignUrls]
 * @property {boolean} [sitemapMalformed]
 * @property {number} [pageBytes]
 * @property {import('./public-site.mjs').PageEncoding} [pageEncoding]
 * @property {import('./origin.mjs').BuildAt} [buildAt]
 * @property {boolean} [compressAlways]
 * @property {import('./sitemaps.mjs').SitemapFormat} [sitemapFormat]
 * @property {import('./sitemaps.mjs').RobotsEncoding} [robotsEncoding]
 * @property {boolean} [assets]
 * @property {number} [assetChunks]
 * @property {string} [assetBase]
 * @property {boolean} [assetCors]
 * @property {string} [thirdPartyScript]
 */

/**
 * What an asset fault chooses (`emu.assetFault(name, options)`).
 * @typedef {object} AssetFaultOptions
 * @property {string} [path] `asset-cached-404` and `html-fallback`: the asset (default the
 *   newest deployed build's `app.<hash>.js`, resp. `app.<hash>.css`).
 * @property {string[]} [pages] `old-assets-deleted`: the pages whose renders still get the
 *   previous build (default every second page of the site, the first one included).
 * @property {string} [to] `asset-redirect`: where the asset redirects (a path on the site or an
 *   absolute URL, sent as the `Location` as given); required.
 */

/**
 * What a render fault is limited to (`emu.renderFault(name, limits)`); none: every page and device.
 * @typedef {object} RenderFaultLimits
 * @property {string} [device] Only renders for this device type: `desktop`, `mobile`, `tablet`
 *   or `bot`, as the edge reads it from the User-Agent (`deviceFor`).
 * @property {string} [prefix] Only pages whose path starts with this (`/blog/`).
 * @property {string[]} [pages] Only these pages (path and query, as the site has them).
 */

/**
 * One service request as the emulator saw it (control requests are not logged).
 * @typedef {object} RequestLogEntry
 * @property {string} id The request id sent in `x-<brand>-requestid`.
 * @property {number} seq 1-based arrival number.
 * @property {number} time `Date.now()` at arrival.
 * @property {string} method
 * @property {string} path
 * @property {string} query The query string with every `api_key` value replaced by `***`.
 * @property {string} rawQuery The query string as received (contains the key).
 * @property {boolean} apiKeyMatched Whether `api_key` decoded to exactly the configured key.
 * @property {boolean} apiKeyOk Same as `apiKeyMatched`.
 * @property {string | null} contentType
 * @property {string | null} userAgent
 * @property {unknown} body The parsed JSON body, or the raw text when it is not JSON.
 * @property {number | null} status The status answered (null when dropped).
 * @property {string | null} fault The kind of fault applied, if any.
 * @property {number | null} purged Cache entries removed by this request.
 * @property {boolean} answered Whether the answer was written.
 * @property {boolean} aborted Whether the client went away before the answer was written.
 */

/**
 * One processed purge.
 * @typedef {object} PurgeRecord
 * @property {string} requestId
 * @property {'tag' | 'url' | 'pattern'} kind
 * @property {string[]} values The tags, the URLs, or the one pattern.
 * @property {string | null} country As sent (`null` when absent).
 * @property {number} purged Cache entries removed.
 * @property {string[]} paths Paths that lost at least one entry.
 * @property {number} time
 */

/**
 * A plain JSON snapshot of the emulator.
 * @typedef {object} EmulatorState
 * @property {number} requestCount Service requests received since the last reset.
 * @property {number} peakInFlight The most service requests in flight at once since the last reset.
 * @property {number} latencyMs
 * @property {string} site
 * @property {boolean} cacheByCountry
 * @property {number} cachedCount
 * @property {CacheEntry[]} cached
 * @property {Record<string, number>} purgeCounts Path → number of purge requests that selected it.
 * @property {Record<string, number>} tagPurgeCounts Tag → number of tag purges that named it.
 * @property {string[]} purgedUrls Every URL named by a URL purge.
 * @property {PurgeRecord[]} history
 * @property {FaultStats} faults
 * @property {string} siteUrl The public site's address ('' when it does not listen).
 * @property {number} siteRequestCount Public-site requests in the log.
 * @property {number} edgeCachedCount Entries the edge would serve now (ready or rendering).
 * @property {FaultStats} siteFaults
 * @property {string} originUrl The origin's address ('' when it does not listen).
 * @property {ReturnType<OriginBuilds['state']>} origin The builds: what pages and the version
 *   endpoint serve now, and every deploy (held ones last, `held: 'next-purge'`, null times).
 * @property {number} originRequestCount Origin requests in the log.
 * @property {FaultStats} originFaults
 * @property {ReturnType<AssetFaults['state']>} assetFaults The asset faults set, with what each chose.
 * @property {ReturnType<import('./render-faults.mjs').RenderFaults['state']>} renderFaults The
 *   render faults set, in order, with what each is limited to and when it was set.
 * @property {Record<string, Record<string, number>>} renderCounts Path → device → renders the
 *   edge started since the last reset (pages and assets).
 */

/**
 * @param {string} path
 * @returns {string}
 */
function checkAssetPath(path) {
  if (typeof path !== 'string' || !/^\/assets\/[^?#\s]+$/.test(path)) {
    throw new TypeError(
      `an asset path starts with /assets/ and has no query: ${JSON.stringify(path)}`
    )
  }
  return path
}

/** @type {Record<number, string>} */
const STATUS_MESSAGES = {
  400: 'Bad request',
  401: 'Invalid API key',
  403: 'Forbidden',
  404: 'Not found',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service temporarily unavailable',
  504: 'Gateway timeout'
}

/**
 * @typedef {object} Outcome
 * @property {number} status
 * @property {string} text
 * @property {Record<string, string>} [headers]
 * @property {number} [purged]
 */

/**
 * @param {number} status
 * @param {string} message
 * @param {Record<string, string>} [headers]
 * @returns {Outcome}
 */
function error(status, message, headers) {
  return { status, text: JSON.stringify({ error: { message } }), headers }
}

/**
 * @param {string} rawQuery
 * @returns {string}
 */
function maskQuery(rawQuery) {
  if (!rawQuery.includes('api_key')) return rawQuery
  return rawQuery
    .split('&')
    .map(part => {
      const eq = part.indexOf('=')
      const name = eq < 0 ? part : part.slice(0, eq)
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // keep the raw name
      }
      return decoded === 'api_key' ? `${name}=***` : part
    })
    .join('&')
}

/**
 * Validates the string array parameter of a tag or URL purge.
 * @param {Record<string, unknown>} body
 * @param {'tag' | 'url'} name
 * @returns {string[] | Outcome}
 */
function stringArray(body, name) {
  const value = body[name]
  if (value === undefined || value === null) return error(400, `Missing parameter: ${name}`)
  if (!Array.isArray(value)) {
    return error(400, `Invalid parameter: ${name} must be an array of strings`)
  }
  if (value.length === 0) return error(400, `Invalid parameter: ${name} must not be empty`)
  for (const item of value) {
    if (typeof item !== 'string' || item.trim() === '') {
      return error(400, `Invalid parameter: ${name} must contain only non-empty strings`)
    }
  }
  return /** @type {string[]} */ (value)
}

/** The running emulator. Create it with `startEmulator()`. */
export class Emulator {
  /**
   * @param {StartOptions} [options]
   */
  constructor(options = {}) {
    this.host = options.host ?? '127.0.0.1'
    /** @type {number} */
    this.port = options.port ?? 0
    this.url = ''
    this.apiKey = options.apiKey ?? 'emulator-key'
    this.latencyMs = options.latencyMs ?? 0
    this.brand = options.brand ?? 'emu'
    this.requestIdHeader = `x-${this.brand.toLowerCase()}-requestid`
    this.requireCountry = options.requireCountry ?? false
    this.maxLog = options.maxLog ?? 20000
    this.maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024
    /** @type {Site | SitePage[]} The site `reset()` restores. */
    this.seedSite =
      options.syntheticPages !== undefined
        ? syntheticSite(options.syntheticPages)
        : (options.site ?? sampleSite)
    this.cache = new CacheStore()
    this.cache.load(this.seedSite)
    /** @type {number | undefined} */
    this.sitePort = options.sitePort
    /** Which build the origin serves, over time (`deploy()` changes it). */
    this.builds = new OriginBuilds(options.build)
    /** @type {number | undefined} */
    this.originPort = options.originPort
    /** The public site: the edge's view of the cache, its listener, log and faults. */
    this.publicSite = new PublicSite(
      {
        ...options,
        brand: this.brand,
        maxLog: this.maxLog,
        renderBuild: (now, path) => this._renderBuild(now, path)
      },
      ({ path, device, country }) =>
        this.cache.add({ path, device, country, tags: this.publicSite.edge.tags.get(path) ?? [] })
    )
    /** Faults of the assets (`assetFault()`): the origin's bundles and the edge's copies. */
    this.assetFaults = new AssetFaults()
    this.publicSite.assetAnswer = (path, now) => this._originAsset(path, now)
    this.publicSite.load(this.seedSite)
    /** The origin's listener (with `originPort`): the version endpoint and the pages, uncached. */
    this.originSite = new OriginSite({
      builds: this.builds,
      pageAt: path => this.publicSite.edge.pages.get(path),
      pageBytes: () => this.publicSite.pageBytes,
      buildAt: () => this.publicSite.buildAt,
      assetTags: build => this.publicSite.assetTags(build),
      assetAt: (path, now) => this._originAsset(path, now),
      siteUrl: () => this.publicSite.url,
      maxLog: this.maxLog
    })
    this.faults = new FaultController()
    /** @type {RequestLogEntry[]} Service requests, oldest first (bounded by `maxLog`). */
    this.requests = []
    /** @type {PurgeRecord[]} Processed purges, oldest first (bounded by `maxLog`). */
    this.history = []
    /** @type {Map<string, number>} Path → number of purge requests that selected it. */
    this.purgeCounts = new Map()
    /** @type {Map<string, number>} Tag → number of tag purge requests that named it. */
    this.tagPurgeCounts = new Map()
    /** @type {Set<string>} Every URL named by a URL purge, cached or not. */
    this.purgedUrls = new Set()
    /** Service requests received since the last reset. */
    this.requestCount = 0
    /** Service requests received and not yet answered (nor left by their client). */
    this.inFlight = 0
    /** The most service requests in flight at once since the last reset. */
    this.peakInFlight = 0
    /** @type {http.Server} */
    this.server = http.createServer((req, res) => this._handle(req, res))
    this.server.keepAliveTimeout = 30_000
    /** @type {Set<NodeJS.Timeout>} @private */
    this._timers = new Set()
    // After the seeding: the seeded entries are the old renders, and stay whole.
    for (const [index, { fault, ...limits }] of (options.renderFaults ?? []).entries()) {
      try {
        this.renderFault(fault, limits)
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        throw new RangeError(`renderFaults[${index}]: ${message}`, { cause: err })
      }
    }
  }

  /**
   * Replaces the cache with a site (or a list of pages, on a site without Cache By Country);
   * `reset()` restores this site from now on.
   * @param {Site | SitePage[]} site
   */
  seed(site) {
    this.seedSite = site
    this.cache.load(site)
    this.publicSite.load(site)
  }

  /** `http://HOST:PORT` of the public site ('' when it does not listen). */
  get siteUrl() {
    return this.publicSite.url
  }

  /** `http://HOST:PORT` of the second host that serves the site's sitemaps ('' when none listens). */
  get sitemapHostUrl() {
    return this.publicSite.sitemapHost.url
  }

  /** @returns {SiteRequestLogEntry[]} Every public-site request, oldest first (bounded by `maxLog`). */
  get siteRequests() {
    return this.publicSite.requests
  }

  /** Faults for the public site's requests (same interface as `faults`). */
  get siteFaults() {
    return this.publicSite.faults
  }

  /** The edge's cache (entries with their cache dates and pending purges). */
  get edge() {
    return this.publicSite.edge
  }

  /** `http://HOST:PORT` of the origin ('' when it does not listen). */
  get originUrl() {
    return this.originSite.url
  }

  /** @returns {OriginRequestLogEntry[]} Every origin request, oldest first (bounded by `maxLog`). */
  get originRequests() {
    return this.originSite.requests
  }

  /** Faults for the origin's requests (same interface as `faults`). */
  get originFaults() {
    return this.originSite.faults
  }

  /**
   * Deploys a build to the origin: pages rendered after `rolloutMs` get it, the version
   * endpoint says it after `versionDelayMs` (default `rolloutMs`). Entries the edge cached
   * before stay as they are: only a purge (and a render after the rollout) brings the build.
   * With `afterNextPurge: true` it is held until the next purge request the emulator accepts
   * (2xx, any of the three endpoints), and starts then; `reset()` drops it.
   * @param {string} build
   * @param {DeployOptions} [options]
   */
  deploy(build, options = {}) {
    return this.builds.deploy(build, options)
  }

  /**
   * Builds deployed by `now` (oldest first): their bundles were uploaded with the deploy, before
   * the pages switch, as a deploy that keeps old bundles does.
   * @private
   * @param {number} now
   */
  _deployedBuilds(now) {
    return this.builds.deploys.filter(d => d.deployedAt <= now).map(d => d.build)
  }

  /**
   * The build a render of `path` at `now` gets: the origin's, except for the pages
   * `old-assets-deleted` keeps on the previous build (instances not yet replaced).
   * @private
   * @param {number} now
   * @param {string} [path]
   */
  _renderBuild(now, path) {
    if (path !== undefined && this.assetFaults.oldPages.has(path)) {
      const deployed = this._deployedBuilds(now)
      if (deployed.length >= 2) return /** @type {string} */ (deployed[deployed.length - 2])
    }
    return this.builds.pageBuild(now)
  }

  /**
   * What the origin answers for an asset path at `now`: the bundles of every build deployed
   * (the newest one's only with `old-assets-deleted`), less the ones a fault removed.
   * @private
   * @param {string} path
   * @param {number} now
   */
  _originAsset(path, now) {
    const faults = this.assetFaults
    const deployed = this._deployedBuilds(now)
    const builds = faults.oldAssetsDeleted ? deployed.slice(-1) : deployed
    return originAsset(path, builds, {
      chunks: this.publicSite.assetChunks,
      htmlFallback: faults.htmlFallback,
      missing: faults.missing,
      redirects: faults.redirects
    })
  }

  /**
   * Sets an asset fault (emulator/README.md, "Assets"): `asset-cached-404` (the edge holds a
   * cached 404 of a bundle of the newest build, asked for before it existed, until a URL purge),
   * `html-fallback` (a bundle is missing and the origin answers missing assets with its HTML),
   * `old-assets-deleted` (some pages still render the previous build, whose bundles are gone),
   * `asset-redirect` (an asset answers a 301 to `to`, which the edge caches like any answer).
   * Two redirects to each other make a loop.
   * Call it after the deploy it is about. `reset()` and `clearAssetFaults()` undo them.
   * @param {string} name
   * @param {AssetFaultOptions} [options]
   * @returns {{ fault: string, paths: string[] }} What it chose: the asset, or the pages.
   */
  assetFault(name, options = {}) {
    const faults = this.assetFaults
    const newest = this._deployedBuilds(Date.now()).at(-1) ?? this.builds.initial
    const chosen = (/** @type {string} */ kind, /** @type {string} */ suffix) => {
      if (options.path !== undefined) return checkAssetPath(options.path)
      const asset = buildAssets(newest).find(a => a.kind === kind && a.path.endsWith(suffix))
      return /** @type {string} */ (asset?.path)
    }
    /** @type {string[]} */
    let paths
    if (name === 'asset-cached-404') {
      const path = chosen('script', '.js')
      const notFound = originAsset(path, [])
      const devices = ['desktop', 'mobile', 'tablet', 'bot']
      for (const entry of this.edge.cacheAsset(path, notFound, devices)) {
        this.cache.add({ path, device: entry.device, country: entry.country, tags: [] })
      }
      paths = [path]
    } else if (name === 'html-fallback') {
      const path = chosen('stylesheet', '.css')
      faults.htmlFallback = true
      faults.missing.add(path)
      paths = [path]
    } else if (name === 'asset-redirect') {
      if (typeof options.to !== 'string' || options.to === '') {
        throw new TypeError('asset-redirect needs to: the path or URL the asset redirects to')
      }
      const path = chosen('script', '.js')
      faults.redirects.set(path, options.to)
      paths = [path]
    } else if (name === 'old-assets-deleted') {
      // Without a deploy there is no previous build for the pages to keep: the fault would do
      // nothing, silently.
      if (this.builds.deploys.length < 2) {
        throw new RangeError(
          'old-assets-deleted needs a deploy before it: the pages keep the previous build, and there is none yet (deploy first: emu.deploy(build) or POST /_emulator/deploy)'
        )
      }
      if (options.pages !== undefined && !Array.isArray(options.pages)) {
        throw new TypeError('pages must be an array of page paths')
      }
      const every = [...this.edge.pages.keys()]
      paths = options.pages?.map(String) ?? every.filter((_, k) => k % 2 === 0)
      faults.oldAssetsDeleted = true
      for (const page of paths) faults.oldPages.add(page)
    } else {
      throw new RangeError(`asset fault must be one of ${ASSET_FAULTS.join(', ')}`)
    }
    faults.applied.push({ fault: name, paths })
    return { fault: name, paths }
  }

  /** Undoes every asset fault (entries the edge cached stay until purged). */
  clearAssetFaults() {
    this.assetFaults.clear()
  }

  /**
   * Sets a render fault (emulator/README.md, "Render faults"): the edge's renders that start
   * from now on, of the pages and for the device it is limited to, come out that way; entries
   * cached before stay as they are. `blank` (an empty body), `shell` (only an app's mount point),
   * `soft-404` ("Page not found", answered 200), `noindex` (robots meta), `x-robots-tag` (the
   * header), `staging-canonical` (canonical on https://staging.example.com), `broken-json-ld`
   * (JSON-LD cut short), `blank-once` (the first render of each page and device blank, the next
   * whole). `reset()` and `clearRenderFaults()` undo them.
   * @param {string} name
   * @param {RenderFaultLimits} [limits]
   * @returns {RenderFaultSpec} The fault as set.
   * @throws {TypeError | RangeError} naming what cannot apply: an unknown fault or device, a
   *   page the site does not have, a prefix that matches none of its pages.
   */
  renderFault(name, limits = {}) {
    const spec = checkRenderFault({ fault: name, ...limits }, this.edge.pages.keys())
    this.publicSite.renderFaults.add(spec)
    return spec
  }

  /** Undoes every render fault (entries rendered with one stay so until purged). */
  clearRenderFaults() {
    this.publicSite.renderFaults.clear()
  }

  /** @returns {RenderLogEntry[]} Every render the edge started, oldest first (bounded by `maxLog`). */
  get renders() {
    return this.publicSite.renders
  }

  /**
   * Changes public-site settings while it runs (a new propagation delay applies to later purges).
   * @param {SiteSettings} settings
   */
  configureSite(settings) {
    const site = this.publicSite
    /** @param {unknown} v @param {string} name @param {boolean} [signed] */
    const ms = (v, name, signed = false) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || (!signed && v < 0)) {
        throw new RangeError(`${name} must be a number${signed ? '' : ' >= 0'}`)
      }
      return v
    }
    if (settings.propagationMs !== undefined) {
      site.edge.propagationMs = ms(settings.propagationMs, 'propagationMs')
    }
    if (settings.propagationJitterMs !== undefined) {
      site.edge.propagationJitterMs = ms(settings.propagationJitterMs, 'propagationJitterMs')
    }
    if (settings.renderMs !== undefined) site.edge.renderMs = ms(settings.renderMs, 'renderMs')
    if (settings.clockSkewMs !== undefined) {
      site.clockSkewMs = ms(settings.clockSkewMs, 'clockSkewMs', true)
    }
    if (settings.kcDateFraction !== undefined) {
      if (!KC_DATE_FRACTIONS.includes(settings.kcDateFraction)) {
        throw new RangeError('kcDateFraction must be empty, ms or none')
      }
      site.kcDateFraction = settings.kcDateFraction
    }
    for (const flag of /** @type {const} */ ([
      'siteHeaders',
      'robotsTxt',
      'sitemaps',
      'sitemapMalformed'
    ])) {
      const v = settings[flag]
      if (v === undefined) continue
      if (typeof v !== 'boolean') throw new TypeError(`${flag} must be true or false`)
      site[flag] = v
    }
    if (settings.sitemapFormat !== undefined) {
      const format = SITEMAP_FORMATS.find(known => known === settings.sitemapFormat)
      if (format === undefined)
        throw new RangeError(`sitemapFormat must be one of ${SITEMAP_FORMATS.join(', ')}`)
      site.sitemapFormat = format
    }
    if (settings.robotsEncoding !== undefined) {
      const encoding = ROBOTS_ENCODINGS.find(known => known === settings.robotsEncoding)
      if (encoding === undefined)
        throw new RangeError(`robotsEncoding must be one of ${ROBOTS_ENCODINGS.join(', ')}`)
      site.robotsEncoding = encoding
    }
    if (settings.sitemapForeignUrls !== undefined) {
      if (!Array.isArray(settings.sitemapForeignUrls)) {
        throw new TypeError('sitemapForeignUrls must be an array of URLs')
      }
      site.sitemapForeignUrls = settings.sitemapForeignUrls.map(String)
    }
    if (settings.pageBytes !== undefined) site.pageBytes = ms(settings.pageBytes, 'pageBytes')
    if (settings.pageEncoding !== undefined) {
      if (!PAGE_ENCODINGS.includes(settings.pageEncoding)) {
        throw new RangeError(`pageEncoding must be one of ${PAGE_ENCODINGS.join(', ')}`)
      }
      site.pageEncoding = settings.pageEncoding
    }
    if (settings.compressAlways !== undefined) {
      if (typeof settings.compressAlways !== 'boolean') {
        throw new TypeError('compressAlways must be true or false')
      }
      site.compressAlways = settings.compressAlways
    }
    if (settings.buildAt !== undefined) {
      if (!BUILD_AT.includes(settings.buildAt)) {
        throw new RangeError(`buildAt must be one of ${BUILD_AT.join(', ')}`)
      }
      site.buildAt = settings.buildAt
    }
    if (settings.assets !== undefined) {
      if (typeof settings.assets !== 'boolean') throw new TypeError('assets must be true or false')
      site.assets = settings.assets
    }
    if (settings.assetChunks !== undefined) {
      const n = settings.assetChunks
      if (!Number.isInteger(n) || n < 0 || n > 1000) {
        throw new RangeError('assetChunks must be an integer from 0 to 1000')
      }
      site.assetChunks = n
    }
    if (settings.assetBase !== undefined) {
      const base = settings.assetBase
      if (typeof base !== 'string' || (base !== '' && !/^https?:\/\/[^/?#\s]+$/.test(base))) {
        throw new TypeError('assetBase must be "" or http(s)://host[:port] without a path')
      }
      site.assetBase = base
    }
    if (settings.assetCors !== undefined) {
      if (typeof settings.assetCors !== 'boolean') {
        throw new TypeError('assetCors must be true or false')
      }
      site.assetCors = settings.assetCors
    }
    if (settings.thirdPartyScript !== undefined) {
      const url = settings.thirdPartyScript
      if (typeof url !== 'string' || !/^https?:\/\/[^/?#\s]+\/\S*$/.test(url)) {
        throw new TypeError('thirdPartyScript must be an absolute http(s) URL')
      }
      site.thirdPartyScript = url
    }
  }

  /** @returns {SiteSettings} The public site's current settings. */
  siteSettings() {
    const site = this.publicSite
    return {
      propagationMs: site.edge.propagationMs,
      propagationJitterMs: site.edge.propagationJitterMs,
      renderMs: site.edge.renderMs,
      clockSkewMs: site.clockSkewMs,
      kcDateFraction: site.kcDateFraction,
      siteHeaders: site.siteHeaders,
      robotsTxt: site.robotsTxt,
      sitemaps: site.sitemaps,
      sitemapForeignUrls: [...site.sitemapForeignUrls],
      sitemapMalformed: site.sitemapMalformed,
      pageBytes: site.pageBytes,
      pageEncoding: site.pageEncoding,
      buildAt: site.buildAt,
      compressAlways: site.compressAlways,
      sitemapFormat: site.sitemapFormat,
      robotsEncoding: site.robotsEncoding,
      assets: site.assets,
      assetChunks: site.assetChunks,
      assetBase: site.assetBase,
      assetCors: site.assetCors,
      thirdPartyScript: site.thirdPartyScript
    }
  }

  /**
   * Restores the seeded cache and the initial build (every deploy dropped, held ones too) and
   * clears faults, purge history, counts and the request log.
   */
  reset() {
    // The origin first: the edge's seeded entries carry the build it serves.
    this.builds.reset()
    this.assetFaults.clear()
    this.originSite.resetLog()
    this.cache.load(this.seedSite)
    this.publicSite.load(this.seedSite)
    this.publicSite.resetLog()
    this.faults.reset()
    this.requests.length = 0
    this.history.length = 0
    this.purgeCounts.clear()
    this.tagPurgeCounts.clear()
    this.purgedUrls.clear()
    this.requestCount = 0
    this.peakInFlight = this.inFlight
  }

  /**
   * Sets the latency added to every service answer.
   * @param {number} ms
   */
  setLatency(ms) {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('latency must be a number >= 0')
    this.latencyMs = ms
  }

  /** @returns {EmulatorState} A plain JSON snapshot. */
  state() {
    return {
      requestCount: this.requestCount,
      peakInFlight: this.peakInFlight,
      latencyMs: this.latencyMs,
      site: this.cache.siteName,
      cacheByCountry: this.cache.cacheByCountry,
      cachedCount: this.cache.size,
      cached: this.cache.entries(),
      purgeCounts: Object.fromEntries(this.purgeCounts),
      tagPurgeCounts: Object.fromEntries(this.tagPurgeCounts),
      purgedUrls: [...this.purgedUrls],
      history: this.history.map(h => ({ ...h })),
      faults: this.faults.stats(),
      siteUrl: this.siteUrl,
      siteRequestCount: this.publicSite.requests.length,
      edgeCachedCount: this.edge.list().length,
      siteFaults: this.siteFaults.stats(),
      originUrl: this.originUrl,
      origin: this.builds.state(),
      originRequestCount: this.originSite.requests.length,
      originFaults: this.originFaults.stats(),
      assetFaults: this.assetFaults.state(),
      renderFaults: this.publicSite.renderFaults.state(),
      renderCounts: Object.fromEntries(
        [...this.publicSite.renderCounts].map(([path, devices]) => [path, { ...devices }])
      )
    }
  }

  /**
   * Stops listening, drops open connections and pending delayed answers.
   * @returns {Promise<void>}
   */
  async close() {
    await this.originSite.close()
    await this.publicSite.close()
    await closeServer(this.server, this._timers)
  }

  // --- purges -------------------------------------------------------------------------------

  /**
   * @private
   * @param {string} path
   */
  _count(path) {
    this.purgeCounts.set(path, (this.purgeCounts.get(path) ?? 0) + 1)
  }

  /**
   * Purges by tags.
   * @param {string[]} tags
   * @param {string | null} [country]
   * @returns {{ purged: number, paths: string[] }}
   */
  purgeTags(tags, country = null) {
    /** @type {Set<string>} */
    const selected = new Set()
    for (const tag of new Set(tags)) {
      this.tagPurgeCounts.set(tag, (this.tagPurgeCounts.get(tag) ?? 0) + 1)
      for (const path of this.cache.tagIndex.get(tag) ?? []) selected.add(path)
    }
    const named = new Set(tags)
    this.edge.schedulePurge(
      path => (this.edge.tags.get(path) ?? []).some(tag => named.has(tag)),
      country
    )
    return this._removeAll(selected, country)
  }

  /**
   * Purges by exact URLs. Every URL is recorded, cached or not.
   * @param {string[]} urls
   * @param {string | null} [country]
   * @returns {{ purged: number, paths: string[] }}
   */
  purgeUrls(urls, country = null) {
    let purged = 0
    /** @type {string[]} */
    const paths = []
    const named = new Set(urls)
    this.edge.schedulePurge(path => named.has(path), country)
    for (const url of named) {
      this.purgedUrls.add(url)
      this._count(url)
      const removed = this.cache.remove(url, country)
      if (removed > 0) paths.push(url)
      purged += removed
    }
    return { purged, paths }
  }

  /**
   * Purges the cached paths a pattern matches, as the service's preg_match() answers (a path
   * where PHP gives up is not purged).
   * @param {string} pattern a delimited pattern PHP accepts (see checkPattern)
   * @param {string | null} [country]
   * @returns {{ purged: number, paths: string[] }}
   */
  purgePattern(pattern, country = null) {
    const selected = this.cache.paths().filter(path => patternMatches(pattern, path))
    this.edge.schedulePurge(path => patternMatches(pattern, path), country)
    return this._removeAll(selected, country)
  }

  /**
   * @private
   * @param {Iterable<string>} selected
   * @param {string | null} country
   */
  _removeAll(selected, country) {
    let purged = 0
    /** @type {string[]} */
    const paths = []
    for (const path of [...selected]) {
      const removed = this.cache.remove(path, country)
      if (removed > 0) {
        this._count(path)
        paths.push(path)
        purged += removed
      }
    }
    return { purged, paths }
  }

  // --- HTTP ---------------------------------------------------------------------------------

  /**
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  _handle(req, res) {
    // A real service's answer time includes its own work: the latency counts from here.
    const arrivedAt = performance.now()
    const id = randomUUID()
    res.setHeader(this.requestIdHeader, id)
    res.setHeader('content-type', 'application/json')
    res.on('error', () => {})
    const raw = req.url ?? '/'
    const q = raw.indexOf('?')
    const path = q < 0 ? raw : raw.slice(0, q)
    const rawQuery = q < 0 ? '' : raw.slice(q + 1)
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    let tooLarge = false
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length
      if (size > this.maxBodyBytes) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('error', () => {})
    req.on('end', () => {
      if (tooLarge) {
        this._write(res, error(413, 'Request body too large'), 0, null)
        return
      }
      const text = Buffer.concat(chunks).toString('utf8')
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
        this._control(req, res, path, rawQuery, text)
      } else {
        this._service(req, res, id, path, rawQuery, text, arrivedAt)
      }
    })
  }

  /**
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} id
   * @param {string} path
   * @param {string} rawQuery
   * @param {string} text
   * @param {number} arrivedAt `performance.now()` when the request arrived
   */
  _service(req, res, id, path, rawQuery, text, arrivedAt) {
    this.requestCount++
    // Until the answer is written or the client leaves: what the client has in flight here.
    this.inFlight++
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight)
    res.on('close', () => this.inFlight--)
    const params = new URLSearchParams(rawQuery)
    const keys = params.getAll('api_key')
    const apiKeyMatched = keys.length > 0 && keys[keys.length - 1] === this.apiKey
    /** @type {unknown} */
    let body = text
    /** @type {boolean} */
    let parsedOk = false
    if (text !== '') {
      try {
        body = JSON.parse(text)
        parsedOk = true
      } catch {
        body = text.length > 10_000 ? `${text.slice(0, 10_000)}…` : text
      }
    }
    /** @type {RequestLogEntry} */
    const entry = {
      id,
      seq: this.requestCount,
      time: Date.now(),
      method: req.method ?? '',
      path,
      query: maskQuery(rawQuery),
      rawQuery,
      apiKeyMatched,
      apiKeyOk: apiKeyMatched,
      contentType: req.headers['content-type'] ?? null,
      userAgent: req.headers['user-agent'] ?? null,
      body,
      status: null,
      fault: null,
      purged: null,
      answered: false,
      aborted: false
    }
    logCapped(this.requests, entry, this.maxLog)
    res.on('close', () => {
      if (!res.writableFinished) entry.aborted = true
    })

    const pick = this.faults.next(path)
    const fault = pick?.fault
    if (pick) entry.fault = pick.kind
    if (fault?.drop) {
      req.socket.destroy()
      return
    }
    /** @type {Outcome} */
    let outcome
    if (fault?.rawBody !== undefined) {
      if (fault.process) this._process(req, path, apiKeyMatched, body, parsedOk, text, id)
      outcome = { status: fault.status ?? 200, text: fault.rawBody }
    } else if (fault?.resultFalse) {
      outcome = {
        status: fault.status ?? 200,
        text: JSON.stringify({ result: false, message: fault.message ?? 'Cache purge failed.' })
      }
    } else if (fault?.status !== undefined) {
      const status = fault.status
      const message = fault.message ?? STATUS_MESSAGES[status] ?? `HTTP ${status}`
      const payload =
        fault.body !== undefined
          ? fault.body
          : status < 400
            ? { result: true, message: SUCCESS_MESSAGE }
            : { error: { message } }
      outcome = { status, text: typeof payload === 'string' ? payload : JSON.stringify(payload) }
    } else {
      outcome = this._process(req, path, apiKeyMatched, body, parsedOk, text, id)
    }
    if (fault?.headers) outcome.headers = { ...outcome.headers, ...fault.headers }
    entry.status = outcome.status
    entry.purged = outcome.purged ?? null
    const spentMs = performance.now() - arrivedAt
    const latencyLeft = Math.max(0, this.latencyMs - spentMs)
    this._write(res, outcome, latencyLeft + (fault?.delayMs ?? 0), entry)
  }

  /**
   * Validates and runs one purge request.
   * @private
   * @param {http.IncomingMessage} req
   * @param {string} path
   * @param {boolean} apiKeyMatched
   * @param {unknown} body
   * @param {boolean} parsedOk
   * @param {string} text
   * @param {string} id
   * @returns {Outcome}
   */
  _process(req, path, apiKeyMatched, body, parsedOk, text, id) {
    const kind = KIND_BY_PATH.get(path)
    if (!kind) return error(404, `Not found: ${path}`)
    if (req.method !== 'POST') {
      return error(405, `Method ${req.method ?? ''} not allowed`, { Allow: 'POST' })
    }
    if (!apiKeyMatched) return error(401, 'Invalid API key')
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
    if (contentType !== 'application/json') {
      return error(400, 'Content-Type must be application/json')
    }
    if (text.trim() === '') return error(400, 'Missing request body')
    if (!parsedOk) return error(400, 'Request body is not valid JSON')
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return error(400, 'Request body must be a JSON object')
    }
    const params = /** @type {Record<string, unknown>} */ (body)

    /** @type {string | null} */
    let country = null
    if (params.country !== undefined && params.country !== null) {
      if (typeof params.country !== 'string' || !COUNTRY_RE.test(params.country)) {
        return error(
          400,
          'Invalid parameter: country must be an ISO 3166-1 alpha-2 code (IT, US, ...) or ALL'
        )
      }
      country = params.country
    } else if (this.requireCountry && this.cache.cacheByCountry) {
      return error(400, 'Missing parameter: country (this website uses Cache By Country)')
    }
    // Taken before the purge reaches the edge, so a held deploy with no rollout is live for
    // every render this purge causes.
    const acceptedAt = Date.now()

    /** @type {{ purged: number, paths: string[] }} */
    let result
    /** @type {string[]} */
    let values
    if (kind === 'tag') {
      const tags = stringArray(params, 'tag')
      if (!Array.isArray(tags)) return tags
      values = tags
      result = this.purgeTags(tags, country)
    } else if (kind === 'url') {
      const urls = stringArray(params, 'url')
      if (!Array.isArray(urls)) return urls
      for (const url of urls) {
        if (!url.startsWith('/') || url.startsWith('//') || /[\s\\]/.test(url)) {
          return error(
            400,
            `Invalid parameter: url ${JSON.stringify(url)} is not a relative URL (it must start with a single / and have no scheme or host)`
          )
        }
      }
      values = urls
      result = this.purgeUrls(urls, country)
    } else {
      const pattern = params.pattern
      if (pattern === undefined || pattern === null) return error(400, 'Missing parameter: pattern')
      if (typeof pattern !== 'string') {
        return error(400, 'Invalid parameter: pattern must be a string')
      }
      try {
        checkPattern(pattern)
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        return error(422, `Invalid regular expression: ${message}`)
      }
      values = [pattern]
      result = this.purgePattern(pattern, country)
    }
    // Only here, once the purge is carried out: a rejected request leaves held deploys waiting.
    this.builds.startHeld(acceptedAt)
    logCapped(
      this.history,
      {
        requestId: id,
        kind,
        values,
        country,
        purged: result.purged,
        paths: result.paths,
        time: Date.now()
      },
      this.maxLog
    )
    return {
      status: 200,
      text: JSON.stringify({ result: true, message: SUCCESS_MESSAGE, purged: result.purged }),
      purged: result.purged
    }
  }

  /**
   * @private
   * @param {http.ServerResponse} res
   * @param {Outcome} outcome
   * @param {number} delayMs
   * @param {RequestLogEntry | null} entry
   */
  _write(res, outcome, delayMs, entry) {
    const send = () => {
      if (res.destroyed || res.writableEnded) {
        if (entry) entry.aborted = true
        return
      }
      try {
        res.setHeader('content-length', Buffer.byteLength(outcome.text))
        res.writeHead(outcome.status, outcome.headers)
        res.end(outcome.text)
        if (entry) entry.answered = true
      } catch {
        if (entry) entry.aborted = true
      }
    }
    sendLater(this._timers, delayMs, send)
  }

  /**
   * The control API (no api key): state, reset, faults, latency, seed, requests.
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {string} path
   * @param {string} rawQuery
   * @param {string} text
   */
  _control(req, res, path, rawQuery, text) {
    const route = path.slice(CONTROL_PREFIX.length) || '/'
    const method = req.method ?? ''
    /** @type {Record<string, string>} */
    const allowed = {
      '/state': 'GET',
      '/requests': 'GET',
      '/reset': 'POST',
      '/faults': 'GET, POST',
      '/latency': 'POST',
      '/seed': 'POST',
      '/site': 'GET, POST',
      '/site/requests': 'GET',
      '/site/faults': 'GET, POST',
      '/origin': 'GET',
      '/origin/requests': 'GET',
      '/origin/faults': 'GET, POST',
      '/deploy': 'POST',
      '/assets/faults': 'GET, POST',
      '/render/faults': 'GET, POST',
      '/renders': 'GET'
    }
    const allow = allowed[route]
    if (!allow) return this._write(res, error(404, `Unknown control endpoint ${path}`), 0, null)
    if (!allow.split(', ').includes(method)) {
      return this._write(res, error(405, `Method ${method} not allowed`, { Allow: allow }), 0, null)
    }
    /** @type {Record<string, unknown>} */
    let body = {}
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text)
      } catch {
        return this._write(res, error(400, 'Request body is not valid JSON'), 0, null)
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return this._write(res, error(400, 'Request body must be a JSON object'), 0, null)
      }
    }
    /** @param {unknown} payload */
    const ok = payload => this._write(res, { status: 200, text: JSON.stringify(payload) }, 0, null)
    try {
      switch (route) {
        case '/state':
          return ok(this.state())
        case '/requests':
        case '/site/requests':
        case '/origin/requests': {
          const log =
            route === '/requests'
              ? this.requests
              : route === '/site/requests'
                ? this.siteRequests
                : this.originRequests
          const limit = Number(new URLSearchParams(rawQuery).get('limit') ?? this.maxLog)
          return ok({ requests: limit > 0 ? log.slice(-limit) : [] })
        }
        case '/renders': {
          const limit = Number(new URLSearchParams(rawQuery).get('limit') ?? this.maxLog)
          return ok({ renders: limit > 0 ? this.renders.slice(-limit) : [] })
        }
        case '/reset':
          this.reset()
          return ok({ ok: true })
        case '/faults':
        case '/site/faults':
        case '/origin/faults': {
          const faults =
            route === '/faults'
              ? this.faults
              : route === '/site/faults'
                ? this.siteFaults
                : this.originFaults
          if (method === 'POST') {
            if (body.clear === true) faults.clear()
            if (body.enqueue !== undefined) {
              if (!Array.isArray(body.enqueue)) throw new TypeError('enqueue must be an array')
              faults.enqueue(...body.enqueue)
            }
            if (body.random !== undefined) {
              const r = body.random
              if (r !== null && (typeof r !== 'object' || Array.isArray(r))) {
                throw new TypeError('random must be an object or null')
              }
              faults.random(/** @type {RandomFaultOptions | null} */ (r))
            }
          }
          return ok({ ok: true, faults: faults.stats() })
        }
        case '/site':
          if (method === 'POST') this.configureSite(/** @type {SiteSettings} */ (body))
          return ok({ ok: true, siteUrl: this.siteUrl, settings: this.siteSettings() })
        case '/origin':
          return ok({ ok: true, originUrl: this.originUrl, ...this.builds.state() })
        case '/deploy': {
          const build = checkBuildId(body.build)
          /** @type {DeployOptions} */
          const options = {}
          if (body.rolloutMs !== undefined)
            options.rolloutMs = /** @type {number} */ (body.rolloutMs)
          if (body.versionDelayMs !== undefined) {
            options.versionDelayMs = /** @type {number} */ (body.versionDelayMs)
          }
          // Checked by OriginBuilds.deploy: a non-boolean is a 400 naming the field.
          if (body.afterNextPurge !== undefined) {
            options.afterNextPurge = /** @type {boolean} */ (body.afterNextPurge)
          }
          const deployed = this.deploy(build, options)
          return ok({ ok: true, deployed, ...this.builds.state() })
        }
        case '/assets/faults': {
          if (method === 'POST') {
            if (body.clear === true) this.clearAssetFaults()
            if (body.fault !== undefined) {
              /** @type {AssetFaultOptions} */
              const options = {}
              if (body.path !== undefined) options.path = String(body.path)
              if (body.pages !== undefined) options.pages = /** @type {string[]} */ (body.pages)
              if (body.to !== undefined) options.to = String(body.to)
              this.assetFault(String(body.fault), options)
            }
          }
          return ok({ ok: true, assetFaults: this.assetFaults.state() })
        }
        case '/render/faults': {
          const { clear, fault, ...limits } = body
          if (method === 'POST') {
            if (clear === true) this.clearRenderFaults()
            if (fault !== undefined || Object.keys(limits).length > 0) {
              this.renderFault(/** @type {string} */ (fault), limits)
            }
          }
          return ok({ ok: true, renderFaults: this.publicSite.renderFaults.state() })
        }
        case '/latency':
          this.setLatency(Number(body.ms))
          return ok({ ok: true, latencyMs: this.latencyMs })
        case '/seed': {
          const site = body.site
          if (typeof site === 'string') {
            const named = siteByName(site)
            if (!named)
              throw new TypeError(`Unknown site '${site}' (${Object.keys(sites).join(', ')})`)
            this.seed(named)
          } else if (Array.isArray(body.pages)) {
            this.seed(/** @type {SitePage[]} */ (body.pages))
          } else if (
            site !== null &&
            typeof site === 'object' &&
            Array.isArray(/** @type {{ pages?: unknown }} */ (site).pages)
          ) {
            this.seed(/** @type {Site} */ (site))
          } else {
            throw new TypeError('Send {"site": "<name>"}, {"site": {...}} or {"pages": [...]}')
          }
          return ok({ ok: true, site: this.cache.siteName, cachedCount: this.cache.size })
        }
        default:
          return this._write(res, error(404, `Unknown control endpoint ${path}`), 0, null)
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      return this._write(res, error(400, message), 0, null)
    }
  }
}

/**
 * Starts an emulator and resolves once it listens (and its public site, when `sitePort` is given).
 * @param {StartOptions} [options]
 * @returns {Promise<Emulator>}
 */
export async function startEmulator(options = {}) {
  const emulator = new Emulator(options)
  const listening = await listenOn(emulator.server, emulator.host, emulator.port)
  emulator.port = listening.port
  emulator.url = listening.url
  if (emulator.sitePort !== undefined) {
    try {
      await emulator.publicSite.listen(emulator.host, emulator.sitePort)
    } catch (err) {
      await emulator.close()
      throw err
    }
  }
  if (emulator.originPort !== undefined) {
    try {
      await emulator.originSite.listen(emulator.host, emulator.originPort)
    } catch (err) {
      await emulator.close()
      throw err
    }
  }
  return emulator
}
