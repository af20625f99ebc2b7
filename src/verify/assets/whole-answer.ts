/**
 * Whether one answer for an asset is whole, as a browser judges it (the HTML and Fetch
 * standards), pure: a 2xx whose content type fits the element that referenced it. A module
 * script (and a module preload) runs only when served as JavaScript; a classic script runs
 * whatever its type, but the types Fetch blocks for scripts (images, audio, video, CSV) and, under
 * `X-Content-Type-Options: nosniff`, any type that is not JavaScript; HTML, a single-page app's
 * fallback, fails however it is read. A stylesheet applies only as `text/css` (in standards
 * mode); a font the browser cannot decode is dropped.
 */
import { headerValue, type Headers } from '../../http/headers.js'
import type { AssetKind, BrokenReason } from './asset-results.js'
import type { RequestingElement } from './cors.js'

/**
 * JavaScript MIME types: the WHATWG MIME Sniffing standard's list ("JavaScript MIME type
 * essence match"), which browsers accept for scripts.
 */
export const JAVASCRIPT_TYPES: ReadonlySet<string> = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript'
])

/**
 * Whether a classic `<script>` of this `type` (trimmed, lower case) runs (HTML: empty, or a
 * JavaScript MIME type); any other (`text/plain` for a consent manager, `application/ld+json`,
 * a template) is data, never fetched nor run.
 */
export function classicScriptRuns(type: string): boolean {
  return type === '' || JAVASCRIPT_TYPES.has(type)
}

/**
 * Font types beyond `font/*`: the older names servers still send. `application/octet-stream`
 * is accepted too: browsers load a font by its bytes (the @font-face format), not by its
 * content type, and many servers and buckets send fonts as octet-stream; HTML, the failure
 * this check is for, is still caught.
 */
const FONT_TYPES: ReadonlySet<string> = new Set([
  'application/font-woff',
  'application/font-woff2',
  'application/font-sfnt',
  'application/vnd.ms-fontobject',
  'application/octet-stream'
])

export type AssetJudgement =
  | { readonly whole: true }
  | { readonly whole: false; readonly reason: Exclude<BrokenReason, 'request-failed'> }

/** What the element needs, in words (AssetResult.wanted). */
export function wantedFor(kind: AssetKind): string {
  switch (kind) {
    case 'script':
    case 'modulepreload':
      return 'JavaScript'
    case 'stylesheet':
      return 'CSS'
    case 'font':
      return 'a font'
  }
}

/** A `Content-Type`'s media type: lower case, without parameters; undefined when empty. */
export function mediaType(contentType: string | undefined): string | undefined {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase()
  return essence === undefined || essence === '' ? undefined : essence
}

function fits(kind: AssetKind, type: string): boolean {
  switch (kind) {
    case 'script':
    case 'modulepreload':
      return JAVASCRIPT_TYPES.has(type)
    case 'stylesheet':
      return type === 'text/css'
    case 'font':
      return (
        type.startsWith('font/') || type.startsWith('application/x-font-') || FONT_TYPES.has(type)
      )
  }
}

/**
 * One answer for an asset referenced by `element`: whole, or why not. Its content type, and
 * whether it says nosniff, are read from its headers.
 */
export function judgeAnswer(
  element: RequestingElement,
  status: number,
  headers: Headers
): AssetJudgement {
  const type = mediaType(headerValue(headers, 'content-type'))
  const classic = element.kind === 'script' && element.module !== true
  return verdict(element.kind, status, type, classic && !saysNosniff(headers))
}

/** `sniffed`: a classic script without nosniff, which runs whatever its type but a blocked one. */
function verdict(
  kind: AssetKind,
  status: number,
  type: string | undefined,
  sniffed: boolean
): AssetJudgement {
  if (status < 200 || status > 299) return { whole: false, reason: 'status' }
  if (type !== undefined && fits(kind, type)) return { whole: true }
  // A single-page app's fallback: the index page where a file was asked for. A browser that
  // runs it as a script fails at its first `<`.
  if (type === 'text/html' && kind !== 'font') return { whole: false, reason: 'html-fallback' }
  if (sniffed && !blockedForScripts(type)) return { whole: true }
  return { whole: false, reason: 'wrong-type' }
}

/**
 * Fetch's "should response to request be blocked due to its MIME type?" for a script: an
 * image, audio, video or CSV never runs. No type, or one that does not parse, is not blocked.
 */
function blockedForScripts(type: string | undefined): boolean {
  if (type === undefined) return false
  return (
    type.startsWith('audio/') ||
    type.startsWith('image/') ||
    type.startsWith('video/') ||
    type === 'text/csv'
  )
}

/**
 * Fetch's "determine nosniff": the first value of `X-Content-Type-Options` is `nosniff`, in
 * any case.
 */
function saysNosniff(headers: Headers): boolean {
  const first = headerValue(headers, 'x-content-type-options')?.split(',')[0]
  return first?.trim().toLowerCase() === 'nosniff'
}
