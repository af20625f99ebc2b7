/**
 * What one answer of the edge tells of its page's tags (`<Prefix>-Tags`, docs/service.md): the
 * service lists them on a cached answer. An answer that cannot tell (not cached yet, DYNAMIC,
 * past the cache, an error) is unreadable, with the reason, so that the caller counts it
 * rather than take "no header" for "no tag". Pure.
 */
import { headerValue } from '../../http/headers.js'
import { readEdgeHeaders } from '../../http/edge-headers.js'
import type { SiteHead } from '../../http/site-client.js'

/** Why an answer tells nothing of its page's tags. */
export type UnreadableTags =
  /** Not cached (EXTRACTING, MISS) and no tag header: the edge had nothing to tell. */
  | 'not-cached'
  | 'dynamic'
  | 'bypassed'
  /** An HTTP status other than 2xx or 3xx (404, 429, 5xx). */
  | 'status'
  /** No header of the edge at all: an origin's answer, not the cache's. */
  | 'no-edge'
  /** No answer: a timeout or a connection error. */
  | 'error'

export type TagReading =
  | { readonly kind: 'read'; readonly tags: readonly string[] }
  | { readonly kind: 'unreadable'; readonly why: UnreadableTags }

/** `a, b ,c` → `a`, `b`, `c`: the service's list, a comma between tags, spaces not part of them. */
export function parseTagList(value: string): string[] {
  return value
    .split(',')
    .map(tag => tag.trim())
    .filter(tag => tag !== '')
}

/**
 * The tags one answer shows. A HIT that was not bypassed tells them (no header: the page has
 * none); another answer tells them only when it carries the header, since a page not cached
 * has no tags to tell.
 */
export function readPageTags(answer: SiteHead): TagReading {
  // An error first, whoever sent it: a 429 or a 503 may come from a server without the brand.
  if (answer.status < 200 || answer.status > 399) return { kind: 'unreadable', why: 'status' }
  const edge = readEdgeHeaders(answer.headers)
  if (edge === undefined) return { kind: 'unreadable', why: 'no-edge' }
  if (edge.bypass !== undefined) return { kind: 'unreadable', why: 'bypassed' }
  if (edge.status === 'DYNAMIC') return { kind: 'unreadable', why: 'dynamic' }
  const header = headerValue(answer.headers, `${edge.prefix}-tags`)
  if (header !== undefined && header.trim() !== '') {
    return { kind: 'read', tags: parseTagList(header) }
  }
  return edge.status === 'HIT'
    ? { kind: 'read', tags: [] }
    : { kind: 'unreadable', why: 'not-cached' }
}
