/**
 * One linear way to read the run of characters a text ends (or starts) with
 * (src/text/trailing-run.ts): a loop from the end. The regex form (`/\/+$/`, `/\\*$/`,
 * `/[\s.]+$/`, `/^[ \t]+|[ \t]+$/g`) is retried by V8 at every character of a long run that
 * something else follows, which takes time quadratic in the run (a base_url of many slashes
 * then a letter, a robots.txt line of many spaces then a letter); so no such regex is left in
 * src/, scripts/ or emulator/.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  leadingRunLength,
  trailingRunLength,
  trimmedOf,
  WHITESPACE,
  withoutTrailing
} from '../../src/text/trailing-run.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const FOLDERS = ['src', 'scripts', 'emulator'].map(folder => join(ROOT, folder))

/** One character, an escape (`\s`) or a character class (`[ \t]`) that a run repeats. */
const RUN_OF = String.raw`(?:\\.|\[(?:\\.|[^\]\\])*\]|[^\\/[^*|()])`
/**
 * A regex literal (or its last alternative) that is a run repeated up to the end: `/\/+$/`,
 * `/=*$/`, `/[\s.]+$/`, `|[ \t]+$/g`. Anchored ones (`/^\d+$/`) are tried at one place only.
 */
const TRAILING_RUN_REGEX = new RegExp(String.raw`(?:(?<=^|[\s(=,:!&|?;[])\/|\|)${RUN_OF}[+*]\$\/`)

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(entry => entry.isFile() && /\.(?:ts|mjs|js)$/.test(entry.name))
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

  it('of any of a set of characters is cut from either end', () => {
    expect(trailingRunLength('x \t.', ' \t.')).toBe(3)
    expect(leadingRunLength('\v\f x ', ' \t\v\f')).toBe(3)
    expect(trimmedOf(' \t Sitemap: a \f', ' \t\v\f')).toBe('Sitemap: a')
    expect(trimmedOf(' \t ', ' \t')).toBe('')
    // A byte-order mark is not in the set: it stays, as robots.txt parsers keep it.
    expect(trimmedOf('\ufeff a ', ' ')).toBe('\ufeff a')
    const long = `x${' '.repeat(100_000)}a`
    expect(trimmedOf(long, ' ')).toBe(long)
    expect(withoutTrailing(`${long}${' .'.repeat(50_000)}`, `${WHITESPACE}.`)).toBe(long)
  })

  it('of whitespace is what \\s matches, no more and no less', () => {
    const all = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
    expect([...WHITESPACE].sort()).toEqual(all.filter(character => /\s/.test(character)))
  })

  it('is never read by a regex in src/, scripts/ or emulator/ (code, not comments)', () => {
    expect(TRAILING_RUN_REGEX.test('text.replace(/[\\s.]+$/, "")')).toBe(true)
    expect(TRAILING_RUN_REGEX.test('text.replace(/^[ \\t]+|[ \\t]+$/g, "")')).toBe(true)
    expect(TRAILING_RUN_REGEX.test('url.replace(/\\/+$/, "")')).toBe(true)
    expect(TRAILING_RUN_REGEX.test('/^\\d+$/.test(text)')).toBe(false)
    expect(TRAILING_RUN_REGEX.test('/^[A-Za-z0-9_.*-]*$/')).toBe(false)
    const found: string[] = []
    for (const file of FOLDERS.flatMap(sourceFiles)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const code = line.trim()
          if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return
          if (TRAILING_RUN_REGEX.test(code)) found.push(`${file.slice(ROOT.length)}:${index + 1}`)
        })
    }
    expect(found).toEqual([])
  })
})
