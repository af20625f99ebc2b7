/**
 * GETs robots.txt and sitemap files, following redirects the way the reading's rules allow:
 * a few hops, one time budget for the whole file, never to plain http off a loopback host,
 * never from the internet to a loopback host (a file out there must not send the runner to a
 * local service), never with credentials in the Location, and on one host unless the file
 * may live anywhere (one the user named, or one robots.txt or a cross-host index put on
 * another host).
 */
import type { Readable } from 'node:stream'
import { isLoopbackHost } from '../http/loopback.js'
import type { Clock } from '../time/clock.js'

/** Redirects followed for one file: more is a loop or a misconfiguration. */
export const MAX_SITEMAP_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** What reading needs from HTTP: a GET whose body arrives as a stream. */
export interface SitemapFetcher {
  open(
    url: URL,
    timeoutMs: number
  ): Promise<{
    status: number
    headers: Readonly<Record<string, string | string[] | undefined>>
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

/**
 * Whether a host is the runner itself: the loopback names and addresses, and the other ways
 * to write them that reach it too: 0.0.0.0 and [::] ("any address" connects to this
 * machine), IPv4-mapped [::ffff:127.x.y.z] and [::ffff:0.x.y.z], `localhost.` and
 * `*.localhost` (RFC 6761). A public name that DNS answers with 127.0.0.1 is not caught
 * here: that needs the address the name resolves to, which the HTTP agent (or a proxy) finds.
 */
function isThisMachine(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return (
    isLoopbackHost(host) ||
    host.endsWith('.localhost') ||
    /^0\.\d+\.\d+\.\d+$/.test(host) ||
    host === '[::]' ||
    /^\[::ffff:(?:7f[0-9a-f]{2}|[0-9a-f]{1,2}):[0-9a-f]{1,4}\]$/.test(host)
  )
}

/** Whether a file listed by `listedBy` may be fetched from `url` at all (undefined: yes). */
export function refusalOf(url: URL, listedBy: URL): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not an http(s) URL'
  if (url.username !== '' || url.password !== '') return 'credentials in the URL'
  if (isThisMachine(url.hostname) && !isThisMachine(listedBy.hostname)) {
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
  let at = url
  for (let hop = 0; ; hop++) {
    const answer = await openWithin(fetcher, at, { ...rules, deadline }, hop)
    const location = headerText(answer.headers['location'])
    if (!REDIRECT_STATUSES.has(answer.status) || location === undefined) return { answer, at }
    answer.body.destroy()
    if (hop === MAX_SITEMAP_REDIRECTS) {
      throw new FetchRefused(`more than ${MAX_SITEMAP_REDIRECTS} redirects`)
    }
    if (!URL.canParse(location, at.href)) {
      throw new FetchRefused(`HTTP ${answer.status} to an unreadable Location`)
    }
    const next = new URL(location, at)
    next.hash = ''
    const secure =
      next.protocol === 'https:' ||
      (next.protocol === 'http:' && isLoopbackHost(next.hostname) && isLoopbackHost(at.hostname))
    if (next.username !== '' || next.password !== '') {
      throw new FetchRefused(
        `HTTP ${answer.status} to a URL with credentials in it (on ${next.host}); not followed`
      )
    }
    if (!secure) {
      throw new FetchRefused(
        `HTTP ${answer.status} to ${next.protocol}//${next.host}${next.pathname}, not followed (https only)`
      )
    }
    if (isThisMachine(next.hostname) && !isThisMachine(at.hostname)) {
      throw new FetchRefused(
        `HTTP ${answer.status} to ${next.host}, a loopback address; not followed`
      )
    }
    if (rules.host !== undefined && next.host !== rules.host) {
      throw new FetchRefused(
        `HTTP ${answer.status} to ${next.href}, on another host than ${rules.host}; not followed (is site_url the public address of the site?)`
      )
    }
    if (rules.alreadyRead(next)) return undefined
    at = next
  }
}

/**
 * One GET within what is left of the file's budget; a timeout after a redirect says so. What is
 * left is counted on the run's clock; the GET's own timer, in the transport, stays wall-clock
 * on purpose: it bounds a real socket, which fake time in a test must not cut short.
 */
async function openWithin(
  fetcher: SitemapFetcher,
  url: URL,
  budget: { readonly deadline: number; readonly timeoutMs: number; readonly clock: Clock },
  hop: number
): Promise<Answer> {
  const remaining = budget.deadline - budget.clock.now()
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

export function headerText(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  return text === '' ? undefined : text
}
