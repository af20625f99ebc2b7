/**
 * Which comment on a pull request is this run's, against the fake GitHub API: only one the
 * token's own account wrote (github-actions[bot] for the workflow's GITHUB_TOKEN, the user of a
 * personal token, an app's bot for its token) whose first line is the marker. Another bot's
 * comment that quotes the marker is never edited; duplicates a race left are deleted, ours only;
 * when GitHub will not say who the token is, nothing is edited or deleted.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { writeMarker, type CommentKey, type CommentMarker } from '../../src/comment/write/marker.js'
import { GitHubWriter } from '../../src/comment/write/github-writer.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.mjs'

const TOKEN = 'ghs_writerTestTokenValue0123456789'
const PULL = 7
const KEY: CommentKey = { workflow: 'Deploy', job: 'purge', leg: '3fa8c2d1' }
const MARKER: CommentMarker = { ...KEY, kind: 'plan', plan: '0123456789abcdef', targets: [1, 0, 0] }
const PLAN = `${writeMarker(MARKER)}\n<h3>Plan</h3>\n`

let github: FakeGitHub

afterEach(async () => {
  await github.close()
})

async function fake(options: Parameters<typeof startFakeGitHub>[0] = {}): Promise<GitHubWriter> {
  github = await startFakeGitHub({ token: TOKEN, ...options })
  github.addPullRequest({ number: PULL })
  return GitHubWriter.open({
    token: TOKEN,
    apiUrl: github.url,
    repository: { owner: 'octo-org', repo: 'octo-site' },
    userAgent: 'test',
    retry: { maxAttempts: 1, baseDelayMs: 1 }
  })
}

function bodies(): string[] {
  return (github.comments(PULL) as { body: string }[]).map(comment => comment.body)
}

function writes(): string[] {
  return github.requests
    .filter(request => request.method !== 'GET' && !request.path.endsWith('/graphql'))
    .map(request => `${request.method} ${request.path} ${request.status}`)
}

describe("another account's comment is never taken for the plan", () => {
  it("another bot's comment quoting the marker in a code block", async () => {
    const writer = await fake()
    github.addComments(PULL, [
      {
        body: `Found in the diff:\n\`\`\`\n${writeMarker(MARKER)}\n\`\`\``,
        login: 'lint-bot[bot]',
        type: 'Bot',
        author_association: 'NONE'
      }
    ])
    const found = await writer.findComment(PULL, KEY)
    expect(found).toBeUndefined()
    const written = await writer.writeComment(PULL, KEY, PLAN, found)
    expect(written.created).toBe(true)
    expect(bodies()[0]).toContain('Found in the diff')
    expect(bodies()).toHaveLength(2)
  })

  it('another bot, or a maintainer, with the marker as its first line', async () => {
    const writer = await fake()
    github.addComments(PULL, [
      { body: PLAN, login: 'lint-bot[bot]', type: 'Bot', author_association: 'NONE' },
      { body: PLAN, login: 'octo-maintainer', type: 'User', author_association: 'OWNER' }
    ])
    expect(await writer.findComment(PULL, KEY)).toBeUndefined()
  })

  it('our own comment that quotes the marker below its first line', async () => {
    const writer = await fake()
    github.addComments(PULL, [
      { body: `Some notes\n${writeMarker(MARKER)}`, login: 'github-actions[bot]', type: 'Bot' }
    ])
    expect(await writer.findComment(PULL, KEY)).toBeUndefined()
  })
})

describe('whose the token is', () => {
  it("the workflow's GITHUB_TOKEN writes as github-actions[bot]", async () => {
    const writer = await fake()
    github.addComments(PULL, [{ body: PLAN, login: 'github-actions[bot]', type: 'Bot' }])
    const [ours] = github.comments(PULL) as { id: number }[]
    expect((await writer.findComment(PULL, KEY))?.id).toBe(ours!.id)
  })

  it("a GitHub App's token writes as its bot: github-actions[bot]'s comment is not its", async () => {
    const writer = await fake({ bot: { login: 'deploy-app[bot]', id: 5550001, type: 'Bot' } })
    github.addComments(PULL, [
      { body: PLAN, login: 'github-actions[bot]', type: 'Bot' },
      { body: PLAN, login: 'deploy-app[bot]', type: 'Bot' }
    ])
    const [, ours] = github.comments(PULL) as { id: number }[]
    expect((await writer.findComment(PULL, KEY))?.id).toBe(ours!.id)
  })

  it("a personal token writes as its user: found by id, the login's case aside", async () => {
    const writer = await fake({ user: { login: 'Deploy-User', id: 4242, type: 'User' } })
    github.addComments(PULL, [
      // Another account that once had the login: another id.
      { body: PLAN, login: 'deploy-user', id: 999, type: 'User', author_association: 'OWNER' },
      { body: PLAN, login: 'DEPLOY-USER', id: 4242, type: 'User', author_association: 'OWNER' }
    ])
    const [, ours] = github.comments(PULL) as { id: number }[]
    expect((await writer.findComment(PULL, KEY))?.id).toBe(ours!.id)
  })

  it('unknown: nothing is edited or deleted, a new comment is posted', async () => {
    const writer = await fake({ viewer: false })
    github.addComments(PULL, [{ body: PLAN, login: 'github-actions[bot]', type: 'Bot' }])
    const found = await writer.findComment(PULL, KEY)
    expect(found).toBeUndefined()
    const written = await writer.writeComment(PULL, KEY, `${PLAN}new`, found)
    expect(written.created).toBe(true)
    expect(written.authorUnknown).toBe(true)
    expect(bodies()).toEqual([PLAN, `${PLAN}new`])
    expect(writes()).toEqual([`POST /repos/octo-org/octo-site/issues/${PULL}/comments 201`])
  })
})

describe('duplicates left by two runs at once', () => {
  it('keeps the oldest of ours up to date and deletes the others, ours only', async () => {
    const writer = await fake()
    github.addComments(PULL, [
      { body: 'a review' },
      { body: PLAN, login: 'github-actions[bot]', type: 'Bot' },
      { body: PLAN, login: 'lint-bot[bot]', type: 'Bot', author_association: 'NONE' },
      { body: PLAN, login: 'github-actions[bot]', type: 'Bot' },
      { body: PLAN, login: 'github-actions[bot]', type: 'Bot' }
    ])
    const [, oldest, other, second, third] = github.comments(PULL) as { id: number }[]
    const found = await writer.findComment(PULL, KEY)
    expect(found?.id).toBe(oldest!.id)
    const written = await writer.writeComment(PULL, KEY, `${PLAN}updated`, found)
    expect(written).toMatchObject({ id: oldest!.id, created: false, deleted: 2 })
    expect((github.comments(PULL) as { id: number }[]).map(comment => comment.id)).toEqual([
      github.comments(PULL)[0]!['id'],
      oldest!.id,
      other!.id
    ])
    expect(bodies()[1]).toBe(`${PLAN}updated`)
    expect(writes()).toEqual([
      `PATCH /repos/octo-org/octo-site/issues/comments/${oldest!.id} 200`,
      `DELETE /repos/octo-org/octo-site/issues/comments/${second!.id} 204`,
      `DELETE /repos/octo-org/octo-site/issues/comments/${third!.id} 204`
    ])
  })

  it('a duplicate already deleted (by a run beside this one) is not a failure', async () => {
    const writer = await fake()
    github.addComments(PULL, [
      { body: PLAN, login: 'github-actions[bot]', type: 'Bot' },
      { body: PLAN, login: 'github-actions[bot]', type: 'Bot' }
    ])
    const [, second] = github.comments(PULL) as { id: number }[]
    const found = await writer.findComment(PULL, KEY)
    github.failNext(`/issues/comments/${second!.id}`, 404)
    const written = await writer.writeComment(PULL, KEY, PLAN, found)
    expect(written).toMatchObject({ created: false, deleted: 1 })
    expect(written.notDeleted).toBeUndefined()
  })
})
