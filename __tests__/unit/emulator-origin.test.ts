/**
 * The emulator's origin with builds: the build schedule (pure), the origin's listener, the
 * build a render captures at the edge, deploys through the control API, compressed pages, a
 * bypassed page, and the CLI's `--origin-port` and `--build`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { request } from 'node:http'
import {
  DEFAULT_BUILD,
  OriginBuilds,
  pageHtml,
  startEmulator,
  type Emulator
} from '../../emulator/server.mjs'
import { sampleSite } from '../../emulator/site.mjs'

const KEY = 'emulator-key'

/** The build a page names in its meta tag. */
function buildIn(html: string): string | undefined {
  return /<meta name="build" content="([^"]*)">/.exec(html)?.[1]
}

describe('OriginBuilds', () => {
  it('serves the initial build until a deploy is rolled out', () => {
    const builds = new OriginBuilds('v1')
    expect(builds.pageBuild(0)).toBe('v1')
    builds.deploy('v2', { rolloutMs: 1000 }, 10_000)
    expect(builds.pageBuild(10_999)).toBe('v1')
    expect(builds.versionBuild(10_999)).toBe('v1')
    expect(builds.pageBuild(11_000)).toBe('v2')
    expect(builds.versionBuild(11_000)).toBe('v2')
  })

  it('a rolling deploy: the version endpoint flips before the pages', () => {
    const builds = new OriginBuilds('v1')
    builds.deploy('v2', { rolloutMs: 5000, versionDelayMs: 1000 }, 0)
    expect(builds.versionBuild(1000)).toBe('v2')
    expect(builds.pageBuild(1000)).toBe('v1')
    expect(builds.pageBuild(4999)).toBe('v1')
    expect(builds.pageBuild(5000)).toBe('v2')
  })

  it('a later deploy wins once live, even over an earlier one still rolling out', () => {
    const builds = new OriginBuilds('v1')
    builds.deploy('v2', { rolloutMs: 10_000 }, 0)
    builds.deploy('v3', { rolloutMs: 1000 }, 2000)
    expect(builds.pageBuild(2500)).toBe('v1')
    expect(builds.pageBuild(3000)).toBe('v3')
    // v2's rollout ends later, but v3 was deployed after it.
    expect(builds.pageBuild(10_000)).toBe('v3')
    builds.reset()
    expect(builds.pageBuild(10_000)).toBe('v1')
    expect(builds.state(0).deploys).toHaveLength(1)
  })

  it('refuses a bad build id or delay', () => {
    expect(() => new OriginBuilds('has space')).toThrow(/printable/)
    expect(() => new OriginBuilds('v1').deploy('', {})).toThrow(/printable/)
    expect(() => new OriginBuilds('v1').deploy('v2', { rolloutMs: -1 })).toThrow(/rolloutMs/)
    expect(DEFAULT_BUILD).toBe('build-1')
  })
})

describe('pageHtml', () => {
  it('puts the build in a meta tag in the head and pads to the size asked', () => {
    const small = pageHtml({ title: '/a', text: 'hi', build: 'v"1' })
    expect(small).toContain('<meta name="build" content="v&quot;1">')
    expect(small.indexOf('name="build"')).toBeLessThan(small.indexOf('</head>'))
    const big = pageHtml({ title: '/a', text: 'hi', build: 'v1', bytes: 100 * 1024 })
    expect(Buffer.byteLength(big)).toBe(100 * 1024)
    expect(buildIn(big)).toBe('v1')
  })
})

describe('the origin and the edge, with builds', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({
      sitePort: 0,
      originPort: 0,
      build: 'aaa1111',
      propagationMs: 100,
      renderMs: 100
    })
  })
  afterAll(async () => {
    await emu.close()
  })
  beforeEach(() => {
    emu.seed(sampleSite)
    emu.configureSite({
      propagationMs: 100,
      renderMs: 100,
      pageBytes: 0,
      pageEncoding: 'gzip',
      buildAt: 'head'
    })
    emu.reset()
  })

  async function get(
    url: string,
    headers: Record<string, string> = {}
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers }, res => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks)
          })
        )
      })
      req.on('error', reject)
      req.end()
    })
  }

  async function purge(urls: string[]): Promise<void> {
    const res = await fetch(`${emu.url}/api/v1/cache/purge?api_key=${KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: urls })
    })
    expect(res.status).toBe(200)
  }

  const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))

  it('serves /version.txt, /health and pages uncached, without edge headers', async () => {
    const version = await get(`${emu.originUrl}/version.txt`)
    expect(version.status).toBe(200)
    expect(version.body.toString()).toBe('aaa1111\n')
    expect(version.headers['cache-control']).toBe('no-store')
    const health = await get(`${emu.originUrl}/health`)
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', build: 'aaa1111' })
    const page = await get(`${emu.originUrl}/about`)
    expect(buildIn(page.body.toString())).toBe('aaa1111')
    expect(Object.keys(page.headers).filter(name => name.startsWith('emu-'))).toEqual([])
    expect((await get(`${emu.originUrl}/nope`)).status).toBe(404)
    expect(emu.originRequests.map(r => [r.url, r.status, r.build])).toEqual([
      ['/version.txt', 200, 'aaa1111'],
      ['/health', 200, 'aaa1111'],
      ['/about', 200, 'aaa1111'],
      ['/nope', 404, 'aaa1111']
    ])
    expect(emu.state()).toMatchObject({ originUrl: emu.originUrl, originRequestCount: 4 })
  })

  it('a purge during a rollout re-caches the old build; after the rollout, the new one', async () => {
    const seeded = await get(`${emu.siteUrl}/about`)
    expect(buildIn(seeded.body.toString())).toBe('aaa1111')
    emu.deploy('bbb2222', { rolloutMs: 600, versionDelayMs: 0 })
    // The version endpoint already says the new build: a rolling deploy.
    expect((await get(`${emu.originUrl}/version.txt`)).body.toString()).toBe('bbb2222\n')
    expect(buildIn((await get(`${emu.originUrl}/about`)).body.toString())).toBe('aaa1111')
    await purge(['/about'])
    await sleep(150)
    const rendering = await get(`${emu.siteUrl}/about`)
    expect(rendering.headers['emu-kc-status']).toBe('EXTRACTING')
    await sleep(150)
    const old = await get(`${emu.siteUrl}/about`)
    expect(old.headers['emu-kc-status']).toBe('HIT')
    // Rendered after the purge (fresh by date) from the origin's old build.
    expect(buildIn(old.body.toString())).toBe('aaa1111')
    expect(emu.edge.list().find(e => e.path === '/about' && e.device === 'desktop')?.build).toBe(
      'aaa1111'
    )
    await sleep(400)
    await purge(['/about'])
    await sleep(150)
    await get(`${emu.siteUrl}/about`)
    await sleep(150)
    const fresh = await get(`${emu.siteUrl}/about`)
    expect(fresh.headers['emu-kc-status']).toBe('HIT')
    expect(buildIn(fresh.body.toString())).toBe('bbb2222')
  })

  it('deploys through the control API, and reset restores the initial build', async () => {
    const res = await fetch(`${emu.url}/_emulator/deploy`, {
      method: 'POST',
      body: JSON.stringify({ build: 'ccc3333', rolloutMs: 0 })
    })
    const body = (await res.json()) as { pages: string; version: string }
    expect(body).toMatchObject({ ok: true, pages: 'ccc3333', version: 'ccc3333' })
    const state = (await (await fetch(`${emu.url}/_emulator/origin`)).json()) as {
      deploys: unknown[]
    }
    expect(state.deploys).toHaveLength(2)
    const bad = await fetch(`${emu.url}/_emulator/deploy`, {
      method: 'POST',
      body: JSON.stringify({ build: 'x', rolloutMs: -5 })
    })
    expect(bad.status).toBe(400)
    emu.reset()
    expect(emu.state().origin.pages).toBe('aaa1111')
    expect(emu.originRequests).toHaveLength(0)
  })

  it('origin faults, through the control API', async () => {
    await fetch(`${emu.url}/_emulator/origin/faults`, {
      method: 'POST',
      body: JSON.stringify({ enqueue: [{ status: 503, headers: { 'Retry-After': '2' } }] })
    })
    const failed = await get(`${emu.originUrl}/version.txt`)
    expect(failed.status).toBe(503)
    expect(failed.headers['retry-after']).toBe('2')
    expect((await get(`${emu.originUrl}/version.txt`)).status).toBe(200)
    const log = (await (await fetch(`${emu.url}/_emulator/origin/requests?limit=1`)).json()) as {
      requests: { status: number }[]
    }
    expect(log.requests).toEqual([expect.objectContaining({ status: 200 })])
  })

  it('compresses pages for a request that accepts it, with the encoding set', async () => {
    emu.configureSite({ pageBytes: 20_000 })
    const plain = await get(`${emu.siteUrl}/about`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBe(20_000)
    const gzip = await get(`${emu.siteUrl}/about`, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['vary']).toBe('Accept-Encoding')
    expect(gzip.body.length).toBeLessThan(10_000)
    expect(buildIn(gunzipSync(gzip.body).toString())).toBe('aaa1111')
    emu.configureSite({ pageEncoding: 'br' })
    const br = await get(`${emu.siteUrl}/about`, { 'Accept-Encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(buildIn(brotliDecompressSync(br.body).toString())).toBe('aaa1111')
    emu.configureSite({ pageEncoding: 'deflate' })
    const deflate = await get(`${emu.siteUrl}/about`, { 'Accept-Encoding': 'deflate' })
    expect(deflate.headers['content-encoding']).toBe('deflate')
    expect(inflateSync(deflate.body).length).toBe(20_000)
    // q=0 refuses an encoding.
    const refused = await get(`${emu.siteUrl}/about`, { 'Accept-Encoding': 'deflate;q=0' })
    expect(refused.headers['content-encoding']).toBeUndefined()
    // compressAlways: as some CDNs do, whatever the request asks.
    emu.configureSite({ compressAlways: true })
    const forced = await get(`${emu.siteUrl}/about`, { 'Accept-Encoding': 'identity' })
    expect(forced.headers['content-encoding']).toBe('deflate')
    emu.configureSite({ compressAlways: false })
    expect(() => emu.configureSite({ pageEncoding: 'zstd' as never })).toThrow(/pageEncoding/)
  })

  it('buildAt end: the build in a script at the end of the body, not in the head', async () => {
    emu.configureSite({ buildAt: 'end', pageBytes: 30_000 })
    const page = (await get(`${emu.siteUrl}/about`)).body.toString()
    expect(buildIn(page)).toBeUndefined()
    expect(page).toMatch(
      /<script id="build" type="application\/json">\{"build":"aaa1111"\}<\/script><\/body><\/html>\n$/
    )
    expect(Buffer.byteLength(page)).toBe(30_000)
    const origin = (await get(`${emu.originUrl}/about`)).body.toString()
    expect(origin).toContain('{"build":"aaa1111"}')
    expect(() => emu.configureSite({ buildAt: 'middle' as never })).toThrow(/buildAt/)
    emu.configureSite({ buildAt: 'head' })
  })

  it('a bypassed page: MISS with the Bypass header and its reason', async () => {
    emu.seed({
      ...sampleSite,
      pages: [...sampleSite.pages, { path: '/me', bypass: 'HARD_COOKIE' }]
    })
    const page = await get(`${emu.siteUrl}/me`)
    expect(page.headers['emu-kc-status']).toBe('MISS')
    expect(page.headers['emu-bypass']).toBe('HARD_COOKIE')
    expect(buildIn(page.body.toString())).toBe('aaa1111')
  })
})

describe('cli with --origin-port and --build', () => {
  it('prints the three addresses and serves the version file', async () => {
    const cli = fileURLToPath(new URL('../../emulator/cli.mjs', import.meta.url))
    const child = spawn(
      process.execPath,
      [cli, '--port=0', '--seed-site', '--site-port=0', '--origin-port', '0', '--build', 'v42'],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    try {
      const iterator = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
      const lines = [
        (await iterator.next()).value as string,
        (await iterator.next()).value as string,
        (await iterator.next()).value as string
      ]
      expect(lines[0]).toMatch(/^emulator listening on /)
      expect(lines[1]).toMatch(/^site listening on /)
      expect(lines[2]).toMatch(/^origin listening on http:\/\/127\.0\.0\.1:\d+$/)
      const origin = (lines[2] ?? '').replace('origin listening on ', '')
      expect(await (await fetch(`${origin}/version.txt`)).text()).toBe('v42\n')
      const site = (lines[1] ?? '').replace('site listening on ', '')
      expect(buildIn(await (await fetch(`${site}/`)).text())).toBe('v42')
    } finally {
      child.kill('SIGTERM')
    }
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(0)
  })

  it('refuses a build id with a space', async () => {
    const cli = fileURLToPath(new URL('../../emulator/cli.mjs', import.meta.url))
    const child = spawn(process.execPath, [cli, '--build', 'a b'], {
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code).toBe(2)
    expect(stderr).toMatch(/--build must be/)
  })
})
