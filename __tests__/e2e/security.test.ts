/**
 * The security checks that only the bundle in a child process shows: dist/index.js as the runner
 * starts it, against the emulator. The others run in process (__tests__/unit/run/security.test.ts).
 *
 * Why each needs the bundle:
 * - the workflow commands are the lines the runner parses from a real process's
 *   stdout, not what a test's capture of process.stdout sees;
 * - an echoed spelling of the key: the redaction and the `::add-mask::` commands as the bundled
 *   @actions/core writes them, end to end (the other spellings in process);
 * - outputs: a 118 KB input through a real process's environment, the output file's
 *   encoding, and the full list in a file under RUNNER_TEMP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expectEchoedKeyHidden, KEY_SPELLINGS } from '../support/key-spellings.js'
import { API_KEY, runWith, warningsOf } from './helpers.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ apiKey: API_KEY })
})
afterAll(async () => {
  await emulator.close()
})
beforeEach(() => emulator.reset())

/** A line the runner would run as a workflow command: `::` after leading spaces, or `##[`. */
const commandLines = (stdout: string): string[] =>
  stdout.split(/\r\n|\r|\n/).filter(line => /^\s*::/.test(line) || line.includes('##['))

describe('text from the service starts no workflow command', () => {
  it('a 503 whose message holds commands is logged without them', async () => {
    const message =
      'busy\n::warning title=X::injected\n::add-mask::purged\n  ::stop-commands::tok\r##[error]legacy'
    emulator.faults.enqueue({ status: 503, message, times: 2 })
    const result = await runWith(emulator.url, { tags: 'a', max_attempts: '2' })
    expect(result.exitCode).toBe(1)
    // The retry line and the final error both quote the message.
    expect(result.stdout).toMatch(/attempt 1 failed \(HTTP 503: busy ::warning title=X::injected/)
    const injected = commandLines(result.stdout).filter(
      line => !/^::(add-mask::e2e-|error::|group::|endgroup::)/.test(line)
    )
    expect(injected).toEqual([])
    expect(result.commands.map(command => command.command)).not.toContain('stop-commands')
    expect(result.commands.filter(c => c.command === 'add-mask').map(c => c.message)).toEqual([
      API_KEY,
      encodeURIComponent(API_KEY)
    ])
  })
})

describe('the key echoed in other spellings never reaches an annotation or the summary', () => {
  // One spelling end to end; the others run in process (__tests__/unit/run/security.test.ts).
  const spelling = KEY_SPELLINGS[1] ?? ''

  it('every byte percent-encoded', async () => {
    emulator.faults.enqueue({ status: 400, message: `no such key: ${spelling}` })
    expectEchoedKeyHidden(await runWith(emulator.url, { tags: 'a' }), spelling)
  })
})

describe('outputs fit GitHub limits', () => {
  it('an oversized urls output is a valid JSON array cut short, the full list in a file', async () => {
    // 2,000 URLs of 'é's: 118 KB of input (an environment variable holds at most 128 KiB),
    // 370 KB once percent-encoded as sent.
    const urls = Array.from({ length: 2000 }, (_, index) => `/${'é'.repeat(28)}/${index}`)
    const runnerTemp = mkdtempSync(join(tmpdir(), 'purge-runner-temp-'))
    try {
      const result = await runWith(
        emulator.url,
        { urls: urls.join('\n'), dry_run: 'true' },
        { RUNNER_TEMP: runnerTemp }
      )
      expect(result.exitCode).toBe(0)
      const output = result.outputs['urls'] ?? ''
      expect(Buffer.byteLength(output)).toBeLessThanOrEqual(80 * 1024)
      const shown = JSON.parse(output) as string[]
      const encoded = urls.map(url => encodeURI(url))
      expect(shown).toEqual(encoded.slice(0, shown.length))
      expect(shown.length).toBeLessThan(urls.length)
      const file = result.outputs['full_lists_file'] ?? ''
      expect(file.startsWith(runnerTemp)).toBe(true)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ urls: encoded })
      expect(warningsOf(result).join('\n')).toMatch(
        new RegExp(`'urls' output holds the first ${shown.length} of 2000 items.*full_lists_file`)
      )
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true })
    }
  })
})
