/**
 * The one bundle's entry (dist/index.js): the action's, as action.yml names it, and the command
 * line's, which dist/cli.js (the package's `render-cache-purge`) imports from here. One build
 * for both, so that each chunk and PCRE2 ship once.
 *
 * The runner starts node on this file, and it runs the action. Tools that import an action to
 * drive it themselves (`npx @github/local-action run . dist/index.js .env`) call the exported
 * `run()` instead, and dist/cli.js calls `runCommandLine()`, so importing the module must not run
 * the action.
 */
import { realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommandLine } from './cli/index.js'
import { run } from './main.js'

// The command's code rides in this minified file too: ncc minifies only the entry, so a chunk
// of its own would ship larger, and the command loads this file (and the toolkit) anyway.
export { run, runCommandLine }

/**
 * The file node was started on, as node found it from `script` (process.argv[1], which keeps
 * what the user typed): the path itself, the path with `.js` (`node dist/cli`), or the folder's
 * index.js (`node dist`). Undefined when none is a file.
 */
export function startedFile(script: string): string | undefined {
  for (const candidate of [script, `${script}.js`, join(script, 'index.js')]) {
    try {
      if (statSync(candidate).isFile()) return realpathSync(candidate)
    } catch {
      // Not this one: try the next.
    }
  }
  return undefined
}

/** Whether node was started on this file, as the runner does (symlinks resolved on both sides). */
function startedOnThisFile(): boolean {
  const script = process.argv[1]
  // Without a script path, or one we cannot resolve, running is the safe side: the runner
  // must never end a step having silently done nothing.
  const started = script ? startedFile(script) : undefined
  if (started === undefined) return true
  try {
    return started === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return true
  }
}

if (startedOnThisFile()) await run()
