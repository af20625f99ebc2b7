/**
 * scripts/ascii-bundle.mjs, the bundle step that writes what is beyond ASCII as escapes (issue 27:
 * Node 24 decodes a pure ASCII module faster).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'
import { escapeNonAscii } from '../../scripts/ascii-bundle.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const ascii = (text: string): string => (escapeNonAscii(text) as { text: string }).text
const isAscii = (text: string): boolean => [...text].every(c => c.charCodeAt(0) < 0x80)

describe('escapeNonAscii', () => {
  const source = [
    "const a = 'Dry run… ✅ café 😀';",
    'const b = `${a} — ${1 + 1} ⚠️`;',
    "const c = '\\\\é and \\é';", // a backslash then é; an identity escape of é
    'const d = /[…—]+|😀/u.exec("x — 😀")[0];',
    'const e = /café/i.test("CAFÉ");',
    '// a comment… with ✅',
    '[a, b, c, d, e]'
  ].join('\n')

  it('leaves pure ASCII text, with the same values', () => {
    const escaped = ascii(source)
    expect(isAscii(escaped)).toBe(true)
    expect(runInNewContext(escaped)).toEqual(runInNewContext(source))
  })

  it('counts each UTF-16 unit it escaped', () => {
    expect(escapeNonAscii("'…'")).toEqual({ text: "'\\u2026'", escaped: 1 })
    expect(escapeNonAscii("'😀'")).toEqual({ text: "'\\ud83d\\ude00'", escaped: 2 })
    expect(escapeNonAscii("'plain'")).toEqual({ text: "'plain'", escaped: 0 })
  })

  it('refuses a tagged template, whose tag would see the escape', () => {
    expect(() => ascii('String.raw`…`')).toThrow('tagged template')
  })

  it('finds nothing beyond ASCII in the committed bundles', () => {
    for (const bundle of ['dist/index.js', 'dist/cli/index.js']) {
      const text = readFileSync(join(ROOT, bundle), 'utf8')
      expect(isAscii(text)).toBe(true)
      // The messages still say what they said: an ellipsis and a check mark, as escapes.
      expect(text).toContain('\\u2026')
    }
  })
})
