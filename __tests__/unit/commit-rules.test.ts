/** The commit habits CI and the git hooks hold main to (scripts/commit-rules.mjs). */
import { describe, expect, it } from '@jest/globals'
import { fileProblems, messageProblems } from '../../scripts/commit-rules.mjs'

describe('commit messages', () => {
  it('takes a short subject with a body that says why', () => {
    expect(messageProblems('Read tags from the edge\n\nA tag purge had no proof.\n')).toEqual([])
  })

  it('refuses a subject over 72 characters, a missing body, and a "Rebuild dist" commit', () => {
    expect(messageProblems(`${'x'.repeat(73)}\n\nWhy.`)).toEqual([
      expect.stringContaining('73 characters (at most 72)')
    ])
    expect(messageProblems(`${'x'.repeat(72)}\n\nWhy.`)).toEqual([])
    expect(messageProblems('Fix the thing\n')).toEqual([expect.stringContaining('no body')])
    expect(messageProblems('Fix the thing\nWhy, without a blank line.')).toEqual([
      expect.stringContaining('blank line')
    ])
    expect(messageProblems('Rebuild dist\n\nStale.')).toEqual([
      expect.stringContaining('same commit as the source')
    ])
  })

  it("ignores git's comment lines", () => {
    expect(messageProblems('Subject\n\nWhy.\n# Please enter the commit message\n')).toEqual([])
  })
})

describe('the files of a commit', () => {
  it('refuses dist/ without any of its sources', () => {
    expect(fileProblems(['dist/index.js', 'dist/410.index.js'])).toEqual([
      expect.stringContaining('dist/ belongs in the commit that changed them')
    ])
  })

  it('takes dist/ with its sources, and changes that do not touch the bundle', () => {
    expect(fileProblems(['src/main.ts', 'dist/index.js'])).toEqual([])
    expect(fileProblems(['package-lock.json', 'dist/index.js'])).toEqual([])
    expect(fileProblems(['README.md', 'docs/verify.md'])).toEqual([])
  })
})
