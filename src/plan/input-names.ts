/**
 * Refuses input variables the action would not read. The runner passes every `with:` key to the
 * action as an `INPUT_<KEY>` environment variable and only warns about a key that action.yml
 * does not declare, so `dryrun: true` would be ignored and the purge sent for real. Here every
 * environment variable named `INPUT_…` (in any case) must be one the action reads:
 *
 * - `INPUT_<NAME>` for one of the action's inputs (upper case, as the runner and
 *   `@github/local-action` name them): read, fine.
 * - The same name in another case (`INPUT_dry_run`, from a step's `env:` or a `.env` file):
 *   fine when it holds what the action reads for that input (on Windows the environment's names
 *   ignore case, so it is the same variable); otherwise a problem, since the action reads only
 *   the upper-case name.
 * - Any other name: a problem, naming the closest input ("did you mean `dry_run`?"), or listing
 *   the inputs when none is close. This includes `INPUT_…` variables a workflow sets in `env:`
 *   for some other tool: set them on that tool's step, not on the job.
 * - Under `act` (`ACT` set), which passes a composite action's own inputs to the steps inside
 *   it (nektos/act#2874), a name close to none of the inputs is a warning instead: it is more
 *   likely the enclosing action's input than a misspelling. A close name is still refused.
 *
 * Pure: the variables and what the action read come in, problems go to Diagnostics.
 */
import { Input, type InputName } from '../core/constants.js'
import type { Diagnostics } from '../core/diagnostics.js'
import type { RawInputs } from './settings.js'

export const INPUT_PREFIX = 'INPUT_'

/** The environment as far as input names go: read by action-io.ts, judged here. */
export interface InputEnvironment {
  /** Every environment variable whose name starts with `INPUT_`, in any case. */
  readonly variables: Readonly<Record<string, string>>
  /** Running under nektos/act, which exports a composite action's inputs to its steps. */
  readonly underAct: boolean
}

const INPUT_NAMES: readonly InputName[] = Object.values(Input)

/** The variable the runner (and @actions/core's getInput) uses for an input. */
export function inputVariable(name: string): string {
  return `${INPUT_PREFIX}${name.replace(/ /g, '_').toUpperCase()}`
}

/**
 * Reports each input variable the action does not read; `read` is what it read for each input.
 * One problem per variable, so one error annotation each.
 */
export function checkInputVariables(
  environment: InputEnvironment,
  read: RawInputs,
  diag: Diagnostics
): void {
  const names = Object.keys(environment.variables).sort()
  // Each input by its variable: one lookup per variable, not a search of every input.
  const inputOf = new Map(INPUT_NAMES.map(name => [inputVariable(name), name]))
  for (const variable of names) {
    if (variable.slice(0, INPUT_PREFIX.length).toUpperCase() !== INPUT_PREFIX) continue
    const given = variable.slice(INPUT_PREFIX.length)
    const known = inputOf.get(inputVariable(given))
    if (known !== undefined) {
      if (variable === inputVariable(known)) continue
      if (environment.variables[variable] === read[known]) continue
      diag.problemOfInputs(
        [known],
        `The environment variable '${variable}' is not read: the action reads '${inputVariable(known)}' for the input '${known}' (input variables are upper case). Rename it, or give '${known}' under 'with:'.`
      )
      continue
    }
    const shown = given.toLowerCase()
    const suggestions = closestInputs(shown)
    if (suggestions.length === 0 && environment.underAct) {
      diag.warn(
        `'${shown}' (${variable}) is not an input of this action and is ignored. act passes a composite action's own inputs to the steps inside it (nektos/act#2874); if it is not one of those, check its spelling.`
      )
      continue
    }
    diag.problemOfInputs(
      [shown],
      `'${shown}' is not an input of this action${suggestionText(shown, suggestions)} (It arrives as ${variable}, which the action does not read.)`
    )
  }
}

function suggestionText(given: string, suggestions: readonly InputName[]): string {
  if (suggestions.length === 0) {
    return `. The inputs are: ${INPUT_NAMES.join(', ')}.`
  }
  const quoted = suggestions.map(name => `'${name}'`)
  const last = quoted.pop() as string
  const options = quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last
  const underscores =
    /[- ]/.test(given) && suggestions.some(name => name === normalize(given))
      ? ' (input names use underscores)'
      : ''
  return `; did you mean ${options}?${underscores}`
}

/**
 * The inputs a misspelt name most likely meant: those within a small edit distance (ignoring
 * case, and `-` or a space for `_`), the nearest first; else those sharing a word with it
 * (`timeout` → `timeout_seconds`), at most three; else none.
 */
export function closestInputs(given: string): InputName[] {
  const name = normalize(given)
  if (name === '') return []
  const distances = INPUT_NAMES.map(input => ({ input, distance: editDistance(name, input) }))
  const close = distances.filter(({ distance }) => distance <= allowedDistance(name))
  if (close.length > 0) {
    const best = Math.min(...close.map(({ distance }) => distance))
    return close.filter(({ distance }) => distance === best).map(({ input }) => input)
  }
  const words = new Set(name.split('_').filter(word => word.length >= 3))
  const sharing = distances
    .map(entry => ({ ...entry, shared: entry.input.split('_').filter(w => words.has(w)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || a.distance - b.distance)
  return sharing.slice(0, 3).map(({ input }) => input)
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/[- ]/g, '_')
}

/** Short names allow fewer edits: `url` is close to `urls`, not to `mode`. */
function allowedDistance(name: string): number {
  return name.length <= 4 ? 1 : name.length <= 7 ? 2 : 3
}

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = []
  for (let i = 0; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j)
        continue
      }
      const above = rows[i - 1] as number[]
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1)
      }
      row.push(best)
    }
    rows.push(row)
  }
  return (rows[a.length] as number[])[b.length] as number
}
