/**
 * Reads an HTTP answer's body as a stream, decoded as its `Content-Encoding` says (gzip,
 * deflate, br, or a list of at most two of them), handing each decoded chunk to a consumer
 * until it has seen enough or a cap of decoded bytes is reached: then the decoding stops and
 * the rest of the raw body is drained (up to a cap of its own, so that the connection can be
 * kept) without being looked at. Used by the origin's client and by the content proof of the
 * verification; the sitemap reader holds answers to the same rule of codings.
 */
import type { Readable } from 'node:stream'
import * as zlib from 'node:zlib'

export type BodyEnd =
  /** The consumer said it had seen enough. */
  | 'enough'
  /** The cap of decoded bytes was reached first. */
  | 'cap'
  /** The body ended. */
  | 'end'

export interface BodyRead {
  readonly end: BodyEnd
  /** Decoded bytes handed to the consumer. */
  readonly bytes: number
}

/** The body could not be read whole up to the point needed: why, in words. */
export class BodyReadError extends Error {
  constructor(
    readonly kind: 'encoding' | 'decode' | 'transport',
    message: string
  ) {
    super(message)
    this.name = 'BodyReadError'
  }
}

export interface ReadBodyOptions {
  /** The answer's `Content-Encoding` header, if any. */
  readonly contentEncoding: string | undefined
  /** Decoded bytes handed over at most; the chunk that passes it is cut. */
  readonly maxBytes: number
  /** Raw bytes drained at most once the reading stopped early; then the body is destroyed. */
  readonly maxDrainBytes: number
  /** Each decoded chunk, in order; returns true when it has seen enough. */
  readonly onChunk: (chunk: Buffer) => boolean
}

/**
 * The most content codings one answer may list. A server compresses once; twice happens (a
 * `.gz` file served with `Content-Encoding: gzip`, as the sitemap reader allows). More is no
 * server's doing but a hostile one's: each coding is a decoder, and 5,000 of them fit in a
 * 15 KB header (about 15 MB of brotli state per answer).
 */
export const MAX_CONTENT_CODINGS = 2

export type ContentCodings =
  /** The codings, in the order they were applied (identity dropped). */
  | { readonly codings: string[] }
  /** The first coding this reader does not decode, as written. */
  | { readonly unknown: string }
  /** More than MAX_CONTENT_CODINGS codings, known or not: how many. */
  | { readonly tooMany: number }

/** The codings of a `Content-Encoding` value, in the order they were applied. */
export function contentCodings(value: string | undefined): ContentCodings {
  const codings: string[] = []
  let unknown: string | undefined
  let count = 0
  for (const part of (value ?? '').split(',')) {
    const coding = part.trim().toLowerCase()
    if (coding === '' || coding === 'identity') continue
    count++
    if (coding === 'gzip' || coding === 'x-gzip') codings.push('gzip')
    else if (coding === 'deflate' || coding === 'br') codings.push(coding)
    else unknown ??= part.trim()
  }
  if (count > MAX_CONTENT_CODINGS) return { tooMany: count }
  return unknown === undefined ? { codings } : { unknown }
}

/** Why an answer with too many codings is not read: the same words wherever it is refused. */
export function tooManyCodings(count: number): string {
  return `the answer lists ${count} content codings; at most ${MAX_CONTENT_CODINGS} are decoded`
}

/** The codings this reader decodes, for an `Accept-Encoding` request header. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br'

export function readBody(body: Readable, options: ReadBodyOptions): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const parsed = contentCodings(options.contentEncoding)
    if (!('codings' in parsed)) {
      drain(body, options.maxDrainBytes)
      reject(
        new BodyReadError(
          'encoding',
          'tooMany' in parsed
            ? tooManyCodings(parsed.tooMany)
            : `the answer is encoded with ${JSON.stringify(parsed.unknown)}, which is not read (only ${ACCEPTED_ENCODINGS})`
        )
      )
      return
    }
    let bytes = 0
    let settled = false
    // The last coding applied is undone first.
    const decoders = [...parsed.codings].reverse().map(coding => new Decoder(coding))
    const finish = (): void => {
      settled = true
      for (const decoder of decoders) decoder.destroy()
    }
    const stop = (end: BodyEnd): void => {
      if (settled) return
      finish()
      if (end !== 'end') drain(body, options.maxDrainBytes)
      resolve({ end, bytes })
    }
    const fail = (error: BodyReadError): void => {
      if (settled) return
      finish()
      body.destroy()
      reject(error)
    }
    const take = (chunk: Buffer): void => {
      if (settled) return
      const room = options.maxBytes - bytes
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk
      bytes += part.length
      if (options.onChunk(part)) stop('enough')
      else if (bytes >= options.maxBytes) stop('cap')
    }
    // Raw body -> decoders[0] -> ... -> the last decoder -> take.
    let write = take
    let end = (): void => stop('end')
    for (const decoder of [...decoders].reverse()) {
      decoder.onData = write
      decoder.onEnd = end
      decoder.onError = error =>
        fail(
          new BodyReadError(
            'decode',
            `the ${parsed.codings.join(', ')} body could not be decoded (${error.code ?? error.message})`
          )
        )
      write = chunk => decoder.write(chunk)
      end = () => decoder.end()
    }
    const writeRaw = write
    const endRaw = end
    body.on('data', (chunk: Buffer) => {
      if (!settled) writeRaw(chunk)
    })
    body.on('end', () => {
      if (!settled) endRaw()
    })
    body.on('error', error => {
      fail(new BodyReadError('transport', `the body could not be read whole: ${error.message}`))
    })
    body.on('close', () => {
      // Closed before its end without an error event (the server cut it short).
      if (!body.readableEnded) {
        fail(new BodyReadError('transport', 'the connection closed before the body ended'))
      }
    })
  })
}

/**
 * One coding undone by node:zlib. "deflate" is zlib-wrapped by the standard (RFC 9110
 * §8.4.1.2), but some servers send raw deflate: the first two bytes (a zlib header has CM 8
 * and a header checksum) say which, so its decoder is made once they have arrived.
 */
class Decoder {
  onData: (chunk: Buffer) => void = () => {}
  onEnd: () => void = () => {}
  onError: (error: NodeJS.ErrnoException) => void = () => {}
  private stream: zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate | zlib.InflateRaw | undefined
  private head: Buffer = Buffer.alloc(0)
  private destroyed = false

  constructor(private readonly coding: string) {
    if (coding === 'gzip') this.attach(zlib.createGunzip())
    else if (coding === 'br') this.attach(zlib.createBrotliDecompress())
  }

  write(chunk: Buffer): void {
    if (this.destroyed) return
    if (this.stream !== undefined) {
      this.stream.write(chunk)
      return
    }
    this.head = Buffer.concat([this.head, chunk])
    if (this.head.length >= 2) this.chooseDeflate()
  }

  end(): void {
    if (this.destroyed) return
    if (this.stream === undefined) this.chooseDeflate()
    this.stream?.end()
  }

  destroy(): void {
    this.destroyed = true
    this.stream?.destroy()
  }

  private chooseDeflate(): void {
    const [cmf = 0, flg = 0] = this.head
    const wrapped = (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0
    this.attach(wrapped ? zlib.createInflate() : zlib.createInflateRaw())
    if (this.head.length > 0) this.stream?.write(this.head)
    this.head = Buffer.alloc(0)
  }

  private attach(
    stream: zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate | zlib.InflateRaw
  ): void {
    this.stream = stream
    stream.on('data', (chunk: Buffer) => {
      if (!this.destroyed) this.onData(chunk)
    })
    stream.on('end', () => {
      if (!this.destroyed) this.onEnd()
    })
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!this.destroyed) this.onError(error)
    })
  }
}

/** Reads and drops the rest of a raw body, up to `maxBytes`, then closes it. */
function drain(body: Readable, maxBytes: number): void {
  let size = 0
  body.removeAllListeners('data')
  body.on('error', () => {})
  body.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > maxBytes) body.destroy()
  })
  body.resume()
}
