/**
 * CI's check that main bisects and reads well (scripts/commit-rules.mjs): every commit since
 * the rule began has a subject of at most 72 characters and a body, and none changes dist/
 * alone; and each commit of the submission (scripts/commit-range.mjs: after --since REV,
 * CHECK_COMMITS_BASE or .ci/landed) that changes what the bundle reads, with dist/ or without,
 * is built: `npm run bundle` on its tree must give exactly its dist/, nothing changed, missing
 * or added. The commits that landed were built when they were submitted. The git hooks in
 * .githooks/ apply the same rules when a commit is made; this catches a commit made without
 * them, and a dist/ edited or staged by hand.
 *
 * A build takes about 10 s (ncc compiles each file alone, then minifies the chunks): one line
 * per commit gives its time as it goes, and the closing line counts the builds this run made.
 *
 *   node scripts/check-commits.mjs [--since REV]
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { commitRange } from './commit-range.mjs'
import { fileProblems, isBundleInput, isDist, messageProblems } from './commit-rules.mjs'

/** The last commit before the rule: commits after it are checked. */
const RULE_SINCE = 'aba20d1'

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim()
const seconds = since => ((performance.now() - since) / 1000).toFixed(1)

const sinceAt = process.argv.indexOf('--since')
const since = sinceAt >= 0 ? (process.argv[sinceAt + 1] ?? '') : undefined
if (since === '' || since?.startsWith('-')) {
  console.error('--since: a commit is needed after it, e.g. --since origin/main.')
  process.exit(2)
}

/** The first commit of a shallow clone shows the whole tree as added: its files say nothing. */
function hasParent(commit) {
  return git('rev-list', '--parents', '-n', '1', commit).split(' ').length > 1
}

/** The blob id of `commit`'s package-lock.json; '' when it has none. */
function lockOf(commit) {
  const found = spawnSync(
    'git',
    ['rev-parse', '--verify', '--quiet', `${commit}:package-lock.json`],
    { encoding: 'utf8' }
  )
  return found.status === 0 ? found.stdout.trim() : ''
}

/**
 * Builds commits one after another in one temporary worktree under .tmp/, made once for the
 * run. Before each build the commit is checked out there and everything git does not track is
 * removed but node_modules (`git clean -x`), so the build starts from the commit's tree as in a
 * clone, with nothing the last build left.
 *
 * node_modules is the checkout's, hard-linked into the worktree once: the bundle's chunk ids
 * come from module paths, so node_modules must be inside the tree as in a clone (a symlink
 * gives other ids). It was installed from the checkout's package-lock.json (`npm ci`, the
 * install step): a commit with another package-lock.json gets its own dependencies, from
 * `npm ci` in the worktree (the linked copy is removed first, so nothing is written through
 * the links), and the checkout's are linked again for the commits that have its lock file.
 *
 * ncc keeps a build cache (about 24 MB) in a folder named after the tree's path, under
 * XDG_CACHE_HOME (else ~/.cache): pointed beside the worktree, it goes when the worktree does,
 * rather than staying behind after the run.
 */
function builder() {
  mkdirSync('.tmp', { recursive: true })
  const root = mkdtempSync(join('.tmp', 'rebuild-'))
  const tree = join(root, 'tree')
  const modules = join(tree, 'node_modules')
  const env = { ...process.env, XDG_CACHE_HOME: resolve(root, 'cache') }
  const inTree = (...args) => execFileSync('git', args, { cwd: tree, encoding: 'utf8' })
  const checkoutLock = existsSync('package-lock.json')
    ? git('hash-object', 'package-lock.json')
    : ''
  /** The package-lock.json the worktree's node_modules comes from; undefined: none there. */
  let modulesFrom
  git('worktree', 'add', '--detach', '--quiet', '--no-checkout', tree)

  /** Puts the dependencies of `commit`'s package-lock.json in the worktree; a line when installed. */
  function dependencies(commit) {
    const lock = lockOf(commit)
    if (lock === modulesFrom) return undefined
    rmSync(modules, { recursive: true, force: true })
    modulesFrom = undefined
    if (lock === checkoutLock) {
      if (existsSync('node_modules')) execFileSync('cp', ['-al', 'node_modules', modules])
      modulesFrom = lock
      return undefined
    }
    const started = performance.now()
    // --ignore-scripts: the bundle needs no install script, and the package's own `prepare`
    // would set git config, which a worktree shares with the checkout.
    const install = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: tree,
      encoding: 'utf8'
    })
    if (install.status !== 0) {
      throw new Error(`npm ci of its package-lock.json fails: ${lastLines(install)}`)
    }
    modulesFrom = lock
    return `its package-lock.json is not the checkout's: npm ci in ${seconds(started)} s`
  }

  return {
    /**
     * Builds `commit`; `differs` lists what the build changed in dist/ (git status lines),
     * empty when it gives the commit's dist/ exactly. `installed` says when it needed npm ci.
     */
    build(commit) {
      inTree('checkout', '--quiet', '--force', '--detach', commit)
      inTree('clean', '-ffdxq', '-e', '/node_modules')
      const installed = dependencies(commit)
      const bundle = spawnSync('npm', ['run', '-s', 'bundle'], {
        cwd: tree,
        env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024
      })
      if (bundle.status !== 0) throw new Error(`\`npm run bundle\` fails: ${lastLines(bundle)}`)
      // Ignored files too: dist/ must be the commit's, not the commit's and more.
      const status = inTree(
        'status',
        '--porcelain',
        '--untracked-files=all',
        '--ignored=matching',
        '--',
        'dist'
      )
      return {
        differs: status
          .split('\n')
          .filter(Boolean)
          .map(line => line.trim()),
        installed
      }
    },
    remove() {
      git('worktree', 'remove', '--force', tree)
      rmSync(root, { recursive: true, force: true })
    }
  }
}

/** The last lines a failed command printed, for the failure's one line. */
function lastLines({ stdout, stderr, error }) {
  const text = `${stdout ?? ''}\n${stderr ?? ''}`.trim() || String(error ?? 'no output')
  return text.split('\n').slice(-5).join(' / ')
}

let range
try {
  range = commitRange({
    cwd: process.cwd(),
    ruleSince: RULE_SINCE,
    since,
    envBase: process.env['CHECK_COMMITS_BASE']
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(2)
}
for (const note of range.notes) console.log(note)
const { all: commits, submitted } = range

const checked = commits.map(commit => {
  const paths = hasParent(commit)
    ? git('diff-tree', '--no-commit-id', '--name-only', '-r', commit).split('\n')
    : []
  return {
    commit,
    subject: git('log', '-1', '--format=%s', commit),
    problems: [...messageProblems(git('log', '-1', '--format=%B', commit)), ...fileProblems(paths)],
    rebuild: submitted.has(commit) && paths.some(isBundleInput),
    withDist: paths.some(isDist)
  }
})
const toBuild = checked.filter(entry => entry.rebuild)
const after = `${submitted.size} commit(s) after ${range.base ? range.base.slice(0, 10) : 'nothing'} (${range.baseFrom})`
console.log(
  toBuild.length === 0
    ? `The submission: ${after}; none changes what the bundle reads, so no bundle is built.`
    : `The submission: ${after}; ${toBuild.length} change what the bundle reads: each is built.`
)

let rebuilt = 0
let differing = 0
if (toBuild.length > 0) {
  const builds = builder()
  try {
    for (const [index, entry] of toBuild.entries()) {
      const started = performance.now()
      const head = `  ${entry.commit.slice(0, 10)} (${index + 1} of ${toBuild.length})`
      let outcome
      try {
        const { differs, installed } = builds.build(entry.commit)
        if (installed !== undefined) console.log(`${head} ${installed}`)
        rebuilt += 1
        if (differs.length === 0) {
          outcome = 'dist/ matches'
        } else {
          differing += 1
          outcome = 'dist/ differs'
          entry.problems.push(
            `\`npm run bundle\` on its tree does not give its dist/ (${differs.join(', ')})${entry.withDist ? '' : ': it changes what the bundle reads without dist/'}`
          )
        }
      } catch (error) {
        outcome = 'the build fails'
        entry.problems.push(error instanceof Error ? error.message : String(error))
      }
      console.log(`${head} rebuilt in ${seconds(started)} s: ${outcome}`)
    }
  } finally {
    builds.remove()
  }
}

const failures = checked
  .filter(entry => entry.problems.length > 0)
  .map(
    ({ commit, subject, problems }) =>
      `${commit.slice(0, 10)} ${subject.slice(0, 60)}: ${problems.join('; ')}`
  )
if (failures.length > 0) {
  console.error(`Commits that break main's habits (docs/development.md, "Commits"):`)
  console.error(failures.join('\n'))
  console.error(
    `${commits.length} commit(s) checked; ${rebuilt} bundle(s) rebuilt, ${differing} not matching.`
  )
  process.exit(1)
}
console.log(
  `${commits.length} commit(s) checked: short subjects, bodies, dist/ with its sources; ${rebuilt} bundle(s) rebuilt${rebuilt > 0 ? ', all matching' : ''}.`
)
