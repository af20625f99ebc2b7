/**
 * How another commit relates to this run's, asked of the checkout's git history
 * (`git merge-base --is-ancestor`, both ways): no request leaves the runner. A repository that
 * lacks either commit (a shallow clone, a commit from elsewhere), no repository, no git: the
 * relation is unknown, with why, and the run stays careful (build/commit-relation.ts).
 */
import { runGit } from '../changed-files/git-command.js'
import { relationFromAncestry, type RelateCommit } from '../build/commit-relation.js'

/** Hex only: what goes to git is a commit id, never an option or a revision expression. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/i

/** `ours`: this run's commit (a full SHA); `cwd`: where git finds the checkout. */
export function relateByHistory(cwd: string, ours: string): RelateCommit {
  return async other => {
    if (!COMMIT_ID.test(other)) return { kind: 'unknown', why: 'not a commit id' }
    const full = await runGit(cwd, ['rev-parse', '--verify', '--quiet', `${other}^{commit}`])
    if (full.missing) return { kind: 'unknown', why: 'git is not installed here' }
    if (full.code !== 0) {
      return {
        kind: 'unknown',
        why: `the checkout's history does not hold it (a shallow clone? actions/checkout with fetch-depth: 0 fetches it all)`
      }
    }
    const otherSha = full.stdout.trim()
    const oursInOther = await isAncestor(cwd, ours, otherSha)
    const otherInOurs = await isAncestor(cwd, otherSha, ours)
    if (oursInOther === undefined || otherInOurs === undefined) {
      return {
        kind: 'unknown',
        why: `the checkout's history does not hold this run's commit (a shallow clone? actions/checkout with fetch-depth: 0 fetches it all)`
      }
    }
    return relationFromAncestry(oursInOther, otherInOurs)
  }
}

/** Whether `ancestor` is in `commit`'s history; undefined when git cannot say (a commit lacking). */
async function isAncestor(
  cwd: string,
  ancestor: string,
  commit: string
): Promise<boolean | undefined> {
  const result = await runGit(cwd, ['merge-base', '--is-ancestor', ancestor, commit])
  if (result.code === 0) return true
  if (result.code === 1) return false
  return undefined
}
