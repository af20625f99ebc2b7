/**
 * A sitemap file's bytes as text, whatever its name or Content-Type says: decompressed (gzip
 * by its magic bytes, once or twice, since a `.gz` file served with `Content-Encoding: gzip`
 * arrives gzipped twice; deflate or brotli when the server says so although it was asked for
 * none), then decoded by its byte-order mark (UTF-8 without one). All as a stream: nothing is
 * kept but the chunk at hand. An answer listing more content codings than any server applies
 * is not read at all (the rule of http/read-body.ts).
 */
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { Readable, type Transform } from 'node:stream'
import { TextDecoder } from 'node:util'
import { contentCodings, tooManyCodings } from '../http/read-body.js'
import { MalformedSitemap } from './sitemap-xml.js'

/** A decompression layer beyond this is not a sitemap anyone serves (or a bomb). */
const MAX_GZIP_LAYERS = 2

export interface DecodedChunk {
  readonly text: string
  /** Decompressed bytes so far, this chunk included. */
  readonly bytes: number
}

/** The decoded text of a body, chunk by chunk. */
export async function* decodedText(
  body: Readable,
  contentEncoding: string | undefined
): AsyncGenerator<DecodedChunk> {
  const bytes = decompressed(body, contentEncoding)
  let decoder: TextDecoder | undefined
  let size = 0
  for await (const chunk of withHead(bytes, 3)) {
    decoder ??= decoderFor(chunk)
    size += chunk.length
    const text = decoder.decode(chunk, { stream: true })
    if (text !== '') yield { text, bytes: size }
  }
  const rest = decoder?.decode() ?? ''
  if (rest !== '') yield { text: rest, bytes: size }
}

/** The answer lists more content codings than any server applies: nothing of it is read. */
export class TooManyCodings extends Error {}

/**
 * A body's bytes as the server meant them: brotli or deflate undone when Content-Encoding says
 * so (the last one applied first), gzip (and x-gzip) by its magic bytes, like a .gz file. An
 * unknown coding is left to the sniffing (servers write odd things there, `UTF-8` among them);
 * more than two codings throw TooManyCodings before any decoder is made. robots.txt is read
 * through it too.
 */
export function decompressed(
  body: AsyncIterable<Buffer>,
  contentEncoding: string | undefined
): AsyncIterable<Buffer> {
  const declared = contentCodings(contentEncoding)
  if ('tooMany' in declared) return refused(new TooManyCodings(tooManyCodings(declared.tooMany)))
  let bytes = body
  let gzipLayers = MAX_GZIP_LAYERS
  const codings = 'codings' in declared ? declared.codings : []
  for (const coding of [...codings].reverse()) {
    if (coding === 'br') bytes = through(bytes, createBrotliDecompress(), 'brotli')
    else if (coding === 'deflate') bytes = through(bytes, createInflate(), 'deflate')
    else if (gzipLayers > 0) {
      // Declared gzip is still recognized by its magic bytes: some servers say gzip and send
      // the bytes as they are.
      bytes = gunzipped(bytes, 1)
      gzipLayers--
    }
  }
  return gunzipped(bytes, gzipLayers)
}

// eslint-disable-next-line require-yield -- it only throws, when the reading starts
async function* refused(error: Error): AsyncGenerator<Buffer> {
  throw error
}

/** UTF-16 only with its byte-order mark (which the decoder drops, as it does UTF-8's). */
function decoderFor(head: Buffer): TextDecoder {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le')
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be')
  return new TextDecoder('utf-8')
}

/** Gunzips while the bytes start with gzip's magic number, at most `layers` times. */
async function* gunzipped(source: AsyncIterable<Buffer>, layers: number): AsyncGenerator<Buffer> {
  const headed = withHead(source, 2)
  const iterator = headed[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done) return
  const rest = rejoin(first.value, iterator)
  const head = first.value
  if (layers === 0 || head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* rest
    return
  }
  yield* gunzipped(through(rest, createGunzip(), 'gzip'), layers - 1)
}

/** The first chunk holds at least `size` bytes (unless the body is shorter): enough to sniff. */
async function* withHead(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let head: Buffer | undefined
  for await (const chunk of source) {
    if (head !== undefined && head.length >= size) {
      yield chunk
      continue
    }
    head = head === undefined ? chunk : Buffer.concat([head, chunk])
    if (head.length >= size) yield head
  }
  if (head !== undefined && head.length < size && head.length > 0) yield head
}

async function* rejoin(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value
}

/**
 * Pipes bytes through a decompressor; stopping early destroys both. Bad compressed data is the
 * file's fault (malformed); a body that stopped arriving is not, and keeps its own error.
 */
async function* through(
  source: AsyncIterable<Buffer>,
  transform: Transform,
  format: string
): AsyncGenerator<Buffer> {
  const input = Readable.from(source)
  let inputFailure: { error: unknown } | undefined
  input.on('error', error => {
    inputFailure = { error }
    transform.destroy(error)
  })
  input.pipe(transform)
  try {
    for await (const chunk of transform) yield chunk as Buffer
  } catch (error) {
    if (inputFailure !== undefined || error instanceof MalformedSitemap) {
      throw inputFailure?.error ?? error
    }
    const reason = error instanceof Error ? error.message : String(error)
    throw new MalformedSitemap(`not valid ${format} data (${reason})`)
  } finally {
    input.destroy()
    transform.destroy()
  }
}
