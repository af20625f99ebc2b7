/**
 * The command line's run in process (src/cli/main.ts, cli-io.ts): what a user of the command reads
 * and gets back. Usage errors hide the key; messages name flags and reports, not the action's
 * inputs and job summary; a report that cannot be written fails the run the same way whichever it
 * is; --json carries counts as numbers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { runCli } from '../../src/cli/main.js'

const KEY = 'cli-K3y/with+special&chars=%'

interface Ran {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  readonly cwd: string
}

const dirs: string[] = []

async function cli(
  argv: string[],
  env: Record<string, string> = { PURGE_API_KEY: KEY }
): Promise<Ran> {
  const cwd = mkdtempSync(join(tmpdir(), 'purge-cli-run-'))
  dirs.push(cwd)
  let stdout = ''
  let stderr = ''
  const code = await runCli({
    argv,
    env,
    cwd,
    stdout: { write: text => void (stdout += text) },
    stderr: { write: text => void (stderr += text), colour: false }
  })
  return { code, stdout, stderr, cwd }
}

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ apiKey: KEY })
})
afterAll(async () => {
  await emulator.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => emulator.reset())

describe('usage errors', () => {
  it('never show the key, whichever flag carried it', async () => {
    for (const argv of [
      ['--apikey', KEY, '--tags', 'a'],
      ['--token', KEY],
      ['--batch-size', '5', `--batch-size=${KEY}`],
      ['--tags', 'a', KEY]
    ]) {
      const ran = await cli(argv)
      expect(ran.code).toBe(2)
      expect(ran.stderr).not.toContain(KEY)
      expect(ran.stderr).not.toContain(encodeURIComponent(KEY))
    }
    expect(emulator.requests).toHaveLength(0)
  })
})

describe("the run's messages name flags and reports", () => {
  it('a refused purge points to --json and the --summary report', async () => {
    const ran = await cli(['--base-url', emulator.url, '--tags', 'blog'], {
      PURGE_API_KEY: 'not-the-key'
    })
    expect(ran.code).toBe(1)
    expect(ran.stderr).toContain(
      'error: 1 of 1 purge request(s) did not succeed; 1 target(s) not purged (see the "failed" field of --json and the --summary report).'
    )
    expect(ran.stderr).not.toMatch(/job summary|'failed' output/)
  })

  it('an input problem names the flags, never the inputs', async () => {
    const verify = await cli(['--base-url', emulator.url, '--tags', 'blog', '--verify'])
    expect(verify.code).toBe(2)
    expect(verify.stderr).toContain('error: --site-url is required with --verify: the public')
    const warn = await cli(['--base-url', emulator.url, '--tags', 'blog', '--verify=warn'])
    expect(warn.stderr).toContain('error: --site-url is required with --verify=warn: the public')
    const only = await cli(['--base-url', emulator.url, '--mode', 'verify', '--tags', 'blog'])
    expect(only.stderr).toContain('warning: --base-url is ignored because --mode is verify')
    expect(only.stderr).toContain('error: --site-url is required with --mode verify: the public')
    expect(only.stderr).toContain('PURGE_API_KEY is not used')
    const all = await cli(['--base-url', emulator.url, '--pattern', '#^/#', '--dry-run'])
    expect(all.stderr).toContain('set `--allow-purge-all` to purge the whole site deliberately')
    for (const ran of [verify, warn, only, all]) {
      expect(ran.stderr).not.toMatch(
        /(?<!--)verify: (true|warn)|\bmode: |allow_purge_all|'base_url'|api_key/
      )
    }
  })

  it('leaves quoted values as they were given', async () => {
    const ran = await cli(['--base-url', emulator.url, '--batch-size', 'site_url: true'])
    expect(ran.stderr).toContain('--batch-size "site_url: true"')
  })
})

describe('a report that cannot be written', () => {
  it.each([
    ['--summary', 'missing-folder/summary.md'],
    ['--junit', 'missing-folder/report.xml']
  ])(
    '%s to %s, in a folder that is not there: refused before anything is sent',
    async (flag, file) => {
      const ran = await cli(['--base-url', emulator.url, '--tags', 'blog', flag, file])
      expect(ran.code).toBe(2)
      expect(ran.stderr).toContain(
        `error: ${flag} ${file}: the folder missing-folder does not exist; create it first`
      )
      expect(ran.stderr).toContain('Nothing was sent.')
      expect(emulator.requests).toHaveLength(0)
    }
  )

  it.each([
    ['--summary', '.'],
    ['--junit', '.']
  ])(
    '%s to a folder fails the run: exit 1, one error that names the report',
    async (flag, file) => {
      const ran = await cli(['--base-url', emulator.url, '--tags', 'blog', '--dry-run', flag, file])
      expect(ran.code).toBe(1)
      expect(ran.stderr).toMatch(
        new RegExp(`^error: The ${flag} report could not be written to \\.: .*EISDIR`, 'm')
      )
      expect(ran.stderr).not.toMatch(/^warning: .*could not be written/m)
    }
  )
})

describe('--json', () => {
  it('carries counts as numbers, and an unset number as null', async () => {
    const ran = await cli(['--base-url', emulator.url, '--tags', 'a,b', '--dry-run', '--json'])
    expect(ran.code).toBe(0)
    const outputs = JSON.parse(ran.stdout) as Record<string, unknown>
    expect(outputs).toMatchObject({
      status: 'dry-run',
      count: 2,
      warm: 0,
      pages_selected: 0,
      pages_checked: 0,
      verify_seconds: null,
      origin_seconds: null,
      tags: ['a', 'b'],
      shard: '',
      pattern: ''
    })
  })
})
