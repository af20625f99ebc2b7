/**
 * GETs robots.txt and sitemap files, following redirects by the one rule (http/redirect.ts:
 * at most 5 hops, never with credentials in the Location, never back to a URL of the chain,
 * never from another host to the runner itself) with the reading's own: https only (plain
 * http only from a loopback host to one), one time budget for the whole file, and one host
 * unless the file may live anywhere (one the user named, or one robots.txt or a cross-host
 * index put on another host).
 */
import type { Readable } from 'node:stream'
import type { Headers } from '../http/headers.js'
import { isLoopbackHost, reachesThisMachine } from '../http/loopback.js'
import { followRedirects, MAX_REDIRECTS, type RedirectRefusal } from '../http/redirect.js'
import type { Clock } from '../time/clock.js'

/** What reading needs from HTTP: a GET whose body arrives as a stream. */
export interface SitemapFetcher {
  open(
    url: URL,
    timeoutMs: number
  ): Promise<{
    status: number
    /** By name whatever its case (http/headers.ts reads them). */
    headers: Headers
    body: Readable
  }>
}

export type Answer = Awaited<ReturnType<SitemapFetcher['open']>>

export interface Opened {
  readonly answer: Answer
  /** Where the answer came from, after redirects. */
  readonly at: URL
}

/** Why a file was not fetched or a redirect not followed; the caller words the warning. */
export class FetchRefused extends Error {}

export interface OpenRules {
  /** The one host the file and its redirects must stay on; undefined: any host. */
  readonly host: string | undefined
  /** The whole file's budget, redirects included. */
  readonly timeoutMs: number
  /** Where the budget is counted: the run's clock. */
  readonly clock: Clock
  /** Whether a redirect leads to a file already read (then nothing is fetched). */
  readonly alreadyRead: (url: URL) => boolean
}

/**
 * The URL a file is fetched from: plain http only between loopback hosts (the local
 * emulator); anywhere else a listed `http://` is read over https, so that nobody on the way
 * can rewrite which pages are chosen. Sites and buckets serve their sitemaps on https.
 */
export function secureUrl(url: URL, listedBy: URL): URL {
  if (url.protocol !== 'http:') return url
  if (isLoopbackHost(url.hostname) && isLoopbackHost(listedBy.hostname)) return url
  const secure = new URL(url.href)
  secure.protocol = 'https:'
  return secure
}

/** Whether a file listed by `listedBy` may be fetched from `url` at all (undefined: yes). */
export function refusalOf(url: URL, listedBy: URL): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not an http(s) URL'
  if (url.username !== '' || url.password !== '') return 'credentials in the URL'
  if (reachesThisMachine(url.hostname) && !reachesThisMachine(listedBy.hostname)) {
    return 'a loopback address, listed by a file that is not on one'
  }
  return undefined
}

/**
 * GETs a file, following redirects. Returns the last answer and its URL, or undefined when a
 * redirect leads to a file already read; a redirect not followed throws FetchRefused.
 */
export async function openFollowing(
  fetcher: SitemapFetcher,
  url: URL,
  rules: OpenRules
): Promise<Opened | undefined> {
  const deadline = rules.clock.now() + rules.timeoutMs
  const budget = { ...rules, deadline }
  const followed = await followRedirects(
    url,
    (at, redirects) => openWithin(fetcher, at, budget, redirects),
    {
      plainHttp: 'between-loopback-hosts',
      scope: rules.host === undefined ? 'any-host' : { host: rules.host },
      alreadyRead: rules.alreadyRead
    }
  )
  if ('alreadyRead' in followed) return undefined
  const { answer, at, refused } = followed
  if (refused === undefined) return { answer, at }
  answer.body.destroy()
  throw new FetchRefused(refusalWords(refused, answer.status, rules.host))
}

/** A redirect not followed, as the sitemap warnings say it. */
function refusalWords(refused: RedirectRefusal, status: number, host: string | undefined): string {
  switch (refused.reason) {
    case 'too-many-redirects':
      return `more than ${MAX_REDIRECTS} redirects`
    case 'not-a-url':
      return `HTTP ${status} to an unreadable Location`
    case 'credentials':
      return `HTTP ${status} to a URL with credentials in it (on ${refused.to.host}); not followed`
    case 'not-http':
    case 'plain-http': {
      const { protocol, host: to, pathname } = refused.to
      return `HTTP ${status} to ${protocol}//${to}${pathname}, not followed (https only)`
    }
    case 'this-machine':
      return `HTTP ${status} to ${refused.to.host}, a loopback address; not followed`
    case 'out-of-scope':
      return `HTTP ${status} to ${refused.to.href}, on another host than ${host}; not followed (is site_url the public address of the site?)`
    case 'loop':
      return `HTTP ${status} back to ${refused.to.href}, a URL of its own chain (a loop); not followed`
  }
}

/**
 * One GET within what is left of the file's budget; a timeout after a redirect says so. What is
 * left is counted on the run's clock; the GET's own timer, in the transport, stays wall-clock
 * on purpose: it bounds a real socket, which fake time in a test must not cut short. The first
 * GET, which starts as the budget does, gets it whole: its timeout then says the budget
 * (`0.3 s`), not the budget less the moment the reading took to start (`0.299 s`).
 */
async function openWithin(
  fetcher: SitemapFetcher,
  url: URL,
  budget: { readonly deadline: number; readonly timeoutMs: number; readonly clock: Clock },
  hop: number
): Promise<Answer> {
  const remaining = hop === 0 ? budget.timeoutMs : budget.deadline - budget.clock.now()
  const outOfTime = (): FetchRefused =>
    new FetchRefused(
      `no whole answer within ${budget.timeoutMs / 1000} s, its ${hop} redirect(s) included`
    )
  if (remaining <= 0) throw outOfTime()
  try {
    return await fetcher.open(url, remaining)
  } catch (error) {
    const timedOut = (error as { kind?: unknown } | null)?.kind === 'timeout'
    throw hop > 0 && timedOut ? outOfTime() : error
  }
}
