/**
 * One source for each default: action.yml declares what the runner fills in, and the parser
 * applies the same when an input arrives empty (a step that passes '' on purpose, @github/
 * local-action without the default, the CLI). Each is checked against the other, so a default
 * changed in one place fails here instead of meaning two things.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { Input, Output, type InputName } from '../../src/core/constants.js'
import { OUTPUT_DEFAULTS } from '../../src/report/output-defaults.js'
import { INPUT_DEFAULTS } from '../../src/plan/settings.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string; required?: boolean }>
  outputs: Record<string, { description: string }>
}

/** A default the runner evaluates (`${{ github.token }}`): only the runner can apply it. */
const EXPRESSION = /^\$\{\{.*\}\}$/

describe("action.yml's defaults are the parser's", () => {
  it('declares every input the parser reads, and no other', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(Input).sort())
  })

  it.each(Object.values(Input))('%s: the same default in both', name => {
    const declared = action.inputs[name]?.default ?? ''
    const applied = INPUT_DEFAULTS[name as InputName] ?? ''
    if (EXPRESSION.test(declared)) {
      expect(applied).toBe('')
      return
    }
    expect(applied).toBe(declared)
  })
})

describe('outputs', () => {
  it('action.yml documents every output the code sets, and each has its value for "not set"', () => {
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(Output).sort())
    expect(Object.keys(OUTPUT_DEFAULTS).sort()).toEqual(Object.values(Output).sort())
  })
})
