/**
 * One linear way to read the run of a character a text ends with (src/text/trailing-run.ts):
 * a loop from the end. The regex form (`/\/+$/`, `/\\*$/`) is retried by V8 at every character
 * of a long run that something else follows, which takes time quadratic in the run (a base_url
 * or GITHUB_API_URL of many slashes then a letter); so no such regex is left in src/.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { trailingRunLength, withoutTrailing } from '../../src/text/trailing-run.js'

const SRC = fileURLToPath(new URL('../../src', import.meta.url))

/** A regex literal that is one character repeated up to the end: `/\/+$/`, `/=*$/`. */
const TRAILING_RUN_REGEX = /(?<=^|[\s(=,:!&|?;[])\/(?:\\.|[^\\/[^*])[+*]\$\//

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(entry => entry.isFile() && entry.name.endsWith('.ts'))
    .map(entry => join(entry.parentPath, entry.name))
}

describe('the trailing run of a character', () => {
  it('is counted and cut from the end', () => {
    expect(trailingRunLength('a\\\\\\', '\\')).toBe(3)
    expect(trailingRunLength('a\\b', '\\')).toBe(0)
    expect(trailingRunLength('', '/')).toBe(0)
    expect(withoutTrailing('https://example.com/api///', '/')).toBe('https://example.com/api')
    expect(withoutTrailing('////', '/')).toBe('')
    expect(withoutTrailing(`/${'/'.repeat(100_000)}a`, '/')).toBe(`/${'/'.repeat(100_000)}a`)
  })

  it('is never read by a regex in src/ (code, not comments)', () => {
    const found: string[] = []
    for (const file of sourceFiles(SRC)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const code = line.trim()
          if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return
          if (TRAILING_RUN_REGEX.test(code)) found.push(`${file.slice(SRC.length)}:${index + 1}`)
        })
    }
    expect(found).toEqual([])
  })
})
