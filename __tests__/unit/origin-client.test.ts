/**
 * The origin's client against a real local HTTP server: what it sends (no credential, no
 * cookie), redirects (same host only, at most 5, never down to http, never back to a URL of
 * the chain), the body decoded and cut at 1 MiB; and the judgement of an answer (readiness.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { buildId } from '../../src/build/build-id.js'
import {
  createOriginClient,
  MAX_ORIGIN_BODY_BYTES,
  OriginRequestError,
  refuseRedirect
} from '../../src/origin/origin-client.js'
import { judgeOriginAnswer } from '../../src/origin/readiness.js'
import { describeLook } from '../../src/origin/describe-look.js'

const SHA = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const build = buildId(SHA, 'GITHUB_SHA')

let server: http.Server
let base: string
const seen: http.IncomingHttpHeaders[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers)
    const path = req.url ?? '/'
    const hops = /^\/hop\/(\d+)$/.exec(path)
    if (hops) {
      const left = Number(hops[1])
      res.writeHead(302, { Location: left > 0 ? `/hop/${left - 1}` : '/version.txt' })
      res.end()
    } else if (path === '/away') {
      res.writeHead(301, { Location: 'http://other.example.com/version.txt' })
      res.end('moved')
    } else if (path === '/loop-a' || path === '/loop-b') {
      res.writeHead(302, { Location: path === '/loop-a' ? '/loop-b' : '/loop-a' })
      res.end()
    } else if (path === '/no-location') {
      res.writeHead(302, { Location: '' })
      res.end()
    } else if (path === '/fragment') {
      res.writeHead(302, { Location: '/version.txt#top' })
      res.end()
    } else if (path === '/version.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.end(`${SHA}\n`)
    } else if (path === '/gzip') {
      res.writeHead(200, { 'Content-Encoding': 'gzip', 'X-Build-Commit': 'abc1234def' })
      res.end(gzipSync(`<meta name="build" content="${SHA.slice(0, 7)}">`))
    } else if (path === '/codings') {
      res.writeHead(200, { 'Content-Encoding': Array(2000).fill('gzip').join(',') })
      res.end(`${SHA}\n`)
    } else if (path === '/huge') {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end(Buffer.alloc(3 * 1024 * 1024, 'x'))
    } else {
      res.writeHead(404)
      res.end('not found')
    }
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise(resolve => server.close(resolve))
})

describe('the origin client', () => {
  it('sends no credential and no cookie, asks for a checked answer, and decodes gzip', async () => {
    const client = createOriginClient()
    try {
      const answer = await client.look(new URL(`${base}/gzip`), 5000)
      expect(answer.status).toBe(200)
      expect(answer.body).toBe(`<meta name="build" content="${SHA.slice(0, 7)}">`)
      const headers = seen[seen.length - 1] ?? {}
      expect(headers['authorization']).toBeUndefined()
      expect(headers['cookie']).toBeUndefined()
      expect(headers['cache-control']).toBe('no-cache')
      expect(headers['accept-encoding']).toBe('gzip, deflate, br')
      expect(headers['user-agent']).toMatch(/^render-cache-purge-action\//)
      expect(judgeOriginAnswer(answer, build)).toMatchObject({ ready: true, status: 200 })
    } finally {
      client.close()
    }
  })

  it('follows up to 5 redirects on the same host', async () => {
    const client = createOriginClient()
    try {
      const five = await client.look(new URL(`${base}/hop/4`), 5000)
      expect(five).toMatchObject({ status: 200, redirects: 5 })
      expect(five.url.pathname).toBe('/version.txt')
      const six = await client.look(new URL(`${base}/hop/5`), 5000)
      expect(six).toMatchObject({
        status: 302,
        redirects: 5,
        redirectRefused: 'more than 5 redirects'
      })
      expect(judgeOriginAnswer(six, build).ready).toBe(false)
    } finally {
      client.close()
    }
  })

  it('does not follow a redirect back to a URL of its own chain: a loop, said at once', async () => {
    const client = createOriginClient()
    try {
      const before = seen.length
      const answer = await client.look(new URL(`${base}/loop-a`), 5000)
      expect(answer).toMatchObject({
        status: 302,
        redirects: 1,
        redirectRefused: 'a redirect back to a URL of its own chain (a loop)'
      })
      expect(answer.url.pathname).toBe('/loop-b')
      expect(seen.length - before).toBe(2)
    } finally {
      client.close()
    }
  })

  it('a redirect with an empty Location is judged as it is, not asked again', async () => {
    const client = createOriginClient()
    try {
      const before = seen.length
      const answer = await client.look(new URL(`${base}/no-location`), 5000)
      expect(answer).toMatchObject({ status: 302, redirects: 0 })
      expect(answer.redirectRefused).toBeUndefined()
      expect(seen.length - before).toBe(1)
    } finally {
      client.close()
    }
  })

  it('where the answer came from keeps no fragment of a Location', async () => {
    const client = createOriginClient()
    try {
      const moved = await client.look(new URL(`${base}/fragment`), 5000)
      expect(moved).toMatchObject({ status: 200, redirects: 1 })
      expect(moved.url.href).toBe(`${base}/version.txt`)
    } finally {
      client.close()
    }
  })

  it('does not follow a redirect to another host', async () => {
    const client = createOriginClient()
    try {
      const answer = await client.look(new URL(`${base}/away`), 5000)
      expect(answer).toMatchObject({ status: 301, redirects: 0 })
      expect(answer.redirectRefused).toMatch(/another host \(other\.example\.com\)/)
      expect(describeLook(judgeOriginAnswer(answer, build))).toMatch(/HTTP 301.*another host/)
    } finally {
      client.close()
    }
  })

  it('reads the first 1 MiB of a body', async () => {
    const client = createOriginClient()
    try {
      const answer = await client.look(new URL(`${base}/huge`), 5000)
      expect(answer.body.length).toBe(MAX_ORIGIN_BODY_BYTES)
    } finally {
      client.close()
    }
  })

  it('an answer listing thousands of codings is not decoded: its body problem says why', async () => {
    const client = createOriginClient()
    try {
      const answer = await client.look(new URL(`${base}/codings`), 5000)
      expect(answer.status).toBe(200)
      expect(answer.bodyProblem).toBe(
        'the answer lists 2000 content codings; at most 2 are decoded'
      )
      expect(answer.body).toBe('')
    } finally {
      client.close()
    }
  })

  it('no answer: an OriginRequestError', async () => {
    const client = createOriginClient()
    try {
      await expect(client.look(new URL('http://127.0.0.1:1/version.txt'), 2000)).rejects.toThrow(
        OriginRequestError
      )
    } finally {
      client.close()
    }
  })
})

describe('refuseRedirect', () => {
  const first = new URL('https://origin.example.com/version.txt')
  it.each([
    ['/v2/version.txt', undefined],
    ['https://origin.example.com:8443/v', undefined],
    ['http://origin.example.com/v', 'a redirect from https down to http'],
    [
      'https://cdn.example.com/v',
      'a redirect to another host (cdn.example.com), which is not followed'
    ],
    ['https://user:pw@origin.example.com/v', 'a redirect that carries credentials'],
    ['ftp://origin.example.com/v', 'a redirect to a ftp: URL']
  ])('%s: %s', (location, refused) => {
    expect(refuseRedirect(first, first, location, 0)).toBe(refused)
  })
  it('a hop that breaks two rules is refused for the first: plain http before the host', () => {
    expect(refuseRedirect(first, first, 'http://cdn.example.com/v', 0)).toBe(
      'a redirect from https down to http'
    )
  })
  it('http up to https on the same host is followed', () => {
    const plain = new URL('http://origin.example.com/v')
    expect(refuseRedirect(plain, plain, 'https://origin.example.com/v', 0)).toBeUndefined()
  })
})

describe('judgeOriginAnswer', () => {
  it('finds the build in a header, and names other commit-like ids from version headers only', () => {
    const look = judgeOriginAnswer(
      {
        status: 200,
        headers: { 'x-build': SHA, etag: '"3f2c1a0e8d7b6c5a"' },
        body: '<html>ok</html>'
      },
      build
    )
    expect(look.ready).toBe(true)
    const other = judgeOriginAnswer(
      {
        status: 200,
        headers: { 'x-release-sha': '3f2c1a0e8d7b', etag: '"aa11bb22cc33dd44"' },
        body: 'v1'
      },
      build
    )
    expect(other).toMatchObject({ ready: false, otherIds: ['3f2c1a0e8d7b'], excerpt: 'v1' })
    expect(describeLook(other)).toBe('HTTP 200, shows 3f2c1a0e8d7b (another build)')
  })

  it('searches only the headers that may name a build: a build number is not found in a date or a size', () => {
    const headers = {
      date: 'Wed, 25 Nov 2026 04:20:42 GMT',
      'content-length': '3',
      'keep-alive': 'timeout=30',
      etag: '"6743b1c2-25"',
      'last-modified': 'Tue, 24 Nov 2026 22:30:00 GMT'
    }
    for (const number of ['25', '30', '2026', '42']) {
      const look = judgeOriginAnswer(
        { status: 200, headers, body: '24\n' },
        buildId(number, 'build_id')
      )
      expect([number, look.ready]).toEqual([number, false])
    }
    for (const name of ['x-app-version', 'x-build', 'x-git-rev', 'x-git-commit', 'x-deploy-id']) {
      const shown = judgeOriginAnswer(
        { status: 200, headers: { ...headers, [name]: '25' }, body: '' },
        buildId('25', 'build_id')
      )
      expect([name, shown.ready]).toEqual([name, true])
    }
  })

  it('says when the answer came through the rendering cache, not from the origin', () => {
    const OLD = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
    const look = judgeOriginAnswer(
      {
        status: 200,
        headers: { 'acme-kc-status': 'HIT', 'acme-kc-date': '2026-11-25T04:00:00.Z (GMT)' },
        body: `<meta name="build" content="${OLD}">`
      },
      build
    )
    expect(look).toMatchObject({ ready: false, throughCache: 'acme-kc-status: HIT' })
    expect(describeLook(look)).toBe(
      `HTTP 200, shows ${OLD} (another build), answered through the rendering cache (acme-kc-status: HIT), not by the origin`
    )
    const origin = judgeOriginAnswer({ status: 200, headers: {}, body: OLD }, build)
    expect(origin.throughCache).toBeUndefined()
  })

  it('a longer prefix of the build is not called another build: it says which digits count', () => {
    const look = judgeOriginAnswer(
      { status: 200, headers: {}, body: `${SHA.slice(0, 16)}\n` },
      build
    )
    expect(look).toMatchObject({ ready: false, otherIds: [], longPrefix: SHA.slice(0, 16) })
    expect(describeLook(look)).toBe(
      `HTTP 200, shows ${SHA.slice(0, 16)}, the build's first 16 digits (only the full SHA or its first 7 to 12 digits count)`
    )
  })

  it('quotes a short body that names no commit, on one line', () => {
    const look = judgeOriginAnswer(
      { status: 200, headers: {}, body: 'version: v1.2.2\n::warning::x\n' },
      buildId('v1.2.3', 'build_id')
    )
    expect(look.excerpt).toBe('version: v1.2.2 ::warning::x')
    expect(describeLook(look)).toBe('HTTP 200, says "version: v1.2.2 ::warning::x"')
  })

  it('keeps Retry-After only on a 429 or 5xx', () => {
    const answer = { headers: { 'retry-after': '5' }, body: '' }
    expect(judgeOriginAnswer({ ...answer, status: 429 }, build).retryAfter).toBe('5')
    expect(judgeOriginAnswer({ ...answer, status: 503 }, build).retryAfter).toBe('5')
    expect(judgeOriginAnswer({ ...answer, status: 200 }, build).retryAfter).toBeUndefined()
  })
})
