/**
 * How a commit of this repository must look, so that main bisects and reads well: a subject of
 * at most 72 characters, a body that says why, and dist/ in the same commit as the source it is
 * built from (never a separate "Rebuild dist" commit, which leaves the commit before it with a
 * stale bundle). Shared by the git hooks in .githooks/ and by scripts/check-commits.mjs in CI.
 */

export const MAX_SUBJECT = 72

/** Files `npm run bundle` reads: a change to one changes what dist/ must hold. */
export const BUNDLE_INPUTS = [
  /^src\//,
  /^pcre2\/(pcre2\.mjs|pcre2\.wasm|ship\.mjs)$/,
  /^package(-lock)?\.json$/,
  /^tsconfig\.json$/
]

export const isBundleInput = path => BUNDLE_INPUTS.some(pattern => pattern.test(path))
export const isDist = path => path.startsWith('dist/')

/** What is wrong with a commit message: its subject and its body. */
export function messageProblems(message) {
  const lines = message
    .replace(/\r/g, '')
    .split('\n')
    .filter(line => !line.startsWith('#'))
  const subject = lines[0] ?? ''
  const body = lines.slice(1).join('\n').trim()
  const problems = []
  if (subject.trim() === '') problems.push('the subject is empty')
  if (subject.length > MAX_SUBJECT) {
    problems.push(
      `the subject has ${subject.length} characters (at most ${MAX_SUBJECT}): say what changed, and put the why in the body`
    )
  }
  if (/^rebuild dist\b/i.test(subject)) {
    problems.push(
      'dist/ goes in the same commit as the source it is built from, not in a commit of its own'
    )
  }
  if (body === '') problems.push('there is no body: say why, after a blank line')
  else if ((lines[1] ?? '') !== '')
    problems.push('a blank line must separate the subject from the body')
  return problems
}

/** What is wrong with the files a commit changes, before building anything. */
export function fileProblems(paths) {
  const inputs = paths.filter(isBundleInput)
  const dist = paths.filter(isDist)
  if (dist.length > 0 && inputs.length === 0) {
    return [
      'it changes dist/ and none of its sources: dist/ belongs in the commit that changed them'
    ]
  }
  return []
}
