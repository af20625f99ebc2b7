/**
 * Redirects, one rule for every reader that follows them. Which answers redirect (Fetch's
 * "redirect status"), where their `Location` leads (resolved against the URL asked, without
 * its fragment, which is never sent), at most MAX_REDIRECTS hops, and which hops are refused:
 * a Location that is not an http(s) URL, one with credentials in it, plain http after https
 * (and, for a reader that asks, plain http anywhere but between loopback hosts), the runner
 * itself reached from another host, a host out of the reader's scope, and a hop back to a URL
 * of its own chain (a loop). followRedirects() walks a chain with these rules (the sitemaps,
 * the origin wait); each reader words a refusal its own way. The asset checks, which make
 * each hop's request themselves (under the verification's limits, with a browser's CORS),
 * judge each hop with redirectOf() under the same rules.
 */
import { singleHeaderValue, type Headers } from './headers.js'
import { isLoopbackHost, reachesThisMachine } from './loopback.js'

/** The statuses Fetch follows (its "redirect status"); 300 and 304 are answers of their own. */
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

/** Redirects followed from one URL: more is a loop or a misconfiguration. */
export const MAX_REDIRECTS = 5

/**
 * The `Location` of a redirect answer, trimmed; undefined when the answer is no redirect or
 * its Location is missing or empty (then the answer is judged as it is).
 */
function redirectLocation(status: number, headers: Headers): string | undefined {
  return REDIRECT_STATUSES.has(status) ? singleHeaderValue(headers, 'location') : undefined
}

/** Where `location` leads from `from`, without its fragment; undefined when it is no URL. */
function resolveLocation(location: string, from: URL): URL | undefined {
  if (!URL.canParse(location, from.href)) return undefined
  const target = new URL(location, from)
  target.hash = ''
  return target
}

function isHttp(url: URL): boolean {
  return url.protocol === 'https:' || url.protocol === 'http:'
}

/**
 * The URL a redirect answer leads to, without its fragment; undefined when the answer is no
 * redirect, has no `Location`, or one that is not an http(s) URL (a browser fails such a
 * redirect: the answer is judged as it is). Whether the target may be requested is the
 * caller's rule.
 */
export function redirectTarget(status: number, headers: Headers, from: URL): URL | undefined {
  const location = redirectLocation(status, headers)
  const target = location === undefined ? undefined : resolveLocation(location, from)
  return target !== undefined && isHttp(target) ? target : undefined
}

/** What a reader allows beyond the rules every hop is under. */
export interface RedirectRules {
  /**
   * Where a hop may go to plain http. Never after https (an answer that came encrypted must
   * not send the next request in the clear); `from-http`: from http anywhere the scope
   * allows (origin_url may be an http URL); `between-loopback-hosts`: only from a loopback
   * host to one (the local emulator), as the sitemaps, read over https anywhere else.
   */
  readonly plainHttp: 'from-http' | 'between-loopback-hosts'
  /**
   * The hosts a hop may reach: one host (name and port), one host name (any port), the URLs a
   * predicate allows (the site and `asset_hosts`), or any.
   */
  readonly scope:
    | { readonly host: string }
    | { readonly hostname: string }
    | { readonly allows: (url: URL) => boolean }
    | 'any-host'
}

/** For a reader that reads many URLs: one read already (by another chain) ends the chain. */
export interface ReadElsewhere {
  readonly alreadyRead: (url: URL) => boolean
}

/**
 * Why a hop to a URL is not followed: not http(s), credentials in it, plain http where the
 * rules forbid it, the runner itself from another host, out of scope, or back to its chain.
 */
type HopRefusal =
  'not-http' | 'credentials' | 'plain-http' | 'this-machine' | 'out-of-scope' | 'loop'

/**
 * Why a redirect was not followed: MAX_REDIRECTS were followed already, its Location is not a
 * URL (even relative to the URL asked), or the hop is refused, with where it led (`to`).
 */
export type RedirectRefusal =
  | { readonly reason: 'too-many-redirects' | 'not-a-url' }
  | { readonly reason: HopRefusal; readonly to: URL }

/** A redirect to judge: the URL that answered it, within the chain asked so far. */
export interface RedirectFrom {
  /** The URL that answered with the redirect. */
  readonly url: URL
  /** The redirects followed before this one. */
  readonly redirects: number
  /** Every URL asked in the chain, this one included: a hop back to one is a loop. */
  readonly asked: readonly URL[]
}

/** Where the redirect from `from` to `location` leads, or why it is not followed. */
export function nextHop(
  location: string,
  from: RedirectFrom,
  rules: RedirectRules
): URL | RedirectRefusal {
  if (from.redirects >= MAX_REDIRECTS) return { reason: 'too-many-redirects' }
  const to = resolveLocation(location, from.url)
  if (to === undefined) return { reason: 'not-a-url' }
  const refused = hopRefusal(to, from, rules)
  return refused === undefined ? to : { reason: refused, to }
}

function hopRefusal(to: URL, from: RedirectFrom, rules: RedirectRules): HopRefusal | undefined {
  const at = from.url
  if (!isHttp(to)) return 'not-http'
  if (to.username !== '' || to.password !== '') return 'credentials'
  if (to.protocol === 'http:') {
    const betweenLoopbackHosts = isLoopbackHost(at.hostname) && isLoopbackHost(to.hostname)
    if (at.protocol === 'https:') return 'plain-http'
    if (rules.plainHttp === 'between-loopback-hosts' && !betweenLoopbackHosts) return 'plain-http'
  }
  if (reachesThisMachine(to.hostname) && !reachesThisMachine(at.hostname)) return 'this-machine'
  if (!inScope(to, rules.scope)) return 'out-of-scope'
  if (from.asked.some(url => withoutFragment(url) === to.href)) return 'loop'
  return undefined
}

function inScope(to: URL, scope: RedirectRules['scope']): boolean {
  if (scope === 'any-host') return true
  if ('host' in scope) return to.host === scope.host
  if ('hostname' in scope) return to.hostname === scope.hostname
  return scope.allows(to)
}

/**
 * Where the answer to `from` redirects under the rules, or why its redirect is not followed;
 * undefined when the answer is no redirect (or one without a Location): it is judged as it is.
 */
export function redirectOf(
  answer: { readonly status: number; readonly headers: Headers },
  from: RedirectFrom,
  rules: RedirectRules
): URL | RedirectRefusal | undefined {
  const location = redirectLocation(answer.status, answer.headers)
  return location === undefined ? undefined : nextHop(location, from, rules)
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href)
  copy.hash = ''
  return copy.href
}

/** What the follower reads of an answer: its status and headers, and a body it can let go. */
export interface RedirectAnswer {
  readonly status: number
  readonly headers: Headers
  readonly body: { destroy(): unknown }
}

/**
 * Where a chain ended: at an answer that is no redirect (or one without a usable Location), or
 * at a redirect not followed, with why (`refused`); the answer's body is the caller's, to read
 * or to destroy.
 */
export interface Answered<A> {
  readonly answer: A
  /** Where the answer came from. */
  readonly at: URL
  /** The redirects followed before it. */
  readonly redirects: number
  readonly refused?: RedirectRefusal
}

/** Where a chain ended, for a reader that reads many URLs: perhaps at one read already. */
export type Followed<A> = Answered<A> | { readonly alreadyRead: URL; readonly redirects: number }

/**
 * Asks `first` and follows its redirects under the rules: `open` asks one URL (its time budget
 * is the caller's, told how many redirects came before). The body of a redirect followed is
 * destroyed unread, so that a server cannot hold a hop with a body that never ends.
 */
export function followRedirects<A extends RedirectAnswer>(
  first: URL,
  open: (url: URL, redirects: number) => Promise<A>,
  rules: RedirectRules & ReadElsewhere
): Promise<Followed<A>>
export function followRedirects<A extends RedirectAnswer>(
  first: URL,
  open: (url: URL, redirects: number) => Promise<A>,
  rules: RedirectRules
): Promise<Answered<A>>
export async function followRedirects<A extends RedirectAnswer>(
  first: URL,
  open: (url: URL, redirects: number) => Promise<A>,
  rules: RedirectRules & Partial<ReadElsewhere>
): Promise<Followed<A>> {
  const asked = [first]
  for (let at = first; ;) {
    const redirects = asked.length - 1
    const answer = await open(at, redirects)
    const location = redirectLocation(answer.status, answer.headers)
    if (location === undefined) return { answer, at, redirects }
    const next = nextHop(location, { url: at, redirects, asked }, rules)
    if (!(next instanceof URL)) return { answer, at, redirects, refused: next }
    answer.body.destroy()
    if (rules.alreadyRead?.(next) === true) return { alreadyRead: next, redirects: redirects + 1 }
    asked.push(next)
    at = next
  }
}
