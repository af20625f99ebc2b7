/**
 * The run in process, the wait for the origin: the action's run against the emulator's
 * purge API and its origin with builds. Ready at once, ready after a rollout, never (nothing
 * purged), a dry run's single look, Retry-After, the deployed commit of a deployment_status event
 * as the default build_id, and bad input.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  API_KEY,
  ENCODED_KEY,
  errorsOf,
  runWith,
  visibleText,
  summaryRenderProblems,
  warningsOf,
  useEmulator
} from './helpers.js'
import { testRepo, type TestRepo } from '../../support/git-repo.js'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.mjs'

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'events')
const OLD = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const NEW = '7d1e0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d'

const emulator = useEmulator({ apiKey: API_KEY, originPort: 0, sitePort: 0, build: OLD })
let eventDir: string
beforeAll(() => {
  eventDir = mkdtempSync(join(tmpdir(), 'origin-e2e-'))
})
afterAll(() => {
  rmSync(eventDir, { recursive: true, force: true })
})

const versionUrl = (): string => `${emulator().originUrl}/version.txt`

function pushEnv(sha = NEW): Record<string, string> {
  return { GITHUB_EVENT_NAME: 'push', GITHUB_SHA: sha }
}

describe('waiting for the origin before purging', () => {
  it('ready at once: one look, then the purge; origin_seconds and a summary section', async () => {
    emulator().deploy(NEW)
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl() },
      pushEnv()
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('purged')
    expect(Number(result.outputs['origin_seconds'])).toBeLessThan(2)
    expect(result.outputs['origin_seconds']).toMatch(/^\d+\.\d$/)
    expect(emulator().originRequests).toHaveLength(1)
    expect(emulator().history).toHaveLength(1)
    expect(result.stdout).toMatch(/Origin: build 7d1e0c9b8a7f is live after/)
    expect(result.summary).toContain(
      'Origin: ✅ build <code>7d1e0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d</code> is live'
    )
    // The purge is the summary's headline: the origin's section follows it.
    expect(result.summary.indexOf('<h2>Cache purge')).toBeLessThan(
      result.summary.indexOf('Origin:')
    )
  })

  it('waits out a rollout: purges only once the origin shows the build', async () => {
    const deployed = emulator().deploy(NEW, { rolloutMs: 2500 })
    const result = await runWith(
      emulator().url,
      { urls: '/about', origin_url: versionUrl() },
      pushEnv()
    )
    expect(result.exitCode).toBe(0)
    expect(Number(result.outputs['origin_seconds'])).toBeGreaterThanOrEqual(1.5)
    const purge = emulator().history[0]
    expect(purge?.time).toBeGreaterThanOrEqual(deployed.versionAt)
    expect(emulator().originRequests.length).toBeGreaterThanOrEqual(2)
    expect(emulator().originRequests.map(request => request.build)).toEqual(
      expect.arrayContaining([OLD, NEW])
    )
  })

  it('never: fails at the deadline, purges nothing, and says what the origin showed', async () => {
    const result = await runWith(
      emulator().url,
      { tags: 'blog, docs', urls: '/about', origin_url: versionUrl(), origin_timeout_seconds: '3' },
      pushEnv()
    )
    expect(result.exitCode).toBe(1)
    expect(emulator().history).toHaveLength(0)
    expect(emulator().requests).toHaveLength(0)
    expect(result.outputs).toMatchObject({
      status: 'failed',
      count: '0',
      origin_seconds: '',
      verify_status: 'skipped',
      tags: '[]'
    })
    expect(JSON.parse(result.outputs['failed'] ?? '')).toEqual(['blog', 'docs', '/about'])
    const error = errorsOf(result).join('\n')
    expect(error).toMatch(
      /origin_url .*version\.txt did not show build 7d1e0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d \(GITHUB_SHA\): not within 3\.0 s/
    )
    expect(error).toMatch(
      /last: HTTP 200, shows 3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a \(another build\)/
    )
    expect(error).toMatch(/Nothing was purged/)
    const summary = result.summary
    expect(summary).toMatch(
      /^<h2>❌ Cache purge: origin&#95;url did not show build 7d1e0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d within 3 s, nothing purged<\/h2>/
    )
    expect(summary).toContain(
      '<h3>Origin: build <code>7d1e0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d</code> never showed, nothing was purged</h3>'
    )
    expect(summary).toContain(`<code>${versionUrl()}</code>`)
    expect(summary).toMatch(/from GITHUB&#95;SHA/)
    expect(summary).toMatch(/The origin still shows 3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a/)
    expect(summary).toContain('Not purged (3)')
    expect(await summaryRenderProblems(result)).toEqual([])
    // Polled with a backoff, not hammered.
    expect(emulator().originRequests.length).toBeGreaterThanOrEqual(2)
    expect(emulator().originRequests.length).toBeLessThanOrEqual(4)
  })

  it('a build number is not taken from the Date or Keep-Alive header: the origin must name it', async () => {
    // The emulator's origin answers `Keep-Alive: timeout=30`; its version file names OLD.
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl(), build_id: '30', origin_timeout_seconds: '2' },
      pushEnv()
    )
    expect(result.exitCode).toBe(1)
    expect(emulator().history).toHaveLength(0)
    expect(result.outputs['status']).toBe('failed')
    expect(errorsOf(result).join('\n')).toMatch(/did not show build 30 \(build_id\)/)
  })

  it('a dry run looks once and reports, without waiting', async () => {
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl(), dry_run: 'true' },
      pushEnv()
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('dry-run')
    expect(result.outputs['origin_seconds']).toBe('')
    expect(emulator().originRequests).toHaveLength(1)
    expect(emulator().requests).toHaveLength(0)
    expect(result.stdout).toMatch(
      /Origin: build 7d1e0c9b8a7f is not live yet \(HTTP 200, shows 3f2c1a0e/
    )
    expect(result.summary).toContain('is not live yet (dry run)')
  })

  it('honours the origin’s Retry-After', async () => {
    emulator().deploy(NEW)
    emulator().originFaults.enqueue({ status: 429, headers: { 'Retry-After': '2' } })
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl() },
      pushEnv()
    )
    expect(result.exitCode).toBe(0)
    const [first, second] = emulator().originRequests
    expect(first?.status).toBe(429)
    expect(second?.status).toBe(200)
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1900)
  })

  it('deployment_status: build_id defaults to deployment.sha', async () => {
    const payload = JSON.parse(
      readFileSync(join(FIXTURES, 'deployment_status-success.json'), 'utf8')
    ) as { deployment: { sha: string } }
    const eventPath = join(eventDir, 'deployment_status.json')
    writeFileSync(eventPath, JSON.stringify(payload))
    emulator().deploy(payload.deployment.sha)
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl() },
      {
        GITHUB_EVENT_NAME: 'deployment_status',
        GITHUB_EVENT_PATH: eventPath,
        // Not the deployed commit: the default must come from the event.
        GITHUB_SHA: OLD
      }
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(/to show build 9be41d2c7a6f \(deployment\.sha\)/)
    expect(emulator().history).toHaveLength(1)
  })

  it('asks the origin without the API key, a token or a cookie', async () => {
    emulator().deploy(NEW)
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl() },
      pushEnv(),
      { 'github.token': 'ghs_originTestToken0123456789' }
    )
    expect(result.exitCode).toBe(0)
    const log = JSON.stringify(emulator().originRequests)
    expect(log).not.toContain(API_KEY)
    expect(log).not.toContain(ENCODED_KEY)
    expect(log).not.toContain('ghs_originTestToken')
    for (const request of emulator().originRequests) {
      expect(request.headers['authorization']).toBeUndefined()
      expect(request.headers['cookie']).toBeUndefined()
      expect(request.url).toBe('/version.txt')
    }
  })
})

describe('an origin_url the rendering cache answers', () => {
  // The public site's /about is a HIT of the page cached an hour ago: it cannot show the new
  // build until a purge, and the purge waits for it.
  it('fails at the first look, purges nothing, and says what to point origin_url at', async () => {
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: `${emulator().siteUrl}/about`, origin_timeout_seconds: '20' },
      pushEnv()
    )
    expect(result.durationMs).toBeLessThan(12_000)
    expect(result.exitCode).toBe(1)
    expect(emulator().history).toHaveLength(0)
    expect(emulator().requests).toHaveLength(0)
    expect(result.outputs).toMatchObject({ status: 'failed', count: '0', origin_seconds: '' })
    expect(emulator().siteRequests.filter(request => request.url === '/about').length).toBe(1)
    expect(errorsOf(result)).toEqual([
      `origin_url ${emulator().siteUrl}/about is answered by the rendering cache (emu-kc-status: HIT), not by the origin: a cached answer shows what was cached before and cannot change until a purge, which waits for it, so it can never show the new build. Point origin_url at the origin server itself: a health or version URL on the origin's own address, which bypasses the cache (e.g. https://origin.example.com/version.txt). Nothing was purged.`
    ])
    expect(result.summary).toMatch(
      /^<h2>❌ Cache purge: origin&#95;url is answered by the rendering cache, nothing purged<\/h2>/
    )
    expect(result.summary).toContain(
      '<h3>Origin: origin&#95;url is answered by the rendering cache, nothing was purged</h3>'
    )
    expect(result.summary).toContain('emu-kc-status: HIT')
    expect(await summaryRenderProblems(result)).toEqual([])
  })

  it('a dry run says it too, without failing', async () => {
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: `${emulator().siteUrl}/about`, dry_run: 'true' },
      pushEnv()
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('dry-run')
    expect(warningsOf(result).join('\n')).toMatch(
      /^Dry run: origin_url .*\/about is answered by the rendering cache \(emu-kc-status: HIT\), not by the origin: .* Point origin_url at the origin server itself: .* A real run would fail at once and purge nothing\.$/
    )
    expect(result.summary).toContain(
      'Origin: ⚠️ origin&#95;url is answered by the rendering cache (dry run)'
    )
  })
})

describe('origin inputs: bad input, nothing sent', () => {
  it('origin_url with credentials: one error naming it, the credentials never shown', async () => {
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: 'https://deployer:hunter2-secret@origin.example.com/v.txt' },
      pushEnv()
    )
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)).toEqual([
      `Input 'origin_url' "https://***@origin.example.com/v.txt": must not contain credentials: the origin is asked without any (no API key, token or cookie); expose the build at a public URL`
    ])
    expect(visibleText(result)).not.toContain('hunter2')
    expect(emulator().requests).toHaveLength(0)
    expect(emulator().originRequests).toHaveLength(0)
  })

  it('origin_url that is not http(s), and an empty build_id', async () => {
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: 'ftp://origin.example.com/v.txt', build_id: '  ' },
      pushEnv()
    )
    expect(result.exitCode).toBe(1)
    const errors = errorsOf(result)
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatch(
      /^Input 'origin_url' "ftp:\/\/origin\.example\.com\/v\.txt": must be an http/
    )
    expect(errors[1]).toMatch(/^Input .build_id. " {2}": is empty/)
    expect(result.outputs['status']).toBe('failed')
    expect(emulator().requests).toHaveLength(0)
  })

  it('no deployed commit to default build_id to: an error naming build_id', async () => {
    const result = await runWith(emulator().url, { tags: 'blog', origin_url: versionUrl() }, {})
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)[0]).toMatch(/^Input 'build_id' is required with origin_url/)
    expect(emulator().originRequests).toHaveLength(0)
  })
})

describe('another build at the origin, related by the checkout’s history', () => {
  // A checkout whose history is A, then B.
  let repo: TestRepo
  let checkout: string
  let commits: { a: string; b: string }
  beforeAll(() => {
    repo = testRepo('origin-checkout-')
    checkout = repo.dir
    commits = { a: repo.commit('a'), b: repo.commit('b') }
  })
  afterAll(() => repo.close())

  it('a newer build already live: the wait ends at once and the purge is sent', async () => {
    emulator().deploy(commits.b)
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl() },
      { ...pushEnv(commits.a), GITHUB_WORKSPACE: checkout }
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('purged')
    expect(result.outputs['superseded_by']).toBe(commits.b)
    expect(emulator().originRequests).toHaveLength(1)
    expect(emulator().history).toHaveLength(1)
    expect(result.stdout).toContain(
      `shows a newer build (${commits.b.slice(0, 7)}), which holds this run's commit: this run's changes are live in it, so the purge is sent now`
    )
    expect(result.stdout).not.toMatch(/previous build/)
    expect(result.summary).toContain(
      `Origin: ✅ superseded by <code>${commits.b.slice(0, 7)}</code>, a newer build`
    )
  })

  it('an older build (a rollback) is waited past and named as such, never "previous"', async () => {
    emulator().deploy(commits.a)
    const result = await runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl(), origin_timeout_seconds: '1' },
      { ...pushEnv(commits.b), GITHUB_WORKSPACE: checkout }
    )
    expect(result.exitCode).toBe(1)
    expect(emulator().history).toHaveLength(0)
    expect(result.outputs['superseded_by']).toBe('')
    expect(errorsOf(result).join('\n')).toContain(
      `a purge now would re-cache an older build (${commits.a.slice(0, 7)}), which this run's commit holds`
    )
    expect(errorsOf(result).join('\n')).not.toMatch(/previous build/)
    expect(result.summary).toContain(
      `cache an older build (${commits.a.slice(0, 7)}), which this run`
    )
    expect(result.summary).not.toMatch(/previous build/)
  })
})

describe("another build at the origin, related by GitHub's compare", () => {
  const TOKEN = 'ghs_origin-token'
  let github: FakeGitHub
  beforeAll(async () => {
    github = await startFakeGitHub({ repos: ['octo-org/octo-site'], token: TOKEN })
    github.setCompare(OLD, NEW, { status: 'ahead' })
  })
  afterAll(async () => {
    await github.close()
  })
  const compares = () => github.requests.filter(request => request.path.includes('/compare/'))
  /** The run of `sha`'s push, in a repository GitHub (the fake) knows, with its token. */
  const purgeAs = (sha: string) =>
    runWith(
      emulator().url,
      { tags: 'blog', origin_url: versionUrl() },
      { ...pushEnv(sha), GITHUB_REPOSITORY: 'octo-org/octo-site', GITHUB_API_URL: github.url },
      { 'github.token': TOKEN }
    )

  it('where the checkout cannot tell: one request, and the newer build wins', async () => {
    emulator().deploy(NEW)
    const before = compares().length
    const result = await purgeAs(OLD)
    expect(result.exitCode).toBe(0)
    expect(result.outputs['superseded_by']).toBe(NEW)
    expect(emulator().history).toHaveLength(1)
    expect(compares().length - before).toBe(1)
  })

  it("no request when the origin shows this run's own build", async () => {
    emulator().deploy(NEW)
    const before = github.requests.length
    const result = await purgeAs(NEW)
    expect(result.exitCode).toBe(0)
    expect(result.outputs['superseded_by']).toBe('')
    expect(github.requests.length).toBe(before)
  })
})
