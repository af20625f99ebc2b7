/**
 * EDGE: the one GitHub writer, beside the changed-files reader and on the same client
 * (github/client.ts: retries, timeouts, bounded answers, pages by `Link`, the token kept out of
 * messages). It finds the pull request a commit merged, finds this run's comment among any
 * number by its marker and writes it in place (or creates it once), and sets commit statuses.
 * Loaded lazily, through open-writer.ts, by the publish steps: it brings in @actions/github.
 *
 * Rules:
 * - A comment counts as this run's only when its marker has the run's key (workflow, job,
 *   leg) and it was written by a bot or by someone with write access (OWNER, MEMBER,
 *   COLLABORATOR): anyone else can post a comment holding a copy of the marker, and it must
 *   not be taken for the plan. Of several, the oldest is kept up to date.
 * - A comment is created at most once: a create whose answer was lost is not sent again
 *   blindly; the comments are listed again first, and the one found is updated instead.
 * - Every failure is a PublishError with GitHub's status: the steps turn it into a notice or
 *   a warning, never a failed step.
 */
import { checkGitHubApiUrl, GitHubApiUrlError } from '../github/api-url.js'
import { GitHubClient, type RetryOptions } from '../github/client.js'
import { PERMISSIONS, permissionHint } from '../github/permissions.js'
import { asRecord } from '../github/records.js'
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

/** A comment of this run's, as found: its id, its page, and what its marker says. */
export interface FoundComment {
  readonly id: number
  readonly url?: string
  readonly marker: CommentMarker
}

export interface WrittenComment {
  readonly id: number
  readonly url?: string
  readonly created: boolean
}

export type CommitState = 'pending' | 'success' | 'failure' | 'error'

/** Authors whose comments may be this run's: the token's bot, or people with write access. */
const TRUSTED_ASSOCIATIONS = new Set(['OWNER', 'MEMBER', 'COLLABORATOR'])
const PAGE_SIZE = 100

export class GitHubWriter {
  private readonly client: GitHubClient

  constructor(options: WriterOptions) {
    let api
    try {
      api = checkGitHubApiUrl(options.apiUrl, 'nothing can be written on GitHub')
    } catch (error) {
      if (error instanceof GitHubApiUrlError) throw new PublishError(error.message, undefined)
      throw error
    }
    this.client = new GitHubClient(
      {
        token: options.token,
        repository: options.repository,
        userAgent: options.userAgent,
        ...(options.retry && { retry: options.retry }),
        errorOf: (message, status) => new PublishError(message, status)
      },
      api
    )
  }

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

  /** This run's comment on the pull request: the oldest trusted one with the run's key. */
  async findComment(number: number, key: CommentKey): Promise<FoundComment | undefined> {
    const path = `${this.client.repoPath}/issues/${number}/comments`
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
        if (typeof body !== 'string' || typeof id !== 'number' || !trusted(comment)) continue
        const marker = readMarker(body)
        if (marker === undefined || !sameKey(marker, key)) continue
        const url = comment?.['html_url']
        return { id, marker, ...(typeof url === 'string' && { url }) }
      }
      if (data.length < PAGE_SIZE) break
    }
    return undefined
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
    if (existing !== undefined) return this.updateComment(existing.id, body)
    const path = `${this.client.repoPath}/issues/${number}/comments`
    const create = async (): Promise<WrittenComment> => {
      const { data } = await this.client.write(
        'POST',
        path,
        { body },
        { hint: permissionHint(PERMISSIONS.writePullRequests), once: true }
      )
      return { ...commentOf(data), created: true }
    }
    try {
      return await create()
    } catch (error) {
      const uncertain =
        error instanceof PublishError && (error.status === undefined || error.status >= 500)
      if (!uncertain) throw error
      const found = await this.findComment(number, key)
      if (found !== undefined) return this.updateComment(found.id, body)
      return await create()
    }
  }

  private async updateComment(id: number, body: string): Promise<WrittenComment> {
    const { data } = await this.client.write(
      'PATCH',
      `${this.client.repoPath}/issues/comments/${id}`,
      { body },
      { hint: permissionHint(PERMISSIONS.writePullRequests) }
    )
    return { ...commentOf(data), id, created: false }
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

function trusted(comment: Record<string, unknown> | undefined): boolean {
  const user = asRecord(comment?.['user'])
  const association = comment?.['author_association']
  return (
    user?.['type'] === 'Bot' ||
    (typeof association === 'string' && TRUSTED_ASSOCIATIONS.has(association))
  )
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
