/**
 * A git repository of two commits, A then B (B holds A in its history), in a temporary folder:
 * the checkout a run of the action is given (GITHUB_WORKSPACE) when another build goes live, so
 * that its history relates the two. For `npm start` and the benchmark; git runs with none of the
 * machine's configuration. Node built-ins only.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * @param {string} prefix the temporary folder's name prefix
 * @returns {{ dir: string, a: string, b: string, close: () => void }}
 */
export function twoCommits(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        GIT_AUTHOR_NAME: 'demo',
        GIT_AUTHOR_EMAIL: 'demo@example.com',
        GIT_COMMITTER_NAME: 'demo',
        GIT_COMMITTER_EMAIL: 'demo@example.com',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1'
      }
    }).trim()
  git('init', '--quiet', '--initial-branch=main')
  const commit = (/** @type {string} */ name) => {
    writeFileSync(join(dir, name), name)
    git('add', name)
    git('commit', '--quiet', '-m', name)
    return git('rev-parse', 'HEAD')
  }
  const a = commit('a')
  const b = commit('b')
  return { dir, a, b, close: () => rmSync(dir, { recursive: true, force: true }) }
}
