// @ts-check
/**
 * The customer's origin server, with builds: what the service's renderer fetches a page from,
 * and what a deploy changes. `OriginBuilds` says which build the pages and the version endpoint
 * serve at any moment (a deploy switches them after a rollout delay, the version endpoint with a
 * delay of its own, to model a rolling deploy where the health check flips before every
 * instance does); `OriginSite` is the origin's own listener (`--origin-port`): `/version.txt`,
 * `/health` and the site's pages, never cached, without any of the edge's headers. Every page,
 * here and at the edge, carries `<meta name="build" content="ID">`, a title, a robots meta, a
 * canonical link on the public site and a JSON-LD block (`pageHtml`). See
 * emulator/README.md, "The origin and its builds".
 */
import http from 'node:http'
import { isAssetPath } from './assets.mjs'
import { FaultController, mulberry32 } from './faults.mjs'
import { closeServer, injectedFault, listenOn, logCapped, sendLater } from './listener.mjs'

/** The build the origin serves when none is given (`--build`). */
export const DEFAULT_BUILD = 'build-1'

/** A build id: what a version file holds. Printable, one line, not too long. */
const BUILD_ID = /^[\x21-\x7e]{1,200}$/

/**
 * @param {unknown} build
 * @returns {string}
 */
export function checkBuildId(build) {
  if (typeof build !== 'string' || !BUILD_ID.test(build)) {
    throw new TypeError('build must be 1 to 200 printable ASCII characters without spaces')
  }
  return build
}

/**
 * One deploy: from `pagesAt` the pages render with `build`; from `versionAt` the version
 * endpoint says `build`. Times are real-clock ms. A held deploy's times are Infinity (never
 * yet) until the purge it waits for starts it.
 * @typedef {object} Deploy
 * @property {string} build
 * @property {number} deployedAt
 * @property {number} pagesAt
 * @property {number} versionAt
 * @property {'next-purge'} [held] Set while it waits for the next accepted purge
 *   (`afterNextPurge`); gone once it starts.
 */

/**
 * @typedef {object} DeployOptions
 * @property {number} [rolloutMs] From the deploy until every page is rendered with the new build (default 0).
 * @property {number} [versionDelayMs] From the deploy until the version endpoint says the new
 *   build (default `rolloutMs`: the switch is atomic). Shorter than `rolloutMs`: a rolling
 *   deploy whose health check flips before every instance serves the new build.
 * @property {boolean} [afterNextPurge] Hold the deploy until the next purge request the
 *   emulator accepts, then start it at that moment, both delays counted from there (default
 *   false: start now). Models a deploy that lands while a run verifies its purge.
 */

/** Which build the origin serves, over time. Pure: every method takes an explicit clock. */
export class OriginBuilds {
  /**
   * @param {string} [initial]
   */
  constructor(initial = DEFAULT_BUILD) {
    this.initial = checkBuildId(initial)
    /** @type {Deploy[]} Oldest first; the first is the initial build, live since forever. */
    this.deploys = []
    /**
     * Deploys waiting for the next accepted purge, in the order they were made. Kept out of
     * `deploys` so nothing that reads it (renders, bundles) sees them before they start.
     * @type {{ deploy: Deploy, rolloutMs: number, versionDelayMs: number }[]}
     * @private
     */
    this._held = []
    this.reset()
  }

  /** Back to the initial build, with no deploy pending or held. */
  reset() {
    this._held = []
    this.deploys = [
      {
        build: this.initial,
        deployedAt: -Infinity,
        pagesAt: -Infinity,
        versionAt: -Infinity
      }
    ]
  }

  /**
   * Deploys a build: the pages switch to it after `rolloutMs`, the version endpoint after
   * `versionDelayMs`. A later deploy wins over an earlier one still rolling out, once live.
   * With `afterNextPurge` the deploy is held, and `startHeld` starts it.
   * @param {string} build
   * @param {DeployOptions} [options]
   * @param {number} [now]
   * @returns {Deploy} The record; a held one gets its times when it starts.
   */
  deploy(build, options = {}, now = Date.now()) {
    checkBuildId(build)
    const rolloutMs = delay(options.rolloutMs ?? 0, 'rolloutMs')
    const versionDelayMs = delay(options.versionDelayMs ?? rolloutMs, 'versionDelayMs')
    // Not `??`: a null from a JSON body is refused, not taken for false.
    const held = options.afterNextPurge === undefined ? false : options.afterNextPurge
    if (typeof held !== 'boolean') throw new TypeError('afterNextPurge must be true or false')
    if (held) {
      /** @type {Deploy} */
      const record = {
        build,
        deployedAt: Infinity,
        pagesAt: Infinity,
        versionAt: Infinity,
        held: 'next-purge'
      }
      this._held.push({ deploy: record, rolloutMs, versionDelayMs })
      return record
    }
    const record = {
      build,
      deployedAt: now,
      pagesAt: now + rolloutMs,
      versionAt: now + versionDelayMs
    }
    this.deploys.push(record)
    return record
  }

  /**
   * Starts the held deploys at `now`, in the order they were made, each with its own delays
   * counted from `now`: the later one wins once live, as for deploys made one after another.
   * @param {number} [now]
   * @returns {Deploy[]} The deploys started (the records `deploy` returned), oldest first.
   */
  startHeld(now = Date.now()) {
    const started = this._held.map(({ deploy, rolloutMs, versionDelayMs }) => {
      deploy.deployedAt = now
      deploy.pagesAt = now + rolloutMs
      deploy.versionAt = now + versionDelayMs
      delete deploy.held
      this.deploys.push(deploy)
      return deploy
    })
    this._held = []
    return started
  }

  /**
   * The build a page rendered at `now` gets: the newest deploy whose rollout has ended.
   * @param {number} [now]
   */
  pageBuild(now = Date.now()) {
    return this._latest('pagesAt', now)
  }

  /**
   * The build the version endpoint names at `now`.
   * @param {number} [now]
   */
  versionBuild(now = Date.now()) {
    return this._latest('versionAt', now)
  }

  /**
   * What the origin serves at `now`, and every deploy, oldest first; the held ones come last,
   * with null times and `held: 'next-purge'`.
   * @param {number} [now]
   * @returns {{ pages: string, version: string, deploys: { build: string, deployedAt: number | null, pagesAt: number | null, versionAt: number | null, held?: 'next-purge' }[] }}
   */
  state(now = Date.now()) {
    const finite = (/** @type {number} */ n) => (Number.isFinite(n) ? n : null)
    return {
      pages: this.pageBuild(now),
      version: this.versionBuild(now),
      deploys: [...this.deploys, ...this._held.map(h => h.deploy)].map(d => ({
        build: d.build,
        deployedAt: finite(d.deployedAt),
        pagesAt: finite(d.pagesAt),
        versionAt: finite(d.versionAt),
        ...(d.held !== undefined && { held: d.held })
      }))
    }
  }

  /**
   * @private
   * @param {'pagesAt' | 'versionAt'} field
   * @param {number} now
   */
  _latest(field, now) {
    for (let k = this.deploys.length - 1; k >= 0; k--) {
      const d = /** @type {Deploy} */ (this.deploys[k])
      if (d[field] <= now) return d.build
    }
    return this.initial
  }
}

/**
 * @param {unknown} value
 * @param {string} name
 * @returns {number}
 */
function delay(value, name) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a number >= 0`)
  }
  return value
}

const WORDS =
  'the of and to in is for on with as by at from that this page site news blog product price guide help docs about team story new more read open close home menu search result order cart account shoes color size deliver return store review rating offer week month year today'.split(
    ' '
  )

/** Filler text by length: words drawn from a seeded PRNG, so it compresses like prose (about 3x). */
const fillers = new Map()

/**
 * @param {number} length
 * @returns {string}
 */
function filler(length) {
  let text = fillers.get(length)
  if (text === undefined) {
    const random = mulberry32(length)
    const parts = []
    let size = 0
    // `<=`: the joined words are `size - 1` long (no space after the last), never short.
    while (size <= length) {
      const word = WORDS[Math.floor(random() * WORDS.length)] ?? 'x'
      parts.push(word)
      size += word.length + 1
    }
    text = parts.join(' ').slice(0, length)
    if (fillers.size > 16) fillers.clear()
    fillers.set(length, text)
  }
  return text
}

/**
 * Where a page names its build: `head`, a `<meta name="build">` in the head, as most sites do;
 * `end`, a script at the end of the body, as some frameworks' build data is (the content proof
 * then reads the whole page).
 * @typedef {'head' | 'end'} BuildAt
 */

/** Every BuildAt, for the CLI and the control API to check a value against. */
export const BUILD_AT = /** @type {readonly string[]} */ (['head', 'end'])

/**
 * How a render came out, when it went wrong (render-faults.mjs says it from the render's
 * faults); every field left out is as a whole page has it.
 * @typedef {object} PageLook
 * @property {'whole' | 'blank' | 'shell'} [body] `blank`: `<body></body>`; `shell`: only an
 *   app's mount point and its `<noscript>` line (SHELL_BODY). Default `whole`.
 * @property {boolean} [notFound] The app showed its "Page not found", answered 200 (a soft 404).
 * @property {string} [robots] The robots meta's content (default `index, follow`).
 * @property {string} [canonicalOrigin] The canonical link's origin instead of the site's own.
 * @property {boolean} [cutJsonLd] The JSON-LD block is cut short: it does not parse.
 * @property {boolean} [newTitle] The title (and the heading) read `<title> (updated)`: a deploy's copy
 *   edit, not a fault.
 */

/**
 * The body of an app's page whose scripts did not run: the mount point and a noscript line (its
 * scripts stay in the head, where the page's assets are named, so they still load).
 */
export const SHELL_BODY =
  '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>'

/** What a soft 404 shows: the app's own "not found" page, answered 200. */
const NOT_FOUND = {
  title: 'Page not found',
  text: 'Sorry, the page you are looking for does not exist.'
}

/**
 * A page to write: see pageHtml.
 * @typedef {object} PageParts
 * @property {string} title
 * @property {string} text The visible text under the h1.
 * @property {string} build The build the page names.
 * @property {number} [bytes] Filler up to about this many bytes (default 0: none).
 * @property {BuildAt} [buildAt] Where the page names its build (default `head`).
 * @property {string} [assets] The tags of its assets (see assets.mjs), in the head.
 * @property {string} [path] The page's path and query, for its canonical link (default `/`).
 * @property {string} [siteUrl] The public site's address, `http://host:port` (default '': the
 *   canonical link is then the path alone).
 * @property {PageLook} [look] How the render came out (default a whole page).
 */

/**
 * A page as the origin renders it (and so as the edge caches it): in the head the build (meta
 * tag, or a script at the end), the tags of its assets, the title, a robots meta, a canonical
 * link to itself on the public site and a JSON-LD block; in the body an h1, the text, then
 * filler up to about `bytes` bytes. `look` writes a render that went wrong instead.
 * @param {PageParts} page
 * @returns {string}
 */
export function pageHtml(page) {
  const look = page.look ?? {}
  const title = look.notFound
    ? NOT_FOUND.title
    : look.newTitle
      ? `${page.title} (updated)`
      : page.title
  const top = `<!doctype html>\n<html>${pageHead(page, title, look)}<body>`
  const end = '</body></html>\n'
  if (look.body === 'blank') return `${top}${end}`
  if (look.body === 'shell') return `${top}${SHELL_BODY}${end}`
  const text = look.notFound ? NOT_FOUND.text : page.text
  const head = `${top}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`
  const tail = `${buildScript(page)}${end}`
  // A "not found" page is short: only whole pages get filler.
  const bytes = look.notFound ? 0 : (page.bytes ?? 0)
  const room = bytes - Buffer.byteLength(head) - Buffer.byteLength(tail) - '<p></p>'.length
  if (room <= 0) return `${head}${tail}`
  return `${head}<p>${filler(room)}</p>${tail}`
}

/**
 * The page's `<head>`, as a search engine reads it: build marker, assets, title, robots meta,
 * canonical link, JSON-LD.
 * @param {PageParts} page
 * @param {string} title
 * @param {PageLook} look
 * @returns {string}
 */
function pageHead(page, title, look) {
  const { build, buildAt = 'head', assets = '', path = '/', siteUrl = '' } = page
  const marker = buildAt === 'head' ? `<meta name="build" content="${escapeHtml(build)}">` : ''
  const notFound = look.notFound ? '<meta name="prerender-status-code" content="404">' : ''
  const robots = `<meta name="robots" content="${escapeHtml(look.robots ?? 'index, follow')}">`
  const canonical = `<link rel="canonical" href="${escapeHtml(`${look.canonicalOrigin ?? siteUrl}${path}`)}">`
  const data = jsonLd(title, look.cutJsonLd === true)
  return `<head><meta charset="utf-8">${marker}${assets}<title>${escapeHtml(title)}</title>${notFound}${robots}${canonical}${data}</head>`
}

/**
 * The page's structured data: one schema.org WebPage named by its title. Cut short, it stops
 * after `"name":`, as a render that timed out while writing it would.
 * @param {string} title
 * @param {boolean} cut
 * @returns {string}
 */
function jsonLd(title, cut) {
  const whole = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: title
  })
  const json = cut ? whole.slice(0, whole.indexOf('"name":') + '"name":'.length) : whole
  return `<script type="application/ld+json">${scriptSafe(json)}</script>`
}

/**
 * With `buildAt: 'end'`, the script at the end of the body that names the build.
 * @param {PageParts} page
 * @returns {string}
 */
function buildScript({ build, buildAt = 'head' }) {
  if (buildAt !== 'end') return ''
  return `<script id="build" type="application/json">${scriptSafe(JSON.stringify({ build }))}</script>`
}

/**
 * JSON inside a `<script>`: a `<` written `\u003c`, so no `</script>` can end it early.
 * @param {string} json
 * @returns {string}
 */
function scriptSafe(json) {
  return json.replace(/</g, '\\u003c')
}

/**
 * @param {string} text
 * @returns {string}
 */
export function escapeHtml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/**
 * One request the origin received.
 * @typedef {object} OriginRequestLogEntry
 * @property {string} method
 * @property {string} url Path and query as received.
 * @property {Record<string, string | string[] | undefined>} headers Lower-cased, as received.
 * @property {number | null} status Null when the connection was dropped (fault).
 * @property {string | null} build The build the answer named (version endpoint or page).
 * @property {string | null} fault
 * @property {number} at `Date.now()` at arrival.
 */

/**
 * @typedef {object} OriginSiteOptions
 * @property {OriginBuilds} builds
 * @property {(path: string) => import('./site.mjs').SitePage | undefined} pageAt The site's page at a path and query.
 * @property {() => number} [pageBytes] About how many bytes each page has (default 0: small pages).
 * @property {() => BuildAt} [buildAt] Where pages name their build (default `head`).
 * @property {(build: string) => string} [assetTags] The tags of a build's assets in its pages (default none).
 * @property {(path: string, now: number) => import('./assets.mjs').AssetAnswer} [assetAt] What the
 *   origin answers for a path under `/assets/` (default: the 404 of any unknown path).
 * @property {() => string} [siteUrl] The public site's address, which pages name in their
 *   canonical link (the site's own host, not the origin's; default '': the path alone).
 * @property {number} [maxLog] Records kept in `requests` (default 20000).
 */

/** The origin's listener: the version endpoint, a health endpoint and the pages, uncached. */
export class OriginSite {
  /**
   * @param {OriginSiteOptions} options
   */
  constructor(options) {
    this.builds = options.builds
    this.pageAt = options.pageAt
    this.pageBytes = options.pageBytes ?? (() => 0)
    this.buildAt = options.buildAt ?? (() => /** @type {BuildAt} */ ('head'))
    this.assetTags = options.assetTags ?? (() => '')
    this.assetAt = options.assetAt
    this.siteUrl = options.siteUrl ?? (() => '')
    this.maxLog = options.maxLog ?? 20000
    this.faults = new FaultController()
    /** @type {OriginRequestLogEntry[]} */
    this.requests = []
    this.url = ''
    /** @type {Set<NodeJS.Timeout>} @private */
    this._timers = new Set()
    this.server = http.createServer((req, res) => this._handle(req, res))
    this.server.keepAliveTimeout = 30_000
  }

  /**
   * @param {string} host
   * @param {number} port
   */
  async listen(host, port) {
    this.url = (await listenOn(this.server, host, port)).url
  }

  /** @returns {Promise<void>} */
  close() {
    return closeServer(this.server, this._timers)
  }

  /** Clears the request log and the faults. */
  resetLog() {
    this.requests.length = 0
    this.faults.reset()
  }

  /**
   * What the origin answers for a path and query, at `now`.
   * @param {string} target
   * @param {number} [now]
   * @returns {{ status: number, headers: Record<string, string>, body: string, build: string | null }}
   */
  answer(target, now = Date.now()) {
    const path = target.split('?')[0] ?? target
    const headers = { 'Cache-Control': 'no-store' }
    if (path === '/version.txt') {
      const build = this.builds.versionBuild(now)
      return {
        status: 200,
        headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
        body: `${build}\n`,
        build
      }
    }
    if (path === '/health') {
      const build = this.builds.versionBuild(now)
      return {
        status: 200,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: `${JSON.stringify({ status: 'ok', build })}\n`,
        build
      }
    }
    const build = this.builds.pageBuild(now)
    const html = { ...headers, 'Content-Type': 'text/html; charset=utf-8' }
    if (this.assetAt && isAssetPath(path)) {
      const asset = this.assetAt(path, now)
      return {
        status: asset.status,
        headers: {
          ...headers,
          'Content-Type': asset.contentType,
          ...(asset.location !== undefined && { Location: asset.location })
        },
        body: asset.body,
        build: null
      }
    }
    const page = this.pageAt(target)
    /** The parts every page the origin writes shares. */
    const parts = { title: target, path: target, siteUrl: this.siteUrl(), build }
    if (!page) {
      return {
        status: 404,
        headers: html,
        body: pageHtml({ ...parts, text: 'Not found', buildAt: this.buildAt() }),
        build
      }
    }
    if (page.redirect !== undefined) {
      return {
        status: 301,
        headers: { ...html, Location: page.redirect },
        body: pageHtml({ ...parts, text: `Moved to ${page.redirect}`, buildAt: this.buildAt() }),
        build
      }
    }
    return {
      status: 200,
      headers: html,
      body: pageHtml({
        ...parts,
        text: 'From the origin',
        bytes: this.pageBytes(),
        buildAt: this.buildAt(),
        assets: this.assetTags(build)
      }),
      build
    }
  }

  /**
   * @private
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  _handle(req, res) {
    res.on('error', () => {})
    req.on('error', () => {})
    req.resume()
    const target = req.url ?? '/'
    const path = target.split('?')[0] ?? target
    /** @type {OriginRequestLogEntry} */
    const entry = {
      method: req.method ?? '',
      url: target,
      headers: { ...req.headers },
      status: null,
      build: null,
      fault: null,
      at: Date.now()
    }
    logCapped(this.requests, entry, this.maxLog)
    const fault = injectedFault(this.faults, req, entry, path, target)
    if (fault === 'dropped') return
    const send = () => {
      if (res.destroyed || res.writableEnded) return
      /** @type {{ status: number, headers: Record<string, string>, body: string, build: string | null }} */
      let answer
      if (fault?.status !== undefined) {
        const body = typeof fault.body === 'string' ? fault.body : `HTTP ${fault.status}\n`
        answer = {
          status: fault.status,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
          body,
          build: null
        }
      } else if (req.method !== 'GET' && req.method !== 'HEAD') {
        answer = {
          status: 405,
          headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
          body: 'Method not allowed\n',
          build: null
        }
      } else {
        // Decided when the answer leaves: a delayed answer shows the build live by then.
        answer = this.answer(target)
      }
      if (fault?.headers) Object.assign(answer.headers, fault.headers)
      entry.status = answer.status
      entry.build = answer.build
      res.setHeader('Content-Length', Buffer.byteLength(answer.body))
      res.writeHead(answer.status, answer.headers)
      res.end(req.method === 'HEAD' ? undefined : answer.body)
    }
    sendLater(this._timers, fault?.delayMs ?? 0, send)
  }
}
