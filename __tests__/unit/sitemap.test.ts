import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { SITEMAP_LIMITS, type SitemapRequest } from '../../src/sitemap/read-sitemaps.js'
import { readSitemapPages } from '../support/read-sitemap-pages.js'
import { SitemapXmlReader } from '../../src/sitemap/sitemap-xml.js'
import { createSiteClient } from '../../src/http/site-client.js'

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const urlset = (locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${locs.map(loc => `<url><loc>${loc}</loc><lastmod>2026-11-20</lastmod></url>`).join('\n')}</urlset>`
const index = (locs: string[]): string =>
  `<?xml version="1.0"?><sitemapindex xmlns="${NS}">${locs.map(loc => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`

/** path -> body; robots and sitemaps of a small site, changed per test through `files`. */
let files: Record<string, string | Buffer> = {}
/** path -> [status, Location]: answered before `files` is looked at. */
let redirects: Record<string, [number, string]> = {}
/** path -> status: answered with this status and no body. */
let statuses: Record<string, number> = {}
/** Paths whose answer starts and then never ends. */
let stalled = new Set<string>()
const requested: string[] = []
let server: Server
let site: URL

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '')
    const status = statuses[request.url ?? '']
    if (status !== undefined) {
      response.writeHead(status).end()
      return
    }
    const redirect = redirects[request.url ?? '']
    if (redirect) {
      response.writeHead(redirect[0], { Location: redirect[1] }).end()
      return
    }
    const slowHop = /^\/slow-hop\/(\d+)$/.exec(request.url ?? '')
    if (slowHop) {
      const next = `/slow-hop/${Number(slowHop[1]) + 1}`
      setTimeout(() => response.writeHead(302, { Location: next }).end(), 100)
      return
    }
    if (stalled.has(request.url ?? '')) {
      response.writeHead(200).write('<?xml version="1.0"?><urlset><url><loc>')
      return
    }
    const body = files[request.url ?? '']
    if (body === undefined) {
      response.writeHead(404).end('not found')
      return
    }
    response.writeHead(200).end(body)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  site = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

async function read(
  request: SitemapRequest = { kind: 'auto' },
  limits = SITEMAP_LIMITS,
  timeoutMs = 5000
) {
  const transport = createSiteClient(2)
  try {
    return await readSitemapPages(
      request,
      site,
      { open: (url, t) => transport.open(url, 'test', t) },
      { timeoutMs, limits }
    )
  } finally {
    transport.close()
  }
}

describe('readSitemaps', () => {
  it('follows robots.txt to an index, a plain and a gzip sitemap', async () => {
    const page = (path: string): string => new URL(path, site).href
    files = {
      '/robots.txt': `User-agent: *\nDisallow:\nSitemap: ${page('/sitemap_index.xml')}\n`,
      '/sitemap_index.xml': index([
        page('/sitemaps/pages-1.xml'),
        page('/sitemaps/pages-2.xml.gz')
      ]),
      '/sitemaps/pages-1.xml': urlset([
        page('/'),
        page('/blog/a.html'),
        `${page('/q')}?a=1&amp;b=2`
      ]),
      '/sitemaps/pages-2.xml.gz': gzipSync(urlset([page('/docs/x'), page('/blog/a.html')]))
    }
    const reading = await read()
    expect(reading.found).toBe(true)
    expect(reading.files).toHaveLength(3)
    expect([...reading.pages]).toEqual(['/', '/blog/a.html', '/q?a=1&b=2', '/docs/x'])
    expect(reading.warnings).toEqual([])
  })

  it('falls back to /sitemap.xml, and says when there is none', async () => {
    files = { '/sitemap.xml': urlset([new URL('/only', site).href]) }
    expect([...(await read()).pages]).toEqual(['/only'])
    files = {}
    const none = await read()
    expect(none.found).toBe(false)
    expect(none.notices.join('\n')).toMatch(/No sitemap found/)
    expect(none.warnings).toEqual([])
  })

  it('a robots.txt that fails (not missing) is a warning; /sitemap.xml is tried', async () => {
    files = { '/sitemap.xml': urlset([new URL('/fallback', site).href]) }
    statuses = { '/robots.txt': 503 }
    try {
      const reading = await read()
      expect([...reading.pages]).toEqual(['/fallback'])
      expect(reading.warnings).toEqual([
        `Sitemaps: ${new URL('/robots.txt', site).href} answered HTTP 503; /sitemap.xml was tried instead of its Sitemap: lines.`
      ])
    } finally {
      statuses = {}
    }
  })

  it('a missing sitemap that robots.txt or an index lists is a warning, not "no sitemap"', async () => {
    const missing = (path: string): string =>
      `Sitemap ${new URL(path, site).href} answered HTTP 404; not read.`
    files = { '/robots.txt': 'Sitemap: /sitemap.xml' }
    const listed = await read()
    // robots.txt listed it: not "robots.txt lists none".
    expect(listed.notices).toEqual([])
    expect(listed.warnings).toEqual([missing('/sitemap.xml')])

    files = { '/sitemap.xml': index([new URL('/gone.xml', site).href]) }
    const child = await read()
    expect(child.notices).toEqual([])
    expect(child.warnings).toEqual([missing('/gone.xml')])
  })

  it("reads a sitemap robots.txt lists on another host, and keeps only the site's pages", async () => {
    const other = new URL(site.href)
    other.hostname = 'localhost' // the same server under another host name: a "bucket"
    files = {
      '/robots.txt': `Sitemap: /s.xml\nSitemap: ${new URL('/bucket.xml', other).href}`,
      '/s.xml': urlset([new URL('/mine', site).href, 'https://elsewhere.example/theirs']),
      '/bucket.xml': urlset([new URL('/from-bucket', site).href, new URL('/own', other).href])
    }
    requested.length = 0
    const reading = await read()
    expect([...reading.pages]).toEqual(['/mine', '/from-bucket'])
    expect(reading.files).toEqual([
      new URL('/s.xml', site).href,
      new URL('/bucket.xml', other).href
    ])
    expect(reading.foreignUrls).toBe(2)
    expect(reading.warnings).toEqual([
      `Sitemaps: 2 URL(s) on hosts other than ${site.host} were skipped (the first: https://elsewhere.example/theirs); only pages of site_url are checked.`
    ])
    expect(requested).toEqual(['/robots.txt', '/s.xml', '/bucket.xml'])
  })

  it('a malformed sitemap is a warning naming the file, not a crash', async () => {
    files = {
      '/robots.txt': 'Sitemap: /bad.xml\nSitemap: /html.xml\nSitemap: /good.xml',
      '/bad.xml': `<urlset><url><loc>${new URL('/kept', site).href}</loc></url><url><loc>x</url>`,
      '/html.xml': '<html><body>Not found</body></html>',
      '/good.xml': urlset([new URL('/good', site).href])
    }
    const reading = await read()
    expect([...reading.pages]).toEqual(['/kept', '/good'])
    const warnings = reading.warnings.join('\n')
    expect(warnings).toMatch(
      /Sitemap http:\/\/127.0.0.1:\d+\/bad.xml is malformed: line 1, column \d+: unexpected close tag \(the 1 URL\(s\) read before it were kept\)\.$/m
    )
    expect(warnings).toMatch(/html.xml is not a sitemap: it is an HTML page/)
  })

  it('cuts a file at the per-file limit and everything at the total, with warnings', async () => {
    const locs = (from: number, count: number): string[] =>
      Array.from({ length: count }, (_, i) => new URL(`/p${from + i}`, site).href)
    files = {
      '/robots.txt': 'Sitemap: /a.xml\nSitemap: /b.xml\nSitemap: /c.xml',
      '/a.xml': urlset(locs(0, 30)),
      '/b.xml': urlset(locs(100, 10)),
      '/c.xml': urlset(locs(200, 10))
    }
    const limits = { ...SITEMAP_LIMITS, urlsPerFile: 20, totalUrls: 25, files: 2 }
    const reading = await read({ kind: 'auto' }, limits)
    expect(reading.pages.length).toBe(25)
    const warnings = reading.warnings.join('\n')
    expect(warnings).toMatch(/a.xml lists more than 20 URLs/)
    expect(warnings).toMatch(/more than 25 pages/)
    const files2 = await read({ kind: 'auto' }, { ...limits, totalUrls: 1000 })
    expect(files2.pages.length).toBe(30)
    expect(files2.warnings.join('\n')).toMatch(/more than 2 sitemap files; 1 were not read/)
  })

  it('keeps each page as WHATWG URL gives its path and query, whatever the spelling', async () => {
    const host = site.host
    const locs = [
      '/plain/page.html?a=1&b=2',
      '/a/./b',
      '/a/../b',
      '/a/%2E%2e/b',
      '/%7Euser/caf%C3%A9',
      '/x?',
      '/x?y=1#fragment',
      '/q?quote=it%27s',
      '/a:b@c!$(*)+,;=',
      '//double'
    ].map(path => `http://${host}${path}`)
    locs.push(
      `http://${host}/with space`,
      `HTTP://${host.toUpperCase()}/Upper`,
      `http://${host}/it's`
    )
    const escaped = locs.map(loc => loc.replace(/&/g, '&amp;').replace(/'/g, '&apos;'))
    files = { '/sitemap.xml': urlset(escaped) }
    const expected = [
      ...new Set(
        locs.map(loc => {
          const url = new URL(loc)
          return `${url.pathname}${url.search}`
        })
      )
    ]
    expect([...(await read()).pages]).toEqual(expected)
  })

  it('follows redirects on the site (/sitemap.xml to /sitemap_index.xml), a few hops at most', async () => {
    const page = (path: string): string => new URL(path, site).href
    // A chain of six redirects: /far/0.xml to /far/6.xml.
    const far = Object.fromEntries(
      Array.from({ length: 6 }, (_, hop): [string, [number, string]] => [
        `/far/${hop}.xml`,
        [302, `/far/${hop + 1}.xml`]
      ])
    )
    redirects = {
      '/robots.txt': [301, '/robots-new.txt'],
      '/sitemap.xml': [301, page('/sitemap_index.xml')],
      '/moved/pages.xml': [308, 'pages-2.xml'],
      '/again.xml': [301, '/moved/pages-2.xml'],
      ...far
    }
    files = {
      '/robots-new.txt': 'Sitemap: /sitemap.xml\nSitemap: /far/0.xml\nSitemap: /again.xml',
      '/sitemap_index.xml': index([page('/moved/pages.xml')]),
      '/moved/pages-2.xml': urlset([page('/a'), page('/b')]),
      '/far/6.xml': urlset([page('/far')])
    }
    requested.length = 0
    try {
      const reading = await read()
      expect([...reading.pages]).toEqual(['/a', '/b'])
      // Where each file was read from, after its redirects; children resolve against that. A
      // redirect to a file already read does not ask for it again.
      expect(reading.files).toEqual([page('/sitemap_index.xml'), page('/moved/pages-2.xml')])
      expect(requested.filter(path => path === '/moved/pages-2.xml')).toHaveLength(1)
      expect(reading.warnings).toEqual([
        `Sitemap ${page('/far/0.xml')} could not be read: more than 5 redirects.`
      ])
      expect(requested.filter(path => path.startsWith('/far/'))).toHaveLength(6)
    } finally {
      redirects = {}
    }
  })

  it('does not follow a redirect back to a URL of its own chain: a loop, said at once', async () => {
    const page = (path: string): string => new URL(path, site).href
    redirects = {
      '/loop.xml': [302, '/loop.xml'],
      '/a.xml': [301, '/b.xml#part'],
      '/b.xml': [302, '/a.xml']
    }
    files = { '/robots.txt': 'Sitemap: /loop.xml\nSitemap: /a.xml' }
    requested.length = 0
    try {
      const reading = await read()
      expect(reading.warnings).toEqual([
        `Sitemap ${page('/loop.xml')} could not be read: HTTP 302 back to ${page('/loop.xml')}, a URL of its own chain (a loop); not followed.`,
        `Sitemap ${page('/a.xml')} could not be read: HTTP 302 back to ${page('/a.xml')}, a URL of its own chain (a loop); not followed.`
      ])
      expect(requested).toEqual(['/robots.txt', '/loop.xml', '/a.xml', '/b.xml'])
    } finally {
      redirects = {}
    }
  })

  it('does not follow a redirect off the site or to plain http, unless the sitemap was named', async () => {
    const other = new URL(site.href)
    other.hostname = 'localhost' // the same server under another host name
    redirects = {
      '/robots.txt': [301, new URL('/r2.txt', other).href],
      '/sitemap.xml': [301, 'http://www.example.com/sitemap.xml'],
      '/named.xml': [302, new URL('/there.xml', other).href]
    }
    files = { '/r2.txt': 'Sitemap: /there.xml', '/there.xml': urlset([new URL('/t', site).href]) }
    requested.length = 0
    try {
      const reading = await read()
      expect(reading.found).toBe(false)
      const warnings = reading.warnings.join('\n')
      expect(warnings).toMatch(
        /could not read .*\/robots.txt: HTTP 301 to http:\/\/localhost:\d+\/r2.txt, on another host than 127.0.0.1:\d+; not followed \(is site_url the public address/
      )
      expect(warnings).toMatch(
        /HTTP 301 to http:\/\/www.example.com\/sitemap.xml, not followed \(https only\)/
      )
      expect(requested).toEqual(['/robots.txt', '/sitemap.xml'])
      // The file the user named may move anywhere on https (or a loopback host, as here).
      const named = await read({ kind: 'url', url: new URL('/named.xml', site) })
      expect([...named.pages]).toEqual(['/t'])
      expect(named.files).toEqual([new URL('/there.xml', other).href])
    } finally {
      redirects = {}
    }
  })

  it('reads a file once when another redirects to it before its turn', async () => {
    const page = (path: string): string => new URL(path, site).href
    redirects = { '/a.xml': [301, '/b.xml'] }
    files = {
      '/robots.txt': 'Sitemap: /index.xml',
      '/index.xml': index([page('/a.xml'), page('/b.xml')]),
      '/b.xml': urlset([page('/b')])
    }
    requested.length = 0
    try {
      const reading = await read()
      expect([...reading.pages]).toEqual(['/b'])
      expect(reading.files).toEqual([page('/index.xml'), page('/b.xml')])
      expect(requested.filter(path => path === '/b.xml')).toHaveLength(1)
    } finally {
      redirects = {}
    }
  })

  it('resolves relative Sitemap lines against where robots.txt moved', async () => {
    redirects = { '/robots.txt': [301, '/www/robots.txt'] }
    files = {
      '/www/robots.txt': 'Sitemap: maps/s.xml',
      '/www/maps/s.xml': urlset([new URL('/r', site).href])
    }
    try {
      const reading = await read()
      expect(reading.files).toEqual([new URL('/www/maps/s.xml', site).href])
      expect([...reading.pages]).toEqual(['/r'])
    } finally {
      redirects = {}
    }
  })

  it('one time budget covers a file and its redirects', async () => {
    requested.length = 0
    const reading = await read(
      { kind: 'url', url: new URL('/slow-hop/0', site) },
      SITEMAP_LIMITS,
      450
    )
    // Each hop answers after 100 ms, well within 450 ms alone: with a budget per hop the chain
    // would run into the 5-redirect limit. With one budget it stops after a few hops (how many
    // depends on the machine's speed, so only the range is checked).
    expect(reading.warnings).toHaveLength(1)
    expect(reading.warnings[0]).toMatch(
      /slow-hop\/0 could not be read: no whole answer within 0.45 s, its [1-4] redirect\(s\) included\.$/
    )
    expect(requested.length).toBeGreaterThanOrEqual(2)
    expect(requested.length).toBeLessThanOrEqual(5)
  })

  it('bad gzip is "malformed"', async () => {
    const gz = gzipSync(urlset([new URL('/z', site).href]))
    files = {
      '/robots.txt': 'Sitemap: /bad.xml.gz',
      '/bad.xml.gz': Buffer.concat([gz.subarray(0, 3), Buffer.from([0xff]), gz.subarray(4)])
    }
    const reading = await read()
    expect(reading.warnings.join('\n')).toMatch(/bad.xml.gz is malformed: /)
  })

  it('a sitemap that stops arriving is "could not be read whole", not "malformed"', async () => {
    stalled = new Set(['/slow.xml'])
    files = { '/robots.txt': 'Sitemap: /slow.xml' }
    try {
      const reading = await read({ kind: 'auto' }, SITEMAP_LIMITS, 300)
      expect(reading.warnings).toEqual([
        `Sitemap ${new URL('/slow.xml', site).href} could not be read whole: the answer did not end within 0.3 s.`
      ])
    } finally {
      stalled = new Set()
    }
  })

  it('reads a sitemap given by URL, and nothing with none', async () => {
    files = { '/custom.xml.gz': gzipSync(urlset([new URL('/c', site).href])) }
    const given = await read({ kind: 'url', url: new URL('/custom.xml.gz', site) })
    expect([...given.pages]).toEqual(['/c'])
    requested.length = 0
    expect((await read({ kind: 'none' })).found).toBe(false)
    expect(requested).toEqual([])
  })
})

describe('readSitemaps on an https site (a fake fetcher)', () => {
  /** Answers by URL: a body, or a redirect; records every URL asked for. */
  function fakeFetcher(answers: Record<string, string | [number, string]>) {
    const asked: string[] = []
    return {
      asked,
      open: async (url: URL) => {
        asked.push(url.href)
        const answer = answers[url.href]
        if (Array.isArray(answer)) {
          return { status: answer[0], headers: { location: answer[1] }, body: Readable.from([]) }
        }
        if (answer === undefined) return { status: 404, headers: {}, body: Readable.from([]) }
        return { status: 200, headers: {}, body: Readable.from([Buffer.from(answer)]) }
      }
    }
  }
  const site = new URL('https://www.example.com')

  it('reads an http:// sitemap on the site over https', async () => {
    const fetcher = fakeFetcher({
      'https://www.example.com/robots.txt': 'Sitemap: http://www.example.com/s.xml',
      'https://www.example.com/s.xml': urlset(['http://www.example.com/p'])
    })
    const reading = await readSitemapPages({ kind: 'auto' }, site, fetcher, { timeoutMs: 1000 })
    expect(fetcher.asked).toEqual([
      'https://www.example.com/robots.txt',
      'https://www.example.com/s.xml'
    ])
    expect([...reading.pages]).toEqual(['/p'])
  })

  it('a named sitemap elsewhere cannot send the runner to a local service', async () => {
    const fetcher = fakeFetcher({
      'https://files.example.net/s.xml': [302, 'http://127.0.0.1:8080/admin.xml']
    })
    const reading = await readSitemapPages(
      { kind: 'url', url: new URL('https://files.example.net/s.xml') },
      site,
      fetcher,
      { timeoutMs: 1000 }
    )
    expect(fetcher.asked).toEqual(['https://files.example.net/s.xml'])
    expect(reading.warnings.join('\n')).toMatch(
      /HTTP 302 to http:\/\/127.0.0.1:8080\/admin.xml, not followed \(https only\)/
    )
  })
})

describe('a loopback site on https', () => {
  it('does not follow a redirect from https down to plain http, even on this machine', async () => {
    const asked: string[] = []
    const fetcher = {
      open: async (url: URL) => {
        asked.push(url.href)
        return url.href === 'https://127.0.0.1:8443/s.xml'
          ? {
              status: 302,
              headers: { location: 'http://127.0.0.1:8080/s.xml' },
              body: Readable.from([])
            }
          : {
              status: 200,
              headers: {},
              body: Readable.from([urlset(['https://127.0.0.1:8443/p'])])
            }
      }
    }
    const reading = await readSitemapPages(
      { kind: 'url', url: new URL('https://127.0.0.1:8443/s.xml') },
      new URL('https://127.0.0.1:8443'),
      fetcher,
      { timeoutMs: 1000 }
    )
    expect(asked).toEqual(['https://127.0.0.1:8443/s.xml'])
    expect(reading.warnings).toEqual([
      'Sitemap https://127.0.0.1:8443/s.xml could not be read: HTTP 302 to http://127.0.0.1:8080/s.xml, not followed (https only).'
    ])
  })
})

describe('an answer whose header names keep the server’s case', () => {
  it('follows its Location and decodes its Content-Encoding, robots.txt and sitemap alike', async () => {
    // Node gives header names in lower case; a fetcher over another client (or a proxy that
    // hands on the server's spelling) may not, and the reader must not miss them then.
    const site = new URL('https://www.example.com')
    const asked: string[] = []
    const answers: Record<
      string,
      { status: number; headers: Record<string, string>; body: Buffer }
    > = {
      'https://www.example.com/robots.txt': {
        status: 200,
        headers: { 'Content-Encoding': 'deflate' },
        body: deflateSync('Sitemap: https://www.example.com/old.xml')
      },
      'https://www.example.com/old.xml': {
        status: 301,
        headers: { Location: '/new.xml' },
        body: Buffer.alloc(0)
      },
      'https://www.example.com/new.xml': {
        status: 200,
        headers: { 'CONTENT-ENCODING': 'br' },
        body: brotliCompressSync(urlset(['https://www.example.com/p']))
      }
    }
    const fetcher = {
      open: async (url: URL) => {
        asked.push(url.href)
        const answer = answers[url.href] ?? { status: 404, headers: {}, body: Buffer.alloc(0) }
        return { ...answer, body: Readable.from([answer.body]) }
      }
    }
    const reading = await readSitemapPages({ kind: 'auto' }, site, fetcher, { timeoutMs: 1000 })
    expect(reading.warnings).toEqual([])
    expect(asked).toEqual(Object.keys(answers))
    expect(reading.files).toEqual(['https://www.example.com/new.xml'])
    expect([...reading.pages]).toEqual(['/p'])
  })
})

describe('SitemapXmlReader', () => {
  /** A reader that records the pages and child sitemaps it finds. */
  function recorder() {
    const found = { pages: [] as string[], sitemaps: [] as string[] }
    const reader = new SitemapXmlReader({
      onPage: url => found.pages.push(url),
      onSitemap: url => found.sitemaps.push(url),
      onEntryProblem: () => undefined,
      onKind: () => undefined
    })
    return { reader, found }
  }

  it('reads namespaced, chunked XML with CDATA and entities', () => {
    const { reader, found } = recorder()
    const xml = `<s:urlset xmlns:s="${NS}"><s:url><s:loc> https://x/a?b=1&amp;c=2 </s:loc></s:url><s:url><s:loc><![CDATA[https://x/d]]></s:loc></s:url></s:urlset>`
    for (let i = 0; i < xml.length; i += 7) reader.write(xml.slice(i, i + 7))
    reader.close()
    expect(found.pages).toEqual(['https://x/a?b=1&c=2', 'https://x/d'])
    expect(reader.fileKind).toBe('urlset')
  })

  it('stops on text without tags long before it fills the memory', () => {
    const { reader } = recorder()
    reader.write('<urlset><url><loc>')
    const junk = 'x'.repeat(256 * 1024)
    expect(() => {
      for (let i = 0; i < 8; i++) reader.write(junk)
    }).toThrow(/without a tag/)
  })
})
