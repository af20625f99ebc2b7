/**
 * The site client bounds a whole answer, body included, by the timeout: a server that sends its
 * headers and then drips (a sitemap one byte at a time) cannot hold the step.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSiteClient, SiteRequestError } from '../../src/http/site-client.js'

const drips = new Set<NodeJS.Timeout>()
/** The headers of each request the server got, in order. */
const received: http.IncomingHttpHeaders[] = []
const server = http.createServer((request, response) => {
  received.push(request.headers)
  response.writeHead(200, { 'content-type': 'application/xml' })
  response.write('<?xml version="1.0"?><urlset>')
  const drip = setInterval(() => response.write(' '), 20)
  drips.add(drip)
  response.on('close', () => clearInterval(drip))
})
let base: string

beforeAll(async () => {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const drip of drips) clearInterval(drip)
  server.closeAllConnections()
  await new Promise(resolve => server.close(resolve))
})

describe('site transport', () => {
  it('destroys a file whose body does not end within the timeout, with a timeout error', async () => {
    const transport = createSiteClient(2)
    try {
      const answer = await transport.open(new URL('/sitemap.xml', base), 'test', 300)
      expect(answer.status).toBe(200)
      const error = await new Promise<unknown>(resolve => {
        answer.body.on('data', () => undefined)
        answer.body.on('error', resolve)
        answer.body.on('end', () => resolve(undefined))
      })
      expect(error).toBeInstanceOf(SiteRequestError)
      expect((error as SiteRequestError).kind).toBe('timeout')
      expect((error as Error).message).toBe('the answer did not end within 0.3 s')
    } finally {
      transport.close()
    }
  })

  it('a page whose body drips keeps its status: the headers carry the verdict', async () => {
    const transport = createSiteClient(2)
    try {
      // The drip never ends: only the one timer of the whole answer can end this read.
      const head = await transport.getPage(new URL('/page', base), 'test', 300)
      expect(head.status).toBe(200)
      expect(head.headers['content-type']).toBe('application/xml')
    } finally {
      transport.close()
    }
  })

  it('reaches an https host after an http one (a loopback site listing a sitemap elsewhere)', async () => {
    const transport = createSiteClient(2)
    try {
      const first = await transport.getPage(new URL('/page', base), 'test', 300)
      expect(first.status).toBe(200)
      // Nothing listens there: the request must fail to connect, not be refused by an http
      // agent reused for https ("Protocol "https:" not supported").
      const closed = await new Promise<number>(resolve => {
        const probe = http.createServer()
        probe.listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as AddressInfo
          probe.close(() => resolve(port))
        })
      })
      const error = await transport
        .open(new URL(`https://127.0.0.1:${closed}/sitemap.xml`), 'test', 1000)
        .then(
          () => undefined,
          (failure: unknown) => failure
        )
      expect(error).toBeInstanceOf(SiteRequestError)
      expect((error as SiteRequestError).kind).toBe('connection')
      expect((error as Error).message).toMatch(/ECONNREFUSED/)
    } finally {
      transport.close()
    }
  })

  it('sends an Origin only when asked, as a browser sends one with a CORS-mode request', async () => {
    const transport = createSiteClient(2)
    try {
      for (const origin of [undefined, 'https://www.example.com', 'null']) {
        const answer = await transport.open(new URL('/app.js', base), 'test', 300, {
          accept: '*/*',
          ...(origin !== undefined && { origin })
        })
        answer.body.destroy()
      }
      expect(received.slice(-3).map(headers => headers['origin'])).toEqual([
        undefined,
        'https://www.example.com',
        'null'
      ])
    } finally {
      transport.close()
    }
  })
})
