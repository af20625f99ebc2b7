/**
 * The content proof with two builds to accept (this run's, and a newer one that holds it): a
 * body that shows either is found, one that shows neither is not, however the chunks cut the
 * second, and a body that breaks off after the second showed is still found.
 */
import { describe, expect, it } from '@jest/globals'
import { PassThrough, Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { buildId } from '../../src/build/build-id.js'
import { scanBodyForBuild, type ContentEvidence } from '../../src/build/scan-body.js'

const OURS = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const NEWER = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const OTHER = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const builds = [buildId(OURS, 'GITHUB_SHA'), buildId(NEWER, 'a newer build')]

function page(id: string, fillerBefore = 100): Buffer {
  return Buffer.from(
    `<!doctype html><html><head><title>t</title></head><body>${'x'.repeat(fillerBefore)}<meta name="build" content="${id}"><p>${'y'.repeat(5000)}</p></body></html>`
  )
}

function chunked(bytes: Buffer, size: number): Readable {
  const parts: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size))
  return Readable.from(parts, { objectMode: false })
}

function scan(body: Readable, encoding?: string): Promise<ContentEvidence> {
  return scanBodyForBuild(body, builds, {
    contentEncoding: encoding,
    maxDrainBytes: 4 * 1024 * 1024
  })
}

describe('scanBodyForBuild with this run’s build and a newer one', () => {
  it('a body that shows only the newer build is found, and one with only this run’s too', async () => {
    expect(await scan(chunked(page(NEWER), 1000))).toEqual({ kind: 'found' })
    expect(await scan(chunked(page(OURS), 1000))).toEqual({ kind: 'found' })
    // The newer build's short SHA counts as this run's does.
    expect(await scan(chunked(page(NEWER.slice(0, 7)), 1000))).toEqual({ kind: 'found' })
  })

  it('a body that shows neither is not found, read to its end', async () => {
    const bytes = page(OTHER)
    expect(await scan(chunked(bytes, 1000))).toEqual({
      kind: 'not-found',
      bytes: bytes.length,
      capped: false
    })
    // Nor a longer prefix of the newer build than a short SHA: that rule holds for both.
    const prefix = page(NEWER.slice(0, 20))
    expect(await scan(chunked(prefix, 1000))).toEqual({
      kind: 'not-found',
      bytes: prefix.length,
      capped: false
    })
  })

  it('only this run’s build when no newer one is known: the newer one is not found', async () => {
    const bytes = page(NEWER)
    const evidence = await scanBodyForBuild(chunked(bytes, 1000), [builds[0]!], {
      contentEncoding: undefined,
      maxDrainBytes: 4 * 1024 * 1024
    })
    expect(evidence).toEqual({ kind: 'not-found', bytes: bytes.length, capped: false })
  })

  it.each([1, 2, 3, 7, 13, 41, 64, 65, 4096])(
    'the newer build in chunks of %i bytes is found',
    async size => {
      expect(await scan(chunked(page(NEWER), size))).toEqual({ kind: 'found' })
      const other = page(OTHER)
      expect(await scan(chunked(other, size))).toEqual({
        kind: 'not-found',
        bytes: other.length,
        capped: false
      })
    }
  )

  it('the newer build cut anywhere between two chunks is found', async () => {
    const bytes = page(NEWER)
    const at = bytes.indexOf(NEWER)
    expect(at).toBeGreaterThan(0)
    for (let cut = at - 2; cut <= at + NEWER.length + 2; cut++) {
      const stream = new PassThrough()
      const scanning = scan(stream)
      stream.write(bytes.subarray(0, cut))
      stream.end(bytes.subarray(cut))
      expect({ cut, evidence: await scanning }).toEqual({ cut, evidence: { kind: 'found' } })
    }
  })

  it('the newer build as the very last bytes of the body is found', async () => {
    const bytes = Buffer.from(`build: ${NEWER}`)
    for (const size of [1, 5, 40, bytes.length]) {
      expect(await scan(chunked(bytes, size))).toEqual({ kind: 'found' })
    }
    // Its short SHA ending the body too: whole only once the body has ended.
    expect(await scan(chunked(Buffer.from(`build ${NEWER.slice(0, 9)}`), 3))).toEqual({
      kind: 'found'
    })
  })

  it('a compressed body that shows the newer build is found once decoded', async () => {
    expect(await scan(chunked(gzipSync(page(NEWER)), 7), 'gzip')).toEqual({ kind: 'found' })
  })

  it('a body that breaks off after the newer build showed is found', async () => {
    const broken = (bytes: Buffer): Promise<ContentEvidence> => {
      const stream = new PassThrough()
      const scanning = scan(stream)
      stream.write(bytes)
      stream.destroy(new Error('socket hang up'))
      return scanning
    }
    expect(await broken(Buffer.from(`<meta content="${NEWER}"><p>`))).toEqual({ kind: 'found' })
    // Broken off before either build showed: not read, with why.
    expect(await broken(Buffer.from(`<meta content="${OTHER}"><p>`))).toEqual({
      kind: 'not-read',
      reason: 'the body could not be read whole: socket hang up'
    })
  })

  it('with another reader of the chunks, a body that breaks off after the newer build is found and the cut told', async () => {
    const stream = new PassThrough()
    const cuts: string[] = []
    let read = 0
    const scanning = scanBodyForBuild(stream, builds, {
      contentEncoding: undefined,
      maxDrainBytes: 4 * 1024 * 1024,
      alsoRead: chunk => {
        read += chunk.length
      },
      onCut: why => cuts.push(why)
    })
    const bytes = Buffer.from(`<p>${NEWER}</p>`)
    stream.write(bytes)
    stream.destroy(new Error('socket hang up'))
    expect(await scanning).toEqual({ kind: 'found' })
    expect(read).toBe(bytes.length)
    expect(cuts).toEqual(['the body could not be read whole: socket hang up'])
  })
})
