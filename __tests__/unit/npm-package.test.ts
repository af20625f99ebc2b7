/**
 * The npm package users get: the bundle under a package.json with no dependencies (the bundle
 * carries everything) and no prepare/postinstall script (the checkout's prepare sets up git hooks
 * for developers), whose command runs. Packed offline by scripts/pack.mjs from the committed
 * bundle.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The action and the command are one build, each chunk and PCRE2 shipped once. */
const MOST_BYTES = 2.5e6

/** Every file under `dir`, with its size and a digest of its bytes. */
function filesOf(dir: string): { path: string; bytes: number; sha: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map(path => join(dir, path))
    .filter(path => statSync(path).isFile())
    .map(path => {
      const bytes = readFileSync(path)
      return { path, bytes: bytes.length, sha: createHash('sha256').update(bytes).digest('hex') }
    })
}

describe('dist/, the one build of the action and the command', () => {
  it('holds no file twice, one PCRE2, under 2.5 MB', () => {
    const files = filesOf(join(ROOT, 'dist'))
    const twice = files.filter((file, i) => files.findIndex(other => other.sha === file.sha) !== i)
    expect(twice.map(file => file.path)).toEqual([])
    expect(files.filter(file => file.path.endsWith('.wasm'))).toHaveLength(1)
    expect(files.reduce((sum, file) => sum + file.bytes, 0)).toBeLessThan(MOST_BYTES)
  })
})

/**
 * The modules of each lazy chunk (the numbered files in dist/), by webpack's module id, with their text's
 * length. The entry (index.js) is left out: webpack never copies an entry module into a chunk.
 */
function chunkModules(dir: string): { chunk: string; id: string; bytes: number }[] {
  return readdirSync(dir)
    .filter(name => /^\d+\.index\.js$/.test(name))
    .flatMap(chunk => {
      const text = readFileSync(join(dir, chunk), 'utf8')
      const starts = [...text.matchAll(/^\/\*\*\*\/ (\d+):/gm)]
      return starts.map((start, i) => ({
        chunk,
        id: start[1] ?? '',
        bytes: (starts[i + 1]?.index ?? text.length) - start.index
      }))
    })
}

/**
 * Each module ships once where it can. ncc's webpack moves a module two lazy chunks share into
 * a chunk of its own only from 20 kB on (ncc has no setting for it), and copies a smaller one
 * into each. The copies allowed: the backpressure limiter (the sender's and the verification's),
 * headers.ts, permissions.ts, give-up.ts and the opener of the GitHub client
 * (src/github/open-client.ts), which loads the client itself once, about 14 kB. A new lazy
 * boundary that copies more fails here: import the shared module from the entry instead, or
 * load it through the chunk that already holds it.
 */
const MOST_BYTES_COPIED = 16_000

describe('dist/, lazy chunks', () => {
  it('copy few modules into more than one chunk', () => {
    const seen = new Map<string, string>()
    const copies: string[] = []
    let copied = 0
    for (const { chunk, id, bytes } of chunkModules(join(ROOT, 'dist'))) {
      const first = seen.get(id)
      if (first === undefined) {
        seen.set(id, chunk)
        continue
      }
      copies.push(`module ${id} (${bytes} bytes) in ${first} and ${chunk}`)
      copied += bytes
    }
    expect(seen.size).toBeGreaterThan(20)
    // Over the budget, the failure lists every copy.
    expect(copied < MOST_BYTES_COPIED ? [] : copies).toEqual([])
  })
})

/**
 * Libraries a plain run never needs, each by a string its code keeps through minification: they
 * belong in lazy chunks. A static import that reaches one from the entry (a word moved beside a
 * parser, say) puts it in the file every run compiles: htmlparser2 did that once, 62 KB and
 * about 6 ms of each cold start.
 */
const LAZY_LIBRARIES: readonly { library: string; marker: string }[] = [
  { library: 'PCRE2 (pcre2/pcre2.mjs)', marker: 'pcre2.wasm' },
  { library: 'Octokit (@actions/github)', marker: 'octokit-core.js' },
  { library: 'htmlparser2 (the asset references)', marker: 'htmlparser2/dist/Tokenizer.js' },
  { library: 'saxes (the sitemaps)', marker: 'text data outside of root node' }
]

describe('dist/index.js, the file every run compiles', () => {
  const dist = join(ROOT, 'dist')
  const entry = readFileSync(join(dist, 'index.js'), 'utf8')
  const chunks = readdirSync(dist)
    .filter(name => /^\d+\.index\.js$/.test(name))
    .map(name => readFileSync(join(dist, name), 'utf8'))

  it.each(LAZY_LIBRARIES)('leaves $library to a lazy chunk', ({ marker }) => {
    // The marker still names the library: it is in a chunk (else update it).
    expect(chunks.some(chunk => chunk.includes(marker))).toBe(true)
    expect(entry.includes(marker)).toBe(false)
  })
})

describe('the packed package', () => {
  it('has no dependencies and no install scripts, ships the tracked dist/, and its bin runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'purge-pack-'))
    try {
      const tarball = execFileSync('node', [join(ROOT, 'scripts', 'pack.mjs'), '--out', dir], {
        encoding: 'utf8'
      }).trim()
      execFileSync('tar', ['-xzf', tarball], { cwd: dir })
      const manifest = JSON.parse(
        readFileSync(join(dir, 'package', 'package.json'), 'utf8')
      ) as Record<string, unknown> & { bin: Record<string, string>; scripts?: object }
      expect(manifest).not.toHaveProperty('dependencies')
      expect(manifest).not.toHaveProperty('devDependencies')
      expect(manifest.scripts ?? {}).not.toHaveProperty('prepare')
      expect(manifest.scripts ?? {}).not.toHaveProperty('postinstall')
      expect(existsSync(join(dir, 'package', 'node_modules'))).toBe(false)
      const bin = join(dir, 'package', manifest.bin['render-cache-purge'] ?? '')
      const version = execFileSync('node', [bin, '--version'], { cwd: dir, encoding: 'utf8' })
      expect(version.trim()).toBe(manifest['version'])
      const tracked = execFileSync('git', ['ls-files', '-z', 'dist'], {
        cwd: ROOT,
        encoding: 'utf8'
      })
        .split('\0')
        .filter(Boolean)
      expect(
        filesOf(join(dir, 'package', 'dist'))
          .map(file => file.sha)
          .sort()
      ).toEqual(
        filesOf(join(ROOT, 'dist'))
          .filter(file => tracked.includes(relative(ROOT, file.path)))
          .map(file => file.sha)
          .sort()
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('ships only the files git tracks: an untracked or ignored file in dist/ stays out', () => {
    // A checkout of its own: scripts/pack.mjs packs the checkout it lies in.
    const dir = mkdtempSync(join(tmpdir(), 'purge-pack-'))
    try {
      const checkout = join(dir, 'checkout')
      mkdirSync(join(checkout, 'scripts'), { recursive: true })
      mkdirSync(join(checkout, 'dist', 'chunks'), { recursive: true })
      copyFileSync(join(ROOT, 'scripts', 'pack.mjs'), join(checkout, 'scripts', 'pack.mjs'))
      const files: Record<string, string> = {
        'package.json': JSON.stringify({
          name: 'packed',
          version: '1.2.3',
          files: ['dist/'],
          scripts: { prepare: 'true' }
        }),
        'README.md': 'readme',
        LICENSE: 'license',
        '.gitignore': '*.log\n',
        'dist/cli.js': 'console.log(1)\n',
        'dist/chunks/1.js': 'chunk\n'
      }
      for (const [path, text] of Object.entries(files)) writeFileSync(join(checkout, path), text)
      const git = (...args: string[]) => execFileSync('git', args, { cwd: checkout })
      git('init', '--quiet')
      git('add', '.')
      // Lying in dist/ untracked: a build's leftover, a file not yet added, a log.
      writeFileSync(join(checkout, 'dist', 'stray.js'), 'stray\n')
      writeFileSync(join(checkout, 'dist', 'chunks', '2.js'), 'not added\n')
      writeFileSync(join(checkout, 'dist', 'build.log'), 'ignored\n')
      const out = join(dir, 'out')
      const run = spawnSync('node', [join(checkout, 'scripts', 'pack.mjs'), '--out', out], {
        encoding: 'utf8'
      })
      expect(run.status).toBe(0)
      const listed = execFileSync('tar', ['-tzf', run.stdout.trim()], { encoding: 'utf8' })
      expect(listed.split('\n').filter(Boolean).sort()).toEqual([
        'package/LICENSE',
        'package/README.md',
        'package/dist/chunks/1.js',
        'package/dist/cli.js',
        'package/package.json'
      ])
      // Said, not silent: what was left out.
      expect(run.stderr).toContain('dist/stray.js')
      expect(run.stderr).toContain('dist/chunks/2.js')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('a plain npm pack of the checkout stops and says what to run, shipping nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'purge-pack-'))
    try {
      let said = ''
      try {
        execFileSync('npm', ['pack', '--pack-destination', dir], {
          cwd: ROOT,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe']
        })
      } catch (error) {
        said = String((error as { stderr?: string }).stderr)
      }
      expect(said).toContain('Run `npm run pack` for the package users get')
      expect(readdirSync(dir)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
