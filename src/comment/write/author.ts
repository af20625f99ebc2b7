/**
 * Whose a comment is (PURE). A comment is this action's only when the account github_token
 * writes as wrote it: anyone else, a maintainer or another bot, can post a comment that holds a
 * copy of the marker, and the action must never edit or delete it. GitHub tells who the token
 * is (github-writer.ts asks): GET /user for a person's token; for an installation token (the
 * workflow's GITHUB_TOKEN, a GitHub App's), which GET /user refuses, GraphQL's `viewer`, which
 * names the installation's bot (`github-actions[bot]`, `<app-slug>[bot]`).
 */
import { asRecord } from '../../github/records.js'

/** An account as GitHub names it: its login, and its numeric id and type when known. */
export interface Account {
  readonly login: string
  /** The REST `id` (a GraphQL `databaseId` is not taken for one: the two may differ). */
  readonly id?: number
  /** `User` or `Bot`. */
  readonly type?: string
}

/** The account of a REST user object (a comment's `user`, GET /user's answer), if it has one. */
export function accountOf(value: unknown): Account | undefined {
  const user = asRecord(value)
  const login = user?.['login']
  if (typeof login !== 'string' || login === '') return undefined
  const id = user?.['id']
  const type = user?.['type']
  return {
    login,
    ...(typeof id === 'number' && Number.isSafeInteger(id) && { id }),
    ...(typeof type === 'string' && { type })
  }
}

/** The account of GraphQL's `viewer` (`login`, `__typename`), if it names one. */
export function viewerAccountOf(data: unknown): Account | undefined {
  const viewer = asRecord(asRecord(asRecord(data)?.['data'])?.['viewer'])
  const login = viewer?.['login']
  if (typeof login !== 'string' || login === '') return undefined
  const type = viewer?.['__typename']
  return { login, ...(typeof type === 'string' && { type }) }
}

/**
 * Whether `author` is `token`'s account: the same id when both are known (a login can be
 * renamed and taken by another), else the same login (GitHub's logins ignore case); and the
 * same type when both are known (`x` the user is not `x[bot]`, but the type says it too).
 */
export function sameAccount(token: Account, author: Account): boolean {
  if (token.type !== undefined && author.type !== undefined && token.type !== author.type) {
    return false
  }
  if (token.id !== undefined && author.id !== undefined) return token.id === author.id
  return token.login.toLowerCase() === author.login.toLowerCase()
}
