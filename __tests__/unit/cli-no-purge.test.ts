/**
 * No argument list sends a purge unless it means to: `--tags $EXTRA --dry-run` with $EXTRA
 * empty must not take the dry run for the tag and purge for real. Random argument lists,
 * drawn from the real flags, odd values (empty, `-x`, `--x=`, bytes that are not UTF-8, the key),
 * `--flag=` forms and short flags, each with `--dry-run` somewhere in it (followed by a flag or
 * nothing, never by a `false`), run the command in process against the emulator: every one is a
 * usage error, an input error or a dry run, and not one purge request reaches the service.
 *
 * 200 runs on each commit (a few seconds), 1,000 with FUZZ_RUNS=full; FUZZ_SEED replays a seed
 * (__tests__/support/fuzz.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { allFlagNames } from '../../src/cli/flags.js'
import { runCli } from '../../src/cli/main.js'
import { fuzzParameters } from '../support/fuzz.js'

const KEY = 'prop-K3y-value'
const RUNS = { perCommit: 200, full: 1000 }
/** This property's own seed, so that a failure can be replayed. */
const SEED = 37

let emulator: Emulator
let cwd: string
beforeAll(async () => {
  emulator = await startEmulator({ apiKey: KEY, sitePort: 0 })
  // One working directory, not a git repository: --changed-files fails there, fast. No value
  // below is an absolute path, so --summary and --junit write nowhere else.
  cwd = mkdtempSync(join(tmpdir(), 'purge-cli-prop-'))
})
afterAll(async () => {
  await emulator.close()
  rmSync(cwd, { recursive: true, force: true })
})

/** Values as a shell hands them over: empty variables, flags by mistake, the key, bad bytes. */
function values(): fc.Arbitrary<string> {
  return fc.constantFrom(
    '',
    ' ',
    '-',
    '--',
    '-x',
    '--x=',
    'true',
    'warn',
    'verify',
    'tag',
    'blog',
    'a,b',
    '["a","b"]',
    '#^/blog/#',
    '^blog',
    'about',
    '5',
    '0',
    '-5',
    '1/2',
    'caf\uFFFD',
    KEY,
    emulator.url,
    emulator.siteUrl
  )
}

/** One argument: a real flag (either spelling), a `--flag=value`, a short flag, or a value. */
function argument(): fc.Arbitrary<string> {
  const flags = allFlagNames().filter(name => name !== 'help' && name !== 'version')
  const flag = fc.constantFrom(...flags)
  return fc.oneof(
    { weight: 4, arbitrary: flag.map(name => `--${name}`) },
    { weight: 1, arbitrary: flag.map(name => `--${name.replace(/-/g, '_')}`) },
    { weight: 2, arbitrary: fc.tuple(flag, values()).map(([name, value]) => `--${name}=${value}`) },
    { weight: 1, arbitrary: fc.constantFrom('-t', '-u', '-d', '-tags', '--apikey', '--key') },
    { weight: 4, arbitrary: values() }
  )
}

/**
 * Arguments as a CI script writes them, most of them well formed: a flag and its value, a list
 * flag whose unquoted variable was empty and vanished (`--tags $EXTRA`), `--flag=` with an empty
 * variable, and now and then one of the odd ones above. Well-formed lists are what a real run
 * is made of: a parser that eats `--dry-run` shows only when the rest is right.
 */
function scriptArgument(): fc.Arbitrary<readonly string[]> {
  const listFlags = ['--tags', '--urls', '--country', '--devices', '--verify-urls', '--url-map']
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...listFlags).map((flag): readonly string[] => [flag])
    },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ['--tags', 'news'],
        ['--urls=/about'],
        ['--pattern', '#^/blog/#'],
        ['--country', 'IT'],
        ['--batch-size', '5'],
        ['--concurrency=2'],
        ['--json'],
        ['--summary', 'summary.md'],
        ['--junit=report.xml'],
        ['--site-url', emulator.siteUrl],
        ['--verify', 'warn'],
        ['--tags='],
        ['--dry-run='],
        ['--dry-run', ''],
        ['--urls', '-x'],
        ['--tags=--x']
      )
    },
    { weight: 1, arbitrary: argument().map(arg => [arg]) }
  )
}

/**
 * An argument list with `--dry-run` in it, never followed by a value that turns it off: what
 * follows it is a flag (or nothing), as in `--tags $EXTRA --dry-run --json`.
 */
function dryRunArgv(): fc.Arbitrary<string[]> {
  const item = fc.oneof(
    scriptArgument(),
    argument().map(arg => [arg])
  )
  return fc
    .tuple(
      fc.array(item, { maxLength: 6 }),
      fc.option(
        item.filter(args => args[0]?.startsWith('--') === true),
        { nil: undefined }
      ),
      fc.array(item, { maxLength: 4 })
    )
    .map(([before, next, after]) => [
      '--base-url',
      emulator.url,
      '--tags',
      'blog',
      ...before.flat(),
      '--dry-run',
      ...(next === undefined ? [] : [...next, ...after.flat()])
    ])
}

function purgeRequests(): number {
  return emulator.requests.filter(request => request.path.startsWith('/api/v1/cache/purge')).length
}

describe('the command line never purges on a dry run or a usage error', () => {
  it('sends no purge for any argument list with --dry-run in it', async () => {
    await fc.assert(
      fc.asyncProperty(dryRunArgv(), async argv => {
        emulator.reset()
        const code = await runCli({
          argv,
          env: { PURGE_API_KEY: KEY },
          cwd,
          stdout: { write: () => undefined },
          stderr: { write: () => undefined, colour: false }
        })
        expect(purgeRequests()).toBe(0)
        // Done as a dry run, or refused before anything was sent: never a failed purge.
        expect([0, 2]).toContain(code)
      }),
      fuzzParameters(RUNS, SEED)
    )
  }, 120_000)
})
