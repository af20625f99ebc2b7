/**
 * Reading a body as a stream: decoded as its Content-Encoding says, handed over chunk by chunk
 * until the consumer has seen enough or the cap is reached, and the reasons it could not be read.
 */
import { describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough, Readable } from 'node:stream'
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import {
  BodyReadError,
  contentCodings,
  MAX_CONTENT_CODINGS,
  readBody,
  type BodyRead
} from '../../src/http/read-body.js'
import { createSiteClient } from '../../src/http/site-client.js'
import { headerValue } from '../../src/http/headers.js'

const PAGE = Buffer.from(
  `<html><head><meta name="build" content="v9"></head><body>${'x'.repeat(50_000)}</body></html>`
)

/** A body delivered in chunks of `size` bytes. */
function streamOf(bytes: Buffer, size = 1000): Readable {
  const chunks: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
  return Readable.from(chunks, { objectMode: false })
}

async function readAll(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes = 2 * 1024 * 1024,
  enough?: (seen: Buffer) => boolean
): Promise<{ read: BodyRead; text: Buffer }> {
  const parts: Buffer[] = []
  const read = await readBody(body, {
    contentEncoding,
    maxBytes,
    maxDrainBytes: 4 * 1024 * 1024,
    onChunk: chunk => {
      parts.push(chunk)
      return enough?.(Buffer.concat(parts)) ?? false
    }
  })
  return { read, text: Buffer.concat(parts) }
}

describe('contentCodings', () => {
  it('reads the codings in order, identity dropped, unknown ones named', () => {
    expect(contentCodings(undefined)).toEqual({ codings: [] })
    expect(contentCodings('identity')).toEqual({ codings: [] })
    expect(contentCodings('GZIP')).toEqual({ codings: ['gzip'] })
    expect(contentCodings('x-gzip, br')).toEqual({ codings: ['gzip', 'br'] })
    expect(contentCodings('zstd')).toEqual({ unknown: 'zstd' })
  })

  it('more than two codings is no answer to decode: how many, whatever they are', () => {
    expect(MAX_CONTENT_CODINGS).toBe(2)
    expect(contentCodings('gzip, br')).toEqual({ codings: ['gzip', 'br'] })
    expect(contentCodings('identity, gzip, identity, br')).toEqual({ codings: ['gzip', 'br'] })
    expect(contentCodings('gzip, br, br')).toEqual({ tooMany: 3 })
    expect(contentCodings('br,'.repeat(5000))).toEqual({ tooMany: 5000 })
    expect(contentCodings('zstd, br, br')).toEqual({ tooMany: 3 })
  })
})

describe('a hostile server that lists thousands of codings', () => {
  it('is refused before a decoder is made for each: no memory spent, the reason named', async () => {
    // 5,000 codings fit in a 15 KB header, under Node's 16 KiB limit; a decoder each was
    // about 15 MB of brotli state per answer.
    const codings = Array.from({ length: 5000 }, () => 'br').join(',')
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Encoding': codings, 'Content-Type': 'text/html' })
      res.end(brotliCompressSync(PAGE))
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/page`)
    const client = createSiteClient(6)
    try {
      const before = process.memoryUsage().rss
      const errors = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const answer = await client.open(url, 'test', 5000)
          return readBody(answer.body, {
            contentEncoding: headerValue(answer.headers, 'content-encoding'),
            maxBytes: 2 * 1024 * 1024,
            maxDrainBytes: 4 * 1024 * 1024,
            onChunk: () => false
          }).catch((caught: unknown) => caught)
        })
      )
      const grownMiB = (process.memoryUsage().rss - before) / 2 ** 20
      expect(grownMiB).toBeLessThan(64)
      for (const error of errors) {
        expect(error).toBeInstanceOf(BodyReadError)
        expect((error as BodyReadError).kind).toBe('encoding')
        expect((error as BodyReadError).message).toBe(
          'the answer lists 5000 content codings; at most 2 are decoded'
        )
      }
    } finally {
      client.close()
      server.closeAllConnections()
      await new Promise(resolve => server.close(resolve))
    }
  })
})

describe('readBody', () => {
  it.each([
    ['none', undefined, PAGE],
    ['gzip', 'gzip', gzipSync(PAGE)],
    ['deflate (zlib-wrapped)', 'deflate', deflateSync(PAGE)],
    ['deflate (raw, as some servers send it)', 'deflate', deflateRawSync(PAGE)],
    ['br', 'br', brotliCompressSync(PAGE)],
    ['gzip then br', 'gzip, br', brotliCompressSync(gzipSync(PAGE))]
  ])('decodes %s, in chunks of any size', async (_name, encoding, bytes) => {
    for (const size of [3, 1000, 1 << 20]) {
      const { read, text } = await readAll(streamOf(bytes, size), encoding)
      expect(read).toEqual({ end: 'end', bytes: PAGE.length })
      expect(text.equals(PAGE)).toBe(true)
    }
  })

  it('tells raw from zlib-wrapped deflate even when the bytes arrive one by one', async () => {
    for (const bytes of [deflateSync(PAGE), deflateRawSync(PAGE), gzipSync(PAGE)]) {
      const encoding = bytes[0] === 0x1f ? 'gzip' : 'deflate'
      const { read, text } = await readAll(streamOf(bytes, 1), encoding)
      expect(read.end).toBe('end')
      expect(text.equals(PAGE)).toBe(true)
    }
  })

  it('stops as soon as the consumer has seen enough, and drains the rest', async () => {
    const body = streamOf(gzipSync(PAGE), 100)
    const { read, text } = await readAll(body, 'gzip', 2 * 1024 * 1024, seen =>
      seen.includes('content="v9"')
    )
    expect(read.end).toBe('enough')
    expect(read.bytes).toBeLessThan(PAGE.length)
    expect(text.toString()).toContain('content="v9"')
  })

  it('stops at the cap of decoded bytes, the last chunk cut to it', async () => {
    const { read, text } = await readAll(streamOf(gzipSync(PAGE)), 'gzip', 10_000)
    expect(read).toEqual({ end: 'cap', bytes: 10_000 })
    expect(text.length).toBe(10_000)
  })

  it('a small compressed body that decodes to a huge one stops at the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024))
    expect(bomb.length).toBeLessThan(100_000)
    const { read } = await readAll(streamOf(bomb, 16_384), 'gzip', 2 * 1024 * 1024)
    expect(read).toEqual({ end: 'cap', bytes: 2 * 1024 * 1024 })
  })

  it('refuses an encoding it does not read, naming it', async () => {
    await expect(readAll(streamOf(PAGE), 'zstd')).rejects.toThrow(
      /encoded with "zstd", which is not read/
    )
  })

  it('says when the body cannot be decoded', async () => {
    const error = await readAll(streamOf(Buffer.from('not gzip at all')), 'gzip').catch(
      (caught: unknown) => caught
    )
    expect(error).toBeInstanceOf(BodyReadError)
    expect((error as BodyReadError).kind).toBe('decode')
    expect((error as BodyReadError).message).toMatch(/gzip body could not be decoded \(Z_/)
  })

  it('says when the connection dropped before the body ended', async () => {
    const body = new PassThrough()
    const reading = readAll(body, undefined)
    body.write(PAGE.subarray(0, 100))
    body.destroy(new Error('socket hang up'))
    const error = await reading.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BodyReadError)
    expect((error as BodyReadError).kind).toBe('transport')
    expect((error as BodyReadError).message).toMatch(/socket hang up/)
  })
})
