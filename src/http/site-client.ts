/**
 * The HTTP client for the public site and the origin (verification, sitemaps, origin_url): never
 * the purge client, so the API key and the GitHub token have no way to reach them. GET only, no
 * cookies, no credentials, redirects not followed (a 3xx is judged by its headers), the exact
 * User-Agent of the device. The agent comes from @actions/http-client, so the runner's proxy
 * settings apply. A page's body is read and thrown away (getPage), or handed to the caller as a
 * stream (open).
 */
import { HttpClient } from '@actions/http-client'
import * as http from 'node:http'
import * as https from 'node:https'
import type { Readable } from 'node:stream'
import type { Headers } from './headers.js'

/** Bodies of pages are read and thrown away; a page longer than this is cut off. */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024

export type SiteFailureKind = 'timeout' | 'connection'

/** No HTTP answer: the request timed out or the connection failed. */
export class SiteRequestError extends Error {
  constructor(
    readonly kind: SiteFailureKind,
    message: string
  ) {
    super(message)
    this.name = 'SiteRequestError'
  }
}

export interface SiteHead {
  readonly status: number
  /** Header names in lower case, as Node gives them. */
  readonly headers: Headers
}

export interface SiteStream extends SiteHead {
  /** The body; the caller reads it or destroys it. */
  readonly body: Readable
}

/** Request headers a caller may choose; nothing else but the User-Agent is ever sent. */
export interface OpenOptions {
  /** Default `text/html`. */
  readonly accept?: string
  /** Default `identity`: the body is not decoded unless the caller reads it with read-body.ts. */
  readonly acceptEncoding?: string
  /** `no-cache`: asks caches on the way for an answer checked with the server. */
  readonly noCache?: boolean
  /**
   * The `Origin` a browser sends with a CORS-mode request (a page's serialized origin, or
   * `null`): the answer's CORS headers are for it. Absent: no `Origin` is sent.
   */
  readonly origin?: string
}

export interface SiteClient {
  /** GETs a page: resolves once the body was read (up to MAX_PAGE_BYTES) and discarded. */
  getPage(url: URL, userAgent: string, timeoutMs: number): Promise<SiteHead>
  /**
   * GETs a file (robots.txt, a sitemap) and hands over its body as a stream, destroyed with a
   * timeout error when the whole answer has not arrived within `timeoutMs`.
   */
  open(url: URL, userAgent: string, timeoutMs: number, options?: OpenOptions): Promise<SiteStream>
  close(): void
}

export function createSiteClient(maxSockets: number): SiteClient {
  // Used only for their agents (proxy and keep-alive); requests go out through node:http(s) so
  // that nothing but the headers written here is sent. One client a scheme: a client keeps the
  // first agent it makes, and an http agent cannot carry an https request (a loopback site
  // over http can list a sitemap on an https host).
  const agents = {
    'http:': new HttpClient('unused', [], { keepAlive: true, maxSockets }),
    'https:': new HttpClient('unused', [], { keepAlive: true, maxSockets })
  }
  const open = (
    url: URL,
    userAgent: string,
    timeoutMs: number,
    options: OpenOptions = {}
  ): Promise<SiteStream> =>
    new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:'
      const module = secure ? https : http
      const headers: Record<string, string> = {
        'User-Agent': userAgent,
        Accept: options.accept ?? 'text/html',
        'Accept-Encoding': options.acceptEncoding ?? 'identity'
      }
      if (options.noCache) headers['Cache-Control'] = 'no-cache'
      if (options.origin !== undefined) headers['Origin'] = options.origin
      const request = module.request(url, {
        method: 'GET',
        agent: agents[secure ? 'https:' : 'http:'].getAgent(url.href),
        headers
      })
      // One budget for the whole answer, body included: a server that sends its headers and
      // then drips (a sitemap one byte a second) must not hold the step past it.
      let body: Readable | undefined
      const timer = setTimeout(() => {
        const error = new SiteRequestError(
          'timeout',
          body === undefined
            ? `no answer within ${timeoutMs / 1000} s`
            : `the answer did not end within ${timeoutMs / 1000} s`
        )
        if (body === undefined) request.destroy(error)
        else body.destroy(error)
      }, timeoutMs)
      request.on('response', message => {
        body = message
        message.once('close', () => clearTimeout(timer))
        resolve({ status: message.statusCode ?? 0, headers: message.headers, body: message })
      })
      request.on('error', error => {
        clearTimeout(timer)
        reject(
          error instanceof SiteRequestError
            ? error
            : new SiteRequestError('connection', error.message)
        )
      })
      request.end()
    })

  return {
    open,
    async getPage(url, userAgent, timeoutMs) {
      const answer = await open(url, userAgent, timeoutMs)
      await discardBody(answer.body, MAX_PAGE_BYTES)
      return { status: answer.status, headers: answer.headers }
    },
    close() {
      agents['http:'].dispose()
      agents['https:'].dispose()
    }
  }
}

/**
 * Reads and drops a body up to `maxBytes` (then closes the connection). A body cut mid-way
 * is not an error: the headers, which carry the verdict, arrived whole. A body that drips is
 * ended by open()'s timer, which covers the whole answer.
 */
export function discardBody(body: Readable, maxBytes: number): Promise<void> {
  return new Promise(resolve => {
    let size = 0
    const finish = (): void => {
      body.removeAllListeners('data')
      resolve()
    }
    body.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        body.destroy()
        finish()
      }
    })
    body.on('end', finish)
    body.on('close', finish)
    body.on('error', finish)
  })
}
