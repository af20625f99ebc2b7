/**
 * The raw inputs of a run as the action reads them: every input of action.yml empty, then the
 * ones given. The settings' tests build their runs from it.
 */
import { Input, type InputName } from '../../src/core/constants.js'
import type { RawInputs } from '../../src/plan/settings.js'

export function everyInput(given: Partial<Record<InputName, string>>): RawInputs {
  const empty = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return { ...empty, ...given }
}

/** A purge of one tag verified at www.example.com, with `given` on top. */
export function verifiedRun(given: Partial<Record<InputName, string>>): RawInputs {
  return everyInput({
    api_key: 'k3y',
    base_url: 'https://api.example.com',
    tags: 'a',
    verify: 'true',
    site_url: 'https://www.example.com',
    ...given
  })
}
