/**
 * How another commit relates to this run's, asked of the checkout's git history (their merge
 * base: this run's commit when the other holds it, the other when this run's holds it): no
 * request leaves the runner. A repository that lacks either commit (a shallow clone, a commit
 * from elsewhere), no repository, no git: the relation is unknown, with why, and the run stays
 * careful (build/commit-relation.ts).
 */
import { DEEPEN_ADVICE, isShallowClone, resolveCommit, runGit } from '../git/git-command.js'
import { relationFromAncestry, type RelateCommit } from '../build/commit-relation.js'

/** Hex only: what goes to git is a commit id, never an option or a revision expression. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/i

/** `ours`: this run's commit (a full SHA); `cwd`: where git finds the checkout. */
export function relateByHistory(cwd: string, ours: string): RelateCommit {
  return async other => {
    if (!COMMIT_ID.test(other)) return { kind: 'unknown', why: 'not a commit id' }
    const [otherSha, oursSha] = await Promise.all([
      resolveCommit(cwd, other),
      resolveCommit(cwd, ours)
    ])
    if (otherSha === undefined || oursSha === undefined) {
      const lacking = otherSha === undefined ? 'it' : "this run's commit"
      return { kind: 'unknown', why: await whyLacking(cwd, lacking) }
    }
    // Exit 1 without output: no common history at all (another line).
    const base = await runGit(cwd, ['merge-base', oursSha, otherSha])
    if (base.code !== 0 && base.code !== 1) {
      return { kind: 'unknown', why: `git merge-base failed: ${base.stderr.trim()}` }
    }
    const mergeBase = base.stdout.trim()
    return relationFromAncestry(mergeBase === oursSha, mergeBase === otherSha)
  }
}

/** Why the checkout's history lacks `what`: a shallow clone (and the fix), or no history. */
async function whyLacking(cwd: string, what: string): Promise<string> {
  const shallow = await isShallowClone(cwd)
  if (shallow === undefined) return 'no git repository at the checkout'
  return shallow
    ? `the checkout is a shallow clone, which does not hold ${what}: ${DEEPEN_ADVICE}`
    : `the checkout's history does not hold ${what} (from another repository, or rewritten?)`
}
