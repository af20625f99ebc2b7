/**
 * Part of `npm run bundle`: writes dist/cli.js, the `render-cache-purge` command (package.json
 * `bin`). The command and the action are one bundle (dist/index.js, built from src/index.ts,
 * with its chunks and PCRE2 beside it): this file only starts the command from it. Importing
 * dist/index.js does not run the action, since node was not started on it.
 *
 *   node scripts/cli-launcher.mjs dist
 */
import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = process.argv[2] ?? 'dist'
const launcher = join(dist, 'cli.js')
writeFileSync(
  launcher,
  [
    '#!/usr/bin/env node',
    '// render-cache-purge: the command line (src/cli/), from the bundle it shares with the action. Built by npm run bundle.',
    "import { runCommandLine } from './index.js'",
    'await runCommandLine()',
    ''
  ].join('\n')
)
chmodSync(launcher, 0o755)
