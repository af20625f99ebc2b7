/**
 * CI's check that main bisects and reads well (scripts/commit-rules.mjs): every commit since
 * the rule began has a subject of at most 72 characters and a body, and none changes dist/
 * alone; and each commit of the submission (scripts/commit-range.mjs: after --since REV,
 * CHECK_COMMITS_BASE or .ci/landed) that changes the bundle's sources without dist/ left the
 * bundle as it was (it is built in a temporary worktree to see, about 35 s a commit: the
 * commits that landed were built when they were submitted). The git hooks in .githooks/ apply
 * the same rules when a commit is made; this catches a commit made without them.
 *
 *   node scripts/check-commits.mjs [--since REV]
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { commitRange } from './commit-range.mjs'
import { fileProblems, isBundleInput, isDist, messageProblems } from './commit-rules.mjs'

/** The last commit before the rule: commits after it are checked. */
const RULE_SINCE = 'aba20d1'

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim()

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

/**
 * Whether `npm run bundle` on this commit's tree gives this commit's dist/. The worktree lies
 * under .tmp/ with node_modules hard-linked into it: the bundle's chunk ids come from module
 * paths, so node_modules must be inside the tree as in a clone (a symlink gives other ids).
 */
function bundleUnchanged(commit) {
  mkdirSync('.tmp', { recursive: true })
  const dir = mkdtempSync(join('.tmp', 'bisect-'))
  try {
    git('worktree', 'add', '--detach', '--quiet', dir, commit)
    if (existsSync('node_modules')) {
      execFileSync('cp', ['-al', 'node_modules', join(dir, 'node_modules')])
    }
    execFileSync('npm', ['run', '-s', 'bundle'], { cwd: dir, stdio: 'ignore' })
    const status = execFileSync('git', ['status', '--porcelain', '--', 'dist'], {
      cwd: dir,
      encoding: 'utf8'
    })
    return status.trim() === ''
  } finally {
    git('worktree', 'remove', '--force', dir)
    rmSync(dir, { recursive: true, force: true })
  }
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
console.log(
  `The submission: ${submitted.size} commit(s) after ${range.base ? range.base.slice(0, 10) : 'nothing'} (${range.baseFrom}); its bundles are rebuilt.`
)

const failures = []
for (const commit of commits) {
  const subject = git('log', '-1', '--format=%s', commit)
  const paths = hasParent(commit)
    ? git('diff-tree', '--no-commit-id', '--name-only', '-r', commit).split('\n')
    : []
  const problems = [
    ...messageProblems(git('log', '-1', '--format=%B', commit)),
    ...fileProblems(paths)
  ]
  const rebuild = submitted.has(commit) && paths.some(isBundleInput) && !paths.some(isDist)
  if (problems.length === 0 && rebuild) {
    if (!bundleUnchanged(commit)) {
      problems.push('it changes the sources of dist/ without dist/: the bundle it leaves is stale')
    }
  }
  if (problems.length > 0) {
    failures.push(`${commit.slice(0, 10)} ${subject.slice(0, 60)}: ${problems.join('; ')}`)
  }
}
if (failures.length > 0) {
  console.error(`Commits that break main's habits (docs/development.md, "Commits"):`)
  console.error(failures.join('\n'))
  process.exit(1)
}
console.log(
  `${commits.length} commit(s) checked: short subjects, bodies, dist/ with its sources (rebuilt for the submission's ${submitted.size}).`
)
