/**
 * One test per row of the event table (docs/events.md), from trimmed real-shaped webhook
 * payloads in __tests__/fixtures/events/.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ChangeOverrides, ChangeSource } from '../../src/changed-files/change-source.js'
import { decideChangeSource } from '../../src/changed-files/event-rules.js'
import { Diagnostics } from '../../src/core/diagnostics.js'

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'events')
const BASE = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const HEAD = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const GITHUB_SHA = 'c'.repeat(40)
const OTHER = 'd'.repeat(40)

function payload(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Record<string, unknown>
}

function decide(
  eventName: string,
  file: string,
  overrides: ChangeOverrides = {},
  runId?: number
): { source: ChangeSource; diag: Diagnostics } {
  const diag = new Diagnostics()
  const source = decideChangeSource(
    {
      eventName,
      payload: payload(file),
      sha: GITHUB_SHA,
      repository: { owner: 'octo-org', repo: 'octo-site' },
      ...(runId !== undefined && { runId })
    },
    overrides,
    diag
  )
  return { source, diag }
}

describe('event rules, from real-shaped payloads', () => {
  it('push of a branch: compare before...after', () => {
    const { source } = decide('push', 'push-branch.json')
    expect(source.queries).toEqual([{ kind: 'compare', base: BASE, head: HEAD }])
  })

  it('push of a tag: the release of that tag (the tag is resolved, `after` is a tag object)', () => {
    const { source, diag } = decide('push', 'push-tag.json')
    expect(source.queries).toEqual([])
    expect(source.lookup).toEqual({
      head: { kind: 'tag', tag: 'v1.3.0' },
      base: { kind: 'previous-release', tag: 'v1.3.0' },
      whenNoPrevious: { kind: 'head-commit' },
      label: 'push of tag v1.3.0'
    })
    expect(diag.warnings).toEqual([])
  })

  it('push deleting a tag: nothing, with the reason', () => {
    const { source } = decide('push', 'push-tag-deleted.json')
    expect(source.queries).toEqual([])
    expect(source.lookup).toBeUndefined()
    expect(source.nothingReason).toMatch(/deleted refs\/tags\/v1.3.0/)
  })

  it.each(['pull_request', 'pull_request_target'])('%s: the pull request files', event => {
    const { source } = decide(event, `${event}.json`)
    expect(source.queries).toEqual([{ kind: 'pull-request', number: 42 }])
  })

  it.each(['pull_request', 'pull_request_target'])(
    '%s closed without merging: nothing, and a notice (even with since or base_sha)',
    event => {
      for (const overrides of [{}, { since: 'last-deployment' as const }, { baseSha: BASE }]) {
        const { source, diag } = decide(event, 'pull_request-closed-unmerged.json', overrides)
        expect(source.queries).toEqual([])
        expect(source.lookup).toBeUndefined()
        expect(source.nothingReason).toBe(
          'pull request #42 was closed without being merged: nothing was deployed, so no changed file is purged'
        )
        // The range line says what it is, not "not a success", and leaves the why to the notice.
        expect(source.description).toBe(`${event}: nothing deployed`)
        expect(diag.notices).toEqual([`Changed files: ${source.nothingReason}.`])
        expect(diag.warnings).toEqual([])
      }
    }
  )

  it.each(['pull_request', 'pull_request_target'])('%s closed by merging: its files', event => {
    const { source, diag } = decide(event, 'pull_request-closed-merged.json')
    expect(source.queries).toEqual([{ kind: 'pull-request', number: 42 }])
    expect(diag.notices).toEqual([])
  })

  it('a closed pull request whose payload kept only merged_at counts as merged', () => {
    const closed = payload('pull_request-closed-merged.json')
    delete (closed['pull_request'] as Record<string, unknown>)['merged']
    const diag = new Diagnostics()
    const source = decideChangeSource(
      {
        eventName: 'pull_request',
        payload: closed,
        sha: GITHUB_SHA,
        repository: { owner: 'o', repo: 'r' }
      },
      {},
      diag
    )
    expect(source.queries).toEqual([{ kind: 'pull-request', number: 42 }])
  })

  it('merge_group: compare base_sha...head_sha', () => {
    const { source } = decide('merge_group', 'merge_group.json')
    expect(source.queries).toEqual([{ kind: 'compare', base: BASE, head: HEAD }])
  })

  it('deployment: deployment.sha since the previous successful deployment of its environment', () => {
    const { source } = decide('deployment', 'deployment.json')
    expect(source.lookup).toEqual({
      head: { kind: 'sha', sha: HEAD },
      base: {
        kind: 'previous-deployment',
        environment: 'production',
        excludeId: 813,
        createdBefore: '2026-11-20T10:05:00Z'
      },
      whenNoPrevious: { kind: 'head-commit' },
      label: 'deployment for production'
    })
  })

  it('deployment_status success: the same, labelled with the state', () => {
    const { source, diag } = decide('deployment_status', 'deployment_status-success.json')
    expect(source.lookup?.head).toEqual({ kind: 'sha', sha: HEAD })
    expect(source.lookup?.base).toMatchObject({ environment: 'production', excludeId: 813 })
    expect(source.lookup?.label).toBe('deployment_status success for production')
    expect(diag.notices).toEqual([])
  })

  it.each(['failure', 'in_progress'])(
    'deployment_status %s: nothing, and a notice naming the state',
    state => {
      const { source, diag } = decide('deployment_status', `deployment_status-${state}.json`)
      expect(source.queries).toEqual([])
      expect(source.lookup).toBeUndefined()
      expect(diag.notices).toEqual([expect.stringContaining(`'${state}' for production`)])
      expect(source.description).toBe('deployment_status: nothing deployed')
      expect(diag.warnings).toEqual([])
    }
  )

  it('deployment_status failure: nothing even with since and base_sha (a failed deploy changed no page)', () => {
    const { source } = decide('deployment_status', 'deployment_status-failure.json', {
      since: 'last-deployment',
      baseSha: BASE
    })
    expect(source.queries).toEqual([])
    expect(source.lookup).toBeUndefined()
  })

  it('workflow_run success: head_sha since the previous successful run of the same workflow, branch and event', () => {
    const { source } = decide('workflow_run', 'workflow_run-success.json')
    expect(source.lookup).toEqual({
      head: { kind: 'sha', sha: HEAD },
      base: {
        kind: 'previous-run',
        workflowId: 159038,
        branch: 'main',
        event: 'push',
        excludeRunId: 30433642,
        createdBefore: '2026-11-20T10:01:00Z'
      },
      whenNoPrevious: { kind: 'head-commit' },
      label: 'workflow_run success of "Deploy" on main'
    })
  })

  it('workflow_run failure: nothing, and a notice naming the conclusion', () => {
    const { source, diag } = decide('workflow_run', 'workflow_run-failure.json')
    expect(source.lookup).toBeUndefined()
    expect(source.queries).toEqual([])
    expect(diag.notices[0]).toMatch(/concluded 'failure'/)
    expect(source.description).toBe('workflow_run: nothing deployed')
  })

  it('release published: the tag since the previous release, not a prerelease', () => {
    const { source } = decide('release', 'release-published.json')
    expect(source.lookup).toEqual({
      head: { kind: 'tag', tag: 'v1.3.0' },
      base: {
        kind: 'previous-release',
        tag: 'v1.3.0',
        prerelease: false,
        excludeReleaseId: 2001,
        publishedBefore: '2026-11-20T10:00:00Z'
      },
      whenNoPrevious: { kind: 'head-commit' },
      label: 'release published v1.3.0'
    })
  })

  it('release of a prerelease: prereleases count as previous', () => {
    const { source } = decide('release', 'release-prerelease.json')
    expect(source.lookup?.base).toMatchObject({ tag: 'v1.4.0-rc.1', prerelease: true })
  })

  it('release edited: nothing, with a notice', () => {
    const { source, diag } = decide('release', 'release-edited.json')
    expect(source.lookup).toBeUndefined()
    expect(source.queries).toEqual([])
    expect(diag.notices[0]).toMatch(/was edited/)
  })

  it.each(['workflow_dispatch', 'schedule'])(
    '%s: nothing, and a warning that says what to set',
    event => {
      const { source, diag } = decide(event, `${event}.json`)
      expect(source.queries).toEqual([])
      expect(source.lookup).toBeUndefined()
      expect(diag.warnings[0]).toMatch(/set since \(last-deployment or last-successful-run\)/)
    }
  )

  it.each(['issues', 'delete', 'create', 'repository_dispatch'])(
    '%s: nothing (never the files of GITHUB_SHA), and a warning naming the event',
    event => {
      const { source, diag } = decide(event, `${event}.json`)
      expect(source.queries).toEqual([])
      expect(source.lookup).toBeUndefined()
      expect(diag.warnings).toEqual([
        expect.stringContaining(`the ${event} event carries no change`)
      ])
      expect(diag.warnings[0]).toContain('supported: push, pull_request')
    }
  )
})

describe('since and environment', () => {
  it('last-deployment on workflow_dispatch: GITHUB_SHA since the newest successful deployment of production', () => {
    const { source, diag } = decide('workflow_dispatch', 'workflow_dispatch.json', {
      since: 'last-deployment'
    })
    expect(diag.warnings).toEqual([])
    expect(source.lookup).toEqual({
      head: { kind: 'sha', sha: GITHUB_SHA },
      base: { kind: 'previous-deployment', environment: 'production' },
      whenNoPrevious: { kind: 'fail', input: 'since', value: 'last-deployment' },
      label: 'workflow_dispatch since last-deployment of production'
    })
  })

  it('last-deployment takes the environment input, head_sha, and base_sha as the fallback', () => {
    const { source } = decide('workflow_dispatch', 'workflow_dispatch.json', {
      since: 'last-deployment',
      environment: 'staging',
      headSha: OTHER,
      baseSha: BASE
    })
    expect(source.lookup?.head).toEqual({ kind: 'sha', sha: OTHER })
    expect(source.lookup?.base).toEqual({ kind: 'previous-deployment', environment: 'staging' })
    expect(source.lookup?.whenNoPrevious).toEqual({ kind: 'base-sha', sha: BASE })
  })

  it('last-deployment on deployment_status: the event deployment is the head, never its own previous', () => {
    const { source } = decide('deployment_status', 'deployment_status-success.json', {
      since: 'last-deployment'
    })
    expect(source.lookup?.head).toEqual({ kind: 'sha', sha: HEAD })
    expect(source.lookup?.base).toMatchObject({ environment: 'production', excludeId: 813 })
  })

  it('an environment input overrides the deployment event environment', () => {
    const { source } = decide('deployment', 'deployment.json', { environment: 'eu' })
    expect(source.lookup?.base).toMatchObject({ environment: 'eu' })
    expect(source.lookup?.label).toBe('deployment for eu')
  })

  it('last-successful-run: the current run (GITHUB_RUN_ID) is excluded', () => {
    const { source } = decide('schedule', 'schedule.json', { since: 'last-successful-run' }, 4242)
    expect(source.lookup?.base).toEqual({ kind: 'previous-run', excludeRunId: 4242 })
    expect(source.lookup?.head).toEqual({ kind: 'sha', sha: GITHUB_SHA })
  })
})

describe('the since and environment inputs', () => {
  async function parse(values: Partial<Record<string, string>>): Promise<{
    settings: Awaited<
      ReturnType<typeof import('../../src/changed-files/settings.js').parseChangedFilesSettings>
    >
    diag: Diagnostics
  }> {
    const { parseChangedFilesSettings } = await import('../../src/changed-files/settings.js')
    const diag = new Diagnostics()
    const all: Record<string, string> = { github_token: 'ghs_x', ...values }
    const settings = parseChangedFilesSettings(name => all[name] ?? '', diag)
    return { settings, diag }
  }

  it('accepts last-deployment and last-successful-run, any case', async () => {
    expect((await parse({ since: 'last-deployment' })).settings?.since).toBe('last-deployment')
    expect((await parse({ since: 'Last-Successful-Run' })).settings?.since).toBe(
      'last-successful-run'
    )
    expect((await parse({})).settings?.since).toBeUndefined()
  })

  it('refuses another since value, naming the input and quoting the value', async () => {
    const { diag } = await parse({ since: 'yesterday' })
    expect(diag.problems).toEqual([expect.objectContaining({ input: 'since', value: 'yesterday' })])
    expect(diag.problems[0]?.reason).toContain("'last-deployment' or 'last-successful-run'")
  })

  it('takes an environment name, and refuses one with control characters', async () => {
    expect((await parse({ environment: 'eu-west' })).settings?.environment).toBe('eu-west')
    const { diag } = await parse({ environment: 'prod\u001b[31m' })
    expect(diag.problems.map(problem => problem.input)).toEqual(['environment'])
  })
})
