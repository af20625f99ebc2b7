/**
 * The action's change reader: the event that started the workflow says which commits
 * (event-rules.ts, loaded with the rest of the feature when a run asks for changed files), and
 * GitHub's REST API lists their files (github-changes.ts, the heaviest module, loaded only when
 * there is something to ask). Small on purpose: the action's io creates one for every run.
 */
import { USER_AGENT } from '../core/constants.js'
import type { Diagnostics } from '../core/diagnostics.js'
import { checkGitHubApiUrl, GitHubApiUrlError } from '../github/api-url.js'
import type { ChangeReader, ChangeListing, PlannedListing } from './change-reader.js'
import type { ChangeSource, GitHubContextLike } from './change-source.js'
import { ChangedFilesError } from './changed-files-error.js'
import type { ChangedFilesSettings } from './settings.js'

/** The event, and the API's address (GITHUB_API_URL). */
export type GitHubEvent = GitHubContextLike & { readonly apiUrl: string }

/** `readEvent` is called once, when the range is first asked for: most runs never ask. */
export function gitHubChangeReader(readEvent: () => GitHubEvent): ChangeReader {
  let read: GitHubEvent | undefined
  const event = (): GitHubEvent => (read ??= readEvent())
  return {
    kind: 'github',
    get trigger() {
      return event().eventName
    },
    async plan(changed: ChangedFilesSettings, diag: Diagnostics): Promise<PlannedListing> {
      const { decideChangeSource } = await import('./index.js')
      // The settings carry base_sha/head_sha, since and environment already validated.
      const source = decideChangeSource(event(), changed, diag)
      return {
        description: source.description,
        ...(source.nothingReason !== undefined && { nothingReason: source.nothingReason }),
        list: () => listFromGitHub(source, changed, event())
      }
    }
  }
}

/** The changed files, asking GitHub only when the event gave something to ask. */
async function listFromGitHub(
  source: ChangeSource,
  changed: ChangedFilesSettings,
  event: GitHubEvent
): Promise<ChangeListing> {
  if (source.queries.length === 0 && source.lookup === undefined) {
    return {
      files: [],
      gone: [],
      description: source.description,
      notices: [],
      warnings: [],
      readWith: '0 GitHub API request(s)'
    }
  }
  try {
    // Checked before the client loads: @actions/github parses GITHUB_API_URL on import.
    checkGitHubApiUrl(event.apiUrl)
  } catch (error) {
    if (error instanceof GitHubApiUrlError) throw new ChangedFilesError(error.message)
    throw error
  }
  // Loaded only now: the GitHub client is the heaviest module, and most runs never need it.
  const { listChangedFiles } = await import('./github-changes.js')
  const listed = await listChangedFiles(source, {
    token: changed.token,
    apiUrl: event.apiUrl,
    repository: event.repository,
    userAgent: USER_AGENT
  })
  return { ...listed, readWith: `${listed.requests} GitHub API request(s)` }
}
