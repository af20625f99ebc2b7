/**
 * Where a redirect points, as a browser reads it (Fetch: "HTTP-redirect fetch"): only the
 * redirect statuses are followed, and their `Location` is resolved against the URL that was
 * asked. Pure: whether the target may be requested is the caller's rule.
 */
import { singleHeaderValue, type Headers } from './headers.js'

/** The statuses Fetch follows (its "redirect status"); 300 and 304 are answers of their own. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

/**
 * The URL a redirect answer leads to, without its fragment (a fragment is never sent);
 * undefined when the answer is no redirect, has no `Location`, or one that is not an http(s)
 * URL (a browser fails such a redirect: the answer is judged as it is).
 */
export function redirectTarget(status: number, headers: Headers, from: URL): URL | undefined {
  if (!REDIRECT_STATUSES.has(status)) return undefined
  const location = singleHeaderValue(headers, 'location')
  if (location === undefined) return undefined
  let target: URL
  try {
    target = new URL(location, from)
  } catch {
    return undefined
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return undefined
  target.hash = ''
  return target
}
