/**
 * How a browser asks for an asset across origins (the HTML and Fetch standards), pure: whether
 * its request is made in CORS mode, and with credentials; the `Origin` each request of a chain
 * of redirects sends; and the CORS check its answers must pass. A module script, a module
 * preload and a font are always fetched in CORS mode; a classic script and a stylesheet only
 * when their element has a `crossorigin` attribute (else in no-cors mode: any answer is used as
 * it is). A CORS-mode answer from another origin than the page's that does not allow the page's
 * origin is not used: the asset is broken as surely as a 404.
 */
import { headerValue, type Headers } from '../../http/headers.js'
import type { AssetKind, CrossOrigin } from './asset-results.js'

/** A request's mode and credentials mode, as Fetch names them. */
export interface CorsRequest {
  readonly mode: 'cors' | 'no-cors'
  /** `include`: cookies go with it, and a CORS answer must name the origin and allow them. */
  readonly credentials: 'same-origin' | 'include'
}

/** What of a reference decides its request. */
export interface RequestingElement {
  readonly kind: AssetKind
  readonly module?: true
  readonly crossOrigin?: CrossOrigin
}

/**
 * The request a browser makes for a reference. A classic script's or a stylesheet's without
 * `crossorigin` is no-cors (with credentials, as any no-cors request); with it, CORS, with
 * credentials only for `use-credentials`. A module script or preload is CORS whatever, without
 * credentials unless `use-credentials`. A font is fetched by the stylesheet that uses it
 * (`@font-face`, the fetch a preload must match): CORS, without credentials.
 */
export function corsMode(reference: RequestingElement): CorsRequest {
  const credentials = reference.crossOrigin === 'use-credentials' ? 'include' : 'same-origin'
  if (reference.kind === 'font') return { mode: 'cors', credentials: 'same-origin' }
  if (reference.kind === 'modulepreload' || reference.module === true) {
    return { mode: 'cors', credentials }
  }
  if (reference.crossOrigin === undefined) return { mode: 'no-cors', credentials: 'include' }
  return { mode: 'cors', credentials }
}

/**
 * One request of an asset's chain (its URL, then each redirect's target), as Fetch makes it:
 * `checked`, its answer (a redirect too) must pass the CORS check; `origin`, the `Origin`
 * header it sends then (absent when it sends none).
 */
export type CorsStep =
  { readonly checked: false } | { readonly checked: true; readonly origin: string }

/**
 * The request for the last URL of `chain` (the URLs asked so far, in order) by a page of
 * `pageOrigin` (serialized: `https://www.example.com`). A CORS-mode request is checked from the
 * first URL of another origin on, to the end of the chain, even back on the page's origin
 * (Fetch's response tainting stays); it sends the page's origin, or `null` once a redirect led
 * from another origin to a third (Fetch's tainted origin).
 */
export function corsStep(
  request: CorsRequest,
  pageOrigin: string,
  chain: readonly URL[]
): CorsStep {
  if (request.mode !== 'cors') return { checked: false }
  let checked = false
  let tainted = false
  chain.forEach((url, at) => {
    const from = at > 0 ? chain[at - 1] : undefined
    if (from !== undefined && from.origin !== url.origin && from.origin !== pageOrigin) {
      tainted = true
    }
    if (url.origin !== pageOrigin) checked = true
  })
  return checked ? { checked, origin: tainted ? 'null' : pageOrigin } : { checked }
}

/**
 * Fetch's CORS check of an answer to a CORS-mode request that sent `Origin: origin`: its
 * `Access-Control-Allow-Origin` is `*` (not with credentials) or that very origin, and with
 * credentials `Access-Control-Allow-Credentials` is `true`. A missing header, another value,
 * or two values (joined by a comma when repeated) fail, as they fail in a browser.
 */
export function corsCheck(request: CorsRequest, origin: string, headers: Headers): boolean {
  const allowed = headerValue(headers, 'access-control-allow-origin')
  if (allowed === undefined) return false
  const credentials = request.credentials === 'include'
  if (!credentials && allowed === '*') return true
  if (allowed !== origin) return false
  return !credentials || headerValue(headers, 'access-control-allow-credentials') === 'true'
}
