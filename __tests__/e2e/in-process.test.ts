/**
 * The in-process run (support/run-in-process.ts), which the run-level tests of
 * __tests__/unit/run/ use, against the bundle as the runner starts it: for the same step they
 * must print the same log, the same workflow commands (the key's masks included), the same
 * outputs and the same summary, or those tests would prove something of another run.
 *
 * Needs the bundle: it is the comparison of the two, one row for each kind of run the moved
 * tests make (a purge, a dry run, an input problem, a misnamed input).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { runAction, type RunOptions } from '../../scripts/run-action.mjs'
import { runInProcess } from '../support/run-in-process.js'
import { API_KEY } from './helpers.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ apiKey: API_KEY, latencyMs: 0 })
})
afterAll(async () => {
  await emulator.close()
})
beforeEach(() => emulator.reset())

/** What both runs show, without what differs between any two runs: times, the service's ids. */
async function bothWays(options: RunOptions): Promise<unknown[]> {
  const shown = []
  for (const run of [runAction, runInProcess]) {
    const { exitCode, stdout, stderr, outputs, summary, commands } = await run(options)
    const text = JSON.stringify({ exitCode, stdout, stderr, outputs, summary, commands })
    shown.push(JSON.parse(text.replace(RUN_TO_RUN, '…')) as unknown)
  }
  return shown
}

const RUN_TO_RUN =
  /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z|\b\d+(\.\d+)? m?s\b|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

describe('the in-process run and the bundle', () => {
  it.each([
    ['a purge by tag and URL', { tags: 'blog', urls: '/about\n/contact' }],
    ['a pattern dry run', { pattern: '#^/blog/#', dry_run: 'true' }],
    ['an input problem', { tags: 'blog', dry_run: 'maybe' }],
    ['a misspelt input', { tags: 'blog', dryrun: 'true' }]
  ])('show the same for %s', async (_, inputs: Record<string, string>) => {
    const [child, inProcess] = await bothWays({
      inputs: { api_key: API_KEY, base_url: emulator.url, ...inputs }
    })
    expect(inProcess).toEqual(child)
  })
})
