/**
 * The emulator's assets: each build's pages reference that build's hashed bundles, the origin
 * serves them with their content types, the edge caches them per device like pages (a 404 too:
 * negative caching) and a URL purge drops them; and the three asset faults, set through the control
 * API: a cached 404, an HTML fallback, old bundles deleted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { sampleSite } from '../../emulator/site.mjs'

const MOBILE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'
const PROPAGATION_MS = 60
const RENDER_MS = 60

/** The hash a build's bundle names carry: derived from the build id. */
const hashOf = (build: string): string =>
  createHash('sha256').update(build).digest('hex').slice(0, 8)

const bundles = (build: string) => {
  const h = hashOf(build)
  return {
    script: `/assets/app.${h}.js`,
    stylesheet: `/assets/app.${h}.css`,
    modulepreload: `/assets/chunk-vendor.${h}.js`,
    font: `/assets/font.${h}.woff2`
  }
}

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({
    sitePort: 0,
    originPort: 0,
    build: 'v1',
    propagationMs: PROPAGATION_MS,
    renderMs: RENDER_MS
  })
})
afterAll(async () => {
  await emu.close()
})
beforeEach(async () => {
  emu.seed(sampleSite)
  emu.reset()
  await control('/site', { assets: true, pageEncoding: 'identity' })
})

async function control(route: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.url}/_emulator${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  const json = (await res.json()) as Record<string, unknown>
  if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

async function get(url: string, userAgent = 'curl/8') {
  const res = await fetch(url, { headers: { 'user-agent': userAgent } })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    kc: res.headers.get('emu-kc-status'),
    kcDate: res.headers.get('emu-kc-date'),
    body: await res.text()
  }
}

/** A URL until it answers HIT (the render ends), as a verifier would see it cached. */
async function cached(url: string, userAgent?: string) {
  await get(url, userAgent)
  await sleep(RENDER_MS + 30)
  return get(url, userAgent)
}

describe('assets per build', () => {
  it('every page references its build’s bundles and the third party’s script', async () => {
    const page = await get(`${emu.siteUrl}/about`)
    const b = bundles('v1')
    expect(page.body).toContain(`<script type="module" src="${b.script}"></script>`)
    expect(page.body).toContain(`<link rel="stylesheet" href="${b.stylesheet}">`)
    expect(page.body).toContain(`<link rel="modulepreload" href="${b.modulepreload}">`)
    expect(page.body).toContain(
      `<link rel="preload" as="font" type="font/woff2" href="${b.font}" crossorigin>`
    )
    expect(page.body).toContain('<script src="https://cdn.third-party.example/widget.js" async>')
    // The origin renders the same references.
    const origin = await get(`${emu.originUrl}/about`)
    expect(origin.body).toContain(b.script)
  })

  it('the edge serves them with their content types, per device, HIT once cached', async () => {
    const b = bundles('v1')
    const first = await get(`${emu.siteUrl}${b.script}`)
    expect(first).toMatchObject({ status: 200, kc: 'EXTRACTING' })
    expect(first.type).toBe('text/javascript; charset=utf-8')
    const hit = await cached(`${emu.siteUrl}${b.script}`)
    expect(hit).toMatchObject({ status: 200, kc: 'HIT' })
    expect(hit.kcDate).toMatch(/\(GMT\)/)
    // Another device is another entry.
    expect((await get(`${emu.siteUrl}${b.script}`, MOBILE)).kc).toBe('EXTRACTING')
    expect((await get(`${emu.siteUrl}${b.stylesheet}`)).type).toBe('text/css; charset=utf-8')
    expect((await get(`${emu.siteUrl}${b.modulepreload}`)).type).toBe(
      'text/javascript; charset=utf-8'
    )
    expect((await get(`${emu.siteUrl}${b.font}`)).type).toBe('font/woff2')
    expect((await get(`${emu.originUrl}${b.font}`)).type).toBe('font/woff2')
  })

  it('a deploy keeps the old build’s bundles and adds the new one’s', async () => {
    emu.deploy('v2')
    expect((await get(`${emu.originUrl}${bundles('v1').script}`)).status).toBe(200)
    expect((await get(`${emu.originUrl}${bundles('v2').script}`)).status).toBe(200)
  })

  it('an unknown asset is a 404 the edge caches (negative caching)', async () => {
    const url = `${emu.siteUrl}/assets/app.00000000.js`
    expect(await get(url)).toMatchObject({ status: 404, kc: 'EXTRACTING' })
    const again = await cached(url)
    expect(again).toMatchObject({ status: 404, kc: 'HIT' })
    expect(again.kcDate).not.toBeNull()
    // Other unknown paths stay an uncached 404, as before.
    expect(await get(`${emu.siteUrl}/nope`)).toMatchObject({ status: 404, kc: 'MISS' })
  })

  it('a URL purge drops every device’s entry of an asset', async () => {
    const path = bundles('v1').stylesheet
    await cached(`${emu.siteUrl}${path}`)
    await cached(`${emu.siteUrl}${path}`, MOBILE)
    const { purged } = emu.purgeUrls([path])
    expect(purged).toBe(2)
    await sleep(PROPAGATION_MS + 30)
    expect((await get(`${emu.siteUrl}${path}`)).kc).toBe('EXTRACTING')
    expect((await get(`${emu.siteUrl}${path}`, MOBILE)).kc).toBe('EXTRACTING')
  })

  it('assetChunks adds module preloads; assetBase moves the bundles to another host', async () => {
    await control('/site', { assetChunks: 2, assetBase: 'http://127.0.0.1:9' })
    const page = (await get(`${emu.siteUrl}/about`)).body
    const h = hashOf('v1')
    expect(page).toContain(
      `<link rel="modulepreload" href="http://127.0.0.1:9/assets/chunk-2.${h}.js">`
    )
    expect(page).toContain(`<script type="module" src="http://127.0.0.1:9/assets/app.${h}.js">`)
    expect((await get(`${emu.originUrl}/assets/chunk-2.${h}.js`)).status).toBe(200)
    expect((await get(`${emu.originUrl}/assets/chunk-3.${h}.js`)).status).toBe(404)
    await expect(control('/site', { assetBase: 'http://127.0.0.1:9/static' })).rejects.toThrow(
      /assetBase/
    )
    await control('/site', { assetChunks: 0, assetBase: '' })
  })

  it('assets: false renders pages without them', async () => {
    expect((await get(`${emu.siteUrl}/about`)).body).toContain('/assets/')
    await control('/site', { assets: false })
    expect((await get(`${emu.siteUrl}/about`)).body).not.toContain('/assets/')
  })
})

describe('asset faults', () => {
  it('asset-cached-404: the new build’s script is a cached 404 until a URL purge', async () => {
    emu.deploy('v2')
    const set = await control('/assets/faults', { fault: 'asset-cached-404' })
    const path = bundles('v2').script
    expect(set).toMatchObject({
      assetFaults: { applied: [{ fault: 'asset-cached-404', paths: [path] }] }
    })
    for (const ua of ['curl/8', MOBILE]) {
      const answer = await get(`${emu.siteUrl}${path}`, ua)
      expect(answer).toMatchObject({ status: 404, kc: 'HIT' })
      expect(answer.kcDate).not.toBeNull()
    }
    // The origin has it: the purge repairs it.
    expect((await get(`${emu.originUrl}${path}`)).status).toBe(200)
    expect(emu.purgeUrls([path]).purged).toBeGreaterThanOrEqual(2)
    await sleep(PROPAGATION_MS + 30)
    const repaired = await cached(`${emu.siteUrl}${path}`)
    expect(repaired).toMatchObject({ status: 200, kc: 'HIT' })
    expect(repaired.type).toBe('text/javascript; charset=utf-8')
  })

  it('html-fallback: the missing stylesheet answers the app’s HTML, 200, cached', async () => {
    emu.deploy('v2')
    await control('/assets/faults', { fault: 'html-fallback' })
    const path = bundles('v2').stylesheet
    const answer = await cached(`${emu.siteUrl}${path}`)
    expect(answer).toMatchObject({ status: 200, kc: 'HIT', type: 'text/html; charset=utf-8' })
    expect(answer.body).toMatch(/^<!doctype html>/)
    // Any missing asset falls back too; the others are still served.
    expect((await get(`${emu.originUrl}/assets/gone.1234.js`)).type).toBe(
      'text/html; charset=utf-8'
    )
    expect((await get(`${emu.originUrl}${bundles('v2').script}`)).type).toBe(
      'text/javascript; charset=utf-8'
    )
  })

  it('old-assets-deleted is refused before any deploy: there is no previous build to keep', () => {
    expect(() => emu.assetFault('old-assets-deleted')).toThrow(
      'old-assets-deleted needs a deploy before it'
    )
    expect(emu.state().assetFaults.applied).toEqual([])
  })

  it('old-assets-deleted: chosen pages render the old build, whose bundles are gone', async () => {
    emu.deploy('v2')
    await control('/assets/faults', { fault: 'old-assets-deleted', pages: ['/about'] })
    emu.purgeUrls(['/about', '/contact'])
    await sleep(PROPAGATION_MS + 30)
    const about = await cached(`${emu.siteUrl}/about`)
    const contact = await cached(`${emu.siteUrl}/contact`)
    expect(about.kc).toBe('HIT')
    expect(about.body).toContain(bundles('v1').script)
    expect(contact.body).toContain(bundles('v2').script)
    expect(await cached(`${emu.siteUrl}${bundles('v1').script}`)).toMatchObject({
      status: 404,
      kc: 'HIT'
    })
    expect((await get(`${emu.siteUrl}${bundles('v2').script}`)).status).toBe(200)
  })

  it('asset-redirect: an asset answers a 301 to `to`, at the origin and cached at the edge', async () => {
    emu.deploy('v2')
    const moved = async (url: string) => {
      const res = await fetch(url, { redirect: 'manual' })
      await res.text()
      return {
        status: res.status,
        location: res.headers.get('location'),
        kc: res.headers.get('emu-kc-status')
      }
    }
    const target = bundles('v2').script
    const { paths } = emu.assetFault('asset-redirect', { path: '/assets/app.js', to: target })
    expect(paths).toEqual(['/assets/app.js'])
    expect(await moved(`${emu.originUrl}/assets/app.js`)).toMatchObject({
      status: 301,
      location: target
    })
    await moved(`${emu.siteUrl}/assets/app.js`)
    await sleep(RENDER_MS + 30)
    expect(await moved(`${emu.siteUrl}/assets/app.js`)).toEqual({
      status: 301,
      location: target,
      kc: 'HIT'
    })
    // To another host, and a loop of two, through the control API.
    await control('/assets/faults', {
      fault: 'asset-redirect',
      path: '/assets/cdn.js',
      to: 'https://static.example.net/app.js'
    })
    await control('/assets/faults', {
      fault: 'asset-redirect',
      path: '/assets/a.js',
      to: '/assets/b.js'
    })
    await control('/assets/faults', {
      fault: 'asset-redirect',
      path: '/assets/b.js',
      to: '/assets/a.js'
    })
    expect((await moved(`${emu.originUrl}/assets/cdn.js`)).location).toBe(
      'https://static.example.net/app.js'
    )
    expect((await moved(`${emu.originUrl}/assets/b.js`)).location).toBe('/assets/a.js')
    expect(emu.state().assetFaults.redirects).toMatchObject({ '/assets/a.js': '/assets/b.js' })
    // The target is asked like any asset: the bundle itself.
    expect((await get(`${emu.originUrl}${target}`)).status).toBe(200)
    expect(() => emu.assetFault('asset-redirect', { path: '/assets/x.js' })).toThrow(
      'asset-redirect needs to: the path or URL the asset redirects to'
    )
    emu.reset()
    expect((await moved(`${emu.originUrl}/assets/a.js`)).status).toBe(404)
  })

  it('an unknown fault is a 400 naming the known ones; reset clears them', async () => {
    const res = await fetch(`${emu.url}/_emulator/assets/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: 'nope' })
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('asset-cached-404, html-fallback, old-assets-deleted')
    emu.assetFault('html-fallback')
    emu.reset()
    expect(emu.state().assetFaults).toMatchObject({ htmlFallback: false, applied: [] })
  })
})

describe('the CLI', () => {
  const CLI = fileURLToPath(new URL('../../emulator/cli.mjs', import.meta.url))

  it('--asset-fault and --asset-chunks apply at start; an unknown fault exits 2', async () => {
    const args = ['--port', '0', '--site-port', '0', '--seed-site', '--build', 'v7']
    const child = spawn(
      process.execPath,
      [CLI, ...args, '--asset-chunks', '1', '--asset-fault', 'asset-cached-404'],
      { stdio: ['ignore', 'pipe', 'inherit'] }
    )
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
      await lines.next()
      const site = /site listening on (\S+)/.exec(String((await lines.next()).value))?.[1]
      const h = hashOf('v7')
      expect((await get(`${site}/about`)).body).toContain(`/assets/chunk-1.${h}.js`)
      expect(await get(`${site}/assets/app.${h}.js`)).toMatchObject({ status: 404, kc: 'HIT' })
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
    const bad = spawn(process.execPath, [CLI, '--asset-fault', 'nope'], {
      stdio: ['ignore', 'ignore', 'pipe']
    })
    let stderr = ''
    bad.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    const [code] = (await once(bad, 'exit')) as [number | null]
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toBe(
      '--asset-fault must be one of asset-cached-404, html-fallback'
    )
  })

  it('--asset-fault old-assets-deleted is refused at start: it needs a deploy before it', async () => {
    const refused = spawn(process.execPath, [CLI, '--asset-fault', 'old-assets-deleted'], {
      stdio: ['ignore', 'ignore', 'pipe']
    })
    let stderr = ''
    refused.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    const [code] = (await once(refused, 'exit')) as [number | null]
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toBe(
      '--asset-fault old-assets-deleted needs a deploy before it, and the emulator starts with none: set it after a deploy, with POST /_emulator/assets/faults'
    )
  })
})
