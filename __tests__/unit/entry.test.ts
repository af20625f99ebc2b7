/**
 * The one bundle's entry (src/index.ts, dist/index.js): the action runs only when node was started
 * on the file, however the user named it, so that dist/cli.js can import the bundle for the command
 * without running the action.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCommandLine, startedFile } from '../../src/index.js'

const dir = mkdtempSync(join(tmpdir(), 'purge-entry-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the file node was started on', () => {
  writeFileSync(join(dir, 'cli.js'), '')
  mkdirSync(join(dir, 'dist'))
  writeFileSync(join(dir, 'dist', 'index.js'), '')

  it('is the path itself, the path with .js (node dist/cli), or the folder’s index.js', () => {
    expect(startedFile(join(dir, 'cli.js'))).toBe(realpathSync(join(dir, 'cli.js')))
    expect(startedFile(join(dir, 'cli'))).toBe(realpathSync(join(dir, 'cli.js')))
    expect(startedFile(join(dir, 'dist'))).toBe(realpathSync(join(dir, 'dist', 'index.js')))
  })

  it('is unknown when no such file is there', () => {
    expect(startedFile(join(dir, 'missing'))).toBeUndefined()
  })
})

describe('the bundle', () => {
  it('exports the command line’s start beside the action’s run', () => {
    expect(typeof runCommandLine).toBe('function')
  })
})
