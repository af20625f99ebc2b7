/**
 * The token permissions the GitHub reads and writes need, as the docs and the error messages
 * name them: one place, so that a message never names a permission the docs do not.
 */

/** Permissions, as `permissions:` in a workflow writes them, named in 403/404 errors. */
export const PERMISSIONS = {
  contents: 'contents: read',
  pullRequests: 'pull-requests: read',
  deployments: 'deployments: read',
  actions: 'actions: read',
  /** Comments on a pull request (the issue-comments API accepts it for pull requests). */
  writePullRequests: 'pull-requests: write',
  writeStatuses: 'statuses: write'
} as const

/** A hint for a 403/404 that names the permission the endpoint needs. */
export function permissionHint(permission: string): (status: number) => string | undefined {
  return status =>
    status === 403 || status === 404
      ? `The token may lack the \`${permission}\` permission: add it under \`permissions:\` in the workflow (GitHub answers 404 instead of 403 for what a token may not see).`
      : undefined
}
