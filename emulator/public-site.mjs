// @ts-check
/**
 * The public site: what a visitor (or the action's verifier) gets from the customer's website
 * through the service's edge. Pages are answered from the edge cache (edge.mjs) with the
 * contract's headers (`<Brand>-Kc-Status`, `<Brand>-Kc-Date`, `Date` of the edge's clock, ...);
 * robots.txt and sitemaps (sitemaps.org) are served as files; faults can be queued like the
 * purge API's. See emulator/README.md, "The public site".
 */
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream'
import { brotliCompressSync, constants, createGzip, deflateSync, gzipSync } from 'node:zlib'
import { EdgeCache, deviceFor, formatKcDate } from './edge.mjs'
import { FaultController } from './faults.mjs'
import { closeServer, injectedFault, listenOn, logCapped, sendLater } from './listener.mjs'
import { pageHtml } from './origin.mjs'
import { THIRD_PARTY_SCRIPT, assetTags, isAssetPath, originAsset } from './assets.mjs'
import { RenderFaults, renderHeaders, renderLook } from './render-faults.mjs'

/** Compressed page bodies kept, so that a benchmark times the action, not this emulator's zlib. */
const MAX_ENCODED_PAGES = 4096
import {
  robotsTxt,
  sitemapIndex,
  urlset,
  urlsetWithMedia,
  textSitemap,
  rssFeed,
  atomFeed,
  htmlShell,
  encodeRobotsTxt,
  malformedSitemap,
  syntheticUrlsetStream,
  syntheticTextStream,
  syntheticFeedStream,
  hugeUrlsetStream
} from './sitemaps.mjs'
import { SitemapHost } from './sitemap-host.mjs'

/** @typedef {import('./site.mjs').Site} Site */
/** @typedef {import('./site.mjs').SitePage} SitePage */
/** @typedef {import('./edge.mjs').KcDateFraction} KcDateFraction */
/** @typedef {import('./sitemaps.mjs').SitemapFormat} SitemapFormat */
/** @typedef {import('./sitemaps.mjs').RobotsEncoding} RobotsEncoding */

/** The request header a test sets to pick the visitor's country on a Cache By Country site. */
export const COUNTRY_HEADER = 'x-emu-country'

/**
 * @typedef {object} SyntheticSitemapOptions
 * @property {number} [urls] Page URLs in all (default 1,000,000).
 * @property {number} [files] Sitemap files the index lists (default 20).
 * @property {boolean} [gzip] Serve them as `.xml.gz` (default true).
 * @property {number} [urlChars] Each URL padded to this many characters with a last path
 *   segment of `x`s (`<siteUrl>/s/<n>/xxx…`), for memory under long URLs (default 0: `/s/<n>`).
 */

/**
 * @typedef {object} SyntheticFeedOptions
 * @property {number} [items] Items in all (default 100,000).
 * @property {number} [files] Feeds the index lists, RSS and Atom in turn (default 2).
 */

/**
 * @typedef {object} PublicSiteOptions
 * @property {string} [brand] Header prefix, capitalized (`emu` → `Emu-Kc-Status`).
 * @property {number} [propagationMs] Default 3000.
 * @property {number} [propagationJitterMs] Default 0.
 * @property {number} [propagationSeed] Seed of the jitter (default 1).
 * @property {number} [renderMs] Default 500.
 * @property {number} [clockSkewMs] The edge's clock = real clock + this (default 0).
 * @property {number} [seedAgeMs] Seeded entries were cached this long ago (default 1 h).
 * @property {number} [maxCacheAgeMs] The "of 7d" in `Kc-Date` (default 7 days).
 * @property {KcDateFraction} [kcDateFraction] `empty` (default, `.Z`), `ms` (`.250Z`), `none`.
 * @property {boolean} [siteHeaders] `false`: no brand headers at all (an origin server).
 * @property {boolean} [robotsTxt] `false`: /robots.txt is a 404.
 * @property {boolean} [sitemaps] `false`: no sitemap (every sitemap route 404s, robots.txt lists none).
 * @property {string[]} [sitemapForeignUrls] Absolute URLs on other hosts added to the sitemaps.
 * @property {boolean} [sitemapMalformed] The index also lists `/sitemaps/broken.xml` (not well-formed).
 * @property {SitemapFormat} [sitemapFormat] What robots.txt lists (default `xml`: an index of a plain
 *   and a gzip sitemap); see emulator/README.md, "robots.txt and sitemaps".
 * @property {RobotsEncoding} [robotsEncoding] robots.txt's encoding (default `utf-8`).
 * @property {SyntheticSitemapOptions} [syntheticSitemap] Shape of `/synthetic/index.xml` (and of
 *   `/synthetic/text-index.xml`).
 * @property {SyntheticFeedOptions} [syntheticFeed] Shape of `/synthetic/feed-index.xml`.
 * @property {number} [maxLog] Records kept in `requests` (default 20000).
 * @property {number} [pageBytes] Pages are padded to about this many bytes (default 0: small pages).
 * @property {PageEncoding} [pageEncoding] How pages are compressed for a request that accepts
 *   it (`Accept-Encoding`): `gzip` (default), `br`, `deflate`, or `identity` (never).
 * @property {boolean} [compressAlways] Compress pages with `pageEncoding` whatever the request
 *   accepts, `identity` included, as some CDNs do (default false).
 * @property {(now: number, path?: string) => string} [renderBuild] The origin's build a render
 *   of `path` at `now` gets (see edge.mjs).
 * @property {boolean} [assets] Pages reference their build's assets (default true; see assets.mjs).
 * @property {number} [assetChunks] Extra module preloads per page, `/assets/chunk-<k>.<hash>.js` (default 0).
 * @property {string} [assetBase] The host pages load their assets from, `http://host:port`
 *   (default '': the site's own).
 * @property {boolean} [assetCors] Assets are answered with `Access-Control-Allow-Origin: *`, as
 *   a static host serving fonts and module scripts to other origins must (default true).
 * @property {string} [thirdPartyScript] The third party's script every page references (default
 *   `https://cdn.third-party.example/widget.js`, which no one answers).
 * @property {import('./origin.mjs').BuildAt} [buildAt] Where a page names its build: `head`
 *   (default, a `<meta name="build">`) or `end` (a script at the end of the body).
 */

/** @typedef {'gzip' | 'br' | 'deflate' | 'identity'} PageEncoding */

/** Every PageEncoding, for the CLI and the control API to check a value against. */
export const PAGE_ENCODINGS = /** @type {readonly string[]} */ ([
  'gzip',
  'br',
  'deflate',
  'identity'
])

/**
 * One public-site request.
 * @typedef {object} SiteRequestLogEntry
 * @property {string} method
 * @property {string} url Path and query as received.
 * @property {Record<string, string | string[] | undefined>} headers Lower-cased, as received.
 * @property {string} device The device type the User-Agent maps to.
 * @property {string | null} country The visitor's country (Cache By Country sites), else null.
 * @property {number | null} status Null when the connection was reset (fault).
 * @property {string | null} kcStatus The `<Brand>-Kc-Status` answered, if any.
 * @property {string | null} fault The kind of fault applied, if any.
 * @property {number} at `Date.now()` at arrival (real clock).
 */

/**
 * One render the edge started: a page or an asset, for one device (and country).
 * @typedef {object} RenderLogEntry
 * @property {string} path Path and query.
 * @property {string} device
 * @property {string | null} country
 * @property {string} build The origin's build the render got.
 * @property {string[]} faults The render faults it got (none: a whole render).
 * @property {number} at `Date.now()` when it started.
 */

/**
 * @typedef {object} SiteAnswer
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {string | Buffer} [body]
 * @property {() => import('node:stream').Readable} [stream] A body generated on demand.
 * @property {boolean} [gzip] Gzip the stream.
 * @property {string | null} [kcStatus]
 * @property {boolean} [compressible] A page: compressed when the request accepts `pageEncoding`.
 * @property {string} [cacheKey] What the body depends on, to keep its compressed forms.
 */

/** The public site's listener and behaviour. */
export class PublicSite {
  /**
   * @param {PublicSiteOptions} [options]
   * @param {(entry: { path: string, device: string, country: string | null }) => void} [onRender]
   *   Called when the edge starts rendering an entry (the service caches it again).
   */
  constructor(options = {}, onRender = () => {}) {
    const brand = options.brand ?? 'emu'
    this.prefix = brand.charAt(0).toUpperCase() + brand.slice(1)
    this.edge = new EdgeCache(options)
    this.clockSkewMs = options.clockSkewMs ?? 0
    this.maxCacheAgeMs = options.maxCacheAgeMs ?? 7 * 24 * 60 * 60 * 1000
    /** @type {KcDateFraction} */
    this.kcDateFraction = options.kcDateFraction ?? 'empty'
    this.siteHeaders = options.siteHeaders ?? true
    this.robotsTxt = options.robotsTxt ?? true
    this.sitemaps = options.sitemaps ?? true
    this.sitemapForeignUrls = options.sitemapForeignUrls ?? []
    this.sitemapMalformed = options.sitemapMalformed ?? false
    /** @type {SitemapFormat} */
    this.sitemapFormat = options.sitemapFormat ?? 'xml'
    /** @type {RobotsEncoding} */
    this.robotsEncoding = options.robotsEncoding ?? 'utf-8'
    this.syntheticSitemap = {
      urls: options.syntheticSitemap?.urls ?? 1_000_000,
      files: options.syntheticSitemap?.files ?? 20,
      gzip: options.syntheticSitemap?.gzip ?? true,
      urlChars: options.syntheticSitemap?.urlChars ?? 0
    }
    this.syntheticFeed = {
      items: options.syntheticFeed?.items ?? 100_000,
      files: options.syntheticFeed?.files ?? 2
    }
    this.maxLog = options.maxLog ?? 20000
    this.pageBytes = options.pageBytes ?? 0
    /** @type {PageEncoding} */
    this.pageEncoding = options.pageEncoding ?? 'gzip'
    this.compressAlways = options.compressAlways ?? false
    /** @type {import('./origin.mjs').BuildAt} */
    this.buildAt = options.buildAt ?? 'head'
    this.assets = options.assets ?? true
    this.assetChunks = options.assetChunks ?? 0
    this.assetBase = options.assetBase ?? ''
    this.assetCors = options.assetCors ?? true
    this.thirdPartyScript = options.thirdPartyScript ?? THIRD_PARTY_SCRIPT
    /**
     * What the origin answers for an asset path at `now` (the emulator gives its builds and
     * faults; alone, the site holds the assets of the build it renders now).
     * @type {(path: string, now: number) => import('./assets.mjs').AssetAnswer}
     */
    this.assetAnswer = (path, now) =>
      originAsset(path, [this.edge.renderBuild(now)], { chunks: this.assetChunks })
    /** @type {Map<string, Buffer>} @private */
    this._encoded = new Map()
    this.onRender = onRender
    this.faults = new FaultController()
    /** @type {SiteRequestLogEntry[]} */
    this.requests = []
    /** The render faults set (`renderFaults.add()`): what renders starting from then on get. */
    this.renderFaults = new RenderFaults()
    /** @type {RenderLogEntry[]} Every render the edge started, oldest first (the last `maxLog`). */
    this.renders = []
    /** @type {Map<string, Record<string, number>>} Path → device → renders started (kept in full). */
    this.renderCounts = new Map()
    this.url = ''
    /** Real-clock ms of the last load, for `lastmod`. */
    this.loadedAt = Date.now()
    /** @type {Set<NodeJS.Timeout>} @private */
    this._timers = new Set()
    this.server = http.createServer((req, res) => this._handle(req, res))
    this.server.keepAliveTimeout = 30_000
    /** The second host robots.txt names with `sitemapFormat: 'cross-host'` (a bucket, a CDN). */
    this.sitemapHost = new SitemapHost(
      path => this._hostedFiles(path),
      (req, res, answer) => this._send(req, res, answer)
    )
  }

  /** The edge's clock (ms). */
  now() {
    return Date.now() + this.clockSkewMs
  }

  /**
   * Loads a site: every seeded entry is HIT, cached `seedAgeMs` ago.
   * @param {Site | SitePage[]} site
   */
  load(site) {
    this.loadedAt = Date.now()
    this.edge.load(site, this.loadedAt)
  }

  /** Clears the request and render logs and the faults (queue, random, stats; render faults). */
  resetLog() {
    this.requests.length = 0
    this.renders.length = 0
    this.renderCounts.clear()
    this.renderFaults.clear()
    this.sitemapHost.requests.length = 0
    this.faults.reset()
  }

  /**
   * @param {string} host
   * @param {number} port
   * @returns {Promise<void>}
   */
  async listen(host, port) {
    this.url = (await listenOn(this.server, host, port)).url
    await this.sitemapHost.listen(host)
  }

  /** @returns {Promise<void>} */
  async close() {
    await Promise.all([closeServer(this.server, this._timers), this.sitemapHost.close()])
  }

  // --- answers ------------------------------------------------------------------------------

  /**
   * The tags of a build's assets in its pages ('' with `assets: false`).
   * @param {string} build
   */
  assetTags(build) {
    if (!this.assets) return ''
    const { assetChunks: chunks, assetBase: base, thirdPartyScript: thirdParty } = this
    return assetTags(build, { chunks, base, thirdParty })
  }

  /** @private */
  _lastmod() {
    return `${new Date(this.loadedAt - this.edge.seedAgeMs + this.clockSkewMs).toISOString().slice(0, 19)}+00:00`
  }

  /**
   * The site's pages split between the two sitemap files (first half plain, second half gzip).
   * @private
   */
  _sitemapHalves() {
    const locs = [...this.edge.pages.keys()].map(path => `${this.url}${path}`)
    const half = Math.ceil(locs.length / 2)
    return [locs.slice(0, half).concat(this.sitemapForeignUrls), locs.slice(half)]
  }

  /**
   * A `<urlset>` of these page URLs: plain, or with image, video, news and hreflang extensions
   * when `sitemapFormat` is `xml-media` (foreign URLs stay plain `<url>`s).
   * @private
   * @param {string[]} locs
   * @param {string} lastmod
   */
  _urlset(locs, lastmod) {
    if (this.sitemapFormat !== 'xml-media') return urlset(locs, lastmod)
    const own = `${this.url}/`
    const paths = locs.filter(loc => loc.startsWith(own)).map(loc => loc.slice(this.url.length))
    const media = urlsetWithMedia(this.url, paths, lastmod)
    const foreign = locs.filter(loc => !loc.startsWith(own))
    if (foreign.length === 0) return media
    return media.replace('</urlset>', urlset(foreign).replace(/^[\s\S]*?<urlset[^>]*>\n/, ''))
  }

  /**
   * The files of the second host (`sitemapHost`): an index of a plain and a gzip sitemap of the
   * site's pages, as a storage bucket holds them.
   * @private
   * @param {string} path
   * @returns {SiteAnswer | null}
   */
  _hostedFiles(path) {
    if (!this.sitemaps) return null
    const host = this.sitemapHost.url
    const lastmod = this._lastmod()
    const [first = [], second = []] = this._sitemapHalves()
    if (path === '/sitemap_index.xml') {
      return this._file(
        200,
        sitemapIndex([`${host}/sitemaps/pages-1.xml`, `${host}/sitemaps/pages-2.xml.gz`], lastmod),
        'application/xml'
      )
    }
    if (path === '/sitemaps/pages-1.xml') {
      return this._file(200, this._urlset(first, lastmod), 'application/xml')
    }
    if (path === '/sitemaps/pages-2.xml.gz') {
      return {
        status: 200,
        headers: { 'Content-Type': 'binary/octet-stream' },
        body: gzipSync(this._urlset(second, lastmod))
      }
    }
    return null
  }

  /** What robots.txt lists, by `sitemapFormat`. @private */
  _listedSitemaps() {
    if (!this.sitemaps) return []
    switch (this.sitemapFormat) {
      case 'text':
        return [`${this.url}/sitemap.txt`]
      case 'text-gz':
        return [`${this.url}/sitemap.txt.gz`]
      case 'rss':
        return [`${this.url}/feed.rss`]
      case 'atom':
        return [`${this.url}/feed.atom`]
      case 'cross-host':
        return [`${this.sitemapHost.url}/sitemap_index.xml`]
      case 'html-shell':
        return []
      default:
        return [`${this.url}/sitemap_index.xml`]
    }
  }

  /**
   * @private
   * @param {number} status
   * @param {string} body
   * @param {string} [type]
   * @returns {SiteAnswer}
   */
  _file(status, body, type = 'text/plain; charset=utf-8') {
    return { status, headers: { 'Content-Type': type }, body }
  }

  /**
   * @private
   * @param {string} path
   * @param {string} query
   * @returns {SiteAnswer | null} A robots.txt or sitemap answer, or null when not such a route.
   */
  _files(path, query) {
    const xml = 'application/xml; charset=utf-8'
    const gz = 'application/gzip'
    const text = 'text/plain; charset=utf-8'
    const notFound = this._file(404, 'Not found\n')
    const shell = this.sitemapFormat === 'html-shell'
    if (path === '/robots.txt') {
      if (!this.robotsTxt) return notFound
      // A single-page app answers every path with its page, robots.txt included.
      if (shell) return this._file(200, htmlShell(), 'text/html; charset=utf-8')
      return {
        status: 200,
        headers: { 'Content-Type': text },
        body: encodeRobotsTxt(robotsTxt(this._listedSitemaps()), this.robotsEncoding)
      }
    }
    const sitemapRoutes = [
      '/sitemap_index.xml',
      '/sitemap.xml',
      '/sitemaps/pages-1.xml',
      '/sitemaps/pages-2.xml.gz',
      '/sitemaps/broken.xml',
      '/sitemap.txt',
      '/sitemap.txt.gz',
      '/feed.rss',
      '/feed.atom',
      '/synthetic/index.xml',
      '/synthetic/text-index.xml',
      '/synthetic/feed-index.xml',
      '/huge-sitemap.xml'
    ]
    const synthetic = /^\/synthetic\/(\d+)\.(xml|txt)(\.gz)?$/.exec(path)
    const syntheticFeed = /^\/synthetic\/feed-(\d+)\.(rss|atom)$/.exec(path)
    if (!sitemapRoutes.includes(path) && !synthetic && !syntheticFeed) return null
    if (!this.sitemaps) return notFound
    if (shell && (path === '/sitemap.xml' || path === '/sitemap_index.xml')) {
      return this._file(200, htmlShell(), 'text/html; charset=utf-8')
    }
    const lastmod = this._lastmod()
    if (path === '/sitemap_index.xml') {
      const files = [`${this.url}/sitemaps/pages-1.xml`, `${this.url}/sitemaps/pages-2.xml.gz`]
      if (this.sitemapMalformed) files.push(`${this.url}/sitemaps/broken.xml`)
      return this._file(200, sitemapIndex(files, lastmod), xml)
    }
    const [first = [], second = []] = this._sitemapHalves()
    const all = [...first, ...second]
    if (path === '/sitemap.xml') return this._file(200, this._urlset(all, lastmod), xml)
    if (path === '/sitemaps/pages-1.xml') return this._file(200, this._urlset(first, lastmod), xml)
    if (path === '/sitemaps/pages-2.xml.gz') {
      return {
        status: 200,
        headers: { 'Content-Type': gz },
        body: gzipSync(this._urlset(second, lastmod))
      }
    }
    if (path === '/sitemaps/broken.xml') return this._file(200, malformedSitemap(this.url), xml)
    // Text and feeds: served whatever sitemapFormat is (robots.txt lists them only with theirs).
    if (path === '/sitemap.txt') return this._file(200, textSitemap(all), text)
    if (path === '/sitemap.txt.gz') {
      return { status: 200, headers: { 'Content-Type': gz }, body: gzipSync(textSitemap(all)) }
    }
    const date = new Date(this.loadedAt - this.edge.seedAgeMs + this.clockSkewMs)
    if (path === '/feed.rss') {
      return this._file(200, rssFeed(this.url, all, date.toUTCString()), 'application/rss+xml')
    }
    if (path === '/feed.atom') {
      return this._file(200, atomFeed(this.url, all, date.toISOString()), 'application/atom+xml')
    }
    const { urls, files, gzip, urlChars } = this.syntheticSitemap
    const perFile = Math.ceil(urls / Math.max(1, files))
    if (path === '/synthetic/index.xml' || path === '/synthetic/text-index.xml') {
      const ext = `${path === '/synthetic/index.xml' ? '.xml' : '.txt'}${gzip ? '.gz' : ''}`
      const list = []
      for (let k = 1; k <= files; k++) list.push(`${this.url}/synthetic/${k}${ext}`)
      return this._file(200, sitemapIndex(list, lastmod), xml)
    }
    if (synthetic) {
      const k = Number(synthetic[1])
      const isGzip = synthetic[3] !== undefined
      if (k < 1 || k > files || isGzip !== gzip) return notFound
      const from = (k - 1) * perFile + 1
      const to = Math.min(urls, k * perFile)
      const isText = synthetic[2] === 'txt'
      return {
        status: 200,
        headers: { 'Content-Type': gzip ? gz : isText ? text : xml },
        stream: () =>
          isText
            ? syntheticTextStream(this.url, from, to, urlChars)
            : syntheticUrlsetStream(this.url, from, to, lastmod, urlChars),
        gzip
      }
    }
    const feeds = this.syntheticFeed
    const perFeed = Math.ceil(feeds.items / Math.max(1, feeds.files))
    /** @param {number} k */
    const feedKind = k => (k % 2 === 1 ? 'rss' : 'atom')
    if (path === '/synthetic/feed-index.xml') {
      const list = []
      for (let k = 1; k <= feeds.files; k++)
        list.push(`${this.url}/synthetic/feed-${k}.${feedKind(k)}`)
      return this._file(200, sitemapIndex(list, lastmod), xml)
    }
    if (syntheticFeed) {
      const k = Number(syntheticFeed[1])
      const kind = feedKind(k)
      if (k < 1 || k > feeds.files || syntheticFeed[2] !== kind) return notFound
      const from = (k - 1) * perFeed + 1
      const to = Math.min(feeds.items, k * perFeed)
      return {
        status: 200,
        headers: {
          'Content-Type': kind === 'rss' ? 'application/rss+xml' : 'application/atom+xml'
        },
        stream: () => syntheticFeedStream(this.url, from, to, kind)
      }
    }
    // /huge-sitemap.xml?bytes=N
    const bytes = Number(new URLSearchParams(query).get('bytes') ?? 1024 * 1024 * 1024)
    if (!Number.isFinite(bytes) || bytes < 0) return this._file(400, 'bytes must be >= 0\n')
    return {
      status: 200,
      headers: { 'Content-Type': xml },
      stream: () => hugeUrlsetStream(this.url, bytes)
    }
  }

  /**
   * @private
   * @param {string} target Path and query as received.
   * @param {string} device
   * @param {string | null} country
   * @returns {SiteAnswer}
   */
  _page(target, device, country) {
    const p = this.prefix
    const page = this.edge.pages.get(target)
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'text/html; charset=utf-8' }
    if (this.siteHeaders) {
      headers[`${p}-Req`] = randomUUID()
      headers[`${p}-Transaction`] = randomUUID()
    }
    /**
     * A page, with the origin's build it was rendered from (uncached answers: the build the
     * origin serves now) and the render faults its render got. Only real pages get
     * `pageBytes` of filler.
     * @param {string} status @param {string} text @param {number} [code] @param {string} [build]
     * @param {readonly string[]} [faults]
     * @returns {SiteAnswer}
     */
    const html = (
      status,
      text,
      code = 200,
      build = this.edge.renderBuild(Date.now()),
      faults = []
    ) => {
      if (this.siteHeaders) headers[`${p}-Kc-Status`] = status
      Object.assign(headers, renderHeaders(faults))
      const bytes = code === 200 ? this.pageBytes : 0
      const { buildAt, url: siteUrl } = this
      const assets = this.assetTags(build)
      const look = renderLook(faults)
      const parts = { title: target, path: target, siteUrl, text, build, bytes, buildAt, assets }
      return {
        status: code,
        headers,
        body: pageHtml({ ...parts, look }),
        kcStatus: this.siteHeaders ? status : null,
        compressible: true,
        cacheKey: JSON.stringify([parts, faults])
      }
    }
    const path = target.split('?')[0] ?? target
    if (!page && isAssetPath(path)) return this._asset(target, path, device, country, headers)
    // Real edges pass the origin's 404 through the cache; its status header says MISS.
    if (!page) return html('MISS', 'Not found', 404)
    if (page.dynamic) {
      if (this.siteHeaders) headers[`${p}-Bypass`] = 'SOFT_DYNAMIC'
      return html('DYNAMIC', `Dynamic page for ${device}`)
    }
    if (page.bypass !== undefined) {
      // Served from the origin past the cache, and the edge says why.
      if (this.siteHeaders) headers[`${p}-Bypass`] = page.bypass
      return html('MISS', `Cache bypassed (${page.bypass}), for ${device}`)
    }
    if (page.cacheable === false) return html('MISS', `Not cacheable, for ${device}`)
    const served = this.edge.serve(target, device, country)
    const build = served.entry.build
    if (served.started) {
      // A redirect is the origin's answer, not a render of the page: it cannot come out wrong.
      if (page.redirect === undefined) {
        served.entry.faults = this.renderFaults.pick(target, device, country)
      }
      this._rendered(served.entry)
    }
    if (this.siteHeaders) {
      const tags = this.edge.tags.get(target) ?? []
      if (tags.length > 0) headers[`${p}-Tags`] = tags.join(', ')
    }
    if (served.status === 'HIT' && this.siteHeaders) {
      headers[`${p}-Kc-Date`] = formatKcDate(
        served.entry.cachedAt + this.clockSkewMs,
        this.now(),
        this.maxCacheAgeMs,
        this.kcDateFraction
      )
    }
    if (page.redirect !== undefined) {
      headers.Location = page.redirect
      return html(served.status, `Moved to ${page.redirect}`, 301, build)
    }
    return html(served.status, `Rendered for ${device}`, 200, build, served.entry.faults)
  }

  /**
   * Notes a render the edge started: in the render log and counts, and to `onRender` (the
   * service caches the entry again).
   * @private
   * @param {import('./edge.mjs').EdgeEntry} entry
   */
  _rendered({ path, device, country, build, faults = [] }) {
    const record = { path, device, country, build, faults: [...faults], at: Date.now() }
    logCapped(this.renders, record, this.maxLog)
    const counts = this.renderCounts.get(path) ?? {}
    counts[device] = (counts[device] ?? 0) + 1
    this.renderCounts.set(path, counts)
    this.onRender({ path, device, country })
  }

  /**
   * An asset through the edge: cached per device like a page, whatever the origin answered
   * when the render started (a 404 or an HTML fallback too: negative caching), with the same
   * headers (`Kc-Status` HIT or EXTRACTING, `Kc-Date` on HIT); no tags.
   * @private
   * @param {string} target
   * @param {string} path
   * @param {string} device
   * @param {string | null} country
   * @param {Record<string, string>} headers
   * @returns {SiteAnswer}
   */
  _asset(target, path, device, country, headers) {
    const p = this.prefix
    const now = Date.now()
    const served = this.edge.serve(target, device, country, now)
    if (served.started || served.entry.asset === undefined) {
      served.entry.asset = this.assetAnswer(path, now)
    }
    if (served.started) this._rendered(served.entry)
    const asset = served.entry.asset
    headers['Content-Type'] = asset.contentType
    if (asset.location !== undefined) headers.Location = asset.location
    if (this.assetCors) headers['Access-Control-Allow-Origin'] = '*'
    if (this.siteHeaders) {
      headers[`${p}-Kc-Status`] = served.status
      if (served.status === 'HIT') {
        headers[`${p}-Kc-Date`] = formatKcDate(
          served.entry.cachedAt + this.clockSkewMs,
          this.now(),
          this.maxCacheAgeMs,
          this.kcDateFraction
        )
      }
    }
    return {
      status: asset.status,
      headers,
      body: asset.body,
      kcStatus: this.siteHeaders ? served.status : null
    }
  }

  // --- HTTP ---------------------------------------------------------------------------------

  /**
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  _handle(req, res) {
    res.on('error', () => {})
    req.on('error', () => {})
    req.resume() // a body, if any, is not used
    const target = req.url ?? '/'
    const q = target.indexOf('?')
    const path = q < 0 ? target : target.slice(0, q)
    const query = q < 0 ? '' : target.slice(q + 1)
    const device = deviceFor(req.headers['user-agent'])
    const asked = req.headers[COUNTRY_HEADER]
    const country = this.edge.cacheByCountry
      ? typeof asked === 'string' && /^[A-Za-z]{2}$/.test(asked)
        ? asked.toUpperCase()
        : this.edge.defaultCountry
      : null
    /** @type {SiteRequestLogEntry} */
    const entry = {
      method: req.method ?? '',
      url: target,
      headers: { ...req.headers },
      device,
      country,
      status: null,
      kcStatus: null,
      fault: null,
      at: Date.now()
    }
    logCapped(this.requests, entry, this.maxLog)
    const fault = injectedFault(this.faults, req, entry, path, target)
    if (fault === 'dropped') return
    /** @type {SiteAnswer} */
    let answer
    if (fault?.status !== undefined) {
      const text = typeof fault.body === 'string' ? fault.body : `HTTP ${fault.status}\n`
      answer = this._file(fault.status, text, 'text/html; charset=utf-8')
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      answer = this._file(405, 'Method not allowed\n')
      answer.headers.Allow = 'GET, HEAD'
    } else {
      answer = this._files(path, query) ?? this._page(target, device, country)
    }
    if (fault?.headers) Object.assign(answer.headers, fault.headers)
    entry.status = answer.status
    entry.kcStatus = answer.kcStatus ?? null
    sendLater(this._timers, fault?.delayMs ?? 0, () => this._send(req, res, answer))
  }

  /**
   * A page body compressed with `pageEncoding` when the request accepts it, as real edges do;
   * undefined when it goes as it is.
   * @private
   * @param {string | Buffer} body
   * @param {string | undefined} accepted The request's `Accept-Encoding`.
   * @param {string} [cacheKey] What the body depends on: its compressed form is kept.
   * @returns {{ body: Buffer, name: string } | undefined}
   */
  _encode(body, accepted, cacheKey) {
    const name = this.pageEncoding
    if (name === 'identity') return undefined
    const wanted = (accepted ?? '').split(',').map(part => part.trim().split(';'))
    const ok = wanted.some(
      ([token, q]) => token?.toLowerCase() === name && !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? '')
    )
    if (!ok && !this.compressAlways) return undefined
    const key = cacheKey === undefined ? undefined : `${name} ${cacheKey}`
    const kept = key === undefined ? undefined : this._encoded.get(key)
    if (kept !== undefined) return { body: kept, name }
    let encoded
    if (name === 'br') {
      const params = { [constants.BROTLI_PARAM_QUALITY]: 1 }
      encoded = brotliCompressSync(body, { params })
    } else if (name === 'deflate') encoded = deflateSync(body, { level: 1 })
    else encoded = gzipSync(body, { level: 1 })
    if (key !== undefined) {
      if (this._encoded.size >= MAX_ENCODED_PAGES) this._encoded.clear()
      this._encoded.set(key, encoded)
    }
    return { body: encoded, name }
  }

  /**
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @param {SiteAnswer} answer
   */
  _send(req, res, answer) {
    if (res.destroyed || res.writableEnded) return
    // Set explicitly, Node does not add its own (real-clock) Date.
    res.setHeader('Date', new Date(this.now()).toUTCString())
    const head = req.method === 'HEAD'
    if (answer.stream) {
      res.writeHead(answer.status, answer.headers)
      if (head) {
        res.end()
        return
      }
      const source = answer.stream()
      // Level 1: the benchmark times the parser, not this emulator's compression.
      if (answer.gzip) pipeline(source, createGzip({ level: 1 }), res, () => {})
      else pipeline(source, res, () => {})
      return
    }
    let body = answer.body ?? ''
    if (answer.compressible) {
      const encoded = this._encode(body, req.headers['accept-encoding'], answer.cacheKey)
      if (encoded) {
        body = encoded.body
        answer.headers['Content-Encoding'] = encoded.name
      }
      answer.headers.Vary = 'Accept-Encoding'
    }
    res.setHeader('Content-Length', Buffer.byteLength(body))
    res.writeHead(answer.status, answer.headers)
    res.end(head ? undefined : body)
  }
}
