/**
 * How many cases each fuzzer (fast-check property) tries, from one variable, so that a commit's
 * CI stays short and the scheduled workflow (.github/workflows/scheduled.yml) runs the full
 * counts:
 *
 *   FUZZ_RUNS unset   each property's per-commit count: a few hundred, seconds a file
 *   FUZZ_RUNS=full    each property's full count (what the suite ran on every commit before)
 *   FUZZ_RUNS=N       N runs for every property (N a whole number from 1)
 *   FUZZ_SEED=S       every property starts from seed S instead of its own fixed one: replays
 *                     the run whose seed a failure printed (the fault suite's seed too; its
 *                     2,000 URLs are not runs and stay)
 *
 * A bad value fails the file at once, naming the variable and the value.
 */
import fc from 'fast-check'

export type FuzzRuns = { kind: 'per-commit' } | { kind: 'full' } | { kind: 'fixed'; runs: number }

/** FUZZ_RUNS read; throws on a value that is neither `full` nor a whole number from 1. */
export function parseFuzzRuns(value: string | undefined): FuzzRuns {
  const text = value?.trim() ?? ''
  if (text === '') return { kind: 'per-commit' }
  if (text === 'full') return { kind: 'full' }
  if (/^[1-9]\d*$/.test(text)) return { kind: 'fixed', runs: Number(text) }
  throw new Error(`FUZZ_RUNS: "${value}" is neither "full" nor a whole number from 1.`)
}

/** FUZZ_SEED read; undefined when unset; throws on a value that is not a 32-bit integer. */
export function parseFuzzSeed(value: string | undefined): number | undefined {
  const text = value?.trim() ?? ''
  if (text === '') return undefined
  const seed = Number(text)
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(seed) || Math.abs(seed) > 2 ** 31) {
    throw new Error(`FUZZ_SEED: "${value}" is not an integer (a seed a failure printed).`)
  }
  return seed
}

const FUZZ_RUNS = parseFuzzRuns(process.env['FUZZ_RUNS'])
const FUZZ_SEED = parseFuzzSeed(process.env['FUZZ_SEED'])

/** The runs a property makes: `perCommit` on each commit, `full` in the scheduled workflow. */
export function fuzzRuns(counts: { perCommit: number; full: number }): number {
  if (FUZZ_RUNS.kind === 'full') return counts.full
  if (FUZZ_RUNS.kind === 'fixed') return FUZZ_RUNS.runs
  return counts.perCommit
}

/** The seed a property starts from: FUZZ_SEED when set, else the property's own. */
export function fuzzSeed(own: number): number {
  return FUZZ_SEED ?? own
}

/**
 * fast-check's parameters for one property. fast-check names the seed and the path of a failing
 * case in its error; the line a test prints says which FUZZ_RUNS and FUZZ_SEED it ran with.
 */
export function fuzzParameters<T>(
  counts: { perCommit: number; full: number },
  own: number
): fc.Parameters<T> {
  return { numRuns: fuzzRuns(counts), seed: fuzzSeed(own) }
}

/** `FUZZ_RUNS=… FUZZ_SEED=…` as this run used them, for a test's closing line. */
export function fuzzSettings(): string {
  const runs =
    FUZZ_RUNS.kind === 'per-commit'
      ? 'per-commit counts (FUZZ_RUNS unset)'
      : `FUZZ_RUNS=${FUZZ_RUNS.kind === 'full' ? 'full' : FUZZ_RUNS.runs}`
  return `${runs}, ${FUZZ_SEED === undefined ? 'fixed seeds (FUZZ_SEED unset)' : `FUZZ_SEED=${FUZZ_SEED}`}`
}
