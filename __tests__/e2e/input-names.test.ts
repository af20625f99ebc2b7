/**
 * End to end: the runner's naming of inputs. It passes `with:` keys as INPUT_<NAME UPPER-CASED>, so
 * an INPUT_ variable in lower case set with env: or .env is one the action would never read; the
 * step fails before anything is sent. Needs the bundle: the variable's case as a real process's
 * environment carries it to dist/index.js. The other misnamed inputs run in process
 * (__tests__/unit/run/input-names.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { API_KEY, errorsOf, runWith } from './helpers.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ apiKey: API_KEY })
})
afterAll(async () => {
  await emulator.close()
})

describe('inputs the action does not have', () => {
  it('refuses a lower-case INPUT_ variable from env: or .env, which the action would not read', async () => {
    // The runner sets INPUT_DRY_RUN to its default, 'false'; the user's variable says true.
    const result = await runWith(emulator.url, { tags: 'blog' }, { INPUT_dry_run: 'true' })
    expect(result.exitCode).toBe(1)
    expect(emulator.state().requestCount).toBe(0)
    expect(errorsOf(result)).toEqual([
      expect.stringContaining(
        "The environment variable 'INPUT_dry_run' is not read: the action reads 'INPUT_DRY_RUN'"
      )
    ])
  })
})
