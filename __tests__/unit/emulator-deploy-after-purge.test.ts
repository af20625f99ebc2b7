/**
 * A deploy held until the next accepted purge (`afterNextPurge`): a newer deploy, or a rollback,
 * that lands while a run verifies its purge. The build schedule (pure, explicit clock), the
 * three purge endpoints starting it, rejected purges leaving it held, several held deploys at
 * one purge, reset, and the control API's option and its check.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { ENDPOINTS, OriginBuilds, startEmulator, type Emulator } from '../../emulator/server.mjs'
import { sampleSite } from '../../emulator/site.mjs'

const KEY = 'emulator-key'
const OLD = 'aaa1111'
/** A 40-hex commit SHA: build ids are any printable text. */
const SHA = '0123456789abcdef0123456789abcdef01234567'

describe('OriginBuilds, afterNextPurge', () => {
  it('holds the deploy: nothing changes until startHeld, then its delays count from there', () => {
    const builds = new OriginBuilds('v1')
    const record = builds.deploy('v2', { afterNextPurge: true, rolloutMs: 1000 }, 0)
    expect(builds.pageBuild(1_000_000)).toBe('v1')
    expect(builds.versionBuild(1_000_000)).toBe('v1')
    expect(builds.state(0).deploys).toEqual([
      { build: 'v1', deployedAt: null, pagesAt: null, versionAt: null },
      { build: 'v2', deployedAt: null, pagesAt: null, versionAt: null, held: 'next-purge' }
    ])
    expect(builds.startHeld(50_000)).toEqual([record])
    expect(record).toEqual({ build: 'v2', deployedAt: 50_000, pagesAt: 51_000, versionAt: 51_000 })
    expect(builds.pageBuild(50_999)).toBe('v1')
    expect(builds.pageBuild(51_000)).toBe('v2')
    expect(builds.versionBuild(51_000)).toBe('v2')
    // Started once: a second purge has nothing left to start.
    expect(builds.startHeld(60_000)).toEqual([])
    expect(builds.state(60_000).deploys).toHaveLength(2)
  })

  it('a held deploy started after a plain one wins over it, as the later deploy', () => {
    const builds = new OriginBuilds('v1')
    builds.deploy('rollback', { afterNextPurge: true }, 0)
    builds.deploy('v2', {}, 10)
    expect(builds.pageBuild(20)).toBe('v2')
    builds.startHeld(100)
    expect(builds.pageBuild(100)).toBe('rollback')
    expect(builds.state(100).deploys.map(d => d.build)).toEqual(['v1', 'v2', 'rollback'])
  })

  it('several held deploys start at one purge, in order, each with its own delays', () => {
    const builds = new OriginBuilds('v1')
    builds.deploy('v2', { afterNextPurge: true, rolloutMs: 0 }, 0)
    builds.deploy('v3', { afterNextPurge: true, rolloutMs: 500, versionDelayMs: 100 }, 0)
    builds.startHeld(1000)
    expect(builds.pageBuild(1000)).toBe('v2')
    expect(builds.versionBuild(1099)).toBe('v2')
    expect(builds.versionBuild(1100)).toBe('v3')
    expect(builds.pageBuild(1499)).toBe('v2')
    expect(builds.pageBuild(1500)).toBe('v3')
  })

  it('reset drops held deploys; a bad afterNextPurge is refused by name', () => {
    const builds = new OriginBuilds('v1')
    builds.deploy('v2', { afterNextPurge: true }, 0)
    builds.reset()
    expect(builds.startHeld(10)).toEqual([])
    expect(builds.pageBuild(10)).toBe('v1')
    expect(() => builds.deploy('v2', { afterNextPurge: 'yes' as never })).toThrow(
      /afterNextPurge must be true or false/
    )
    expect(builds.state(0).deploys).toHaveLength(1)
  })
})

describe('the emulator, afterNextPurge', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({
      sitePort: 0,
      originPort: 0,
      build: OLD,
      propagationMs: 100,
      renderMs: 100
    })
  })
  afterAll(async () => {
    await emu.close()
  })
  beforeEach(() => {
    emu.seed(sampleSite)
    emu.configureSite({ propagationMs: 100, renderMs: 100 })
    emu.reset()
  })

  const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))

  async function post(
    path: string,
    body: unknown,
    key = KEY
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${emu.url}${path}?api_key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    const text = await res.text()
    // A rawBody fault answers text that is not JSON.
    const parsed = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {}
    return { status: res.status, body: parsed }
  }

  async function version(): Promise<string> {
    return (await (await fetch(`${emu.originUrl}/version.txt`)).text()).trim()
  }

  async function originPage(path: string): Promise<string | undefined> {
    const html = await (await fetch(`${emu.originUrl}${path}`)).text()
    return /<meta name="build" content="([^"]*)">/.exec(html)?.[1]
  }

  it('a held deploy changes neither the pages nor the version endpoint before a purge', async () => {
    emu.deploy(SHA, { afterNextPurge: true, rolloutMs: 0 })
    await sleep(50)
    expect(await version()).toBe(OLD)
    expect(await originPage('/about')).toBe(OLD)
    expect(emu.builds.pageBuild(Date.now() + 3_600_000)).toBe(OLD)
    // The edge's uncached answers carry the build the origin serves now: still the old one.
    const notFound = await (await fetch(`${emu.siteUrl}/never-cached`)).text()
    expect(/<meta name="build" content="([^"]*)">/.exec(notFound)?.[1]).toBe(OLD)
    expect(emu.state().origin.deploys.at(-1)).toEqual({
      build: SHA,
      deployedAt: null,
      pagesAt: null,
      versionAt: null,
      held: 'next-purge'
    })
  })

  it('an accepted URL purge starts it: with rolloutMs 0 the origin and the re-render show it', async () => {
    emu.deploy(SHA, { afterNextPurge: true, rolloutMs: 0 })
    const before = Date.now()
    const answer = await post(ENDPOINTS.url, { url: ['/about'] })
    expect(answer.status).toBe(200)
    const started = emu.state().origin.deploys.at(-1)
    expect(started).toMatchObject({ build: SHA })
    expect(started?.held).toBeUndefined()
    expect(started?.deployedAt).toBeGreaterThanOrEqual(before)
    expect(started?.deployedAt).toBeLessThanOrEqual(emu.history[0]?.time ?? 0)
    expect(await version()).toBe(SHA)
    expect(await originPage('/about')).toBe(SHA)
    // The purge reaches the edge after propagationMs; the render it causes gets the new build.
    await sleep(150)
    await fetch(`${emu.siteUrl}/about`)
    expect(emu.renders.filter(r => r.path === '/about').map(r => r.build)).toEqual([SHA])
  })

  it.each([
    ['tag', ENDPOINTS.tag, { tag: ['company'] }],
    ['pattern', ENDPOINTS.pattern, { pattern: '#^/about$#' }],
    ['url', ENDPOINTS.url, { url: ['/not-cached'] }]
  ])('the %s endpoint starts it too', async (_kind, path, body) => {
    emu.deploy('v2', { afterNextPurge: true })
    expect((await post(path, body)).status).toBe(200)
    expect(emu.builds.pageBuild()).toBe('v2')
    expect(await version()).toBe('v2')
  })

  it('with a rolloutMs, it shows that long after the purge', async () => {
    emu.deploy('v2', { afterNextPurge: true, rolloutMs: 250, versionDelayMs: 100 })
    expect((await post(ENDPOINTS.url, { url: ['/about'] })).status).toBe(200)
    const started = emu.state().origin.deploys.at(-1)
    const at = started?.deployedAt ?? NaN
    expect(started).toMatchObject({ build: 'v2', pagesAt: at + 250, versionAt: at + 100 })
    // The origin's answers at chosen moments: deterministic, whatever the machine's speed.
    expect(emu.originSite.answer('/version.txt', at + 99).build).toBe(OLD)
    expect(emu.originSite.answer('/version.txt', at + 100).build).toBe('v2')
    expect(emu.originSite.answer('/about', at + 249).build).toBe(OLD)
    expect(emu.originSite.answer('/about', at + 250).build).toBe('v2')
    // And in real time, once the rollout is over.
    await sleep(Math.max(0, at + 260 - Date.now()))
    expect(await originPage('/about')).toBe('v2')
    expect(await version()).toBe('v2')
  })

  it('a rejected purge does not start it; the next accepted one does', async () => {
    emu.deploy('v2', { afterNextPurge: true })
    expect((await post(ENDPOINTS.url, { url: ['/about'] }, 'wrong-key')).status).toBe(401)
    expect((await post(ENDPOINTS.url, { url: [] })).status).toBe(400)
    expect((await post(ENDPOINTS.pattern, { pattern: '#(#' })).status).toBe(422)
    // A fault answered without processing: no purge was carried out.
    emu.faults.enqueue({ status: 503 })
    expect((await post(ENDPOINTS.url, { url: ['/about'] })).status).toBe(503)
    expect(await version()).toBe(OLD)
    expect(emu.state().origin.deploys.at(-1)).toMatchObject({ build: 'v2', held: 'next-purge' })
    expect((await post(ENDPOINTS.url, { url: ['/about'] })).status).toBe(200)
    expect(await version()).toBe('v2')
  })

  it('a rawBody fault with process: true starts it: the purge was carried out', async () => {
    emu.deploy('v2', { afterNextPurge: true })
    emu.faults.enqueue({ rawBody: 'not json', status: 200, process: true })
    expect((await post(ENDPOINTS.url, { url: ['/about'] })).status).toBe(200)
    expect(emu.history).toHaveLength(1)
    expect(await version()).toBe('v2')
  })

  it('two held deploys start at one purge, in order: the later one wins', async () => {
    emu.deploy('v2', { afterNextPurge: true, rolloutMs: 0 })
    emu.deploy('v3', { afterNextPurge: true, rolloutMs: 0 })
    expect((await post(ENDPOINTS.tag, { tag: ['company'] })).status).toBe(200)
    expect(await version()).toBe('v3')
    expect(await originPage('/about')).toBe('v3')
    const deploys = emu.state().origin.deploys
    expect(deploys.map(d => [d.build, d.held])).toEqual([
      [OLD, undefined],
      ['v2', undefined],
      ['v3', undefined]
    ])
    expect(deploys[1]?.deployedAt).toBe(deploys[2]?.deployedAt)
  })

  it('reset drops a held deploy: a later purge starts nothing', async () => {
    emu.deploy('v2', { afterNextPurge: true })
    emu.reset()
    expect(emu.state().origin.deploys).toHaveLength(1)
    expect((await post(ENDPOINTS.url, { url: ['/about'] })).status).toBe(200)
    expect(await version()).toBe(OLD)
  })

  it('the control API takes afterNextPurge, and refuses a non-boolean with a 400 naming it', async () => {
    const held = await post('/_emulator/deploy', {
      build: 'v9',
      afterNextPurge: true,
      rolloutMs: 0
    })
    expect(held.status).toBe(200)
    expect(held.body).toMatchObject({
      ok: true,
      pages: OLD,
      version: OLD,
      deployed: { build: 'v9', deployedAt: null, held: 'next-purge' }
    })
    const origin = (await (await fetch(`${emu.url}/_emulator/origin`)).json()) as {
      deploys: { build: string; held?: string }[]
    }
    expect(origin.deploys.at(-1)).toMatchObject({ build: 'v9', held: 'next-purge' })
    expect((await post(ENDPOINTS.url, { url: ['/about'] })).status).toBe(200)
    expect(await version()).toBe('v9')

    for (const bad of ['yes', 1, null]) {
      const refused = await post('/_emulator/deploy', { build: 'v10', afterNextPurge: bad })
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ error: { message: 'afterNextPurge must be true or false' } })
    }
    // Refused means not deployed at all, held or not.
    expect(emu.state().origin.deploys.map(d => d.build)).toEqual([OLD, 'v9'])
    const plain = await post('/_emulator/deploy', { build: 'v11', afterNextPurge: false })
    expect(plain.body).toMatchObject({ pages: 'v11', version: 'v11' })
  })
})
