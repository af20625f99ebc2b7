/**
 * One git command in a working directory, without a shell: its exit code and output. Shared by
 * the changed files' reader (git-reader.ts) and the commits' history (origin/commit-history.ts).
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
