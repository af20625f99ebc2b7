/**
 * The command line's start (dist/cli.js, the package's `render-cache-purge`, calls it from the
 * one bundle it shares with the action, dist/index.js): the process's arguments, environment
 * and streams to runCli, its answer to the exit code. Colour only when stderr is a terminal and
 * NO_COLOR is not set. Importing this module runs nothing: the action's bundle holds it too.
 */
import { runCli } from './main.js'

export async function runCommandLine(): Promise<void> {
  process.exitCode = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: {
      write: text => process.stderr.write(text),
      colour: process.stderr.isTTY === true && !process.env['NO_COLOR']
    }
  })
}
