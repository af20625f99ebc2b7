/**
 * The import rules of the module map (scripts/architecture.mjs), checked over the real import
 * graph by dependency-cruiser: no cycle between files, no part importing one above it, no step
 * importing another. `node scripts/check-imports.mjs` fails with the violations;
 * `--map` prints the module map as docs/development.md shows it (a unit test compares the two).
 */
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PARTS } from './architecture.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
// The package exports no path to its command; it is installed with the dev dependencies.
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')

/** The graph as dependency-cruiser reads it (type-only imports included: they tie files too). */
function cruise(outputType) {
  return execFileSync(
    process.execPath,
    [CLI, 'src', '--config', '.dependency-cruiser.mjs', '--output-type', outputType],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] }
  )
}

/** The module map as docs/development.md shows it: the top floor first, each part's rooms under it. */
export function moduleMapTable() {
  const rows = [...PARTS]
    .reverse()
    .flatMap(part => [part, ...(part.rooms ?? [])].map(place => [part.layer, place]))
    .map(([layer, place]) => `| ${layer} | \`${place.path}\` | ${place.owns} |`)
  return ['| layer | part | owns |', '| --- | --- | --- |', ...rows].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--map')) {
    console.log(moduleMapTable())
  } else {
    try {
      process.stdout.write(cruise('err'))
    } catch (error) {
      process.stdout.write(String(error.stdout ?? ''))
      process.stderr.write(String(error.stderr ?? ''))
      console.error(
        'Imports break the module map (docs/development.md): move what two parts share below both, or the importing code up.'
      )
      process.exit(1)
    }
  }
}
