/**
 * The run in process, what a run writes on GitHub: the action's run, as the runner
 * starts it, against the service emulator and the fake GitHub REST API (comments listed by
 * page, created, updated; the pull requests of a commit; statuses). The plan on a pull
 * request is one comment, created once and then updated in place among many; the push that
 * deploys the merge turns the same comment into the result; a fork's read-only token, a huge
 * plan and hostile file names are each handled; commit_status goes pending, then success or
 * failure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { edgeCaseSite } from '../../../emulator/site.mjs'
import type { RunResult } from '../../../scripts/run-action.mjs'
import { readMarker } from '../../../src/comment/write/marker.js'
import { WORD_JOINER } from '../../../src/text/inert-html.js'
import { renderGitHubMarkdown } from '../../support/github-markdown.js'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.mjs'
import {
  API_KEY,
  ENCODED_KEY,
  errorsOf,
  noticesOf,
  runWith,
  warningsOf,
  useEmulator
} from './helpers.js'

const TOKEN = 'ghs_e2ePrCommentTokenValue0123456'
const REPOSITORY = 'octo-org/octo-site'
const BASE = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const HEAD = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const MERGE = 'c0ffee0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const PULL = 12
const URL_MAP = 'content/{page}.md -> /{page} tag:page-{page}'
const RUN_URL = 'https://github.com/octo-org/octo-site/actions/runs/4242'

const emulator = useEmulator(
  { apiKey: API_KEY, site: edgeCaseSite, sitePort: 0, propagationMs: 500, renderMs: 200 },
  edge => {
    edge.reset()
    edge.configureSite({ propagationMs: 500, renderMs: 200, siteHeaders: true, clockSkewMs: 0 })
  }
)
let github: FakeGitHub
let eventDir: string
let events = 0

beforeAll(() => {
  eventDir = mkdtempSync(join(tmpdir(), 'pr-comment-e2e-'))
})
afterAll(() => {
  rmSync(eventDir, { recursive: true, force: true })
})
afterEach(async () => {
  // Nothing written on GitHub carries a secret: neither the token nor the service's API key.
  const written = JSON.stringify(github.requests.map(request => request.body ?? null))
  await github.close()
  for (const secret of [TOKEN, API_KEY, ENCODED_KEY, 'K3y/with+special']) {
    expect(written).not.toContain(secret)
  }
})

async function fakeGitHub(options: { readOnly?: boolean } = {}): Promise<FakeGitHub> {
  github = await startFakeGitHub({ repos: [REPOSITORY], token: TOKEN, ...options })
  github.addPullRequest({ number: PULL, head_sha: HEAD })
  return github
}

function pullRequestEvent(fork = false): Record<string, unknown> {
  return {
    action: 'synchronize',
    number: PULL,
    pull_request: {
      number: PULL,
      state: 'open',
      merged: false,
      head: { sha: HEAD, repo: { full_name: fork ? 'fork-owner/octo-site' : REPOSITORY } },
      base: { sha: BASE, repo: { full_name: REPOSITORY } }
    }
  }
}

function pushEvent(after = MERGE): Record<string, unknown> {
  return { ref: 'refs/heads/main', before: BASE, after, created: false, deleted: false }
}

async function runOn(
  event: string,
  payload: Record<string, unknown>,
  inputs: Record<string, string> = {},
  sha = event === 'push' ? MERGE : 'e'.repeat(40)
): Promise<RunResult> {
  const eventPath = join(eventDir, `event-${++events}.json`)
  writeFileSync(eventPath, JSON.stringify(payload))
  return runWith(
    emulator().url,
    { changed_files: 'true', url_map: URL_MAP, pr_comment: 'true', ...inputs },
    {
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: sha,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '4242',
      GITHUB_WORKFLOW: 'Deploy',
      GITHUB_JOB: 'purge'
    },
    { 'github.token': TOKEN }
  )
}

/** The comments this action wrote (by the bot). */
function ours(): { id: number; body: string }[] {
  return (github.comments(PULL) as { id: number; body: string; user: { type: string } }[]).filter(
    comment => comment.user.type === 'Bot'
  )
}

function textOf(body: string): string {
  return new JSDOM(renderGitHubMarkdown(body)).window.document.body.textContent ?? ''
}

/** What was written: not the reads, nor the GraphQL query that asks who the token is. */
function writes(): string[] {
  return github.requests
    .filter(request => request.method !== 'GET' && !request.path.endsWith('/graphql'))
    .map(request => `${request.method} ${request.path} ${request.status}`)
}

describe('the plan on the pull request', () => {
  it('is one comment, created once and updated in place among 150 others', async () => {
    await fakeGitHub()
    github.setPullFiles(PULL, ['content/about.md', 'content/contact.md', 'README.md'])
    github.addComments(
      PULL,
      Array.from({ length: 150 }, (_, i) => ({ body: `review comment ${i}` }))
    )
    const first = await runOn('pull_request', pullRequestEvent(), { dry_run: 'true' })
    expect(first.exitCode).toBe(0)
    expect(first.outputs['status']).toBe('dry-run')
    expect(emulator().requests).toHaveLength(0)
    expect(ours()).toHaveLength(1)
    const created = ours()[0]!
    expect(readMarker(created.body)).toMatchObject({
      workflow: 'Deploy',
      job: 'purge',
      kind: 'plan'
    })
    // Someone copies the marker into a comment of theirs: it must not be taken for the plan.
    github.addComments(PULL, [{ body: created.body.replace('Would purge', 'Forged') }])
    github.setPullFiles(PULL, ['content/about.md'])
    const second = await runOn('pull_request', pullRequestEvent(), { dry_run: 'true' })
    expect(second.exitCode).toBe(0)
    expect(github.comments(PULL)).toHaveLength(152)
    expect(ours()).toHaveLength(1)
    expect(ours()[0]!.id).toBe(created.id)
    const text = textOf(ours()[0]!.body)
    expect(text).toContain('Cache purge: dry run: 1 tag and 1 URL in 2 requests, nothing sent')
    expect(text).toContain('content/about.md')
    expect(text).not.toContain('content/contact.md')
    // The comments were read page by page (100 a page), and written once each run.
    const pages = github.requests.filter(
      r => r.path.endsWith(`/issues/${PULL}/comments`) && r.method === 'GET'
    )
    expect(pages.map(r => r.query['page'])).toEqual(['1', '2', '1', '2'])
    expect(writes()).toEqual([
      `POST /repos/${REPOSITORY}/issues/${PULL}/comments 201`,
      `PATCH /repos/${REPOSITORY}/issues/comments/${created.id} 200`
    ])
    expect(second.summary).toContain(`The plan on pull request #${PULL} (updated`)
  })

  it("from a fork: a notice that it could not be posted, the plan in the summary, the run's result", async () => {
    await fakeGitHub({ readOnly: true })
    github.setPullFiles(PULL, ['content/about.md'])
    // GitHub gives a fork's pull_request run no secrets: the plan needs no API key.
    const result = await runOn('pull_request', pullRequestEvent(true), {
      dry_run: 'true',
      api_key: ''
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('dry-run')
    expect(errorsOf(result)).toEqual([])
    expect(warningsOf(result)).toEqual([])
    expect(noticesOf(result)).toContainEqual(
      expect.stringContaining(
        `The plan could not be posted on pull request #${PULL}: it comes from a fork`
      )
    )
    expect(result.summary).toContain('Plan: 2 requests')
    expect(result.summary).toContain('a fork&#39;s pull request gets a read-only token')
    expect(writes()).toEqual([`POST /repos/${REPOSITORY}/issues/${PULL}/comments 403`])
  })

  it('fits a plan of 5,000 changed files in one comment', async () => {
    await fakeGitHub()
    const files = Array.from({ length: 5000 }, (_, i) => `content/page-${i}.md`)
    const [one, two] = ['1'.repeat(40), '2'.repeat(40)]
    github.setCompare(BASE, HEAD, { files: files.slice(0, 300), commits: [one, two] })
    github.setCommit(one, files.slice(0, 2500))
    github.setCommit(two, files.slice(2500))
    const result = await runOn('pull_request', pullRequestEvent(), {
      dry_run: 'true',
      base_sha: BASE,
      head_sha: HEAD
    })
    expect(result.exitCode).toBe(0)
    const [comment] = ours()
    expect(comment!.body.length).toBeLessThanOrEqual(65_536)
    const text = textOf(comment!.body)
    expect(text).toContain('dry run: 5,000 tags and 5,000 URLs')
    expect(text).toContain('Changed files: 5,000 (5,000 mapped, 0 unmapped)')
    expect(text).toMatch(/… and [\d,]+ more in the job summary\./)
  })

  it('escapes file names that try to add markup, links or mentions', async () => {
    await fakeGitHub()
    const hostile = [
      'content/@octo-org/admins please approve.md',
      'content/see #1 and https://evil.example.md',
      'content/<img src=x onerror=alert(1)>.md',
      'content/[click](https://evil.example).md',
      'content/</code></td></tr></table><h1>owned</h1>.md'
    ]
    github.setPullFiles(PULL, hostile)
    const result = await runOn('pull_request', pullRequestEvent(), {
      dry_run: 'true',
      url_map: 'content/{page...} -> /{page} tag:x'
    })
    expect(result.exitCode).toBe(0)
    const body = ours()[0]!.body
    const document = new JSDOM(renderGitHubMarkdown(body)).window.document
    expect([...document.querySelectorAll('a')].map(a => a.getAttribute('href'))).toEqual([
      RUN_URL,
      RUN_URL
    ])
    expect(document.querySelectorAll('img, h1, script').length).toBe(0)
    const text = document.body.textContent ?? ''
    expect(text).toContain(`@${WORD_JOINER}octo-org/admins`)
    expect(text).not.toMatch(/@[\p{L}\p{N}_-]|#\d|:\/\/|\bwww\./u)
    expect(text.replaceAll(WORD_JOINER, '')).toContain('content/<img src=x onerror=alert(1)>.md')
  })
})

describe('the result on the same comment', () => {
  async function previewThenMerge(mergeFiles: string[]): Promise<RunResult> {
    await fakeGitHub()
    github.setPullFiles(PULL, ['content/about.md'])
    const plan = await runOn('pull_request', pullRequestEvent(), { dry_run: 'true' })
    expect(plan.exitCode).toBe(0)
    github.addPullRequest({ number: PULL, merge_commit_sha: MERGE, head_sha: HEAD })
    github.setCompare(BASE, MERGE, { files: mergeFiles, commits: [MERGE] })
    return runOn('push', pushEvent())
  }

  it('the push of the merge updates the plan with what was purged', async () => {
    const result = await previewThenMerge(['content/about.md'])
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('purged')
    expect(ours()).toHaveLength(1)
    const body = ours()[0]!.body
    expect(readMarker(body)).toMatchObject({ kind: 'result', previewed: { sha: HEAD } })
    const text = textOf(body)
    expect(text).toContain('✅ Cache purge: 1 tag and 1 URL purged')
    expect(text).toContain('Result of the deploy at c0ffee0 (push)')
    expect(text).toContain(
      'It purged the plan this pull request previewed (1 tag and 1 URL at 9be41d2).'
    )
    expect(
      github.requests.some(r => r.path === `/repos/${REPOSITORY}/commits/${MERGE}/pulls`)
    ).toBe(true)
    expect(writes().filter(w => w.startsWith('POST'))).toHaveLength(1)
  })

  it('says when the merge purged other than the plan previewed', async () => {
    const result = await previewThenMerge(['content/about.md', 'content/contact.md'])
    expect(result.exitCode).toBe(0)
    expect(textOf(ours()[0]!.body)).toContain(
      'The plan applied differs from the one previewed: previewed 1 tag and 1 URL at 9be41d2, applied 2 tags and 2 URLs.'
    )
  })
})

describe('commit_status', () => {
  const verifyInputs = (timeout: string): Record<string, string> => ({
    changed_files: 'false',
    pr_comment: 'false',
    urls: '/about\n/contact',
    site_url: emulator().siteUrl,
    verify: 'true',
    devices: 'desktop',
    verify_timeout_seconds: timeout,
    commit_status: 'cache/edge'
  })

  it('is pending when verification starts, then success with the counts and the run', async () => {
    await fakeGitHub()
    const result = await runOn('push', pushEvent(), verifyInputs('30'))
    expect(result.exitCode).toBe(0)
    const statuses = github.statuses() as Record<string, string>[]
    expect(statuses.map(s => [s['sha'], s['state'], s['context'], s['target_url']])).toEqual([
      [MERGE, 'pending', 'cache/edge', RUN_URL],
      [MERGE, 'success', 'cache/edge', RUN_URL]
    ])
    expect(statuses[1]!['description']).toMatch(
      /^2 of 2 checks fresh in \d+\.\d s; 4 assets whole$/
    )
  })

  it('is failure when pages are still stale at the deadline', async () => {
    await fakeGitHub()
    emulator().configureSite({ propagationMs: 120_000 })
    const result = await runOn('push', pushEvent(), verifyInputs('2'))
    expect(result.exitCode).toBe(1)
    const states = (github.statuses() as Record<string, string>[]).map(s => s['state'])
    expect(states).toEqual(['pending', 'failure'])
    expect((github.statuses() as Record<string, string>[])[1]!['description']).toBe(
      '2 of 2 checks stale at the 2 s deadline'
    )
  })

  it('is error when the purge fails, and a write GitHub refuses is only a warning', async () => {
    await fakeGitHub()
    github.failNext('/statuses/', 500, 10)
    const result = await runWith(
      emulator().url.replace(/\/?$/, '/missing'),
      { urls: '/about', commit_status: 'cache/edge', max_attempts: '1' },
      {
        GITHUB_EVENT_NAME: 'push',
        GITHUB_SHA: MERGE,
        GITHUB_REPOSITORY: REPOSITORY,
        GITHUB_API_URL: github.url
      },
      { 'github.token': TOKEN }
    )
    expect(result.exitCode).toBe(1)
    expect(warningsOf(result)).toContainEqual(
      expect.stringContaining('The commit status cache/edge (error) could not be set on c0ffee0')
    )
    expect(errorsOf(result).join('\n')).not.toContain('commit status')
  })
})
