/**
 * tags_file and urls_file: lists too long for an input, read from a file at the edge
 * (steps/inputs.ts) and parsed like the inline lists (plan/list-files.ts), every bad line named by
 * its number, up to a million entries.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ActionIo } from '../../src/action/action-io.js'
import { CliIo } from '../../src/cli/cli-io.js'
import { Input, type InputName } from '../../src/core/constants.js'
import { Diagnostics, problemMessagesByInput } from '../../src/core/diagnostics.js'
import { splitPlacedList } from '../../src/core/lists.js'
import { MAX_LIST_PROBLEMS, MAX_REMARKS_OF_A_KIND } from '../../src/core/targets.js'
import {
  MAX_LIST_FILE_ENTRIES,
  parseListFile,
  wholeTextReading,
  type ListFiles
} from '../../src/plan/list-files.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'
import { readListFiles, type ListFileLimits } from '../../src/steps/inputs.js'
import type { ListFilePlaces } from '../../src/plan/list-file-places.js'

function raw(given: Partial<Record<InputName, string>>): RawInputs {
  const all = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return { ...all, api_key: 'k3y', base_url: 'https://api.example.com', ...given }
}

/** The inputs, with these file texts as if read from `urls.txt` and `tags.txt`. */
async function parseWithFiles(
  given: Partial<Record<InputName, string>>,
  texts: { urls?: string; tags?: string }
) {
  const files: ListFiles = {
    ...(texts.urls !== undefined && {
      urls_file: wholeTextReading(Input.UrlsFile, 'urls.txt', texts.urls)
    }),
    ...(texts.tags !== undefined && {
      tags_file: wholeTextReading(Input.TagsFile, 'tags.txt', texts.tags)
    })
  }
  const inputs = raw({
    ...(texts.urls !== undefined && { urls_file: 'urls.txt' }),
    ...(texts.tags !== undefined && { tags_file: 'tags.txt' }),
    ...given
  })
  return parseInputs(inputs, undefined, {}, files)
}

describe('a list file is parsed like its inline input', () => {
  it('adds to the inline list: inline entries first, duplicates dropped', async () => {
    const { settings } = await parseWithFiles(
      { urls: '/a\n/b', tags: 'blog' },
      { urls: '/b\n\n  /c  \r\nhttps://www.example.com/d\n', tags: 'docs, blog\nhome' }
    )
    expect(settings?.urls).toEqual(['/a', '/b', '/c', '/d'])
    expect(settings?.tags).toEqual(['blog', 'docs', 'home'])
  })

  it('reads a JSON array, as the inputs do', async () => {
    const { settings } = await parseWithFiles({}, { urls: '["/x", "/y", "/x"]' })
    expect(settings?.urls).toEqual(['/x', '/y'])
  })

  it('names each bad line by its number, and sends nothing', async () => {
    const text = ['/ok', 'blog/post', '', '/a /b', '//cdn.example.com/x'].join('\n')
    const { settings, diagnostics } = await parseWithFiles({}, { urls: text })
    expect(settings).toBeUndefined()
    expect(problemMessagesByInput(diagnostics.problems)).toEqual([
      [
        "Input 'urls_file' has 3 problems:",
        `- line 2 "blog/post": must be a relative URL starting with '/' (e.g. /blog/post) or an absolute http(s):// URL`,
        `- line 4 "/a /b": holds 2 URLs on one line ("/a", "/b"), but the file takes one URL a line`,
        `- line 5 "//cdn.example.com/x": a protocol-relative URL ('//host/…') is ambiguous; write the path only, starting with a single '/'`
      ].join('\n')
    ])
  })

  it('names a bad tag by its line, and an item of a JSON array by its place', async () => {
    const tags = await parseWithFiles({}, { tags: 'a\nb, c\u0007d' })
    expect(problemMessagesByInput(tags.diagnostics.problems)).toEqual([
      `Input 'tags_file' line 2 "c\\u0007d": a tag cannot contain control characters or line breaks`
    ])
    const urls = await parseWithFiles({}, { urls: '["/a", "b"]' })
    expect(urls.diagnostics.problems[0]).toMatchObject({ input: 'urls_file', at: 'item 2' })
  })

  it('names the file, not its text, when a JSON array is malformed', async () => {
    const { diagnostics } = await parseWithFiles({}, { urls: '["/a", ' })
    expect(diagnostics.problems).toHaveLength(1)
    expect(diagnostics.problems[0]).toMatchObject({ input: 'urls_file', value: 'urls.txt' })
    expect(diagnostics.problems[0]?.reason).toMatch(/not a valid JSON array/)
  })

  it('quotes nothing of a malformed JSON file, not even the excerpt JSON.parse gives', async () => {
    const { diagnostics } = await parseWithFiles({}, { urls: '["/a","/b",AKIA1234567890SECRET]' })
    expect(diagnostics.problems).toHaveLength(1)
    expect(JSON.stringify(diagnostics.problems)).not.toContain('AKIA')
    expect(diagnostics.problems[0]?.reason).toMatch(
      /^starts with '\[' but is not a valid JSON array \(Unexpected token 'A'\)/
    )
  })

  it('splits lines and commas as before, keeping only parts with text, with their lines', () => {
    const diag = new Diagnostics()
    const text = 'a, ,b\r\n\r\n,,c\rd,\n,\n e ,a'
    expect(splitPlacedList('tags_file', text, { item: 'tag', commas: true }, diag)).toEqual([
      { text: 'a', place: 'line 1' },
      { text: 'b', place: 'line 1' },
      { text: 'c', place: 'line 3' },
      { text: 'd', place: 'line 4' },
      { text: 'e', place: 'line 6' }
    ])
    expect(
      splitPlacedList('urls_file', '/a,b\n\n/c', { item: 'URL', commas: false }, diag)
    ).toEqual([
      { text: '/a,b', place: 'line 1' },
      { text: '/c', place: 'line 3' }
    ])
    // Millions of blank parts hold no entry, and cost none: the text alone is held.
    const blanks = ','.repeat(4_000_000) + '\n'.repeat(4_000_000)
    expect(splitPlacedList('tags_file', blanks, { item: 'tag', commas: true }, diag)).toEqual([])
    expect(diag.problems).toEqual([])
  })

  it('a file that could not be read is a problem of its input: nothing is sent', async () => {
    const files: ListFiles = { urls_file: { path: 'missing.txt', error: 'no such file' } }
    const { settings, diagnostics } = await parseInputs(
      raw({ tags: 'blog', urls_file: 'missing.txt' }),
      undefined,
      {},
      files
    )
    expect(settings).toBeUndefined()
    expect(problemMessagesByInput(diagnostics.problems)).toEqual([
      `Input 'urls_file' "missing.txt": no such file`
    ])
  })

  it('an empty file is no problem: the run has nothing to purge, with a notice', async () => {
    const { settings, diagnostics } = await parseWithFiles({}, { urls: '\n\n' })
    expect(diagnostics.problems).toEqual([])
    expect(settings?.urls).toEqual([])
    expect(diagnostics.notices).toContain('urls_file: "urls.txt" holds no URL.')
  })

  it('with a mode of another kind, the file is ignored with a warning', async () => {
    const { settings, diagnostics } = await parseWithFiles(
      { mode: 'tag', tags: 'blog' },
      { urls: '/a' }
    )
    expect(settings?.urls).toEqual([])
    expect(diagnostics.warnings).toContain("mode is 'tag': the input 'urls_file' is ignored.")
  })

  it('a file satisfies its mode', async () => {
    const { settings } = await parseWithFiles({ mode: 'url' }, { urls: '/a' })
    expect(settings?.urls).toEqual(['/a'])
  })
})

describe('long lists', () => {
  it('takes a million entries, and refuses one more', async () => {
    const lines = (count: number): string =>
      Array.from({ length: count }, (_, index) => `/p${index}`).join('\n')
    const most = await parseWithFiles({}, { urls: lines(MAX_LIST_FILE_ENTRIES) })
    expect(most.settings?.urls).toHaveLength(MAX_LIST_FILE_ENTRIES)
    const over = await parseWithFiles({}, { urls: lines(MAX_LIST_FILE_ENTRIES + 1) })
    expect(over.settings).toBeUndefined()
    expect(problemMessagesByInput(over.diagnostics.problems)).toEqual([
      `Input 'urls_file' "urls.txt": holds more than the 1,000,000 URLs a file may hold (blank lines aside, duplicates counted): split it over several runs, or purge by tag or pattern`
    ])
  }, 120_000)

  it("takes the reader's count of the entries: the text is not counted again", () => {
    const diag = new Diagnostics()
    const reading = { path: 'urls.txt', text: '/a', entries: MAX_LIST_FILE_ENTRIES + 1 }
    expect(parseListFile(Input.UrlsFile, reading, diag)).toEqual([])
    expect(problemMessagesByInput(diag.problems)).toEqual([
      `Input 'urls_file' "urls.txt": holds more than the 1,000,000 URLs a file may hold (blank lines aside, duplicates counted): split it over several runs, or purge by tag or pattern`
    ])
  })

  it('says the first notices of a kind, then counts the rest', async () => {
    const urls = Array.from({ length: 50 }, (_, i) => `https://www.example.com/${i}`).join('\n')
    const { diagnostics } = await parseWithFiles({}, { urls })
    expect(diagnostics.notices).toHaveLength(MAX_REMARKS_OF_A_KIND + 1)
    expect(diagnostics.notices[0]).toMatch(/^urls_file line 1: "https:\/\/www.example.com\/0"/)
    expect(diagnostics.notices.at(-1)).toBe(
      'urls_file: 40 more absolute URLs were reduced to the path and query the same way.'
    )
  })

  it('lists the first problems of a list, then counts the rest', async () => {
    const urls = Array.from({ length: 150 }, (_, i) => `bad${i}`).join('\n')
    const { diagnostics } = await parseWithFiles({}, { urls })
    expect(diagnostics.problems).toHaveLength(MAX_LIST_PROBLEMS + 1)
    expect(diagnostics.problems.at(-1)?.message).toBe(
      "Input 'urls_file': 50 more lines have problems (the first 100 are listed)."
    )
  })
})

describe('reading the files (the edge)', () => {
  const workspace = mkdtempSync(join(tmpdir(), 'list-files-'))
  afterAll(() => rmSync(workspace, { recursive: true, force: true }))
  const places: ListFilePlaces = {
    base: workspace,
    roots: [{ name: 'GITHUB_WORKSPACE', path: workspace }],
    absoluteAnywhere: false
  }
  const read = (given: Partial<Record<InputName, string>>) => readListFiles(raw(given), places)

  it('reads a path relative to the workspace, and an absolute one', async () => {
    mkdirSync(join(workspace, 'lists'))
    writeFileSync(join(workspace, 'lists', 'urls.txt'), '\uFEFF/a\n/b\n')
    writeFileSync(join(workspace, 'tags.json'), '["blog"]')
    const files = await read({
      urls_file: ' lists/urls.txt ',
      tags_file: join(workspace, 'tags.json')
    })
    // The byte-order mark an editor may write is not part of the first line.
    expect(files.urls_file).toEqual({ path: 'lists/urls.txt', text: '/a\n/b\n', entries: 2 })
    expect(files.tags_file).toEqual({
      path: join(workspace, 'tags.json'),
      text: '["blog"]',
      entries: 1
    })
  })

  it('reads nothing for an input not given', async () => {
    expect(await read({})).toEqual({})
  })

  it('says what is wrong, with the path it looked at', async () => {
    writeFileSync(join(workspace, 'latin1.txt'), Buffer.from([0x2f, 0xe9, 0x0a]))
    const files = await read({ urls_file: 'nowhere.txt', tags_file: 'latin1.txt' })
    expect(files.urls_file).toEqual({
      path: 'nowhere.txt',
      error: `no such file (${join(workspace, 'nowhere.txt')})`
    })
    expect(files.tags_file).toEqual({
      path: 'latin1.txt',
      error: `is not UTF-8 text (${join(workspace, 'latin1.txt')})`
    })
    const directory = await read({ urls_file: 'lists' })
    expect(directory.urls_file).toMatchObject({ error: expect.stringMatching(/^is a directory/) })
  })

  it('says when a file cannot be read', async () => {
    if (process.getuid?.() === 0) return // root reads every file
    writeFileSync(join(workspace, 'secret.txt'), '/a')
    chmodSync(join(workspace, 'secret.txt'), 0o000)
    const files = await read({ urls_file: 'secret.txt' })
    expect(files.urls_file).toMatchObject({
      error: expect.stringMatching(/^cannot be read: permission denied/)
    })
  })
})

/**
 * A pull request controls the checkout's links and may control the input, so a list
 * file must resolve inside the runner's folders, links followed, and be a regular file; what
 * is refused is refused before a byte of it is read.
 */
describe('where a list file may be', () => {
  const top = mkdtempSync(join(tmpdir(), 'list-places-'))
  afterAll(() => rmSync(top, { recursive: true, force: true }))
  const workspace = join(top, 'ws')
  const temp = join(top, 'temp')
  const outside = join(top, 'outside')
  const evil = join(top, 'ws-evil')
  for (const folder of [workspace, temp, outside, evil, join(workspace, 'purge')]) {
    mkdirSync(folder, { recursive: true })
  }
  const SECRET = 'PRIVATE-KEY-LINE'
  writeFileSync(join(outside, 'id_rsa'), `-----BEGIN-----\n${SECRET}\n-----END-----\n`)
  writeFileSync(join(outside, 'urls.txt'), '/outside\n')
  writeFileSync(join(evil, 'urls.txt'), '/evil\n')
  writeFileSync(join(temp, 'urls.txt'), '/from-temp\n')
  writeFileSync(join(workspace, 'purge', 'urls.txt'), '/inside\n')
  symlinkSync(join(outside, 'id_rsa'), join(workspace, 'purge', 'list.txt'))
  symlinkSync(outside, join(workspace, 'linked'))
  symlinkSync(join(workspace, 'purge'), join(workspace, 'purge-link'))
  mkdirSync(join(workspace, '.git'))
  writeFileSync(join(workspace, '.git', 'config'), '[http]\n\textraheader = AUTHORIZATION: x\n')

  const action: ListFilePlaces = {
    base: workspace,
    roots: [
      { name: 'GITHUB_WORKSPACE', path: workspace },
      { name: 'RUNNER_TEMP', path: temp }
    ],
    absoluteAnywhere: false
  }
  const command: ListFilePlaces = {
    base: workspace,
    roots: [{ name: 'the current directory', path: workspace }],
    absoluteAnywhere: true
  }
  const read = (given: Partial<Record<InputName, string>>, places = action) =>
    readListFiles(raw(given), places)

  it.each([
    ['a committed link to a file outside', 'purge/list.txt'],
    ['a path that climbs out', '../outside/id_rsa'],
    ['a path through a linked folder', 'linked/id_rsa']
  ])('refuses %s, naming the input, without reading it', async (_, path) => {
    const files = await read({ urls_file: path, tags_file: path })
    for (const input of [Input.UrlsFile, Input.TagsFile] as const) {
      const reading = files[input]
      expect(reading).toEqual({ path, error: expect.stringMatching(/^leaves the workspace/) })
      expect(JSON.stringify(reading)).not.toContain(SECRET)
    }
    // Parsed, it is one problem of each input, naming the path, quoting no line of the file.
    const { settings, diagnostics } = await parseInputs(
      raw({ urls_file: path, tags_file: path }),
      undefined,
      {},
      files
    )
    expect(settings).toBeUndefined()
    const messages = problemMessagesByInput(diagnostics.problems)
    expect(messages).toHaveLength(2)
    expect(messages[0]).toMatch(
      new RegExp(`^Input 'tags_file' ${JSON.stringify(path).replace(/[.]/g, '\\.')}: leaves`)
    )
    expect(messages.join('\n')).not.toContain(SECRET)
  })

  it('says where the file leads and where it must be', async () => {
    const files = await read({ urls_file: 'purge/list.txt' })
    expect(files.urls_file).toEqual({
      path: 'purge/list.txt',
      error: `leaves the workspace: it leads to ${join(realpathSync(outside), 'id_rsa')}, outside GITHUB_WORKSPACE (${realpathSync(workspace)}) and RUNNER_TEMP (${realpathSync(temp)}); a list file must be inside one of them, links followed`
    })
  })

  it('is not fooled by a folder whose name starts like the workspace', async () => {
    const files = await read({ urls_file: join(evil, 'urls.txt') })
    expect(files.urls_file).toMatchObject({ error: expect.stringMatching(/^leaves the workspace/) })
  })

  it('reads a file of the workspace through a link that stays inside, and one of RUNNER_TEMP', async () => {
    const files = await read({
      urls_file: 'purge-link/urls.txt',
      tags_file: join(temp, 'urls.txt')
    })
    expect(files.urls_file).toEqual({ path: 'purge-link/urls.txt', text: '/inside\n', entries: 1 })
    expect(files.tags_file).toEqual({
      path: join(temp, 'urls.txt'),
      text: '/from-temp\n',
      entries: 1
    })
  })

  it('refuses a file under .git, which holds the checkout credentials', async () => {
    const files = await read({ urls_file: '.git/config' })
    expect(files.urls_file).toMatchObject({
      error: expect.stringMatching(/^is inside \.git, /)
    })
    expect(JSON.stringify(files)).not.toContain('AUTHORIZATION')
  })

  it('on the command line, an absolute path is its user’s choice; a relative one stays inside', async () => {
    const typed = await read({ urls_file: join(outside, 'urls.txt') }, command)
    expect(typed.urls_file).toEqual({
      path: join(outside, 'urls.txt'),
      text: '/outside\n',
      entries: 1
    })
    const climbing = await read({ urls_file: '../outside/urls.txt' }, command)
    expect(climbing.urls_file).toMatchObject({
      error: expect.stringMatching(/^leaves the current directory: it leads to .*, outside /)
    })
  })
})

describe('what a list file may be', () => {
  const workspace = mkdtempSync(join(tmpdir(), 'list-kinds-'))
  afterAll(() => rmSync(workspace, { recursive: true, force: true }))
  const places: ListFilePlaces = {
    base: workspace,
    roots: [{ name: 'GITHUB_WORKSPACE', path: workspace }],
    absoluteAnywhere: false
  }
  const read = (given: Partial<Record<InputName, string>>, limits?: ListFileLimits) =>
    readListFiles(raw(given), places, limits)

  it('refuses a FIFO at once, never waiting for a writer', async () => {
    if (process.platform === 'win32') return
    execFileSync('mkfifo', [join(workspace, 'pipe')])
    const files = await read({ urls_file: 'pipe' })
    expect(files.urls_file).toEqual({
      path: 'pipe',
      error: `is a FIFO, not a regular file (${join(workspace, 'pipe')})`
    })
  }, 10_000)

  it('refuses a directory, naming it so', async () => {
    mkdirSync(join(workspace, 'folder'))
    const files = await read({ urls_file: 'folder' })
    expect(files.urls_file).toMatchObject({ error: expect.stringMatching(/^is a directory \(/) })
  })

  it(`stops reading past ${MAX_LIST_FILE_ENTRIES.toLocaleString('en')} entries, duplicates counted`, async () => {
    writeFileSync(join(workspace, 'slashes.txt'), '/\n'.repeat(MAX_LIST_FILE_ENTRIES + 5))
    const files = await read({ urls_file: 'slashes.txt', tags_file: 'slashes.txt' })
    expect(files.urls_file).toEqual({
      path: 'slashes.txt',
      error:
        'holds more than the 1,000,000 URLs a file may hold (blank lines aside, duplicates counted): split it over several runs, or purge by tag or pattern'
    })
    expect(files.tags_file).toMatchObject({
      error: expect.stringMatching(/^holds more than the 1,000,000 tags/)
    })
  }, 60_000)

  it('counts the items of a JSON array and the tags of a comma-separated line', async () => {
    const limits = { maxEntries: 3 }
    writeFileSync(join(workspace, 'three.json'), '[\n"/a", "/b",\n "/c"]')
    writeFileSync(join(workspace, 'four.json'), '["/a", "/b", "/c", "/,d"]')
    writeFileSync(join(workspace, 'tags.txt'), 'a, b,\n ,c\n')
    writeFileSync(join(workspace, 'more-tags.txt'), 'a, b,\nc,d\n')
    const fits = await read({ urls_file: 'three.json', tags_file: 'tags.txt' }, limits)
    // The reader's count is the one the parser takes (parseListFile counts nothing again).
    expect(fits.urls_file).toMatchObject({ text: expect.any(String), entries: 3 })
    expect(fits.tags_file).toMatchObject({ text: expect.any(String), entries: 3 })
    const over = await read({ urls_file: 'four.json', tags_file: 'more-tags.txt' }, limits)
    expect(over.urls_file).toMatchObject({
      error: expect.stringMatching(/^holds more than the 3 URLs/)
    })
    expect(over.tags_file).toMatchObject({
      error: expect.stringMatching(/^holds more than the 3 tags/)
    })
  })

  it('stops reading past the byte limit, and says so', async () => {
    writeFileSync(join(workspace, 'long.txt'), `/${'x'.repeat(100)}\n`)
    const files = await read({ urls_file: 'long.txt' }, { maxBytes: 64 })
    expect(files.urls_file).toEqual({
      path: 'long.txt',
      error: `is larger than 64 bytes (${join(workspace, 'long.txt')}): split the list over several runs`
    })
    const whole = await read({ urls_file: 'long.txt' }, { maxBytes: 102 })
    expect(whole.urls_file).toMatchObject({ text: expect.any(String) })
  })

  it('a list pasted where a file name goes is said to be one, before anything is read', async () => {
    const pasted = await read({ urls_file: '/a\n/b\n', tags_file: 'blog\ndocs' })
    expect(pasted.urls_file).toEqual({
      path: '/a\n/b',
      error:
        "this looks like a list, not a file name: give the URLs in the 'urls' input, or write them to a file and name it here"
    })
    expect(pasted.tags_file).toMatchObject({
      error: expect.stringMatching(
        /^this looks like a list, not a file name: give the tags in the 'tags' input/
      )
    })
    const oneLine = await read({ urls_file: '/blog/a /blog/b', tags_file: '["blog"]' })
    expect(oneLine.urls_file).toMatchObject({
      error: expect.stringMatching(
        /^no such file( \(.*\))?: this looks like a list, not a file name/
      )
    })
    expect(oneLine.tags_file).toMatchObject({
      error: expect.stringMatching(
        /^no such file( \(.*\))?: this looks like a list, not a file name/
      )
    })
  })
})

describe('where each entry lets list files be', () => {
  it('the action: GITHUB_WORKSPACE and RUNNER_TEMP, no absolute path elsewhere', () => {
    const saved = { ...process.env }
    try {
      process.env['GITHUB_WORKSPACE'] = join('/runner', 'work', 'site')
      process.env['RUNNER_TEMP'] = join('/runner', 'temp')
      expect(new ActionIo().listFilePlaces()).toEqual({
        base: join('/runner', 'work', 'site'),
        roots: [
          { name: 'GITHUB_WORKSPACE', path: join('/runner', 'work', 'site') },
          { name: 'RUNNER_TEMP', path: join('/runner', 'temp') }
        ],
        absoluteAnywhere: false
      })
    } finally {
      process.env = saved
    }
  })

  it('the command line: its working directory, and any absolute path its user types', () => {
    const io = new CliIo({ log: { write: () => undefined, colour: false }, cwd: 'here', env: {} })
    expect(io.listFilePlaces()).toEqual({
      base: 'here',
      roots: [{ name: 'the current directory', path: 'here' }],
      absoluteAnywhere: true
    })
  })
})
