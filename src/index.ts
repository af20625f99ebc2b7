/**
 * The action's entry point, as action.yml names it (bundled to dist/index.js).
 *
 * The runner starts node on this file, and it runs the action. Tools that import an action to
 * drive it themselves (`npx @github/local-action run . dist/index.js .env`) call the exported
 * `run()` instead, so importing the module must not run it a second time.
 */
import { realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './main.js'

export { run }

/** Whether node was started on this file, as the runner does (symlinks resolved on both sides). */
function startedOnThisFile(): boolean {
  const script = process.argv[1]
  // Without a script path, or one we cannot resolve, running is the safe side: the runner
  // must never end a step having silently done nothing.
  if (!script) return true
  try {
    // `node dist` starts dist/index.js too.
    const started = statSync(script).isDirectory() ? join(script, 'index.js') : script
    return realpathSync(started) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return true
  }
}

if (startedOnThisFile()) await run()
