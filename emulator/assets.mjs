// @ts-check
/**
 * The static assets of a build: the hashed bundles each page of build B references
 * (`/assets/app.<hash>.js`, `/assets/app.<hash>.css`, `/assets/chunk-vendor.<hash>.js`,
 * `/assets/font.<hash>.woff2`, plus `chunks` more module preloads), the tags that reference
 * them, and what the origin answers for an asset path given the builds it holds. Pure: the
 * public site (edge) and the origin's listener call it. See emulator/README.md, "Assets".
 */
import { createHash } from 'node:crypto'

/** A third party's script every page also references: the action must never request it. */
export const THIRD_PARTY_SCRIPT = 'https://cdn.third-party.example/widget.js'

/** Where every asset lives on its host. */
export const ASSETS_PREFIX = '/assets/'

/** The names of the asset faults (`emu.assetFault(name)`, `--asset-fault`). */
export const ASSET_FAULTS = /** @type {readonly string[]} */ ([
  'asset-cached-404',
  'html-fallback',
  'old-assets-deleted',
  'asset-redirect'
])

/** @typedef {'script' | 'stylesheet' | 'modulepreload' | 'font'} AssetKind */

/**
 * @typedef {object} Asset
 * @property {AssetKind} kind The element that references it.
 * @property {string} path `/assets/app.<hash>.js`, ...
 */

/** Content types, by extension, as a static file server sends them. */
const CONTENT_TYPES = /** @type {Record<string, string>} */ ({
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff2: 'font/woff2'
})

/**
 * The hash in a build's file names: 8 hex digits of the build id's SHA-256, so that two builds
 * never share a bundle name and a test can derive it.
 * @param {string} build
 * @returns {string}
 */
export function assetHash(build) {
  return createHash('sha256').update(build).digest('hex').slice(0, 8)
}

/**
 * Every asset a page of `build` references, in the order the page names them.
 * @param {string} build
 * @param {number} [chunks] Extra module preloads `/assets/chunk-<k>.<hash>.js` (default 0).
 * @returns {Asset[]}
 */
export function buildAssets(build, chunks = 0) {
  const hash = assetHash(build)
  /** @type {Asset[]} */
  const assets = [
    { kind: 'stylesheet', path: `${ASSETS_PREFIX}app.${hash}.css` },
    { kind: 'modulepreload', path: `${ASSETS_PREFIX}chunk-vendor.${hash}.js` },
    { kind: 'font', path: `${ASSETS_PREFIX}font.${hash}.woff2` },
    { kind: 'script', path: `${ASSETS_PREFIX}app.${hash}.js` }
  ]
  for (let k = 1; k <= chunks; k++) {
    assets.push({ kind: 'modulepreload', path: `${ASSETS_PREFIX}chunk-${k}.${hash}.js` })
  }
  return assets
}

/**
 * The tags that reference a build's assets (and the third party's script), for a page's head.
 * @param {string} build
 * @param {{ chunks?: number, base?: string, thirdParty?: string }} [options] `base`: the assets'
 *   host (`http://host:port`, default '': the page's own); `thirdParty`: the third party's script
 *   (default THIRD_PARTY_SCRIPT; a test points it at a listener of its own to see it never asked).
 * @returns {string}
 */
export function assetTags(build, { chunks = 0, base = '', thirdParty = THIRD_PARTY_SCRIPT } = {}) {
  const tags = buildAssets(build, chunks).map(({ kind, path }) => {
    const url = `${base}${path}`
    switch (kind) {
      case 'stylesheet':
        return `<link rel="stylesheet" href="${url}">`
      case 'modulepreload':
        return `<link rel="modulepreload" href="${url}">`
      case 'font':
        return `<link rel="preload" as="font" type="font/woff2" href="${url}" crossorigin>`
      default:
        return `<script type="module" src="${url}"></script>`
    }
  })
  tags.push(`<script src="${thirdParty}" async></script>`)
  return tags.join('')
}

/**
 * Whether a path (without query) is under `/assets/`: the edge caches what the origin answers
 * for it, 404s included.
 * @param {string} path
 */
export function isAssetPath(path) {
  return path.startsWith(ASSETS_PREFIX)
}

/**
 * @typedef {object} AssetAnswer
 * @property {number} status
 * @property {string} contentType
 * @property {string} body
 * @property {string} [location] The `Location` of a redirect (`asset-redirect`), as given.
 */

/**
 * What the origin answers for an asset path, given the builds whose assets it holds.
 * @param {string} path Without query.
 * @param {readonly string[]} builds The builds whose bundles are on the origin.
 * @param {{ chunks?: number, htmlFallback?: boolean, missing?: ReadonlySet<string>, redirects?: ReadonlyMap<string, string> }} [options]
 *   `htmlFallback`: a missing asset answers 200 with the app's HTML (a single-page app's
 *   fallback) instead of 404; `missing`: paths the origin lacks even though their build is there;
 *   `redirects`: paths that answer a 301 to a path or URL (`asset-redirect`), whatever else.
 * @returns {AssetAnswer}
 */
export function originAsset(
  path,
  builds,
  { chunks = 0, htmlFallback = false, missing, redirects } = {}
) {
  const location = redirects?.get(path)
  if (location !== undefined) {
    return {
      status: 301,
      contentType: 'text/html; charset=utf-8',
      body: `Moved to ${location}\n`,
      location
    }
  }
  const known = missing?.has(path)
    ? undefined
    : builds.find(build => buildAssets(build, chunks).some(asset => asset.path === path))
  if (known !== undefined) {
    const ext = path.slice(path.lastIndexOf('.') + 1)
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream'
    return { status: 200, contentType: type, body: assetBody(path, known, ext) }
  }
  if (htmlFallback) {
    return {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html>\n<html><head><meta charset="utf-8"><title>App</title></head><body><div id="app"></div></body></html>\n'
    }
  }
  return { status: 404, contentType: 'text/html; charset=utf-8', body: 'Not found\n' }
}

/**
 * A small body of the asset's kind, naming its build.
 * @param {string} path
 * @param {string} build
 * @param {string} ext
 */
function assetBody(path, build, ext) {
  if (ext === 'css') return `/* ${path} of ${build} */\nbody { margin: 0 }\n`
  if (ext === 'js') return `// ${path} of ${build}\nexport const build = ${JSON.stringify(build)}\n`
  // Not a real font: the magic number and the build, enough for a content-type check.
  return `wOF2${build}`
}

/**
 * The asset faults set on an emulator (`emu.assetFault(name)`), as state; the emulator applies
 * them when its origin answers and when its edge renders.
 */
export class AssetFaults {
  constructor() {
    /** Missing asset paths answer 200 with the app's HTML instead of 404 (`html-fallback`). */
    this.htmlFallback = false
    /** The origin holds the newest deployed build's bundles only (`old-assets-deleted`). */
    this.oldAssetsDeleted = false
    /** @type {Set<string>} Asset paths the origin lacks although their build is there. */
    this.missing = new Set()
    /** @type {Set<string>} Pages whose renders still get the previous build (`old-assets-deleted`). */
    this.oldPages = new Set()
    /** @type {Map<string, string>} Asset paths that redirect, to a path or URL (`asset-redirect`). */
    this.redirects = new Map()
    /** @type {{ fault: string, paths: string[] }[]} Every fault set, in order, with what it chose. */
    this.applied = []
  }

  /** Back to no fault. */
  clear() {
    this.htmlFallback = false
    this.oldAssetsDeleted = false
    this.missing.clear()
    this.oldPages.clear()
    this.redirects.clear()
    this.applied.length = 0
  }

  /** @returns {{ htmlFallback: boolean, oldAssetsDeleted: boolean, missing: string[], oldPages: string[], redirects: Record<string, string>, applied: { fault: string, paths: string[] }[] }} */
  state() {
    return {
      htmlFallback: this.htmlFallback,
      oldAssetsDeleted: this.oldAssetsDeleted,
      missing: [...this.missing],
      oldPages: [...this.oldPages],
      redirects: Object.fromEntries(this.redirects),
      applied: this.applied.map(a => ({ fault: a.fault, paths: [...a.paths] }))
    }
  }
}
