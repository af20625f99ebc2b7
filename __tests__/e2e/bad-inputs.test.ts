/**
 * The bad-input suite end to end: a sample of the generated bad inputs of
 * __tests__/support/bad-inputs.ts, each refused by the parser, run through dist/index.js in a
 * child process as the runner runs it: exit code 1, no stack trace, errors that name real
 * inputs, `status: failed`, nothing sent to the emulator, the key nowhere.
 *
 * 24 runs on each commit, 60 with FUZZ_RUNS=full (the scheduled workflow); FUZZ_SEED picks
 * another sample (__tests__/support/fuzz.ts). Prints `bad inputs end to end: N tried, N refused
 * cleanly, N crashes, N leaks` at the end, with the FUZZ_RUNS and FUZZ_SEED it ran with.
 *
 * Needs the bundle: a crash of the bundled step (an uncaught error, a stack trace on stderr, an
 * exit code other than 1) shows only in a process of its own; the parser's side of the suite
 * runs in process (__tests__/unit/bad-inputs.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { Input, type InputName } from '../../src/core/constants.js'
import { parseInputs } from '../../src/plan/settings.js'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import {
  allInputs,
  API_KEY,
  HUGE,
  namesRealInputs,
  preview,
  SEED,
  showsKey
} from '../support/bad-inputs.js'
import { errorsOf, runWith, visibleText } from './helpers.js'
import { fuzzRuns, fuzzSeed, fuzzSettings } from '../support/fuzz.js'

const counts = { tried: 0, refusedCleanly: 0, crashes: 0, leaks: 0 }
afterAll(() => {
  console.log(
    `bad inputs end to end: ${counts.tried} tried, ${counts.refusedCleanly} refused cleanly, ${counts.crashes} crashes, ${counts.leaks} leaks (${fuzzSettings()})`
  )
})

describe('bad inputs end to end', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ apiKey: API_KEY })
  })
  afterAll(async () => {
    await emulator.close()
  })

  // Node processes, four at a time: 60 took about 40 s on a quiet 2-core machine, 120 s and more
  // when other work loads it. The bound only stops a run that hangs.
  const E2E_RUNS = fuzzRuns({ perCommit: 24, full: 60 })
  const STACK_LINE = /^\s+at .+/m
  const NODE_ERROR = /\b(?:[A-Z][a-z]+)?Error(?: \[ERR_[A-Z_]+\])?:|Unexpected error/

  /** The runner passes inputs as environment variables: no NUL, one variable < 128 KiB. */
  function asEnvironment(value: string): string {
    let text = value.split('\u0000').join('')
    while (Buffer.byteLength(text, 'utf8') > HUGE) text = text.slice(0, Math.floor(text.length / 2))
    return text
  }

  it(`refuses ${E2E_RUNS} generated bad runs cleanly: exit 1, no stack, nothing sent, no key`, async () => {
    const generatedRuns = fc.tuple(allInputs, fc.boolean()).map(([record, keepBaseUrl]) => {
      const inputs = Object.fromEntries(
        Object.entries(record).map(([name, value]) => [name, asEnvironment(value)])
      ) as Record<InputName, string>
      // Mostly aimed at the emulator, so "nothing was sent" is checked where it would land.
      if (keepBaseUrl) inputs[Input.BaseUrl] = emulator.url
      inputs[Input.ApiKey] = API_KEY
      return inputs
    })
    // Keep the first E2E_RUNS that the parser refuses; inputs that make it throw are kept too:
    // the run must still end cleanly.
    const samples: Record<InputName, string>[] = []
    for (const inputs of fc.sample(generatedRuns, {
      seed: fuzzSeed(SEED),
      numRuns: E2E_RUNS * 20
    })) {
      if (samples.length === E2E_RUNS) break
      const refused = await parseInputs(inputs).then(
        parsed => parsed.settings === undefined,
        () => true
      )
      if (refused) samples.push(inputs)
    }
    expect(samples).toHaveLength(E2E_RUNS)

    const failures: string[] = []
    // Four children at a time: each run is a separate node process.
    for (let start = 0; start < samples.length; start += 4) {
      const batch = samples.slice(start, start + 4)
      emulator.reset()
      const runs = await Promise.all(
        batch.map(inputs => {
          const { api_key, base_url, ...rest } = inputs
          return runWith(base_url, { ...rest, api_key }, {}, { 'github.token': 'ghs_t' })
        })
      )
      runs.forEach((result, k) => {
        counts.tried++
        const what = `run ${start + k} ${preview(batch[k] as Record<string, string>)}`
        const output = `${result.stdout}\n${result.stderr}`
        const crashed = STACK_LINE.test(output) || NODE_ERROR.test(result.stderr)
        if (crashed || /Unexpected error/.test(result.stdout)) {
          counts.crashes++
          failures.push(`${what}: crashed:\n${output.slice(0, 600)}`)
        }
        if (showsKey(visibleText(result))) {
          counts.leaks++
          failures.push(`${what}: the API key shows`)
        }
        if (result.exitCode !== 1) failures.push(`${what}: exit code ${result.exitCode}`)
        const errors = errorsOf(result)
        // "Nothing to purge: give at least one of the inputs 'tags', 'urls' or 'pattern' ..."
        const named = errors.filter(
          error => error.startsWith("Input '") || error.startsWith('Nothing to purge:')
        )
        const allNamed = named.every(error => {
          const listed = /^Nothing to purge: give at least one of the inputs ([^(]*)/.exec(error)
          const names = listed
            ? [...(listed[1] ?? '').matchAll(/'([^']*)'/g)].map(match => match[1] ?? '')
            : [/^Input '([^']*)'/.exec(error)?.[1] ?? '']
          return names.length > 0 && names.every(namesRealInputs)
        })
        if (named.length === 0 || !allNamed) {
          failures.push(`${what}: errors do not name real inputs: ${errors.join(' | ')}`)
        } else if (!crashed && result.exitCode === 1) {
          counts.refusedCleanly++
        }
        if (result.outputs['status'] !== 'failed') {
          failures.push(`${what}: status output ${result.outputs['status']}`)
        }
      })
      if (emulator.state().requestCount !== 0) {
        failures.push(`runs ${start}..${start + batch.length - 1}: the emulator received requests`)
      }
    }
    expect(failures).toEqual([])
  }, 300_000)
})
