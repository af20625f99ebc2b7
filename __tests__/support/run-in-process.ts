/**
 * The action's run, driven in this process as the runner drives dist/index.js in a child: the
 * same step set-up (scripts/run-action.mjs `prepareRun`: INPUT_* with action.yml's defaults,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, a workspace outside the repository as the working
 * directory), the same entry (src/main.ts `run()` with the real ActionIo and @actions/core), and
 * the same result (`RunResult`: the log with the runner's `::command::` lines, the outputs and
 * the summary read from their files, the exit code).
 *
 * WHY the process globals and no seam in src: @actions/core itself reads process.env (inputs,
 * GITHUB_OUTPUT), writes process.stdout and sets process.exitCode, so a seam in ActionIo would
 * still leave core on the globals, or need a copy of core that could drift from the real one.
 * Here the step's environment, working directory, stdout and exit code are swapped in for the
 * run and restored after it. Jest runs a file's tests one at a time, and each file in its own
 * worker, so no two runs share them; a test must not start two runs at once (refused below).
 */
import {
  finishRun,
  prepareRun,
  type RunOptions,
  type RunResult
} from '../../scripts/run-action.mjs'
import { run } from '../../src/main.js'

export type InProcessOptions = Omit<RunOptions, 'entry' | 'keepNodeExtraCaCerts'>

let running = false

export async function runInProcess(options: InProcessOptions = {}): Promise<RunResult> {
  if (running) throw new Error('runInProcess: one run at a time (it swaps the process globals).')
  running = true
  const prepared = prepareRun(options)
  const saved = {
    env: { ...process.env },
    cwd: process.cwd(),
    exitCode: process.exitCode,
    stdoutWrite: process.stdout.write,
    stderrWrite: process.stderr.write
  }
  let stdout = ''
  let stderr = ''
  const started = performance.now()
  let exitCode: number | null
  try {
    replaceEnvironment(prepared.env)
    process.chdir(prepared.workDir)
    process.exitCode = undefined
    process.stdout.write = capture(chunk => (stdout += chunk))
    process.stderr.write = capture(chunk => (stderr += chunk))
    try {
      await run()
      exitCode = Number(process.exitCode ?? 0)
    } catch (error) {
      // What node prints of an uncaught error from the entry, and its exit code.
      stderr += `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`
      exitCode = 1
    }
  } finally {
    process.stdout.write = saved.stdoutWrite
    process.stderr.write = saved.stderrWrite
    process.exitCode = saved.exitCode
    process.chdir(saved.cwd)
    replaceEnvironment(saved.env)
    running = false
  }
  return finishRun(prepared, { exitCode, stdout, stderr, durationMs: performance.now() - started })
}

/** The step sees only the runner's environment, as the child does (no variable of jest's). */
function replaceEnvironment(env: Readonly<Record<string, string | undefined>>): void {
  for (const name of Object.keys(process.env)) Reflect.deleteProperty(process.env, name)
  for (const [name, value] of Object.entries(env))
    if (value !== undefined) process.env[name] = value
}

/** A stream's write that keeps the text: what the child's pipe would have carried. */
function capture(keep: (text: string) => void): typeof process.stdout.write {
  return ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    keep(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
    const callback = rest.find(arg => typeof arg === 'function') as (() => void) | undefined
    callback?.()
    return true
  }) as typeof process.stdout.write
}
