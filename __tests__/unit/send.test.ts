import { describe, expect, it } from '@jest/globals'
import { describeFailure } from '../../src/send/describe-failure.js'
import { buildPlan } from '../../src/plan/build-plan.js'
import type { PurgeRequest } from '../../src/core/purge.js'
import { endpointUrl, sendPlan, type SendOptions } from '../../src/send/send-plan.js'
import { TransportError, type HttpAnswer, type Transport } from '../../src/send/transport.js'
import { findRequestId, readAnswer, requestedWaitMs } from '../../src/send/answer.js'
import { retryDelayMs } from '../../src/send/retry-policy.js'
import type { Clock } from '../../src/time/clock.js'
import { AdaptiveLimiter } from '../../src/send/adaptive-limiter.js'
import { Redactor } from '../../src/text/redact.js'
import { withoutQuery } from '../../src/send/http-transport.js'

/** Virtual time: sleeping advances the clock at once, and records how long was asked. */
function virtualClock() {
  let time = 0
  const sleeps: number[] = []
  const clock: Clock = {
    now: () => time,
    sleep: async ms => {
      sleeps.push(ms)
      time += ms
    }
  }
  return { clock, sleeps }
}

type Reply = Partial<HttpAnswer> | TransportError

/** A transport that answers from a script, per request body, and records every call. */
function scriptedTransport(script: (body: Record<string, unknown>, call: number) => Reply) {
  const calls: { url: URL; body: Record<string, unknown> }[] = []
  const transport: Transport = {
    async post(url, jsonBody) {
      const body = JSON.parse(jsonBody) as Record<string, unknown>
      calls.push({ url, body })
      await Promise.resolve()
      const reply = script(body, calls.length)
      if (reply instanceof TransportError) throw reply
      return { status: 200, headers: {}, body: '{"result":true}', ...reply }
    },
    close() {}
  }
  return { transport, calls }
}

function requests(count: number): PurgeRequest[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    kind: 'url',
    items: [`/p${index}`]
  }))
}

function options(overrides: Partial<SendOptions> = {}): SendOptions {
  return {
    baseUrl: new URL('https://api.example.com/acct'),
    apiKey: 'k&y/=',
    timeoutMs: 1000,
    maxAttempts: 4,
    concurrency: 2,
    random: () => 0.5,
    clock: virtualClock().clock,
    ...overrides
  }
}

describe('endpointUrl', () => {
  it('appends the endpoint to the base path and URL-encodes the key', () => {
    const url = endpointUrl(
      new URL('https://api.example.com/acct/'),
      { index: 0, kind: 'tag', items: ['a'] },
      'k&y /='
    )
    expect(url.href).toBe(
      'https://api.example.com/acct/api/v1/cache/purge/tag?api_key=k%26y%20%2F%3D'
    )
  })
})

describe('sendPlan', () => {
  it('sends every request and returns results in plan order', async () => {
    const { transport, calls } = scriptedTransport(() => ({
      status: 200,
      headers: { 'x-emu-requestid': 'r1' }
    }))
    const results = await sendPlan(requests(5), transport, options())
    expect(calls).toHaveLength(5)
    expect(results.map(r => [r.request.index, r.outcome, r.attempts, r.requestId])).toEqual(
      [0, 1, 2, 3, 4].map(i => [i, 'purged', 1, 'r1'])
    )
  })

  it('retries 5xx, timeouts and dropped connections, then succeeds', async () => {
    const replies: Reply[] = [
      { status: 502, body: 'Bad gateway' },
      new TransportError('timeout', 'no answer within 1 s'),
      new TransportError('connection', 'socket hang up'),
      { status: 200 }
    ]
    const { transport, calls } = scriptedTransport((_, call) => replies[call - 1]!)
    const { clock, sleeps } = virtualClock()
    const results = await sendPlan(
      requests(1),
      transport,
      options({ clock, backoff: { baseDelayMs: 100, maxDelayMs: 1000 } })
    )
    expect(calls).toHaveLength(4)
    expect(results[0]).toMatchObject({ outcome: 'purged', attempts: 4, status: 200 })
    // Exponential with equal jitter at random 0.5: 75% of 100, 200, 400.
    expect(sleeps).toEqual([75, 150, 300])
  })

  it('gives up after max_attempts and reports status, message and request id', async () => {
    const { transport, calls } = scriptedTransport(() => ({
      status: 503,
      headers: { 'x-emu-requestid': 'req-9' },
      body: '{"error":{"message":"Service unavailable"}}'
    }))
    const results = await sendPlan(requests(1), transport, options({ maxAttempts: 3 }))
    expect(calls).toHaveLength(3)
    expect(results[0]).toMatchObject({
      outcome: 'failed',
      status: 503,
      attempts: 3,
      message: 'Service unavailable',
      requestId: 'req-9'
    })
  })

  it('keeps every attempt in order: a 500, no answer, then a 403 with its own words and id', async () => {
    const replies: Reply[] = [
      {
        status: 500,
        headers: { 'x-emu-requestid': 'req-1' },
        body: '{"error":{"message":"boom"}}'
      },
      new TransportError('timeout', 'no answer within 1 s'),
      {
        status: 403,
        headers: { 'x-emu-requestid': 'req-3' },
        body: '{"error":{"message":"Forbidden"}}'
      }
    ]
    const { transport } = scriptedTransport((_, call) => replies[call - 1]!)
    const { clock } = virtualClock()
    const results = await sendPlan(requests(2), transport, options({ clock, concurrency: 1 }))
    expect(results[0]).toMatchObject({ outcome: 'failed', attempts: 3, status: 403 })
    expect(results[0]?.history).toEqual([
      { status: 500, message: 'boom', requestId: 'req-1' },
      { message: 'timed out: no answer within 1 s' },
      { status: 403, message: 'Forbidden', requestId: 'req-3' }
    ])
    // The request stopped by the 403 was never sent: it has no attempt to show.
    expect(results[1]).toMatchObject({ outcome: 'not-sent', attempts: 0, history: [] })
  })

  it('never retries another 4xx', async () => {
    const { transport, calls } = scriptedTransport(() => ({
      status: 422,
      body: '{"error":{"message":"bad regex"}}'
    }))
    const results = await sendPlan(requests(1), transport, options())
    expect(calls).toHaveLength(1)
    expect(results[0]).toMatchObject({ outcome: 'failed', status: 422, message: 'bad regex' })
  })

  it('treats a 2xx with "result": false as a failure, not retried', async () => {
    const { transport, calls } = scriptedTransport(() => ({
      status: 200,
      body: '{"result":false,"message":"nope"}'
    }))
    const results = await sendPlan(requests(1), transport, options())
    expect(calls).toHaveLength(1)
    expect(results[0]).toMatchObject({ outcome: 'failed', status: 200, message: 'nope' })
  })

  it('honours Retry-After on 429 and X-RateLimit-Reset on 503', async () => {
    const replies: Reply[] = [
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 503, headers: { 'x-ratelimit-reset': '1500' } },
      { status: 200 }
    ]
    const { transport } = scriptedTransport((_, call) => replies[call - 1]!)
    const { clock, sleeps } = virtualClock()
    await sendPlan(requests(1), transport, options({ clock, concurrency: 1 }))
    // Asked wait plus at most 10% (here 0.5 x min(250, 10%)) of jitter.
    expect(sleeps.filter(ms => ms >= 1000)).toEqual([3125, 1575])
  })

  it('caps a requested wait at the backoff maximum', () => {
    expect(retryDelayMs(1, { baseDelayMs: 1000, maxDelayMs: 60_000 }, 0, 429, 3_600_000)).toBe(
      60_000
    )
  })

  it('stops every request not yet sent after a 401', async () => {
    const { transport, calls } = scriptedTransport(() => ({
      status: 401,
      body: '{"error":{"message":"Invalid API key"}}'
    }))
    const stops: string[] = []
    const results = await sendPlan(
      requests(6),
      transport,
      options({ concurrency: 1, observer: { onStop: r => stops.push(r) } })
    )
    expect(calls).toHaveLength(1)
    expect(results[0]).toMatchObject({ outcome: 'failed', status: 401, message: 'Invalid API key' })
    expect(results.slice(1).every(r => r.outcome === 'not-sent' && r.attempts === 0)).toBe(true)
    expect(stops).toHaveLength(1)
  })

  it('after a 401, sends nothing new even with other requests in flight or queued', async () => {
    let calls = 0
    const transport: Transport = {
      async post() {
        calls++
        const call = calls
        await new Promise(resolve => setTimeout(resolve, call === 1 ? 5 : 30))
        return call === 1
          ? { status: 401, headers: {}, body: '{"error":{"message":"Invalid API key"}}' }
          : { status: 200, headers: {}, body: '{"result":true}' }
      },
      close() {}
    }
    const results = await sendPlan(
      requests(8),
      transport,
      options({ concurrency: 3, clock: undefined })
    )
    // The three first went out together; nothing after the 401 answered.
    expect(calls).toBe(3)
    expect(results.map(r => r.outcome)).toEqual([
      'failed',
      'purged',
      'purged',
      ...Array(5).fill('not-sent')
    ])
  })

  it('after a 401, wakes a request waiting out a long Retry-After instead of sleeping it', async () => {
    const transport: Transport = {
      async post(_url, jsonBody) {
        const first = (JSON.parse(jsonBody) as { url: string[] }).url[0] === '/p0'
        if (first) return { status: 503, headers: { 'retry-after': '100' }, body: '' }
        await new Promise(resolve => setTimeout(resolve, 20))
        return { status: 401, headers: {}, body: '{"error":{"message":"Invalid API key"}}' }
      },
      close() {}
    }
    // Without the wake-up this test outlives jest's timeout (a 100 s wait).
    const results = await sendPlan(
      requests(2),
      transport,
      options({ clock: undefined, backoff: { baseDelayMs: 1000, maxDelayMs: 200_000 } })
    )
    expect(results.map(r => r.outcome)).toEqual(['failed', 'failed'])
    expect(results[0]?.message).toMatch(/^not retried: the service answered 401/)
  })

  it('keeps sending the other batches when one fails for good', async () => {
    const { transport } = scriptedTransport(body =>
      (body['url'] as string[])[0] === '/p1' ? { status: 400 } : { status: 200 }
    )
    const results = await sendPlan(requests(3), transport, options())
    expect(results.map(r => r.outcome)).toEqual(['purged', 'failed', 'purged'])
  })

  it('never has more requests in flight than the concurrency', async () => {
    let inFlight = 0
    let peak = 0
    const transport: Transport = {
      async post() {
        inFlight++
        peak = Math.max(peak, inFlight)
        await new Promise(resolve => setTimeout(resolve, 2))
        inFlight--
        return { status: 200, headers: {}, body: '{}' }
      },
      close() {}
    }
    await sendPlan(requests(20), transport, options({ concurrency: 3, clock: undefined }))
    expect(peak).toBe(3)
  })

  it('sends the JSON bodies the service documents', async () => {
    const plan = buildPlan({
      apiKey: 'k',
      baseUrl: new URL('https://x.example.com'),
      tags: ['t'],
      urls: ['/u'],
      pattern: {
        pattern: '#^/a\\.html$#',
        delimiter: '#',
        body: '^/a\\.html$',
        modifiers: '',
        wrapped: false
      },
      countries: ['IT'],
      dryRun: false,
      batchSize: 100,
      timeoutMs: 1000,
      maxAttempts: 1,
      concurrency: 1
    })
    const bodies: string[] = []
    const transport: Transport = {
      async post(url, body) {
        bodies.push(`${url.pathname} ${body}`)
        return { status: 200, headers: {}, body: '' }
      },
      close() {}
    }
    await sendPlan(plan.requests, transport, options())
    expect(bodies).toEqual([
      '/acct/api/v1/cache/purge/tag {"tag":["t"],"country":"IT"}',
      '/acct/api/v1/cache/purge {"url":["/u"],"country":"IT"}',
      '/acct/api/v1/cache/purge/pattern {"pattern":"#^/a\\\\.html$#","country":"IT"}'
    ])
  })
})

describe('AdaptiveLimiter', () => {
  it('halves on 429, pauses for the asked wait, and climbs back after successes', async () => {
    const { clock, sleeps } = virtualClock()
    const limiter = new AdaptiveLimiter(8, clock)
    limiter.onRateLimited(2000)
    expect(limiter.limit).toBe(4)
    await limiter.acquire()
    expect(sleeps).toEqual([2000])
    limiter.release()
    for (let i = 0; i < 4; i++) limiter.onSuccess()
    expect(limiter.limit).toBe(5)
    limiter.onRateLimited(0)
    limiter.onRateLimited(0)
    limiter.onRateLimited(0)
    expect(limiter.limit).toBe(1)
  })

  it('halves once for several 429s answered within one pause', () => {
    const { clock } = virtualClock()
    const limiter = new AdaptiveLimiter(8, clock)
    limiter.onRateLimited(1000)
    limiter.onRateLimited(1000)
    limiter.onRateLimited(1000)
    expect(limiter.limit).toBe(4)
  })

  it('counts the 429s of one pause once: the successes between them still count', () => {
    const { clock } = virtualClock()
    const limiter = new AdaptiveLimiter(8, clock)
    limiter.onRateLimited(1000)
    for (let i = 0; i < 3; i++) limiter.onSuccess()
    // Another answer of a request sent before the pause: the same overload (http/backpressure.ts).
    limiter.onRateLimited(1000)
    limiter.onSuccess()
    expect(limiter.limit).toBe(5)
  })
})

describe('readAnswer', () => {
  it('reads error.message, message, or the start of a text body', () => {
    expect(
      readAnswer({ status: 400, headers: {}, body: '{"error":{"message":"bad"}}' }).message
    ).toBe('bad')
    expect(readAnswer({ status: 400, headers: {}, body: '{"message":"worse"}' }).message).toBe(
      'worse'
    )
    const html = readAnswer({ status: 502, headers: {}, body: `<html>${'x'.repeat(1000)}</html>` })
    expect(html.message?.length).toBeLessThanOrEqual(301)
    expect(html.success).toBe(false)
  })

  it('finds request ids by suffix, in any case', () => {
    expect(findRequestId({ 'x-brand-requestid': 'a' })).toBe('a')
    expect(findRequestId({ 'X-Request-Id': 'b' })).toBe('b')
    expect(findRequestId({ 'x-other': 'c' })).toBeUndefined()
  })

  it('reads Retry-After as seconds or a date, and X-RateLimit-Reset as milliseconds', () => {
    expect(requestedWaitMs({ 'retry-after': '2' }, 0)).toBe(2000)
    expect(requestedWaitMs({ 'retry-after': new Date(10_000).toUTCString() }, 4000)).toBe(6000)
    expect(requestedWaitMs({ 'x-ratelimit-reset': '750' }, 0)).toBe(750)
    expect(requestedWaitMs({}, 0)).toBeUndefined()
  })
})

describe('a base_url that is a website, not the API', () => {
  const HINT =
    'base_url "https://api.example.com/acct" looks like a website, not the purge API: it answered'
  const send = async (reply: Reply) => {
    const { transport } = scriptedTransport(() => reply)
    const [result] = await sendPlan(requests(1), transport, options())
    return result!
  }

  it.each([
    [{ status: 404, body: '<!doctype html><title>Not found</title>' }, 'an HTML page'],
    [
      { status: 405, headers: { 'content-type': 'text/plain' }, body: 'Method not allowed\n' },
      'HTTP 405'
    ],
    [{ status: 404, body: '' }, 'HTTP 404'],
    [
      { status: 301, headers: { location: 'https://www.example.com/' }, body: '' },
      'a redirect (HTTP 301)'
    ],
    [
      {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<p>Welcome</p>'
      },
      'an HTML page'
    ]
  ])('%j: says so, quoting base_url, and fails without retrying', async (reply, what) => {
    const result = await send(reply)
    expect(result.outcome).toBe('failed')
    expect(result.attempts).toBe(1)
    // The action's advice, never the service's words: outside the quote in the summary.
    expect(result.hint).toContain(`${HINT} ${what} where the service answers JSON.`)
    expect(result.hint).toContain("Set base_url to the API's address")
    expect(describeFailure(result)).not.toContain('k&y')
    expect(describeFailure(result)).not.toMatch(/\.\. /)
  })

  it.each([
    [404, '{"error":{"message":"Not found: /acct/api/v1/cache/purge"}}'],
    [405, '{"message":"Method not allowed"}']
  ])(
    'HTTP %i in JSON: a server answers at base_url but has no purge endpoint under that path',
    async (status, body) => {
      const result = await send({ status, headers: { 'content-type': 'application/json' }, body })
      expect(result.outcome).toBe('failed')
      expect(result.hint).toContain(
        `base_url "https://api.example.com/acct" is not the purge API's address: the server there answered HTTP ${status} in JSON, so it has no purge endpoint under that path. The action adds the API's path (/api/v1/cache/purge…) to base_url itself: set base_url to the API's address from the service's documentation.`
      )
      // Not the website hint: that server did answer JSON.
      expect(result.hint).not.toContain('where the service answers JSON')
    }
  )

  it.each([
    { status: 400, body: '{"error":{"message":"Missing parameter: url"}}' },
    { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' },
    { status: 401, body: '{"error":{"message":"Invalid API key"}}' }
  ])('%j: the service (or a proxy failing) answered: no website hint', async reply => {
    const result = await send({ ...reply })
    expect(describeFailure(result)).not.toContain('looks like a website')
  })
})

describe("the service's message, byte for byte", () => {
  const send = async (reply: Reply, request: Partial<PurgeRequest> = {}) => {
    const { transport } = scriptedTransport(() => reply)
    const [result] = await sendPlan([{ ...requests(1)[0]!, ...request }], transport, options())
    return result!
  }

  it('keeps its own period, and the request id after it', async () => {
    const result = await send({
      status: 400,
      headers: { 'x-acme-requestid': 'r-77' },
      body: '{"error":{"message":"The tag field is required."}}'
    })
    expect(describeFailure(result)).toBe('HTTP 400: The tag field is required. (request id r-77)')
  })

  it('a hint after a message without a period gets one between them, never two', () => {
    expect(describeFailure({ status: 400, message: 'Bad input', hint: 'Fix it.' })).toBe(
      'HTTP 400: Bad input. Fix it.'
    )
    expect(describeFailure({ status: 400, message: 'Bad input.', hint: 'Fix it.' })).toBe(
      'HTTP 400: Bad input. Fix it.'
    )
    expect(describeFailure({ status: 400, message: 'Wait...' })).toBe('HTTP 400: Wait...')
  })

  it('a Cache By Country 400 to a request without country: the hint names the input', async () => {
    const reply = {
      status: 400,
      body: '{"error":{"message":"Missing parameter: country (this website uses Cache By Country)"}}'
    }
    const result = await send(reply)
    expect(describeFailure(result)).toBe(
      "HTTP 400: Missing parameter: country (this website uses Cache By Country). The site uses Cache By Country: set 'country' to the countries whose cached pages to purge: ALL for every one, or codes such as IT, FR."
    )
    // A request that named a country was refused for some other reason: no such hint.
    expect((await send(reply, { country: 'IT' })).hint).toBeUndefined()
    // Nor for another 400.
    const other = await send({
      status: 400,
      body: '{"error":{"message":"Missing parameter: url"}}'
    })
    expect(other.hint).toBeUndefined()
  })
})

describe('withoutQuery', () => {
  it("drops the query string the HTTP layer's errors quote", () => {
    expect(withoutQuery('Request timeout: /api/v1/cache/purge?api_key=s3cr3t%2F')).toBe(
      'Request timeout: /api/v1/cache/purge'
    )
    expect(withoutQuery('connect ECONNREFUSED 127.0.0.1:9')).toBe(
      'connect ECONNREFUSED 127.0.0.1:9'
    )
  })
})

describe('Redactor', () => {
  it('removes the start of a secret that a cut message ends with', () => {
    const redactor = new Redactor(['supersecretkey'])
    expect(redactor.redact('echo: supersec…')).toBe('echo: ***…')
    expect(redactor.redact('echo: sup…')).toBe('echo: sup…')
  })

  it('also removes the forms extra encodings give', () => {
    const redactor = new Redactor(['a&b'], {
      outerEncodings: [text => text.replace('&', '&amp;')]
    })
    expect(redactor.redact('x a&amp;b y a&b')).toBe('x *** y ***')
  })

  it('removes the key raw, URL-encoded and form-encoded, and any api_key parameter', () => {
    const redactor = new Redactor(['s3cr3t /+&'])
    const text = 'a s3cr3t /+& b s3cr3t%20%2F%2B%26 c s3cr3t+%2F%2B%26 d /x?api_key=other&y=1'
    const redacted = redactor.redact(text)
    expect(redacted).toBe('a *** b *** c *** d /x?api_key=***&y=1')
  })
})
