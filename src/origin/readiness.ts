/**
 * Whether one answer of origin_url shows the expected build, and what it showed otherwise, for
 * the log and the summary. Pure: the answer's status, headers and the first part of its body
 * go in.
 */
import { longPrefixOf, otherCommitLikeIds, type BuildId } from '../build/build-id.js'
import { showsBuild } from '../build/build-scanner.js'
import { linePreview } from '../text/log-safety.js'
import { edgeHeaderPrefix, servedFromCacheHeader } from '../http/edge-headers.js'
import { headerValue } from '../http/headers.js'
import { isRetryableSiteStatus } from '../http/statuses.js'

export interface OriginLookInput {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /** The searched part of the body, one character per byte. */
  readonly body: string
  readonly bodyProblem?: string
  readonly redirectRefused?: string
}

/** What one look saw, as the log and the summary tell it. */
export interface OriginLook {
  readonly ready: boolean
  /** Absent when no answer came (timeout, connection failure). */
  readonly status?: number
  /** Commit-like ids the answer showed that are not the build (at most 3). */
  readonly otherIds: readonly string[]
  /** A short body (a version file, a health answer), for the message: at most 80 characters. */
  readonly excerpt?: string
  /** What went wrong: no answer, a body not read whole, a redirect not followed. */
  readonly problem?: string
  /** The `Retry-After` of a 429 or 5xx answer, as sent. */
  readonly retryAfter?: string
  /** The answer's `Date`, for reading a `Retry-After` date in the origin's clock. */
  readonly date?: string
  /**
   * The edge's status header (`acme-kc-status: HIT`) when the rendering service answered, not
   * the origin: origin_url is then the public site, which serves what it cached.
   */
  readonly throughCache?: string
  /**
   * The status header (`acme-kc-status: HIT`) when the edge served the answer from its cache
   * (a HIT it did not bypass): it shows what was cached, and cannot change until a purge, which
   * the wait holds back. The wait stops at such a look.
   */
  readonly servedFromCache?: string
  /** The build's first 13 or more digits, not its full SHA: not counted, yet not another build. */
  readonly longPrefix?: string
}

/**
 * Header names whose values may name a build (`X-Build`, `X-App-Version`, `X-Git-Rev`). The
 * others hold dates, sizes, timeouts and hashes of content (`Date`, `Content-Length`,
 * `Keep-Alive: timeout=30`, `ETag`), where a literal build id such as a build number shows by
 * chance: searched, they would call the origin ready while it serves another build.
 */
const VERSION_HEADER = /version|build|commit|rev|release|sha|deploy|git/i
const MAX_EXCERPT_BODY = 200

export function judgeOriginAnswer(answer: OriginLookInput, build: BuildId): OriginLook {
  const versionHeaders = Object.entries(answer.headers).flatMap(([name, value]) =>
    value === undefined || !VERSION_HEADER.test(name) ? [] : Array.isArray(value) ? value : [value]
  )
  const ok = answer.status >= 200 && answer.status <= 299
  const shown =
    versionHeaders.some(value => showsBuild(value, build)) || showsBuild(answer.body, build)
  const searched = [...versionHeaders, answer.body].join('\n')
  const longPrefix = longPrefixOf(searched, build)
  const otherIds = otherCommitLikeIds(
    searched,
    id => showsBuild(id, build) || (build.kind === 'commit' && build.text.startsWith(id))
  )
  const retryAfter = isRetryableSiteStatus(answer.status)
    ? headerValue(answer.headers, 'retry-after')
    : undefined
  const date = headerValue(answer.headers, 'date')
  const excerpt =
    answer.body.length <= MAX_EXCERPT_BODY
      ? linePreview(Buffer.from(answer.body, 'latin1').toString('utf8'), 80)
      : undefined
  const problem = answer.redirectRefused ?? answer.bodyProblem
  const prefix = edgeHeaderPrefix(answer.headers)
  const cacheStatus =
    prefix === undefined ? undefined : headerValue(answer.headers, `${prefix}-kc-status`)
  const servedFromCache = servedFromCacheHeader(answer.headers)
  return {
    ready: ok && shown,
    status: answer.status,
    otherIds,
    ...(excerpt !== undefined && { excerpt }),
    ...(problem !== undefined && { problem }),
    ...(retryAfter !== undefined && { retryAfter }),
    ...(date !== undefined && { date }),
    ...(cacheStatus !== undefined && { throughCache: `${prefix}-kc-status: ${cacheStatus}` }),
    ...(servedFromCache !== undefined && { servedFromCache }),
    ...(longPrefix !== undefined && { longPrefix })
  }
}

/** A look that got no answer at all. */
export function failedLook(problem: string): OriginLook {
  return { ready: false, otherIds: [], problem }
}
