/**
 * git in the run's checkout, without a shell: one command's exit code and output, the questions
 * more than one reader asks (a commit's full SHA, whether the clone is shallow), and the advice
 * for a clone that lacks a commit. Shared by the changed files' reader
 * (changed-files/git-reader.ts) and the commits' history (origin/commit-history.ts).
 */
import { spawn } from 'node:child_process'

export interface GitResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  /** git itself was not found. */
  readonly missing: boolean
}

/** Resolves with the result, never rejects: git missing is `missing`, any failure a code. */
export function runGit(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise(resolve => {
    const child = spawn('git', args, {
      cwd,
      // No prompt can hang a CI job; no pager, no colour, whatever the user's config says.
      env: {
        ...process.env,
        GIT_TERMINAL_PROMPT: '0',
        GIT_PAGER: 'cat',
        GIT_OPTIONAL_LOCKS: '0'
      },
      stdio: ['pipe', 'pipe', 'pipe']
    })
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ code: -1, stdout: '', stderr: error.message, missing: error.code === 'ENOENT' })
    )
    child.on('close', code =>
      resolve({
        code: code ?? -1,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        missing: false
      })
    )
    // `hash-object --stdin` reads the empty input; the others read nothing.
    child.stdin.end()
  })
}

/** What to do when a shallow clone lacks a commit. */
export const DEEPEN_ADVICE =
  "fetch more history: in GitLab CI set the variable GIT_DEPTH: 0 (or a depth that reaches it); in Jenkins turn off the Git plugin's shallow clone (or raise its depth); with actions/checkout set fetch-depth: 0; by hand, git fetch --deepen=100 (or --unshallow)"

/** The full SHA of the commit `ref` names; undefined when it names none here (or git failed). */
export async function resolveCommit(cwd: string, ref: string): Promise<string | undefined> {
  const result = await runGit(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
  const sha = result.stdout.trim()
  return result.code === 0 && sha !== '' ? sha : undefined
}

/** Whether the clone is shallow; undefined when git cannot say (no repository, no git). */
export async function isShallowClone(cwd: string): Promise<boolean | undefined> {
  const result = await runGit(cwd, ['rev-parse', '--is-shallow-repository'])
  return result.code === 0 ? result.stdout.trim() === 'true' : undefined
}
