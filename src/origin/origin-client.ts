/**
 * The client for origin_url: the site's client (http/site-client.ts: GET only, no cookie,
 * no credential, the runner's proxy), never the purge client, so neither the API key nor a
 * token can reach the origin. It follows redirects on the same host only (at most 5; never
 * from https down to http), asks caches on the way for a checked answer (`Cache-Control:
 * no-cache`), and reads the first MAX_ORIGIN_BODY_BYTES of the body, decoded.
 */
import { USER_AGENT } from '../core/constants.js'
import { ACCEPTED_ENCODINGS, BodyReadError, readBody } from '../http/read-body.js'
import { headerValue } from '../http/headers.js'
import {
  createSiteClient,
  MAX_PAGE_BYTES,
  SiteRequestError,
  type SiteStream,
  type SiteClient
} from '../http/site-client.js'

/** The part of the origin's body searched for the build. */
export const MAX_ORIGIN_BODY_BYTES = 1024 * 1024
const MAX_ORIGIN_REDIRECTS = 5

const REDIRECTS = new Set([301, 302, 303, 307, 308])

export interface OriginAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
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

export function createOriginClient(transport: SiteClient = createSiteClient(1)): OriginClient {
  return {
    look: (url, timeoutMs) => look(transport, url, timeoutMs),
    close: () => transport.close()
  }
}

async function look(transport: SiteClient, first: URL, timeoutMs: number): Promise<OriginAnswer> {
  const deadline = Date.now() + timeoutMs
  let url = first
  for (let redirects = 0; ; redirects++) {
    const answer = await open(transport, url, Math.max(1, deadline - Date.now()))
    const location = headerValue(answer.headers, 'location')
    if (!REDIRECTS.has(answer.status) || location === undefined) {
      return { ...(await readAnswer(answer)), url, redirects }
    }
    const refused = refuseRedirect(first, url, location, redirects)
    if (refused !== undefined) {
      return { ...(await readAnswer(answer)), url, redirects, redirectRefused: refused }
    }
    answer.body.resume()
    url = new URL(location, url)
  }
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

/** Why a redirect is not followed, or undefined when it may be. */
export function refuseRedirect(
  first: URL,
  from: URL,
  location: string,
  redirects: number
): string | undefined {
  if (redirects >= MAX_ORIGIN_REDIRECTS) return `more than ${MAX_ORIGIN_REDIRECTS} redirects`
  if (!URL.canParse(location, from.href)) return `a Location that is not a URL`
  const next = new URL(location, from)
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    return `a redirect to a ${next.protocol} URL`
  }
  if (next.username !== '' || next.password !== '') return 'a redirect that carries credentials'
  if (next.hostname !== first.hostname) {
    return `a redirect to another host (${next.host}), which is not followed`
  }
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    return 'a redirect from https down to http'
  }
  return undefined
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
