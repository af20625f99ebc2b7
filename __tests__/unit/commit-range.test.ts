/**
 * Which commits scripts/check-commits.mjs rebuilds the bundle of (scripts/commit-range.mjs):
 * every commit since the rule gets the cheap checks, only the submission's get the rebuild.
 * Real git, in a temporary repository.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitIn } from '../support/git-repo.js'
import { commitRange, readLanded } from '../../scripts/commit-range.mjs'

let repo: string
const git = gitIn(() => repo)
const commit = (name: string): string => {
  writeFileSync(join(repo, name), name)
  git('add', name)
  git('commit', '--quiet', '--no-verify', '-m', name)
  return git('rev-parse', 'HEAD')
}
/** Named commits: rule (the rule's start), a and b (landed), c and d (the submission). */
const at: Record<string, string> = {}
const range = (options: { since?: string; envBase?: string } = {}) =>
  commitRange({ cwd: repo, ruleSince: at['rule'] as string, ...options })
const names = (commits: Iterable<string>): string[] =>
  [...commits].map(sha => Object.keys(at).find(name => at[name] === sha) ?? sha)
const landed = (text: string): void => {
  mkdirSync(join(repo, '.ci'), { recursive: true })
  writeFileSync(join(repo, '.ci', 'landed'), text)
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'commit-range-'))
  git('init', '--quiet', '--initial-branch=main')
  at['old'] = commit('old')
  at['rule'] = commit('rule')
  for (const name of ['a', 'b', 'c', 'd']) at[name] = commit(name)
})
afterAll(() => rmSync(repo, { recursive: true, force: true }))

describe('the commits check-commits.mjs checks', () => {
  it('checks every commit since the rule, and rebuilds those after .ci/landed', () => {
    landed(`# the last commit CI checked\n${at['b']}\n`)
    const result = range()
    expect(names(result.all)).toEqual(['a', 'b', 'c', 'd'])
    expect(names(result.submitted)).toEqual(['c', 'd'])
    expect(result.baseFrom).toBe('.ci/landed')
  })

  it('takes the pull request or push base before .ci/landed, and --since before both', () => {
    landed(`${at['b']}\n`)
    expect(names(range({ envBase: at['c'] as string }).submitted)).toEqual(['d'])
    expect(
      names(range({ since: at['a'] as string, envBase: at['c'] as string }).submitted)
    ).toEqual(['b', 'c', 'd'])
  })

  it("falls back to .ci/landed on a new branch's zeros and on a base this clone lacks", () => {
    landed(`${at['b']}\n`)
    const zeros = range({ envBase: '0'.repeat(40) })
    expect(names(zeros.submitted)).toEqual(['c', 'd'])
    expect(zeros.notes.join('\n')).toContain('a new branch')
    const forced = range({ envBase: 'f'.repeat(40) })
    expect(names(forced.submitted)).toEqual(['c', 'd'])
    expect(forced.notes.join('\n')).toContain('not in this clone')
  })

  it('rebuilds only what HEAD adds when the base is no ancestor (a force push)', () => {
    landed(`${at['b']}\n`)
    git('checkout', '--quiet', '-b', 'replaced', at['b'] as string)
    const replaced = commit('replaced')
    git('checkout', '--quiet', 'main')
    const forced = range({ envBase: replaced })
    expect(names(forced.submitted)).toEqual(['c', 'd'])
    expect(forced.notes.join('\n')).toContain('is no ancestor of HEAD')
    expect(names(range({ since: replaced }).submitted)).toEqual(['c', 'd'])
  })

  it('refuses a --since that names no commit, rather than widening the check', () => {
    expect(() => range({ since: 'no-such-commit' })).toThrow(
      '--since: "no-such-commit" is no commit of this clone.'
    )
  })

  it('refuses a .ci/landed that is HEAD, no ancestor of it, or no commit id of this clone', () => {
    git('checkout', '--quiet', '-b', 'aside', at['b'] as string)
    const aside = commit('aside')
    git('checkout', '--quiet', 'main')
    git('branch', '--force', 'landed-b', at['b'] as string)
    const refused: [string, string][] = [
      ['HEAD', 'is HEAD itself'],
      [at['d'] as string, 'is HEAD itself'],
      ['main', 'is HEAD itself'],
      [aside, 'is no ancestor of HEAD'],
      ['landed-b', 'is no commit id'],
      ['HEAD~1', 'is no commit id'],
      ['f'.repeat(40), 'is no commit of this clone'],
      ['# nothing but a comment\n', 'names no commit']
    ]
    for (const [value, why] of refused) {
      landed(`${value}\n`)
      const shown = value.startsWith('#') ? '' : `"${value}" `
      expect(() => range()).toThrow(`.ci/landed ${shown}${why}`)
    }
    // The pull request or push base comes first: a wrong .ci/landed is refused only when read.
    landed('HEAD\n')
    expect(names(range({ envBase: at['c'] as string }).submitted)).toEqual(['d'])
  })

  it('refuses a --since that leaves nothing to rebuild: HEAD, or a commit after it', () => {
    landed(`${at['b']}\n`)
    expect(() => range({ since: 'HEAD' })).toThrow('--since: "HEAD" is HEAD itself')
    git('checkout', '--quiet', '--detach', at['c'] as string)
    try {
      expect(() => range({ since: 'main' })).toThrow('--since: "main" comes after HEAD')
    } finally {
      git('checkout', '--quiet', 'main')
    }
  })

  it('passes over a pull request or push base that leaves nothing to rebuild, saying so', () => {
    landed(`${at['b']}\n`)
    const same = range({ envBase: at['d'] as string })
    expect(names(same.submitted)).toEqual(['c', 'd'])
    expect(same.baseFrom).toBe('.ci/landed')
    expect(same.notes.join('\n')).toContain('is HEAD itself')
    git('checkout', '--quiet', '--detach', at['c'] as string)
    try {
      const after = range({ envBase: at['d'] as string })
      expect(names(after.submitted)).toEqual(['c'])
      expect(after.notes.join('\n')).toContain('comes after HEAD')
    } finally {
      git('checkout', '--quiet', 'main')
    }
  })

  it('rebuilds every commit when nothing names a base', () => {
    rmSync(join(repo, '.ci'), { recursive: true, force: true })
    expect(names(range().submitted)).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('.ci/landed', () => {
  it('names the first line that is not a comment', () => {
    expect(readLanded('# why\n\n  aa3b726  \nignored\n')).toBe('aa3b726')
    expect(readLanded('# only a comment\n')).toBe('')
  })
})
