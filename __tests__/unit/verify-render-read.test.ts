/**
 * The cached render decides a page's assets: they are read from the answer that proves the page
 * fresh (the HIT the cache keeps), never from EXTRACTING, whose body the service does not
 * document; and a render read only in part (cut by a timeout or the size cap) leaves its page's
 * assets not proven, named so, never ✅.
 */
import { describe, expect, it } from '@jest/globals'
import { PassThrough, Readable } from 'node:stream'
import { MAX_CONTENT_BYTES } from '../../src/build/scan-body.js'
import type { SiteClient, SiteHead, SiteStream } from '../../src/http/site-client.js'
import { PageBodyReader } from '../../src/verify/render/page-body-reader.js'
import { pageReader, type GetPage, type PageAnswer } from '../../src/verify/check/read-page.js'
import { verifyPages } from '../../src/verify/check/verify-pages.js'
import { VirtualClock } from '../support/virtual-clock.js'
import { assets, cacheDate, devices, options, pages, SITE } from '../support/asset-site.js'

const PAGE = new URL(`${SITE}/a`)
const SCOPE = { siteOrigin: SITE, hosts: [] }

/** A site client whose page answers the chunks `body` gives, then what `end` does. */
function client(body: () => Readable): SiteClient {
  return {
    open: async (): Promise<SiteStream> => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: body()
    }),
    getPage: async () => ({ status: 200, headers: {} }),
    close: () => undefined
  }
}

const wanted = { references: SCOPE, wanted: () => 'new' as const }
const script = (path: string): string => `<script src="${path}"></script>`

describe('a render read in part', () => {
  it('a body the request timeout cuts gives what came before, and says it was cut', async () => {
    const read = pageReader(
      client(() => {
        const body = new PassThrough()
        body.write(`<html><head>${script('/early.js')}`)
        // What the site client does when the answer does not end within the request timeout.
        setImmediate(() => body.destroy(new Error('the answer did not end within 10 s')))
        return body
      })
    )
    const answer = await read(PAGE, 'agent', 10_000, undefined, wanted)
    expect(answer.references?.assets.map(asset => asset.url)).toEqual([`${SITE}/early.js`])
    expect(answer.bodyCut).toMatch(/did not end within 10 s/)
  })

  it('a body past the size cap is cut there: an asset named after it is never seen', async () => {
    const filler = `<p>${'x'.repeat(64 * 1024)}</p>`
    const html = `${script('/early.js')}${filler.repeat(Math.ceil(MAX_CONTENT_BYTES / filler.length))}${script('/late.js')}`
    const answer = await pageReader(client(() => Readable.from([Buffer.from(html)])))(
      PAGE,
      'agent',
      10_000,
      undefined,
      wanted
    )
    expect(answer.references?.assets.map(asset => asset.url)).toEqual([`${SITE}/early.js`])
    expect(answer.bodyCut).toBe('the body is larger than 2 MiB, the most that is read')
  })

  it('a body read to its end is not cut', async () => {
    const answer = await pageReader(client(() => Readable.from([Buffer.from(script('/app.js'))])))(
      PAGE,
      'agent',
      10_000,
      undefined,
      wanted
    )
    expect(answer.bodyCut).toBeUndefined()
  })
})

/**
 * A site whose pages answer EXTRACTING (`extracting` in the body) to the first request of each
 * device after the purge, then a HIT cached since (`cached` in the body), read as the real
 * reader reads a body: cut when `cut` says so.
 */
function renderingSite(
  clock: VirtualClock,
  bodies: { extracting: string; cached: string; cut?: string; hitAfterMs?: number }
): GetPage {
  const started = clock.now()
  const asked = new Set<string>()
  return async (url, agent, _timeout, _build, read): Promise<PageAnswer> => {
    const first = !asked.has(`${agent} ${url.href}`)
    asked.add(`${agent} ${url.href}`)
    const hit = !first && clock.now() - started >= (bodies.hitAfterMs ?? 0)
    const head: SiteHead = {
      status: 200,
      headers: {
        'content-type': 'text/html',
        'acme-kc-status': hit ? 'HIT' : 'EXTRACTING',
        ...(hit && { 'acme-kc-date': cacheDate(clock.now()) })
      }
    }
    if (read?.references === undefined || read.wanted(head) !== 'new') return head
    const reader = new PageBodyReader(url, { references: read.references })
    reader.push(hit ? bodies.cached : bodies.extracting)
    return {
      ...head,
      references: reader.end().references,
      ...(hit && bodies.cut !== undefined && { bodyCut: bodies.cut })
    }
  }
}

/**
 * One page on the fake rendering site, checked on every device: the assets asked (their
 * paths), and the verification. `answer` answers an asset (whole through the cache otherwise).
 */
async function verifyRendering(
  bodies: Parameters<typeof renderingSite>[1],
  more: { answer?: (url: URL) => SiteHead | undefined; deadlineMs?: number } = {}
) {
  const clock = new VirtualClock()
  const asked: { url: string; agent: string; at: number }[] = []
  const result = await clock.run(
    verifyPages(
      pages(1, clock.now()),
      options(clock, assets(clock, asked, more.answer), {
        pageCount: 1,
        ...(more.deadlineMs !== undefined && { deadline: clock.now() + more.deadlineMs }),
        getPage: renderingSite(clock, bodies)
      })
    )
  )
  return { result, askedPaths: asked.map(ask => new URL(ask.url).pathname) }
}

describe('the cached render decides', () => {
  it('assets come from the HIT that proves the page, not from EXTRACTING', async () => {
    const { result, askedPaths } = await verifyRendering(
      { extracting: script('/assets/app.b1.js'), cached: script('/assets/app.b2.js') },
      {
        answer: url =>
          url.pathname === '/assets/app.b2.js'
            ? { status: 404, headers: { 'content-type': 'text/html', 'acme-kc-status': 'MISS' } }
            : undefined
      }
    )
    expect(new Set(askedPaths)).toEqual(new Set(['/assets/app.b2.js']))
    expect(result.status).toBe('broken')
    expect(result.assets?.listed[0]).toMatchObject({ url: `${SITE}/assets/app.b2.js` })
  })

  it('a cached render read in part is named, its assets not proven: never ✅', async () => {
    const why = 'the body could not be read whole: the answer did not end within 10 s'
    const { result, askedPaths } = await verifyRendering({
      extracting: '',
      cached: script('/assets/app.b1.js'),
      cut: why
    })
    // What was read is checked; what came after the cut cannot be.
    expect(askedPaths).toContain('/assets/app.b1.js')
    expect(result.status).toBe('failed')
    expect(result.assets?.unproven).toEqual({
      count: devices.length,
      first: devices.map(device => ({ url: `${SITE}/page-0`, device: device.name, why }))
    })
    expect(result.assets?.wholeAfterMs).toBeUndefined()
  })

  it('a page never cached (HIT) before the deadline: its assets not proven, said so', async () => {
    const { result, askedPaths } = await verifyRendering(
      {
        extracting: script('/assets/app.b1.js'),
        cached: script('/assets/app.b1.js'),
        hitAfterMs: 60_000
      },
      { deadlineMs: 30_000 }
    )
    expect(askedPaths).toEqual([])
    expect(result.status).toBe('failed')
    expect(result.assets?.unproven?.first[0]?.why).toMatch(/no cached render \(HIT\)/)
  })
})
