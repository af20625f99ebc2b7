/**
 * The content proof's pure parts: the body scanned for the build as it streams (a marker split
 * across chunks, compressed bodies, bodies over the cap, bodies cut short), the judge's verdicts
 * with that evidence (old content, rendering, bypassed), and the re-purge schedule.
 */
import { describe, expect, it } from '@jest/globals'
import { PassThrough, Readable } from 'node:stream'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { buildId } from '../../src/build/build-id.js'
import {
  MAX_CONTENT_BYTES,
  scanBodyForBuild,
  type ContentEvidence
} from '../../src/build/scan-body.js'
import { judge, type SiteAnswer } from '../../src/verify/judge/verdict.js'
import { UNMEASURED_SKEW } from '../../src/verify/judge/edge-clock-skew.js'
import {
  REPURGE_DELAYS_MS,
  REPURGE_DELAYS_TEXT,
  REPURGE_TIMES_TEXT
} from '../../src/repurge/limits.js'
import { RepurgeSchedule } from '../../src/repurge/schedule.js'

const SHA = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const OLD = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const build = buildId(SHA, 'GITHUB_SHA')

function page(id: string, fillerBefore = 0): Buffer {
  return Buffer.from(
    `<!doctype html><html><head><title>t</title></head><body>${'x'.repeat(fillerBefore)}<meta name="build" content="${id}"><p>${'y'.repeat(20_000)}</p></body></html>`
  )
}

function chunked(bytes: Buffer, size: number): Readable {
  const parts: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size))
  return Readable.from(parts, { objectMode: false })
}

function scan(bytes: Buffer, encoding?: string, size = 1000, maxBytes?: number) {
  return scanBodyForBuild(chunked(bytes, size), [build], {
    contentEncoding: encoding,
    maxDrainBytes: 4 * 1024 * 1024,
    ...(maxBytes !== undefined && { maxBytes })
  })
}

describe('scanBodyForBuild', () => {
  it('finds the build however the chunks split the marker', async () => {
    const bytes = page(SHA.slice(0, 7), 50)
    const at = bytes.indexOf(SHA.slice(0, 7))
    for (let cut = at - 3; cut <= at + 8; cut++) {
      const stream = new PassThrough()
      const scanning = scanBodyForBuild(stream, [build], {
        contentEncoding: undefined,
        maxDrainBytes: 1 << 22
      })
      stream.write(bytes.subarray(0, cut))
      stream.end(bytes.subarray(cut))
      expect(await scanning).toEqual({ kind: 'found' })
    }
  })

  const compressors: Record<string, (bytes: Buffer) => Buffer> = {
    gzip: bytes => gzipSync(bytes),
    br: bytes => brotliCompressSync(bytes),
    deflate: bytes => deflateSync(bytes)
  }

  it.each(Object.keys(compressors))('decodes a %s body before scanning it', async encoding => {
    const compress = compressors[encoding] as (bytes: Buffer) => Buffer
    expect(await scan(compress(page(SHA)), encoding, 7)).toEqual({ kind: 'found' })
    expect(await scan(compress(page(OLD)), encoding, 7)).toEqual({
      kind: 'not-found',
      bytes: page(OLD).length,
      capped: false
    })
  })

  it('a compressed marker is not found in the raw bytes: the body must be decoded', async () => {
    // The marker is there once decoded, never in the gzip bytes as sent.
    const gz = gzipSync(page(SHA))
    expect(gz.includes(Buffer.from(SHA.slice(0, 7)))).toBe(false)
    expect(await scan(gz, 'gzip')).toEqual({ kind: 'found' })
  })

  it('stops at the cap: a build beyond it is not found', async () => {
    const late = page(SHA, MAX_CONTENT_BYTES + 10)
    expect(await scan(late, undefined, 64 * 1024)).toEqual({
      kind: 'not-found',
      bytes: MAX_CONTENT_BYTES,
      capped: true
    })
    // The same page, the build before the cap: found, and the reading stops there.
    expect(await scan(page(SHA, MAX_CONTENT_BYTES - 1000), undefined, 64 * 1024)).toEqual({
      kind: 'found'
    })
  })

  it('a body cut short: not read, unless the build came before the cut', async () => {
    const broken = (bytes: Buffer): Promise<ContentEvidence> => {
      const stream = new PassThrough()
      const scanning = scanBodyForBuild(stream, [build], {
        contentEncoding: undefined,
        maxDrainBytes: 1 << 22
      })
      stream.write(bytes)
      stream.destroy(new Error('socket hang up'))
      return scanning
    }
    expect(await broken(Buffer.from('<html><head>'))).toEqual({
      kind: 'not-read',
      reason: 'the body could not be read whole: socket hang up'
    })
    expect(await broken(Buffer.from(`<meta content="${SHA}">`))).toEqual({ kind: 'found' })
  })

  it('an encoding it cannot read: not read, with the reason', async () => {
    const evidence = await scan(page(SHA), 'zstd')
    expect(evidence.kind).toBe('not-read')
  })
})

describe('judge with the content proof', () => {
  const acceptedAt = Date.UTC(2026, 10, 23, 9, 0, 0)
  const answer = (
    status: string,
    content?: ContentEvidence,
    cachedAt = acceptedAt + 5000,
    extra: Record<string, string> = {}
  ): SiteAnswer => ({
    status: 200,
    headers: {
      'acme-kc-status': status,
      ...(status === 'HIT' && {
        'acme-kc-date': `${new Date(cachedAt).toISOString()} (GMT) (5s of 7d)`
      }),
      ...extra
    },
    sentAt: acceptedAt + 6000,
    receivedAt: acceptedAt + 6010,
    ...(content && { content })
  })
  const found: ContentEvidence = { kind: 'found' }
  const notFound: ContentEvidence = { kind: 'not-found', bytes: 20_000, capped: false }

  it('HIT fresh by date with the build: fresh and warm', () => {
    expect(judge(answer('HIT', found), acceptedAt, UNMEASURED_SKEW, true)).toEqual({
      kind: 'fresh',
      warm: true
    })
  })

  it('HIT fresh by date without the build: stale, old content', () => {
    expect(judge(answer('HIT', notFound), acceptedAt, UNMEASURED_SKEW, true)).toEqual({
      kind: 'stale',
      reason: 'old-content',
      cacheDate: expect.stringMatching(/^2026-11-23T09:00:05/),
      cachedAtMs: Date.UTC(2026, 10, 23, 9, 0, 5),
      detail: 'the build is not in the page'
    })
    const capped = judge(
      answer('HIT', { kind: 'not-found', bytes: MAX_CONTENT_BYTES, capped: true }),
      acceptedAt,
      UNMEASURED_SKEW,
      true
    )
    expect(capped).toMatchObject({
      reason: 'old-content',
      detail: 'the build is not in the first 2 MiB of the page'
    })
  })

  it('HIT older than the purge: not purged yet, whatever the body says', () => {
    expect(
      judge(answer('HIT', notFound, acceptedAt - 3_600_000), acceptedAt, UNMEASURED_SKEW, true)
    ).toMatchObject({ kind: 'stale', reason: 'not-purged-yet' })
    expect(
      judge(answer('HIT', undefined, acceptedAt - 3_600_000), acceptedAt, UNMEASURED_SKEW)
    ).toMatchObject({ kind: 'stale', reason: 'not-purged-yet' })
  })

  it('HIT whose body could not be read: asked again', () => {
    expect(
      judge(
        answer('HIT', { kind: 'not-read', reason: 'the connection closed before the body ended' }),
        acceptedAt,
        UNMEASURED_SKEW,
        true
      )
    ).toEqual({
      kind: 'retry',
      reason: 'HIT, but the page could not be read: the connection closed before the body ended'
    })
  })

  it('without the content proof, the body does not matter', () => {
    expect(judge(answer('HIT', notFound), acceptedAt, UNMEASURED_SKEW)).toEqual({
      kind: 'fresh',
      warm: true
    })
    expect(judge(answer('EXTRACTING'), acceptedAt, UNMEASURED_SKEW)).toEqual({
      kind: 'fresh',
      warm: false
    })
  })

  it('EXTRACTING: rendering, even when its body shows the build (only the cached HIT proves it)', () => {
    // The render that gets cached fetches the origin itself: in a rolling deploy it may reach an
    // instance still on the previous build, whatever this answer's body showed.
    expect(judge(answer('EXTRACTING', found), acceptedAt, UNMEASURED_SKEW, true)).toEqual({
      kind: 'rendering'
    })
    expect(judge(answer('EXTRACTING', notFound), acceptedAt, UNMEASURED_SKEW, true)).toEqual({
      kind: 'rendering'
    })
  })

  it('nothing purged (warm only): a HIT is judged by its content alone', () => {
    expect(judge(answer('HIT', found), undefined, UNMEASURED_SKEW, true)).toMatchObject({
      kind: 'fresh'
    })
    expect(judge(answer('HIT', notFound), undefined, UNMEASURED_SKEW, true)).toMatchObject({
      kind: 'stale',
      reason: 'old-content'
    })
  })

  it('a cached redirect (3xx) has no page to show the build: judged by its cache date alone', () => {
    // The transport scans 2xx bodies only: a 301's body is the server's "Moved" text.
    const redirect = (status: string, cachedAt = acceptedAt + 5000): SiteAnswer => ({
      ...answer(status, undefined, cachedAt),
      status: 301
    })
    expect(judge(redirect('HIT'), acceptedAt, UNMEASURED_SKEW, true)).toEqual({
      kind: 'fresh',
      warm: true
    })
    expect(judge(redirect('EXTRACTING'), acceptedAt, UNMEASURED_SKEW, true)).toEqual({
      kind: 'fresh',
      warm: false
    })
    expect(
      judge(redirect('HIT', acceptedAt - 3_600_000), acceptedAt, UNMEASURED_SKEW, true)
    ).toMatchObject({ kind: 'stale', reason: 'not-purged-yet' })
  })

  it('<Prefix>-Bypass: bypassed with its reason, never fresh or stale', () => {
    for (const status of ['HIT', 'MISS', 'EXTRACTING']) {
      expect(
        judge(
          answer(status, found, acceptedAt - 3_600_000, { 'ACME-Bypass': ' HARD_COOKIE ' }),
          acceptedAt,
          UNMEASURED_SKEW,
          true
        )
      ).toEqual({ kind: 'bypassed', reason: 'HARD_COOKIE' })
    }
    // DYNAMIC stays DYNAMIC (its bypass reason says the same thing).
    expect(
      judge(
        answer('DYNAMIC', undefined, 0, { 'acme-bypass': 'SOFT_DYNAMIC' }),
        acceptedAt,
        UNMEASURED_SKEW
      )
    ).toEqual({ kind: 'unverifiable' })
    // An empty header is no bypass.
    expect(
      judge(
        answer('HIT', found, acceptedAt + 5000, { 'acme-bypass': '' }),
        acceptedAt,
        UNMEASURED_SKEW,
        true
      )
    ).toMatchObject({ kind: 'fresh' })
  })
})

describe('RepurgeSchedule', () => {
  const [first = 0, second = 0, third = 0] = REPURGE_DELAYS_MS

  it('waits 5 s, then 10 s, then 20 s after old content is seen; at most 3 times', () => {
    expect(REPURGE_DELAYS_MS).toEqual([5000, 10_000, 20_000])
    // What the log and the summary say of it, built from the delays.
    expect(`at most ${REPURGE_TIMES_TEXT}, ${REPURGE_DELAYS_TEXT} after`).toBe(
      'at most 3 times, 5, 10 and 20 s after'
    )
    const schedule = new RepurgeSchedule()
    expect(schedule.sawOldContent('/a', 1000, 0)).toBe(1000 + first)
    // Another device a moment later: the first sighting counts.
    expect(schedule.sawOldContent('/a', 1800, 0)).toBe(1000 + first)
    expect(schedule.takeDue(5999)).toEqual([])
    expect(schedule.nextDueAt()).toBe(6000)
    expect(schedule.takeDue(6000)).toEqual(['/a'])
    // Taken: not due again while its purge is on its way.
    expect(schedule.takeDue(60_000)).toEqual([])
    expect(schedule.sawOldContent('/a', 6500, 0)).toBeUndefined()
    schedule.accepted(['/a'], 7000)
    expect(schedule.repurgedAt('/a')).toBe(7000)
    // Seen before that re-purge was accepted: old news.
    expect(schedule.sawOldContent('/a', 6900, 0)).toBeUndefined()
    expect(schedule.sawOldContent('/a', 9000, 7000)).toBe(9000 + second)
    expect(schedule.takeDue(19_000)).toEqual(['/a'])
    schedule.accepted(['/a'], 19_500)
    expect(schedule.sawOldContent('/a', 22_000, 19_500)).toBe(22_000 + third)
    expect(schedule.takeDue(42_000)).toEqual(['/a'])
    schedule.accepted(['/a'], 42_100)
    // Three re-purges: no more.
    expect(schedule.sawOldContent('/a', 50_000, 42_100)).toBeUndefined()
    expect(schedule.nextDueAt()).toBeUndefined()
    expect(schedule.states()).toEqual([{ page: '/a', repurges: 3 }])
  })

  it('gathers the pages due at the same time', () => {
    const schedule = new RepurgeSchedule()
    schedule.sawOldContent('/a', 1000, 0)
    schedule.sawOldContent('/b', 3000, 0)
    schedule.sawOldContent('/c', 9000, 0)
    expect(schedule.takeDue(8000)).toEqual(['/a', '/b'])
    expect(schedule.nextDueAt()).toBe(14_000)
  })

  it('a re-purge the service refused is not tried again', () => {
    const schedule = new RepurgeSchedule()
    schedule.sawOldContent('/a', 0, 0)
    expect(schedule.takeDue(5000)).toEqual(['/a'])
    schedule.failed(['/a'])
    expect(schedule.sawOldContent('/a', 6000, 0)).toBeUndefined()
    expect(schedule.repurgedAt('/a')).toBeUndefined()
  })
})
