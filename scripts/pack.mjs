/**
 * The npm package users get: the bundle the command shares with the action (package.json
 * `files`: dist/, whose cli.js is the command), README and LICENSE, under a package.json written
 * for them. The repository's own package.json is a developer's: `dependencies` (the toolkit, kept there for Dependabot and
 * readers, though the bundle carries everything), `devDependencies`, `overrides` and scripts,
 * among them `prepare`, which sets up git hooks in a checkout. None of that belongs in the
 * package: installed, it would fetch what the bundle already holds, and hooks are no user's.
 * So the package is packed from a staging folder holding only what ships (as bundled command
 * lines do with a clean manifest), rather than by editing the checkout's package.json.
 *
 * What ships is the files git tracks under those paths, as the checkout holds them (the release
 * job packs a fresh checkout of the tag, with package.json's repository set for provenance): a
 * file lying in dist/ untracked or ignored, a build's leftover or a chunk not yet added, is left
 * out, and named on stderr.
 *
 *   node scripts/pack.mjs [--out DIR]    writes DIR/<name>-<version>.tgz (default: the checkout)
 *   node scripts/pack.mjs --refuse-checkout
 *       the checkout's `prepack`: a plain `npm pack` or `npm publish` of the checkout would ship
 *       the developer's package.json, so it stops there and says what to run instead (the staged
 *       package.json has no scripts, so this never runs for the real package)
 *
 * Prints the tarball's path. Packed with --ignore-scripts: the staged manifest has none anyway.
 */
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The fields of package.json that describe the package to its users; nothing else ships. */
const SHIPPED_FIELDS = [
  'name',
  'version',
  'description',
  'keywords',
  'homepage',
  'bugs',
  'repository',
  'license',
  'author',
  'bin',
  'files',
  'type',
  'engines'
]

/** The package.json a user installs: the checkout's, with only the fields in SHIPPED_FIELDS. */
export function packageManifest(manifest) {
  return Object.fromEntries(
    SHIPPED_FIELDS.filter(field => manifest[field] !== undefined).map(field => [
      field,
      manifest[field]
    ])
  )
}

/** The files under `paths` in the checkout: those git tracks (`tracked`), and the others. */
function filesUnder(paths) {
  const list = (...args) => {
    try {
      return execFileSync('git', ['ls-files', '-z', ...args, '--', ...paths], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe']
      })
        .split('\0')
        .filter(Boolean)
    } catch (error) {
      throw new Error(
        `The package holds the files git tracks, and git cannot list them here: ${String(error.stderr ?? error).trim()}`,
        { cause: error }
      )
    }
  }
  // --others without --exclude-standard: ignored files too.
  return { tracked: list(), untracked: list('--others') }
}

/** Stages what ships and packs it into `out`; returns the tarball's path. */
export function pack(out) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const shipped = [...manifest.files, 'README.md', 'LICENSE']
  const { tracked, untracked } = filesUnder(shipped)
  for (const entry of shipped) {
    const folder = entry.endsWith('/') ? entry : `${entry}/`
    if (!tracked.some(path => path === entry || path.startsWith(folder))) {
      throw new Error(`${entry} holds no file git tracks: it would ship empty.`)
    }
  }
  if (untracked.length > 0) {
    process.stderr.write(`Not packed, as git does not track them: ${untracked.join(', ')}\n`)
  }
  const stage = mkdtempSync(join(tmpdir(), 'render-cache-purge-pack-'))
  try {
    for (const path of tracked) {
      if (!existsSync(join(ROOT, path))) {
        throw new Error(`${path} is tracked but missing from the checkout: restore it first.`)
      }
      mkdirSync(dirname(join(stage, path)), { recursive: true })
      cpSync(join(ROOT, path), join(stage, path))
    }
    writeFileSync(
      join(stage, 'package.json'),
      `${JSON.stringify(packageManifest(manifest), null, 2)}\n`
    )
    mkdirSync(out, { recursive: true })
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
        cwd: stage,
        encoding: 'utf8'
      })
    )
    return join(out, packed.filename)
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--refuse-checkout')) {
    process.stderr.write(
      "This checkout's package.json is a developer's (dependencies the bundle already carries, and scripts such as prepare): packing it would ship them. Run `npm run pack` for the package users get, and publish that tarball.\n"
    )
    process.exit(1)
  }
  const at = process.argv.indexOf('--out')
  const out = resolve(at === -1 ? ROOT : (process.argv[at + 1] ?? ROOT))
  process.stdout.write(`${pack(out)}\n`)
}
