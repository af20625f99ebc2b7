/**
 * The module map in docs/development.md is the code's: the table there is what
 * scripts/check-imports.mjs prints from scripts/architecture.mjs, and every file of src/
 * belongs to one part of it. CI checks the rules themselves
 * (`npm run check:imports`); this keeps the document that explains them true.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
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

describe('the module map', () => {
  it('docs/development.md shows the map as the code has it', () => {
    const printed = moduleMapTable()
    const doc = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
    const shown = /<!-- module map:[^\n]*-->\n([\s\S]*?)\n<!-- end of module map -->/.exec(doc)?.[1]
    expect(cells(shown ?? '')).toEqual(cells(printed))
  })

  it('places every source file in one part', () => {
    const files = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter(entry => entry.isFile())
      .map(entry => relative(ROOT, join(entry.parentPath, entry.name)))
    const unplaced = files.filter(
      file =>
        !PARTS.some(part =>
          part.path.endsWith('/') ? file.startsWith(part.path) : file === part.path
        )
    )
    expect(unplaced).toEqual([])
  })
})
