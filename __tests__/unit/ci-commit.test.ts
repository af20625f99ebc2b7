/**
 * Which commit a CI builds, one answer (changed-files/git-range.ts ciCommit): the command line's
 * run context (cli/cli-io.ts) and the head of its git range read the same variables, in the
 * same order, the same way.
 */
import { describe, expect, it } from '@jest/globals'
import { CliIo } from '../../src/cli/cli-io.js'
import { ciCommit, decideGitRange } from '../../src/changed-files/git-range.js'
import { Diagnostics } from '../../src/core/diagnostics.js'

const GITLAB = 'a'.repeat(40)
const JENKINS = 'b'.repeat(40)
const ZEROS = '0'.repeat(40)

function contextSha(env: Record<string, string | undefined>): string {
  const io = new CliIo({ log: { write: () => undefined, colour: false }, cwd: 'here', env })
  return io.context().sha
}

function rangeHead(env: Record<string, string | undefined>): string {
  const decided = decideGitRange(
    {},
    { ...env, GIT_PREVIOUS_SUCCESSFUL_COMMIT: 'c'.repeat(40) },
    new Diagnostics()
  )
  return decided?.range.head.ref ?? ''
}

describe('the commit a CI builds', () => {
  it('is GitLab’s, then Jenkins’, then Bitbucket’s, then CircleCI’s', () => {
    expect(ciCommit({ CI_COMMIT_SHA: GITLAB, GIT_COMMIT: JENKINS })).toEqual({
      ref: GITLAB,
      from: 'CI_COMMIT_SHA'
    })
    expect(ciCommit({ GIT_COMMIT: JENKINS, CIRCLE_SHA1: GITLAB })?.from).toBe('GIT_COMMIT')
    expect(ciCommit({ BITBUCKET_COMMIT: JENKINS, CIRCLE_SHA1: GITLAB })?.from).toBe(
      'BITBUCKET_COMMIT'
    )
    expect(ciCommit({ CIRCLE_SHA1: ` ${GITLAB} ` })?.ref).toBe(GITLAB)
    expect(ciCommit({ GITHUB_SHA: GITLAB })).toBeUndefined()
  })

  it('is the same for the run context as for the git range: no zeros, a SHA in lower case', () => {
    for (const env of [
      { CI_COMMIT_SHA: ZEROS, GIT_COMMIT: JENKINS },
      { GIT_COMMIT: JENKINS.toUpperCase() },
      { CI_COMMIT_SHA: GITLAB, GIT_COMMIT: JENKINS }
    ]) {
      expect(contextSha(env)).toBe(rangeHead(env))
    }
    expect(contextSha({ CI_COMMIT_SHA: ZEROS, GIT_COMMIT: JENKINS })).toBe(JENKINS)
    expect(contextSha({ GIT_COMMIT: JENKINS.toUpperCase() })).toBe(JENKINS)
    expect(contextSha({})).toBe('')
  })
})
