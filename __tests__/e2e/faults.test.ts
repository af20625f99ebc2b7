/**
 * The fault suite, short variant: 2,000 URLs in batches of 10 (200 requests; FUZZ_SEED sets
 * another seed than the fixed one: __tests__/support/fuzz.ts) through
 * dist/index.js while the emulator injects seeded random 503s, 429s with Retry-After, dropped
 * connections and answers slower than timeout_seconds. Judged from the emulator's state and
 * request log: every URL purged, and a URL purged twice only when an earlier purge of it was
 * processed but its answer came after the client's timeout. The long variant is
 * `node scripts/fault-suite.mjs`; both use __tests__/support/fault-run.mjs.
 *
 * Needs the bundle: the action's real timeouts and retries against dropped connections and
 * slow answers, in the step's own process as the runner starts it, at the scale of 200
 * requests (the checker's own tests are in __tests__/unit/fault-run-analysis.test.ts).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { DEFAULT_SCENARIO, runFaultScenario } from '../support/fault-run.mjs'
import './helpers.js' // fails early, with the fix, when dist/index.js is missing
import { fuzzSeed } from '../support/fuzz.js'

// Not fewer URLs on each commit: at 1,000 (100 requests) the fixed seed injects no dropped
// connection, and the test requires every kind of fault. At 200 requests a kind is missed with
// a chance of 0.94^200, 4 in a million, so any FUZZ_SEED exercises them all.
const SCENARIO = { seed: fuzzSeed(DEFAULT_SCENARIO.seed) }

const lines: string[] = []
afterAll(() => {
  if (lines.length > 0) console.log(lines.join('\n'))
})

describe('purging under random faults', () => {
  it(`purges all ${DEFAULT_SCENARIO.urls} URLs exactly as often as needed`, async () => {
    const outcome = await runFaultScenario(SCENARIO)
    const { report } = outcome
    lines.push(
      outcome.line,
      `  seed ${outcome.scenario.seed}, ${report.requests} requests, ` +
        `${JSON.stringify(report.byKind)}, ${report.neededDuplicates} needed duplicate purges, ` +
        `${(outcome.durationMs / 1000).toFixed(1)} s`
    )
    expect(outcome.problems).toEqual([])
    expect(report.lost).toBe(0)
    expect(report.needlessDuplicates).toEqual([])
    expect(report.survived).toBe(report.injected)
    // Every kind of fault was really exercised, or the run proves less than it claims.
    for (const kind of ['503', '429', 'drop', 'slow']) {
      expect(report.byKind[kind] ?? 0).toBeGreaterThan(0)
    }
    expect(outcome.line).toMatch(/^faults: \d+ injected, \d+ survived, 0 lost$/)
  }, 120_000)
})
