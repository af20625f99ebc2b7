/**
 * The `since` and event lookups (previous deployment, run, release; tags) against the fake
 * GitHub API: pagination, no previous one, 403s, annotated tags.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChangeSource, RangeLookup } from '../../src/changed-files/change-source.js'
import { ChangedFilesError } from '../../src/changed-files/changed-files-error.js'
import {
  listChangedFiles,
  type ListChangedFilesOptions
} from '../../src/changed-files/github-changes.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.mjs'

const TOKEN = 'ghs_fakeTokenValue1234567890'
const HEAD = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'

/** A distinct 40-hex SHA for number n. */
function sha(n: number): string {
  return n.toString(16).padStart(40, 'a')
}

function at(minute: number): string {
  return new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString()
}

let fake: FakeGitHub

function options(): ListChangedFilesOptions {
  return {
    token: TOKEN,
    apiUrl: fake.url,
    repository: { owner: 'octo-org', repo: 'octo-site' },
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 10 }
  }
}

function source(lookup: RangeLookup): ChangeSource {
  return { queries: [], description: lookup.label, lookup }
}

async function failure(promise: Promise<unknown>): Promise<ChangedFilesError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ChangedFilesError)
    return error as ChangedFilesError
  }
  throw new Error('expected a ChangedFilesError')
}

beforeEach(async () => {
  fake = await startFakeGitHub({ token: TOKEN })
})
afterEach(async () => {
  await fake.close()
})

const deploymentLookup = (extra: Partial<RangeLookup> = {}): RangeLookup => ({
  head: { kind: 'sha', sha: HEAD },
  base: { kind: 'previous-deployment', environment: 'production', excludeId: 900 },
  whenNoPrevious: { kind: 'head-commit' },
  label: 'deployment_status success for production',
  ...extra
})

describe('previous successful deployment', () => {
  it('skips the handled one, failed ones and other environments; a later inactive status still counts as success', async () => {
    fake.addDeployment({ id: 900, sha: HEAD, created_at: at(50), states: ['success'] })
    fake.addDeployment({ id: 899, sha: sha(9), created_at: at(40), states: ['failure'] })
    fake.addDeployment({
      id: 898,
      sha: sha(8),
      environment: 'staging',
      created_at: at(35),
      states: ['success']
    })
    fake.addDeployment({
      id: 812,
      sha: sha(7),
      created_at: at(30),
      states: ['in_progress', 'success', 'inactive']
    })
    fake.addDeployment({ id: 700, sha: sha(6), created_at: at(10), states: ['success'] })
    fake.setCompare(sha(7), HEAD, { files: ['content/a.md'], commits: [HEAD] })
    const result = await listChangedFiles(source(deploymentLookup()), options())
    expect(result.files).toEqual(['content/a.md'])
    expect(result.description).toBe(
      `deployment_status success for production: aaaaaaa...9be41d2, since deployment #812 (success)`
    )
    const listing = fake.requests.find(r => r.path.endsWith('/deployments'))
    expect(listing?.query).toMatchObject({ environment: 'production' })
    // The handled deployment's statuses were never asked: it is never its own previous.
    expect(fake.requests.some(r => r.path.includes('/deployments/900/'))).toBe(false)
  })

  it('the newest status other than inactive decides: success then failure is a failed deployment', async () => {
    fake.addDeployment({ id: 900, sha: HEAD, created_at: at(50), states: ['success'] })
    // Oldest first as they happened: listed newest first, [failure, success, in_progress].
    fake.addDeployment({
      id: 899,
      sha: sha(9),
      created_at: at(40),
      states: ['in_progress', 'success', 'failure']
    })
    fake.addDeployment({ id: 898, sha: sha(8), created_at: at(35), states: ['success', 'error'] })
    fake.addDeployment({
      id: 897,
      sha: sha(7),
      created_at: at(30),
      states: ['failure', 'success', 'inactive']
    })
    fake.setCompare(sha(7), HEAD, { files: ['content/a.md', 'content/b.md'], commits: [HEAD] })
    const result = await listChangedFiles(source(deploymentLookup()), options())
    expect(result.files).toEqual(['content/a.md', 'content/b.md'])
    expect(result.description).toBe(
      `deployment_status success for production: ${sha(7).slice(0, 7)}...9be41d2, since deployment #897 (success)`
    )
  })

  it('a deployment with only inactive statuses, or none, is not successful', async () => {
    fake.addDeployment({ id: 900, sha: HEAD, created_at: at(50), states: ['success'] })
    fake.addDeployment({ id: 899, sha: sha(9), created_at: at(40), states: ['inactive'] })
    fake.addDeployment({ id: 898, sha: sha(8), created_at: at(35), states: [] })
    fake.addDeployment({ id: 897, sha: sha(7), created_at: at(30), states: ['success'] })
    fake.setCompare(sha(7), HEAD, { files: ['c.md'], commits: [HEAD] })
    const result = await listChangedFiles(source(deploymentLookup()), options())
    expect(result.description).toContain('since deployment #897 (success)')
  })

  it('pages through deployments by Link; only those created before the handled one count', async () => {
    for (let i = 0; i < 150; i++) {
      fake.addDeployment({
        id: 1000 - i,
        sha: sha(i + 1),
        created_at: at(500 - i),
        states: ['success']
      })
    }
    fake.addDeployment({ id: 10, sha: sha(999), created_at: at(1), states: ['success'] })
    fake.setCompare(sha(999), HEAD, { files: ['x.md'], commits: [HEAD] })
    const base = {
      kind: 'previous-deployment',
      environment: 'production',
      createdBefore: at(5)
    } as const
    const result = await listChangedFiles(source(deploymentLookup({ base })), options())
    expect(result.files).toEqual(['x.md'])
    const pages = fake.requests.filter(r => r.path.endsWith('/deployments'))
    expect(pages.map(r => r.query.page)).toEqual(['1', '2'])
  })

  it('fails after examining 100 deployments without a success, rather than guess', async () => {
    for (let i = 0; i < 120; i++) {
      fake.addDeployment({
        id: 1000 - i,
        sha: sha(i + 1),
        created_at: at(500 - i),
        states: ['error']
      })
    }
    fake.setCommit(HEAD, ['h.md'])
    const base = { kind: 'previous-deployment', environment: 'production' } as const
    const error = await failure(listChangedFiles(source(deploymentLookup({ base })), options()))
    expect(error.message).toMatch(
      /no successful deployment of 'production' among the 100 deployments before this one.*Set base_sha/
    )
    expect(fake.requests.filter(r => r.path.endsWith('/statuses'))).toHaveLength(100)
  }, 20_000)

  it('a deployment created in the same second as the handled one counts as previous by id', async () => {
    fake.addDeployment({ id: 900, sha: HEAD, created_at: at(50), states: ['success'] })
    fake.addDeployment({ id: 899, sha: sha(7), created_at: at(50), states: ['success'] })
    fake.setCompare(sha(7), HEAD, { files: ['same-second.md'], commits: [HEAD] })
    const base = {
      kind: 'previous-deployment',
      environment: 'production',
      excludeId: 900,
      createdBefore: at(50)
    } as const
    const result = await listChangedFiles(source(deploymentLookup({ base })), options())
    expect(result.files).toEqual(['same-second.md'])
  })

  it('takes the head commit alone, with a notice, when there is no previous deployment', async () => {
    fake.addDeployment({ id: 900, sha: HEAD, created_at: at(50), states: ['success'] })
    fake.setCommit(HEAD, ['only.md'])
    const result = await listChangedFiles(source(deploymentLookup()), options())
    expect(result.files).toEqual(['only.md'])
    expect(result.notices[0]).toMatch(/no earlier successful deployment of "production" was found/)
  })

  it('fails for since with no previous deployment, saying a first deploy needs base_sha', async () => {
    const error = await failure(
      listChangedFiles(
        source(
          deploymentLookup({
            whenNoPrevious: { kind: 'fail', input: 'since', value: 'last-deployment' }
          })
        ),
        options()
      )
    )
    expect(error.message).toMatch(/since: last-deployment found no earlier successful deployment/)
    expect(error.message).toContain('base_sha')
  })

  it('uses base_sha as the fallback for since when nothing is found', async () => {
    fake.setCompare(sha(3), HEAD, { files: ['f.md'], commits: [HEAD] })
    const result = await listChangedFiles(
      source(deploymentLookup({ whenNoPrevious: { kind: 'base-sha', sha: sha(3) } })),
      options()
    )
    expect(result.files).toEqual(['f.md'])
    expect(result.description).toMatch(/from base_sha \(no earlier successful deployment/)
  })

  it('names deployments: read on a 403', async () => {
    fake.failNext('/deployments', 403, 1, { message: 'Resource not accessible by integration' })
    const error = await failure(listChangedFiles(source(deploymentLookup()), options()))
    expect(error.message).toContain('`deployments: read`')
  })

  it('lists nothing when the previous deployment is the same commit', async () => {
    fake.addDeployment({ id: 5, sha: HEAD, created_at: at(1), states: ['success'] })
    const result = await listChangedFiles(source(deploymentLookup()), options())
    expect(result.files).toEqual([])
    expect(result.description).toMatch(/the same commit, nothing changed/)
  })
})

describe('previous successful run', () => {
  const runLookup: RangeLookup = {
    head: { kind: 'sha', sha: HEAD },
    base: {
      kind: 'previous-run',
      workflowId: 77,
      branch: 'main',
      event: 'push',
      excludeRunId: 500,
      createdBefore: at(50)
    },
    whenNoPrevious: { kind: 'head-commit' },
    label: 'workflow_run success of "Deploy" on main'
  }

  it('takes the newest earlier successful run of the workflow on the branch, never this one', async () => {
    fake.addRun({
      id: 500,
      workflow_id: 77,
      head_sha: HEAD,
      conclusion: 'success',
      created_at: at(50),
      run_number: 9
    })
    fake.addRun({
      id: 499,
      workflow_id: 77,
      head_sha: sha(1),
      conclusion: 'failure',
      created_at: at(40),
      run_number: 8
    })
    fake.addRun({
      id: 498,
      workflow_id: 77,
      head_sha: sha(2),
      head_branch: 'dev',
      conclusion: 'success',
      created_at: at(35),
      run_number: 7
    })
    fake.addRun({
      id: 497,
      workflow_id: 78,
      head_sha: sha(3),
      conclusion: 'success',
      created_at: at(34),
      run_number: 3
    })
    fake.addRun({
      id: 496,
      workflow_id: 77,
      head_sha: sha(4),
      conclusion: 'success',
      created_at: at(30),
      run_number: 6
    })
    fake.setCompare(sha(4), HEAD, { files: ['b.md'], commits: [HEAD] })
    const result = await listChangedFiles(source(runLookup), options())
    expect(result.files).toEqual(['b.md'])
    expect(result.description).toBe(
      'workflow_run success of "Deploy" on main: aaaaaaa...9be41d2, since run #6 (success)'
    )
    const query = fake.requests.find(r => r.path.endsWith('/actions/workflows/77/runs'))?.query
    expect(query).toMatchObject({ branch: 'main', event: 'push', status: 'success' })
  })

  it('since last-successful-run asks for the current run first, and names actions: read on a 403', async () => {
    fake.addRun({
      id: 600,
      workflow_id: 12,
      head_sha: HEAD,
      conclusion: null,
      status: 'in_progress',
      created_at: at(60)
    })
    fake.addRun({
      id: 590,
      workflow_id: 12,
      head_sha: sha(5),
      conclusion: 'success',
      created_at: at(20),
      run_number: 4
    })
    fake.setCompare(sha(5), HEAD, { files: ['c.md'], commits: [HEAD] })
    const lookup: RangeLookup = {
      head: { kind: 'sha', sha: HEAD },
      base: { kind: 'previous-run', excludeRunId: 600 },
      whenNoPrevious: { kind: 'fail', input: 'since', value: 'last-successful-run' },
      label: 'workflow_dispatch since last-successful-run of this workflow'
    }
    const result = await listChangedFiles(source(lookup), options())
    expect(result.files).toEqual(['c.md'])
    expect(fake.requests[0]?.path).toBe('/repos/octo-org/octo-site/actions/runs/600')

    fake.failNext('/actions/runs/600', 403, 1, { message: 'Forbidden' })
    const error = await failure(listChangedFiles(source(lookup), options()))
    expect(error.message).toContain('`actions: read`')
  })
})

describe('previous release and tags', () => {
  const releaseLookup = (prerelease: boolean, tag = 'v1.3.0'): RangeLookup => ({
    head: { kind: 'tag', tag },
    base: {
      kind: 'previous-release',
      tag,
      prerelease,
      excludeReleaseId: 30,
      publishedBefore: at(100)
    },
    whenNoPrevious: { kind: 'head-commit' },
    label: `release published ${tag}`
  })

  function releases(): void {
    fake.addRelease({ id: 30, tag_name: 'v1.3.0', created_at: at(99), published_at: at(100) })
    fake.addRelease({
      id: 29,
      tag_name: 'v1.3.0-rc.1',
      prerelease: true,
      created_at: at(90),
      published_at: at(90)
    })
    fake.addRelease({
      id: 28,
      tag_name: 'v1.2.9-draft',
      draft: true,
      created_at: at(85),
      published_at: null
    })
    fake.addRelease({ id: 27, tag_name: 'v1.2.0', created_at: at(50), published_at: at(50) })
    fake.addRelease({ id: 26, tag_name: 'v1.1.0', created_at: at(10), published_at: at(10) })
  }

  it('compares with the previous published non-draft release, following annotated tags', async () => {
    releases()
    fake.setTag('v1.3.0', HEAD, { annotated: true })
    fake.setTag('v1.2.0', sha(12))
    fake.setCompare(sha(12), HEAD, { files: ['r.md'], commits: [HEAD] })
    const result = await listChangedFiles(source(releaseLookup(false)), options())
    expect(result.files).toEqual(['r.md'])
    expect(result.description).toBe(
      'release published v1.3.0: aaaaaaa...9be41d2, since release v1.2.0'
    )
    expect(fake.requests.some(r => r.path.includes('/git/tags/'))).toBe(true)
  })

  it('lets a prerelease count as previous only for a prerelease', async () => {
    releases()
    fake.setTag('v1.3.0', HEAD)
    fake.setTag('v1.3.0-rc.1', sha(13))
    fake.setCompare(sha(13), HEAD, { files: ['p.md'], commits: [HEAD] })
    const result = await listChangedFiles(source(releaseLookup(true)), options())
    expect(result.description).toMatch(/since release v1.3.0-rc.1$/)
  })

  it('a tag push takes the prerelease flag and date from the tag own release', async () => {
    releases()
    fake.setTag('v1.3.0', HEAD)
    fake.setTag('v1.2.0', sha(12))
    fake.setCompare(sha(12), HEAD, { files: ['t.md'], commits: [HEAD] })
    const lookup: RangeLookup = {
      head: { kind: 'tag', tag: 'v1.3.0' },
      base: { kind: 'previous-release', tag: 'v1.3.0' },
      whenNoPrevious: { kind: 'head-commit' },
      label: 'push of tag v1.3.0'
    }
    const result = await listChangedFiles(source(lookup), options())
    expect(result.description).toMatch(/since release v1.2.0$/)
  })

  it('pages through releases', async () => {
    for (let i = 0; i < 120; i++) {
      fake.addRelease({
        id: 1000 + i,
        tag_name: `n${i}`,
        draft: true,
        created_at: at(200 + i),
        published_at: null
      })
    }
    releases()
    fake.setTag('v1.3.0', HEAD)
    fake.setTag('v1.2.0', sha(12))
    fake.setCompare(sha(12), HEAD, { files: ['q.md'], commits: [HEAD] })
    await listChangedFiles(source(releaseLookup(false)), options())
    expect(fake.requests.filter(r => r.path.endsWith('/releases')).map(r => r.query.page)).toEqual([
      '1',
      '2'
    ])
  })

  it('takes the head commit alone, with a notice, for a first release', async () => {
    fake.addRelease({ id: 30, tag_name: 'v1.3.0', created_at: at(99), published_at: at(100) })
    fake.setTag('v1.3.0', HEAD)
    fake.setCommit(HEAD, ['first.md'])
    const result = await listChangedFiles(source(releaseLookup(false)), options())
    expect(result.files).toEqual(['first.md'])
    expect(result.notices[0]).toMatch(/no earlier published release was found/)
  })

  it('fails clearly for a tag that does not exist, naming contents: read', async () => {
    const error = await failure(listChangedFiles(source(releaseLookup(false, 'v9')), options()))
    expect(error.message).toMatch(/The tag "v9" was not found/)
    expect(error.message).toContain('`contents: read`')
  })
})
