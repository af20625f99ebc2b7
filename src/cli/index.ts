/**
 * The command line's entry (bundled to dist/cli/index.js, started by dist/cli.js, the package's
 * `render-cache-purge`): the process's arguments, environment and streams to runCli, its answer
 * to the exit code. Colour only when stderr is a terminal and NO_COLOR is not set.
 */
import { runCli } from './main.js'

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
