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
})

/**
 * The folders of src/ as a reader meets them (`comment/`, `plan/`, …): an import between two
 * files is an arrow between their top folders (a file at src/'s top is its own). A part of one
 * folder may stand on a floor below another folder while its sibling stands above it; the
 * rules above then pass, yet the folders import each other in a circle and neither reads
 * without the other. Every import counts, `import type` and `import()` too.
 */
function folderOf(file: string): string {
  const [top, ...rest] = relative(join(ROOT, 'src'), file).split(/[\\/]/)
  return rest.length > 0 ? `${top ?? ''}/` : (top ?? '')
}

function folderArrows(): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>()
  for (const file of modulesOfSrc().filter(path => path.endsWith('.ts'))) {
    const text = readFileSync(join(ROOT, file), 'utf8')
    for (const match of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = join(ROOT, dirname(file), match[1] ?? '')
      const from = folderOf(join(ROOT, file))
      const to = folderOf(target)
      if (from === to || !target.startsWith(join(ROOT, 'src'))) continue
      arrows.set(from, (arrows.get(from) ?? new Set()).add(to))
    }
  }
  return arrows
}

/** A circle of folders, as the path that closes it; undefined when there is none. */
function circleIn(arrows: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (folder: string): string[] | undefined => {
    if (state.get(folder) === 'done') return undefined
    if (state.get(folder) === 'open') return [...path.slice(path.indexOf(folder)), folder]
    state.set(folder, 'open')
    path.push(folder)
    for (const next of arrows.get(folder) ?? []) {
      const circle = visit(next)
      if (circle !== undefined) return circle
    }
    path.pop()
    state.set(folder, 'done')
    return undefined
  }
  for (const folder of arrows.keys()) {
    const circle = visit(folder)
    if (circle !== undefined) return circle
  }
  return undefined
}

describe('the folders of src/', () => {
  it('import one another without a circle', () => {
    expect(circleIn(folderArrows())).toBeUndefined()
  })

  it('the check finds a circle: two folders that import each other', () => {
    const arrows = new Map([
      ['plan/', new Set(['comment/'])],
      ['comment/', new Set(['report/'])],
      ['report/', new Set(['plan/'])]
    ])
    expect(circleIn(arrows)).toEqual(['plan/', 'comment/', 'report/', 'plan/'])
  })
})
