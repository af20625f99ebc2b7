/**
 * EDGE: the command line's change reader. The range comes from the flags or the CI's variables
 * (git-range.ts); the files from `git diff --name-status -z -M BASE HEAD` in the working
 * directory, run without a shell (file names are data, and the revisions are checked SHAs or
 * HEAD). When the files cannot all be known (a base the clone lacks, no repository, no git),
 * it throws ChangedFilesError with the fix: nothing is purged half.
 */
import {
  DEEPEN_ADVICE,
  isShallowClone,
  resolveCommit,
  runGit,
  type GitResult
} from '../git/git-command.js'
import { readFile } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import type { Diagnostics } from '../core/diagnostics.js'
import { shortSha } from '../text/format.js'
import type { ChangeListing, ChangeReader, PlannedListing } from './change-reader.js'
import { ChangedFilesError } from './changed-files-error.js'
import {
  decideGitRange,
  describeRange,
  goneFromNameStatus,
  pathsFromNameStatus,
  type CiVariables,
  type GitCommit,
  type GitRange
} from './git-range.js'
import type { ChangedFilesSettings } from './settings.js'

export interface LocalGit {
  /** The working directory: git finds the repository from here, as `git diff` would. */
  readonly cwd: string
  /** The CI's variables that name commits (git-range.ts lists them); {} on a laptop. */
  readonly variables: CiVariables
}

export function gitChangeReader(local: LocalGit): ChangeReader {
  return {
    kind: 'git',
    trigger: 'local git repository',
    async plan(changed: ChangedFilesSettings, diag: Diagnostics): Promise<PlannedListing> {
      const decided = decideGitRange(changed, local.variables, diag)
      // After a problem in `diag` the step stops before listing anything.
      if (decided === undefined) return { description: 'no range', list: () => nothingListed() }
      const { range, label } = decided
      const base = range.kind === 'compare' ? range.base.ref : undefined
      return {
        description: describeRange(label, base, range.head.ref),
        list: () => listWithGit(local.cwd, range, label)
      }
    }
  }
}

async function nothingListed(): Promise<ChangeListing> {
  throw new ChangedFilesError('no range of commits was decided')
}

async function listWithGit(cwd: string, range: GitRange, label: string): Promise<ChangeListing> {
  const git = new Git(cwd)
  await git.checkRepository()
  const head = await git.resolve(range.head)
  const base =
    range.kind === 'compare'
      ? await git.resolve(range.base)
      : ((await git.firstParent(head, range.head)) ?? (await git.emptyTree()))
  const output = await git.run(
    [
      'diff',
      '--name-status',
      '-z',
      '-M',
      '--no-color',
      '--no-ext-diff',
      '--no-relative',
      base,
      head,
      '--'
    ],
    'list the changed files'
  )
  return {
    files: pathsFromNameStatus(output),
    gone: goneFromNameStatus(output),
    description: describeRange(label, range.kind === 'compare' ? base : undefined, head),
    notices: [],
    warnings: [],
    readWith: 'git diff'
  }
}

/** git in one working directory, each command without a shell. */
class Git {
  constructor(private readonly cwd: string) {}

  async checkRepository(): Promise<void> {
    await this.run(['rev-parse', '--git-dir'], 'find the repository')
  }

  /** The commit's full SHA; a commit the repository lacks is said with the fix. */
  async resolve(commit: GitCommit): Promise<string> {
    const sha = await resolveCommit(this.cwd, commit.ref)
    if (sha !== undefined) return sha
    const named = `${commit.ref === 'HEAD' ? 'HEAD' : shortSha(commit.ref)} (${commit.from})`
    if (commit.ref === 'HEAD') {
      throw new ChangedFilesError(`HEAD names no commit here: the repository has no commit yet.`)
    }
    if (await this.shallow()) {
      throw new ChangedFilesError(
        `the commit ${named} is not in this clone, which is shallow (it holds only the last commits): ${DEEPEN_ADVICE}.`
      )
    }
    throw new ChangedFilesError(
      `the commit ${named} is not in this repository (rewritten by a force push, or from another repository?): fetch it (git fetch origin ${commit.ref}), or give another base_sha.`
    )
  }

  /** The commit's first parent; undefined for a root commit, an error at a shallow clone's edge. */
  async firstParent(sha: string, commit: GitCommit): Promise<string | undefined> {
    const parent = await resolveCommit(this.cwd, `${sha}^1`)
    if (parent !== undefined) return parent
    if ((await this.shallowCommits()).has(sha)) {
      throw new ChangedFilesError(
        `the parent of ${shortSha(sha)} (${commit.from}) is not in this clone, which is shallow, so its own files cannot be told: ${DEEPEN_ADVICE}.`
      )
    }
    return undefined
  }

  /** The empty tree, what a root commit is compared with (its hash depends on the repository's). */
  async emptyTree(): Promise<string> {
    return (await this.run(['hash-object', '-t', 'tree', '--stdin'], 'hash the empty tree')).trim()
  }

  private async shallow(): Promise<boolean> {
    return (await isShallowClone(this.cwd)) === true
  }

  /** The commits at a shallow clone's edge (their parents were not fetched). */
  private async shallowCommits(): Promise<Set<string>> {
    const path = (await this.tryRun(['rev-parse', '--git-path', 'shallow']))?.trim()
    if (!path) return new Set()
    try {
      const text = await readFile(isAbsolute(path) ? path : join(this.cwd, path), 'utf8')
      return new Set(
        text
          .split('\n')
          .map(line => line.trim())
          .filter(Boolean)
      )
    } catch {
      return new Set()
    }
  }

  /** The command's output; a failure is a ChangedFilesError saying what was being done. */
  async run(args: readonly string[], doing: string): Promise<string> {
    const result = await this.exec(args)
    if (result.code === 0) return result.stdout
    throw new ChangedFilesError(`git could not ${doing}: ${this.explain(result)}`)
  }

  /** The output, or undefined when the command fails (a question with a "no" answer). */
  private async tryRun(args: readonly string[]): Promise<string | undefined> {
    const result = await this.exec(args)
    if (result.missing) throw new ChangedFilesError(this.explain(result))
    return result.code === 0 ? result.stdout : undefined
  }

  private explain(result: GitResult): string {
    if (result.missing) {
      return 'git is not installed (or not on PATH): the changed files are read with git diff in the working directory'
    }
    const said = result.stderr.trim().split('\n').slice(0, 4).join(' ')
    if (/not a git repository/i.test(said)) {
      return `the working directory (${this.cwd}) is not in a git repository: run the command in the checkout. (${said})`
    }
    return said === '' ? `exit code ${result.code}` : said
  }

  private exec(args: readonly string[]): Promise<GitResult> {
    return runGit(this.cwd, args)
  }
}
