/**
 * The run in process, changed files: the action's run with `changed_files: true`, the
 * runner's GITHUB_* environment and an event payload file, against a fake GitHub REST API
 * (`__tests__/support/fake-github.mjs`) and the service emulator. Assertions check what GitHub
 * was asked, what the service really received, and the outputs and summary a user sees.
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { code } from '../../../src/text/html.js'
import type { RunResult } from '../../../scripts/run-action.mjs'
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github.mjs'
import { HUGO_URL_MAP, JEKYLL_URL_MAP } from '../../../src/changed-files/url-map-presets.js'
import { API_KEY, errorsOf, runWith, visibleText, warningsOf, useEmulator } from './helpers.js'

/** Distinctive, so a leak anywhere is found by a plain substring search. */
const TOKEN = 'ghs_e2eChangedFiles0TokenValue9876'
const REPOSITORY = 'octo-org/octo-site'
const REPO_PATH = `/repos/${REPOSITORY}`
const BEFORE = 'b'.repeat(40)
const AFTER = 'a'.repeat(40)
const ZEROS = '0'.repeat(40)

/** A distinct 40-hex SHA for commit number n. */
function sha(n: number): string {
  return n.toString(16).padStart(40, 'e')
}

const emulator = useEmulator({ apiKey: API_KEY })
let github: FakeGitHub
let eventDir: string

beforeAll(() => {
  eventDir = mkdtempSync(join(tmpdir(), 'changed-files-e2e-'))
})
afterAll(() => {
  rmSync(eventDir, { recursive: true, force: true })
})
// A fresh fake GitHub per test: its request log and its data start empty. The fake only
// accepts TOKEN, so every test also checks that the token reaches GitHub.
beforeEach(async () => {
  github = await startFakeGitHub({ repos: [REPOSITORY], token: TOKEN })
})
afterEach(async () => {
  await github.close()
})

interface Trigger {
  /** GITHUB_EVENT_NAME */
  event: string
  /** Written to the file GITHUB_EVENT_PATH names. */
  payload?: Record<string, unknown>
  /** GITHUB_SHA; AFTER by default. */
  sha?: string
  /** GITHUB_API_URL; the fake's by default. */
  apiUrl?: string
}

let events = 0

/** Runs the action as the runner would for `trigger`, with changed_files on and the token given. */
async function runOn(trigger: Trigger, inputs: Record<string, string> = {}): Promise<RunResult> {
  const eventPath = join(eventDir, `event-${++events}.json`)
  writeFileSync(eventPath, JSON.stringify(trigger.payload ?? {}))
  return runWith(
    emulator().url,
    { changed_files: 'true', ...inputs },
    {
      GITHUB_EVENT_NAME: trigger.event,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: trigger.sha ?? AFTER,
      GITHUB_REPOSITORY: REPOSITORY,
      GITHUB_API_URL: trigger.apiUrl ?? github.url
    },
    { 'github.token': TOKEN }
  )
}

/** A push of BEFORE..AFTER to main; `extra` overrides fields of the payload. */
function push(extra: Record<string, unknown> = {}): Trigger {
  return {
    event: 'push',
    payload: {
      ref: 'refs/heads/main',
      before: BEFORE,
      after: AFTER,
      created: false,
      deleted: false,
      forced: false,
      ...extra
    },
    sha: AFTER
  }
}

/** Every URL the service was asked to purge, sorted (batches and order do not matter). */
function sentUrls(): string[] {
  return emulator()
    .requests.flatMap(r => (r.body as { url?: string[] }).url ?? [])
    .sort()
}

/** Every tag the service was asked to purge, sorted. */
function sentTags(): string[] {
  return emulator()
    .requests.flatMap(r => (r.body as { tag?: string[] }).tag ?? [])
    .sort()
}

/** What GitHub was asked: path and query, without the host. */
function githubCalls(fake: FakeGitHub = github): string[] {
  return fake.requests.map(r => `${r.method} ${r.path} page=${r.query['page'] ?? '-'}`)
}

function jsonOutput(result: RunResult, name: string): unknown {
  const text = result.outputs[name]
  if (text === undefined) throw new Error(`output ${name} was not set`)
  return JSON.parse(text)
}

const cachedPaths = (): Set<string> =>
  new Set(
    emulator()
      .state()
      .cached.map(entry => entry.path)
  )

/** How the summary shows a text inside <code>: HTML- and Markdown-escaped (unit-tested in report.test.ts). */
const shown = code

/** The summary's table row for `file` (the mapped-files table), or '' when there is none. */
function summaryRow(result: RunResult, file: string): string {
  return (
    result.summary.split('\n').find(line => line.startsWith(`<tr><td>${shown(file)}</td>`)) ?? ''
  )
}

/** The items of one of the summary's folded lists, e.g. 'Excluded by url_map', as shown. */
function summaryList(result: RunResult, title: string): string[] {
  const escapedTitle = shown(title).slice('<code>'.length, -'</code>'.length)
  const start = result.summary.indexOf(`<details><summary>${escapedTitle} (`)
  if (start === -1) return []
  const block = result.summary.slice(start, result.summary.indexOf('</details>', start))
  return [...block.matchAll(/<li>(.*)<\/li>/g)].map(match => match[1] ?? '')
}

/** A run that must have stopped before purging: failed, and the service saw nothing. */
function expectFailedBeforePurging(result: RunResult): void {
  expect(result.exitCode).toBe(1)
  expect(result.outputs['status']).toBe('failed')
  expect(emulator().state().requestCount).toBe(0)
}

describe('changed files: which files, per event', () => {
  it('push: compares before...after and purges the URLs of the files it lists', async () => {
    github.setCompare(BEFORE, AFTER, {
      files: ['blog/hello-world.html', 'about'],
      commits: [AFTER]
    })
    const result = await runOn(push())
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([`GET ${REPO_PATH}/compare/${BEFORE}...${AFTER} page=1`])
    expect(jsonOutput(result, 'changed_files')).toEqual(['about', 'blog/hello-world.html'])
    expect(sentUrls()).toEqual(['/about', '/blog/hello-world.html'])
    expect(result.outputs['status']).toBe('purged')
    const after = cachedPaths()
    expect(after.has('/blog/hello-world.html')).toBe(false)
    expect(after.has('/about')).toBe(false)
    expect(after.has('/contact')).toBe(true)
  })

  it('forced push: also lists after...before, the files of the discarded commits', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['kept.html', 'both.html'], commits: [AFTER] })
    github.setCompare(AFTER, BEFORE, { files: ['discarded.html', 'both.html'], commits: [BEFORE] })
    const result = await runOn(push({ forced: true }))
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([
      `GET ${REPO_PATH}/compare/${BEFORE}...${AFTER} page=1`,
      `GET ${REPO_PATH}/compare/${AFTER}...${BEFORE} page=1`
    ])
    // The union, each file once.
    expect(jsonOutput(result, 'changed_files')).toEqual([
      'both.html',
      'discarded.html',
      'kept.html'
    ])
    expect(sentUrls()).toEqual(['/both.html', '/discarded.html', '/kept.html'])
  })

  it('new branch (before is all zeros): lists the files of the commit after', async () => {
    github.setCommit(AFTER, ['new-page.html'])
    const result = await runOn(push({ before: ZEROS, created: true }))
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([`GET ${REPO_PATH}/commits/${AFTER} page=1`])
    expect(sentUrls()).toEqual(['/new-page.html'])
  })

  it('deleted branch: asks GitHub nothing, purges nothing, and succeeds', async () => {
    const result = await runOn(push({ after: ZEROS, deleted: true }))
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('nothing-to-purge')
    expect(jsonOutput(result, 'changed_files')).toEqual([])
    expect(github.requests).toHaveLength(0)
    expect(emulator().state().requestCount).toBe(0)
    expect(result.stdout).toMatch(/deleted refs\/heads\/main/)
  })

  it('pull_request: lists the pull request files, page after page', async () => {
    // 150 files: two pages of GitHub's largest page size (100).
    const files = Array.from(
      { length: 150 },
      (_, i) => `pages/p-${String(i).padStart(3, '0')}.html`
    )
    github.setPullFiles(42, files)
    const result = await runOn({
      event: 'pull_request',
      payload: { action: 'synchronize', number: 42, pull_request: { number: 42 } },
      sha: sha(1)
    })
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([
      `GET ${REPO_PATH}/pulls/42/files page=1`,
      `GET ${REPO_PATH}/pulls/42/files page=2`
    ])
    expect(github.requests.map(r => r.query['per_page'])).toEqual(['100', '100'])
    expect(jsonOutput(result, 'changed_files')).toEqual(files)
    expect(sentUrls()).toEqual(files.map(file => `/${file}`))
  })

  it('pull_request_target: lists the pull request files too', async () => {
    github.setPullFiles(7, ['docs/index.html'])
    const result = await runOn({
      event: 'pull_request_target',
      payload: { action: 'opened', number: 7, pull_request: { number: 7 } },
      sha: sha(2)
    })
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([`GET ${REPO_PATH}/pulls/7/files page=1`])
    expect(sentUrls()).toEqual(['/docs/', '/docs/index.html'])
  })

  it('merge_group: compares merge_group.base_sha...merge_group.head_sha', async () => {
    const base = sha(10)
    const head = sha(11)
    github.setCompare(base, head, { files: ['queued.html'], commits: [head] })
    const result = await runOn({
      event: 'merge_group',
      payload: {
        action: 'checks_requested',
        merge_group: {
          base_sha: base,
          head_sha: head,
          head_ref: 'refs/heads/gh-readonly-queue/main/pr-1'
        }
      },
      sha: head
    })
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([`GET ${REPO_PATH}/compare/${base}...${head} page=1`])
    expect(sentUrls()).toEqual(['/queued.html'])
  })

  it('workflow_dispatch with base_sha and head_sha: compares the two', async () => {
    const base = sha(20)
    const head = sha(21)
    github.setCompare(base, head, { files: ['deployed.html'], commits: [head] })
    const result = await runOn(
      { event: 'workflow_dispatch', payload: { inputs: {} }, sha: sha(22) },
      // Upper case and blanks: SHAs are trimmed and lower-cased.
      { base_sha: ` ${base.toUpperCase()} `, head_sha: head }
    )
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([`GET ${REPO_PATH}/compare/${base}...${head} page=1`])
    expect(sentUrls()).toEqual(['/deployed.html'])
  })

  it('workflow_dispatch with base_sha only: compares up to GITHUB_SHA', async () => {
    const base = sha(30)
    const current = sha(31)
    github.setCompare(base, current, { files: ['since-deploy.html'], commits: [current] })
    const result = await runOn(
      { event: 'workflow_dispatch', payload: {}, sha: current },
      { base_sha: base }
    )
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([`GET ${REPO_PATH}/compare/${base}...${current} page=1`])
    expect(sentUrls()).toEqual(['/since-deploy.html'])
  })

  it('workflow_dispatch with head_sha only: lists the files of that commit (documented choice)', async () => {
    const head = sha(32)
    github.setCommit(head, ['picked.html'])
    const result = await runOn(
      { event: 'workflow_dispatch', payload: {}, sha: sha(33) },
      { head_sha: head }
    )
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([`GET ${REPO_PATH}/commits/${head} page=1`])
    expect(sentUrls()).toEqual(['/picked.html'])
  })

  it('schedule without base_sha/head_sha/since: no changed files (never GITHUB_SHA), a warning', async () => {
    const current = sha(40)
    github.setCommit(current, ['nightly.html'])
    const result = await runOn({
      event: 'schedule',
      payload: { schedule: '0 3 * * *' },
      sha: current
    })
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([])
    expect(sentUrls()).toEqual([])
    expect(result.outputs['status']).toBe('nothing-to-purge')
    expect(warningsOf(result).join('\n')).toMatch(/schedule event carries no change: set since/)
  })
})

describe('changed files: GitHub listings and file statuses', () => {
  it('a comparison with 300 files (cut by GitHub) is replaced by the union of its commits', async () => {
    const name = (i: number): string => `p/${String(i).padStart(3, '0')}.html`
    const all = Array.from({ length: 350 }, (_, i) => name(i))
    const [c1, c2] = [sha(50), sha(51)]
    // GitHub stops at 300 files; the commits hold all 350 between them.
    github.setCompare(BEFORE, AFTER, { files: all.slice(0, 300), commits: [c1, c2] })
    github.setCommit(c1, all.slice(0, 200))
    github.setCommit(c2, all.slice(150))
    const result = await runOn(push())
    expect(result.exitCode).toBe(0)
    expect(githubCalls()).toEqual([
      `GET ${REPO_PATH}/compare/${BEFORE}...${AFTER} page=1`,
      `GET ${REPO_PATH}/commits/${c1} page=1`,
      `GET ${REPO_PATH}/commits/${c2} page=1`
    ])
    expect(jsonOutput(result, 'changed_files')).toEqual(all)
    expect(sentUrls()).toEqual(all.map(file => `/${file}`))
    expect(result.outputs['count']).toBe('350')
  })

  it('a 300-file comparison whose commits GitHub cannot all list fails, and purges nothing', async () => {
    const files = Array.from({ length: 300 }, (_, i) => `p/${i}.html`)
    // Five commits in the comparison, but GitHub lists only one of them.
    github.setCompare(BEFORE, AFTER, { files, commits: [sha(60)], total_commits: 5 })
    const result = await runOn(push())
    expectFailedBeforePurging(result)
    expect(errorsOf(result).join('\n')).toMatch(
      /Could not list the changed files, so nothing was purged: .*listed only 1 of its 5 commits, so its files cannot all be found/
    )
  })

  it('purges added, modified, removed, both sides of renamed, and the new side of copied files', async () => {
    github.setCompare(BEFORE, AFTER, {
      files: [
        { filename: 'added.html', status: 'added' },
        { filename: 'modified.html', status: 'modified' },
        { filename: 'removed.html', status: 'removed' },
        { filename: 'new-name.html', status: 'renamed', previous_filename: 'old-name.html' },
        { filename: 'copy.html', status: 'copied', previous_filename: 'original.html' }
      ],
      commits: [AFTER]
    })
    const result = await runOn(push())
    expect(result.exitCode).toBe(0)
    const expected = [
      'added.html',
      'copy.html',
      'modified.html',
      'new-name.html',
      'old-name.html',
      'removed.html'
    ]
    expect(jsonOutput(result, 'changed_files')).toEqual(expected)
    // original.html did not change: a copy leaves its source alone.
    expect(sentUrls()).toEqual(expected.map(file => `/${file}`))
  })

  it('retries a 500 from GitHub, then purges', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['retried.html'], commits: [AFTER] })
    github.failNext('/compare/', 500, 1)
    const result = await runOn(push())
    expect(result.exitCode).toBe(0)
    expect(github.requests.map(r => r.status)).toEqual([500, 200])
    expect(sentUrls()).toEqual(['/retried.html'])
  })

  it('a GitHub error that outlasts the retries fails the run before anything is purged', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['never.html'], commits: [AFTER] })
    github.failNext('/compare/', 503, 10, { message: 'Service Unavailable' })
    const result = await runOn(push())
    expectFailedBeforePurging(result)
    // The default: 4 attempts.
    expect(github.requests.map(r => r.status)).toEqual([503, 503, 503, 503])
    expect(errorsOf(result).join('\n')).toMatch(
      /Could not list the changed files, so nothing was purged: GitHub API GET .*\/compare\/.* answered 503: Service Unavailable \(after 4 attempts\)/
    )
  })

  it('a 404 on compare fails at once with a message naming the commits, and purges nothing', async () => {
    // Nothing set: the fake answers 404 as GitHub does for an unknown commit.
    const result = await runOn(push())
    expectFailedBeforePurging(result)
    expect(github.requests).toHaveLength(1) // a 404 is not worth retrying
    const message = errorsOf(result).join('\n')
    expect(message).toContain('answered 404: Not Found')
    expect(message).toContain(
      `One of the commits ${BEFORE} and ${AFTER} does not exist in ${REPOSITORY}`
    )
    expect(message).toMatch(/Set base_sha/)
  })

  it('honours GITHUB_API_URL on a GitHub Enterprise-style path (/api/v3)', async () => {
    const ghe = await startFakeGitHub({ repos: [REPOSITORY], token: TOKEN, pathPrefix: '/api/v3' })
    try {
      ghe.setCompare(BEFORE, AFTER, { files: ['enterprise.html'], commits: [AFTER] })
      expect(ghe.url).toMatch(/\/api\/v3$/)
      const result = await runOn({ ...push(), apiUrl: ghe.url })
      expect(result.exitCode).toBe(0)
      expect(githubCalls(ghe)).toEqual([
        `GET /api/v3${REPO_PATH}/compare/${BEFORE}...${AFTER} page=1`
      ])
      expect(github.requests).toHaveLength(0)
      expect(sentUrls()).toEqual(['/enterprise.html'])
    } finally {
      await ghe.close()
    }
  })
})

describe('changed files: url_map, outputs and summary', () => {
  // Blog posts map to their page, the blog index and two tags; files starting with '_' are
  // templates: the exclusion comes first, so it wins over the rule that would match them.
  const BLOG_MAP = [
    '!blog/_*.md',
    'blog/{slug}.md -> /blog/{slug}.html /blog/ tag:blog tag:post-{slug}',
    'docs/** -> tag:docs'
  ].join('\n')
  const BLOG_FILES = [
    'blog/hello-world.md',
    'blog/_template.md',
    'docs/guide/install.md',
    'package.json',
    'src/app.ts'
  ]

  it('a custom url_map: URLs and tags, an exclusion, unmapped files, outputs and summary', async () => {
    github.setCompare(BEFORE, AFTER, { files: BLOG_FILES, commits: [AFTER] })
    const result = await runOn(push(), { url_map: BLOG_MAP })
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/blog/', '/blog/hello-world.html'])
    expect(sentTags()).toEqual(['blog', 'docs', 'post-hello-world'])
    expect(jsonOutput(result, 'changed_files')).toEqual([...BLOG_FILES].sort())
    expect(jsonOutput(result, 'unmapped_files')).toEqual(['package.json', 'src/app.ts'])
    expect(jsonOutput(result, 'tags')).toEqual(['blog', 'post-hello-world', 'docs'])

    // The summary says which file gave which targets, and which files gave none.
    const row = summaryRow(result, 'blog/hello-world.md')
    for (const target of ['/blog/hello-world.html', '/blog/', 'tag:blog', 'tag:post-hello-world']) {
      expect(row).toContain(shown(target))
    }
    expect(summaryRow(result, 'docs/guide/install.md')).toContain(shown('tag:docs'))
    expect(summaryRow(result, 'blog/_template.md')).toBe('')
    expect(summaryList(result, 'Excluded by url_map')).toEqual([shown('blog/_template.md')])
    expect(summaryList(result, 'Unmapped files (no url_map rule matched)')).toEqual([
      shown('package.json'),
      shown('src/app.ts')
    ])

    // The service really purged: the post by URL, the guide through the docs tag.
    const after = cachedPaths()
    expect(after.has('/blog/hello-world.html')).toBe(false)
    expect(after.has('/docs/guide/install')).toBe(false)
    expect(after.has('/about')).toBe(true)
  })

  it('the default map: index.html -> /, docs/index.html -> /docs/ and /docs/index.html', async () => {
    github.setCompare(BEFORE, AFTER, {
      files: ['index.html', 'docs/index.html', 'blog/hello-world.html'],
      commits: [AFTER]
    })
    const result = await runOn(push()) // url_map left at its default ('')
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(['/', '/blog/hello-world.html', '/docs/', '/docs/index.html'])
    expect(sentTags()).toEqual([])
    expect(jsonOutput(result, 'unmapped_files')).toEqual([])
    const after = cachedPaths()
    expect(after.has('/')).toBe(false)
    expect(after.has('/docs/')).toBe(false)
    expect(after.has('/docs/guide/install')).toBe(true)
  })

  it('no changed file maps to anything: nothing-to-purge, exit 0, nothing sent', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['README.md', 'src/app.ts'], commits: [AFTER] })
    const result = await runOn(push(), { url_map: 'public/{path...} -> /{path}\n!README.md' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('nothing-to-purge')
    expect(emulator().state().requestCount).toBe(0)
    expect(jsonOutput(result, 'changed_files')).toEqual(['README.md', 'src/app.ts'])
    expect(jsonOutput(result, 'unmapped_files')).toEqual(['src/app.ts'])
    expect(result.summary).toContain('nothing to purge')
  })

  it('dry_run: shows the whole mapping and sends nothing', async () => {
    github.setCompare(BEFORE, AFTER, { files: BLOG_FILES, commits: [AFTER] })
    const result = await runOn(push(), { url_map: BLOG_MAP, dry_run: 'true' })
    expect(result.exitCode).toBe(0)
    expect(emulator().state().requestCount).toBe(0)
    expect(result.outputs['status']).toBe('dry-run')
    expect(jsonOutput(result, 'urls')).toEqual(['/blog/hello-world.html', '/blog/'])
    expect(jsonOutput(result, 'tags')).toEqual(['blog', 'post-hello-world', 'docs'])
    expect(jsonOutput(result, 'unmapped_files')).toEqual(['package.json', 'src/app.ts'])
    expect(result.summary).toMatch(
      /^<h2>✅ Cache purge: dry run: 3 tags and 2 URLs in 2 requests, nothing sent<\/h2>/
    )
    expect(summaryRow(result, 'blog/hello-world.md')).toContain(shown('/blog/hello-world.html'))
    expect(summaryRow(result, 'docs/guide/install.md')).toContain(shown('tag:docs'))
    expect(result.stdout).toContain('{"url":["/blog/hello-world.html","/blog/"]}')
  })

  it('derived URLs join urls and derived tags join tags, each once', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['blog/hello-world.md'], commits: [AFTER] })
    const result = await runOn(push(), {
      url_map: BLOG_MAP,
      urls: '/about\n/blog/',
      tags: 'blog'
    })
    expect(result.exitCode).toBe(0)
    // Given first, then derived; '/blog/' and 'blog' come from both and are sent once.
    expect(emulator().requests.map(r => r.body)).toEqual(
      expect.arrayContaining([
        { tag: ['blog', 'post-hello-world'] },
        { url: ['/about', '/blog/', '/blog/hello-world.html'] }
      ])
    )
    expect(emulator().requests).toHaveLength(2)
    expect(result.outputs['count']).toBe('5')
  })

  it('mode: url leaves the derived tags out, with a warning', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['blog/hello-world.md'], commits: [AFTER] })
    const result = await runOn(push(), { url_map: BLOG_MAP, mode: 'url' })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests.map(r => r.body)).toEqual([
      { url: ['/blog/hello-world.html', '/blog/'] }
    ])
    expect(warningsOf(result).join('\n')).toMatch(
      /mode is 'url': 2 tag\(s\) derived from changed files are left out/
    )
  })

  it('mode: tag leaves the derived URLs out, with a warning', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['blog/hello-world.md'], commits: [AFTER] })
    const result = await runOn(push(), { url_map: BLOG_MAP, mode: 'tag' })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests.map(r => r.body)).toEqual([{ tag: ['blog', 'post-hello-world'] }])
    expect(warningsOf(result).join('\n')).toMatch(
      /mode is 'tag': 2 URL\(s\) derived from changed files are left out/
    )
  })

  it('file names are data: spaces, $(...), quotes, unicode and markup are encoded, never run', async () => {
    const marker = join(eventDir, 'pwned')
    const files = [
      'docs/my page.html',
      '$(touch x).html',
      `$(touch ${marker}).html`,
      `it's "quoted".html`,
      'café/menu.html',
      '`id`;echo hi.html',
      '<img src=x onerror=alert(1)>.html',
      // Git allows a line break in a name: it must not start a workflow command in the log.
      'line\n::error::injected.html'
    ]
    github.setCompare(BEFORE, AFTER, { files, commits: [AFTER] })
    const result = await runOn(push())
    expect(result.exitCode).toBe(0)
    expect(jsonOutput(result, 'changed_files')).toEqual([...files].sort())
    expect(sentUrls()).toEqual(
      [
        '/docs/my%20page.html',
        '/$(touch%20x).html',
        // Each path segment is encoded on its own; the marker's path is URL-safe.
        `/$(touch%20${marker}).html`,
        "/it's%20%22quoted%22.html",
        '/caf%C3%A9/menu.html',
        '/%60id%60;echo%20hi.html',
        '/%3Cimg%20src=x%20onerror=alert(1)%3E.html',
        '/line%0A::error::injected.html'
      ].sort()
    )
    expect(existsSync(marker)).toBe(false)
    // The summary shows the names as text, not markup.
    expect(result.summary).not.toContain('<img src=x')
    expect(result.summary).toContain(shown('<img src=x onerror=alert(1)>.html'))
    expect(summaryRow(result, 'café/menu.html')).toContain(shown('/caf%C3%A9/menu.html'))
    expect(errorsOf(result)).toEqual([])
  })
})

describe('changed files: the GitHub token', () => {
  it('is registered as a secret and never shown in logs, outputs or summary', async () => {
    github.setCompare(BEFORE, AFTER, { files: ['index.html'], commits: [AFTER] })
    const result = await runOn(push(), { dry_run: 'true' })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain(`::add-mask::${TOKEN}`)
    expect(visibleText(result)).not.toContain(TOKEN)
    // It was really used: the fake accepts no other token.
    expect(github.requests.map(r => r.authorization)).toEqual([`token ${TOKEN}`])
  })

  it('is not shown even when GitHub echoes it in an error', async () => {
    github.failNext('/compare/', 404, 1, { message: `No commit for token ${TOKEN}` })
    const result = await runOn(push())
    expectFailedBeforePurging(result)
    expect(errorsOf(result).join('\n')).toMatch(/answered 404/)
    expect(visibleText(result)).not.toContain(TOKEN)
  })
})

describe('changed files: url_map presets end to end', () => {
  it('Hugo: content/ at pretty URLs, static/ at the root, layouts by tag, plumbing excluded', async () => {
    // Pasted as a user would from the README; the check below keeps it equal to the preset.
    const hugo = `content/_index.md -> /
content/{section...}/_index.md -> /{section}/
content/{page...}/index.md -> /{page}/
content/{dir...}/{slug}.md -> /{dir}/{slug}/
content/{slug}.md -> /{slug}/
content/{path...} -> /{path}
static/{path...} -> /{path}
# templates change many pages: purge those by a tag your pages carry
layouts/** -> tag:layouts
!themes/**
!archetypes/**
!.github/**
!README.md
`
    expect(hugo).toBe(HUGO_URL_MAP)
    github.setCompare(BEFORE, AFTER, {
      files: [
        'content/_index.md',
        'content/posts/_index.md',
        'content/posts/my-post/index.md',
        'content/posts/my-post/cover.jpg',
        'content/posts/2024/hello.md',
        'content/about.md',
        'static/img/logo.png',
        'layouts/_default/single.html',
        'themes/ananke/layouts/index.html',
        'archetypes/default.md',
        '.github/workflows/deploy.yml',
        'README.md',
        'hugo.toml'
      ],
      commits: [AFTER]
    })
    const result = await runOn(push(), { url_map: hugo })
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(
      [
        '/',
        '/posts/',
        '/posts/my-post/',
        '/posts/my-post/cover.jpg',
        '/posts/2024/hello/',
        '/about/',
        '/img/logo.png'
      ].sort()
    )
    expect(sentTags()).toEqual(['layouts'])
    expect(jsonOutput(result, 'unmapped_files')).toEqual(['hugo.toml'])
    expect(result.summary).toMatch(/13 file\(s\), 8 mapped, 4 excluded, 1 unmapped/)
  })

  it('Jekyll: posts at /YYYY/MM/DD/slug.html, pages at .html, site plumbing excluded', async () => {
    const jekyll = `_posts/{y}-{m}-{d}-{slug}.md -> /{y}/{m}/{d}/{slug}.html
_posts/{y}-{m}-{d}-{slug}.markdown -> /{y}/{m}/{d}/{slug}.html
# settings, templates, drafts and tooling are not pages
!_config.yml
!_includes/**
!_layouts/**
!_sass/**
!_data/**
!_drafts/**
!Gemfile*
!README.md
!.github/**
index.md -> /
index.html -> /
{dir...}/index.md -> /{dir}/ /{dir}/index.html
{dir...}/index.html -> /{dir}/ /{dir}/index.html
{name}.md -> /{name}.html
{dir...}/{name}.md -> /{dir}/{name}.html
{path...} -> /{path}
`
    expect(jekyll).toBe(JEKYLL_URL_MAP)
    github.setCompare(BEFORE, AFTER, {
      files: [
        '_posts/2024-01-05-hello-world.md',
        '_posts/2023-12-31-new-year-s-eve.markdown',
        '_config.yml',
        '_layouts/default.html',
        '_includes/head.html',
        '_drafts/wip.md',
        'Gemfile',
        'Gemfile.lock',
        'index.md',
        'about.md',
        'docs/index.md',
        'docs/guide.md',
        'assets/css/site.css'
      ],
      commits: [AFTER]
    })
    const result = await runOn(push(), { url_map: jekyll })
    expect(result.exitCode).toBe(0)
    expect(sentUrls()).toEqual(
      [
        '/2024/01/05/hello-world.html',
        '/2023/12/31/new-year-s-eve.html',
        '/',
        '/about.html',
        '/docs/',
        '/docs/index.html',
        '/docs/guide.html',
        '/assets/css/site.css'
      ].sort()
    )
    expect(sentTags()).toEqual([])
    expect(jsonOutput(result, 'unmapped_files')).toEqual([])
    expect(result.summary).toMatch(/13 file\(s\), 7 mapped, 6 excluded, 0 unmapped/)
  })
})
