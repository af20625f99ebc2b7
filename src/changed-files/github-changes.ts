/**
 * EDGE: runs the queries decided by `change-source.ts` against the GitHub REST API and returns
 * the union of the changed paths. Loaded lazily by the entry (`await import(...)`), so the
 * @actions/github import stays in this file.
 *
 * Rules (documented in the README):
 * - Never purge half silently: whenever GitHub may have cut a listing (a pull request or a
 *   commit with exactly 3,000 files, a comparison whose commits cannot all be listed), or GitHub
 *   answers with an error after retries, this throws `ChangedFilesError` before anything is
 *   purged.
 * - Compare lists at most 300 files and says nothing when it cuts. When it returns 300 or more,
 *   the comparison's commits are listed (compare paginates commits with `per_page`/`page`; the
 *   files come on page 1 only) and the files of every commit are taken one by one. The union of
 *   the commits' files is a superset of the comparison's files (a file added then deleted inside
 *   the range is included too): purging a page too many is harmless, one too few is not.
 * - Statuses: added, modified, removed, changed, copied → `filename`; renamed → both
 *   `previous_filename` and `filename`; unchanged → nothing; an unknown status → `filename`
 *   (and `previous_filename` when given), erring on the side of purging.
 * - The result is deduplicated and sorted by UTF-16 code units, so it is the same whatever order
 *   GitHub lists files in.
 * - `requests` counts the HTTP requests sent, retries included.
 * - Requests are sent one at a time (GitHub's advice to avoid secondary rate limits).
 * - Retried: network errors, 5xx, 429, and 403 that is a rate limit (`retry-after`,
 *   `x-ratelimit-remaining: 0`, or a "secondary rate limit" message), while the wait GitHub asks
 *   for fits in `retry.maxDelayMs`. Not retried: other 4xx.
 * - File names are data: they are only collected into strings, never given to a shell.
 * - The token is sent only to `apiUrl` (pages are requested by number on our own URL, not by
 *   following `Link` URLs) and never appears in an error message; neither do credentials
 *   written into GITHUB_API_URL (see api-url.ts).
 * - A compare answer without `files` (GitHub leaves it out for very large comparisons) is not
 *   "nothing changed": the comparison's commits are listed and their files taken one by one,
 *   as for 300 files; when even its commits cannot be known, this throws.
 * - An answer body larger than `GITHUB_MAX_RESPONSE_BYTES` is cut off and fails the run:
 *   a server that never stops sending must not fill the runner's memory.
 * - Errors name the permission the token lacks on 403/404 (`contents: read`,
 *   `pull-requests: read`, `deployments: read`, `actions: read`), and a 401 with a token that
 *   looks like an unexpanded `${{ … }}` expression says so.
 */

import { PERMISSIONS, permissionHint } from './github-permissions.js'
import { linePreview } from '../text/log-safety.js'
import { backoffDelay, equalJitter } from '../http/backoff.js'
import { retryAfterMs } from '../http/retry-after.js'
import { getOctokit } from '@actions/github'
import { defaults as githubDefaults } from '@actions/github/lib/utils'
import { checkGitHubApiUrl, GitHubApiUrlError, type GitHubApiUrl } from './api-url.js'
import type { ChangeQuery, ChangeSource } from './change-source.js'
import { resolveLookup } from './github-lookups.js'
import { asRecord } from './records.js'

/** A listing of changed files that failed or may be incomplete; nothing must be purged. */
export class ChangedFilesError extends Error {
  override name = 'ChangedFilesError'
}

export interface RetryOptions {
  /** Attempts per request, the first included (1 = no retry). */
  maxAttempts: number
  /** First backoff wait (with equal jitter); doubles on every further attempt. */
  baseDelayMs: number
  /** Longest single wait; a rate limit asking for longer fails at once. Default 60,000. */
  maxDelayMs?: number
}

export interface ListChangedFilesOptions {
  token: string
  /** GITHUB_API_URL, e.g. https://api.github.com or https://ghe.example.com/api/v3 */
  apiUrl: string
  repository: { owner: string; repo: string }
  retry?: RetryOptions
  userAgent?: string
  /**
   * Most commits whose files are listed one by one when a comparison has 300 files or more
   * (each costs at least one request; a GITHUB_TOKEN has 1,000 requests an hour). Default 500.
   */
  maxCommits?: number
  /** Largest answer body read; default GITHUB_MAX_RESPONSE_BYTES. */
  maxResponseBytes?: number
}

export interface ChangedFiles {
  files: string[]
  requests: number
  /** The range used and why, e.g. `release published v1.3.0: 3f2c1a0...9be41d2, since release v1.2.0`. */
  description: string
  /** Said to the user as notices: a first release or deploy, with no previous one. */
  notices: string[]
  /** Said as warnings: GITHUB_API_URL oddities. */
  warnings: string[]
}

/** GitHub's documented limits. */
export const GITHUB_LIMITS = {
  /** Compare lists at most this many files, silently. */
  compareFiles: 300,
  /** List pull request files lists at most this many files. */
  pullRequestFiles: 3000,
  /** Get a commit lists at most this many files (across its pages). */
  commitFiles: 3000,
  /** Largest `per_page` for pull request files and compare commits. */
  pageSize: 100
} as const

export const DEFAULT_RETRY: Required<RetryOptions> = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 60_000
}

export const DEFAULT_MAX_COMMITS = 500

/** The longest one GitHub API request may take before it is retried as a network error. */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000

/**
 * The largest answer body read from the GitHub API. A compare of 300 files with their patches
 * and 250 commits runs to a few MiB; 32 MiB leaves room for the biggest real answers while a
 * server that never stops sending is cut off long before it hurts the runner.
 */
export const GITHUB_MAX_RESPONSE_BYTES = 32 * 1024 * 1024

/** Safety net against a server that always says there is a next page. */
const MAX_PAGES = 200

const NARROWER = 'set base_sha/head_sha to a narrower range, or purge by pattern or tag instead'

/** `${{ github.token }}` left as text: what `npx @github/local-action` passes from action.yml. */
const UNEXPANDED_EXPRESSION = /\$\{\{[^}]*\}\}/

type Fetch = (url: string, init?: Record<string, unknown>) => Promise<globalThis.Response>

/** Statuses whose response never has a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/**
 * Wraps fetch so that no answer body grows past `maxBytes`: a declared larger length fails at
 * once, and a stream that keeps going is cut off. `onTooLarge` tells the reader, whose error
 * then says so instead of "network error, retry".
 */
export function boundedFetch(inner: Fetch, maxBytes: number, onTooLarge: () => void): Fetch {
  return async (url, init) => {
    const response = await inner(url, init)
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response
    const declared = Number(response.headers.get('content-length') ?? Number.NaN)
    if (Number.isFinite(declared) && declared > maxBytes) {
      onTooLarge()
      await response.body.cancel().catch(() => undefined)
      throw new Error(`the answer is ${declared} bytes long, over the ${maxBytes}-byte limit`)
    }
    let seen = 0
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength
          if (seen > maxBytes) {
            onTooLarge()
            controller.error(new Error(`the answer is over the ${maxBytes}-byte limit`))
            return
          }
          controller.enqueue(chunk)
        }
      })
    )
    const bounded = new globalThis.Response(limited, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    })
    Object.defineProperty(bounded, 'url', { value: response.url })
    return bounded
  }
}

interface FileEntry {
  filename?: unknown
  status?: unknown
  previous_filename?: unknown
}

/** The paths of one file entry of compare, get-a-commit or pull request files. */
export function pathsOfFileEntry(entry: FileEntry): string[] {
  const filename = typeof entry.filename === 'string' ? entry.filename : undefined
  const previous = typeof entry.previous_filename === 'string' ? entry.previous_filename : undefined
  switch (entry.status) {
    case 'unchanged':
      return []
    case 'added':
    case 'modified':
    case 'removed':
    case 'changed':
    case 'copied':
      return filename === undefined ? [] : [filename]
    default: // 'renamed', and any status GitHub may add later: both paths when given
      return [previous, filename].filter((path): path is string => path !== undefined)
  }
}

type Headers = Record<string, string | number | undefined>

interface Response {
  data: unknown
  headers: Headers
}

interface HttpLikeError {
  status?: unknown
  message?: unknown
  response?: { data?: unknown; headers?: Headers }
}

function header(headers: Headers | undefined, name: string): string | undefined {
  const value = headers?.[name]
  return value === undefined ? undefined : String(value)
}

/** True when a `Link` header has a `rel="next"` entry. */
export function hasNextPage(link: string | undefined): boolean {
  if (link === undefined) return false
  return link.split(',').some(part => {
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(part)?.[1]
    return rel !== undefined && rel.trim().split(/\s+/).includes('next')
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms))
}

function githubMessage(error: HttpLikeError): string {
  const data = error.response?.data
  const record = asRecord(data)
  if (record !== undefined && typeof record['message'] === 'string') return record['message']
  if (typeof data === 'string') {
    // Cut with an ellipsis, so the redactor can hide a token's prefix left at the cut.
    const preview = linePreview(data, 200)
    if (preview !== undefined) return preview
  }
  return typeof error.message === 'string' ? error.message : String(error)
}

/** How long to wait before retrying, or undefined when the error is not worth retrying. */
function retryDelay(
  error: HttpLikeError,
  attempt: number,
  retry: Required<RetryOptions>
): number | undefined {
  const backoff = backoffDelay(
    equalJitter(retry.baseDelayMs, retry.maxDelayMs),
    attempt - 1,
    Math.random()
  )
  const response = error.response
  const status = typeof error.status === 'number' ? error.status : 0
  if (response === undefined) return backoff // network error: no answer at all
  if (status >= 500) return backoff
  if (status !== 403 && status !== 429) return undefined

  const fits = (ms: number): number | undefined =>
    ms <= retry.maxDelayMs ? Math.max(ms, backoff) : undefined
  const retryAfter = retryAfterMs(header(response.headers, 'retry-after'), Date.now())
  if (retryAfter !== undefined) return fits(retryAfter)
  if (header(response.headers, 'x-ratelimit-remaining') === '0') {
    const reset = Number(header(response.headers, 'x-ratelimit-reset'))
    if (!Number.isFinite(reset)) return undefined
    return fits(Math.max(0, reset * 1000 - Date.now()))
  }
  if (/secondary rate limit/i.test(githubMessage(error))) {
    // GitHub: "wait for at least one minute before retrying".
    return fits(Math.min(60_000, retry.maxDelayMs))
  }
  return status === 429 ? backoff : undefined
}

export class GitHubReader {
  requests = 0
  /** Said to the user as notices (a rollback found by a comparison). */
  readonly notices: string[] = []
  private readonly octokit: ReturnType<typeof getOctokit>
  private readonly retry: Required<RetryOptions>
  private readonly commitFiles = new Map<string, string[]>()
  private readonly comparisons = new Map<string, ReturnType<GitHubReader['compareOneWay']>>()
  private readonly fetch: Fetch
  private tooLarge = false

  constructor(
    private readonly options: ListChangedFilesOptions,
    private readonly api: GitHubApiUrl
  ) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry }
    this.retry.maxAttempts = Math.max(1, Math.floor(this.retry.maxAttempts))
    // The toolkit's fetch goes through the runner's proxy settings: keep it, only bounded.
    const inner = (githubDefaults.request?.fetch ?? globalThis.fetch) as Fetch
    this.fetch = boundedFetch(
      inner,
      options.maxResponseBytes ?? GITHUB_MAX_RESPONSE_BYTES,
      () => (this.tooLarge = true)
    )
    this.octokit = getOctokit(options.token, {
      baseUrl: api.baseUrl,
      ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {})
    })
  }

  get repoPath(): string {
    const { owner, repo } = this.options.repository
    return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`
  }

  /** Removes the token and GITHUB_API_URL's credentials from a text bound for a message. */
  private scrub(text: string): string {
    let scrubbed = text
    for (const secret of [this.options.token, ...this.api.secrets]) {
      if (secret.length >= 4) scrubbed = scrubbed.split(secret).join('***')
    }
    return scrubbed
  }

  fail(message: string): never {
    throw new ChangedFilesError(this.scrub(message))
  }

  /** GET `path` (already encoded) with `query`, retrying what is worth retrying. */
  async get(
    path: string,
    query: Record<string, number | string>,
    hint?: (status: number) => string | undefined
  ): Promise<Response> {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query)) search.set(name, String(value))
    const shown = `GET ${path}${search.size > 0 ? `?${search.toString()}` : ''}`
    for (let attempt = 1; ; attempt++) {
      this.requests++
      try {
        // A hung connection must not hold the job until its own timeout: give up, and retry.
        this.tooLarge = false
        const response = await this.octokit.request(`GET ${path}`, {
          ...query,
          request: { signal: AbortSignal.timeout(GITHUB_REQUEST_TIMEOUT_MS), fetch: this.fetch }
        })
        // Octokit swallows a body that failed to read (it returns the text so far): check.
        if (this.tooLarge) this.failTooLarge(shown)
        return { data: response.data as unknown, headers: response.headers as Headers }
      } catch (caught) {
        const error = (
          typeof caught === 'object' && caught !== null ? caught : { message: String(caught) }
        ) as HttpLikeError
        if (caught instanceof ChangedFilesError) throw caught
        if (this.tooLarge) this.failTooLarge(shown)
        const delay =
          attempt < this.retry.maxAttempts ? retryDelay(error, attempt, this.retry) : undefined
        if (delay !== undefined) {
          await sleep(delay)
          continue
        }
        const status =
          error.response !== undefined && typeof error.status === 'number'
            ? error.status
            : undefined
        const what = status !== undefined ? `answered ${status}` : 'failed (no answer)'
        const attempts = attempt === 1 ? '1 attempt' : `${attempt} attempts`
        const extra = status !== undefined ? (hint?.(status) ?? this.statusHint(status)) : undefined
        const message = `GitHub API ${shown} ${what}: ${githubMessage(error)} (after ${attempts}).`
        this.fail(extra !== undefined ? `${message} ${extra}` : message)
      }
    }
  }

  private failTooLarge(shown: string): never {
    const limit = (this.options.maxResponseBytes ?? GITHUB_MAX_RESPONSE_BYTES) / 1024 / 1024
    this.fail(
      `GitHub API ${shown} sent an answer larger than ${limit} MiB, so it was not read and nothing was purged. If ${this.api.shown} is really the GitHub API, ${NARROWER}.`
    )
  }

  /** What every endpoint's error may add: a token that was never a token. */
  private statusHint(status: number): string | undefined {
    if (status !== 401) return undefined
    if (UNEXPANDED_EXPRESSION.test(this.options.token)) {
      return 'github_token looks like an unexpanded ${{ … }} expression, not a token: outside GitHub Actions (e.g. npx @github/local-action) set INPUT_GITHUB_TOKEN to a real token.'
    }
    return 'Check github_token: it is missing, expired or not a GitHub token.'
  }

  /** Pages through a listing by `page` number while `Link` says there is a next page. */
  async *pages(
    path: string,
    query: Record<string, number | string>,
    hint?: (status: number) => string | undefined
  ): AsyncGenerator<unknown> {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const response = await this.get(path, { ...query, page }, hint)
      yield response.data
      if (!hasNextPage(header(response.headers, 'link'))) return
    }
    this.fail(`GitHub API GET ${path} kept announcing more pages after ${MAX_PAGES}.`)
  }

  async pullRequestFiles(number: number): Promise<string[]> {
    const path = `${this.repoPath}/pulls/${number}/files`
    const paths: string[] = []
    let count = 0
    for await (const data of this.pages(path, { per_page: GITHUB_LIMITS.pageSize }, status =>
      status === 403 || status === 404
        ? `${status === 404 ? `Pull request #${number} was not found in ${this.options.repository.owner}/${this.options.repository.repo}, or the token may not see it. ` : ''}The token needs \`${PERMISSIONS.pullRequests}\` (add it under \`permissions:\`). On a pull request from a fork, GITHUB_TOKEN is read-only and GitHub may refuse it; \`pull_request_target\` runs with the base repository's token instead, but never check out or run the fork's code in such a workflow: listing its files is all this action does.`
        : undefined
    )) {
      if (!Array.isArray(data))
        this.fail(`Unexpected answer from GitHub API GET ${path}: not a list of files.`)
      if (data.length === 0) break
      count += data.length
      for (const entry of data) paths.push(...pathsOfFileEntry(asRecord(entry) ?? {}))
    }
    if (count >= GITHUB_LIMITS.pullRequestFiles) {
      this.fail(
        `Pull request #${number} lists ${count} files, GitHub's maximum for a pull request: the list may be cut, so the changed files are not known for sure. To purge anyway, ${NARROWER}.`
      )
    }
    return paths
  }

  async commitFilesOf(sha: string): Promise<string[]> {
    const cached = this.commitFiles.get(sha)
    if (cached !== undefined) return cached
    const path = `${this.repoPath}/commits/${encodeURIComponent(sha)}`
    const paths: string[] = []
    let count = 0
    for await (const data of this.pages(path, {}, status =>
      status === 404 || status === 422
        ? `Commit ${sha} was not found; check base_sha/head_sha (the token needs \`${PERMISSIONS.contents}\`).`
        : permissionHint(PERMISSIONS.contents)(status)
    )) {
      const record = asRecord(data)
      if (record === undefined)
        this.fail(`Unexpected answer from GitHub API GET ${path}: not a commit.`)
      const files = record['files']
      if (files === undefined) break // a commit without changes
      if (!Array.isArray(files))
        this.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`)
      if (files.length === 0) break
      count += files.length
      for (const entry of files) paths.push(...pathsOfFileEntry(asRecord(entry) ?? {}))
    }
    if (count >= GITHUB_LIMITS.commitFiles) {
      this.fail(
        `Commit ${sha} lists ${count} files, GitHub's maximum for a commit: the list may be cut, so the changed files are not known for sure. To purge anyway, ${NARROWER}.`
      )
    }
    this.commitFiles.set(sha, paths)
    return paths
  }

  /**
   * The files that differ between `base` and `head`. A three-dot comparison lists only the
   * commits `head` has and `base` lacks: when `head` is behind `base` (a rollback, a redeploy
   * of an older commit) or the two diverged, the pages changed by `base`'s own commits differ
   * too, so `head...base` is listed as well. Otherwise a rollback would read as "nothing
   * changed".
   */
  async compareFiles(base: string, head: string): Promise<string[]> {
    const { paths, status } = await this.compareOneWayOnce(base, head)
    if (status !== 'behind' && status !== 'diverged') return paths
    // Said once per pair of commits, whichever way round they were asked for first.
    if (!this.comparisons.has(`${head}...${base}`)) {
      this.notices.push(
        `${head.slice(0, 7)} is ${status === 'behind' ? 'behind' : 'diverged from'} ${base.slice(0, 7)} (a rollback?): the files of ${head.slice(0, 7)}...${base.slice(0, 7)} are purged too.`
      )
    }
    const back = await this.compareOneWayOnce(head, base)
    return [...paths, ...back.paths]
  }

  /**
   * Each comparison is asked for once: a forced push lists after...before too, which
   * compareFiles of a diverged before...after has already read (and the other way round).
   */
  private compareOneWayOnce(base: string, head: string): ReturnType<GitHubReader['compareOneWay']> {
    const key = `${base}...${head}`
    let comparison = this.comparisons.get(key)
    if (comparison === undefined) {
      comparison = this.compareOneWay(base, head)
      this.comparisons.set(key, comparison)
    }
    return comparison
  }

  private async compareOneWay(
    base: string,
    head: string
  ): Promise<{ paths: string[]; status: unknown }> {
    const basehead = `${encodeURIComponent(base)}...${encodeURIComponent(head)}`
    const path = `${this.repoPath}/compare/${basehead}`
    const hint = (status: number): string | undefined =>
      status === 404
        ? `One of the commits ${base} and ${head} does not exist in ${this.options.repository.owner}/${this.options.repository.repo} (after a force push or a history rewrite the "before" commit may be gone), or the token lacks \`${PERMISSIONS.contents}\`. Set base_sha (and head_sha) to commits that exist, or purge by pattern or tag.`
        : permissionHint(PERMISSIONS.contents)(status)
    const pageSize = GITHUB_LIMITS.pageSize
    const first = await this.get(path, { per_page: pageSize, page: 1 }, hint)
    const data = asRecord(first.data)
    if (data === undefined)
      this.fail(`Unexpected answer from GitHub API GET ${path}: not a comparison.`)
    const rawFiles = data['files']
    if (rawFiles !== undefined && !Array.isArray(rawFiles))
      this.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`)
    const paths = (rawFiles ?? []).flatMap(entry => pathsOfFileEntry(asRecord(entry) ?? {}))
    const status = data['status']
    if (rawFiles !== undefined && rawFiles.length < GITHUB_LIMITS.compareFiles) {
      return { paths, status }
    }

    // 300 files, or no file list at all: the comparison may be cut. List its commits and take
    // their files one by one; "no files" must never read as "nothing changed".
    const why =
      rawFiles === undefined
        ? 'GitHub left out its file list'
        : `it changes ${GITHUB_LIMITS.compareFiles} files or more (GitHub cuts the list there)`
    const shas: string[] = []
    const addCommits = (commits: unknown): number => {
      if (!Array.isArray(commits)) return 0
      let added = 0
      for (const commit of commits) {
        const sha = asRecord(commit)?.['sha']
        if (typeof sha === 'string' && !shas.includes(sha)) {
          shas.push(sha)
          added++
        }
      }
      return added
    }
    addCommits(data['commits'])
    const totalRaw = data['total_commits']
    const range = `${base.slice(0, 7)}...${head.slice(0, 7)}`
    if (typeof totalRaw !== 'number' || !Number.isSafeInteger(totalRaw) || totalRaw < 0) {
      this.fail(
        `The comparison ${range} cannot be listed: ${why}, and its answer does not say how many commits it has, so its files cannot all be found. To purge anyway, ${NARROWER}.`
      )
    }
    const total = totalRaw
    const maxCommits = this.options.maxCommits ?? DEFAULT_MAX_COMMITS
    if (total > maxCommits) {
      this.fail(
        `The comparison ${range} cannot be listed: ${why}, and it has ${total} commits, more than the ${maxCommits} whose files this action lists one by one. To purge anyway, ${NARROWER}.`
      )
    }
    let link = header(first.headers, 'link')
    for (let page = 2; shas.length < total && hasNextPage(link) && page <= MAX_PAGES; page++) {
      const next = await this.get(path, { per_page: pageSize, page }, hint)
      link = header(next.headers, 'link')
      if (addCommits(asRecord(next.data)?.['commits']) === 0) break
    }
    if (shas.length < total) {
      this.fail(
        `The comparison ${range} cannot be listed: ${why}, and GitHub listed only ${shas.length} of its ${total} commits, so its files cannot all be found. To purge anyway, ${NARROWER}.`
      )
    }
    for (const sha of shas) paths.push(...(await this.commitFilesOf(sha)))
    return { paths, status }
  }

  async run(query: ChangeQuery): Promise<string[]> {
    switch (query.kind) {
      case 'compare':
        return this.compareFiles(query.base, query.head)
      case 'commit':
        return this.commitFilesOf(query.sha)
      case 'pull-request':
        return this.pullRequestFiles(query.number)
    }
  }
}

/**
 * Lists the files changed according to `source` (resolving its lookup first): the union of
 * every query's files, deduplicated and sorted. Throws `ChangedFilesError` when GitHub fails,
 * a listing may be incomplete, or a `since` lookup finds nothing to start from.
 */
export async function listChangedFiles(
  source: ChangeSource,
  options: ListChangedFilesOptions
): Promise<ChangedFiles> {
  const nothing = {
    files: [],
    requests: 0,
    description: source.description,
    notices: [],
    warnings: []
  }
  if (source.queries.length === 0 && source.lookup === undefined) return nothing
  let api: GitHubApiUrl
  try {
    api = checkGitHubApiUrl(options.apiUrl)
  } catch (error) {
    if (error instanceof GitHubApiUrlError) throw new ChangedFilesError(error.message)
    throw error
  }
  if (options.token === '') {
    throw new ChangedFilesError('No GitHub token was given, so the changed files cannot be listed.')
  }
  const reader = new GitHubReader(options, api)
  const notices: string[] = []
  let queries = source.queries
  let description = source.description
  if (source.lookup !== undefined) {
    const range = await resolveLookup(reader, source.lookup)
    queries = range.queries
    description = range.description
    if (range.notice !== undefined) notices.push(range.notice)
  }
  const files = new Set<string>()
  for (const query of queries) {
    for (const path of await reader.run(query)) files.add(path)
  }
  return {
    files: [...files].sort(),
    requests: reader.requests,
    description,
    notices: [...notices, ...reader.notices],
    warnings: [...api.warnings]
  }
}
