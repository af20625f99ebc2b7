/**
 * The command line's run: arguments and environment in, an exit code out. The same run as the
 * action's (run/run.ts) over CliIo; only how inputs arrive and outputs leave differ: flags and
 * PURGE_API_KEY instead of INPUT_*, `--json`, `--summary`, `--junit` and the exit code instead
 * of GITHUB_OUTPUT and the job summary.
 *
 * Exit codes: 0 done (dry runs too), 1 a purge, the changed files, the origin wait, the
 * verification or the writing of a report (--summary, --junit) failed, 2 a usage or input error
 * (a report's folder that does not exist among them: nothing was sent).
 */
import { statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { ACTION_VERSION, Input, type InputName } from '../core/constants.js'
import type { RawInputs } from '../plan/settings.js'
import { runPurge } from '../run/run.js'
import { safeLogLines } from '../text/log-safety.js'
import { Redactor } from '../text/redact.js'
import { parseArgs } from './args.js'
import { CliIo, type LogSink } from './cli-io.js'
import { API_KEY_VARIABLE } from './flags.js'
import { helpText } from './help.js'
import { escapeXml, renderJUnit } from '../report/junit.js'

export const EXIT = { done: 0, failed: 1, usage: 2 } as const

/**
 * A report is written at the end of the run, after the purges: a folder that is not there is
 * said now, before anything is sent, rather than as a failure after the purge.
 */
function reportFolderProblem(
  flag: string,
  file: string | undefined,
  cwd: string
): string | undefined {
  if (file === undefined) return undefined
  const folder = dirname(resolve(cwd, file))
  try {
    if (statSync(folder).isDirectory()) return undefined
  } catch {
    // Not there: said below.
  }
  return `${flag} ${file}: the folder ${dirname(file)} does not exist; create it first, or name a file in an existing folder`
}

export interface CliProcess {
  readonly argv: readonly string[]
  readonly env: Readonly<Record<string, string | undefined>>
  readonly cwd: string
  /** Only what the command says it prints there: --json, --help, --version. */
  readonly stdout: { write(text: string): void }
  readonly stderr: LogSink
}

export async function runCli(process: CliProcess): Promise<number> {
  const apiKey = process.env[API_KEY_VARIABLE] ?? ''
  const args = parseArgs(process.argv, { apiKey })
  if (args.kind === 'help') {
    process.stdout.write(`${helpText()}\n`)
    return EXIT.done
  }
  if (args.kind === 'version') {
    process.stdout.write(`${ACTION_VERSION}\n`)
    return EXIT.done
  }
  const problems =
    args.kind === 'usage'
      ? args.problems
      : [
          reportFolderProblem('--summary', args.options.summaryFile, process.cwd),
          reportFolderProblem('--junit', args.options.junitFile, process.cwd)
        ].filter(problem => problem !== undefined)
  if (args.kind === 'usage' || problems.length > 0) {
    // Said before the run registers its secrets: hide the key here, in every spelling.
    const redactor = new Redactor([apiKey.trim()].filter(key => key !== ''))
    for (const problem of problems) {
      for (const line of safeLogLines(redactor.redact(`error: ${problem}`)))
        process.stderr.write(`${line}\n`)
    }
    process.stderr.write('Nothing was sent. Run with --help for the flags.\n')
    return EXIT.usage
  }

  const io = new CliIo({
    log: process.stderr,
    cwd: process.cwd,
    env: process.env,
    ...(args.options.summaryFile !== undefined && { summaryFile: args.options.summaryFile })
  })
  const raw = rawInputs(args.inputs, process.env)
  // No INPUT_* variables to check: every flag was checked against the inputs above.
  const report = await runPurge(io, raw, { variables: {}, underAct: false })

  if (args.options.junitFile !== undefined) {
    await io.writeReport(
      '--junit',
      args.options.junitFile,
      renderJUnit(report, io.clock.now()),
      text => escapeXml(text)
    )
  }
  if (args.options.json) process.stdout.write(`${JSON.stringify(io.outputsObject())}\n`)

  if (io.result === 'input-error') return EXIT.usage
  if (io.result === 'failed' || report.unexpectedError !== undefined) return EXIT.failed
  return EXIT.done
}

/**
 * Every input as the action would receive it: the flags' values, the key from its variable,
 * no GitHub token, and GitLab's `parallel:` job index as a verification's default shard.
 */
export function rawInputs(
  given: Readonly<Partial<Record<InputName, string>>>,
  env: Readonly<Record<string, string | undefined>>
): RawInputs {
  const raw = {} as Record<InputName, string>
  for (const name of Object.values(Input)) raw[name] = given[name] ?? ''
  raw[Input.ApiKey] = env[API_KEY_VARIABLE] ?? ''
  raw[Input.GithubToken] = ''
  const index = env['CI_NODE_INDEX']?.trim()
  const total = env['CI_NODE_TOTAL']?.trim()
  // Only for a verification, the one step that shards: elsewhere it would only draw a warning.
  const verifies = given[Input.Verify] !== undefined || given[Input.Mode] === 'verify'
  if (given[Input.Shard] === undefined && verifies && index && total)
    raw[Input.Shard] = `${index}/${total}`
  return raw
}
