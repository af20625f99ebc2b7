import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import type { ChangeSource } from '../../src/changed-files/change-source.js'
import { ChangedFilesError } from '../../src/changed-files/changed-files-error.js'
import {
  listChangedFiles,
  type ListChangedFilesOptions
} from '../../src/changed-files/github-changes.js'
import { hasNextPage } from '../../src/github/client.js'
import { pathsOfFileEntry } from '../../src/changed-files/github-queries.js'
import { Redactor } from '../../src/text/redact.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.mjs'

const TOKEN = 'ghs_fakeTokenValue1234567890'
const OWNER = 'octo-org'
const REPO = 'octo-site'
const A = 'a'.repeat(40)
const B = 'b'.repeat(40)

/** A distinct 40-hex SHA for commit number n. */
function sha(n: number): string {
  return n.toString(16).padStart(40, 'd')
}

function names(count: number, prefix = 'docs/page'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}.md`)
}

function compareSource(base = A, head = B): ChangeSource {
  return { queries: [{ kind: 'compare', base, head }], description: 'test' }
}

let fake: FakeGitHub

function options(extra: Partial<ListChangedFilesOptions> = {}): ListChangedFilesOptions {
  return {
    token: TOKEN,
    apiUrl: fake.url,
    repository: { owner: OWNER, repo: REPO },
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 50 },
    ...extra
  }
}

async function failure(promise: Promise<unknown>): Promise<ChangedFilesError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ChangedFilesError)
    return error as ChangedFilesError
  }
  throw new Error('expected a ChangedFilesError, got a result')
}

beforeEach(async () => {
  fake = await startFakeGitHub({ repos: [`${OWNER}/${REPO}`], token: TOKEN })
})

afterEach(async () => {
  await fake.close()
})

describe('listChangedFiles: compare', () => {
  it('lists a small comparison in one request, deduplicated and sorted', async () => {
    fake.setCompare(A, B, { files: ['z.md', 'a.md', 'm/index.md'], commits: [sha(1)] })
    const result = await listChangedFiles(compareSource(), options())
    expect(result).toMatchObject({ files: ['a.md', 'm/index.md', 'z.md'], requests: 1 })
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.path).toBe(`/repos/${OWNER}/${REPO}/compare/${A}...${B}`)
    expect(fake.requests[0]?.authorization).toBe(`token ${TOKEN}`)
  })

  it('takes the files commit by commit when the comparison lists 300 files', async () => {
    const all = names(320)
    fake.setCompare(A, B, { files: all, commits: [sha(1), sha(2)] })
    fake.setCommit(sha(1), all.slice(0, 200))
    fake.setCommit(sha(2), all.slice(150))
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toEqual(all)
    expect(result.files).toContain('docs/page-0319.md') // beyond compare's 300
    expect(result.requests).toBe(3)
    expect(fake.requests.map(r => r.path)).toEqual([
      `/repos/${OWNER}/${REPO}/compare/${A}...${B}`,
      `/repos/${OWNER}/${REPO}/commits/${sha(1)}`,
      `/repos/${OWNER}/${REPO}/commits/${sha(2)}`
    ])
  })

  it('pages through the commits of a large comparison', async () => {
    const shas = Array.from({ length: 130 }, (_, i) => sha(i + 1))
    fake.setCompare(A, B, { files: names(300), commits: shas })
    for (const [i, s] of shas.entries()) fake.setCommit(s, [`c/${i}.md`])
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toHaveLength(300 + 130)
    expect(result.files).toContain('c/129.md')
    const comparePages = fake.requests.filter(r => r.path.includes('/compare/'))
    expect(comparePages.map(r => r.query['page'])).toEqual(['1', '2'])
    expect(result.requests).toBe(2 + 130)
  })

  it('fails when GitHub cannot list every commit of a 300-file comparison', async () => {
    fake.setCompare(A, B, {
      files: names(300),
      commits: [sha(1), sha(2)],
      total_commits: 400
    })
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toMatch(/listed only 2 of its 400 commits/)
    expect(error.message).toMatch(/base_sha\/head_sha/)
    expect(fake.requests.some(r => r.path.includes('/commits/'))).toBe(false)
  })

  it('fails before listing commits when there are more than maxCommits', async () => {
    const shas = Array.from({ length: 30 }, (_, i) => sha(i + 1))
    fake.setCompare(A, B, { files: names(300), commits: shas })
    const error = await failure(listChangedFiles(compareSource(), options({ maxCommits: 20 })))
    expect(error.message).toMatch(/30 commits, more than the 20/)
    expect(fake.requests).toHaveLength(1)
  })

  it('reports a 404 on compare with the endpoint, the status and a base_sha hint', async () => {
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toContain(`GET /repos/${OWNER}/${REPO}/compare/${A}...${B}`)
    expect(error.message).toContain('404')
    expect(error.message).toContain('Not Found')
    expect(error.message).toMatch(/Set base_sha/)
    expect(fake.requests).toHaveLength(1) // a 404 is not retried
  })

  it('unions both comparisons of a forced push', async () => {
    fake.setCompare(A, B, { files: ['new.md', 'both.md'], commits: [sha(1)] })
    fake.setCompare(B, A, { files: ['discarded.md', 'both.md'], commits: [sha(2)] })
    const source: ChangeSource = {
      queries: [
        { kind: 'compare', base: A, head: B },
        { kind: 'compare', base: B, head: A, discarded: true }
      ],
      description: 'forced'
    }
    const result = await listChangedFiles(source, options())
    expect(result).toMatchObject({ files: ['both.md', 'discarded.md', 'new.md'], requests: 2 })
  })
})

describe('listChangedFiles: commits and pull requests', () => {
  it('follows the Link header through the pages of a commit with 650 files', async () => {
    const files = names(650)
    fake.setCommit(A, files)
    const result = await listChangedFiles(
      { queries: [{ kind: 'commit', sha: A }], description: 'commit' },
      options()
    )
    expect(result.files).toEqual(files)
    expect(result.requests).toBe(3)
    expect(fake.requests.map(r => r.query['page'])).toEqual(['1', '2', '3'])
  })

  it('fails for a commit listing exactly 3,000 files', async () => {
    fake.setCommit(A, names(3000))
    const error = await failure(
      listChangedFiles({ queries: [{ kind: 'commit', sha: A }], description: 'c' }, options())
    )
    expect(error.message).toMatch(/Commit a{40} lists 3000 files/)
  })

  it('reports an unknown commit with GitHub message', async () => {
    const error = await failure(
      listChangedFiles({ queries: [{ kind: 'commit', sha: A }], description: 'c' }, options())
    )
    expect(error.message).toContain(`GET /repos/${OWNER}/${REPO}/commits/${A}`)
    expect(error.message).toContain('422')
    expect(error.message).toContain('No commit found for SHA')
  })

  it('lists 250 pull request files across three pages of 100', async () => {
    const files = names(250, 'src/p')
    fake.setPullFiles(12, files)
    const result = await listChangedFiles(
      { queries: [{ kind: 'pull-request', number: 12 }], description: 'pr' },
      options()
    )
    expect(result).toMatchObject({ files, requests: 3 })
    expect(fake.requests.map(r => [r.query['per_page'], r.query['page']])).toEqual([
      ['100', '1'],
      ['100', '2'],
      ['100', '3']
    ])
  })

  it('fails for a pull request listing exactly 3,000 files', async () => {
    fake.setPullFiles(5, names(3000))
    const error = await failure(
      listChangedFiles(
        { queries: [{ kind: 'pull-request', number: 5 }], description: 'pr' },
        options()
      )
    )
    expect(error.message).toMatch(/Pull request #5 lists 3000 files/)
    expect(error.message).toMatch(/pattern or tag/)
  })

  it('fails for a pull request with more files than GitHub lists', async () => {
    fake.setPullFiles(6, names(3500))
    await failure(
      listChangedFiles(
        { queries: [{ kind: 'pull-request', number: 6 }], description: 'pr' },
        options()
      )
    )
  })

  it('takes both paths of a rename, removed files, and nothing of unchanged', async () => {
    fake.setCompare(A, B, {
      files: [
        { filename: 'new/name.md', status: 'renamed', previous_filename: 'old/name.md' },
        { filename: 'gone.md', status: 'removed' },
        { filename: 'copy.md', status: 'copied', previous_filename: 'source.md' },
        { filename: 'added.md', status: 'added' },
        { filename: 'mode.sh', status: 'changed' },
        { filename: 'same.md', status: 'unchanged' }
      ],
      commits: [sha(1)]
    })
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toEqual([
      'added.md',
      'copy.md',
      'gone.md',
      'mode.sh',
      'new/name.md',
      'old/name.md'
    ])
  })

  it('keeps file names as data, whatever characters they hold', async () => {
    const odd = ['a b.md', '$(rm -rf ~).md', 'quote\'s "x".md', 'ünï/çødé.md', 'semi;colon`.md']
    fake.setCommit(A, odd)
    const result = await listChangedFiles(
      { queries: [{ kind: 'commit', sha: A }], description: 'c' },
      options()
    )
    expect(result.files).toEqual([...odd].sort())
  })
})

describe('listChangedFiles: retries and errors', () => {
  it('retries a 500 and then succeeds', async () => {
    fake.setCompare(A, B, { files: ['a.md'], commits: [sha(1)] })
    fake.failNext('/compare/', 500, 1)
    const result = await listChangedFiles(compareSource(), options())
    expect(result).toMatchObject({ files: ['a.md'], requests: 2 })
    expect(fake.requests.map(r => r.status)).toEqual([500, 200])
  })

  it('retries a dropped connection', async () => {
    fake.setCompare(A, B, { files: ['a.md'], commits: [sha(1)] })
    fake.failNext('/compare/', 0, 1)
    const result = await listChangedFiles(compareSource(), options())
    expect(result.requests).toBe(2)
  })

  it('fails with "no answer" when the connection keeps dropping', async () => {
    fake.failNext('/compare/', 0, 10)
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toMatch(/failed \(no answer\): .* \(after 3 attempts\)/)
    expect(fake.requests).toHaveLength(3)
  })

  it('retries a 429 and a secondary rate limit 403 that ask to retry after 0 s', async () => {
    fake.setPullFiles(1, ['a.md'])
    fake.failNext('/pulls/', 429, 1, { message: 'Too many' }, { 'retry-after': '0' })
    fake.failNext(
      '/pulls/',
      403,
      1,
      { message: 'You have exceeded a secondary rate limit' },
      { 'retry-after': '0' }
    )
    const result = await listChangedFiles(
      { queries: [{ kind: 'pull-request', number: 1 }], description: 'pr' },
      options()
    )
    expect(result).toMatchObject({ files: ['a.md'], requests: 3 })
  })

  it('does not retry a rate limit that asks for a longer wait than allowed', async () => {
    fake.setPullFiles(1, ['a.md'])
    fake.failNext('/pulls/', 429, 1, { message: 'Slow down' }, { 'retry-after': '3600' })
    const error = await failure(
      listChangedFiles(
        { queries: [{ kind: 'pull-request', number: 1 }], description: 'pr' },
        options()
      )
    )
    expect(error.message).toMatch(/429: Slow down \(after 1 attempt\)/)
  })

  it('does not retry a 403 that is not a rate limit', async () => {
    fake.failNext('/compare/', 403, 5, { message: 'Resource not accessible by integration' })
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toContain('403: Resource not accessible by integration (after 1 attempt)')
    expect(fake.requests).toHaveLength(1)
  })

  it('gives up after maxAttempts and says how many', async () => {
    fake.failNext('/compare/', 502, 10, { message: 'Bad Gateway' })
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toMatch(/502: Bad Gateway \(after 3 attempts\)/)
    expect(fake.requests).toHaveLength(3)
  })

  it('never puts the token in an error message', async () => {
    fake.failNext('/compare/', 401, 1, { message: `Bad credentials for ${TOKEN}` })
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).not.toContain(TOKEN)
    expect(error.message).toContain('401')
    expect(error.message).toContain('Bad credentials for ***')
    // A 404 takes another path to the error (its hint names base_sha): hidden there too, in
    // the message and in the stack a crash report would print.
    fake.failNext('/compare/', 404, 1, { message: `No commit for ${TOKEN}` })
    const notFound = await failure(listChangedFiles(compareSource(), options()))
    expect(notFound.message).toContain('404: No commit for *** (after 1 attempt)')
    expect(String(notFound.stack)).toContain('No commit for ***')
    expect(String(notFound.stack)).not.toContain(TOKEN)
  })

  it('cuts a long text answer with an ellipsis, so no prefix of the token survives the cut', async () => {
    const padding = 'x'.repeat(192)
    fake.failNext('/compare/', 403, 1, `${padding} ${TOKEN} and more text after it`)
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toContain(`${padding} `)
    expect(error.message).toContain('…')
    // What the action writes goes through the redactor, which hides a secret's prefix only
    // where an ellipsis marks the cut: without it, 'ghs_fak' would be shown.
    const shown = new Redactor([TOKEN]).redact(error.message)
    expect(shown).not.toContain(TOKEN.slice(0, 4))
    expect(shown).toContain(`${padding} ***`)
  })

  it('fails on a wrong token with the fake answering 401', async () => {
    fake.setCompare(A, B, { files: ['a.md'], commits: [sha(1)] })
    const error = await failure(
      listChangedFiles(compareSource(), options({ token: 'wrong-token' }))
    )
    expect(error.message).toContain('401: Bad credentials')
  })

  it('sends nothing when there is nothing to ask', async () => {
    const result = await listChangedFiles({ queries: [], description: 'x' }, options())
    expect(result).toMatchObject({ files: [], requests: 0 })
    expect(fake.requests).toHaveLength(0)
  })

  it('refuses an apiUrl that is not http(s)', async () => {
    // Refused by its scheme, before any request: not a network error after three attempts.
    const error = await failure(
      listChangedFiles(compareSource(), options({ apiUrl: 'ftp://example.com' }))
    )
    expect(error.message).toBe(
      'GITHUB_API_URL "ftp://example.com" is not an http(s) URL, so the changed files cannot be listed.'
    )
  })
})

describe('listChangedFiles: GITHUB_API_URL', () => {
  it('sends every request to apiUrl, path prefix included (GitHub Enterprise)', async () => {
    const ghes = await startFakeGitHub({
      repos: [`${OWNER}/${REPO}`],
      token: TOKEN,
      pathPrefix: '/api/v3'
    })
    try {
      ghes.setCompare(A, B, { files: ['x.md'], commits: [sha(1)] })
      expect(ghes.url).toMatch(/\/api\/v3$/)
      const result = await listChangedFiles(compareSource(), {
        ...options(),
        apiUrl: `${ghes.url}/`
      })
      expect(result.files).toEqual(['x.md'])
      expect(ghes.requests.map(r => r.path)).toEqual([
        `/api/v3/repos/${OWNER}/${REPO}/compare/${A}...${B}`
      ])
      expect(fake.requests).toHaveLength(0)
    } finally {
      await ghes.close()
    }
  })

  it('sends the user agent it is given', async () => {
    fake.setCompare(A, B, { files: ['a.md'], commits: [sha(1)] })
    await listChangedFiles(compareSource(), options({ userAgent: 'render-cache-purge/1.0' }))
    expect(fake.requests[0]?.userAgent).toMatch(/^render-cache-purge\/1\.0 /)
  })
})

describe('helpers', () => {
  it('finds rel="next" in a Link header', () => {
    expect(hasNextPage('<https://x/?page=2>; rel="next", <https://x/?page=5>; rel="last"')).toBe(
      true
    )
    expect(hasNextPage('<https://x/?page=1>; rel="prev", <https://x/?page=1>; rel="first"')).toBe(
      false
    )
    expect(hasNextPage(undefined)).toBe(false)
  })

  it('maps file entries to paths by status', () => {
    expect(pathsOfFileEntry({ filename: 'b', status: 'renamed', previous_filename: 'a' })).toEqual([
      'a',
      'b'
    ])
    expect(pathsOfFileEntry({ filename: 'c', status: 'copied', previous_filename: 'a' })).toEqual([
      'c'
    ])
    expect(pathsOfFileEntry({ filename: 'u', status: 'unchanged' })).toEqual([])
    expect(pathsOfFileEntry({ filename: 'n', status: 'something-new' })).toEqual(['n'])
  })
})

describe('listChangedFiles: never "nothing changed" by mistake', () => {
  it('lists head...base too when head is behind base (a rollback), never "nothing changed"', async () => {
    fake.setCompare(A, B, { files: [], commits: [], status: 'behind', behind_by: 2 })
    fake.setCompare(B, A, { files: ['rolled-back.md', 'also.md'], commits: [sha(1), sha(2)] })
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toEqual(['also.md', 'rolled-back.md'])
    expect(result.notices.join('\n')).toMatch(/is behind .*a rollback\?/)
  })

  it('takes both sides of a comparison whose commits diverged', async () => {
    fake.setCompare(A, B, {
      files: ['ours.md'],
      commits: [sha(1)],
      status: 'diverged',
      behind_by: 1
    })
    fake.setCompare(B, A, { files: ['theirs.md'], commits: [sha(2)] })
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toEqual(['ours.md', 'theirs.md'])
  })

  it('a forced push asks for each side of a diverged pair once, and says so once', async () => {
    fake.setCompare(A, B, {
      files: ['ours.md'],
      commits: [sha(1)],
      status: 'diverged',
      behind_by: 1
    })
    fake.setCompare(B, A, {
      files: ['theirs.md'],
      commits: [sha(2)],
      status: 'diverged',
      behind_by: 1
    })
    const forced: ChangeSource = {
      queries: [
        { kind: 'compare', base: A, head: B },
        { kind: 'compare', base: B, head: A, discarded: true }
      ],
      description: 'forced push'
    }
    const result = await listChangedFiles(forced, options())
    expect(result.files).toEqual(['ours.md', 'theirs.md'])
    expect(fake.requests.map(request => request.path)).toEqual([
      `/repos/${OWNER}/${REPO}/compare/${A}...${B}`,
      `/repos/${OWNER}/${REPO}/compare/${B}...${A}`
    ])
    expect(result.notices.filter(notice => /a rollback\?/.test(notice))).toHaveLength(1)
  })

  it('lists the commits, then their files, when compare leaves out its file list', async () => {
    fake.setCompare(A, B, { files: ['ignored.md'], commits: [sha(1), sha(2)], omitFiles: true })
    fake.setCommit(sha(1), ['one.md'])
    fake.setCommit(sha(2), ['two.md', 'one.md'])
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toEqual(['one.md', 'two.md'])
  })

  it('fails when compare leaves out its files and says nothing of its commits', async () => {
    fake.setCompare(A, B, { commits: [], omitFiles: true, omitTotal: true })
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toContain('GitHub left out its file list')
    expect(error.message).toContain('does not say how many commits')
  })

  it('fails when compare leaves out its files and GitHub lists fewer commits than it has', async () => {
    fake.setCompare(A, B, { commits: [sha(1)], total_commits: 3, omitFiles: true })
    fake.setCommit(sha(1), ['one.md'])
    const error = await failure(listChangedFiles(compareSource(), options()))
    expect(error.message).toMatch(/listed only 1 of its 3 commits/)
  })

  it('accepts an identical comparison without files as nothing changed', async () => {
    fake.setCompare(A, B, { commits: [], omitFiles: true })
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toEqual([])
  })
})

describe('listChangedFiles: the files the range deleted (gone)', () => {
  it('takes removed files and the old path of a rename, not the others', async () => {
    fake.setCompare(A, B, {
      files: [
        { filename: 'new/name.md', status: 'renamed', previous_filename: 'old/name.md' },
        { filename: 'gone.md', status: 'removed' },
        { filename: 'copy.md', status: 'copied', previous_filename: 'source.md' },
        { filename: 'added.md', status: 'added' },
        { filename: 'edited.md', status: 'modified' },
        { filename: 'mode.sh', status: 'changed' },
        { filename: 'same.md', status: 'unchanged' }
      ],
      commits: [sha(1)]
    })
    const result = await listChangedFiles(compareSource(), options())
    expect(result.gone).toEqual(['gone.md', 'old/name.md'])
  })

  it("reads a pull request's and a commit's removed files", async () => {
    fake.setPullFiles(7, [{ filename: 'pr-gone.md', status: 'removed' }, 'pr-kept.md'])
    fake.setCommit(A, [{ filename: 'commit-gone.md', status: 'removed' }, 'commit-kept.md'])
    const pull = await listChangedFiles(
      { queries: [{ kind: 'pull-request', number: 7 }], description: 'pr' },
      options()
    )
    expect(pull.gone).toEqual(['pr-gone.md'])
    const commit = await listChangedFiles(
      { queries: [{ kind: 'commit', sha: A }], description: 'c' },
      options()
    )
    expect(commit.gone).toEqual(['commit-gone.md'])
  })

  it('combines the commits of a cut comparison in order: re-added is back, added then deleted is gone', async () => {
    fake.setCompare(A, B, { files: names(300), commits: [sha(1), sha(2), sha(3)] })
    fake.setCommit(sha(1), [
      { filename: 'deleted-then-re-added.md', status: 'removed' },
      { filename: 'added-then-deleted.md', status: 'added' },
      { filename: 'moved.md', status: 'renamed', previous_filename: 'moved-from.md' },
      { filename: 'edited-then-deleted.md', status: 'modified' }
    ])
    fake.setCommit(sha(2), [
      { filename: 'deleted-then-re-added.md', status: 'added' },
      { filename: 'added-then-deleted.md', status: 'removed' },
      { filename: 'moved-from.md', status: 'added' }
    ])
    fake.setCommit(sha(3), [{ filename: 'edited-then-deleted.md', status: 'removed' }])
    const result = await listChangedFiles(compareSource(), options())
    expect(result.files).toEqual(
      expect.arrayContaining([
        'added-then-deleted.md',
        'deleted-then-re-added.md',
        'edited-then-deleted.md',
        'moved-from.md',
        'moved.md'
      ])
    )
    expect(result.gone).toEqual(['added-then-deleted.md', 'edited-then-deleted.md'])
  })

  it('counts a file re-added by a later commit as back, whatever order the statuses come in', async () => {
    fake.setCompare(A, B, { files: names(300), commits: [sha(1), sha(2)] })
    fake.setCommit(sha(1), [{ filename: 'page.md', status: 'added' }])
    fake.setCommit(sha(2), [{ filename: 'page.md', status: 'removed' }])
    fake.setCompare(B, A, { files: names(300), commits: [sha(3), sha(4)] })
    fake.setCommit(sha(3), [{ filename: 'page.md', status: 'removed' }])
    fake.setCommit(sha(4), [{ filename: 'page.md', status: 'added' }])
    expect((await listChangedFiles(compareSource(A, B), options())).gone).toEqual(['page.md'])
    expect((await listChangedFiles(compareSource(B, A), options())).gone).toEqual([])
  })

  it('on a rollback, the files added since head are gone, the ones deleted since are back', async () => {
    fake.setCompare(A, B, { files: [], commits: [], status: 'behind', behind_by: 2 })
    fake.setCompare(B, A, {
      files: [
        { filename: 'added-since.md', status: 'added' },
        { filename: 'deleted-since.md', status: 'removed' },
        { filename: 'renamed-since.md', status: 'renamed', previous_filename: 'before-rename.md' },
        'edited-since.md'
      ],
      commits: [sha(1), sha(2)]
    })
    const result = await listChangedFiles(compareSource(), options())
    expect(result.gone).toEqual(['added-since.md', 'renamed-since.md'])
  })

  it('on diverged commits, takes what head deleted and what only base added', async () => {
    const diverged = {
      files: [
        { filename: 'head-deleted.md', status: 'removed' as const },
        { filename: 'both-added.md', status: 'added' as const }
      ],
      commits: [sha(1)],
      status: 'diverged' as const,
      behind_by: 1
    }
    const otherSide = {
      files: [
        { filename: 'base-added.md', status: 'added' as const },
        { filename: 'base-deleted.md', status: 'removed' as const },
        { filename: 'both-added.md', status: 'added' as const }
      ],
      commits: [sha(2)],
      status: 'diverged' as const,
      behind_by: 1
    }
    fake.setCompare(A, B, diverged)
    fake.setCompare(B, A, otherSide)
    const expected = ['base-added.md', 'head-deleted.md']
    expect((await listChangedFiles(compareSource(), options())).gone).toEqual(expected)
    // A forced push from A to B asks for B...A as the commits it discarded: the same answer.
    const forced: ChangeSource = {
      queries: [
        { kind: 'compare', base: A, head: B },
        { kind: 'compare', base: B, head: A, discarded: true }
      ],
      description: 'forced push'
    }
    expect((await listChangedFiles(forced, options())).gone).toEqual(expected)
  })
})

describe('listChangedFiles: errors that say what to do', () => {
  it('names pull-requests: read and the pull_request_target caveat on a 403 for PR files', async () => {
    fake.setPullFiles(42, ['a.md'])
    fake.failNext('/pulls/42/files', 403, 1, {
      message: 'Resource not accessible by integration'
    })
    const error = await failure(
      listChangedFiles(
        { queries: [{ kind: 'pull-request', number: 42 }], description: 'x' },
        options()
      )
    )
    expect(error.message).toContain('Resource not accessible by integration')
    expect(error.message).toContain('`pull-requests: read`')
    expect(error.message).toContain('pull_request_target')
  })

  it('names contents: read on a 403 for a commit', async () => {
    fake.failNext(`/commits/${A}`, 403, 1, { message: 'Forbidden' })
    const error = await failure(
      listChangedFiles({ queries: [{ kind: 'commit', sha: A }], description: 'x' }, options())
    )
    expect(error.message).toContain('`contents: read`')
  })

  it('says a 401 token looks like an unexpanded ${{ }} expression', async () => {
    fake.setCompare(A, B, { files: ['a.md'] })
    const error = await failure(
      listChangedFiles(compareSource(), options({ token: '${{ github.token }}' }))
    )
    expect(error.message).toContain('401')
    expect(error.message).toMatch(/unexpanded \$\{\{ … \}\} expression/)
    expect(error.message).toContain('INPUT_GITHUB_TOKEN')
  })

  it('does not blame the expression for a 401 with a real-looking token', async () => {
    fake.setCompare(A, B, { files: ['a.md'] })
    const error = await failure(
      listChangedFiles(compareSource(), options({ token: 'ghs_wrongToken0000000000' }))
    )
    expect(error.message).not.toMatch(/unexpanded/)
  })
})

describe('listChangedFiles: answers and GITHUB_API_URL it cannot trust', () => {
  it('cuts off an endless answer body and fails clearly, without retrying', async () => {
    fake.answerEndlessly('/compare/')
    const error = await failure(
      listChangedFiles(compareSource(), options({ maxResponseBytes: 1024 * 1024 }))
    )
    expect(error.message).toMatch(/sent an answer larger than 1 MiB/)
    expect(fake.requests.filter(r => r.path.includes('/compare/'))).toHaveLength(1)
  })

  it('refuses an answer whose declared length is over the limit', async () => {
    fake.setCompare(A, B, { files: names(200) })
    const error = await failure(
      listChangedFiles(compareSource(), options({ maxResponseBytes: 2048 }))
    )
    expect(error.message).toMatch(/larger than/)
  })

  it('reads answers under the limit as before', async () => {
    fake.setCompare(A, B, { files: names(200) })
    const result = await listChangedFiles(compareSource(), options({ maxResponseBytes: 1 << 20 }))
    expect(result.files).toHaveLength(200)
  })

  it('never echoes credentials written into GITHUB_API_URL, and does not send them', async () => {
    fake.setCompare(A, B, { files: ['a.md'] })
    const withCredentials = fake.url.replace('http://', 'http://apiuser:s3cretPass@')
    const result = await listChangedFiles(compareSource(), options({ apiUrl: withCredentials }))
    expect(result.files).toEqual(['a.md'])
    expect(result.warnings.join('\n')).toContain('http://***@127.0.0.1')
    expect(result.warnings.join('\n')).not.toMatch(/apiuser|s3cretPass/)
    // A proxy that echoes the URL it was called with: the credentials must not reach the error.
    fake.failNext('/compare/', 404, 1, { message: `Not Found at ${withCredentials}` })
    const error = await failure(
      listChangedFiles(compareSource(), options({ apiUrl: withCredentials }))
    )
    expect(error.message).toContain('404: Not Found at http://***:***@127.0.0.1')
    expect(error.message).not.toMatch(/apiuser|s3cretPass/)
  })

  it('masks credentials in an unparsable GITHUB_API_URL too', async () => {
    const error = await failure(
      listChangedFiles(compareSource(), options({ apiUrl: 'https://user:pw@[::1' }))
    )
    expect(error.message).toContain('https://***@[::1')
    expect(error.message).not.toContain('pw')
  })

  it('gives a clear error for GITHUB_API_URL=http://[::1, not an Invalid URL crash', async () => {
    const error = await failure(
      listChangedFiles(compareSource(), options({ apiUrl: 'http://[::1' }))
    )
    expect(error.message).toBe(
      'GITHUB_API_URL "http://[::1" is not a valid URL, so the changed files cannot be listed. The runner sets it (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server); fix or unset it.'
    )
  })

  it('warns about plain http to a host that is not this machine, not to loopback', async () => {
    const { checkGitHubApiUrl } = await import('../../src/github/api-url.js')
    expect(checkGitHubApiUrl('http://ghe.example.com/api/v3').warnings).toEqual([
      expect.stringContaining('plain http')
    ])
    expect(checkGitHubApiUrl('http://127.0.0.1:8080').warnings).toEqual([])
    expect(checkGitHubApiUrl('http://[::1]:8080').warnings).toEqual([])
    expect(checkGitHubApiUrl('http://localhost:1').warnings).toEqual([])
    expect(checkGitHubApiUrl('https://api.github.com/').baseUrl).toBe('https://api.github.com')
  })
})
