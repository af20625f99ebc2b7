/**
 * The GitHub writer for this run's repository, as the publish steps (commit status, pull-request
 * comment) open it. github-writer.ts is loaded only here, when a step writes on GitHub: it brings
 * in the GitHub client, which most runs never need.
 */
import { USER_AGENT } from '../../core/constants.js'
import type { GitHubWriter, WriterOptions } from './github-writer.js'

/** Throws PublishError when GITHUB_API_URL is not one the token may be sent to. */
export async function openGitHubWriter(
  token: string,
  run: Pick<WriterOptions, 'apiUrl' | 'repository'>
): Promise<GitHubWriter> {
  const { GitHubWriter } = await import('./github-writer.js')
  return GitHubWriter.open({
    token,
    apiUrl: run.apiUrl,
    repository: run.repository,
    userAgent: USER_AGENT
  })
}
