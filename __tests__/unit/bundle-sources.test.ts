/**
 * The end-to-end tests run dist/, so they refuse one built from other sources
 * (scripts/bundle-sources.mjs): a digest of the bundle's inputs is written beside it, and any
 * change to one of them, not to other files, makes it stale.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleStaleness, sourcesDigest, STAMP } from '../../scripts/bundle-sources.mjs'

let root = ''

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), text)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bundle-sources-'))
  write('src/index.ts', 'export {}\n')
  write('src/verify/judge.ts', 'export const a = 1\n')
  write('pcre2/pcre2.mjs', 'export {}\n')
  write('pcre2/build.sh', 'echo\n')
  write('package.json', '{}\n')
  write('README.md', '# x\n')
  write(`dist/${STAMP}`, `${sourcesDigest(root)}\n`)
})

afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('a bundle built from the sources the tree holds', () => {
  it('is fresh as built', () => {
    expect(bundleStaleness(root)).toBeUndefined()
  })

  it('is stale after a change to any input: a source, a new source, the package, PCRE2', () => {
    for (const [path, text] of [
      ['src/verify/judge.ts', 'export const a = 2\n'],
      ['src/verify/new.ts', 'export {}\n'],
      ['package.json', '{"x":1}\n'],
      ['pcre2/pcre2.mjs', '// changed\n']
    ] as const) {
      const isNew = path === 'src/verify/new.ts'
      const before = isNew ? '' : readFileSync(join(root, path), 'utf8')
      write(path, text)
      expect([path, bundleStaleness(root)]).toEqual([
        path,
        'dist/ was built from other sources than the tree holds now: run `npm run bundle` before the end-to-end tests (they run dist/, not src/).'
      ])
      if (isNew) unlinkSync(join(root, path))
      else write(path, before)
      expect(bundleStaleness(root)).toBeUndefined()
    }
  })

  it('stays fresh when only files the bundle does not read change', () => {
    write('README.md', '# y\n')
    write('pcre2/build.sh', 'echo changed\n')
    expect(bundleStaleness(root)).toBeUndefined()
  })

  it('without its digest, says so', () => {
    unlinkSync(join(root, 'dist', STAMP))
    expect(bundleStaleness(root)).toBe(
      `dist/${STAMP} is missing: run \`npm run bundle\` before the end-to-end tests.`
    )
  })
})

describe("this repository's committed dist/", () => {
  it('was built from the sources committed with it', () => {
    expect(bundleStaleness(fileURLToPath(new URL('../..', import.meta.url)))).toBeUndefined()
  })
})
