/**
 * Every documented output as a later step reads it, on the bundle: set through the runner's output
 * file (GITHUB_OUTPUT) by dist/index.js in a child, with every list output valid JSON, even after
 * an input error, where the run stops before anything is sent. Needs the bundle: the output file as
 * the bundled @actions/core writes it and the runner reads it. The other paths (a refused purge, a
 * dry run, a verify job, shards, malformed lists) run in process
 * (__tests__/unit/run/outputs.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { expectEveryOutput } from '../support/every-output.js'
import { API_KEY, runWith } from './helpers.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ apiKey: API_KEY })
})
afterAll(async () => {
  await emulator.close()
})

describe('every documented output on every path', () => {
  it('after an input error: lists are [] and the rest set', async () => {
    const result = await runWith(emulator.url, { tags: 'a', batch_size: 'many' })
    expect(result.exitCode).toBe(1)
    expectEveryOutput(result)
    expect(result.outputs).toMatchObject({ status: 'failed', tags: '[]', failed: '[]', count: '0' })
  })
})
