/**
 * The GitHub client, loaded when a run first talks to GitHub: it brings Octokit, which most runs
 * never need. The changed-files reader and the comment's writer both open theirs here, so that
 * client.ts ships once, in Octokit's chunk: a module two lazy chunks import is copied into each
 * by ncc's webpack when it is under 20 kB.
 */
import type { GitHubApiUrl } from './api-url.js'
import type { GitHubClient, GitHubClientOptions } from './client.js'

export async function openGitHubClient(
  options: GitHubClientOptions,
  api: GitHubApiUrl
): Promise<GitHubClient> {
  const { GitHubClient } = await import('./client.js')
  return new GitHubClient(options, api)
}
