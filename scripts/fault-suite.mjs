// @ts-check
/**
 * The fault suite, long variant: the same run and the same checks as
 * __tests__/e2e/faults.test.ts (both use __tests__/support/fault-run.mjs), with more URLs and
 * several seeds. Needs dist/index.js (npm run bundle); no other build.
 *
 *   node scripts/fault-suite.mjs [--urls 10000] [--seed N | --seeds K] [--batch-size 10]
 *                                [--concurrency 4] [--max-attempts 10]
 *
 * Prints one figure line per seed and, with several seeds, a total; exits 1 when a URL is
 * lost, a needless duplicate purge appears, or the action reports anything but success.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ACTION_ENTRY } from './run-action.mjs'
import { DEFAULT_SCENARIO, figureLine, runFaultScenario } from '../__tests__/support/fault-run.mjs'

const USAGE =
  'usage: node scripts/fault-suite.mjs [--urls 10000] [--seed N | --seeds K] [--batch-size 10] [--concurrency 4] [--max-attempts 10]'

/**
 * @param {string | undefined} text
 * @param {string} name
 * @param {number} fallback
 */
function positiveInteger(text, name, fallback) {
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    console.error(`--${name} must be a whole number >= 1, got ${JSON.stringify(text)}\n${USAGE}`)
    process.exit(2)
  }
  return Number(text)
}

let values
try {
  ;({ values } = parseArgs({
    options: {
      urls: { type: 'string' },
      seed: { type: 'string' },
      seeds: { type: 'string' },
      'batch-size': { type: 'string' },
      concurrency: { type: 'string' },
      'max-attempts': { type: 'string' },
      help: { type: 'boolean', short: 'h' }
    }
  }))
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  process.exit(2)
}
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
if (!existsSync(ACTION_ENTRY)) {
  console.error(`${ACTION_ENTRY} is missing: run \`npm run bundle\` first.`)
  process.exit(2)
}

const urls = positiveInteger(values.urls, 'urls', 10_000)
const firstSeed = positiveInteger(values.seed, 'seed', DEFAULT_SCENARIO.seed)
const seedCount = values.seed !== undefined ? 1 : positiveInteger(values.seeds, 'seeds', 3)
const overrides = {
  urls,
  batchSize: positiveInteger(values['batch-size'], 'batch-size', DEFAULT_SCENARIO.batchSize),
  concurrency: positiveInteger(values.concurrency, 'concurrency', DEFAULT_SCENARIO.concurrency),
  maxAttempts: positiveInteger(values['max-attempts'], 'max-attempts', DEFAULT_SCENARIO.maxAttempts)
}

const total = { injected: 0, survived: 0, lost: 0 }
let failed = false
for (let k = 0; k < seedCount; k++) {
  const seed = firstSeed + k
  let outcome
  try {
    outcome = await runFaultScenario({ ...overrides, seed })
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  }
  const { report } = outcome
  total.injected += report.injected
  total.survived += report.survived
  total.lost += report.lost
  console.log(outcome.line)
  console.log(
    `  seed ${seed}: ${urls} URLs, ${report.requests} requests, ${JSON.stringify(report.byKind)}, ` +
      `${report.neededDuplicates} needed duplicate purges, ${report.needlessDuplicates.length} needless, ` +
      `${(outcome.durationMs / 1000).toFixed(1)} s`
  )
  for (const problem of outcome.problems) console.log(`  PROBLEM: ${problem}`)
  if (outcome.problems.length > 0) failed = true
}
if (seedCount > 1) {
  console.log(`total over ${seedCount} seeds:`)
  console.log(figureLine(total))
}
process.exit(failed ? 1 : 0)
