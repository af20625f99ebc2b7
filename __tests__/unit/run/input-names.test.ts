/**
 * A `with:` key the action does not have fails the step before anything is sent, in process:
 * the step's INPUT_* variables as the runner sets them, read by the real run(). Without the
 * check, a misspelt `dryrun: true` would purge for real. On the bundle
 * (__tests__/e2e/input-names.test.ts): a lower-case INPUT_ variable in a real process's
 * environment.
 */
import { describe, expect, it } from '@jest/globals'
import { API_KEY, errorsOf, runWith, useEmulator, warningsOf } from './helpers.js'

const emulator = useEmulator({ apiKey: API_KEY })

describe('inputs the action does not have', () => {
  it('a misspelt dry_run fails the step, names the input to write, and sends nothing', async () => {
    const cached = emulator().state().cachedCount
    const result = await runWith(emulator().url, { tags: 'blog', dryrun: 'true' })
    expect(result.exitCode).toBe(1)
    expect(emulator().state().requestCount).toBe(0)
    expect(emulator().state().cachedCount).toBe(cached)
    expect(errorsOf(result)).toEqual([
      "'dryrun' is not an input of this action; did you mean 'dry_run'? (It arrives as INPUT_DRYRUN, which the action does not read.)"
    ])
    expect(result.outputs['status']).toBe('failed')
    expect(result.outputs['verify_status']).toBe('skipped')
    expect(result.stdout).toContain('1 input problem; nothing was sent.')
    expect(result.summary).toMatch(/^<h2>❌ Cache purge: 1 input problem, nothing sent<\/h2>/)
    expect(result.summary).toContain('did you mean &#39;dry&#95;run&#39;?')
  })

  it('lists the inputs when nothing is close, one annotation per problem with the others', async () => {
    const result = await runWith(emulator().url, { tags: 'blog', flush_cdn: 'yes', country: 'QQ' })
    expect(result.exitCode).toBe(1)
    expect(emulator().state().requestCount).toBe(0)
    const errors = errorsOf(result)
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatch(
      /^'flush_cdn' is not an input of this action\. The inputs are: api_key, /
    )
    expect(errors[1]).toMatch(/^Input 'country' "QQ"/)
  })

  it('accepts an input written in upper case under with: (the runner upper-cases it)', async () => {
    const result = await runWith(emulator().url, { tags: 'blog', DRY_RUN: 'true' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('dry-run')
    expect(emulator().state().requestCount).toBe(0)
  })

  it('under act, warns about a name close to no input (a composite action’s own input)', async () => {
    const result = await runWith(
      emulator().url,
      { tags: 'blog' },
      { ACT: 'true', INPUT_WEBSITE_NAME_FOR_CI: 'docs' }
    )
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('purged')
    expect(warningsOf(result)).toEqual([
      expect.stringContaining("'website_name_for_ci' (INPUT_WEBSITE_NAME_FOR_CI) is not an input")
    ])
  })
})
