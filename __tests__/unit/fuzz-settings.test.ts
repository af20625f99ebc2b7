/** FUZZ_RUNS and FUZZ_SEED, which every fuzzer reads (__tests__/support/fuzz.ts). */
import { describe, expect, it } from '@jest/globals'
import { parseFuzzRuns, parseFuzzSeed } from '../support/fuzz.js'

describe('FUZZ_RUNS', () => {
  it('is the per-commit counts unset, the full ones as "full", or a count for every fuzzer', () => {
    expect(parseFuzzRuns(undefined)).toEqual({ kind: 'per-commit' })
    expect(parseFuzzRuns(' ')).toEqual({ kind: 'per-commit' })
    expect(parseFuzzRuns('full')).toEqual({ kind: 'full' })
    expect(parseFuzzRuns('250')).toEqual({ kind: 'fixed', runs: 250 })
  })

  it('refuses anything else, naming the variable and the value', () => {
    for (const value of ['0', '-5', '1.5', 'FULL', 'lots', '1e3']) {
      expect(() => parseFuzzRuns(value)).toThrow(
        `FUZZ_RUNS: "${value}" is neither "full" nor a whole number from 1.`
      )
    }
  })
})

describe('FUZZ_SEED', () => {
  it('is unset or the integer seed a failure printed', () => {
    expect(parseFuzzSeed(undefined)).toBeUndefined()
    expect(parseFuzzSeed('')).toBeUndefined()
    expect(parseFuzzSeed('20251122')).toBe(20_251_122)
    expect(parseFuzzSeed('-1934512')).toBe(-1_934_512)
  })

  it('refuses a value that is not one, naming the variable and the value', () => {
    for (const value of ['abc', '1.5', '99999999999']) {
      expect(() => parseFuzzSeed(value)).toThrow(
        `FUZZ_SEED: "${value}" is not an integer (a seed a failure printed).`
      )
    }
  })
})
