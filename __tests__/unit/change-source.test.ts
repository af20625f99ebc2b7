import { describe, expect, it } from '@jest/globals'
import type { ChangeSource, GitHubContextLike } from '../../src/changed-files/change-source.js'
import { decideChangeSource } from '../../src/changed-files/event-rules.js'
import { Diagnostics } from '../../src/core/diagnostics.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const C = 'c'.repeat(40)
const ZERO = '0'.repeat(40)

function context(eventName: string, payload: Record<string, unknown> = {}): GitHubContextLike {
  return { eventName, payload, sha: C, repository: { owner: 'octo-org', repo: 'octo-site' } }
}

function decide(
  ctx: GitHubContextLike,
  overrides: { baseSha?: string; headSha?: string } = {}
): { source: ChangeSource; diag: Diagnostics } {
  const diag = new Diagnostics()
  return { source: decideChangeSource(ctx, overrides, diag), diag }
}

describe('decideChangeSource: push', () => {
  it('compares before...after for a normal push', () => {
    const { source, diag } = decide(
      context('push', { ref: 'refs/heads/main', before: A, after: B, forced: false })
    )
    expect(source.queries).toEqual([{ kind: 'compare', base: A, head: B }])
    expect(source.description).toBe('push aaaaaaa...bbbbbbb')
    expect(source.nothingReason).toBeUndefined()
    expect(diag.ok).toBe(true)
    expect(diag.warnings).toEqual([])
  })

  it('also compares after...before for a forced push', () => {
    const { source } = decide(
      context('push', { ref: 'refs/heads/main', before: A, after: B, forced: true })
    )
    expect(source.queries).toEqual([
      { kind: 'compare', base: A, head: B },
      { kind: 'compare', base: B, head: A, discarded: true }
    ])
    expect(source.description).toBe('push aaaaaaa...bbbbbbb (forced: also bbbbbbb...aaaaaaa)')
  })

  it('takes the files of the commit after for a new branch', () => {
    const { source, diag } = decide(
      context('push', { ref: 'refs/heads/topic', before: ZERO, after: B, created: true })
    )
    expect(source.queries).toEqual([{ kind: 'commit', sha: B }])
    expect(source.description).toBe('push creating refs/heads/topic: commit bbbbbbb')
    expect(diag.warnings).toEqual([])
  })

  it('treats an all-zero before as a new branch even without created', () => {
    const { source } = decide(context('push', { before: ZERO, after: B }))
    expect(source.queries).toEqual([{ kind: 'commit', sha: B }])
  })

  it('purges nothing for a deleted branch (deleted: true) and says why', () => {
    // `after` is all zeros in real deletions; a non-zero one here proves `deleted` is read.
    const { source, diag } = decide(
      context('push', { ref: 'refs/heads/old', before: A, after: B, deleted: true })
    )
    expect(source.queries).toEqual([])
    expect(source.nothingReason).toBe(
      'the push deleted refs/heads/old: no files changed, nothing to purge'
    )
    expect(diag.ok).toBe(true)
  })

  it('treats an all-zero after as a deletion even without deleted: true', () => {
    const { source } = decide(context('push', { ref: 'refs/heads/old', before: A, after: ZERO }))
    expect(source.queries).toEqual([])
    expect(source.nothingReason).toMatch(/deleted refs\/heads\/old/)
  })

  it('lists nothing, with a warning, when the payload has no after (never GITHUB_SHA)', () => {
    const { source, diag } = decide(context('push', {}))
    expect(source.queries).toEqual([])
    expect(source.nothingReason).toMatch(/no "after" commit/)
    expect(diag.warnings).toHaveLength(1)
  })
})

describe('decideChangeSource: pull requests and merge queues', () => {
  it('lists the files of the pull request for pull_request', () => {
    const { source } = decide(context('pull_request', { number: 42, pull_request: { number: 42 } }))
    expect(source.queries).toEqual([{ kind: 'pull-request', number: 42 }])
    expect(source.description).toBe('pull_request #42')
  })

  it('lists the files of the pull request for pull_request_target', () => {
    const { source } = decide(context('pull_request_target', { pull_request: { number: 7 } }))
    expect(source.queries).toEqual([{ kind: 'pull-request', number: 7 }])
    expect(source.description).toBe('pull_request_target #7')
  })

  it('lists nothing, with a warning, when the pull request has no number', () => {
    const { source, diag } = decide(context('pull_request', { pull_request: {} }))
    expect(source.queries).toEqual([])
    expect(diag.warnings[0]).toMatch(/no pull request number/)
  })

  it('compares merge_group base_sha...head_sha', () => {
    const { source } = decide(
      context('merge_group', { merge_group: { base_sha: A, head_sha: B, head_ref: 'x' } })
    )
    expect(source.queries).toEqual([{ kind: 'compare', base: A, head: B }])
    expect(source.description).toBe('merge_group aaaaaaa...bbbbbbb')
  })
})

describe('decideChangeSource: other events and overrides', () => {
  it('lists nothing for workflow_dispatch without overrides, and says what to set', () => {
    const { source, diag } = decide(context('workflow_dispatch', { inputs: {} }))
    expect(source.queries).toEqual([])
    expect(diag.ok).toBe(true)
    expect(diag.warnings[0]).toMatch(/set since .*or base_sha/)
  })

  it('compares base_sha...head_sha for workflow_dispatch with both overrides', () => {
    const { source } = decide(context('workflow_dispatch'), { baseSha: A, headSha: B })
    expect(source.queries).toEqual([{ kind: 'compare', base: A, head: B }])
    expect(source.description).toBe(
      'workflow_dispatch aaaaaaa...bbbbbbb (base_sha...head_sha inputs)'
    )
  })

  it('compares base_sha...GITHUB_SHA when only base_sha is given', () => {
    const { source } = decide(context('workflow_dispatch'), { baseSha: 'ABCDEF1' })
    expect(source.queries).toEqual([{ kind: 'compare', base: 'abcdef1', head: C }])
  })

  it('takes the files of the commit head_sha when only head_sha is given', () => {
    const { source } = decide(context('workflow_dispatch'), { headSha: ` ${B} ` })
    expect(source.queries).toEqual([{ kind: 'commit', sha: B }])
  })

  it('lets overrides win over a push event', () => {
    const { source } = decide(context('push', { before: A, after: B, forced: true }), {
      baseSha: B,
      headSha: C
    })
    expect(source.queries).toEqual([{ kind: 'compare', base: B, head: C }])
  })

  it('lets overrides win over a pull_request event', () => {
    const { source } = decide(context('pull_request', { number: 3 }), { baseSha: A })
    expect(source.queries).toEqual([{ kind: 'compare', base: A, head: C }])
  })

  it('lists nothing for schedule', () => {
    const { source, diag } = decide(context('schedule', { schedule: '0 0 * * *' }))
    expect(source.queries).toEqual([])
    expect(diag.warnings[0]).toMatch(/schedule event carries no change/)
  })

  it('treats empty overrides as not given', () => {
    const { source, diag } = decide(context('schedule'), { baseSha: '', headSha: '  ' })
    expect(source.queries).toEqual([])
    expect(diag.ok).toBe(true)
  })

  it('reports a problem for a base_sha that is not 7-40 hex digits', () => {
    const { source, diag } = decide(context('push', { before: A, after: B }), {
      baseSha: 'main',
      headSha: B
    })
    expect(diag.ok).toBe(false)
    expect(diag.problems).toEqual([expect.objectContaining({ input: 'base_sha', value: 'main' })])
    expect(source.queries).toEqual([])
    expect(source.nothingReason).toBeDefined()
  })

  it('reports problems for a too short head_sha and an all-zero base_sha', () => {
    const { diag } = decide(context('schedule'), { baseSha: ZERO, headSha: 'abc12' })
    expect(diag.problems.map(p => p.input)).toEqual(['base_sha', 'head_sha'])
  })

  it('refuses a SHA longer than 40 digits', () => {
    const { diag } = decide(context('schedule'), { headSha: `${A}a` })
    expect(diag.problems.map(p => p.input)).toEqual(['head_sha'])
  })

  it('reports a problem when base_sha is given and GITHUB_SHA is not a commit', () => {
    const { source, diag } = decide({ ...context('schedule'), sha: '' }, { baseSha: A })
    expect(source.queries).toEqual([])
    expect(diag.problems.map(p => p.input)).toEqual(['head_sha'])
  })
})
