/**
 * The build-id rule (a commit by its full SHA or a 7- to 12-character prefix that is not part
 * of a longer hex run; anything else as literal text), and the same rule over a body that
 * arrives in chunks, split anywhere.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { buildId, otherCommitLikeIds, shortBuild, type BuildId } from '../../src/build/build-id.js'
import { BuildScanner, showsBuild } from '../../src/build/build-scanner.js'

const SHA = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const commit = buildId(SHA, 'deployment.sha')

/**
 * The rule, written the plain way (regular expressions over the whole text), to check the
 * scanner against: it must agree with this whatever the chunks.
 */
function oracle(text: string, build: BuildId): boolean {
  if (build.kind === 'literal') {
    return Buffer.from(text, 'latin1').includes(Buffer.from(build.text, 'utf8'))
  }
  const forms = [build.text.toLowerCase(), build.text.toUpperCase()]
  if (forms.some(form => text.includes(form))) return true
  for (const [run] of text.matchAll(/[0-9a-f]+/gi)) {
    if (run.length >= 7 && run.length <= 12 && forms.some(form => form.startsWith(run))) return true
  }
  return false
}

describe('buildId', () => {
  it('a 40- or 64-digit hex id is a commit (lower-cased); anything else is literal', () => {
    expect(buildId(SHA.toUpperCase(), 'build_id')).toEqual({
      text: SHA,
      kind: 'commit',
      source: 'build_id'
    })
    expect(buildId('a'.repeat(64), 'x').kind).toBe('commit')
    expect(buildId(SHA.slice(0, 12), 'x').kind).toBe('literal')
    expect(buildId('v2.3.1', 'x')).toEqual({ text: 'v2.3.1', kind: 'literal', source: 'x' })
    expect(shortBuild(commit)).toBe('9be41d2c7a6f')
    expect(shortBuild(buildId('release-2026-11-23', 'x'))).toBe('release-2026-11-23')
  })
})

describe('showsBuild: a commit', () => {
  it('matches the full SHA anywhere, in lower or upper case', () => {
    expect(showsBuild(`${SHA}\n`, commit)).toBe(true)
    expect(showsBuild(`commit: ${SHA.toUpperCase()}`, commit)).toBe(true)
    expect(showsBuild(`sha256:ff${SHA}`, commit)).toBe(true)
    // Mixed case is no SHA any tool prints.
    expect(showsBuild(`${SHA.slice(0, 20).toUpperCase()}${SHA.slice(20)}x`, commit)).toBe(false)
  })

  it.each([7, 8, 10, 12])('matches a %i-character prefix standing alone', length => {
    const prefix = SHA.slice(0, length)
    expect(showsBuild(`build ${prefix} (main)`, commit)).toBe(true)
    expect(showsBuild(`<meta name="build" content="${prefix}">`, commit)).toBe(true)
    expect(showsBuild(`/assets/app.${prefix}.js`, commit)).toBe(true)
    expect(showsBuild(`v1.2.0-${prefix.toUpperCase()}`, commit)).toBe(true)
    expect(showsBuild(`v1.2.0-${prefix.slice(0, 3)}${prefix.slice(3).toUpperCase()}`, commit)).toBe(
      prefix.slice(3) === prefix.slice(3).toUpperCase()
    )
  })

  it('does not match a prefix shorter than 7 or longer than 12 that is not the full SHA', () => {
    expect(showsBuild(`build ${SHA.slice(0, 6)}`, commit)).toBe(false)
    expect(showsBuild(`build ${SHA.slice(0, 13)}`, commit)).toBe(false)
    expect(showsBuild(`build ${SHA.slice(0, 39)}`, commit)).toBe(false)
  })

  it('does not match a prefix inside a longer hex run', () => {
    expect(showsBuild(`build ${SHA.slice(0, 7)}ffee99`, commit)).toBe(false)
    expect(showsBuild(`build 0${SHA.slice(0, 7)}`, commit)).toBe(false)
    expect(showsBuild(`etag "ab${SHA.slice(0, 10)}"`, commit)).toBe(false)
  })

  it('does not match another commit', () => {
    expect(showsBuild('build 3f2c1a0e8d7b (main)', commit)).toBe(false)
    expect(showsBuild('', commit)).toBe(false)
  })
})

describe('showsBuild: a literal id', () => {
  it('matches the exact text, case and all, anywhere', () => {
    const build = buildId('v2.3.1', 'build_id')
    expect(showsBuild('version=v2.3.1\n', build)).toBe(true)
    expect(showsBuild('version=V2.3.1', build)).toBe(false)
    expect(showsBuild('version=v2.3.10', build)).toBe(true)
    expect(showsBuild('v2.3', build)).toBe(false)
  })

  it('a short hex id given as build_id is literal text too', () => {
    const build = buildId('abc1234', 'build_id')
    expect(showsBuild('abc1234ffee', build)).toBe(true)
  })
})

describe('otherCommitLikeIds', () => {
  it('lists hex runs with a letter and a digit, not the build, full SHAs first', () => {
    const text = `old: 3f2c1a0 and 3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a, now ${SHA}, at 1700000000, colour ffffff`
    const isBuild = (id: string): boolean => showsBuild(id, commit)
    expect(otherCommitLikeIds(text, isBuild)).toEqual([
      '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a',
      '3f2c1a0'
    ])
    expect(otherCommitLikeIds(`${SHA.slice(0, 7)}`, isBuild)).toEqual([])
    expect(otherCommitLikeIds('a1b2c3d4 e5f6a7b8 c9d0e1f2 a3b4c5d6', () => false)).toHaveLength(3)
  })
})

/** Feeds `text` to a scanner cut at `cuts` (byte offsets), as a body arrives. */
function scanInChunks(text: string | Buffer, cuts: number[], build = commit): boolean {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8')
  const scanner = new BuildScanner(build)
  let at = 0
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= at || cut >= bytes.length) continue
    scanner.push(bytes.subarray(at, cut))
    at = cut
  }
  scanner.push(bytes.subarray(at))
  return scanner.end()
}

describe('BuildScanner', () => {
  const samples = [
    `<meta name="build" content="${SHA}">`,
    `<meta name="build" content="${SHA.slice(0, 7)}">`,
    `<meta name="build" content="${SHA.slice(0, 12).toUpperCase()}">`,
    `app.${SHA.slice(0, 9)}.js`,
    `end ${SHA.slice(0, 8)}`,
    `${SHA.slice(0, 10)}`,
    `build ${SHA.slice(0, 7)}ffee99`,
    `build 0${SHA.slice(0, 7)}`,
    `build ${SHA.slice(0, 13)}x`,
    `build ${SHA.slice(0, 6)}`,
    `ff${SHA.slice(0, 11)}ff ${SHA.slice(0, 20)}`,
    `x${'ab'.repeat(40)}${SHA.slice(0, 7)} and more`
  ]

  it.each(samples)('agrees with the plain rule whatever the chunk boundaries: %s', sample => {
    const expected = oracle(sample, commit)
    expect(showsBuild(sample, commit)).toBe(expected)
    for (let cut = 0; cut <= sample.length; cut++) {
      expect(scanInChunks(sample, [cut])).toBe(expected)
    }
    // Every character its own chunk.
    expect(
      scanInChunks(
        sample,
        Array.from({ length: sample.length }, (_, k) => k)
      )
    ).toBe(expected)
  })

  it('agrees with the plain rule on random texts and random cuts (property)', () => {
    const alphabet = fc.constantFrom(
      ...'0123456789abcdefABCDEF <>="x-.\n'.split(''),
      SHA.slice(0, 7),
      SHA.slice(0, 12),
      SHA.slice(0, 20),
      SHA,
      SHA.toUpperCase(),
      `${SHA.slice(0, 20).toUpperCase()}${SHA.slice(20)}`
    )
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map(parts => parts.join('')),
        fc.array(fc.nat(200), { maxLength: 8 }),
        (text, cuts) => scanInChunks(text, cuts) === oracle(text, commit)
      ),
      { numRuns: 5000 }
    )
  })

  it('a SHA that repeats itself is found wherever a partial match restarts', () => {
    const REPEATING = 'abcabcabdabcabcabdabcabcabdabcabcabd0123'
    const repeating = buildId(REPEATING, 'build_id')
    const text = `x abcabcabcabdabcabcabdabcabcabdabcabcabd0123 y`
    expect(showsBuild(text, repeating)).toBe(true)
    for (let cut = 0; cut <= text.length; cut++) {
      expect(scanInChunks(text, [cut], repeating)).toBe(true)
    }
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('abc', 'abd', 'ab', 'a', '0123', 'ABC', ' ', REPEATING), {
            maxLength: 30
          })
          .map(parts => parts.join('')),
        fc.array(fc.nat(200), { maxLength: 6 }),
        (sample, cuts) => scanInChunks(sample, cuts, repeating) === oracle(sample, repeating)
      ),
      { numRuns: 3000 }
    )
  })

  it('finds a literal id split across chunks, UTF-8 included', () => {
    const build = buildId('release-été-2', 'build_id')
    const page = Buffer.from('<p>… release-été-2 …</p>', 'utf8')
    for (let cut = 0; cut <= page.length; cut++) {
      expect(scanInChunks(page, [cut], build)).toBe(true)
    }
    expect(scanInChunks('release-ete-2', [3], build)).toBe(false)
    const one = buildId('x', 'build_id')
    expect(scanInChunks('aaaaxbbbb', [2, 4, 5], one)).toBe(true)
    expect(scanInChunks('aaaa', [2], one)).toBe(false)
  })

  it('says found at once and ignores what follows', () => {
    const scanner = new BuildScanner(commit)
    expect(scanner.push(Buffer.from(`a ${SHA.slice(0, 7)} `))).toBe(true)
    expect(scanner.push(Buffer.from('anything'))).toBe(true)
    expect(scanner.found).toBe(true)
  })

  it('a prefix at the very end of the body counts only once the body ended', () => {
    const scanner = new BuildScanner(commit)
    expect(scanner.push(Buffer.from(`build ${SHA.slice(0, 8)}`))).toBe(false)
    expect(scanner.end()).toBe(true)
  })
})
