/**
 * `npx @github/local-action run . src/main.ts .env`, the way action authors run an action on
 * their machine (docs/development.md): the TypeScript entry under its stand-in for
 * @actions/core. An input error is reported as itself and fails the run, as on a runner.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The runner's stand-in, on src/main.ts, with these inputs in a .env file. */
function localAction(env: string): { code: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'local-action-'))
  try {
    const file = join(dir, '.env')
    writeFileSync(file, env)
    const run = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'local-action'),
      ['run', '.', 'src/main.ts', file],
      { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } }
    )
    return { code: run.status, output: `${run.stdout}${run.stderr}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('@github/local-action on src/main.ts', () => {
  it('reports an input error as itself, fails the run, and sends nothing', () => {
    const { code, output } = localAction(
      // Port 9 (discard): a request would fail, but none must leave.
      'INPUT_API_KEY=test-key\nINPUT_BASE_URL=http://127.0.0.1:9\nINPUT_URLS=/about\nINPUT_BATCH_SIZE=abc\n'
    )
    expect(output).toContain(
      `::error::Input 'batch_size' "abc": must be a whole number from 1 to 10000`
    )
    expect(output).toContain('❌ Cache purge: 1 input problem, nothing sent')
    expect(output).not.toMatch(/Unexpected error/)
    expect(code).toBe(1)
  })
})
