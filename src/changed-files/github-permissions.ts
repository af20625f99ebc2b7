/** The token permissions the GitHub reads need, as the docs and the error messages name them. */

/** Permissions, as `permissions:` in a workflow writes them, named in 403/404 errors. */
export const PERMISSIONS = {
  contents: 'contents: read',
  pullRequests: 'pull-requests: read',
  deployments: 'deployments: read',
  actions: 'actions: read'
} as const

/** A hint for a 403/404 that names the permission the endpoint needs. */
export function permissionHint(permission: string): (status: number) => string | undefined {
  return status =>
    status === 403 || status === 404
      ? `The token may lack the \`${permission}\` permission: add it under \`permissions:\` in the workflow (GitHub answers 404 instead of 403 for what a token may not see).`
      : undefined
}
