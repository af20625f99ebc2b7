/**
 * The commit check's bundle rebuild (scripts/check-commits.mjs): every commit of the submission
 * that changes what the bundle reads is built, with dist/ or without, and must give exactly its
 * own dist/; the closing line counts what the run did.
 *
 * Real git and the real script, in a temporary repository whose `npm run bundle` is a small
 * build: dist/out.txt holds src/*.txt and the version of the one dependency installed. `npm` is
 * a stub (run -s bundle runs that build; ci writes the dependency from package-lock.json, in
 * place, as a careless installer would, so a node_modules shared by hard links would show it).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'scripts',
  'check-commits.mjs'
)

/** The build: it refuses a tree that still holds the last build's output, as a clone would not. */
const BUILD = `import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
if (existsSync('.built')) {
  console.error('.built is left from another build')
  process.exit(1)
}
writeFileSync('.built', '')
const sources = readdirSync('src').filter(name => name.endsWith('.txt')).sort()
const text = sources.map(name => readFileSync('src/' + name, 'utf8'))
text.push('dep ' + readFileSync('node_modules/dep/version', 'utf8'))
mkdirSync('dist', { recursive: true })
writeFileSync('dist/out.txt', text.join('\\n'))
`

let stubs: string
beforeAll(() => {
  stubs = mkdtempSync(join(tmpdir(), 'check-commits-stubs-'))
  writeFileSync(
    join(stubs, 'npm'),
    `#!/usr/bin/env bash
echo "npm $*" >> "$STUB_LOG"
case "$*" in
  "run -s bundle") exec node build.mjs ;;
  ci\\ *)
    mkdir -p node_modules/dep
    printf '%s' "$(node -p 'require("./package-lock.json").dep')" > node_modules/dep/version ;;
  *) echo "npm $* is not part of this test" >&2; exit 98 ;;
esac
`
  )
  chmodSync(join(stubs, 'npm'), 0o755)
})
afterAll(() => rmSync(stubs, { recursive: true, force: true }))

const repos: string[] = []
afterAll(() => {
  for (const repo of repos) rmSync(repo, { recursive: true, force: true })
})

/** What the build writes for these sources (src/NAME.txt: text) and dependency version. */
function built(sources: Record<string, string>, dep: string): string {
  const names = Object.keys(sources).sort()
  return [...names.map(name => sources[name]), `dep ${dep}`].join('\n')
}

/** A repository whose first commit holds the build, src/a.txt and dist/ built with dep `dep`. */
function repository(dep: string) {
  const dir = mkdtempSync(join(tmpdir(), 'check-commits-'))
  repos.push(dir)
  const log = join(stubs, `npm-${repos.length}.log`)
  writeFileSync(log, '')
  const env = {
    ...process.env,
    PATH: `${stubs}:${process.env['PATH'] ?? ''}`,
    STUB_LOG: log,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com'
  }
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', env }).trim()
  /** Writes the files (null deletes one) and commits them with a subject and a body. */
  const commit = (subject: string, files: Record<string, string | null>): string => {
    for (const [path, text] of Object.entries(files)) {
      if (text === null) {
        rmSync(join(dir, path))
        continue
      }
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    git('add', '-A')
    git('commit', '--quiet', '--no-verify', '-m', subject, '-m', `Why: ${subject}.`)
    return git('rev-parse', 'HEAD')
  }
  /** Installs the dependency in the checkout, as `npm ci` from HEAD's package-lock.json. */
  const install = (version: string): void => {
    mkdirSync(join(dir, 'node_modules', 'dep'), { recursive: true })
    writeFileSync(join(dir, 'node_modules', 'dep', 'version'), version)
  }
  /** Runs the check in the repository. */
  const check = (...args: string[]) => {
    const run = spawnSync('node', [SCRIPT, ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...env, CHECK_COMMITS_BASE: '' },
      timeout: 60_000
    })
    return { ...run, npm: readFileSync(log, 'utf8').split('\n').filter(Boolean) }
  }

  git('init', '--quiet', '--initial-branch=main')
  const base = commit('Start', {
    '.gitignore': 'node_modules/\n.tmp/\n.built\n',
    'package.json':
      '{ "name": "fake", "private": true, "scripts": { "bundle": "node build.mjs" } }\n',
    'package-lock.json': `{ "name": "fake", "lockfileVersion": 3, "dep": "${dep}" }\n`,
    'build.mjs': BUILD,
    'src/a.txt': 'a1',
    'dist/out.txt': built({ a: 'a1' }, dep)
  })
  install(dep)
  return { dir, git, commit, install, check, base }
}

describe('the bundle rebuild of the submission', () => {
  it('rebuilds a commit that changes the sources with dist/, and fails on a stale dist/', () => {
    const repo = repository('1')
    repo.commit('Sources and their bundle', {
      'src/a.txt': 'a2',
      'dist/out.txt': built({ a: 'a2' }, '1')
    })
    // dist/ changes with the sources, but not into what they build.
    const stale = repo.commit('Sources and a stale bundle', {
      'src/b.txt': 'b',
      'dist/out.txt': built({ a: 'a2', b: 'an older b' }, '1')
    })
    const run = repo.check('--since', repo.base)
    expect(run.stderr).toContain(stale.slice(0, 10))
    expect(run.stderr).toContain('npm run bundle` on its tree does not give its dist/')
    expect(run.stderr).toContain('dist/out.txt')
    expect(run.stdout).toMatch(/^ {2}[0-9a-f]{10} .* rebuilt in \d+\.\d s: dist\/ differs$/m)
    expect(run.status).toBe(1)
  })

  it('rebuilds each commit that changes what the bundle reads, and counts them', () => {
    const repo = repository('1')
    const withDist = repo.commit('Sources and their bundle', {
      'src/a.txt': 'a2',
      'dist/out.txt': built({ a: 'a2' }, '1')
    })
    // A source the build does not read into dist/: dist/ stays as it was, rightly.
    const withoutDist = repo.commit('A source without its bundle', { 'src/notes.md': 'n' })
    repo.commit('Words only', { 'README.md': 'r' })
    const run = repo.check('--since', repo.base)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const rebuilt = run.stdout.split('\n').filter(line => / rebuilt in /.test(line))
    expect(rebuilt).toEqual([
      expect.stringMatching(
        new RegExp(`^  ${withDist.slice(0, 10)} .* rebuilt in \\d+\\.\\d s: dist/ matches$`)
      ),
      expect.stringMatching(
        new RegExp(`^  ${withoutDist.slice(0, 10)} .* rebuilt in \\d+\\.\\d s: dist/ matches$`)
      )
    ])
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      '4 commit(s) checked: short subjects, bodies, dist/ with its sources; 2 bundle(s) rebuilt, all matching.'
    )
    // The one worktree it built in is gone, and nothing was installed.
    expect(repo.git('worktree', 'list').split('\n')).toHaveLength(1)
    expect(readdirSync(join(repo.dir, '.tmp'))).toEqual([])
    expect(run.npm.filter(line => line.startsWith('npm ci'))).toEqual([])
  })

  it('builds nothing, and says so, when no commit of the submission changes what it reads', () => {
    const repo = repository('1')
    repo.commit('Words only', { 'README.md': 'r' })
    const run = repo.check('--since', repo.base)
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('none changes what the bundle reads, so no bundle is built.')
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      '2 commit(s) checked: short subjects, bodies, dist/ with its sources; 0 bundle(s) rebuilt.'
    )
    expect(run.npm).toEqual([])
  })

  it("builds a commit with its own package-lock.json's dependencies, leaving the checkout's", () => {
    const lock = (dep: string): string =>
      `{ "name": "fake", "lockfileVersion": 3, "dep": "${dep}" }\n`
    const repo = repository('1')
    repo.commit('Sources and their bundle', {
      'src/a.txt': 'a2',
      'dist/out.txt': built({ a: 'a2' }, '1')
    })
    repo.commit('The dependency at 2', {
      'package-lock.json': lock('2'),
      'dist/out.txt': built({ a: 'a2' }, '2')
    })
    repo.commit('The dependency back at 1, and more sources', {
      'package-lock.json': lock('1'),
      'src/c.txt': 'c',
      'dist/out.txt': built({ a: 'a2', c: 'c' }, '1')
    })
    const run = repo.check('--since', repo.base)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/\(2 of 3\) its package-lock.json is not the checkout's: npm ci/)
    expect(run.stdout).toContain('3 bundle(s) rebuilt, all matching.')
    // One install, for the commit at 2; the others build with the checkout's node_modules,
    // which the install did not write through.
    expect(run.npm.filter(line => line.startsWith('npm ci'))).toHaveLength(1)
    expect(readFileSync(join(repo.dir, 'node_modules', 'dep', 'version'), 'utf8')).toBe('1')
    expect(existsSync(join(repo.dir, '.built'))).toBe(false)
  })
})
