/**
 * Reading a page for its assets: the body of an answer that may prove the page fresh is read once,
 * in chunks, for the assets and for the content proof's build together.
 */
import { describe, expect, it } from '@jest/globals'
import { Readable } from 'node:stream'
import { buildId } from '../../src/build/build-id.js'
import type { SiteClient, SiteStream } from '../../src/http/site-client.js'
import { pageReader } from '../../src/verify/check/read-page.js'

const URL_A = new URL('https://www.example.com/a')
const SCOPE = { siteOrigin: 'https://www.example.com', hosts: [] }
const HTML = `<html><head><meta name=build content="build-42">
<script src="/assets/app.b1.js"></script></head><body>${'x'.repeat(5000)}
<link rel=stylesheet href="/late.css"></body></html>`

/** A site client whose every page answers `html` in chunks of `size` bytes. */
function client(html: string, contentType = 'text/html; charset=utf-8', size = 7): SiteClient {
  const bytes = Buffer.from(html)
  const open = async (): Promise<SiteStream> => ({
    status: 200,
    headers: { 'content-type': contentType },
    body: Readable.from(
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size)
      )
    )
  })
  return {
    open,
    getPage: async () => ({ status: 200, headers: {} }),
    close: () => undefined
  }
}

describe('a page read for its assets', () => {
  it('gives the references of an answer that is wanted, in the same read as the build', async () => {
    const read = pageReader(client(HTML))
    const answer = await read(URL_A, 'agent', 1000, [buildId('build-42', 'build')], {
      references: SCOPE,
      wanted: () => 'new' as const
    })
    expect(answer.content).toEqual({ kind: 'found' })
    expect(answer.references?.assets.map(a => a.url)).toEqual([
      'https://www.example.com/assets/app.b1.js',
      'https://www.example.com/late.css'
    ])
  })

  it('reads no body for an answer not wanted, nor for one that is not HTML', async () => {
    const notWanted = await pageReader(client(HTML))(URL_A, 'agent', 1000, undefined, {
      references: SCOPE,
      wanted: () => undefined
    })
    expect(notWanted.references).toBeUndefined()
    const json = await pageReader(client(HTML, 'application/json'))(
      URL_A,
      'agent',
      1000,
      undefined,
      {
        references: SCOPE,
        wanted: () => 'new' as const
      }
    )
    expect(json.references).toBeUndefined()
  })

  it('decodes a character cut between two chunks', async () => {
    const html = '<script src="/ü/é.js"></script>'
    const answer = await pageReader(client(html, 'text/html', 1))(URL_A, 'agent', 1000, undefined, {
      references: SCOPE,
      wanted: () => 'new' as const
    })
    expect(answer.references?.assets.map(a => a.url)).toEqual([
      'https://www.example.com/%C3%BC/%C3%A9.js'
    ])
  })
})
