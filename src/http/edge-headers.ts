/**
 * What the service's edge tells in its headers (docs/service.md, "The public site"): every
 * answer of a site behind it carries headers whose names start with the customer's brand, a
 * prefix found from the one header that ends in `-kc-status`. An answer that bypassed the cache
 * may carry `<Prefix>-Bypass` and no status at all (a cache that was not consulted has none to
 * give): its prefix is then vouched for by its other brand headers, or by the prefix the site's
 * earlier answers showed. Read by the verification (the judge), by the origin wait (an
 * origin_url answered by the cache, which fails it at once) and by the tag reader.
 */
import { headerValue, type Headers } from './headers.js'

const STATUS_SUFFIX = '-kc-status'
const BYPASS_SUFFIX = '-bypass'
const CACHE_DATE_SUFFIX = '-kc-date'
/** Other headers of the edge (docs/service.md): one of them vouches for a bypass's prefix. */
const BRAND_SUFFIXES = ['-req', '-transaction', CACHE_DATE_SUFFIX, '-tags'] as const

/** The brand prefix of the edge's headers, found from the one header ending in -kc-status. */
export function edgeHeaderPrefix(headers: Headers): string | undefined {
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase()
    if (lower.endsWith(STATUS_SUFFIX) && lower.length > STATUS_SUFFIX.length) {
      return lower.slice(0, -STATUS_SUFFIX.length)
    }
  }
  return undefined
}

/** What the edge's headers say of one answer. */
export interface EdgeReading {
  /** The brand prefix, in lower case (`acme` for `Acme-Kc-Status`). */
  readonly prefix: string
  /** `HIT`, `EXTRACTING`, …, trimmed and in upper case; absent when the answer has no status. */
  readonly status?: string
  /** The `<Prefix>-Bypass` reason, trimmed; absent when the header is missing or empty. */
  readonly bypass?: string
  /** The `<Prefix>-Kc-Date` as written, trimmed: when the entry was cached, in the edge's clock. */
  readonly cacheDate?: string
}

/**
 * The edge's reading of an answer: its prefix, status and bypass reason; undefined when the
 * answer shows no brand header the edge is known by (an origin server's answer). Without a
 * status header, a non-empty `<Prefix>-Bypass` counts when another header of the same prefix
 * (`-Req`, `-Transaction`, `-Kc-Date`, `-Tags`) or `knownPrefix` (what the site's earlier
 * answers showed) vouches for it: a lone `X-Bypass` is some other server's.
 */
export function readEdgeHeaders(headers: Headers, knownPrefix?: string): EdgeReading | undefined {
  const prefix = edgeHeaderPrefix(headers)
  if (prefix !== undefined) {
    const status = (headerValue(headers, `${prefix}${STATUS_SUFFIX}`) ?? '').trim().toUpperCase()
    const bypass = headerValue(headers, `${prefix}${BYPASS_SUFFIX}`)?.trim()
    const cacheDate = headerValue(headers, `${prefix}${CACHE_DATE_SUFFIX}`)?.trim()
    return { prefix, status, ...(bypass && { bypass }), ...(cacheDate && { cacheDate }) }
  }
  return bypassWithoutStatus(headers, knownPrefix)
}

/** The rare answer without a status: a bypass whose prefix something vouches for. */
function bypassWithoutStatus(headers: Headers, knownPrefix?: string): EdgeReading | undefined {
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (!lower.endsWith(BYPASS_SUFFIX) || lower.length <= BYPASS_SUFFIX.length) continue
    const bypass = (Array.isArray(value) ? value.join(', ') : (value ?? '')).trim()
    if (bypass === '') continue
    const prefix = lower.slice(0, -BYPASS_SUFFIX.length)
    const vouched =
      prefix === knownPrefix ||
      BRAND_SUFFIXES.some(suffix => Boolean(headerValue(headers, `${prefix}${suffix}`)?.trim()))
    if (vouched) return { prefix, bypass }
  }
  return undefined
}

/**
 * Whether the edge served the answer from an entry its cache kept: a HIT that it did not bypass.
 * Such an answer shows what was cached, whatever the origin serves now, and a purge changes it;
 * any other (EXTRACTING rendered from the origin, MISS, a bypassed answer passed through to it)
 * shows what the origin serves.
 */
export function fromKeptEntry(reading: EdgeReading | undefined): reading is EdgeReading {
  return reading?.status === 'HIT' && reading.bypass === undefined
}

/** The status header as sent (`acme-kc-status: HIT`) when fromKeptEntry; else undefined. */
export function servedFromCacheHeader(headers: Headers): string | undefined {
  const reading = readEdgeHeaders(headers)
  if (!fromKeptEntry(reading)) return undefined
  return `${reading.prefix}${STATUS_SUFFIX}: ${headerValue(headers, `${reading.prefix}${STATUS_SUFFIX}`)?.trim()}`
}

/**
 * The edge's request and transaction ids, which support asks for; `knownPrefix` finds them on
 * an answer that has no status header (a bypass).
 */
export function edgeIds(headers: Headers, knownPrefix?: string): string | undefined {
  const prefix = edgeHeaderPrefix(headers) ?? bypassWithoutStatus(headers, knownPrefix)?.prefix
  if (prefix === undefined) return undefined
  const ids = [
    headerValue(headers, `${prefix}-req`),
    headerValue(headers, `${prefix}-transaction`)
  ].filter((id): id is string => id !== undefined && id !== '')
  return ids.length > 0 ? ids.join(' / ') : undefined
}
