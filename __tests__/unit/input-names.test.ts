/**
 * Input variables the action does not read are refused: a misspelt `dryrun: true` must not purge
 * for real because the runner only warns about it.
 */
import { describe, expect, it } from '@jest/globals'
import { Input, type InputName } from '../../src/core/constants.js'
import { Diagnostics, problemMessagesByInput } from '../../src/core/diagnostics.js'
import {
  checkInputVariables,
  closestInputs,
  editDistance,
  inputVariable,
  type InputEnvironment
} from '../../src/plan/input-names.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'

/** What the action reads for each input, as core.getInput would from these variables. */
function readAsCore(variables: Record<string, string>): RawInputs {
  const read = {} as Record<InputName, string>
  for (const name of Object.values(Input)) read[name] = variables[inputVariable(name)] ?? ''
  return read
}

function check(variables: Record<string, string>, options: Partial<InputEnvironment> = {}) {
  const diag = new Diagnostics()
  const environment = { variables, underAct: false, ...options }
  checkInputVariables(environment, readAsCore(variables), diag)
  return { diag, errors: problemMessagesByInput(diag.problems) }
}

const REQUIRED = { INPUT_API_KEY: 'k', INPUT_BASE_URL: 'https://purge.example.com' }

describe('input variables the action does not read', () => {
  it('accepts the variable of every declared input', () => {
    const every = Object.fromEntries(Object.values(Input).map(name => [inputVariable(name), 'x']))
    expect(check(every).diag.problems).toEqual([])
  })

  it('ignores environment variables that are not input variables', () => {
    expect(check({ ...REQUIRED, INPUTS: 'x', MY_INPUT_DRYRUN: 'x', PATH: '/bin' }).errors).toEqual(
      []
    )
  })

  it('refuses a misspelt input, naming the closest one', () => {
    const { errors, diag } = check({ ...REQUIRED, INPUT_DRYRUN: 'true' })
    expect(errors).toEqual([
      "'dryrun' is not an input of this action; did you mean 'dry_run'? (It arrives as INPUT_DRYRUN, which the action does not read.)"
    ])
    expect(diag.ok).toBe(false)
  })

  it.each([
    ['INPUT_TAG', ['tags']],
    ['INPUT_URL', ['urls']],
    ['INPUT_APIKEY', ['api_key']],
    ['INPUT_DYR_RUN', ['dry_run']],
    ['INPUT_VERIFY_URL', ['verify_urls']],
    ['INPUT_COUNTRIES', ['country']],
    ['INPUT_SITEMAPS', ['sitemap']],
    ['INPUT_TIMEOUT', ['timeout_seconds', 'verify_timeout_seconds', 'origin_timeout_seconds']],
    ['INPUT_TOKEN', ['github_token']]
  ])('%s: did you mean %j?', (variable, expected) => {
    const { errors } = check({ ...REQUIRED, [variable]: 'x' })
    expect(errors).toHaveLength(1)
    const quoted = expected.map(name => `'${name}'`)
    expect(errors[0]).toContain(
      `did you mean ${quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0]}?`
    )
  })

  it('says that input names use underscores when a hyphen was written', () => {
    const { errors } = check({ ...REQUIRED, 'INPUT_DRY-RUN': 'true' })
    expect(errors).toEqual([
      "'dry-run' is not an input of this action; did you mean 'dry_run'? (input names use underscores) (It arrives as INPUT_DRY-RUN, which the action does not read.)"
    ])
  })

  it('lists the inputs when no input is close', () => {
    const { errors } = check({ ...REQUIRED, INPUT_FLUSH_CDN: 'true' })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^'flush_cdn' is not an input of this action\. The inputs are: /)
    for (const name of Object.values(Input)) expect(errors[0]).toContain(name)
  })

  it('gives one problem per variable, and never quotes a value (it may be a secret)', () => {
    const { errors } = check({
      ...REQUIRED,
      INPUT_APIKEY: 'secret-value-1',
      INPUT_DRYRUN: 'true',
      INPUT_XYZZY: 'secret-value-2'
    })
    expect(errors).toHaveLength(3)
    expect(errors.join('\n')).not.toMatch(/secret-value/)
  })

  describe('an input given in lower and upper case', () => {
    it('is fine when both hold the same value', () => {
      expect(check({ ...REQUIRED, INPUT_DRY_RUN: 'true', INPUT_dry_run: 'true' }).errors).toEqual(
        []
      )
    })

    it('is refused when the lower-case one alone is given: the action reads only INPUT_DRY_RUN', () => {
      const { errors } = check({ ...REQUIRED, INPUT_dry_run: 'true' })
      expect(errors).toEqual([
        "The environment variable 'INPUT_dry_run' is not read: the action reads 'INPUT_DRY_RUN' for the input 'dry_run' (input variables are upper case). Rename it, or give 'dry_run' under 'with:'."
      ])
    })

    it('is refused when the two disagree (the runner set the default, .env the other)', () => {
      const { errors } = check({ ...REQUIRED, INPUT_DRY_RUN: 'false', input_dry_run: 'true' })
      expect(errors).toHaveLength(1)
      expect(errors[0]).toContain("'input_dry_run' is not read")
    })

    it('is fine when the environment ignores case (Windows): the action read that value', () => {
      const diag = new Diagnostics()
      const variables = { ...REQUIRED, Input_Dry_Run: 'true' }
      const read = { ...readAsCore(variables), dry_run: 'true' }
      checkInputVariables({ variables, underAct: false }, read, diag)
      expect(diag.problems).toEqual([])
    })
  })

  describe('under act, which passes a composite action’s inputs to its steps', () => {
    it('warns about a name close to no input', () => {
      const { diag } = check({ ...REQUIRED, INPUT_WEBSITE_NAME_FOR_CI: 'x' }, { underAct: true })
      expect(diag.problems).toEqual([])
      expect(diag.warnings).toEqual([
        expect.stringContaining("'website_name_for_ci' (INPUT_WEBSITE_NAME_FOR_CI) is not an input")
      ])
    })

    it('still refuses a misspelling', () => {
      const { errors } = check({ ...REQUIRED, INPUT_DRYRUN: 'true' }, { underAct: true })
      expect(errors[0]).toContain("did you mean 'dry_run'?")
    })
  })

  it('comes before the other input problems, and no settings come back', async () => {
    const variables = { ...REQUIRED, INPUT_TAGS: 'a', INPUT_DRYRUN: 'true', INPUT_COUNTRY: 'QQ' }
    const diag = new Diagnostics()
    const read = readAsCore(variables)
    checkInputVariables({ variables, underAct: false }, read, diag)
    const { settings, diagnostics } = await parseInputs(read, diag)
    expect(settings).toBeUndefined()
    expect(diagnostics.problems.map(problem => problem.input)).toEqual(['dryrun', 'country'])
  })
})

describe('closestInputs and editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(editDistance('dryrun', 'dry_run')).toBe(1)
    expect(editDistance('dyr_run', 'dry_run')).toBe(1)
    expect(editDistance('mode', 'node')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  it('keeps short names strict: one edit at most for four letters or fewer', () => {
    expect(closestInputs('mod')).toEqual(['mode'])
    expect(closestInputs('xyz')).toEqual([])
  })
})
