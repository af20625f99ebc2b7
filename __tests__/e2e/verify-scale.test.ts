/**
 * End to end: dist/index.js verifying many pages, and verifying from other jobs (mode: verify,
 * purged_at, shard, rate), against the emulator's public site.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { API_KEY, runWith } from './helpers.js'

const PAGES = 500
let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({
    apiKey: API_KEY,
    syntheticPages: PAGES,
    sitePort: 0,
    propagationMs: 1500,
    renderMs: 200
  })
})
afterAll(async () => {
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
})

describe('verify at scale', () => {
  it('1,000 checks: fresh and warm, and nothing at all on stderr (no Node warning)', async () => {
    const paths = Array.from({ length: PAGES }, (_, i) => `/p/${i + 1}`)
    const result = await runWith(emulator.url, {
      urls: paths.join('\n'),
      site_url: emulator.siteUrl,
      verify: 'true',
      verify_limit: String(PAGES),
      verify_timeout_seconds: '120'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ verify_status: 'fresh', warm: String(2 * PAGES) })
    expect(result.stderr).toBe('')
  })
})
