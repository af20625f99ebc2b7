/**
 * Whether one answer for an asset is whole: a 2xx whose content type fits the element that
 * referenced it. A browser runs a script only when it is served as JavaScript (module scripts,
 * and any script under `X-Content-Type-Options: nosniff`), applies a stylesheet only when it is
 * `text/css` (in standards mode), and a font it cannot decode is dropped. Pure.
 */
import type { AssetKind, BrokenReason } from './asset-results.js'

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

/** One answer for an asset referenced as `kind`: whole, or why not. */
export function judgeAsset(
  kind: AssetKind,
  status: number,
  type: string | undefined
): AssetJudgement {
  if (status < 200 || status > 299) return { whole: false, reason: 'status' }
  if (type !== undefined && fits(kind, type)) return { whole: true }
  // A single-page app's fallback: the index page where a file was asked for.
  if (type === 'text/html' && kind !== 'font') return { whole: false, reason: 'html-fallback' }
  return { whole: false, reason: 'wrong-type' }
}
