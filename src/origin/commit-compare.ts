/**
 * How another commit relates to this run's, asked of GitHub: its compare of the two (base: this
 * run's commit, head: the other), whose `status` says it. `ahead`: the other holds this run's
 * commit (newer); `behind`: this run's holds it (older); `identical`; `diverged`. One request a
 * commit, for the first commit only (`per_page: 1`: the answer's size does not grow with the
 * history between them); the caller asks each commit once (build/commit-relation.ts). The token
 * needs `contents: read`. A commit GitHub does not know in the repository (404), a token it
 * refuses, a failure: unknown, with why.
 */
import type { CommitRelation, RelateCommit } from '../build/commit-relation.js'
import { checkGitHubApiUrl, GitHubApiUrlError } from '../github/api-url.js'
import type { GitHubClient, GitHubClientOptions } from '../github/client.js'
import { openGitHubClient } from '../github/open-client.js'
import { asRecord } from '../github/records.js'

/** Where to ask: the repository the run deploys, with the run's token. */
export interface CompareAccess {
  readonly token: string
  readonly repository: GitHubClientOptions['repository']
  /** GITHUB_API_URL */
  readonly apiUrl: string
}

/** Hex only: what goes into the path is a commit id, never a branch or an expression. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/i

/** A failure of the compare (after the client's retries); `status`: GitHub's answer, if one came. */
class CompareError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined
  ) {
    super(message)
  }
}

const STATUSES: Readonly<Record<string, CommitRelation>> = {
  ahead: { kind: 'newer' },
  behind: { kind: 'older' },
  identical: { kind: 'same' },
  diverged: { kind: 'diverged' }
}

/** `ours`: this run's commit. The client is opened at the first question, not before. */
export function relateByGitHub(access: CompareAccess, ours: string): RelateCommit {
  let client: Promise<GitHubClient> | undefined
  return async other => {
    if (!COMMIT_ID.test(other)) return { kind: 'unknown', why: 'not a commit id' }
    try {
      client ??= openGitHubClient(
        {
          token: access.token,
          repository: access.repository,
          errorOf: (message, status) => new CompareError(message, status)
        },
        checkGitHubApiUrl(access.apiUrl, 'GitHub cannot be asked how two commits relate')
      )
      const opened = await client
      const basehead = `${encodeURIComponent(ours)}...${encodeURIComponent(other)}`
      const answer = await opened.get(`${opened.repoPath}/compare/${basehead}`, { per_page: 1 })
      const status = asRecord(answer.data)?.['status']
      const relation = typeof status === 'string' ? STATUSES[status] : undefined
      return relation ?? { kind: 'unknown', why: `GitHub's compare answered no known status` }
    } catch (error) {
      if (error instanceof GitHubApiUrlError) return { kind: 'unknown', why: error.message }
      if (!(error instanceof CompareError)) throw error
      if (error.status === 404) {
        const { owner, repo } = access.repository
        return { kind: 'unknown', why: `GitHub knows no such commit in ${owner}/${repo}` }
      }
      return { kind: 'unknown', why: `GitHub's compare failed: ${error.message}` }
    }
  }
}
