/**
 * Sitemaps are untrusted input from the internet: a small gzip file can unpack to 50 MB of
 * whatever costs a reader most. Each case here is a file built to make the reader do much more
 * work, or keep much more, than its size; the reading must stay bounded. Work is counted (the
 * characters trimmed, the bytes pulled from the body), never timed.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { Readable } from 'node:stream'
import { SITEMAP_LIMITS, type SitemapLimits } from '../../src/sitemap/read-sitemaps.js'
import { readSitemapPages } from '../support/read-sitemap-pages.js'

const SITE = 'https://www.example.com'
const CHUNK = 64 * 1024

/** A fake site: URL -> body (a 200), handed over in chunks; everything else is a 404. */
/** What a reading took from the fake site: bytes of bodies, and requests. */
interface Pulled {
  bytes: number
  requests?: number
}

function siteOf(files: Record<string, string | Buffer>, pulled: Pulled = { bytes: 0 }) {
  return {
    pulled,
    open: async (url: URL) => {
      pulled.requests = (pulled.requests ?? 0) + 1
      const file = files[url.href]
      if (file === undefined) return { status: 404, headers: {}, body: Readable.from([]) }
      const body = Buffer.from(file)
      async function* chunks(): AsyncGenerator<Buffer> {
        for (let i = 0; i < body.length; i += CHUNK) {
          pulled.bytes += Math.min(CHUNK, body.length - i)
          yield body.subarray(i, i + CHUNK)
        }
      }
      return { status: 200, headers: {}, body: Readable.from(chunks()) }
    }
  }
}

async function read(
  files: Record<string, string | Buffer>,
  limits: SitemapLimits = SITEMAP_LIMITS,
  pulled: Pulled = { bytes: 0 }
) {
  return readSitemapPages(
    { kind: 'url', url: new URL(`${SITE}/sitemap`) },
    new URL(SITE),
    siteOf(files, pulled),
    { timeoutMs: 30_000, limits }
  )
}

/** The characters the reading trims, in all: linear in the file's size, or it is quadratic. */
async function charactersTrimmed(reading: () => Promise<unknown>): Promise<number> {
  let count = 0
  const methods = ['trim', 'trimStart', 'trimEnd'] as const
  const originals = methods.map(name => String.prototype[name])
  methods.forEach((name, i) => {
    const original = originals[i] as () => string
    String.prototype[name] = function (this: string) {
      count += this.length
      return original.call(this)
    }
  })
  try {
    await reading()
  } finally {
    methods.forEach((name, i) => {
      String.prototype[name] = originals[i] as () => string
    })
  }
  return count
}

afterEach(() => {
  jest.restoreAllMocks()
})

describe('spaces around a URL cost each character once', () => {
  it('a text sitemap with a line of 8 MiB of spaces', async () => {
    const body = `${SITE}/a\n${' '.repeat(8 * 1024 * 1024)}\n${SITE}/b\n`
    let pages: string[] = []
    const trimmed = await charactersTrimmed(async () => {
      pages = [...(await read({ [`${SITE}/sitemap`]: body })).pages]
    })
    expect(pages).toEqual(['/a', '/b'])
    expect(trimmed).toBeLessThan(4 * body.length)
  })

  it('a text sitemap whose URL is followed by 8 MiB of spaces, then more on its line', async () => {
    const spaces = ' '.repeat(8 * 1024 * 1024)
    const body = `${SITE}/first\n${SITE}/kept${spaces}\n${SITE}/cut${spaces}x\n`
    let reading: Awaited<ReturnType<typeof read>> | undefined
    const trimmed = await charactersTrimmed(async () => {
      reading = await read({ [`${SITE}/sitemap`]: body })
    })
    // Spaces around a URL are allowed; a line with more after them is longer than any URL.
    expect([...(reading?.pages ?? [])]).toEqual(['/first', '/kept'])
    expect(reading?.warnings).toEqual([
      `Sitemap ${SITE}/sitemap: 1 URL(s) longer than 2048 characters (the protocol's limit) skipped.`
    ])
    expect(trimmed).toBeLessThan(4 * body.length)
  })

  it('a <loc> made of 80,000 CDATA sections of one space each', async () => {
    const body = `<urlset><url><loc>${'<![CDATA[ ]]>'.repeat(80_000)}${SITE}/a</loc></url></urlset>`
    let pages: string[] = []
    const trimmed = await charactersTrimmed(async () => {
      pages = [...(await read({ [`${SITE}/sitemap`]: body })).pages]
    })
    expect(pages).toEqual(['/a'])
    expect(trimmed).toBeLessThan(4 * body.length)
  })

  it('a <loc> whose URL is followed by 4,000 spaces and more text is too long', async () => {
    const body = `<urlset><url><loc>${SITE}/a${' '.repeat(4000)}b</loc></url><url><loc>${SITE}/c${' '.repeat(4000)}</loc></url></urlset>`
    const reading = await read({ [`${SITE}/sitemap`]: body })
    expect([...reading.pages]).toEqual(['/c'])
    expect(reading.warnings).toEqual([
      `Sitemap ${SITE}/sitemap: 1 URL(s) longer than 2048 characters (the protocol's limit) skipped.`
    ])
  })
})

describe('what comes before the content', () => {
  it('more than 1 MiB of blank space before anything else is not a sitemap, and is not read on', async () => {
    const body = `${' '.repeat(8 * 1024 * 1024)}<urlset><url><loc>${SITE}/a</loc></url></urlset>`
    const pulled = { bytes: 0 }
    const reading = await read({ [`${SITE}/sitemap`]: body }, SITEMAP_LIMITS, pulled)
    expect([...reading.pages]).toEqual([])
    expect(reading.warnings).toEqual([
      `Sitemap ${SITE}/sitemap is not a sitemap: it is an answer that starts with more than 1 MiB of blank space. To fix it, check the URL in the sitemap input, or set sitemap: none.`
    ])
    expect(pulled.bytes).toBeLessThanOrEqual(1024 * 1024 + 2 * CHUNK)
  })

  it('blank lines and a byte-order mark before a text sitemap keep its line numbers', async () => {
    const body = `\uFEFF\n\n  \n${SITE}/a\nnot a url\n`
    const reading = await read({ [`${SITE}/sitemap`]: body })
    expect([...reading.pages]).toEqual(['/a'])
    expect(reading.warnings).toEqual([
      `Sitemap ${SITE}/sitemap: 1 line(s) that are not URLs skipped (the first, line 5: "not a url").`
    ])
  })

  it('a text sitemap whose first line is longer than the start that is looked at', async () => {
    const body = `${SITE}/a${' '.repeat(5000)}\n${SITE}/b\n`
    const reading = await read({ [`${SITE}/sitemap`]: body })
    expect([...reading.pages]).toEqual(['/a', '/b'])
    expect(reading.warnings).toEqual([])
  })
})

describe('elements nested in one another', () => {
  it('more than 100 deep: stopped there, the pages before it kept', async () => {
    const body = `<urlset><url><loc>${SITE}/a</loc></url>${'<a>'.repeat(2_000_000)}`
    const pulled = { bytes: 0 }
    const reading = await read({ [`${SITE}/sitemap`]: body }, SITEMAP_LIMITS, pulled)
    expect([...reading.pages]).toEqual(['/a'])
    expect(reading.warnings).toEqual([
      `Sitemap ${SITE}/sitemap is malformed: line 1, column 355: more than 100 elements nested in one another (the 1 URL(s) read before it were kept).`
    ])
    expect(pulled.bytes).toBeLessThanOrEqual(2 * CHUNK)
  })

  it('an Atom entry with XHTML content 60 elements deep is read', async () => {
    const content = `${'<div>'.repeat(60)}text${'</div>'.repeat(60)}`
    const body = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="${SITE}/post"/><content type="xhtml">${content}</content></entry></feed>`
    const reading = await read({ [`${SITE}/sitemap`]: body })
    expect([...reading.pages]).toEqual(['/post'])
    expect(reading.warnings).toEqual([])
  })
})

describe('indexes', () => {
  const index = (count: number, name: (i: number) => string): string =>
    `<sitemapindex>${Array.from({ length: count }, (_, i) => `<sitemap><loc>${SITE}/${name(i)}</loc></sitemap>`).join('')}</sitemapindex>`

  it('an index of 1,000 missing sitemaps: 50 files asked for, not 1,000', async () => {
    const pulled: Pulled = { bytes: 0 }
    const reading = await read(
      { [`${SITE}/sitemap`]: index(1000, i => `gone-${i}.xml`) },
      SITEMAP_LIMITS,
      pulled
    )
    expect(pulled.requests).toBe(50)
    expect(reading.warnings).toHaveLength(50)
    expect(reading.warnings.at(-2)).toBe(`Sitemap ${SITE}/gone-48.xml answered HTTP 404; not read.`)
    expect(reading.warnings.at(-1)).toBe('Sitemaps: more than 50 sitemap files; 951 were not read.')
  })

  it('an index lists at most 50,000 sitemaps (here 20): the rest is not read', async () => {
    const files: Record<string, string> = { [`${SITE}/sitemap`]: index(30, i => `s-${i}.xml`) }
    for (let i = 0; i < 30; i++) {
      files[`${SITE}/s-${i}.xml`] = `<urlset><url><loc>${SITE}/p${i}</loc></url></urlset>`
    }
    const reading = await read(files, { ...SITEMAP_LIMITS, urlsPerFile: 20, files: 100 })
    expect(reading.pages.length).toBe(20)
    expect(reading.warnings).toEqual([
      `Sitemap index ${SITE}/sitemap lists more than 20 sitemaps (the protocol's limit for one index); the rest of it was not read.`
    ])
  })
})

describe('the time budget', () => {
  it("counts the reading of a file's bytes, not only their arriving", async () => {
    // A clock that moves a second for every chunk read: a file that arrived at once (a small
    // gzip file) and then costs much to read.
    let clock = 1_000_000
    jest.spyOn(Date, 'now').mockImplementation(() => clock)
    const line = (i: number): string => `${SITE}/p${i}\n`
    const chunks = Array.from({ length: 100 }, (_, i) => Buffer.from(line(i)))
    async function* body(): AsyncGenerator<Buffer> {
      for (const chunk of chunks) {
        clock += 1000
        yield chunk
      }
    }
    const reading = await readSitemapPages(
      { kind: 'url', url: new URL(`${SITE}/sitemap`) },
      new URL(SITE),
      { open: async () => ({ status: 200, headers: {}, body: Readable.from(body()) }) },
      { timeoutMs: 30_000 }
    )
    expect(reading.pages.length).toBeLessThan(35)
    expect(reading.warnings).toEqual([
      `Sitemap ${SITE}/sitemap could not be read whole: it took more than 30 s (the ${reading.pages.length} URL(s) read before it were kept).`
    ])
  })
})

describe("the time budget, on the reading's clock", () => {
  /** A clock the test moves by hand; Date is left alone, so a budget read from it never trips. */
  function handClock() {
    const clock = {
      time: 1_000_000,
      now: () => clock.time,
      sleep: async () => {}
    }
    return clock
  }

  it("trips on the clock it is given while a file's bytes are read, not on Date", async () => {
    const clock = handClock()
    const chunks = Array.from({ length: 100 }, (_, i) => Buffer.from(`${SITE}/p${i}\n`))
    async function* body(): AsyncGenerator<Buffer> {
      for (const chunk of chunks) {
        clock.time += 1000
        yield chunk
      }
    }
    const reading = await readSitemapPages(
      { kind: 'url', url: new URL(`${SITE}/sitemap`) },
      new URL(SITE),
      { open: async () => ({ status: 200, headers: {}, body: Readable.from(body()) }) },
      { timeoutMs: 30_000, clock }
    )
    expect(reading.pages.length).toBeLessThan(35)
    expect(reading.warnings).toEqual([
      `Sitemap ${SITE}/sitemap could not be read whole: it took more than 30 s (the ${reading.pages.length} URL(s) read before it were kept).`
    ])
  })

  it('trips on the clock it is given across redirects, and hands each GET what is left', async () => {
    const clock = handClock()
    const timeouts: number[] = []
    const reading = await readSitemapPages(
      { kind: 'url', url: new URL(`${SITE}/hop/0`) },
      new URL(SITE),
      {
        open: async (url: URL, timeoutMs: number) => {
          timeouts.push(timeoutMs)
          clock.time += 600
          const next = Number(url.pathname.split('/').pop()) + 1
          return { status: 301, headers: { location: `/hop/${next}` }, body: Readable.from([]) }
        }
      },
      { timeoutMs: 1000, clock }
    )
    expect(timeouts).toEqual([1000, 400])
    expect(reading.warnings).toEqual([
      `Sitemap ${SITE}/hop/0 could not be read: no whole answer within 1 s, its 2 redirect(s) included.`
    ])
  })
})

describe('the runner itself is out of reach of a file on the internet', () => {
  /** A fake internet: URL -> [status, headers, body]; records what is asked for. */
  function internet(routes: Record<string, [number, Record<string, string>, string]>) {
    const requested: string[] = []
    return {
      requested,
      open: async (url: URL) => {
        requested.push(url.href)
        const [status, headers, body] = routes[url.href] ?? [404, {}, '']
        return { status, headers, body: Readable.from([Buffer.from(body)]) }
      }
    }
  }
  const LOCAL = [
    'https://0.0.0.0:8443/a.xml',
    'https://0/b.xml',
    'https://[::]/c.xml',
    'https://[::ffff:127.0.0.1]/d.xml',
    'https://[::ffff:0.0.0.0]/e.xml',
    'https://localhost./f.xml',
    'https://admin.localhost/g.xml'
  ]

  it('by its other names: 0.0.0.0, [::], IPv4-mapped, localhost. and *.localhost', async () => {
    const site = internet({
      [`${SITE}/robots.txt`]: [200, {}, LOCAL.map(url => `Sitemap: ${url}`).join('\n')]
    })
    const reading = await readSitemapPages({ kind: 'auto' }, new URL(SITE), site, {
      timeoutMs: 5000
    })
    expect(site.requested).toEqual([`${SITE}/robots.txt`])
    expect(reading.warnings).toHaveLength(LOCAL.length)
    for (const warning of reading.warnings) {
      expect(warning).toMatch(
        /is not read: a loopback address, listed by a file that is not on one\.$/
      )
    }
  })

  it('nor by a redirect of a file on another host', async () => {
    const cdn = 'https://cdn.example.net'
    const site = internet({
      [`${SITE}/robots.txt`]: [200, {}, `Sitemap: ${cdn}/s.xml`],
      [`${cdn}/s.xml`]: [302, { location: 'https://[::]:9200/_cat/indices' }, '']
    })
    const reading = await readSitemapPages({ kind: 'auto' }, new URL(SITE), site, {
      timeoutMs: 5000
    })
    expect(site.requested).toEqual([`${SITE}/robots.txt`, `${cdn}/s.xml`])
    expect(reading.warnings).toEqual([
      `Sitemap ${cdn}/s.xml could not be read: HTTP 302 to [::]:9200, a loopback address; not followed.`
    ])
  })

  it('a redirect with credentials in it says so', async () => {
    const local = 'http://127.0.0.1:8080'
    const site = internet({
      [`${local}/s.xml`]: [301, { location: 'http://user:secret@127.0.0.1:8080/t.xml' }, '']
    })
    const reading = await readSitemapPages(
      { kind: 'url', url: new URL(`${local}/s.xml`) },
      new URL(local),
      site,
      { timeoutMs: 5000 }
    )
    expect(reading.warnings).toEqual([
      `Sitemap ${local}/s.xml could not be read: HTTP 301 to a URL with credentials in it (on 127.0.0.1:8080); not followed.`
    ])
    expect(reading.warnings.join('\n')).not.toContain('secret')
  })
})

describe('an answer that lists thousands of content codings', () => {
  it('is not decoded: one warning with the count, and the rule', async () => {
    const sitemap = `${SITE}/sitemap`
    const codings = Array.from({ length: 5000 }, () => 'br').join(',')
    const site = {
      open: async () => ({
        status: 200,
        headers: { 'content-encoding': codings },
        body: Readable.from([Buffer.from(`<urlset><url><loc>${SITE}/a</loc></url></urlset>`)])
      })
    }
    const reading = await readSitemapPages(
      { kind: 'url', url: new URL(sitemap) },
      new URL(SITE),
      site,
      {
        timeoutMs: 30_000
      }
    )
    expect(reading.warnings).toEqual([
      `Sitemap ${sitemap} could not be read: the answer lists 5000 content codings; at most 2 are decoded.`
    ])
  })

  it('robots.txt that lists them is not read either, and says why', async () => {
    const codings = Array.from({ length: 3 }, () => 'gzip').join(', ')
    const site = {
      open: async (url: URL) => ({
        status: url.pathname === '/robots.txt' ? 200 : 404,
        headers: url.pathname === '/robots.txt' ? { 'content-encoding': codings } : {},
        body: Readable.from([Buffer.from(`Sitemap: ${SITE}/s.xml\n`)])
      })
    }
    const reading = await readSitemapPages({ kind: 'auto' }, new URL(SITE), site, {
      timeoutMs: 30_000
    })
    expect(reading.warnings[0]).toBe(
      `Sitemaps: could not read ${SITE}/robots.txt: the answer lists 3 content codings; at most 2 are decoded.`
    )
  })
})
