/**
 * The GitHub client's writes (POST, PATCH) against a scripted local server: the JSON body and
 * the token reach GitHub, failures are retried as reads are, a write that must not happen twice
 * is retried only on answers that say it was not done, and every failure is the caller's error
 * with GitHub's status, the token scrubbed.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkGitHubApiUrl } from '../../src/github/api-url.js'
import { GitHubApiError, GitHubClient } from '../../src/github/client.js'

const TOKEN = 'ghs_clientWriteTest0123456789'

interface Seen {
  method: string
  url: string
  body: unknown
  authorization: string | undefined
}

/** Answers each request with the next scripted status (0: drop the connection), then 200. */
let script: number[]
/** Headers each answer adds, given the server's time of answering (ms since the epoch). */
let extraHeaders: ((now: number) => Record<string, string>)[]
let seen: Seen[]
let server: http.Server
let apiUrl: string

beforeEach(async () => {
  script = []
  extraHeaders = []
  seen = []
  server = http.createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: text === '' ? undefined : JSON.parse(text),
        authorization: req.headers.authorization
      })
      const status = script.shift() ?? 200
      if (status === 0) {
        req.socket.destroy()
        return
      }
      const body = JSON.stringify(
        status < 300 ? { id: 7 } : { message: `failed with ${status}, token ${TOKEN}` }
      )
      const extra = extraHeaders.shift()?.(Date.now()) ?? {}
      res.writeHead(status, { 'content-type': 'application/json', ...extra })
      res.end(body)
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise(resolve => server.close(resolve))
})

function client(errorOf?: (message: string, status: number | undefined) => Error): GitHubClient {
  return new GitHubClient(
    {
      token: TOKEN,
      repository: { owner: 'octo-org', repo: 'octo-site' },
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
      ...(errorOf && { errorOf })
    },
    checkGitHubApiUrl(apiUrl)
  )
}

describe('GitHubClient.write', () => {
  it('sends the JSON body with the token and returns the answer', async () => {
    const github = client()
    const answer = await github.write('POST', '/repos/octo-org/octo-site/issues/4/comments', {
      body: 'hello'
    })
    expect(answer.data).toEqual({ id: 7 })
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/repos/octo-org/octo-site/issues/4/comments',
        body: { body: 'hello' },
        authorization: `token ${TOKEN}`
      }
    ])
    expect(github.requests).toBe(1)
  })

  it('retries a PATCH on 5xx and on a lost answer, as reads are', async () => {
    script = [502, 0]
    const answer = await client().write('PATCH', '/repos/o/r/issues/comments/9', { body: 'x' })
    expect(answer.data).toEqual({ id: 7 })
    expect(seen.map(request => request.method)).toEqual(['PATCH', 'PATCH', 'PATCH'])
  })

  it('does not repeat a write that must happen once after a 5xx or a lost answer', async () => {
    script = [502]
    await expect(
      client().write('POST', '/repos/o/r/issues/4/comments', { body: 'x' }, { once: true })
    ).rejects.toThrow(/answered 502/)
    expect(seen).toHaveLength(1)
    script = [0]
    await expect(
      client().write('POST', '/repos/o/r/issues/4/comments', { body: 'x' }, { once: true })
    ).rejects.toThrow(/failed \(no answer\)/)
    expect(seen).toHaveLength(2)
  })

  it('retries a write that must happen once on 429, which says it was not done', async () => {
    script = [429]
    await client().write('POST', '/repos/o/r/issues/4/comments', { body: 'x' }, { once: true })
    expect(seen).toHaveLength(2)
  })

  it("fails with the caller's error, GitHub's status and the endpoint's hint, token scrubbed", async () => {
    script = [403]
    const error = await client((message, status) =>
      Object.assign(new Error(message), { name: 'MyError', status })
    )
      .write(
        'POST',
        '/repos/o/r/statuses/abc',
        { state: 'success' },
        {
          hint: status => (status === 403 ? 'Add statuses: write.' : undefined)
        }
      )
      .then(
        () => {
          throw new Error('the write did not fail')
        },
        (caught: unknown) => caught as Error & { status?: number }
      )
    expect(error.name).toBe('MyError')
    expect(error.status).toBe(403)
    expect(error.message).toContain('GitHub API POST /repos/o/r/statuses/abc answered 403')
    expect(error.message).toContain('Add statuses: write.')
    expect(error.message).not.toContain(TOKEN)
    expect(seen).toHaveLength(1)
  })

  it("reads a rate limit's reset in GitHub's clock (its Date), not the runner's", async () => {
    script = [403]
    // GitHub's clock an hour ahead of the runner's: its reset is now by its own clock.
    extraHeaders = [
      now => {
        const github = Math.floor((now + 3_600_000) / 1000)
        return {
          date: new Date(github * 1000).toUTCString(),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(github)
        }
      }
    ]
    const answer = await client().write('PATCH', '/repos/o/r/issues/comments/9', { body: 'x' })
    expect(answer.data).toEqual({ id: 7 })
    expect(seen).toHaveLength(2)
  })

  it('throws a GitHubApiError by default', async () => {
    script = [404]
    const error = await client()
      .write('PATCH', '/repos/o/r/issues/comments/1', { body: 'x' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitHubApiError)
    expect((error as GitHubApiError).status).toBe(404)
  })
})
