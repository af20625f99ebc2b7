// @ts-check
/**
 * Render faults: renders of the service's renderer that went wrong in ways the status does not
 * show (a blank body, an app's empty shell, a "Page not found" answered 200, a noindex, a
 * canonical on another host, structured data that does not parse). A fault has a kind and,
 * optionally, the pages and the one device it is limited to. The edge asks `RenderFaults.pick()`
 * when it starts a render and keeps the answer with the entry, so an entry cached before the
 * fault was set (the old render) stays clean, and one rendered while it is set (the new render)
 * shows it until purged. `renderLook()` and `renderHeaders()` say how such a render is written.
 * See emulator/README.md, "Render faults".
 */
import { DEVICES } from './edge.mjs'

/** The names of the render faults (`emu.renderFault(name)`, `--render-fault`). */
export const RENDER_FAULTS = /** @type {readonly string[]} */ ([
  'blank',
  'shell',
  'soft-404',
  'noindex',
  'x-robots-tag',
  'staging-canonical',
  'broken-json-ld',
  'blank-once',
  // Not a fault: the title a deploy's copy edit changes, which crawlers see as a change.
  'new-title'
])

/** Where a `staging-canonical` render points its canonical link. */
export const STAGING_ORIGIN = 'https://staging.example.com'

/**
 * A render fault: its kind, and what it is limited to (no limit: every page, every device).
 * @typedef {object} RenderFaultSpec
 * @property {string} fault One of RENDER_FAULTS.
 * @property {string} [device] Only renders for this device type (one of DEVICES).
 * @property {string} [prefix] Only pages whose path starts with this (`/blog/`).
 * @property {string[]} [pages] Only these pages (path and query, exactly as the site has them).
 */

/** The fields a fault may have: any other is a typo, refused rather than ignored. */
const SPEC_FIELDS = ['fault', 'device', 'prefix', 'pages']

/**
 * Checks a render fault and returns a clean copy. With `sitePaths`, the pages it names must be
 * pages of the site, and its prefix must match one: otherwise it could never apply.
 * @param {unknown} spec
 * @param {Iterable<string>} [sitePaths] The site's pages (path and query).
 * @returns {RenderFaultSpec}
 * @throws {TypeError | RangeError} naming the field and the value refused.
 */
export function checkRenderFault(spec, sitePaths) {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw new TypeError('a render fault is an object: {"fault": "blank", ...}')
  }
  const given = /** @type {Record<string, unknown>} */ (spec)
  const unknown = Object.keys(given).find(field => !SPEC_FIELDS.includes(field))
  if (unknown !== undefined) {
    throw new TypeError(
      `a render fault has no field "${unknown}" (it has ${SPEC_FIELDS.join(', ')})`
    )
  }
  /** @type {RenderFaultSpec} */
  const clean = { fault: oneOf(given.fault, RENDER_FAULTS, 'render fault') }
  if (given.device !== undefined) clean.device = oneOf(given.device, DEVICES, 'device')
  if (given.prefix !== undefined) clean.prefix = pagePath(given.prefix, 'prefix')
  if (given.pages !== undefined) {
    if (!Array.isArray(given.pages) || given.pages.length === 0) {
      throw new TypeError(`pages must be a list of page paths: ${JSON.stringify(given.pages)}`)
    }
    clean.pages = given.pages.map(page => pagePath(page, 'page'))
  }
  if (sitePaths !== undefined) checkOnSite(clean, [...sitePaths])
  return clean
}

/**
 * @param {unknown} value
 * @param {readonly string[]} known
 * @param {string} what
 * @returns {string}
 */
function oneOf(value, known, what) {
  if (value === undefined) throw new TypeError(`${what} is missing: one of ${known.join(', ')}`)
  if (typeof value !== 'string' || !known.includes(value)) {
    throw new RangeError(`${what} ${JSON.stringify(value)} is not one of ${known.join(', ')}`)
  }
  return value
}

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {string}
 */
function pagePath(value, what) {
  if (typeof value !== 'string' || !value.startsWith('/')) {
    throw new TypeError(`${what} ${JSON.stringify(value)} is not a path starting with /`)
  }
  return value
}

/**
 * @param {RenderFaultSpec} spec
 * @param {string[]} sitePaths
 */
function checkOnSite(spec, sitePaths) {
  const missing = spec.pages?.find(page => !sitePaths.includes(page))
  if (missing !== undefined) throw new RangeError(`page "${missing}" is not a page of the site`)
  const { prefix } = spec
  if (prefix !== undefined && !sitePaths.some(path => path.startsWith(prefix))) {
    throw new RangeError(`prefix "${prefix}" matches no page of the site`)
  }
}

/**
 * Reads the `--render-fault` flag's value: `KIND[,device=DEVICE][,prefix=/PATH][,page=/PATH]...`
 * (`page` repeats; a page holding a comma needs the control API). Only the syntax is checked
 * here; `checkRenderFault` checks the values.
 * @param {string} text
 * @returns {Record<string, unknown>} A render fault to check.
 */
export function parseRenderFaultFlag(text) {
  const [fault, ...limits] = text.split(',')
  /** @type {Record<string, unknown>} */
  const spec = { fault }
  /** @type {string[]} */
  const pages = []
  for (const limit of limits) {
    const eq = limit.indexOf('=')
    const name = eq < 0 ? limit : limit.slice(0, eq)
    const value = eq < 0 ? '' : limit.slice(eq + 1)
    if (value === '') throw new TypeError(`"${name}" needs a value (${name}=...)`)
    if (name === 'page') pages.push(value)
    else if (name === 'device' || name === 'prefix') spec[name] = value
    else throw new TypeError(`"${name}" is not one of device, prefix, page`)
  }
  if (pages.length > 0) spec.pages = pages
  return spec
}

/**
 * One render fault in force: what it is limited to, since when, and, for `blank-once`, the
 * entries whose first render it already spoiled.
 * @typedef {object} RenderFaultRule
 * @property {RenderFaultSpec} spec
 * @property {number} setAt Real-clock ms when it was set: it applies to renders from then on.
 * @property {Set<string>} spoiled `blank-once`: the entries (`path|device|country`) already blank once.
 */

/** The render faults set on an emulator, and which of them a render gets. */
export class RenderFaults {
  constructor() {
    /** @type {RenderFaultRule[]} In the order they were set. */
    this.rules = []
  }

  /**
   * Sets a fault, for the renders that start from now on.
   * @param {RenderFaultSpec} spec Checked (`checkRenderFault`).
   * @param {number} [now]
   */
  add(spec, now = Date.now()) {
    this.rules.push({ spec, setAt: now, spoiled: new Set() })
  }

  /** Back to no fault (entries rendered with one keep it until purged). */
  clear() {
    this.rules.length = 0
  }

  /**
   * The faults a render of this page for this device, starting now, gets (in the order they
   * were set). A `blank-once` counts the render: the next one of the same entry is whole.
   * @param {string} path Path and query, as on the site.
   * @param {string} device
   * @param {string | null} country
   * @returns {string[]}
   */
  pick(path, device, country) {
    const entry = `${path}|${device}|${country ?? ''}`
    /** @type {string[]} */
    const picked = []
    for (const rule of this.rules) {
      if (!appliesTo(rule.spec, path, device)) continue
      if (rule.spec.fault === 'blank-once') {
        if (rule.spoiled.has(entry)) continue
        rule.spoiled.add(entry)
      }
      picked.push(rule.spec.fault)
    }
    return picked
  }

  /** @returns {{ fault: string, device: string | null, prefix: string | null, pages: string[] | null, setAt: number }[]} */
  state() {
    return this.rules.map(({ spec, setAt }) => ({
      fault: spec.fault,
      device: spec.device ?? null,
      prefix: spec.prefix ?? null,
      pages: spec.pages ? [...spec.pages] : null,
      setAt
    }))
  }
}

/**
 * Whether a fault is limited to nothing that excludes this page and device.
 * @param {RenderFaultSpec} spec
 * @param {string} path
 * @param {string} device
 */
function appliesTo(spec, path, device) {
  if (spec.device !== undefined && spec.device !== device) return false
  if (spec.prefix !== undefined && !path.startsWith(spec.prefix)) return false
  if (spec.pages !== undefined && !spec.pages.includes(path)) return false
  return true
}

/**
 * How a page rendered with these faults is written (pageHtml's `look`); none: a whole page.
 * @param {readonly string[]} faults
 * @returns {import('./origin.mjs').PageLook}
 */
export function renderLook(faults) {
  /** @type {import('./origin.mjs').PageLook} */
  const look = {}
  for (const fault of faults) {
    if (fault === 'blank' || fault === 'blank-once') look.body = 'blank'
    else if (fault === 'shell') look.body = 'shell'
    else if (fault === 'soft-404') look.notFound = true
    else if (fault === 'noindex') look.robots = 'noindex, nofollow'
    else if (fault === 'staging-canonical') look.canonicalOrigin = STAGING_ORIGIN
    else if (fault === 'broken-json-ld') look.cutJsonLd = true
    else if (fault === 'new-title') look.newTitle = true
  }
  return look
}

/**
 * The headers a render with these faults is answered with, beside the usual ones.
 * @param {readonly string[]} faults
 * @returns {Record<string, string>}
 */
export function renderHeaders(faults) {
  return faults.includes('x-robots-tag') ? { 'X-Robots-Tag': 'googlebot: noindex' } : {}
}
