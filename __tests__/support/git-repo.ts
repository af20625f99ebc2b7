/**
 * A git repository of the tests' own, in a temporary folder: git run there with a fixed author
 * and none of the machine's configuration (no user's hooks, signing or default branch), and one
 * commit a file.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestRepo {
  readonly dir: string
  /** git with these arguments in the repository: its output, trimmed. */
  git(...args: string[]): string
  /** A commit adding the file `name` (its content its name): the commit's SHA. */
  commit(name: string): string
  close(): void
}

/** git in `dir`, as the tests run it. */
export function gitIn(dir: () => string): (...args: string[]) => string {
  return (...args) =>
    execFileSync('git', args, {
      cwd: dir(),
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1'
      }
    }).trim()
}

/** A new repository on branch main, with no commit yet. */
export function testRepo(prefix: string): TestRepo {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const git = gitIn(() => dir)
  git('init', '-q', '-b', 'main')
  return {
    dir,
    git,
    commit: name => {
      writeFileSync(join(dir, name), name)
      git('add', name)
      git('commit', '-q', '--no-verify', '-m', name)
      return git('rev-parse', 'HEAD')
    },
    close: () => rmSync(dir, { recursive: true, force: true })
  }
}
