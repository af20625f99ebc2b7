/**
 * dist/index.js runs the action when node is started on it (the runner, also through a
 * symlinked path), and only exports `run()` when another program imports it
 * (@github/local-action), so the action runs exactly once either way.
 *
 * Needs the bundle: how dist/index.js decides to run is a property of the bundled file and of
 * the process node starts on it, which no in-process call of run() has.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { ACTION_ENTRY, runAction } from '../../scripts/run-action.mjs'
import { API_KEY } from './helpers.js'

let emulator: Emulator
const dir = mkdtempSync(join(tmpdir(), 'purge-entry-'))

beforeAll(async () => {
  emulator = await startEmulator({ apiKey: API_KEY, latencyMs: 0 })
})
afterAll(async () => {
  await emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the bundle as an entry point', () => {
  it('runs when node is started on a symlink to it', async () => {
    const link = join(dir, 'linked-index.js')
    symlinkSync(ACTION_ENTRY, link)
    const linked = await runAction({
      inputs: { api_key: API_KEY, base_url: emulator.url, tags: 'blog' },
      entry: link
    })
    expect(linked.exitCode).toBe(0)
    expect(linked.outputs.status).toBe('purged')
  })

  it('exports run() and does not run on import; run() then runs it once', async () => {
    const importer = join(dir, 'importer.mjs')
    writeFileSync(
      importer,
      `import { readFileSync } from 'node:fs'
const action = await import(${JSON.stringify(pathToFileURL(ACTION_ENTRY).href)})
if (typeof action.run !== 'function') throw new Error('no run() export')
if (readFileSync(process.env.GITHUB_OUTPUT, 'utf8') !== '') throw new Error('ran on import')
console.log('imported without running')
await action.run()
`
    )
    const before = emulator.requestCount
    const result = await runAction({
      inputs: { api_key: API_KEY, base_url: emulator.url, urls: '/about' },
      entry: importer
    })
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('imported without running')
    expect(result.outputs.status).toBe('purged')
    expect(emulator.requestCount - before).toBe(1)
  })
})
