/**
 * The command line's changed files: the range its flags or the CI's variables name (git-range.ts,
 * pure), and the files `git diff` lists for it in a real temporary repository (git-reader.ts),
 * renames, shallow clones and missing commits included.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitIn } from '../support/git-repo.js'
import { Diagnostics } from '../../src/core/diagnostics.js'
import {
  decideGitRange,
  goneFromNameStatus,
  pathsFromNameStatus,
  type CiVariables
} from '../../src/changed-files/git-range.js'
import { gitChangeReader } from '../../src/changed-files/git-reader.js'
import { ChangedFilesError } from '../../src/changed-files/changed-files-error.js'
import type { ChangedFilesSettings } from '../../src/changed-files/settings.js'

const A = 'a'.repeat(40)
const B = 'b'.repeat(40)
const C = 'c'.repeat(40)
const ZERO = '0'.repeat(40)

function decide(
  shas: { baseSha?: string; headSha?: string },
  variables: CiVariables = {}
): { decided: ReturnType<typeof decideGitRange>; diag: Diagnostics } {
  const diag = new Diagnostics()
  return { decided: decideGitRange(shas, variables, diag), diag }
}

describe('decideGitRange', () => {
  it('compares base_sha with head_sha, else with the CI commit, else HEAD', () => {
    expect(decide({ baseSha: A, headSha: B }).decided?.range).toEqual({
      kind: 'compare',
      base: { ref: A, from: 'base_sha' },
      head: { ref: B, from: 'head_sha' }
    })
    expect(decide({ baseSha: A }, { CI_COMMIT_SHA: C }).decided?.range).toMatchObject({
      head: { ref: C, from: 'CI_COMMIT_SHA' }
    })
    expect(decide({ baseSha: A }).decided?.range).toMatchObject({
      head: { ref: 'HEAD', from: 'HEAD' }
    })
  })

  it("takes head_sha alone as that commit's own files", () => {
    expect(decide({ headSha: B }).decided?.range).toEqual({
      kind: 'commit',
      head: { ref: B, from: 'head_sha' }
    })
  })

  it("reads GitLab's variables: the merge request's base first, then the push's before", () => {
    const push = decide({}, { CI_COMMIT_BEFORE_SHA: A, CI_COMMIT_SHA: B })
    expect(push.decided?.label).toBe('CI_COMMIT_BEFORE_SHA...CI_COMMIT_SHA')
    const mergeRequest = decide(
      {},
      { CI_MERGE_REQUEST_DIFF_BASE_SHA: C, CI_COMMIT_BEFORE_SHA: ZERO, CI_COMMIT_SHA: B }
    )
    expect(mergeRequest.decided?.range).toMatchObject({ kind: 'compare', base: { ref: C } })
    expect(mergeRequest.diag.warnings).toEqual([])
  })

  it('says plainly that an all-zero CI_COMMIT_BEFORE_SHA names no commit, and how to give one', () => {
    const { decided, diag } = decide({}, { CI_COMMIT_BEFORE_SHA: ZERO, CI_COMMIT_SHA: B })
    expect(decided?.range).toEqual({ kind: 'commit', head: { ref: B, from: 'CI_COMMIT_SHA' } })
    expect(diag.warnings.join('\n')).toMatch(/all zeros.*new branch.*--base-sha/s)
  })

  it("reads Jenkins' Git plugin, and notices a first build", () => {
    expect(decide({}, { GIT_PREVIOUS_SUCCESSFUL_COMMIT: A, GIT_COMMIT: B }).decided?.label).toBe(
      'GIT_PREVIOUS_SUCCESSFUL_COMMIT...GIT_COMMIT'
    )
    const first = decide({}, { GIT_COMMIT: B })
    expect(first.decided?.range.kind).toBe('commit')
    expect(first.diag.notices.join('\n')).toMatch(/GIT_PREVIOUS_SUCCESSFUL_COMMIT is not set/)
  })

  it('never guesses: no range at all is a problem of base_sha that says what to give', () => {
    const { decided, diag } = decide({}, { BITBUCKET_COMMIT: B })
    expect(decided).toBeUndefined()
    expect(diag.problems[0]?.input).toBe('base_sha')
    expect(diag.problems[0]?.reason).toMatch(/--base-sha/)
  })

  it('refuses a CI variable that is not a SHA, naming it', () => {
    const { decided, diag } = decide({}, { CI_COMMIT_BEFORE_SHA: 'main' })
    expect(decided).toBeUndefined()
    expect(diag.problems.map(problem => problem.reason).join('\n')).toMatch(
      /CI_COMMIT_BEFORE_SHA "main" is not a commit SHA/
    )
  })
})

describe('pathsFromNameStatus', () => {
  it('purges both paths of a rename, the new one of a copy, and deleted paths', () => {
    const output = [
      'M',
      'src/a.md',
      'R087',
      'old name.md',
      'new name.md',
      'C100',
      'tmpl.md',
      'copy.md',
      'D',
      'gone.md',
      ''
    ].join('\0')
    expect(pathsFromNameStatus(output)).toEqual([
      'copy.md',
      'gone.md',
      'new name.md',
      'old name.md',
      'src/a.md'
    ])
  })

  it("tells the deleted paths and a rename's old path as gone, not a copy's source", () => {
    const output = [
      ...['M', 'src/a.md', 'R087', 'old name.md', 'new name.md', 'C100', 'tmpl.md', 'copy.md'],
      ...['D', 'gone.md', 'A', 'new.md', 'T', 'link.md', ''] // T: a file became a symlink
    ].join('\0')
    expect(goneFromNameStatus(output)).toEqual(['gone.md', 'old name.md'])
  })

  it('reads an empty diff as no file', () => {
    expect(goneFromNameStatus('')).toEqual([])
    expect(pathsFromNameStatus('')).toEqual([])
  })
})

describe('gitChangeReader in a real repository', () => {
  let dir: string
  const git = gitIn(() => dir)
  const commits: string[] = []
  const settings = (shas: { baseSha?: string; headSha?: string }): ChangedFilesSettings =>
    ({ urlMap: [], token: '', ...shas }) as unknown as ChangedFilesSettings

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'git-changes-'))
    git('init', '-q', '-b', 'main')
    mkdirSync(join(dir, 'content'))
    writeFileSync(join(dir, 'content', 'about.md'), 'About us, at some length so renames match.\n')
    writeFileSync(join(dir, 'content', 'home.md'), 'Home\n')
    git('add', '-A')
    git('commit', '-q', '-m', 'first')
    commits.push(git('rev-parse', 'HEAD'))
    renameSync(join(dir, 'content', 'about.md'), join(dir, 'content', 'team.md'))
    writeFileSync(join(dir, 'content', 'home.md'), 'Home, again\n')
    git('add', '-A')
    git('commit', '-q', '-m', 'second')
    commits.push(git('rev-parse', 'HEAD'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  async function list(
    shas: { baseSha?: string; headSha?: string },
    variables: CiVariables = {},
    cwd = dir
  ): Promise<readonly string[]> {
    const diag = new Diagnostics()
    const planned = await gitChangeReader({ cwd, variables }).plan(settings(shas), diag)
    expect(diag.problems).toEqual([])
    return (await planned.list()).files
  }

  it('lists base...HEAD with both paths of a rename', async () => {
    expect(await list({ baseSha: commits[0] })).toEqual([
      'content/about.md',
      'content/home.md',
      'content/team.md'
    ])
  })

  it("lists the root commit's own files against the empty tree", async () => {
    expect(await list({ headSha: commits[0] })).toEqual(['content/about.md', 'content/home.md'])
  })

  it("reads GitLab's variables as the range", async () => {
    expect(
      await list({}, { CI_COMMIT_BEFORE_SHA: commits[0], CI_COMMIT_SHA: commits[1] })
    ).toContain('content/team.md')
  })

  it('says a commit the repository lacks, with the fix', async () => {
    await expect(list({ baseSha: 'abcdef1234567' })).rejects.toThrow(
      /abcdef1 \(base_sha\) is not in this repository/
    )
  })

  it('says a shallow clone lacks the base, and how to deepen it', async () => {
    const shallow = mkdtempSync(join(tmpdir(), 'git-shallow-'))
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${dir}`, shallow])
      const error = await list({ baseSha: commits[0] }, {}, shallow).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ChangedFilesError)
      expect(String(error)).toMatch(/shallow.*GIT_DEPTH.*fetch-depth/s)
    } finally {
      rmSync(shallow, { recursive: true, force: true })
    }
  })

  it('says a directory outside any repository is not one', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'git-none-'))
    try {
      await expect(list({ baseSha: commits[0] }, {}, outside)).rejects.toThrow(
        /not in a git repository/
      )
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })
})

describe('gitChangeReader: the files a range deleted, in a real repository', () => {
  let dir: string
  const git = gitIn(() => dir)
  const write = (name: string, text: string): void => writeFileSync(join(dir, name), text)
  const commit = (message: string): string => {
    git('add', '-A')
    git('commit', '-q', '-m', message)
    return git('rev-parse', 'HEAD')
  }
  const shas: string[] = []

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'git-gone-'))
    git('init', '-q', '-b', 'main')
    write('deleted.md', 'A page that will be deleted, then written again.\n')
    write('moved.md', 'A page long enough for git to see it moved, whatever its name.\n')
    write('kept.md', 'Kept\n')
    shas.push(commit('first'))
    rmSync(join(dir, 'deleted.md'))
    renameSync(join(dir, 'moved.md'), join(dir, 'moved-to.md'))
    write('draft.md', 'A draft\n')
    shas.push(commit('delete, move, draft'))
    write('deleted.md', 'Written again, otherwise.\n')
    rmSync(join(dir, 'draft.md'))
    shas.push(commit('re-add, drop the draft'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  async function listed(shas: { baseSha?: string; headSha?: string }) {
    const diag = new Diagnostics()
    const settings = { urlMap: [], token: '', ...shas } as unknown as ChangedFilesSettings
    const planned = await gitChangeReader({ cwd: dir, variables: {} }).plan(settings, diag)
    expect(diag.problems).toEqual([])
    return planned.list()
  }

  it("tells a deleted file and a rename's old path as gone", async () => {
    const range = await listed({ baseSha: shas[0], headSha: shas[1] })
    expect(range.files).toEqual(['deleted.md', 'draft.md', 'moved-to.md', 'moved.md'])
    expect(range.gone).toEqual(['deleted.md', 'moved.md'])
    expect((await listed({ headSha: shas[1] })).gone).toEqual(['deleted.md', 'moved.md'])
  })

  it('across the range, a file written again is back, and one added then deleted is not listed', async () => {
    const range = await listed({ baseSha: shas[0], headSha: shas[2] })
    expect(range.files).toEqual(['deleted.md', 'moved-to.md', 'moved.md'])
    expect(range.gone).toEqual(['moved.md'])
  })
})
