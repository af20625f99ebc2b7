/**
 * Which sources dist/ was built from: the last part of `npm run bundle` writes a digest of
 * every file the bundle reads (scripts/commit-rules.mjs, BUNDLE_INPUTS) to dist/sources.sha256,
 * and the end-to-end tests refuse to run when the sources no longer give that digest. They run
 * dist/, not src/: without this, a change to src/ not yet bundled would pass them untested.
 *
 *   node scripts/bundle-sources.mjs write dist
 *
 * A digest, not file times: a fresh clone gives every file the same time.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isBundleInput } from './commit-rules.mjs'

/** The file that records the digest, beside the bundle. */
export const STAMP = 'sources.sha256'

/** The folders and files that can hold bundle inputs; each file is then held to the rule. */
const CANDIDATES = ['src', 'pcre2', 'package.json', 'package-lock.json', 'tsconfig.json']

/** Every file under the folder `path` of `root`, as repository paths with forward slashes. */
function filesUnder(root, path) {
  const full = join(root, path)
  if (!existsSync(full)) return []
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter(entry => entry.isFile())
    .map(entry => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
}

/** The digest of the bundle's inputs in `root`: each path and its bytes, in path order. */
export function sourcesDigest(root) {
  const paths = CANDIDATES.flatMap(candidate =>
    candidate.includes('.') ? [candidate] : filesUnder(root, candidate)
  )
    .filter(path => isBundleInput(path) && existsSync(join(root, path)))
    .sort()
  const hash = createHash('sha256')
  for (const path of paths) {
    hash.update(`${path}\0`)
    hash.update(readFileSync(join(root, path)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/**
 * Why dist/ in `root` cannot be trusted to be its sources' build, in one sentence; undefined
 * when it can.
 */
export function bundleStaleness(root) {
  const stamp = join(root, 'dist', STAMP)
  if (!existsSync(stamp)) {
    return `dist/${STAMP} is missing: run \`npm run bundle\` before the end-to-end tests.`
  }
  return readFileSync(stamp, 'utf8').trim() === sourcesDigest(root)
    ? undefined
    : 'dist/ was built from other sources than the tree holds now: run `npm run bundle` before the end-to-end tests (they run dist/, not src/).'
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, dist = 'dist'] = process.argv.slice(2)
  if (command !== 'write') {
    console.error('usage: node scripts/bundle-sources.mjs write DIST')
    process.exit(2)
  }
  writeFileSync(join(dist, STAMP), `${sourcesDigest(join(dist, '..'))}\n`)
}
