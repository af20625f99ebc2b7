/**
 * EDGE: the one GitHub writer, beside the changed-files reader and on the same client
 * (github/client.ts: retries, timeouts, bounded answers, pages by `Link`, the token kept out of
 * messages). It finds the pull request a commit merged, finds this run's comment among any
 * number by its marker and writes it in place (or creates it once), and sets commit statuses.
 * Loaded lazily, through open-writer.ts, by the publish steps: it brings in @actions/github.
 *
 * Rules:
 * - A comment counts as this run's only when the account github_token writes as wrote it
 *   (author.ts: GET /user, else GraphQL's `viewer` for an installation token) and its first
 *   line is a marker with the run's key (workflow, job, leg): anyone else, a maintainer or
 *   another bot, can post a comment holding a copy of the marker, and it must never be edited
 *   or deleted. When GitHub will not say who the token is, no comment is anyone's: a new one is
 *   posted, and nothing is edited or deleted.
 * - Of several of ours (two runs at once each posted one), the oldest is kept up to date and
 *   the others are deleted, so that none shows an old plan; one already gone is no failure.
 * - A comment is created at most once: a create whose answer was lost is not sent again
 *   blindly; the comments are listed again first, and the one found is updated instead.
 * - Every failure is a PublishError with GitHub's status: the steps turn it into a notice or
 *   a warning, never a failed step.
 */
import { checkGitHubApiUrl, GitHubApiUrlError } from '../../github/api-url.js'
import type { GitHubClient, RetryOptions } from '../../github/client.js'
import { openGitHubClient } from '../../github/open-client.js'
import { PERMISSIONS, permissionHint } from '../../github/permissions.js'
import { asRecord } from '../../github/records.js'
import { accountOf, sameAccount, viewerAccountOf, type Account } from './author.js'
import { readMarker, sameKey, type CommentKey, type CommentMarker } from './marker.js'

/** A write on GitHub that failed; `status` is GitHub's answer, when there was one. */
export class PublishError extends Error {
  override name = 'PublishError'
  constructor(
    message: string,
    readonly status: number | undefined
  ) {
    super(message)
  }
}

export interface WriterOptions {
  readonly token: string
  /** GITHUB_API_URL */
  readonly apiUrl: string
  readonly repository: { readonly owner: string; readonly repo: string }
  readonly userAgent: string
  readonly retry?: RetryOptions
}

/**
 * A comment of this run's, as found (the oldest of ours): its id, its page, and what its
 * marker says; `duplicates`: the ids of our other comments with the run's key, newer ones.
 */
export interface FoundComment {
  readonly id: number
  readonly url?: string
  readonly marker: CommentMarker
  readonly duplicates: readonly number[]
}

export interface WrittenComment {
  readonly id: number
  readonly url?: string
  readonly created: boolean
  /** Duplicates deleted (or found already gone). */
  readonly deleted: number
  /** Why some duplicates could not be deleted; absent when all were. */
  readonly notDeleted?: string
  /** GitHub would not say who the token is: a new comment was posted, none edited. */
  readonly authorUnknown: boolean
}

export type CommitState = 'pending' | 'success' | 'failure' | 'error'

const PAGE_SIZE = 100

/** Who an installation token is: GraphQL names its bot, which GET /user refuses to. */
const VIEWER_QUERY = 'query { viewer { login __typename } }'

export class GitHubWriter {
  private author: Promise<Account | undefined> | undefined

  /** The writer on its own client; throws PublishError when GITHUB_API_URL may not get the token. */
  static async open(options: WriterOptions): Promise<GitHubWriter> {
    let api
    try {
      api = checkGitHubApiUrl(options.apiUrl, 'nothing can be written on GitHub')
    } catch (error) {
      if (error instanceof GitHubApiUrlError) throw new PublishError(error.message, undefined)
      throw error
    }
    const client = await openGitHubClient(
      {
        token: options.token,
        repository: options.repository,
        userAgent: options.userAgent,
        ...(options.retry && { retry: options.retry }),
        errorOf: (message, status) => new PublishError(message, status)
      },
      api
    )
    return new GitHubWriter(client)
  }

  private constructor(private readonly client: GitHubClient) {}

  /** HTTP requests sent so far, retries included. */
  get requests(): number {
    return this.client.requests
  }

  /**
   * The pull request that merged `sha` (GitHub's "pull requests associated with a commit"):
   * the one whose merge commit it is, else the one merged with it; undefined when none was.
   */
  async pullRequestMerging(sha: string): Promise<number | undefined> {
    const path = `${this.client.repoPath}/commits/${encodeURIComponent(sha)}/pulls`
    const { data } = await this.client.get(
      path,
      { per_page: PAGE_SIZE },
      permissionHint(PERMISSIONS.pullRequests)
    )
    if (!Array.isArray(data)) {
      this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a list.`)
    }
    const merged = data
      .map(item => asRecord(item))
      .filter(pull => typeof pull?.['merged_at'] === 'string')
    const byMergeCommit = merged.find(pull => pull?.['merge_commit_sha'] === sha)
    const number = (byMergeCommit ?? merged[0])?.['number']
    return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined
  }

  /**
   * The account github_token writes as, asked once: GET /user for a person's token; for an
   * installation token (GitHub answers 403 there) GraphQL's `viewer`. Undefined when GitHub
   * says neither: then no comment is ours.
   */
  tokenAccount(): Promise<Account | undefined> {
    this.author ??= this.askTokenAccount()
    return this.author
  }

  private async askTokenAccount(): Promise<Account | undefined> {
    try {
      const { data } = await this.client.get('/user', {})
      const account = accountOf(data)
      if (account !== undefined) return account
    } catch (error) {
      // 403 "Resource not accessible by integration": an installation token. Anything else
      // (a 401 is the token itself, which the comment's writes will say): not known.
      if (!(error instanceof PublishError) || error.status !== 403) return undefined
    }
    try {
      return viewerAccountOf((await this.client.graphql(VIEWER_QUERY)).data)
    } catch {
      return undefined
    }
  }

  /**
   * This run's comment on the pull request: the oldest of ours with the run's key, and the
   * others as duplicates to delete. Undefined when there is none, or when the token's account
   * is not known (then nothing is ours).
   */
  async findComment(number: number, key: CommentKey): Promise<FoundComment | undefined> {
    const account = await this.tokenAccount()
    if (account === undefined) return undefined
    const path = `${this.client.repoPath}/issues/${number}/comments`
    let oldest: Omit<FoundComment, 'duplicates'> | undefined
    const duplicates: number[] = []
    for await (const data of this.client.pages(
      path,
      { per_page: PAGE_SIZE },
      permissionHint(PERMISSIONS.pullRequests)
    )) {
      if (!Array.isArray(data)) {
        this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a list of comments.`)
      }
      for (const item of data) {
        const comment = asRecord(item)
        const body = comment?.['body']
        const id = comment?.['id']
        if (typeof body !== 'string' || typeof id !== 'number') continue
        const author = accountOf(comment?.['user'])
        if (author === undefined || !sameAccount(account, author)) continue
        const marker = readMarker(body)
        if (marker === undefined || !sameKey(marker, key)) continue
        if (oldest !== undefined) {
          duplicates.push(id)
          continue
        }
        const url = comment?.['html_url']
        oldest = { id, marker, ...(typeof url === 'string' && { url }) }
      }
      if (data.length < PAGE_SIZE) break
    }
    return oldest === undefined ? undefined : { ...oldest, duplicates }
  }

  /**
   * Updates `existing` with `body`, or creates the comment. A create that may have happened
   * (no answer, a 5xx) is checked by listing again, so that a retry never posts it twice.
   */
  async writeComment(
    number: number,
    key: CommentKey,
    body: string,
    existing: FoundComment | undefined
  ): Promise<WrittenComment> {
    const authorUnknown = (await this.tokenAccount()) === undefined
    if (existing !== undefined) return this.updateComment(existing, body)
    const path = `${this.client.repoPath}/issues/${number}/comments`
    const create = async (): Promise<WrittenComment> => {
      const { data } = await this.client.write(
        'POST',
        path,
        { body },
        { hint: permissionHint(PERMISSIONS.writePullRequests), once: true }
      )
      return { ...commentOf(data), created: true, deleted: 0, authorUnknown }
    }
    try {
      return await create()
    } catch (error) {
      const uncertain =
        error instanceof PublishError && (error.status === undefined || error.status >= 500)
      if (!uncertain) throw error
      const found = await this.findComment(number, key)
      if (found !== undefined) return this.updateComment(found, body)
      // Without the token's account, a lost create cannot be found again: better none than two.
      if (authorUnknown) throw error
      return await create()
    }
  }

  /** Updates the oldest of ours, then deletes the duplicates (ours only: findComment's). */
  private async updateComment(existing: FoundComment, body: string): Promise<WrittenComment> {
    const { id } = existing
    const { data } = await this.client.write(
      'PATCH',
      `${this.client.repoPath}/issues/comments/${id}`,
      { body },
      { hint: permissionHint(PERMISSIONS.writePullRequests) }
    )
    let deleted = 0
    const failures: string[] = []
    for (const duplicate of existing.duplicates) {
      try {
        await this.client.write(
          'DELETE',
          `${this.client.repoPath}/issues/comments/${duplicate}`,
          {},
          { hint: permissionHint(PERMISSIONS.writePullRequests) }
        )
        deleted++
      } catch (error) {
        // Already gone: a run beside this one deleted it first.
        if (error instanceof PublishError && error.status === 404) deleted++
        else failures.push(error instanceof Error ? error.message : String(error))
      }
    }
    return {
      ...commentOf(data),
      id,
      created: false,
      deleted,
      ...(failures.length > 0 && { notDeleted: failures.join(' ') }),
      authorUnknown: false
    }
  }

  /** Sets the commit status `context` on `sha`. */
  async setStatus(
    sha: string,
    status: {
      readonly state: CommitState
      readonly context: string
      readonly description: string
      readonly targetUrl?: string
    }
  ): Promise<void> {
    await this.client.write(
      'POST',
      `${this.client.repoPath}/statuses/${encodeURIComponent(sha)}`,
      {
        state: status.state,
        context: status.context,
        description: status.description,
        ...(status.targetUrl !== undefined && { target_url: status.targetUrl })
      },
      { hint: permissionHint(PERMISSIONS.writeStatuses) }
    )
  }
}

function commentOf(data: unknown): { id: number; url?: string } {
  const record = asRecord(data)
  const id = record?.['id']
  const url = record?.['html_url']
  return {
    id: typeof id === 'number' ? id : 0,
    ...(typeof url === 'string' && { url })
  }
}
