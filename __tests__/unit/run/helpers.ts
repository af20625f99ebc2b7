/**
 * Shared set-up for the run-level tests: the emulator in process (each file starts its own),
 * and the action's run in process too (support/run-in-process.ts), with the same result and
 * helpers as the end-to-end tests, which run the bundle in a child.
 */
import { afterAll, beforeAll, beforeEach } from '@jest/globals'
import { startEmulator, type Emulator, type StartOptions } from '../../../emulator/server.mjs'
import { edgeCaseSite } from '../../../emulator/site.mjs'
import type { RunResult } from '../../../scripts/run-action.mjs'
import { useFastTime } from '../../support/fast-time.js'
import { runInProcess } from '../../support/run-in-process.js'
import { API_KEY } from '../../support/run-result.js'

export * from '../../support/run-result.js'

// Before the file's own beforeAll starts its emulator: both then read the one fast clock.
useFastTime()

export async function runWith(
  baseUrl: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  expressions: Record<string, string> = {}
): Promise<RunResult> {
  return runInProcess({
    inputs: { api_key: API_KEY, base_url: baseUrl, ...inputs },
    env,
    expressions
  })
}

/**
 * The file's emulator: started once before its tests with `options`, closed after them, and
 * made ready before each test by `beforeEachTest` (by default reset: its cache, logs and faults
 * as they started; a file whose tests change its site settings puts them back there too).
 * Returns a getter, since the emulator exists only once beforeAll has run.
 */
export function useEmulator(
  options: StartOptions,
  beforeEachTest: (emulator: Emulator) => void = edge => edge.reset()
): () => Emulator {
  let emulator: Emulator | undefined
  const started = (): Emulator => {
    if (emulator === undefined)
      throw new Error('the emulator starts in beforeAll: read it in a test')
    return emulator
  }
  beforeAll(async () => {
    emulator = await startEmulator(options)
  })
  afterAll(async () => {
    await emulator?.close()
  })
  beforeEach(() => beforeEachTest(started()))
  return started
}

/** The edge-case site at the edge, 1 s propagation and 300 ms renders: the verification's tests. */
const SITE_TIMING = { propagationMs: 1000, renderMs: 300 }

/**
 * The emulator of the verification's tests: the edge-case site behind the edge, with the
 * timing and headers each test starts from (a test may change them; the next gets them back).
 */
export function useSiteEmulator(): () => Emulator {
  return useEmulator(
    { apiKey: API_KEY, site: edgeCaseSite, sitePort: 0, ...SITE_TIMING },
    emulator => {
      emulator.reset()
      emulator.configureSite({ ...SITE_TIMING, siteHeaders: true, clockSkewMs: 0 })
    }
  )
}
