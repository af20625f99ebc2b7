/**
 * The command line end to end: dist/cli.js, as `npx render-cache-purge` runs it, in a child process
 * with a clean environment (no GITHUB_* variable, no INPUT_*), against the emulator. The key comes
 * from PURGE_API_KEY; the log is on stderr; stdout holds only what --json, --help and --version
 * print; the exit code says how the run ended. Here only what the package shows: one purge, --help
 * and --version, the packed tarball; the command's other runs are in process
 * (__tests__/unit/run/cli.test.ts).
 *
 * Needs the bundle: the command as npm installs it (the package's `bin`, dist/cli.js, with a
 * clean environment), its stdout and stderr as a terminal gets them, and the packed tarball
 * running with nothing installed beside it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { edgeCaseSite } from '../../emulator/site.mjs'
import { REPO_ROOT } from '../../scripts/run-action.mjs'
import { REFUSED_INPUTS } from '../../src/cli/flags.js'
import { API_KEY, ENCODED_KEY } from './helpers.js'

const PACKAGE = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  version: string
  bin: Record<string, string>
}
/** The command as npm installs it: the package's `bin`. */
const CLI = join(REPO_ROOT, PACKAGE.bin['render-cache-purge'] ?? 'missing bin')

interface CliResult {
  readonly exitCode: number | null
  readonly stdout: string
  readonly stderr: string
  readonly cwd: string
}

/** Runs dist/cli.js in a fresh directory (or `cwd`) with PATH, HOME and `env` alone. */
function runCli(
  args: readonly string[],
  env: Record<string, string> = {},
  cwd = mkdtempSync(join(tmpdir(), 'purge-cli-')),
  cli = CLI
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', HOME: cwd, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('error', reject)
    child.on('close', exitCode =>
      resolve({
        exitCode,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        cwd
      })
    )
  })
}

const withKey = { PURGE_API_KEY: API_KEY }

/** The key in none of its spellings, anywhere a user could read. */
function expectNoKey(result: CliResult, ...files: string[]): void {
  for (const text of [result.stdout, result.stderr, ...files]) {
    expect(text).not.toContain(API_KEY)
    expect(text).not.toContain(ENCODED_KEY)
  }
}

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({
    apiKey: API_KEY,
    site: edgeCaseSite,
    sitePort: 0,
    propagationMs: 1000,
    renderMs: 300
  })
})
afterAll(async () => {
  await emulator.close()
})
beforeEach(() => {
  emulator.reset()
  emulator.configureSite({ propagationMs: 1000, renderMs: 300, siteHeaders: true, clockSkewMs: 0 })
})

describe('the command line, outside GitHub Actions', () => {
  it('purges by tag and URL with the key from PURGE_API_KEY, the log on stderr', async () => {
    const result = await runCli(
      ['--base-url', emulator.url, '--tags', 'blog,news', '--urls=/about', '--urls', '/contact'],
      withKey
    )
    expect(result.exitCode).toBe(0)
    expect(emulator.requests.map(request => request.body)).toEqual(
      expect.arrayContaining([{ tag: ['blog', 'news'] }, { url: ['/about', '/contact'] }])
    )
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/Cache purge: 2 tags and 2 URLs purged/)
    // A plain terminal: no workflow command, no colour when stderr is not a terminal.
    expect(result.stderr).not.toMatch(/^::/m)
    expect(result.stderr).not.toContain('\u001b[')
    expectNoKey(result)
  })

  it('--version and --help print to stdout; --help names every input as a flag', async () => {
    const version = await runCli(['--version'])
    expect(version.stdout.trim()).toBe(PACKAGE.version)
    const help = await runCli(['--help'])
    expect(help.exitCode).toBe(0)
    const action = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')
    const inputs = Object.keys((parse(action) as { inputs: object }).inputs)
    expect(inputs.length).toBeGreaterThan(30)
    // The key, the token and what writes to GitHub are not flags; every other input is.
    expect(Object.keys(REFUSED_INPUTS).sort()).toEqual([
      'api_key',
      'commit_status',
      'github_token',
      'pr_comment'
    ])
    for (const input of inputs.filter(name => !Object.keys(REFUSED_INPUTS).includes(name))) {
      expect(help.stdout).toContain(`--${input.replace(/_/g, '-')}`)
    }
  })
})

describe('the npm package', () => {
  it('runs from the packed tarball alone, with nothing installed beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'purge-cli-pack-'))
    try {
      // Packed as it is published: scripts/pack.mjs, the bundle under the users' package.json.
      const tarball = execFileSync('node', [join(REPO_ROOT, 'scripts', 'pack.mjs'), '--out', dir], {
        encoding: 'utf8'
      }).trim()
      execFileSync('tar', ['-xzf', tarball], { cwd: dir })
      // No node_modules in or above the unpacked package: the bundle must carry everything.
      expect(existsSync(join(dir, 'package', 'node_modules'))).toBe(false)
      const result = await runCli(
        ['--base-url', emulator.url, '--pattern', '^/blog/', '--dry-run', '--json'],
        withKey,
        dir,
        join(dir, 'package', PACKAGE.bin['render-cache-purge'] ?? '')
      )
      expect(result.stderr).toMatch(/Dry run: nothing was sent/)
      expect(result.exitCode).toBe(0)
      expect((JSON.parse(result.stdout) as Record<string, unknown>)['status']).toBe('dry-run')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
