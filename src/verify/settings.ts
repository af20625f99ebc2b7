/**
 * The verification inputs (site_url, verify, verify_timeout_seconds, devices, verify_urls,
 * verify_limit, sitemap, purged_at, shard, rate, verify_assets, asset_hosts, verify_renders,
 * render_expected) as one typed value. Pure, like the rest of the settings: every problem goes to Diagnostics, naming the input and quoting the value.
 */
import { Input, type InputName } from '../core/constants.js'
import type { Diagnostics } from '../core/diagnostics.js'
import { splitList } from '../core/lists.js'
import {
  FALSE_WORDS,
  parseBoolean,
  parseNumber,
  parseSecureUrl,
  TRUE_WORDS
} from '../core/scalars.js'
import type { SitemapRequest } from '../sitemap/read-sitemaps.js'
import { parseDevices, type Device } from './devices.js'
import { parsePurgedAt } from '../time/purged-at.js'
import { parseShard, type Shard } from './choose/shard.js'
import { parseRenderExpected, type RenderExpectations } from './render/render-expected.js'
import { DEFAULTS } from './check/options.js'

/** `true` fails the step on stale pages, `warn` only warns; `off` does not verify. */
export type VerifyMode = 'off' | 'fail' | 'warn'

export interface VerifySettings {
  readonly mode: VerifyMode
  /** The public site's origin (scheme, host, port); absent when site_url is not given. */
  readonly siteUrl?: URL
  readonly timeoutMs: number
  readonly devices: readonly Device[]
  /** Paths (with query) on site_url, always checked. */
  readonly extraPages: readonly string[]
  /** The most pages checked (of this job's part); Infinity for verify_limit: 0 (every page). */
  readonly limit: number
  readonly sitemap: SitemapRequest
  /**
   * mode: verify: when the purge was accepted (purged_at, runner's clock); absent: nothing to
   * check against, so the pages are only warmed.
   */
  readonly purgedAt?: number
  /** This job's part of the selected pages (the shard input); absent: every page. */
  readonly shard?: Shard
  /** The most page requests a second (the rate input); absent: only 6 in flight bounds them. */
  readonly ratePerSecond?: number
  /**
   * verify_assets: the assets of the fresh pages are checked too, on the site's origin and on
   * `hosts` (asset_hosts: host names in lower case, with a port when one was written); absent:
   * verify_assets is false.
   */
  readonly assets?: { readonly hosts: readonly string[] }
  /**
   * verify_renders: each fresh page's new render is judged as a crawler gets it, with what
   * render_expected says is meant; absent: verify_renders is false.
   */
  readonly renders?: { readonly expected: RenderExpectations }
}

export const VERIFY_DEFAULTS = {
  [Input.Verify]: 'false',
  [Input.VerifyTimeoutSeconds]: '600',
  [Input.Devices]: 'desktop, mobile',
  [Input.VerifyLimit]: '200',
  [Input.Sitemap]: 'auto',
  [Input.VerifyAssets]: 'true',
  [Input.AssetHosts]: '',
  [Input.VerifyRenders]: 'true',
  [Input.RenderExpected]: ''
} as const

export const VERIFY_LIMITS = {
  timeoutSeconds: { min: 1, max: 21_600, fractions: true },
  /** 0: every selected page. */
  limit: { min: 0, max: 100_000 },
  /** Requests a second: above this, 6 in flight is the bound anyway. */
  rate: { max: 10_000 }
} as const

/**
 * `value` returns an input trimmed, with its default applied. `verifyOnly` (mode: verify):
 * nothing is purged, the pages are checked whatever `verify` says (`warn` only warns).
 */
export function parseVerifySettings(
  value: (name: InputName) => string,
  diag: Diagnostics,
  verifyOnly = false
): VerifySettings | undefined {
  const asked = parseVerifyMode(value(Input.Verify), diag)
  const mode = verifyOnly && asked !== undefined ? (asked === 'warn' ? 'warn' : 'fail') : asked
  const siteText = value(Input.SiteUrl)
  const siteUrl = siteText === '' ? undefined : parseSiteUrl(Input.SiteUrl, siteText, diag)
  if (mode !== undefined && mode !== 'off' && siteText === '') {
    diag.problem(
      Input.SiteUrl,
      '',
      `is required with ${verifyOnly ? 'mode: verify' : `verify: ${value(Input.Verify)}`}: the public address of the website, e.g. https://www.example.com`
    )
  }
  const timeoutSeconds = parseNumber(
    Input.VerifyTimeoutSeconds,
    value(Input.VerifyTimeoutSeconds),
    VERIFY_LIMITS.timeoutSeconds,
    diag
  )
  const devices = parseDevices(value(Input.Devices), diag)
  const limitGiven = parseNumber(
    Input.VerifyLimit,
    value(Input.VerifyLimit),
    VERIFY_LIMITS.limit,
    diag
  )
  const limit = limitGiven === 0 ? Number.POSITIVE_INFINITY : limitGiven
  const extraPages = siteUrl ? parseVerifyUrls(value(Input.VerifyUrls), siteUrl, diag) : []
  if (limit !== undefined && extraPages.length > limit) {
    diag.problem(
      Input.VerifyUrls,
      `${extraPages.length} pages`,
      `lists more pages than verify_limit (${limit}); raise verify_limit or list fewer`
    )
  }
  const sitemap = parseSitemapRequest(value(Input.Sitemap), diag)
  const purgedAt = verifyOnly ? parsePurgedAtInput(value(Input.PurgedAt), diag) : undefined
  const shard = parseShardInput(value(Input.Shard), diag)
  const ratePerSecond = parseRate(value(Input.Rate), diag)
  const assetsOn = parseBoolean(Input.VerifyAssets, value(Input.VerifyAssets), diag)
  const assetHosts = parseAssetHosts(value(Input.AssetHosts), diag)
  const rendersOn = parseBoolean(Input.VerifyRenders, value(Input.VerifyRenders), diag)
  const renderExpected = parseRenderExpected(value(Input.RenderExpected), diag)
  if (
    mode === undefined ||
    timeoutSeconds === undefined ||
    limit === undefined ||
    sitemap === undefined ||
    purgedAt === null ||
    shard === null ||
    ratePerSecond === null ||
    assetsOn === undefined ||
    assetHosts === undefined ||
    rendersOn === undefined ||
    renderExpected === undefined
  ) {
    return undefined
  }
  return {
    mode,
    ...(siteUrl && { siteUrl }),
    timeoutMs: Math.round(timeoutSeconds * 1000),
    devices,
    extraPages,
    limit,
    sitemap,
    ...(purgedAt !== undefined && { purgedAt }),
    ...(shard !== undefined && { shard }),
    ...(ratePerSecond !== undefined && { ratePerSecond }),
    ...(assetsOn && { assets: { hosts: assetHosts } }),
    ...(rendersOn && { renders: { expected: renderExpected } })
  }
}

/**
 * asset_hosts: the hosts beyond the site's own whose assets are checked (a static-assets host),
 * comma or newline separated, each a host name with an optional port, `https://` allowed before
 * it; no path. Any other host a page names is a third party's, never requested.
 */
function parseAssetHosts(text: string, diag: Diagnostics): string[] | undefined {
  const items = splitList(Input.AssetHosts, text, { commas: true, item: 'host' }, diag)
  if (items === undefined) return undefined
  const hosts: string[] = []
  let refused = false
  for (const item of items) {
    const host = assetHost(item)
    if (host === undefined) {
      refused = true
      diag.problem(
        Input.AssetHosts,
        item,
        'must be a host name, optionally with https:// and a port, and no path (e.g. static.example.com or https://static.example.com:8443)'
      )
    } else if (!hosts.includes(host)) {
      hosts.push(host)
    }
  }
  return refused ? undefined : hosts
}

/**
 * `host[:port]` in lower case, the port kept when one was written (`:443` too: it names that
 * port, where a host without one names its asset's scheme's default port), or undefined when
 * `item` is not a bare host, with or without `https://`.
 */
function assetHost(item: string): string | undefined {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(item)
  if (hasScheme && !/^https:\/\//i.test(item)) return undefined
  const rest = hasScheme ? item.slice(item.indexOf('//') + 2) : item
  // Only a host and a port: no credentials, no path (a trailing / aside), no query.
  if (!/^[^/?#@\s]+\/?$/.test(rest) || !URL.canParse(`https://${rest}`)) return undefined
  const url = new URL(`https://${rest}`)
  if (url.hostname === '') return undefined
  // The URL parser drops a scheme's own port (`:443` for https): read as http too, a written
  // `:443` shows, as a written `:80` does as https.
  const port = url.port || new URL(`http://${rest}`).port
  return `${url.hostname.toLowerCase()}${port === '' ? '' : `:${port}`}`
}

/** undefined: not given; null: refused (the problem is reported). */
function parsePurgedAtInput(text: string, diag: Diagnostics): number | undefined | null {
  if (text === '') return undefined
  const parsed = parsePurgedAt(text)
  if (typeof parsed === 'number') return parsed
  diag.problem(Input.PurgedAt, text, parsed.problem)
  return null
}

function parseShardInput(text: string, diag: Diagnostics): Shard | undefined | null {
  if (text === '') return undefined
  const parsed = parseShard(text)
  if ('problem' in parsed) {
    diag.problem(Input.Shard, text, parsed.problem)
    return null
  }
  return parsed
}

/** A positive number of requests a second, fractions allowed (0.5: one every 2 s). */
function parseRate(text: string, diag: Diagnostics): number | undefined | null {
  if (text === '') return undefined
  const rate = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  if (!(rate > 0) || rate > VERIFY_LIMITS.rate.max) {
    diag.problem(
      Input.Rate,
      text,
      `must be a positive number of page requests a second, at most ${VERIFY_LIMITS.rate.max} (e.g. 50, or 0.5 for one every 2 s); empty: no cap beyond ${DEFAULTS.concurrency} in flight`
    )
    return null
  }
  return rate
}

function parseVerifyMode(text: string, diag: Diagnostics): VerifyMode | undefined {
  const word = text.trim()
  if (FALSE_WORDS.has(word)) return 'off'
  if (TRUE_WORDS.has(word)) return 'fail'
  if (/^(warn|Warn|WARN)$/.test(word)) return 'warn'
  diag.problem(
    Input.Verify,
    text,
    'must be false, true (fail the step on stale pages) or warn (warn and pass)'
  )
  return undefined
}

/** An absolute https:// URL (http:// for loopback hosts), no credentials. */
function parseHttpUrl(input: string, text: string, diag: Diagnostics): URL | undefined {
  return parseSecureUrl(input, text, diag, { example: 'https://www.example.com' })
}

/** The site's origin: pages are addressed by their purge URL, so a path here is ignored. */
export function parseSiteUrl(input: string, text: string, diag: Diagnostics): URL | undefined {
  const url = parseHttpUrl(input, text, diag)
  if (url === undefined) return undefined
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    diag.notice(
      `${input}: only the address ${url.origin} is used; the path ${JSON.stringify(`${url.pathname}${url.search}${url.hash}`)} is ignored (pages are addressed by their purge URL).`
    )
  }
  return new URL(url.origin)
}

function parseVerifyUrls(text: string, siteUrl: URL, diag: Diagnostics): string[] {
  const pages: string[] = []
  for (const item of splitList(Input.VerifyUrls, text, { commas: false, item: 'URL' }, diag) ??
    []) {
    const page = pageOnSite(item, siteUrl)
    if (page === undefined) {
      diag.problem(
        Input.VerifyUrls,
        item,
        `must be a path starting with '/' or an absolute URL on ${siteUrl.origin}`
      )
    } else if (!pages.includes(page)) {
      pages.push(page)
    }
  }
  return pages
}

/**
 * The absolute URL of a page of the site from its path and query. Not `new URL(path, site)`:
 * a path starting with `//` would name another host.
 */
export function pageUrl(siteUrl: URL, path: string): URL {
  return new URL(`${siteUrl.origin}${path}`)
}

/** Path and query of a page of the site, as a browser would request it; undefined if not one. */
export function pageOnSite(text: string, siteUrl: URL): string | undefined {
  const absolute = /^https?:\/\//i.test(text)
  if (!absolute && !(text.startsWith('/') && !text.startsWith('//'))) return undefined
  if (!URL.canParse(text, siteUrl.href)) return undefined
  const url = new URL(text, siteUrl)
  if (url.host !== siteUrl.host || url.username !== '' || url.password !== '') return undefined
  return `${url.pathname}${url.search}`
}

function parseSitemapRequest(text: string, diag: Diagnostics): SitemapRequest | undefined {
  const word = text.trim()
  if (word.toLowerCase() === 'auto') return { kind: 'auto' }
  if (word.toLowerCase() === 'none') return { kind: 'none' }
  if (!/^https?:\/\//i.test(word)) {
    diag.problem(
      Input.Sitemap,
      text,
      'must be auto, none, or the absolute https:// URL of a sitemap or sitemap index'
    )
    return undefined
  }
  const url = parseHttpUrl(Input.Sitemap, word, diag)
  return url && { kind: 'url', url }
}
