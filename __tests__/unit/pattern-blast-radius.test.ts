/**
 * The match-all guard's blast radius: a pattern that spares only a trivial few of the test paths
 * (the root, a long path, one page, the paths holding a rare character) purges nearly every
 * cached page of a site and is refused like one that matches them all; a pattern that selects
 * a section, or spares one, goes through. What each pattern matches among the test paths is
 * PCRE2's answer, and the system libpcre2-8 is asked the same (see the last test).
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { Input, type InputName } from '../../src/core/constants.js'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { parseInputs } from '../../src/plan/settings.js'
import { preparePattern } from '../../src/pattern/index.js'
import {
  MOST_SPARED,
  PROBE_PATHS,
  PROBE_PATHS_PER_FORM,
  SMALLEST_SECTION
} from '../../src/pattern/probes.js'
import { compilePhpPattern } from '../../pcre2/pcre2.mjs'

function prepare(raw: string, options: { allowPurgeAll?: boolean; checksOnly?: boolean } = {}) {
  const diag = new Diagnostics()
  const result = preparePattern(raw, { allowPurgeAll: false, ...options }, diag)
  return { result, diag }
}

const reasons = (diag: Diagnostics): string[] => diag.problems.map(problem => problem.reason)

/** The test paths of one form (as requested, or decoded): both forms hold the ASCII ones. */
const PER_FORM = PROBE_PATHS_PER_FORM
const LONG_PATH = PROBE_PATHS.find(path => path.length > 400) ?? ''

const SPARES_FEW =
  '(it spares fewer test paths than any of their sections holds: single pages, not a part of the site); set `allow_purge_all: true` to purge the whole site deliberately'

describe('a pattern that spares only a few test paths is refused as matching every path', () => {
  // [pattern, the test paths it spares, as the message lists them]
  const nearlyAll: [string, string][] = [
    // Every page but the home page: what '#^/${{ inputs.section }}.+$#' becomes when empty.
    ['#^/.+#', '/'],
    ['#^/.+$#', '/'],
    ['^/.+', '/'],
    // Every page up to 400 characters: all but the very long one.
    ['#^/.{0,400}$#', `${LONG_PATH.slice(0, 40)}…`],
    // Every page but one.
    ['#^(?!/a$)#', '/a'],
    ['#^/(?!wp-admin/)#', '/wp-admin/options.php'],
    // Every path without a z, or up to 300 characters.
    ['#^/[^z]*$#', '/x/y/z/deep/page?q=1&b=2, / !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEF…'],
    ['#^/.{0,300}$#', `${LONG_PATH.slice(0, 40)}…`],
    ['#^/[^~]*$#', '/~, /-_.~, / !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEF…'],
    // Every path without a Z: /Z and the path holding every printable character.
    ['#^[^Z]*$#', '/Z, / !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEF…'],
    ['#[^/]#', '/']
  ]

  it.each(nearlyAll)('%s (sparing %s) is refused without allow_purge_all', (pattern, spared) => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeUndefined()
    const count = spared.split(', ').length
    expect(reasons(diag)).toEqual([
      `matches every test path but ${count} of ${PER_FORM} (${spared}), so it would purge nearly every cached page of the site ${SPARES_FEW}`
    ])
    expect(diag.problems[0]?.input).toBe('pattern')
    expect(diag.problems[0]?.value).toBe(pattern)
  })

  it.each(nearlyAll)('%s is sent, with a warning, when allow_purge_all is true', pattern => {
    const { result, diag } = prepare(pattern, { allowPurgeAll: true })
    expect(diag.problems).toEqual([])
    expect(result).toBeDefined()
    expect(diag.warnings).toEqual([
      expect.stringMatching(
        /matches every test path but \d+ of \d+ \(.*\): nearly every cached page of the site will be purged \(allow_purge_all is true\)\.$/
      )
    ])
  })

  it('says when the few paths it spares are spared in one form of the paths only', () => {
    // Every path as requested but the long one: printable ASCII, at most 300 characters.
    const { diag } = prepare('#^/[!-~]{0,300}$#')
    expect(reasons(diag)).toEqual([
      expect.stringContaining(
        `matches every test path as browsers request it (non-ASCII characters, spaces and the like percent-encoded) but 1 of ${PER_FORM} (${LONG_PATH.slice(0, 40)}…)`
      )
    ])
  })

  it('the rule: sparing at most 3 test paths of a form, fewer than any section holds (4)', () => {
    expect([MOST_SPARED, SMALLEST_SECTION, PROBE_PATHS_PER_FORM]).toEqual([3, 4, 56])
  })

  it('mode: verify only selects pages to check: the inputs let such a pattern through', async () => {
    const raw = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
      InputName,
      string
    >
    const { settings, diagnostics } = await parseInputs({
      ...raw,
      mode: 'verify',
      pattern: '#^/.+#',
      site_url: 'https://www.example.com'
    })
    expect(diagnostics.problems).toEqual([])
    expect(diagnostics.warnings).toEqual([])
    expect(settings?.pattern?.pattern).toBe('#^/.+#')
  })

  it('a section no test path holds is no section to the guard: sparing it spares nothing', () => {
    expect(reasons(prepare('#^/(?!careers/)#').diag)).toEqual([
      expect.stringMatching(/^matches every path, so it would purge every cached page/)
    ])
  })

  it('mode: verify judges it as it always did: the warnings it had, and no more', () => {
    const { result, diag } = prepare('#[^/]#', { allowPurgeAll: true, checksOnly: true })
    expect(result?.pattern).toBe('#[^/]#')
    expect(diag.warnings).toEqual([expect.stringContaining('is not anchored at either end')])
  })

  it('mode: verify only selects pages to check: such a pattern goes through, without a word', () => {
    const { result, diag } = prepare('#^/.+#', { allowPurgeAll: true, checksOnly: true })
    expect(result?.pattern).toBe('#^/.+#')
    expect(diag.problems).toEqual([])
    expect(diag.warnings).toEqual([])
  })
})

describe('a pattern that selects a section, or spares one, goes through', () => {
  const selective = [
    '#^/blog/#',
    '#^/blog/.*$#',
    '#^/products/.*\\.html$#',
    '#^/products/shoes/#',
    '#\\.pdf$#',
    '#^/docs/|\\.pdf$#',
    '#^/fr/#',
    '#^/static/.*\\.(?:js|css)$#',
    '#^/[a-z]*$#',
    '#^/[^/]*$#',
    // Every path that starts with a lower-case letter: a dozen test paths do not.
    '#^/[a-z]#',
    // Every page but a whole section: a choice, and the section is there to be spared.
    '#^/(?!admin).*$#',
    '#^/(?!blog/)#',
    // Every page without a query string: the query strings are many paths, not a few.
    '#^/[^?]*$#'
  ]

  it.each(selective)('%s', pattern => {
    const { result, diag } = prepare(pattern)
    expect(diag.problems).toEqual([])
    expect(result?.pattern).toBe(pattern)
  })
})

describe('the system libpcre2-8 answers the same on the test paths', () => {
  const python = spawnSync(
    'python3',
    ['-c', 'import ctypes.util; print(ctypes.util.find_library("pcre2-8"))'],
    { encoding: 'utf8' }
  )
  const oracleAvailable = python.status === 0 && python.stdout.trim() !== 'None'

  ;(oracleAvailable ? it : it.skip)(
    'for every pattern above, path by path (PHP options and limits, through ctypes)',
    () => {
      const patterns = ['#^/.+#', '#^/.{0,400}$#', '#^(?!/a$)#', '#^[^Z]*$#', '#^/(?!admin).*$#']
      const run = spawnSync('python3', ['__tests__/support/pcre2-oracle.py'], {
        input: JSON.stringify({ patterns, paths: PROBE_PATHS }),
        encoding: 'utf8'
      })
      expect(run.stderr).toBe('')
      const answers = JSON.parse(run.stdout) as { pattern: string; results: string[] }[]
      for (const { pattern, results } of answers) {
        const compiled = compilePhpPattern(pattern)
        if (!compiled.ok) throw new Error(compiled.message)
        expect([pattern, PROBE_PATHS.map(path => compiled.pattern.test(path))]).toEqual([
          pattern,
          results
        ])
        compiled.pattern.free()
      }
    },
    60_000
  )
})
