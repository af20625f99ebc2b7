/**
 * The sitemap conformance table (__tests__/support/sitemap-conformance-cases.ts): each case is
 * what crawler-commons, ultimate-sitemap-parser, sitemap.js or google/robotstxt assert in their
 * own tests (or a case this project adds), as this project's own fixtures, read by readSitemaps
 * through a fake site. A case marked `differs` is a deliberate difference, listed in
 * docs/sitemaps.md with its reason.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import type { SitemapRequest } from '../../src/sitemap/read-sitemaps.js'
import { readSitemapPages } from '../support/read-sitemap-pages.js'
import {
  CASES,
  SITE,
  type ConformanceCase,
  type Served
} from '../support/sitemap-conformance-cases.js'

/**
 * Serves a case's files, in chunks of `chunkBytes` (every reader must cope with a token cut
 * anywhere, and with one big chunk); records every URL asked for.
 */
function fakeSite(files: ConformanceCase['files'], chunkBytes: number) {
  const requested: string[] = []
  return {
    requested,
    open: async (url: URL) => {
      requested.push(url.href)
      const file = files[url.href]
      const served: Served =
        file === undefined
          ? { status: 404, body: 'Not found' }
          : typeof file === 'string' || Buffer.isBuffer(file)
            ? { body: file }
            : file
      const body = Buffer.from(served.body)
      // Small chunks, but not millions of them for the big files.
      const size = Math.max(chunkBytes, Math.ceil(body.length / 20_000))
      const chunks: Buffer[] = []
      for (let i = 0; i < body.length; i += size) chunks.push(body.subarray(i, i + size))
      return {
        status: served.status ?? 200,
        headers: served.headers ?? {},
        body: Readable.from(chunks)
      }
    }
  }
}

async function run(entry: ConformanceCase, chunkBytes: number) {
  const site = fakeSite(entry.files, chunkBytes)
  const request: SitemapRequest =
    entry.sitemap === undefined ? { kind: 'auto' } : { kind: 'url', url: new URL(entry.sitemap) }
  const reading = await readSitemapPages(request, new URL(entry.site ?? SITE), site, {
    timeoutMs: 5000
  })
  return { reading, requested: site.requested }
}

describe('sitemap conformance', () => {
  it.each(CASES.map(entry => [`${entry.point}. ${entry.id}: ${entry.fact}`, entry] as const))(
    '%s',
    async (_name, entry) => {
      // The same answer whether the body arrives 7 bytes at a time or whole.
      const whole = await run(entry, Number.MAX_SAFE_INTEGER)
      const { reading, requested } = await run(entry, 7)
      expect([...whole.reading.pages]).toEqual([...reading.pages])
      expect(whole.reading.warnings).toEqual(reading.warnings)
      expect([...reading.pages]).toEqual(entry.expect.pages)
      if (entry.expect.files) expect(reading.files).toEqual(entry.expect.files)
      if (entry.expect.warnings) {
        expect(reading.warnings).toHaveLength(entry.expect.warnings.length)
        for (const pattern of entry.expect.warnings) {
          expect(reading.warnings).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]))
        }
      }
      for (const pattern of entry.expect.notices ?? []) {
        expect(reading.notices).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]))
      }
      for (const url of entry.expect.notRequested ?? []) expect(requested).not.toContain(url)
      // One sentence each, never "..".
      for (const message of [...reading.warnings, ...reading.notices]) {
        expect(message).toMatch(/[^.]\.$/)
        expect(message).not.toContain('..')
      }
    }
  )

  it('covers every point with five cases or more, mostly from the four projects', () => {
    for (const point of [1, 2, 3, 4, 5, 6] as const) {
      expect(CASES.filter(entry => entry.point === point).length).toBeGreaterThanOrEqual(5)
    }
    const fromProjects = CASES.filter(entry => !entry.source.startsWith('issue 18'))
    for (const project of [
      'crawler-commons',
      'ultimate-sitemap-parser',
      'sitemap.js',
      'google/robotstxt'
    ]) {
      expect(
        fromProjects.filter(entry => entry.source.includes(project)).length
      ).toBeGreaterThanOrEqual(4)
    }
    expect(new Set(CASES.map(entry => entry.id)).size).toBe(CASES.length)
  })

  it('docs/sitemaps.md lists every deliberate difference, with the counts', () => {
    const doc = readFileSync(new URL('../../docs/sitemaps.md', import.meta.url), 'utf8')
    const differing = CASES.filter(entry => entry.differs !== undefined)
    for (const entry of differing) expect(doc).toContain(`\`${entry.id}\``)
    const fromProjects = CASES.filter(entry => !entry.source.startsWith('issue 18'))
    const agreeing = fromProjects.filter(entry => entry.differs === undefined).length
    expect(doc).toContain(
      `${CASES.length} cases (${fromProjects.length} from the four projects' suites, ${CASES.length - fromProjects.length} from issue 18); the reader agrees with ${agreeing} of the ${fromProjects.length}`
    )
  })
})
