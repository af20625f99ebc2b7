/**
 * The verification's own HTTP client for the public site: never the purge client, so the API
 * key and the GitHub token have no way to reach the site. GET only, no cookies, no credentials,
 * redirects not followed (a 3xx is judged by its headers), the exact User-Agent of the device.
 * The agent comes from @actions/http-client, so the runner's proxy settings apply. With the
 * content proof, a page's body is read (decoded) and scanned for the build; otherwise it is
 * read and thrown away.
 */
import { HttpClient } from '@actions/http-client'
import * as http from 'node:http'
import * as https from 'node:https'
import type { Readable } from 'node:stream'
import type { BuildId } from '../build/build-id.js'
import { scanBodyForBuild, type ContentEvidence } from '../build/scan-body.js'

/** Bodies of pages are read and thrown away; a page longer than this is cut off. */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024

export type SiteFailureKind = 'timeout' | 'connection'

/** No HTTP answer: the request timed out or the connection failed. */
export class SiteTransportError extends Error {
  constructor(
    readonly kind: SiteFailureKind,
    message: string
  ) {
    super(message)
    this.name = 'SiteTransportError'
  }
}

export interface SiteHead {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /** With the content proof, for a 2xx answer: what its body showed of the build. */
  readonly content?: ContentEvidence
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
}

export interface SiteTransport {
  /**
   * GETs a page: resolves once the body was read (up to MAX_PAGE_BYTES) and discarded; with a
   * `build`, once a 2xx body was scanned for it (build/scan-body.ts), decoded if compressed.
   */
  getPage(url: URL, userAgent: string, timeoutMs: number, build?: BuildId): Promise<SiteHead>
  /**
   * GETs a file (robots.txt, a sitemap) and hands over its body as a stream, destroyed with a
   * timeout error when the whole answer has not arrived within `timeoutMs`.
   */
  open(url: URL, userAgent: string, timeoutMs: number, options?: OpenOptions): Promise<SiteStream>
  close(): void
}

export function createSiteTransport(maxSockets: number): SiteTransport {
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
      const request = module.request(url, {
        method: 'GET',
        agent: agents[secure ? 'https:' : 'http:'].getAgent(url.href),
        headers
      })
      // One budget for the whole answer, body included: a server that sends its headers and
      // then drips (a sitemap one byte a second) must not hold the step past it.
      let body: Readable | undefined
      const timer = setTimeout(() => {
        const error = new SiteTransportError(
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
          error instanceof SiteTransportError
            ? error
            : new SiteTransportError('connection', error.message)
        )
      })
      request.end()
    })

  return {
    open,
    async getPage(url, userAgent, timeoutMs, build) {
      if (build === undefined) {
        const answer = await open(url, userAgent, timeoutMs)
        await discardBody(answer.body, MAX_PAGE_BYTES)
        return { status: answer.status, headers: answer.headers }
      }
      // Asked uncompressed, as the other checks are: decoding costs the runner more CPU than
      // the bytes it saves; an edge that compresses anyway is decoded (read-body.ts).
      const answer = await open(url, userAgent, timeoutMs)
      if (answer.status < 200 || answer.status > 299) {
        await discardBody(answer.body, MAX_PAGE_BYTES)
        return { status: answer.status, headers: answer.headers }
      }
      const encoding = answer.headers['content-encoding']
      const content = await scanBodyForBuild(answer.body, build, {
        contentEncoding: Array.isArray(encoding) ? encoding.join(', ') : encoding,
        maxDrainBytes: MAX_PAGE_BYTES
      })
      return { status: answer.status, headers: answer.headers, content }
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
function discardBody(body: Readable, maxBytes: number): Promise<void> {
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
