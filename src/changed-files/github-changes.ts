/**
 * EDGE: lists the files changed according to a `ChangeSource` (decided by event-rules.ts):
 * resolves its lookup (github-lookups.ts), runs its queries (github-queries.ts) through one
 * GitHub client (github/client.ts), and returns the union of the changed paths. Loaded lazily
 * by the entry (`await import(...)`): this file and what it imports are the only ones that
 * bring in @actions/github.
 *
 * Rules (documented in the README):
 * - Never purge half silently: whenever GitHub may have cut a listing, or GitHub answers with an
 *   error after retries, this throws `ChangedFilesError` before anything is purged.
 * - The result is deduplicated and sorted by UTF-16 code units, so it is the same whatever order
 *   GitHub lists files in. `gone` (sorted too) are the files with no file at their path at the
 *   end of the range; where the queries disagree (a forced push's two comparisons), a file any
 *   of them shows at the end is not gone.
 * - `requests` counts the HTTP requests sent, retries included.
 */

import { checkGitHubApiUrl, GitHubApiUrlError, type GitHubApiUrl } from '../github/api-url.js'
import type { ChangeSource } from './change-source.js'
import { ChangedFilesError, NARROWER_RANGE_ADVICE } from './changed-files-error.js'
import type { GitHubClientOptions } from '../github/client.js'
import { openGitHubClient } from '../github/open-client.js'
import { resolveLookup } from './github-lookups.js'
import { GitHubQueries } from './github-queries.js'
import { goneAtEnd, together, type PathChanges } from './path-presence.js'

export interface ListChangedFilesOptions extends GitHubClientOptions {
  /** GITHUB_API_URL, e.g. https://api.github.com or https://ghe.example.com/api/v3 */
  apiUrl: string
  /**
   * Most commits whose files are listed one by one when a comparison has 300 files or more
   * (each costs at least one request; a GITHUB_TOKEN has 1,000 requests an hour). Default 500.
   */
  maxCommits?: number
}

export interface ChangedFiles {
  files: string[]
  /** The files with no file at their path at the end of the range (ChangeListing.gone). */
  gone: string[]
  requests: number
  /** The range used and why, e.g. `release published v1.3.0: 3f2c1a0...9be41d2, since release v1.2.0`. */
  description: string
  /** Said to the user as notices: a first release or deploy, with no previous one. */
  notices: string[]
  /** Said as warnings: GITHUB_API_URL oddities. */
  warnings: string[]
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
    gone: [],
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
  // Every failure of the listing is a ChangedFilesError: the step knows it, and purges nothing.
  const client = await openGitHubClient(
    {
      ...options,
      errorOf: message => new ChangedFilesError(message),
      tooLargeAdvice: NARROWER_RANGE_ADVICE
    },
    api
  )
  const github = new GitHubQueries(client, options.maxCommits)
  const notices: string[] = []
  let queries = source.queries
  let description = source.description
  if (source.lookup !== undefined) {
    const range = await resolveLookup(client, source.lookup)
    queries = range.queries
    description = range.description
    if (range.notice !== undefined) notices.push(range.notice)
  }
  const files = new Set<string>()
  const changes: PathChanges[] = []
  // One query at a time, as the client sends one request at a time.
  for (const query of queries) {
    const listed = await github.run(query)
    for (const path of listed.paths) files.add(path)
    changes.push(listed.changes)
  }
  return {
    files: [...files].sort(),
    gone: goneAtEnd(together(changes)),
    requests: client.requests,
    description,
    notices: [...notices, ...github.notices],
    warnings: [...api.warnings]
  }
}
