/**
 * The production Transport, on @actions/http-client, which also honours the runner's proxy
 * settings (https_proxy, no_proxy). Its own retries are off: it never retries a POST anyway,
 * and our sender owns the retry policy.
 */
import { HttpClient } from '@actions/http-client'
import type { IncomingMessage } from 'node:http'
import { TransportError, type HttpAnswer, type Transport } from './transport.js'

/** Bodies longer than this are cut: enough for any error message, safe against huge pages. */
export const MAX_BODY_BYTES = 64 * 1024

export function createHttpTransport(userAgent: string, timeoutMs: number): Transport {
  const client = new HttpClient(userAgent, [], {
    keepAlive: true,
    allowRetries: false,
    allowRedirects: false,
    // An idle socket is closed after this long even if our deadline below already gave up.
    socketTimeout: timeoutMs
  })
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' }

  return {
    async post(url, jsonBody, deadlineMs) {
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new TransportError('timeout', `no answer within ${deadlineMs / 1000} s`)),
          deadlineMs
        )
      })
      try {
        return await Promise.race([exchange(client, url, jsonBody, headers), deadline])
      } finally {
        clearTimeout(timer)
      }
    },
    close() {
      client.dispose()
    }
  }
}

async function exchange(
  client: HttpClient,
  url: URL,
  jsonBody: string,
  headers: Record<string, string>
): Promise<HttpAnswer> {
  let message: IncomingMessage
  try {
    message = (await client.post(url.href, jsonBody, headers)).message
  } catch (error) {
    const text = withoutQuery(describeConnectionError(error))
    const kind = /timeout/i.test(text) ? 'timeout' : 'connection'
    throw new TransportError(kind, text)
  }
  const body = await readCapped(message)
  return { status: message.statusCode ?? 0, headers: message.headers, body }
}

/**
 * Reads at most MAX_BODY_BYTES, then stops: an answer that never ends (or is huge) keeps its
 * status and the body's first part, instead of running into the deadline and being retried.
 * The socket is dropped then, since the rest of the answer would still be on it. A body
 * dropped mid-way, before the cap, is a connection failure.
 */
function readCapped(message: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (): void =>
      resolve(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8'))
    message.on('data', (data: Buffer) => {
      if (size >= MAX_BODY_BYTES) return
      chunks.push(data)
      size += data.length
      if (size >= MAX_BODY_BYTES) {
        finish()
        message.destroy()
      }
    })
    message.on('end', finish)
    message.on('aborted', () =>
      reject(new TransportError('connection', 'the connection closed mid-answer'))
    )
    message.on('error', error => reject(new TransportError('connection', error.message)))
  })
}

/**
 * A failed connection in words that say what to change where Node's say little to someone
 * setting up: OpenSSL's 'wrong version number' (with its source file and a line break) is what
 * an https:// base_url gets from a plain HTTP server, and 'getaddrinfo ENOTFOUND' a misspelt host.
 */
export function describeConnectionError(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).trim()
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined
  if (/wrong version number/i.test(text)) {
    return 'the TLS handshake failed: the server at this address does not answer https:// on that port, perhaps a plain HTTP server (http:// is accepted for loopback addresses only)'
  }
  const host = /^getaddrinfo ENOTFOUND (\S+)/.exec(text)?.[1]
  if (code === 'ENOTFOUND' && host !== undefined) {
    return `no such host: ${host} (check the host name in base_url)`
  }
  return text
}

/**
 * The HTTP layer's errors may quote the request path, query string and API key included
 * ("Request timeout: /api/v1/cache/purge?api_key=..."): keep the key out at the source.
 */
export function withoutQuery(message: string): string {
  return message.replace(/\?[^\s'"]*/g, '')
}
