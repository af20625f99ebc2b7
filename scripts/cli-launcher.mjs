/**
 * Part of `npm run bundle`: writes dist/cli.js, the `render-cache-purge` command (package.json
 * `bin`). The command's bundle is dist/cli/ (its own ncc build of src/cli/index.ts, with its
 * chunks and PCRE2 beside it, as dist/ holds the action's); this file only starts it, so that
 * the command has the plain name `dist/cli.js` and its chunks cannot collide with the action's.
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
    '// render-cache-purge: the command line (src/cli/), bundled in ./cli/. Built by npm run bundle.',
    "import './cli/index.js'",
    ''
  ].join('\n')
)
chmodSync(launcher, 0o755)
