/**
 * One look at origin_url in words, for the log and the summary, and the problem of an origin_url
 * the rendering cache answers. Apart from the judgement (readiness.ts), so that the summary can
 * say it without loading the build scanner.
 */
import type { OriginLook } from './readiness.js'

/** One line for the log: `HTTP 200, shows abc1234def0 (another build)`. */
export function describeLook(look: OriginLook): string {
  if (look.status === undefined) return look.problem ?? 'no answer'
  if (look.ready) return `HTTP ${look.status}, shows the build`
  const parts = [`HTTP ${look.status}`]
  if (look.longPrefix !== undefined) {
    parts.push(
      `shows ${look.longPrefix}, the build's first ${look.longPrefix.length} digits (only the full SHA or its first 7 to 12 digits count)`
    )
  } else if (look.otherIds.length > 0) {
    parts.push(`shows ${look.otherIds.join(', ')} (another build)`)
  } else if (look.excerpt !== undefined) {
    parts.push(`says ${JSON.stringify(look.excerpt)}`)
  } else if (look.status >= 200 && look.status <= 299) {
    parts.push('no commit-like id in it')
  }
  if (look.problem !== undefined) parts.push(look.problem)
  if (look.throughCache !== undefined) {
    parts.push(`answered through the rendering cache (${look.throughCache}), not by the origin`)
  }
  return parts.join(', ')
}

/**
 * Why the wait stopped at a look served from the rendering cache, and what to change: for the
 * step's error (and a dry run's warning). `look.servedFromCache` quotes the status header.
 */
export function cachedOriginProblem(url: string, look: OriginLook): string {
  return `origin_url ${url} is answered by the rendering cache (${look.servedFromCache ?? 'a HIT'}), not by the origin: a cached answer shows what was cached before and cannot change until a purge, which waits for it, so it can never show the new build. Point origin_url at the origin server itself: a health or version URL on the origin's own address, which bypasses the cache (e.g. https://origin.example.com/version.txt).`
}
