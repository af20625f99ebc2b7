/**
 * The module map in docs/development.md is the code's: the table there is what
 * scripts/check-imports.mjs prints from scripts/architecture.mjs, and every file of src/
 * belongs to one part of it. CI checks the rules themselves
 * (`npm run check:imports`); this keeps the document that explains them true.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PARTS } from '../../scripts/architecture.mjs'
import { moduleMapTable } from '../../scripts/check-imports.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** A Markdown table's cells, row by row: the document's table is aligned by prettier. */
function cells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .filter(row => !/^\|[\s|-]+\|$/.test(row))
    .map(row =>
      row
        .split('|')
        .slice(1, -1)
        .map(cell => cell.trim())
    )
}

/** The bundler's view of the sources (src/tsconfig.json): a setting beside them, no module. */
const NOT_MODULES: ReadonlySet<string> = new Set(['src/tsconfig.json'])

/** Every module of src/, as repository paths. */
function modulesOfSrc(): string[] {
  return readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter(file => !NOT_MODULES.has(file))
}

describe('the module map', () => {
  it('docs/development.md shows the map as the code has it', () => {
    const printed = moduleMapTable()
    const doc = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
    const shown = /<!-- module map:[^\n]*-->\n([\s\S]*?)\n<!-- end of module map -->/.exec(doc)?.[1]
    expect(cells(shown ?? '')).toEqual(cells(printed))
  })

  it('places every source file in one part', () => {
    const unplaced = modulesOfSrc().filter(
      file =>
        !PARTS.some(part =>
          part.path.endsWith('/') ? file.startsWith(part.path) : file === part.path
        )
    )
    expect(unplaced).toEqual([])
  })

  /** Each folder of src/ that holds files, with how many files it holds. */
  function foldersOfSrc(): Map<string, number> {
    const folders = new Map<string, number>()
    for (const file of modulesOfSrc()) {
      const folder = `${dirname(file)}/`
      folders.set(folder, (folders.get(folder) ?? 0) + 1)
    }
    return folders
  }

  it('keeps every folder of src/ at 20 files or fewer, so its names read at a glance', () => {
    const crowded = [...foldersOfSrc()].filter(([, count]) => count > 20)
    expect(crowded).toEqual([])
  })

  it('names every folder of src/ that holds files as a part or a room, and no other', () => {
    const named = PARTS.flatMap(part => [
      part.path,
      ...(part.rooms ?? []).map((room: { path: string }) => room.path)
    ]).filter(path => path.startsWith('src/') && path.endsWith('/'))
    const holdingOnlyFileParts = (folder: string): boolean =>
      readdirSync(join(ROOT, folder), { withFileTypes: true })
        .filter(entry => entry.isFile() && !NOT_MODULES.has(`${folder}${entry.name}`))
        .every(entry => PARTS.some(part => part.path === `${folder}${entry.name}`))
    const unnamed = [...foldersOfSrc().keys()].filter(
      folder => !named.includes(folder) && !holdingOnlyFileParts(folder)
    )
    expect(unnamed).toEqual([])
    expect(named.filter(path => !foldersOfSrc().has(path))).toEqual([])
  })
})

describe('the import rules CI runs', () => {
  /** A tree with the repository's rules and these source files, checked as CI checks src/. */
  function checkTree(files: Record<string, string>): { code: number; output: string } {
    const dir = mkdtempSync(join(ROOT, '.tmp', 'imports-'))
    try {
      for (const file of ['.dependency-cruiser.mjs', 'scripts/architecture.mjs', 'tsconfig.json']) {
        mkdirSync(dirname(join(dir, file)), { recursive: true })
        copyFileSync(join(ROOT, file), join(dir, file))
      }
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true })
        writeFileSync(join(dir, path), text)
      }
      const cli = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')
      const result = spawnSync(
        process.execPath,
        [cli, 'src', '--config', '.dependency-cruiser.mjs'],
        {
          cwd: dir,
          encoding: 'utf8'
        }
      )
      return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  beforeAll(() => {
    mkdirSync(join(ROOT, '.tmp'), { recursive: true })
  })

  it('passes a tree that imports downward', () => {
    const { code } = checkTree({
      'src/text/words.ts': 'export const word = 1\n',
      'src/core/names.ts': "import { word } from '../text/words.js'\nexport const name = word\n"
    })
    expect(code).toBe(0)
  }, 60_000)

  it('fails on a cycle between files, an upward import and a step importing a step', () => {
    const { code, output } = checkTree({
      'src/text/a.ts': "import { b } from './b.js'\nexport const a = b\n",
      'src/text/b.ts': "import { a } from './a.js'\nexport const b = () => a\n",
      'src/core/names.ts': "import { shown } from '../report/show.js'\nexport const name = shown\n",
      'src/report/show.ts': 'export const shown = 1\n',
      'src/steps/one.ts': "import { two } from './two.js'\nexport const one = two\n",
      'src/steps/two.ts': 'export const two = 2\n'
    })
    expect(code).not.toBe(0)
    expect(output).toMatch(/no-circular: src\/text\/a\.ts/)
    expect(output).toMatch(
      /core-imports-downward-only: src\/core\/names\.ts → src\/report\/show\.ts/
    )
    expect(output).toMatch(/no-sideways-in-steps: src\/steps\/one\.ts → src\/steps\/two\.ts/)
  }, 60_000)

  it('counts the comment step (src/comment/step.ts) as a step: neither way to another', () => {
    const { code, output } = checkTree({
      'src/steps/io.ts': 'export const io = 0\n',
      'src/steps/origin.ts': 'export const origin = 1\n',
      'src/steps/verify.ts':
        "import { comment } from '../comment/step.js'\nexport const v = comment\n",
      'src/comment/step.ts': [
        "import { io } from '../steps/io.js'",
        "import { origin } from '../steps/origin.js'",
        'export const comment = io + origin',
        ''
      ].join('\n')
    })
    expect(code).not.toBe(0)
    expect(output).toMatch(/no-sideways-in-steps: src\/comment\/step\.ts → src\/steps\/origin\.ts/)
    expect(output).toMatch(/no-sideways-in-steps: src\/steps\/verify\.ts → src\/comment\/step\.ts/)
    // The io the steps share is the comment step's too.
    expect(output).not.toMatch(/→ src\/steps\/io\.ts/)
  }, 60_000)
})
