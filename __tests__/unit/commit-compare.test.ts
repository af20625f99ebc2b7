/**
 * How another commit relates to this run's, asked of GitHub's compare (a local fake of the
 * API): each status read as a relation, one request a question, a commit GitHub does not know
 * is unknown with why; and GitHub asked only when the checkout's history cannot tell.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { firstKnown, type RelateCommit } from '../../src/build/commit-relation.js'
import { relateByGitHub } from '../../src/origin/commit-compare.js'
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.mjs'

const REPOSITORY = 'octo-org/octo-site'
const TOKEN = 'ghs_compare-token'
const OURS = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const OTHER = {
  ahead: '1111111111111111111111111111111111111111',
  behind: '2222222222222222222222222222222222222222',
  identical: '3333333333333333333333333333333333333333',
  diverged: '4444444444444444444444444444444444444444'
} as const

let github: FakeGitHub
beforeAll(async () => {
  github = await startFakeGitHub({ repos: [REPOSITORY], token: TOKEN })
  for (const status of ['ahead', 'behind', 'identical', 'diverged'] as const) {
    github.setCompare(OURS, OTHER[status], { status })
  }
})
afterAll(async () => {
  await github.close()
})

function relate(): RelateCommit {
  return relateByGitHub(
    { token: TOKEN, repository: { owner: 'octo-org', repo: 'octo-site' }, apiUrl: github.url },
    OURS
  )
}

const compares = () => github.requests.filter(request => request.path.includes('/compare/'))

describe("GitHub's compare of this run's commit with another", () => {
  it('reads ahead as newer, behind as older, identical and diverged, a request each', async () => {
    const before = compares().length
    const ask = relate()
    expect(await ask(OTHER.ahead)).toEqual({ kind: 'newer' })
    expect(await ask(OTHER.behind)).toEqual({ kind: 'older' })
    expect(await ask(OTHER.identical)).toEqual({ kind: 'same' })
    expect(await ask(OTHER.diverged)).toEqual({ kind: 'diverged' })
    const asked = compares().slice(before)
    expect(asked.map(request => request.path)).toEqual(
      Object.values(OTHER).map(sha => `/repos/${REPOSITORY}/compare/${OURS}...${sha}`)
    )
    // The first commit only: the answer does not grow with the history between them.
    expect(asked.every(request => request.query['per_page'] === '1')).toBe(true)
    expect(asked.every(request => request.authorization === `token ${TOKEN}`)).toBe(true)
  })

  it('a commit GitHub does not know is unknown, with why; a non-commit is never sent', async () => {
    const before = compares().length
    expect(await relate()('5555555555555555555555555555555555555555')).toEqual({
      kind: 'unknown',
      why: `GitHub knows no such commit in ${REPOSITORY}`
    })
    expect(await relate()('../../user')).toEqual({ kind: 'unknown', why: 'not a commit id' })
    expect(compares().length - before).toBe(1)
  })
})

describe('the first source that can tell', () => {
  it('asks GitHub only when the history cannot tell, and says both whys when neither can', async () => {
    const history: RelateCommit = async other =>
      other === OTHER.behind ? { kind: 'older' } : { kind: 'unknown', why: 'a shallow clone' }
    const ask = firstKnown([history, relate()])
    const before = compares().length
    expect(await ask(OTHER.behind)).toEqual({ kind: 'older' })
    expect(compares().length).toBe(before)
    expect(await ask(OTHER.ahead)).toEqual({ kind: 'newer' })
    expect(compares().length).toBe(before + 1)
    expect(await ask('6666666666666666666666666666666666666666')).toEqual({
      kind: 'unknown',
      why: `a shallow clone; GitHub knows no such commit in ${REPOSITORY}`
    })
  })
})
