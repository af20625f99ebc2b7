/**
 * The key as a service could echo it back in other spellings, and text as a reader could decode
 * it: shared by the end-to-end security test (one spelling on the bundle) and the run-level one
 * (the others in process).
 */
import { expect } from '@jest/globals'
import type { RunResult } from '../../scripts/run-action.mjs'
import { API_KEY, errorsOf, visibleText } from './run-result.js'

const everyByte = (text: string): string =>
  [...Buffer.from(text)].map(byte => `%${byte.toString(16).padStart(2, '0')}`).join('')
const references = (text: string, spell: (code: number) => string): string =>
  [...text].map(character => `&#${spell(character.codePointAt(0) ?? 0)};`).join('')

/** Upper case, every byte percent-encoded (lower and upper hex), decimal and hex references. */
export const KEY_SPELLINGS: readonly string[] = [
  API_KEY.toUpperCase(),
  everyByte(API_KEY),
  everyByte(API_KEY).toUpperCase(),
  references(API_KEY, code => `00${code}`),
  references(API_KEY, code => `x${code.toString(16)}`)
]

/** Text as a reader could decode it: character references and percent escapes undone. */
export function decoded(text: string): string {
  let previous = ''
  let current = text
  while (current !== previous) {
    previous = current
    current = current
      .replace(/&#[xX]([0-9a-fA-F]+);/g, (_, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16))
      )
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&')
      .replace(/(?:%[0-9a-fA-F]{2})+/g, escapes => {
        try {
          return decodeURIComponent(escapes)
        } catch {
          return escapes
        }
      })
  }
  return current
}

/**
 * A run whose service refused with `no such key: <spelling>`: it failed, and the message is kept
 * in the error and the summary with the key hidden, in no spelling a reader could decode.
 */
export function expectEchoedKeyHidden(result: RunResult, spelling: string): void {
  expect(result.exitCode).toBe(1)
  expect(errorsOf(result).join('\n')).toContain('no such key: ***')
  expect(result.summary).toContain('no such key: ***')
  for (const text of [visibleText(result), decoded(visibleText(result))]) {
    expect(text.toLowerCase()).not.toContain('k3y/with')
    expect(text).not.toContain(spelling)
  }
}
