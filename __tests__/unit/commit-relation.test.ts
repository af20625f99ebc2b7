/**
 * A newer deploy wins at the origin: how another commit relates to this run's, from a real git
 * history (newer, older, another line, unknown, each asked once), and the origin wait that ends
 * at once on a newer build (its changes hold this run's) but keeps waiting on an older one,
 * whose words never say "the previous build".
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildId } from '../../src/build/build-id.js'
import {
  CommitRelations,
  otherBuildWords,
  type CommitRelation
} from '../../src/build/commit-relation.js'
import { relateByHistory } from '../../src/origin/commit-history.js'
import type { OriginLookInput } from '../../src/origin/readiness.js'
import { waitForBuild } from '../../src/origin/wait.js'
import { testRepo } from '../support/git-repo.js'
import { VirtualClock } from '../support/virtual-clock.js'

/** A repository: A, then B on main; C on a branch from A. */
function history(): {
  dir: string
  a: string
  b: string
  c: string
  git: (...args: string[]) => string
  close: () => void
} {
  const repo = testRepo('relation-')
  const a = repo.commit('a')
  const b = repo.commit('b')
  repo.git('checkout', '-q', '-b', 'side', a)
  const c = repo.commit('c')
  return { dir: repo.dir, a, b, c, git: repo.git, close: repo.close }
}

describe('how another commit relates to this run’s, by the checkout’s history', () => {
  it('newer, older, another line, the same, and unknown, with why', async () => {
    const repo = history()
    try {
      const fromA = relateByHistory(repo.dir, repo.a)
      expect(await fromA(repo.b)).toEqual({ kind: 'newer' })
      expect(await fromA(repo.b.slice(0, 7))).toEqual({ kind: 'newer' })
      expect(await fromA(repo.a)).toEqual({ kind: 'same' })
      expect(await relateByHistory(repo.dir, repo.b)(repo.a)).toEqual({ kind: 'older' })
      expect(await relateByHistory(repo.dir, repo.b)(repo.c)).toEqual({ kind: 'diverged' })
      expect(await fromA('0123456789abcdef0123456789abcdef01234567')).toMatchObject({
        kind: 'unknown',
        why: expect.stringMatching(/history does not hold it \(from another repository/)
      })
      // Never an option or an expression: only hex goes to git.
      expect(await fromA('--output=/tmp/x')).toEqual({ kind: 'unknown', why: 'not a commit id' })
      expect(await fromA('HEAD~1')).toEqual({ kind: 'unknown', why: 'not a commit id' })
    } finally {
      repo.close()
    }
  })

  it('a shallow clone that lacks the other commit: unknown, with the fix', async () => {
    const repo = history()
    const clone = mkdtempSync(join(tmpdir(), 'shallow-'))
    try {
      repo.git('clone', '-q', '--depth', '1', '--branch', 'main', `file://${repo.dir}`, clone)
      expect(await relateByHistory(clone, repo.b)(repo.a)).toMatchObject({
        kind: 'unknown',
        why: expect.stringMatching(/shallow clone, which does not hold it: .*fetch-depth: 0/)
      })
    } finally {
      repo.close()
      rmSync(clone, { recursive: true, force: true })
    }
  })

  it('no repository: unknown, never a guess', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-repo-'))
    try {
      expect(await relateByHistory(dir, 'a'.repeat(40))('b'.repeat(40))).toMatchObject({
        kind: 'unknown'
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('each commit is asked about once a run, however often it is seen', async () => {
    let asked = 0
    const relations = new CommitRelations(async () => {
      asked++
      return { kind: 'older' }
    })
    await Promise.all([relations.of('ABC1234'), relations.of('abc1234'), relations.of('abc1234')])
    expect(asked).toBe(1)
    expect(relations.known()).toEqual([{ id: 'abc1234', relation: { kind: 'older' } }])
  })

  it('says each relation without "previous"', () => {
    const relations: CommitRelation[] = [
      { kind: 'newer' },
      { kind: 'older' },
      { kind: 'diverged' },
      { kind: 'unknown', why: 'no history' }
    ]
    const words = relations.map(relation => otherBuildWords('abc1234def', relation))
    expect(words).toEqual([
      "a newer build (abc1234), which holds this run's commit",
      "an older build (abc1234), which this run's commit holds (a rollback, or an older run's deploy)",
      "another build (abc1234), on another line of history than this run's commit",
      "another build (abc1234), whose relation to this run's commit could not be found (no history)"
    ])
    for (const said of words) expect(said).not.toMatch(/previous/)
  })
})

describe('the origin wait, when the origin shows another build', () => {
  const OURS = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
  const OTHER = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
  const shows = (id: string) => async (): Promise<OriginLookInput> => ({
    status: 200,
    headers: {},
    body: `{"commit":"${id}"}`
  })

  async function waitSeeing(relation: CommitRelation) {
    const clock = new VirtualClock()
    let asked = 0
    const wait = await clock.run(
      waitForBuild({
        url: new URL('https://origin.example.com/version.json'),
        build: buildId(OURS, 'GITHUB_SHA'),
        timeoutMs: 60_000,
        requestTimeoutMs: 10_000,
        look: shows(OTHER),
        clock,
        random: () => 0.5,
        relations: new CommitRelations(async () => {
          asked++
          return relation
        })
      })
    )
    return { wait, asked, waitedMs: clock.now() - Date.UTC(2026, 10, 23, 9, 0, 0) }
  }

  it('a newer build ends it at once: ready, superseded by that commit', async () => {
    const { wait, asked, waitedMs } = await waitSeeing({ kind: 'newer' })
    expect(wait).toMatchObject({ ready: true, looks: 1, supersededBy: OTHER })
    expect(asked).toBe(1)
    expect(waitedMs).toBe(0)
  })

  it('an older build is waited past, asked about once, and kept for the words', async () => {
    const { wait, asked } = await waitSeeing({ kind: 'older' })
    expect(wait.ready).toBe(false)
    expect(wait.stopped).toBe('deadline')
    expect(wait.looks).toBeGreaterThan(3)
    expect(asked).toBe(1)
    expect(wait.others).toEqual([{ id: OTHER, relation: { kind: 'older' } }])
  })
})
