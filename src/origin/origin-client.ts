/**
 * The client for origin_url: the site's client (http/site-client.ts: GET only, no cookie,
 * no credential, the runner's proxy), never the purge client, so neither the API key nor a
 * token can reach the origin. It follows redirects by the one rule (http/redirect.ts: at most
 * 5, never from https down to http, never back to a URL of the chain) on the same host name
 * only, asks caches on the way for a checked answer (`Cache-Control: no-cache`), and reads the
 * first MAX_ORIGIN_BODY_BYTES of the body, decoded.
 */
import { USER_AGENT } from '../core/constants.js'
import { ACCEPTED_ENCODINGS, BodyReadError, readBody } from '../http/read-body.js'
import { headerValue, type Headers } from '../http/headers.js'
import {
  followRedirects,
  MAX_REDIRECTS,
  nextHop,
  type RedirectRefusal,
  type RedirectRules
} from '../http/redirect.js'
import {
  createSiteClient,
  MAX_PAGE_BYTES,
  SiteRequestError,
  type SiteStream,
  type SiteClient
} from '../http/site-client.js'
import { systemClock, type Clock } from '../time/clock.js'

/** The part of the origin's body searched for the build. */
export const MAX_ORIGIN_BODY_BYTES = 1024 * 1024
export interface OriginAnswer {
  readonly status: number
  readonly headers: Headers
  /** The first MAX_ORIGIN_BODY_BYTES of the decoded body, one character per byte (latin1). */
  readonly body: string
  /** Set when the body could not be read (or decoded) as far as needed. */
  readonly bodyProblem?: string
  /** Where the answer came from, after the redirects followed. */
  readonly url: URL
  readonly redirects: number
  /** A redirect that was not followed, and why. */
  readonly redirectRefused?: string
}

/** No answer: the request timed out or the connection failed. */
export class OriginRequestError extends Error {
  constructor(
    readonly kind: 'timeout' | 'connection',
    message: string
  ) {
    super(message)
    this.name = 'OriginRequestError'
  }
}

export interface OriginClient {
  /** One look at `url`, redirects included, within `timeoutMs` in all. */
  look(url: URL, timeoutMs: number): Promise<OriginAnswer>
  close(): void
}

/** `clock`: the runner's clock, which one look's budget counts on. */
export function createOriginClient(
  clock: Clock = systemClock,
  transport: SiteClient = createSiteClient(1)
): OriginClient {
  return {
    look: (url, timeoutMs) => look(transport, clock, url, timeoutMs),
    close: () => transport.close()
  }
}

async function look(
  transport: SiteClient,
  clock: Clock,
  first: URL,
  timeoutMs: number
): Promise<OriginAnswer> {
  const deadline = clock.now() + timeoutMs
  const followed = await followRedirects(
    first,
    url => open(transport, url, Math.max(1, deadline - clock.now())),
    originRules(first)
  )
  const { answer, at: url, redirects, refused } = followed
  return {
    ...(await readAnswer(answer)),
    url,
    redirects,
    ...(refused !== undefined && { redirectRefused: refusalWords(refused) })
  }
}

/** Where origin_url's redirects may go: its own host name, plain http only from http. */
function originRules(first: URL): RedirectRules {
  return { plainHttp: 'from-http', scope: { hostname: first.hostname } }
}

async function open(transport: SiteClient, url: URL, timeoutMs: number): Promise<SiteStream> {
  try {
    return await transport.open(url, USER_AGENT, timeoutMs, {
      accept: '*/*',
      acceptEncoding: ACCEPTED_ENCODINGS,
      noCache: true
    })
  } catch (error) {
    if (error instanceof SiteRequestError) throw new OriginRequestError(error.kind, error.message)
    throw error
  }
}

/**
 * Why the redirect from `from` (reached from origin_url `first` after `redirects` redirects) to
 * `location` is not followed, in the origin's words; undefined when it may be.
 */
export function refuseRedirect(
  first: URL,
  from: URL,
  location: string,
  redirects: number
): string | undefined {
  const hop = nextHop(location, { url: from, redirects, asked: [first, from] }, originRules(first))
  return hop instanceof URL ? undefined : refusalWords(hop)
}

/** A redirect not followed, as the wait's log and summary say it after the answer's status. */
function refusalWords(refused: RedirectRefusal): string {
  switch (refused.reason) {
    case 'too-many-redirects':
      return `more than ${MAX_REDIRECTS} redirects`
    case 'not-a-url':
      return 'a Location that is not a URL'
    case 'not-http':
      return `a redirect to a ${refused.to.protocol} URL`
    case 'credentials':
      return 'a redirect that carries credentials'
    case 'plain-http':
      return 'a redirect from https down to http'
    // The runner itself is another host than origin_url's: out of scope as well.
    case 'this-machine':
    case 'out-of-scope':
      return `a redirect to another host (${refused.to.host}), which is not followed`
    case 'loop':
      return 'a redirect back to a URL of its own chain (a loop)'
  }
}

async function readAnswer(
  answer: SiteStream
): Promise<Pick<OriginAnswer, 'status' | 'headers' | 'body' | 'bodyProblem'>> {
  const chunks: Buffer[] = []
  const base = { status: answer.status, headers: answer.headers }
  try {
    await readBody(answer.body, {
      contentEncoding: headerValue(answer.headers, 'content-encoding'),
      maxBytes: MAX_ORIGIN_BODY_BYTES,
      maxDrainBytes: MAX_PAGE_BYTES,
      onChunk: chunk => {
        chunks.push(chunk)
        return false
      }
    })
    return { ...base, body: Buffer.concat(chunks).toString('latin1') }
  } catch (error) {
    if (!(error instanceof BodyReadError || error instanceof SiteRequestError)) throw error
    // What arrived is still searched: a version file cut after the id still shows it.
    return {
      ...base,
      body: Buffer.concat(chunks).toString('latin1'),
      bodyProblem: error.message
    }
  }
}
