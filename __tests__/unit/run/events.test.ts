/**
 * The run in process, the event rules: the action's run as the runner starts it (support/run-in-process.ts), with
 * the trimmed real-shaped payloads of __tests__/fixtures/events/, against the fake GitHub API
 * and the service emulator. Each test checks what GitHub was asked, what the service received,
 * and what the user sees (status, notices, the range line, the summary).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { RunResult } from '../../../scripts/run-action.mjs'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.mjs'
import { escapeHtml } from '../../../src/text/html.js'
import { errorsOf, noticesOf, runWith, visibleText, warningsOf, useEmulator } from './helpers.js'

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'events')
const TOKEN = 'ghs_e2eEventsTokenValue0123456789'
const REPOSITORY = 'octo-org/octo-site'
const BASE = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const HEAD = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const GITHUB_SHA = 'c'.repeat(40)
const URL_MAP = 'content/{page}.md -> /{page}/ tag:page-{page}'

const emulator = useEmulator({ apiKey: 'e2e-K3y/with+special&chars=%' })
let github: FakeGitHub
let eventDir: string
let events = 0

beforeAll(() => {
  eventDir = mkdtempSync(join(tmpdir(), 'events-e2e-'))
})
afterAll(() => {
  rmSync(eventDir, { recursive: true, force: true })
})
beforeEach(async () => {
  github = await startFakeGitHub({ repos: [REPOSITORY], token: TOKEN })
})
afterEach(async () => {
  await github.close()
})

function fixture(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Record<string, unknown>
}

async function runOn(
  event: string,
  payload: Record<string, unknown>,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {}
): Promise<RunResult> {
  const eventPath = join(eventDir, `event-${++events}.json`)
  writeFileSync(eventPath, JSON.stringify(payload))
  return runWith(
    emulator().url,
    { changed_files: 'true', url_map: URL_MAP, ...inputs },
    {
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: github.url,
      GITHUB_RUN_ID: '4242',
      ...env
    },
    { 'github.token': TOKEN }
  )
}

function sentUrls(): string[] {
  return emulator()
    .requests.flatMap(r => (r.body as { url?: string[] }).url ?? [])
    .sort()
}

function infoLines(result: RunResult): string[] {
  return result.stdout.split('\n').filter(line => !line.startsWith('::'))
}

describe('events end to end', () => {
  it('deployment_status success: purges what changed since the previous successful deployment', async () => {
    github.addDeployment({
      id: 813,
      sha: HEAD,
      created_at: '2026-11-20T10:05:00Z',
      states: ['success']
    })
    github.addDeployment({
      id: 812,
      sha: BASE,
      created_at: '2026-11-19T10:05:00Z',
      states: ['success', 'inactive']
    })
    github.setCompare(BASE, HEAD, { files: ['content/about.md'], commits: [HEAD] })
    const result = await runOn('deployment_status', fixture('deployment_status-success.json'))
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/about/'])
    expect(result.outputs['status']).toBe('purged')
    const range =
      'deployment_status success for production: 3f2c1a0...9be41d2, since deployment #812 (success)'
    expect(infoLines(result).join('\n')).toContain(`Changed files: range ${range}.`)
    expect(result.summary).toContain(escapeHtml(`Range: ${range}.`))
  })

  it('deployment_status success after a deployment that failed after success: purges from the one before it', async () => {
    const middle = 'd'.repeat(40)
    github.addDeployment({
      id: 813,
      sha: HEAD,
      created_at: '2026-11-20T10:05:00Z',
      states: ['success']
    })
    // Listed newest first: [failure, success, in_progress]. GitHub shows it failed, and its
    // content may have been rolled back: the range starts at the deployment before it.
    github.addDeployment({
      id: 812,
      sha: middle,
      created_at: '2026-11-19T10:05:00Z',
      states: ['in_progress', 'success', 'failure']
    })
    github.addDeployment({
      id: 811,
      sha: BASE,
      created_at: '2026-11-18T10:05:00Z',
      states: ['success', 'inactive']
    })
    github.setCompare(BASE, HEAD, {
      files: ['content/about.md', 'content/contact.md'],
      commits: [middle, HEAD]
    })
    const result = await runOn('deployment_status', fixture('deployment_status-success.json'))
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/about/', '/contact/'])
    expect(infoLines(result).join('\n')).toContain(
      'deployment_status success for production: 3f2c1a0...9be41d2, since deployment #811 (success)'
    )
  })

  it('deployment_status failure: nothing purged, status nothing-to-purge, a notice naming the state', async () => {
    const result = await runOn('deployment_status', fixture('deployment_status-failure.json'))
    expect(result.exitCode).toBe(0)
    expect(github.requests).toEqual([])
    expect(emulator().requests).toEqual([])
    expect(result.outputs['status']).toBe('nothing-to-purge')
    expect(noticesOf(result).join('\n')).toMatch(/deployment_status is 'failure' for production/)
  })

  it.each(['pull_request', 'pull_request_target'])(
    '%s closed without merging: nothing asked, nothing sent, status nothing-to-purge, a notice',
    async event => {
      const result = await runOn(event, fixture('pull_request-closed-unmerged.json'))
      expect(result.exitCode).toBe(0)
      expect(github.requests).toEqual([])
      expect(emulator().requests).toEqual([])
      expect(result.outputs['status']).toBe('nothing-to-purge')
      expect(result.outputs['changed_files']).toBe('[]')
      expect(noticesOf(result)).toEqual([
        'Changed files: pull request #42 was closed without being merged: nothing was deployed, so no changed file is purged.'
      ])
      expect(errorsOf(result)).toEqual([])
      // Said once, and the last word does not blame url_map for what the event decided.
      expect(result.stdout.match(/closed without being merged/g)).toHaveLength(1)
      expect(result.stdout).toContain(
        'Nothing to purge: the event gave no changed file (the reason is above).'
      )
      expect(result.stdout).not.toContain('maps to a URL or a tag')
    }
  )

  it('pull_request closed by merging: purges its files', async () => {
    github.setPullFiles(42, ['content/about.md'])
    const result = await runOn('pull_request', fixture('pull_request-closed-merged.json'))
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/about/'])
    expect(result.outputs['status']).toBe('purged')
  })

  it('deployment_status failure with explicit tags: the tags still purge', async () => {
    const result = await runOn('deployment_status', fixture('deployment_status-failure.json'), {
      tags: 'always'
    })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests.flatMap(r => (r.body as { tag?: string[] }).tag ?? [])).toEqual([
      'always'
    ])
  })

  it('workflow_run success: head_sha since the previous successful run of the workflow', async () => {
    github.addRun({
      id: 30433642,
      workflow_id: 159038,
      head_sha: HEAD,
      conclusion: 'success',
      created_at: '2026-11-20T10:01:00Z',
      run_number: 562
    })
    github.addRun({
      id: 30433000,
      workflow_id: 159038,
      head_sha: BASE,
      conclusion: 'success',
      created_at: '2026-11-19T10:01:00Z',
      run_number: 561
    })
    github.setCompare(BASE, HEAD, { files: ['content/jobs.md'], commits: [HEAD] })
    const result = await runOn('workflow_run', fixture('workflow_run-success.json'))
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/jobs/'])
    expect(result.summary).toContain('since run #561 (success)')
    // Never GITHUB_SHA: the run's head_sha is the head.
    expect(github.requests.some(r => r.path.includes(GITHUB_SHA))).toBe(false)
  })

  it('release published: the tag (annotated) since the previous release', async () => {
    github.addRelease({
      id: 2001,
      tag_name: 'v1.3.0',
      created_at: '2026-11-20T09:59:00Z',
      published_at: '2026-11-20T10:00:00Z'
    })
    github.addRelease({
      id: 2000,
      tag_name: 'v1.2.0',
      created_at: '2026-11-01T09:59:00Z',
      published_at: '2026-11-01T10:00:00Z'
    })
    github.setTag('v1.3.0', HEAD, { annotated: true })
    github.setTag('v1.2.0', BASE)
    github.setCompare(BASE, HEAD, { files: ['content/pricing.md'], commits: [HEAD] })
    const result = await runOn('release', fixture('release-published.json'))
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/pricing/'])
    expect(result.summary).toContain('since release v1.2.0')
  })

  it('a tag push is handled as the release of that tag; a first release purges the head commit, with a notice', async () => {
    github.setTag('v1.3.0', HEAD, { annotated: true })
    github.setCommit(HEAD, ['content/launch.md'])
    const result = await runOn('push', fixture('push-tag.json'))
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/launch/'])
    expect(noticesOf(result).join('\n')).toMatch(/no earlier published release was found/)
  })

  it('an unsupported event purges no changed file and names the supported ones', async () => {
    github.setCommit(GITHUB_SHA, ['content/x.md'])
    const result = await runOn('issues', fixture('issues.json'))
    expect(result.exitCode).toBe(0)
    expect(github.requests).toEqual([])
    expect(emulator().requests).toEqual([])
    expect(result.outputs['status']).toBe('nothing-to-purge')
    expect(warningsOf(result).join('\n')).toMatch(
      /the issues event carries no change this action can read \(supported: push, pull_request/
    )
  })

  it('a compare without files falls back to the files of each commit', async () => {
    const [c1, c2] = ['1'.repeat(40), '2'.repeat(40)]
    github.setCompare(BASE, HEAD, { commits: [c1, c2], omitFiles: true })
    github.setCommit(c1, ['content/a.md'])
    github.setCommit(c2, ['content/b.md'])
    const result = await runOn('push', fixture('push-branch.json'))
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/a/', '/b/'])
  })

  it('since: last-deployment with no previous deployment fails, writes the summary, status failed', async () => {
    const result = await runOn('workflow_dispatch', fixture('workflow_dispatch.json'), {
      since: 'last-deployment'
    })
    expect(result.exitCode).not.toBe(0)
    expect(emulator().requests).toEqual([])
    expect(result.outputs['status']).toBe('failed')
    expect(errorsOf(result).join('\n')).toMatch(/found no earlier successful deployment/)
    expect(result.summary).toContain('the changed files could not be listed')
    expect(result.summary).toContain(
      escapeHtml('workflow_dispatch since last-deployment of production')
    )
    expect(result.summary).toContain(escapeHtml('base_sha'))
  })

  it('a 403 on fork pull request files: summary and error name pull-requests: read', async () => {
    github.failNext('/pulls/42/files', 403, 1, {
      message: 'Resource not accessible by integration'
    })
    const result = await runOn('pull_request', fixture('pull_request.json'))
    expect(result.exitCode).not.toBe(0)
    expect(result.outputs['status']).toBe('failed')
    expect(result.summary).toContain('pull-requests: read')
    expect(result.summary).toContain(escapeHtml('pull_request_target'))
    expect(visibleText(result)).not.toContain(TOKEN)
  })

  it('GITHUB_API_URL=http://[::1 gives a clear error, not an Invalid URL crash', async () => {
    const result = await runOn(
      'push',
      fixture('push-branch.json'),
      {},
      {
        GITHUB_API_URL: 'http://[::1'
      }
    )
    expect(result.exitCode).not.toBe(0)
    expect(errorsOf(result).join('\n')).toContain('GITHUB_API_URL "http://[::1" is not a valid URL')
    expect(visibleText(result)).not.toContain('Unexpected error')
    expect(result.outputs['status']).toBe('failed')
  })

  it('credentials in GITHUB_API_URL are never shown', async () => {
    github.setCompare(BASE, HEAD, { files: ['content/a.md'], commits: [HEAD] })
    const apiUrl = github.url.replace('http://', 'http://apiuser:s3cretPass@')
    const result = await runOn('push', fixture('push-branch.json'), {}, { GITHUB_API_URL: apiUrl })
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/a/'])
    expect(visibleText(result)).not.toMatch(/apiuser|s3cretPass/)
    expect(warningsOf(result).join('\n')).toContain('http://***@127.0.0.1')
  })
})
