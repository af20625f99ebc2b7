/**
 * The run in process, a deploy burst with verify_content: another build goes live while the run
 * verifies its own, at the emulator's origin and edge, related to the run's commit by the
 * checkout's history (A, then B). A newer build holds the run's changes: a page showing it is
 * fresh, never purged again for it, and the run ends ✅ naming it. An older build that stays is a
 * rollback: never ✅, named, nothing purged again. A build whose relation cannot be found is not
 * ✅ either. None of them is ever called "the previous build". Then a burst of three deploys
 * related by GitHub's compare alone: at most one request per commit a run sees.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sampleSite } from '../../../emulator/site.mjs'
import { API_KEY, errorsOf, runWith, useEmulator, visibleText, warningsOf } from './helpers.js'
import { testRepo, type TestRepo } from '../../support/git-repo.js'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.mjs'

const UNRELATED = '9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b'

const emulator = useEmulator(
  { apiKey: API_KEY, sitePort: 0, originPort: 0, propagationMs: 500, renderMs: 200 },
  edge => {
    edge.seed(sampleSite)
    edge.reset()
  }
)

let repo: TestRepo
let commits: { a: string; b: string }
beforeAll(() => {
  repo = testRepo('newer-deploy-')
  commits = { a: repo.commit('a'), b: repo.commit('b') }
})
afterAll(() => repo.close())

/** A purge of two pages, waited for at the origin and verified with verify_content. */
const contentInputs = (): Record<string, string> => ({
  urls: '/about\n/contact',
  origin_url: `${emulator().originUrl}/version.txt`,
  site_url: emulator().siteUrl,
  verify: 'true',
  verify_content: 'true',
  verify_timeout_seconds: '40',
  devices: 'desktop, mobile'
})

/** That purge by the run of commit `sha`, with the checkout (A, then B) unless told not to. */
function verifyRun(sha: string, extra: Record<string, string> = {}, checkout = true) {
  return runWith(
    emulator().url,
    { ...contentInputs(), ...extra },
    {
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SHA: sha,
      ...(checkout && { GITHUB_WORKSPACE: repo.dir })
    }
  )
}

/** Purge requests the emulator received. */
const purges = (): number => emulator().history.length

describe('a newer deploy wins', () => {
  it('live before the purge: purged at once, its pages fresh, ✅ naming it', async () => {
    emulator().deploy(commits.b)
    const result = await verifyRun(commits.a)
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(result.outputs['superseded_by']).toBe(commits.b)
    // The plan's purge alone: a page that shows the newer build is never purged again for it.
    expect(purges()).toBe(1)
    expect(result.stdout).toContain(`Superseded by ${commits.b.slice(0, 7)}, a newer build`)
    expect(result.summary.split('\n')[0]).toContain(`✅ superseded by ${commits.b.slice(0, 7)}`)
    expect(visibleText(result)).not.toMatch(/previous build/)
  })

  it('live during the verification: its pages count as fresh, no purge again, ✅', async () => {
    emulator().deploy(commits.a)
    // B lands with this run's purge: every render after it shows B, none shows A.
    emulator().deploy(commits.b, { afterNextPurge: true })
    const result = await verifyRun(commits.a)
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('fresh')
    expect(result.outputs['superseded_by']).toBe(commits.b)
    expect(purges()).toBe(1)
    expect(result.stdout).toContain(
      `origin_url shows a newer build (${commits.b.slice(0, 7)}), which holds this run's commit: a page that shows it is fresh`
    )
    expect(visibleText(result)).not.toMatch(/previous build/)
  })
})

describe('a rollback is never ✅', () => {
  it('an older build that stays ends the verification at once: rolled-back, named', async () => {
    emulator().deploy(commits.b)
    emulator().deploy(commits.a, { afterNextPurge: true })
    const result = await verifyRun(commits.b)
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).toBe('rolled-back')
    expect(result.outputs['superseded_by']).toBe('')
    expect(purges()).toBe(1)
    const errors = errorsOf(result).join('\n')
    expect(errors).toContain(
      `Verification: rolled back: origin_url went back to an older build (${commits.a.slice(0, 7)})`
    )
    const heading = result.summary.split('\n')[0] ?? ''
    expect(heading).toContain(`❌ rolled back to ${commits.a.slice(0, 7)}`)
    expect(heading).not.toContain('✅')
    expect(heading).not.toMatch(/deadline/)
    expect(result.summary).toContain('Verification at the edge: ❌ rolled back')
    expect(result.summary).toContain('the deploy was rolled back, so nothing more was purged')
    expect(visibleText(result)).not.toMatch(/previous build/)
  })

  it('verify: warn warns of it, and the step passes', async () => {
    emulator().deploy(commits.b)
    emulator().deploy(commits.a, { afterNextPurge: true })
    const result = await verifyRun(commits.b, { verify: 'warn' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['verify_status']).toBe('rolled-back')
    expect(warningsOf(result).join('\n')).toContain('Verification: rolled back')
  })
})

describe('a build whose relation cannot be found', () => {
  it('is not ✅ and is never called the previous build', async () => {
    emulator().deploy(commits.a)
    emulator().deploy(UNRELATED, { afterNextPurge: true })
    // No checkout and no token: nothing can tell how the other commit relates.
    const result = await verifyRun(commits.a, { verify_timeout_seconds: '12' }, false)
    expect(result.exitCode).toBe(1)
    expect(result.outputs['verify_status']).not.toBe('fresh')
    expect(result.outputs['superseded_by']).toBe('')
    // The run's mark opens the heading: a failure, whatever the pages proved.
    expect(result.summary.split('\n')[0]).toMatch(/^<h2>❌ /)
    expect(visibleText(result)).not.toMatch(/previous build/)
  })
})

describe("a burst of deploys, related by GitHub's compare alone", () => {
  const TOKEN = 'ghs_burst-token'
  let github: FakeGitHub
  beforeAll(async () => {
    github = await startFakeGitHub({ repos: ['octo-org/octo-site'], token: TOKEN })
    // B is A's child: compared from A, B is ahead; from B, A is behind.
    github.setCompare(commits.a, commits.b, { status: 'ahead' })
    github.setCompare(commits.b, commits.a, { status: 'behind' })
  })
  afterAll(async () => {
    await github.close()
  })
  const compares = () => github.requests.filter(request => request.path.includes('/compare/'))
  /** A run of `sha`'s push with no checkout: only GitHub can relate the commits. */
  const runAs = (sha: string) =>
    runWith(
      emulator().url,
      contentInputs(),
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_SHA: sha,
        GITHUB_REPOSITORY: 'octo-org/octo-site',
        GITHUB_API_URL: github.url
      },
      { 'github.token': TOKEN }
    )

  it('A, then B while A verifies, then back to A while B verifies: one request a relation', async () => {
    // A is deployed; B lands with A's purge.
    emulator().deploy(commits.a)
    emulator().deploy(commits.b, { afterNextPurge: true })
    let before = compares().length
    const first = await runAs(commits.a)
    expect(first.outputs['verify_status']).toBe('fresh')
    expect(first.outputs['superseded_by']).toBe(commits.b)
    expect(compares().length - before).toBe(1)

    // B's own run; a rollback to A lands with its purge.
    emulator().deploy(commits.a, { afterNextPurge: true })
    before = compares().length
    const second = await runAs(commits.b)
    expect(second.exitCode).toBe(1)
    expect(second.outputs['verify_status']).toBe('rolled-back')
    expect(compares().length - before).toBe(1)

    // The rollback's own run: every page shows A, its own build, and nothing is asked.
    before = github.requests.length
    const third = await runAs(commits.a)
    expect(third.exitCode).toBe(0)
    expect(third.outputs['verify_status']).toBe('fresh')
    expect(third.outputs['superseded_by']).toBe('')
    expect(github.requests.length).toBe(before)
    for (const result of [first, second, third]) {
      expect(visibleText(result)).not.toMatch(/previous build/)
    }
  })
})
