/** The action's entry point, as action.yml names it (bundled to dist/index.js). */
import { run } from './main.js'

await run()
