/**
 * What the service's edge tells in its headers (docs/service.md, "The public site"): every
 * answer of a site behind it carries headers whose names start with the customer's brand, a
 * prefix found from the one header that ends in `-kc-status`. Read by the verification (the
 * judge), by the origin wait (an origin_url answered by the cache, which fails it at once) and
 * by the tag reader.
 */
import { headerValue, type Headers } from './headers.js'

const STATUS_SUFFIX = '-kc-status'

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

/** The edge's cache status (`HIT`, `EXTRACTING`, ...), upper case; undefined without one. */
export function edgeCacheStatus(headers: Headers): string | undefined {
  const prefix = edgeHeaderPrefix(headers)
  if (prefix === undefined) return undefined
  return (headerValue(headers, `${prefix}${STATUS_SUFFIX}`) ?? '').trim().toUpperCase()
}

/**
 * The status header as sent (`acme-kc-status: HIT`) when the edge served this answer from its
 * cache: a HIT that it did not bypass. Such an answer shows what was cached, whatever the origin
 * serves now; undefined for any other answer (EXTRACTING rendered from the origin, MISS and a
 * bypassed answer passed through to it).
 */
export function servedFromCacheHeader(headers: Headers): string | undefined {
  const prefix = edgeHeaderPrefix(headers)
  if (prefix === undefined) return undefined
  const status = headerValue(headers, `${prefix}${STATUS_SUFFIX}`)?.trim()
  if (status?.toUpperCase() !== 'HIT') return undefined
  if (headerValue(headers, `${prefix}-bypass`)?.trim()) return undefined
  return `${prefix}${STATUS_SUFFIX}: ${status}`
}

/** The edge's request and transaction ids, which support asks for. */
export function edgeIds(headers: Headers): string | undefined {
  const prefix = edgeHeaderPrefix(headers)
  if (prefix === undefined) return undefined
  const ids = [
    headerValue(headers, `${prefix}-req`),
    headerValue(headers, `${prefix}-transaction`)
  ].filter((id): id is string => id !== undefined && id !== '')
  return ids.length > 0 ? ids.join(' / ') : undefined
}
