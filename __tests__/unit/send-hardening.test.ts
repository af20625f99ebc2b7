/** The sender against answers a hostile or broken server gives. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readAnswer, requestedWaitMs } from '../../src/send/answer.js'
import { TransportError } from '../../src/send/transport.js'
import {
  createHttpTransport,
  describeConnectionError,
  MAX_BODY_BYTES
} from '../../src/send/http-transport.js'
import { DEFAULT_BACKOFF, retryDelayMs } from '../../src/send/retry-policy.js'

describe('Retry-After: only whole seconds or an IMF-fixdate', () => {
  const now = Date.parse('Mon, 23 Nov 2026 10:00:00 GMT')

  it.each(['-5', '-1.5', '3, 5', '1.5', 'soon', 'Mon, 23 Nov 2026 09:00:00', '2026-11-23'])(
    'ignores %j, so the normal backoff applies',
    value => {
      expect(requestedWaitMs({ 'retry-after': value }, now)).toBeUndefined()
      // The backoff of attempt 3 is then at least half of 4 s, not the 0 s a past date gave.
      expect(retryDelayMs(3, DEFAULT_BACKOFF, 0, 503, undefined)).toBeGreaterThanOrEqual(2000)
    }
  )

  it('accepts whole seconds and an IMF-fixdate', () => {
    expect(requestedWaitMs({ 'retry-after': '7' }, now)).toBe(7000)
    expect(requestedWaitMs({ 'retry-after': 'Mon, 23 Nov 2026 10:00:30 GMT' }, now)).toBe(30_000)
  })
})

describe('a 2xx counts as a purge only with the service JSON, or with nothing at all', () => {
  it.each([
    ['OK', /not the service's JSON.*: OK/],
    ['"OK"', /not the service's JSON/],
    ['<html><body>Welcome</body></html>', /not the service's JSON.*Welcome/]
  ])('a 200 with the body %j is not a purge', (body, message) => {
    const reading = readAnswer({ status: 200, headers: {}, body })
    expect(reading.success).toBe(false)
    expect(`${reading.note ?? ''}: ${reading.message ?? ''}`).toMatch(message)
  })

  it.each(['', '  \n'])(
    'a 2xx with an empty body %j is one, not confirmed: the documentation calls any 2xx a success',
    body => {
      const reading = readAnswer({ status: 204, headers: {}, body })
      expect(reading).toMatchObject({ success: true, verdict: 'unconfirmed' })
    }
  )

  it('a 200 with a JSON object is one, unless it says "result": false', () => {
    expect(readAnswer({ status: 200, headers: {}, body: '{"result":true}' }).success).toBe(true)
    expect(readAnswer({ status: 200, headers: {}, body: '{"result":false}' }).success).toBe(false)
  })
})

describe('service text is one line', () => {
  it('turns line breaks and control characters in a message and a request id into one line', () => {
    const injected = 'busy\n::warning title=X::hi\r::add-mask::purged\u001b[2J'
    const reading = readAnswer({
      status: 503,
      headers: { 'x-brand-requestid': 'id\n::stop-commands::tok' },
      body: JSON.stringify({ error: { message: injected } })
    })
    expect(reading.message).toBe('busy ::warning title=X::hi ::add-mask::purged\\u001b[2J')
    expect(reading.requestId).toBe('id ::stop-commands::tok')
  })
})

describe('the HTTP transport against an answer that never ends', () => {
  let server: Server
  let url: URL
  beforeAll(async () => {
    server = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(16 * 1024, 'x')
      res.write('{"result":true,"padding":"')
      const pump = (): void => {
        while (res.write(chunk)) {
          /* fill the buffer */
        }
        res.once('drain', pump)
      }
      res.on('close', () => res.removeAllListeners('drain'))
      pump()
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`)
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise(resolve => server.close(resolve))
  })

  it('stops reading at the cap and keeps the status, instead of timing out', async () => {
    const transport = createHttpTransport('test', 20_000)
    try {
      const answer = await transport.post(url, '{}', 20_000)
      expect(answer.status).toBe(200)
      expect(answer.body.length).toBe(MAX_BODY_BYTES)
      // Cut mid-way, the body is not the service's JSON: not a purge, and not retried.
      expect(readAnswer(answer).success).toBe(false)
    } finally {
      transport.close()
    }
  })
})

describe('a connection that fails says what to change', () => {
  let server: Server
  let port: number
  beforeAll(async () => {
    server = createServer((_, res) => res.end('{}'))
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise(resolve => server.close(resolve))
  })

  it("https:// to a plain HTTP server: the scheme, not OpenSSL's source file", async () => {
    const transport = createHttpTransport('test', 5000)
    try {
      const failure = await transport
        .post(new URL(`https://127.0.0.1:${port}/api`), '{}', 5000)
        .then(
          () => undefined,
          (error: unknown) => error
        )
      expect(failure).toBeInstanceOf(TransportError)
      expect((failure as TransportError).message).toBe(
        'the TLS handshake failed: the server at this address does not answer https:// on that port, perhaps a plain HTTP server (http:// is accepted for loopback addresses only)'
      )
    } finally {
      transport.close()
    }
  })

  it('a host that does not exist: names it and base_url', () => {
    const error = Object.assign(new Error('getaddrinfo ENOTFOUND api.exmaple.com'), {
      code: 'ENOTFOUND'
    })
    expect(describeConnectionError(error)).toBe(
      'no such host: api.exmaple.com (check the host name in base_url)'
    )
    expect(describeConnectionError(new Error('connect ECONNREFUSED 127.0.0.1:9\n'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:9'
    )
  })
})
