/**
 * EDGE: runs one `ChangeQuery` (decided by event-rules.ts) through the GitHub client and
 * returns the paths it changed: a pull request's files, a commit's files, or a comparison's.
 * What GitHub's listings cut, and how this gets past the cuts, lives here; how to ask GitHub
 * (retries, pages, limits, secrets) lives in github/client.ts.
 *
 * Rules (documented in the README):
 * - Never purge half silently: whenever GitHub may have cut a listing (a pull request or a
 *   commit with exactly 3,000 files, a comparison whose commits cannot all be listed), this
 *   throws `ChangedFilesError`.
 * - Compare lists at most 300 files and says nothing when it cuts. When it returns 300 or more,
 *   the comparison's commits are listed (compare paginates commits with `per_page`/`page`; the
 *   files come on page 1 only) and the files of every commit are taken one by one. The union of
 *   the commits' files is a superset of the comparison's files (a file added then deleted inside
 *   the range is included too): purging a page too many is harmless, one too few is not.
 * - A compare answer without `files` (GitHub leaves it out for very large comparisons) is not
 *   "nothing changed": the comparison's commits are listed and their files taken one by one,
 *   as for 300 files; when even its commits cannot be known, this throws.
 * - Statuses: added, modified, removed, changed, copied → `filename`; renamed → both
 *   `previous_filename` and `filename`; unchanged → nothing; an unknown status → `filename`
 *   (and `previous_filename` when given), erring on the side of purging.
 * - Each listing also says which paths hold no file at the end of the range (`gone`, by
 *   path-presence.ts): removed files and a rename's old path. A comparison is GitHub's net
 *   diff; its commits, when they are listed one by one, are combined in GitHub's order (oldest
 *   first): a file deleted then re-added is back. A rollback's or a diverged pair's other side
 *   (head...base) counts backwards, and an unknown status never says a file is gone.
 * - File names are data: they are only collected into strings, never given to a shell.
 */

import { PERMISSIONS, permissionHint } from '../github/permissions.js'
import type { ChangeQuery } from './change-source.js'
import { NARROWER_RANGE_ADVICE } from './changed-files-error.js'
import type { GitHubClient } from '../github/client.js'
import { asRecord } from '../github/records.js'
import { shortSha } from '../text/format.js'
import {
  acrossMergeBase,
  ADDED,
  DELETED,
  inOrder,
  MODIFIED,
  oneDiff,
  reversed,
  type PathChanges,
  type Presence
} from './path-presence.js'

/** GitHub's documented limits. */
export const GITHUB_LIMITS = {
  /** Compare lists at most this many files, silently. */
  compareFiles: 300,
  /** List pull request files lists at most this many files. */
  pullRequestFiles: 3000,
  /** Get a commit lists at most this many files (across its pages). */
  commitFiles: 3000,
  /** Largest `per_page` for pull request files and compare commits. */
  pageSize: 100
} as const

export const DEFAULT_MAX_COMMITS = 500

interface FileEntry {
  filename?: unknown
  status?: unknown
  previous_filename?: unknown
}

/** The paths of one file entry of compare, get-a-commit or pull request files. */
export function pathsOfFileEntry(entry: FileEntry): string[] {
  const filename = typeof entry.filename === 'string' ? entry.filename : undefined
  const previous = typeof entry.previous_filename === 'string' ? entry.previous_filename : undefined
  switch (entry.status) {
    case 'unchanged':
      return []
    case 'added':
    case 'modified':
    case 'removed':
    case 'changed':
    case 'copied':
      return filename === undefined ? [] : [filename]
    default: // 'renamed', and any status GitHub may add later: both paths when given
      return [previous, filename].filter((path): path is string => path !== undefined)
  }
}

/**
 * What each path held before and after one file entry, by its status. An unknown status cannot
 * tell: its paths count as modified, never as gone.
 */
export function presenceOfFileEntry(entry: FileEntry): [string, Presence][] {
  const filename = typeof entry.filename === 'string' ? entry.filename : undefined
  const previous = typeof entry.previous_filename === 'string' ? entry.previous_filename : undefined
  const of = (presence: Presence): [string, Presence][] =>
    filename === undefined ? [] : [[filename, presence]]
  switch (entry.status) {
    case 'unchanged':
      return []
    case 'added':
    case 'copied': // the copy is new; its source, not listed, stays
      return of(ADDED)
    case 'removed':
      return of(DELETED)
    case 'modified':
    case 'changed':
      return of(MODIFIED)
    case 'renamed': {
      const from: [string, Presence][] = previous === undefined ? [] : [[previous, DELETED]]
      return [...from, ...of(ADDED)]
    }
    default:
      return pathsOfFileEntry(entry).map(path => [path, MODIFIED])
  }
}

/** A listing's paths (what is purged) and what it did to each (what is gone at its end). */
export interface Listed {
  readonly paths: readonly string[]
  readonly changes: PathChanges
}

/** The paths and changes of one diff's file entries (a page of them, or all). */
function listedOf(entries: readonly unknown[]): {
  paths: string[]
  changes: Map<string, Presence>
} {
  const records = entries.map(entry => asRecord(entry) ?? {})
  return {
    paths: records.flatMap(pathsOfFileEntry),
    changes: oneDiff(records.flatMap(presenceOfFileEntry))
  }
}

type Comparison = Promise<Listed & { status: unknown }>

/**
 * The queries of one run: a commit's files and each comparison are asked for once, however many
 * queries need them.
 */
export class GitHubQueries {
  /** Said to the user as notices (a rollback found by a comparison). */
  readonly notices: string[] = []
  private readonly commitFiles = new Map<string, Listed>()
  private readonly comparisons = new Map<string, Comparison>()

  /**
   * `maxCommits`: most commits whose files are listed one by one when a comparison has 300
   * files or more (each costs at least one request). Default DEFAULT_MAX_COMMITS.
   */
  constructor(
    private readonly client: GitHubClient,
    private readonly maxCommits = DEFAULT_MAX_COMMITS
  ) {}

  async run(query: ChangeQuery): Promise<Listed> {
    switch (query.kind) {
      case 'compare': {
        const compared = await this.compareFiles(query.base, query.head)
        // The site goes from this comparison's head back to its base.
        if (query.discarded === true) return { ...compared, changes: reversed(compared.changes) }
        return compared
      }
      case 'commit':
        return this.commitFilesOf(query.sha)
      case 'pull-request':
        return this.pullRequestFiles(query.number)
    }
  }

  async pullRequestFiles(number: number): Promise<Listed> {
    const { owner, repo } = this.client.repository
    const path = `${this.client.repoPath}/pulls/${number}/files`
    const entries: unknown[] = []
    for await (const data of this.client.pages(
      path,
      { per_page: GITHUB_LIMITS.pageSize },
      status =>
        status === 403 || status === 404
          ? `${status === 404 ? `Pull request #${number} was not found in ${owner}/${repo}, or the token may not see it. ` : ''}The token needs \`${PERMISSIONS.pullRequests}\` (add it under \`permissions:\`). On a pull request from a fork, GITHUB_TOKEN is read-only and GitHub may refuse it; \`pull_request_target\` runs with the base repository's token instead, but never check out or run the fork's code in such a workflow: listing its files is all this action does.`
          : undefined
    )) {
      if (!Array.isArray(data))
        this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a list of files.`)
      if (data.length === 0) break
      entries.push(...(data as unknown[]))
    }
    if (entries.length >= GITHUB_LIMITS.pullRequestFiles) {
      this.client.fail(
        `Pull request #${number} lists ${entries.length} files, GitHub's maximum for a pull request: the list may be cut, so the changed files are not known for sure. To purge anyway, ${NARROWER_RANGE_ADVICE}.`
      )
    }
    return listedOf(entries)
  }

  async commitFilesOf(sha: string): Promise<Listed> {
    const cached = this.commitFiles.get(sha)
    if (cached !== undefined) return cached
    const path = `${this.client.repoPath}/commits/${encodeURIComponent(sha)}`
    const entries: unknown[] = []
    for await (const data of this.client.pages(path, {}, status =>
      status === 404 || status === 422
        ? `Commit ${sha} was not found; check base_sha/head_sha (the token needs \`${PERMISSIONS.contents}\`).`
        : permissionHint(PERMISSIONS.contents)(status)
    )) {
      const record = asRecord(data)
      if (record === undefined)
        this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a commit.`)
      const files = record['files']
      if (files === undefined) break // a commit without changes
      if (!Array.isArray(files))
        this.client.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`)
      if (files.length === 0) break
      entries.push(...(files as unknown[]))
    }
    if (entries.length >= GITHUB_LIMITS.commitFiles) {
      this.client.fail(
        `Commit ${sha} lists ${entries.length} files, GitHub's maximum for a commit: the list may be cut, so the changed files are not known for sure. To purge anyway, ${NARROWER_RANGE_ADVICE}.`
      )
    }
    const listed = listedOf(entries)
    this.commitFiles.set(sha, listed)
    return listed
  }

  /**
   * The files that differ between `base` and `head`. A three-dot comparison lists only the
   * commits `head` has and `base` lacks: when `head` is behind `base` (a rollback, a redeploy
   * of an older commit) or the two diverged, the pages changed by `base`'s own commits differ
   * too, so `head...base` is listed as well. Otherwise a rollback would read as "nothing
   * changed". What is gone is told across the merge base: a file `base`'s own commits added is
   * gone from `head`, one they deleted is back.
   */
  async compareFiles(base: string, head: string): Promise<Listed> {
    const { paths, changes, status } = await this.compareOneWayOnce(base, head)
    if (status !== 'behind' && status !== 'diverged') return { paths, changes }
    // Said once per pair of commits, whichever way round they were asked for first.
    if (!this.comparisons.has(`${head}...${base}`)) {
      this.notices.push(
        `${shortSha(head)} is ${status === 'behind' ? 'behind' : 'diverged from'} ${shortSha(base)} (a rollback?): the files of ${shortSha(head)}...${shortSha(base)} are purged too.`
      )
    }
    const back = await this.compareOneWayOnce(head, base)
    return { paths: [...paths, ...back.paths], changes: acrossMergeBase(changes, back.changes) }
  }

  /**
   * Each comparison is asked for once: a forced push lists after...before too, which
   * compareFiles of a diverged before...after has already read (and the other way round).
   */
  private compareOneWayOnce(base: string, head: string): Comparison {
    const key = `${base}...${head}`
    let comparison = this.comparisons.get(key)
    if (comparison === undefined) {
      comparison = this.compareOneWay(base, head)
      this.comparisons.set(key, comparison)
    }
    return comparison
  }

  private async compareOneWay(base: string, head: string): Comparison {
    const { owner, repo } = this.client.repository
    const basehead = `${encodeURIComponent(base)}...${encodeURIComponent(head)}`
    const path = `${this.client.repoPath}/compare/${basehead}`
    const hint = (status: number): string | undefined =>
      status === 404
        ? `One of the commits ${base} and ${head} does not exist in ${owner}/${repo} (after a force push or a history rewrite the "before" commit may be gone), or the token lacks \`${PERMISSIONS.contents}\`. Set base_sha (and head_sha) to commits that exist, or purge by pattern or tag.`
        : permissionHint(PERMISSIONS.contents)(status)
    const pageSize = GITHUB_LIMITS.pageSize
    const first = await this.client.get(path, { per_page: pageSize, page: 1 }, hint)
    const data = asRecord(first.data)
    if (data === undefined)
      this.client.fail(`Unexpected answer from GitHub API GET ${path}: not a comparison.`)
    const rawFiles = data['files']
    if (rawFiles !== undefined && !Array.isArray(rawFiles))
      this.client.fail(`Unexpected answer from GitHub API GET ${path}: "files" is not a list.`)
    const { paths, changes } = listedOf(rawFiles ?? [])
    const status = data['status']
    if (rawFiles !== undefined && rawFiles.length < GITHUB_LIMITS.compareFiles) {
      return { paths, changes, status }
    }

    // 300 files, or no file list at all: the comparison may be cut. List its commits and take
    // their files one by one; "no files" must never read as "nothing changed".
    const why =
      rawFiles === undefined
        ? 'GitHub left out its file list'
        : `it changes ${GITHUB_LIMITS.compareFiles} files or more (GitHub cuts the list there)`
    const shas: string[] = []
    const addCommits = (commits: unknown): number => {
      if (!Array.isArray(commits)) return 0
      let added = 0
      for (const commit of commits) {
        const sha = asRecord(commit)?.['sha']
        if (typeof sha === 'string' && !shas.includes(sha)) {
          shas.push(sha)
          added++
        }
      }
      return added
    }
    addCommits(data['commits'])
    const totalRaw = data['total_commits']
    const range = `${shortSha(base)}...${shortSha(head)}`
    if (typeof totalRaw !== 'number' || !Number.isSafeInteger(totalRaw) || totalRaw < 0) {
      this.client.fail(
        `The comparison ${range} cannot be listed: ${why}, and its answer does not say how many commits it has, so its files cannot all be found. To purge anyway, ${NARROWER_RANGE_ADVICE}.`
      )
    }
    const total = totalRaw
    if (total > this.maxCommits) {
      this.client.fail(
        `The comparison ${range} cannot be listed: ${why}, and it has ${total} commits, more than the ${this.maxCommits} whose files this action lists one by one. To purge anyway, ${NARROWER_RANGE_ADVICE}.`
      )
    }
    let last = first
    for (let page = 2; shas.length < total && this.client.announces(last, page); page++) {
      last = await this.client.get(path, { per_page: pageSize, page }, hint)
      if (addCommits(asRecord(last.data)?.['commits']) === 0) break
    }
    if (shas.length < total) {
      this.client.fail(
        `The comparison ${range} cannot be listed: ${why}, and GitHub listed only ${shas.length} of its ${total} commits, so its files cannot all be found. To purge anyway, ${NARROWER_RANGE_ADVICE}.`
      )
    }
    const commits: PathChanges[] = []
    for (const sha of shas) {
      const listed = await this.commitFilesOf(sha)
      paths.push(...listed.paths)
      commits.push(listed.changes)
    }
    // The commits come oldest first. Where the comparison's own (cut) list names a path, its
    // net change wins: the commits' order says less across merges.
    return { paths, changes: new Map([...inOrder(commits), ...changes]), status }
  }
}
