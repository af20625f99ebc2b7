import { describe, it, expect, beforeAll, afterAll, beforeEach } from '@jest/globals'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { createInterface } from 'node:readline'
import {
  startEmulator,
  patternMatches,
  folderTagsFor,
  expandSite,
  mulberry32,
  SUCCESS_MESSAGE,
  ENDPOINTS,
  type Emulator
} from '../../emulator/server.mjs'
import { sampleSite, sampleSiteByCountry } from '../../emulator/site.mjs'

interface ApiBody {
  result?: boolean
  message?: string
  purged?: number
  error?: { message?: string }
  [key: string]: unknown
}

interface Answer {
  status: number
  headers: Headers
  text: string
  body: ApiBody
}

const KEY = 'emulator-key'
let emu: Emulator

beforeAll(async () => {
  emu = await startEmulator()
})

afterAll(async () => {
  await emu.close()
})

beforeEach(() => {
  emu.seed(sampleSite)
  emu.reset()
  emu.apiKey = KEY
  emu.latencyMs = 0
  emu.requireCountry = false
})

function parse(text: string): ApiBody {
  try {
    return JSON.parse(text) as ApiBody
  } catch {
    return {}
  }
}

async function call(
  path: string,
  init: {
    body?: unknown
    raw?: string
    method?: string
    key?: string | null
    contentType?: string | null
    signal?: AbortSignal
  } = {}
): Promise<Answer> {
  const key = init.key === undefined ? KEY : init.key
  const url = `${emu.url}${path}${key === null ? '' : `?api_key=${encodeURIComponent(key)}`}`
  const headers: Record<string, string> = {}
  const contentType = init.contentType === undefined ? 'application/json' : init.contentType
  if (contentType !== null) headers['content-type'] = contentType
  const method = init.method ?? 'POST'
  const res = await fetch(url, {
    method,
    headers,
    body: method === 'GET' ? undefined : (init.raw ?? JSON.stringify(init.body ?? {})),
    signal: init.signal
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, body: parse(text) }
}

const purgeTag = (tag: unknown, country?: string) =>
  call(ENDPOINTS.tag, { body: country === undefined ? { tag } : { tag, country } })
const purgeUrl = (url: unknown, country?: string) =>
  call(ENDPOINTS.url, { body: country === undefined ? { url } : { url, country } })
const purgePattern = (pattern: unknown, country?: string) =>
  call(ENDPOINTS.pattern, { body: country === undefined ? { pattern } : { pattern, country } })

async function control(path: string, body?: unknown, method = 'POST'): Promise<Answer> {
  const res = await fetch(`${emu.url}/_emulator${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {})
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, body: parse(text) }
}

const cachedPaths = () => new Set(emu.cache.paths())

describe('purge endpoints', () => {
  it('purges by tag: every device of every page with any of the tags', async () => {
    const before = emu.cache.size
    const answer = await purgeTag(['post-1', 'docs'])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ result: true, message: SUCCESS_MESSAGE, purged: 9 })
    expect(emu.cache.has('/blog/hello-world.html')).toBe(false)
    expect(emu.cache.has('/docs/')).toBe(false)
    expect(emu.cache.has('/docs/guide/install')).toBe(false)
    expect(emu.cache.has('/blog/second-post.html')).toBe(true)
    expect(emu.cache.size).toBe(before - 9)
  })

  it('purges by URL exactly: / is the home page only', async () => {
    const answer = await purgeUrl(['/'])
    expect(answer.status).toBe(200)
    expect(answer.body.purged).toBe(3)
    expect(emu.cache.has('/')).toBe(false)
    expect(emu.cache.has('/blog/')).toBe(true)
    expect(emu.cache.has('/about')).toBe(true)
  })

  it('matches the query too: one product colour only', async () => {
    const answer = await purgeUrl(['/products/shoes?color=red'])
    expect(answer.body.purged).toBe(2)
    expect(emu.cache.has('/products/shoes?color=red')).toBe(false)
    expect(emu.cache.has('/products/shoes?color=blue')).toBe(true)
  })

  it('accepts uncached URLs (purged: 0) and records them', async () => {
    const answer = await purgeUrl(['/not/cached', '/also?not=1'])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ result: true, message: SUCCESS_MESSAGE, purged: 0 })
    expect(emu.purgedUrls.has('/not/cached')).toBe(true)
    expect(emu.purgeCounts.get('/also?not=1')).toBe(1)
  })

  it('purges by pattern what the pattern matches and nothing else', async () => {
    const answer = await purgePattern('#^/blog/.*$#')
    expect(answer.status).toBe(200)
    expect(answer.body.purged).toBe(10)
    const left = cachedPaths()
    expect([...left].filter(p => p.startsWith('/blog/'))).toEqual([])
    expect(left.has('/fr/blog/bonjour.html')).toBe(true)
    expect(left.has('/')).toBe(true)
  })

  it('applies PCRE modifiers (i)', async () => {
    expect((await purgePattern('#^/DOCS/GUIDE/#')).body.purged).toBe(0)
    expect((await purgePattern('#^/DOCS/GUIDE/#i')).body.purged).toBe(4)
  })

  it('answers with a unique request id and application/json on every response', async () => {
    const answers = [
      await purgeTag(['home']),
      await purgeTag(['home'], 'bad'),
      await call('/nope'),
      await call(ENDPOINTS.tag, { method: 'GET' }),
      await control('/state', undefined, 'GET')
    ]
    const ids = answers.map(a => a.headers.get('x-emu-requestid'))
    for (const [k, a] of answers.entries()) {
      expect(ids[k]).toMatch(/\S{8,}/)
      expect(a.headers.get('content-type')).toBe('application/json')
    }
    expect(new Set(ids).size).toBe(answers.length)
    expect(emu.requests.map(r => r.id)).toEqual(ids.slice(0, 4))
  })

  it('uses the brand in the request id header', async () => {
    const other = await startEmulator({ brand: 'acme', apiKey: 'k2', site: [] })
    try {
      const res = await fetch(`${other.url}${ENDPOINTS.tag}?api_key=k2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"tag":["x"]}'
      })
      await res.text()
      expect(res.status).toBe(200)
      expect(res.headers.get('x-acme-requestid')).toBeTruthy()
      expect(res.headers.get('x-emu-requestid')).toBeNull()
    } finally {
      await other.close()
    }
  })
})

describe('validation', () => {
  const cases: [string, () => Promise<Answer>, number, RegExp][] = [
    ['wrong method', () => call(ENDPOINTS.url, { method: 'GET' }), 405, /not allowed/],
    [
      'unknown path',
      () => call('/api/v1/cache/purge/nope', { body: { tag: ['a'] } }),
      404,
      /Not found/
    ],
    [
      'missing api key',
      () => call(ENDPOINTS.tag, { body: { tag: ['home'] }, key: null }),
      401,
      /^Invalid API key$/
    ],
    [
      'wrong api key',
      () => call(ENDPOINTS.tag, { body: { tag: ['home'] }, key: 'nope' }),
      401,
      /^Invalid API key$/
    ],
    [
      'no content type',
      () => call(ENDPOINTS.tag, { raw: '{"tag":["home"]}', contentType: null }),
      400,
      /Content-Type/
    ],
    [
      'text/plain',
      () => call(ENDPOINTS.tag, { raw: '{"tag":["home"]}', contentType: 'text/plain' }),
      400,
      /Content-Type/
    ],
    ['body not JSON', () => call(ENDPOINTS.tag, { raw: '{"tag":["home"]' }), 400, /not valid JSON/],
    ['empty body', () => call(ENDPOINTS.tag, { raw: '' }), 400, /body/],
    ['body an array', () => call(ENDPOINTS.tag, { raw: '["home"]' }), 400, /JSON object/],
    [
      'tag missing',
      () => call(ENDPOINTS.tag, { body: { tags: ['home'] } }),
      400,
      /Missing parameter: tag/
    ],
    ['tag a string', () => purgeTag('home'), 400, /array/],
    ['tag empty', () => purgeTag([]), 400, /empty/],
    ['tag not strings', () => purgeTag(['home', 3]), 400, /strings/],
    [
      'url missing',
      () => call(ENDPOINTS.url, { body: { urls: ['/'] } }),
      400,
      /Missing parameter: url/
    ],
    ['url not an array', () => purgeUrl('/'), 400, /array/],
    ['url empty', () => purgeUrl([]), 400, /empty/],
    ['url not strings', () => purgeUrl(['/', null]), 400, /strings/],
    ['absolute url', () => purgeUrl(['https://example.com/']), 400, /relative/],
    ['protocol-relative url', () => purgeUrl(['//example.com/about']), 400, /relative/],
    ['url without leading slash', () => purgeUrl(['about']), 400, /relative/],
    [
      'pattern missing',
      () => call(ENDPOINTS.pattern, { body: { regex: '#a#' } }),
      400,
      /Missing parameter: pattern/
    ],
    ['pattern not a string', () => purgePattern(['#a#']), 400, /string/],
    [
      'pattern unterminated group',
      () => purgePattern('#^/blog/(#'),
      422,
      /Invalid regular expression/
    ],
    ['pattern without delimiters', () => purgePattern('^/blog/.*$'), 422, /ending delimiter/],
    ['pattern alphanumeric delimiter', () => purgePattern('a/blog/a'), 422, /Delimiter/],
    ['pattern unknown modifier', () => purgePattern('/blog/.*'), 422, /Unknown modifier '\.'/],
    ['country lower case', () => purgeTag(['home'], 'it'), 400, /country/],
    ['country three letters', () => purgeTag(['home'], 'ITA'), 400, /country/],
    [
      'country a number',
      () => call(ENDPOINTS.url, { body: { url: ['/'], country: 39 } }),
      400,
      /country/
    ],
    ['country on pattern', () => purgePattern('#^/#', 'all'), 400, /country/]
  ]

  it.each(cases)('%s', async (_name, send, status, message) => {
    const before = emu.cache.size
    const answer = await send()
    expect(answer.status).toBe(status)
    expect(answer.body.error?.message).toMatch(message)
    expect(Object.keys(answer.body)).toEqual(['error'])
    expect(emu.cache.size).toBe(before)
    expect(emu.history).toHaveLength(0)
  })

  it('says which methods are allowed on a 405', async () => {
    const answer = await call(ENDPOINTS.pattern, { method: 'PUT' })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('POST')
  })

  it('accepts a charset in the content type', async () => {
    const answer = await call(ENDPOINTS.tag, {
      raw: '{"tag":["home"]}',
      contentType: 'Application/JSON; charset=utf-8'
    })
    expect(answer.status).toBe(200)
  })
})

describe('api key and request log', () => {
  it('matches a key with reserved characters only when it is URL-encoded', async () => {
    emu.apiKey = 'k&y=1 +/%é'
    const good = await call(ENDPOINTS.tag, { body: { tag: ['home'] }, key: emu.apiKey })
    expect(good.status).toBe(200)
    const raw = await fetch(`${emu.url}${ENDPOINTS.tag}?api_key=${emu.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"tag":["home"]}'
    })
    await raw.text()
    expect(raw.status).toBe(401)
    expect(emu.requests.map(r => r.apiKeyMatched)).toEqual([true, false])
    expect(emu.requests.map(r => r.apiKeyOk)).toEqual([true, false])
  })

  it('logs the request with the key masked, the raw query kept apart', async () => {
    await call(`${ENDPOINTS.url}`, { body: { url: ['/about'] } })
    const [entry] = emu.requests
    expect(entry).toMatchObject({
      method: 'POST',
      path: ENDPOINTS.url,
      query: 'api_key=***',
      rawQuery: `api_key=${KEY}`,
      apiKeyMatched: true,
      body: { url: ['/about'] },
      status: 200,
      purged: 2,
      fault: null,
      answered: true
    })
    expect(entry?.query).not.toContain(KEY)
  })

  it('logs a body that is not JSON as text', async () => {
    await call(ENDPOINTS.tag, { raw: 'tag=home' })
    expect(emu.requests[0]?.body).toBe('tag=home')
  })
})

describe('countries', () => {
  beforeEach(() => {
    emu.seed(sampleSiteByCountry)
    emu.reset()
  })

  it('purges only the named country', async () => {
    const answer = await purgeTag(['home'], 'IT')
    expect(answer.body.purged).toBe(3)
    expect(emu.cache.count('/', { country: 'IT' })).toBe(0)
    expect(emu.cache.count('/', { country: 'FR' })).toBe(3)
    expect(emu.cache.count('/', { country: 'US' })).toBe(3)
  })

  it('purges every country with ALL', async () => {
    expect((await purgeUrl(['/'], 'ALL')).body.purged).toBe(9)
    expect(emu.cache.has('/')).toBe(false)
  })

  it('purges every country when country is absent', async () => {
    expect((await purgePattern('#^/$#')).body.purged).toBe(9)
    expect(emu.cache.has('/')).toBe(false)
  })

  it('purges nothing for a country the page is not cached in', async () => {
    expect((await purgeUrl(['/fr/accueil'], 'IT')).body.purged).toBe(0)
    expect((await purgeUrl(['/fr/accueil'], 'FR')).body.purged).toBe(2)
  })

  it('can require a country on a Cache By Country site', async () => {
    emu.requireCountry = true
    const answer = await purgeTag(['home'])
    expect(answer.status).toBe(400)
    expect(answer.body.error?.message).toMatch(/country/)
    expect((await purgeTag(['home'], 'ALL')).status).toBe(200)
  })

  it('ignores a country on a site that does not cache by country', async () => {
    emu.seed(sampleSite)
    expect((await purgeUrl(['/'], 'IT')).body.purged).toBe(3)
  })
})

describe('tags from header, pattern rules and folders', () => {
  it('computes folder tags; the last segment is the page', () => {
    expect(folderTagsFor('/A/B/C/page')).toEqual(['folder-A', 'folder-A-f-B', 'folder-A-f-B-f-C'])
    expect(folderTagsFor('/blog/')).toEqual(['folder-blog'])
    expect(folderTagsFor('/about')).toEqual([])
    expect(folderTagsFor('/products/shoes?color=red/x/')).toEqual(['folder-products'])
  })

  it('purges one folder by its folder tag', async () => {
    const answer = await purgeTag(['folder-blog-f-2024'])
    expect(answer.body.purged).toBe(2)
    expect(emu.cache.has('/blog/2024/01/new-year.html')).toBe(false)
    expect(emu.cache.has('/blog/hello-world.html')).toBe(true)
    expect((await purgeTag(['folder-blog'])).body.purged).toBe(8)
    expect(emu.cache.has('/fr/blog/bonjour.html')).toBe(true)
  })

  it('tags pages by pattern rule and by exact URL rule', async () => {
    expect(emu.cache.tagsOf('/blog/second-post.html')).toContain('blog-section')
    expect(emu.cache.tagsOf('/fr/blog/bonjour.html')).not.toContain('blog-section')
    expect(emu.cache.tagsOf('/products/shoes?color=red')).toContain('catalog-shoes')
    expect((await purgeTag(['company'])).body.purged).toBe(2)
    expect(emu.cache.has('/about')).toBe(false)
    expect(emu.cache.has('/contact')).toBe(true)
  })

  it('expands a site into one entry per page, device (and country)', () => {
    const plain = expandSite(sampleSite)
    expect(plain.filter(e => e.path === '/').map(e => e.device)).toEqual([
      'mobile',
      'desktop',
      'bot'
    ])
    expect(plain.every(e => e.country === null)).toBe(true)
    const byCountry = expandSite(sampleSiteByCountry)
    expect(byCountry).toHaveLength(plain.length * 3 - 2 * 2 * 2)
  })
})

describe('patterns: PCRE2 10.42 itself, with PHP rules (the module the action uses)', () => {
  // Every expectation here is what the system libpcre2-8 answers with PHP's options (checked
  // with __tests__/support/pcre2-oracle.py); pcre2.test.ts holds the engine to that library.
  const matches = (pattern: string, path: string) => patternMatches(pattern, path)

  it.each([
    ['#^/blog/\\d++/#', '/blog/2024/01/x', true],
    ['#^/blog/\\d*+x#', '/blog/12x', true],
    ['#\\A/docs/\\z#', '/docs/', true],
    ['#\\A/docs/\\z#', '/x/docs/', false],
    ['#\\A/docs/\\z#', '/docs/\n', false],
    ['#^/docs/$#', '/docs/\n', true],
    ['#^/docs/$#D', '/docs/\n', false],
    ['#^(?>/a|/b)+$#', '/a/b', true],
    ['#^/(?P<y>\\d{4})/(?P=y)$#', '/2024/2024', true],
    ['#^/(?P<y>\\d{4})/(?P=y)$#', '/2024/2025', false],
    ['#^\\Q/a.b?\\E$#', '/a.b?', true],
    ['#^\\Q/a.b?\\E$#', '/axb', false],
    ['#(?i)^/BLOG/#', '/blog/x', true],
    ['{^/blog/}', '/blog/x', true],
    ['(^/blog/(x|y))', '/blog/y', true],
    ['/^\\/blog\\/.*$/', '/blog/x', true],
    ['#^/test-url/.+\\.html$#', '/test-url/a.html', true],
    ['#^/test-url/.+\\.html$#', '/test-url/ahtml', false],
    ['%^/a b# comment%x', '/ab', true],
    ['%^/a b# comment%x', '/a b', false],
    ['%^/a b \\# c$%x', '/ab#c', true],
    ['#^/a{2}+$#', '/aa', true],
    ['#/blog/#A', '/fr/blog/', false],
    ['#[[:digit:]]{4}#', '/2024', true],
    ['#^/\\x{41}\\x42$#', '/AB', true],
    ['#^/(a)\\g{-1}$#', '/aa', true],
    ['#^/p\\pL+$#u', '/pé', true],
    // What the former JavaScript translation could not do, PCRE2 does.
    ['#^/blog/\\K\\d+#', '/blog/2024', true],
    ['#^/(\\((?1)*\\))$#', '/(())', true],
    ['#^/(a)?(?(1)b|c)$#', '/c', true],
    ['#^/\\X$#u', '/e\u0301', true],
    // PHP gives up at pcre.backtrack_limit: the service does not purge the path.
    ['#^/(a+)+$#', `/${'a'.repeat(40)}b`, false]
  ])('%j on %j matches: %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected)
  })

  it.each([
    ['', /Empty/],
    ['#abc', /No ending delimiter '#'/],
    ['{abc', /No ending matching delimiter '}'/],
    ['abc', /Delimiter/],
    ['\\abc\\', /Delimiter/],
    ['#a#z', /Unknown modifier 'z'/],
    ['#(#', /Compilation failed: missing closing parenthesis at offset 1/],
    ['#a{2,1}#', /Compilation failed/],
    ['#[a#', /terminating \]/],
    ['#\\y#', /unrecognized character follows/],
    ['#(?<=a+)b#', /lookbehind assertion is not fixed length/]
  ])('rejects %j', (pattern, message) => {
    expect(() => patternMatches(pattern, '/')).toThrow(message)
  })

  it('purges with a PCRE-only construct over HTTP', async () => {
    const answer = await purgePattern('#\\A/blog/\\d++/.*\\.html\\z#')
    expect(answer.status).toBe(200)
    expect(answer.body.purged).toBe(2)
    expect(emu.cache.has('/blog/2024/01/new-year.html')).toBe(false)
  })

  it('answers 422 with an error body for a pattern it cannot compile', async () => {
    const answer = await purgePattern('#^/blog/(?<n#')
    expect(answer.status).toBe(422)
    expect(answer.body.error?.message).toMatch(/Invalid regular expression/)
  })
})

describe('faults', () => {
  it('answers a queued 503 with headers, then serves normally', async () => {
    emu.faults.enqueue({ status: 503, headers: { 'Retry-After': '3' } })
    const first = await purgeTag(['home'])
    expect(first.status).toBe(503)
    expect(first.headers.get('retry-after')).toBe('3')
    expect(first.body).toEqual({ error: { message: expect.any(String) } })
    expect(emu.cache.has('/')).toBe(true)
    const second = await purgeTag(['home'])
    expect(second.status).toBe(200)
    expect(emu.cache.has('/')).toBe(false)
    expect(emu.requests.map(r => r.fault)).toEqual(['503', null])
  })

  it('answers 429 with X-RateLimit-Reset and a custom body', async () => {
    emu.faults.enqueue({
      status: 429,
      headers: { 'X-RateLimit-Reset': '250' },
      body: { error: { message: 'slow down' } }
    })
    const answer = await purgeUrl(['/'])
    expect(answer.status).toBe(429)
    expect(answer.headers.get('x-ratelimit-reset')).toBe('250')
    expect(answer.body.error?.message).toBe('slow down')
  })

  it('applies queued faults in order, one per request, and repeats with times', async () => {
    emu.faults.enqueue({ status: 500, times: 2 }, { status: 502 })
    expect(emu.faults.pending()).toBe(3)
    const statuses = []
    for (let k = 0; k < 4; k++) statuses.push((await purgeUrl(['/about'])).status)
    expect(statuses).toEqual([500, 500, 502, 200])
  })

  it('applies a fault only to requests to its path', async () => {
    emu.faults.enqueue({ status: 503, path: ENDPOINTS.tag })
    expect((await purgeUrl(['/about'])).status).toBe(200)
    expect((await purgeTag(['home'])).status).toBe(503)
    expect((await purgeTag(['home'])).status).toBe(200)
  })

  it('processes a delayed request and answers late; a client timeout leaves the purge done', async () => {
    emu.faults.enqueue({ delayMs: 400 })
    await expect(purgeUrl(['/about'], undefined)).resolves.toBeDefined()
    emu.faults.enqueue({ delayMs: 400 })
    await expect(
      call(ENDPOINTS.url, { body: { url: ['/contact'] }, signal: AbortSignal.timeout(100) })
    ).rejects.toThrow()
    expect(emu.cache.has('/contact')).toBe(false)
    await new Promise(resolve => setTimeout(resolve, 500))
    expect(emu.requests[1]).toMatchObject({
      fault: 'delay',
      status: 200,
      aborted: true,
      answered: false
    })
  })

  it('waits for the delay before answering', async () => {
    emu.faults.enqueue({ delayMs: 300 })
    const started = Date.now()
    const answer = await purgeUrl(['/about'])
    expect(answer.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(280)
  })

  it('drops the connection without processing the purge', async () => {
    emu.faults.enqueue({ drop: true })
    await expect(purgeTag(['home'])).rejects.toThrow()
    expect(emu.cache.has('/')).toBe(true)
    expect(emu.history).toHaveLength(0)
    expect(emu.requests[0]).toMatchObject({ fault: 'drop', status: null })
    expect((await purgeTag(['home'])).status).toBe(200)
  })

  it('answers result false with status 200 and purges nothing', async () => {
    emu.faults.enqueue({ resultFalse: true })
    const answer = await purgeTag(['home'])
    expect(answer.status).toBe(200)
    expect(answer.body.result).toBe(false)
    expect(answer.body.message).toEqual(expect.any(String))
    expect(emu.cache.has('/')).toBe(true)
  })

  it('answers a raw body; purges only with process: true', async () => {
    emu.faults.enqueue({ rawBody: 'not json', status: 200 }, { rawBody: '<html>', process: true })
    const first = await purgeTag(['home'])
    expect(first).toMatchObject({ status: 200, text: 'not json' })
    expect(emu.cache.has('/')).toBe(true)
    const second = await purgeTag(['home'])
    expect(second).toMatchObject({ status: 200, text: '<html>' })
    expect(emu.cache.has('/')).toBe(false)
  })

  it('counts injected faults by kind', async () => {
    emu.faults.enqueue({ status: 503 }, { status: 503 }, { resultFalse: true }, { drop: true })
    for (let k = 0; k < 4; k++) await purgeUrl(['/about']).catch(() => undefined)
    expect(emu.faults.stats()).toMatchObject({
      injected: 4,
      byKind: { '503': 2, resultFalse: 1, drop: 1 },
      queued: 0
    })
  })

  it('clears faults on reset', async () => {
    emu.faults.enqueue({ status: 503 })
    emu.faults.random({ seed: 1, rate503: 1 })
    emu.reset()
    expect(emu.faults.stats()).toEqual({ injected: 0, byKind: {}, queued: 0, random: null })
    expect((await purgeUrl(['/'])).status).toBe(200)
  })
})

describe('random faults', () => {
  async function run(seed: number, n: number): Promise<(number | string)[]> {
    emu.reset()
    emu.faults.random({
      seed,
      rate503: 0.2,
      rate429: 0.2,
      rateDrop: 0.1,
      rateSlow: 0.1,
      slowMs: 20
    })
    const out: (number | string)[] = []
    for (let k = 0; k < n; k++) {
      out.push(
        await purgeUrl([`/p/${k}`]).then(
          a => a.status,
          () => 'dropped'
        )
      )
    }
    return out
  }

  it('is a deterministic sequence for a seed', async () => {
    const a = await run(42, 40)
    const b = await run(42, 40)
    const c = await run(7, 40)
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
    expect(a).toContain(503)
    expect(a).toContain(429)
    expect(a).toContain('dropped')
    expect(a).toContain(200)
  })

  it('counts what it injects, and slow answers are processed', async () => {
    const statuses = await run(3, 60)
    const stats = emu.faults.stats()
    const failed = statuses.filter(s => s !== 200).length
    expect(stats.injected).toBe(failed + (stats.byKind.slow ?? 0))
    expect(stats.byKind.slow).toBeGreaterThan(0)
    const slow = emu.requests.filter(r => r.fault === 'slow')
    expect(slow.every(r => r.status === 200 && r.purged === 0)).toBe(true)
    for (const r of slow) {
      const url = (r.body as { url: string[] }).url[0] ?? ''
      expect(emu.purgedUrls.has(url)).toBe(true)
    }
  })

  it('injects nothing at rate 0 and adds Retry-After when asked', async () => {
    emu.faults.random({ seed: 1 })
    expect((await purgeUrl(['/'])).status).toBe(200)
    emu.faults.random({ seed: 1, rate429: 1, retryAfterSeconds: 2, rateLimitResetMs: 1500 })
    const answer = await purgeUrl(['/'])
    expect(answer.status).toBe(429)
    expect(answer.headers.get('retry-after')).toBe('2')
    expect(answer.headers.get('x-ratelimit-reset')).toBe('1500')
  })

  it('mulberry32 is deterministic', () => {
    const a = mulberry32(5)
    const b = mulberry32(5)
    const xs = [a(), a(), a()]
    expect([b(), b(), b()]).toEqual(xs)
    expect(xs.every(x => x >= 0 && x < 1)).toBe(true)
    expect(new Set(xs).size).toBe(3)
  })
})

describe('latency', () => {
  it('delays every answer by latencyMs', async () => {
    emu.setLatency(200)
    let started = Date.now()
    await purgeUrl(['/'])
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    emu.setLatency(0)
    started = Date.now()
    await purgeUrl(['/'])
    expect(Date.now() - started).toBeLessThan(150)
  })

  it('rejects a negative latency', () => {
    expect(() => emu.setLatency(-1)).toThrow(RangeError)
  })
})

describe('purge history and counts', () => {
  it('counts the requests that selected each path', async () => {
    await purgeUrl(['/about', '/about', '/x'])
    await purgeUrl(['/about'])
    await purgeTag(['blog'])
    await purgeTag(['blog'])
    expect(emu.purgeCounts.get('/about')).toBe(2)
    expect(emu.purgeCounts.get('/x')).toBe(1)
    expect(emu.purgeCounts.get('/blog/second-post.html')).toBe(1)
    expect(emu.tagPurgeCounts.get('blog')).toBe(2)
    expect(emu.history.map(h => [h.kind, h.purged])).toEqual([
      ['url', 2],
      ['url', 0],
      ['tag', 12],
      ['tag', 0]
    ])
  })

  it('records every URL of many batches', async () => {
    const urls = Array.from({ length: 2000 }, (_, k) => `/bulk/${k}?q=${k}`)
    const batches = []
    for (let k = 0; k < urls.length; k += 100) batches.push(urls.slice(k, k + 100))
    const answers = await Promise.all(batches.map(b => purgeUrl(b)))
    expect(answers.every(a => a.status === 200)).toBe(true)
    expect(emu.purgedUrls.size).toBe(urls.length)
    expect(urls.every(u => emu.purgeCounts.get(u) === 1)).toBe(true)
    expect(emu.requestCount).toBe(batches.length)
  })

  it('reset restores the seeded cache and clears history and log', async () => {
    const before = emu.state().cached
    await purgeTag(['blog'])
    emu.reset()
    const after = emu.state()
    expect(after.cached).toEqual(before)
    expect(after.purgeCounts).toEqual({})
    expect(after.history).toEqual([])
    expect(after.requestCount).toBe(0)
    expect(emu.requests).toHaveLength(0)
  })

  it('state() is a plain JSON snapshot', async () => {
    await purgeUrl(['/about'])
    const state = emu.state()
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
    expect(state).toMatchObject({
      requestCount: 1,
      site: 'sample',
      cacheByCountry: false,
      cachedCount: emu.cache.size,
      purgeCounts: { '/about': 1 },
      purgedUrls: ['/about']
    })
    expect(state.cached.some(e => e.path === '/about')).toBe(false)
  })
})

describe('control API', () => {
  it('serves the state without an api key', async () => {
    await purgeUrl(['/about'])
    const answer = await control('/state', undefined, 'GET')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ requestCount: 1, purgeCounts: { '/about': 1 } })
  })

  it('enqueues faults', async () => {
    const answer = await control('/faults', { enqueue: [{ status: 503 }] })
    expect(answer.status).toBe(200)
    expect((await purgeUrl(['/'])).status).toBe(503)
  })

  it('turns random faults on and off', async () => {
    await control('/faults', { random: { seed: 9, rate503: 1 } })
    expect((await purgeUrl(['/'])).status).toBe(503)
    await control('/faults', { random: null })
    expect((await purgeUrl(['/'])).status).toBe(200)
  })

  it('sets the latency', async () => {
    const answer = await control('/latency', { ms: 50 })
    expect(answer.body).toEqual({ ok: true, latencyMs: 50 })
    expect(emu.latencyMs).toBe(50)
    expect((await control('/latency', { ms: -5 })).status).toBe(400)
  })

  it('resets', async () => {
    await purgeTag(['home'])
    expect((await control('/reset')).status).toBe(200)
    expect(emu.cache.has('/')).toBe(true)
    expect(emu.requestCount).toBe(0)
  })

  it('seeds a named site or pages', async () => {
    expect((await control('/seed', { site: 'country' })).body).toMatchObject({
      site: 'sample-by-country'
    })
    expect(emu.cache.cacheByCountry).toBe(true)
    await control('/seed', { pages: [{ path: '/only', tags: ['t'] }] })
    expect(emu.cache.paths()).toEqual(['/only'])
    expect((await control('/seed', { site: 'nope' })).status).toBe(400)
  })

  it('lists requests', async () => {
    await purgeUrl(['/'])
    const answer = await control('/requests', undefined, 'GET')
    expect((answer.body.requests as { path: string }[]).map(r => r.path)).toEqual([ENDPOINTS.url])
  })

  it('answers 404 and 405 on the control prefix', async () => {
    expect((await control('/nope', undefined, 'GET')).status).toBe(404)
    expect((await control('/state')).status).toBe(405)
    expect((await control('/faults', '{not json')).status).toBe(400)
  })
})

describe('cli', () => {
  it('prints its address, serves, and stops on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('../../emulator/cli.mjs', import.meta.url))
    const child = spawn(
      process.execPath,
      [cli, '--port', '0', '--seed-site', '--api-key', 'cli-key'],
      {
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    try {
      const lines = createInterface({ input: child.stdout })
      const [line] = (await once(lines, 'line')) as [string]
      expect(line).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+$/)
      const url = line.replace('emulator listening on ', '')
      const res = await fetch(`${url}${ENDPOINTS.url}?api_key=cli-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"url":["/"]}'
      })
      expect(await res.json()).toEqual({ result: true, message: SUCCESS_MESSAGE, purged: 3 })
    } finally {
      child.kill('SIGTERM')
    }
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(0)
  })
})
