/**
 * The `pattern` input, judged by PCRE2 10.42 itself (pcre2/pcre2.wasm) with PHP's options and
 * limits. Where a test says what PCRE2 answers (compiles or not, with which message, matches a
 * path or not), the answer is the system libpcre2-8's: see __tests__/fixtures/pcre2-php.json and
 * __tests__/unit/pcre2.test.ts, which hold the engine to it.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { escapeUnescapedDelimiter, preparePattern } from '../../src/pattern/index.js'
import { compilePhpPattern } from '../../pcre2/pcre2.mjs'
import { PROBE_PATHS } from '../../src/pattern/probes.js'

function prepare(raw: string, allowPurgeAll = false) {
  const diag = new Diagnostics()
  const result = preparePattern(raw, { allowPurgeAll }, diag)
  return { result, diag }
}

function reasons(diag: Diagnostics): string[] {
  return diag.problems.map(problem => problem.reason)
}

interface FixtureCase {
  pattern: string
  error?: string
  results?: string
}
const fixture = JSON.parse(readFileSync('__tests__/fixtures/pcre2-php.json', 'utf8')) as {
  paths: unknown[]
  cases: FixtureCase[]
}
/** What the system libpcre2-8 answered for a fixture pattern (one letter per fixture path). */
function oracle(pattern: string): FixtureCase {
  const found = fixture.cases.find(c => c.pattern === pattern)
  if (found === undefined) throw new Error(`${pattern} is not in the fixture`)
  return found
}
/** How many test paths the match-all guard tries. */
const PROBES = PROBE_PATHS.length
/** Indexes of the fixture paths shaped like cached paths: starting with '/', on one line. */
const slashPaths = fixture.paths
  .map((path, index) => ({ path, index }))
  .filter(({ path }) => typeof path !== 'string' || /^\/[^\n]*$/.test(path))
  .map(({ index }) => index)

describe('preparePattern: valid PCRE is accepted as given', () => {
  // All anchored, none matching every path: no problem and no warning expected.
  const valid: [string, string][] = [
    ['documented example', '#^/test-url/.+\\.html$#'],
    ['slash delimiter with escaped slashes and i', '/^\\/blog\\/.*$/i'],
    ['tilde delimiter', '~^/blog/[a-z0-9-]+$~'],
    ['at delimiter with escaped delimiter', '@^/a\\@b$@'],
    ['bang delimiter', '!^/a$!'],
    ['percent delimiter', '%^/a$%'],
    ['pipe delimiter', '|^/a$|'],
    ['escaped hash delimiter', '#^/a\\#b$#'],
    ['possessive +', '#^/a++$#'],
    ['possessive *', '#^/a*+b$#'],
    ['possessive ?', '#^/a?+b$#'],
    ['possessive braces', '#^/a{2,3}+$#'],
    ['lazy quantifier', '#^/a*?b$#'],
    ['lazy braces', '#^/a{2,}?b$#'],
    ['atomic group', '#^/(?>blog|news)/x$#'],
    ['leading inline flag', '#^(?i)/blog$#'],
    ['scoped inline flag', '#^/(?i:blog)/x$#'],
    ['inline flag set and unset', '#^/(?i)blog(?-i)/x$#'],
    ['inline flags with reset', '#^/(?^i)blog$#'],
    ['python named group and back reference', '#^/(?P<year>\\d{4})/(?P=year)$#'],
    ['angle named group and \\k', '#^/(?<slug>[a-z]+)/\\k<slug>$#'],
    ['quote named group', "#^/(?'slug'[a-z]+)$#"],
    ['python subroutine call', '#^/(?P<n>a)(?P>n)$#'],
    ['numbered and relative back references', '#^/(a)\\1\\g{-1}\\g1$#'],
    ['lookarounds', '#^/(?=blog)[a-z]+/(?!draft)\\w+(?<=\\w)(?<!x)$#'],
    ['\\A and \\z', '#\\A/blog/x\\z#'],
    ['\\A and \\Z', '#\\A/blog/x\\Z#'],
    ['\\Q...\\E literal section', '#^/\\Q.+?(\\E/x$#'],
    ['unicode property', '#^/\\p{L}+\\P{Lu}\\pL$#u'],
    ['\\x{} above 0xFF with u', '#^/\\x{263A}$#u'],
    ['\\x and octal escapes', '#^/\\x41\\0101\\o{101}\\cA$#'],
    ['POSIX classes in a class', '#^/[[:alpha:]]+/[[:^digit:][:punct:]]$#'],
    ['\\h and \\R', '#^/a\\h\\R\\v\\N$#'],
    ['comment group', '~^/a(?#comment ( [ )b$~'],
    ['branch reset', '#^/(?|(a)|(b))$#'],
    ['recursion', '#^/(a|\\((?R)\\))$#'],
    ['numbered subroutine', '#^/(a)(?1)(?-1)(?+1)(b)$#'],
    ['named subroutine', '#^/(?<n>a)(?&n)\\g<n>$#'],
    ['conditional on a group', '#^/(a)?(?(1)b|c)$#'],
    ['conditional on an assertion', '#^/(?(?=a)ab|cd)$#'],
    ['conditional DEFINE', '#^/(?(DEFINE)(?<n>a))(?&n)$#'],
    [']' + ' first in a class is literal', '#^/[]a]$#'],
    [']' + ' first in a negated class is literal', '#^/[^]a]$#'],
    ['hyphen last and first in classes', '#^/[\\w.-]+[-\\w]$#'],
    ['literal braces', '#^/{abc}a{$#'],
    ['literal closing bracket', '#^/a]b}$#'],
    ['class escapes', '#^/[\\d\\s\\w\\h\\v\\b\\x{41}\\p{L}\\Q-]\\E]$#u'],
    ['backtracking verbs', '#^/a(*COMMIT)b(*PRUNE)(*SKIP)(*MARK:m)(*:n)c$#'],
    ['start-of-pattern options', '#(*UTF)(*UCP)^/\\x{e9}$#'],
    ['alphabetic assertions', '#^/(*pla:a)(*atomic:ab)$#'],
    ['every PHP modifier', '#^/blog$#imsuUXJADSn'],
    ['modifiers with spaces, which PHP skips', '#^/blog$# i'],
    ['extended mode with spaces and a comment', '~^/blog/ .* $  # trailing ( [ comment~x'],
    ['extended mode quantifier after a space', '~^ /a +$~x'],
    ['inline extended mode', '~^/(?x) a b $ # note~'],
    ['escaped delimiter char inside class', '/^\\/[\\/a]$/'],
    ['non-ASCII literal', '#^/été$#u'],
    ['callout', '#^/a(?C1)b$#'],
    ['empty option group', '#^/a(?)b$#'],
    ['\\K, which JavaScript lacks', '#^/blog/\\K[a-z]+$#'],
    ['a prefix only: anchored at the start', '#^/docs/#'],
    ['a suffix only: anchored at the end', '#\\.pdf$#'],
    ['a prefix or a suffix', '#^/docs/|\\.pdf$#']
  ]

  it.each(valid)('%s: %s', (_name, pattern) => {
    const { result, diag } = prepare(pattern)
    expect(diag.problems).toEqual([])
    expect(diag.warnings).toEqual([])
    expect(diag.notices).toEqual([])
    expect(result?.pattern).toBe(pattern)
    expect(result?.wrapped).toBe(false)
  })

  it('splits delimiter, body and modifiers', () => {
    const { result } = prepare('~^/blog/.*$~iu')
    expect(result).toEqual({
      pattern: '~^/blog/.*$~iu',
      delimiter: '~',
      body: '^/blog/.*$',
      modifiers: 'iu',
      wrapped: false
    })
  })

  it('trims the input', () => {
    const { result } = prepare('  \t#^/a$#\n ')
    expect(result?.pattern).toBe('#^/a$#')
  })
})

describe('preparePattern: empty and multi-line input', () => {
  it.each(['', '   ', '\n\t'])('returns undefined without problems for %j', raw => {
    const { result, diag } = prepare(raw)
    expect(result).toBeUndefined()
    expect(diag.problems).toEqual([])
    expect(diag.notices).toEqual([])
    expect(diag.warnings).toEqual([])
  })

  it.each(['#^/a$#\n#^/b$#', '^/a\r\n^/b', '^/a\r^/b'])('refuses a line break in %j', raw => {
    const { result, diag } = prepare(raw)
    expect(result).toBeUndefined()
    expect(reasons(diag)).toEqual([
      expect.stringMatching(/line break at offset \d+; .*one regular expression/)
    ])
  })
})

describe('preparePattern: what PCRE2 cannot compile is refused with its reason and a caret', () => {
  // [pattern, PCRE2's message, offset in the input]
  const uncompilable: [string, string, number][] = [
    ['#^/blog(/x$#', 'missing closing parenthesis', 11],
    ['^/a(b', 'missing closing parenthesis', 5],
    ['#^/((a)$#', 'missing closing parenthesis', 8],
    ['#^/blog)$#', 'unmatched closing parenthesis', 7],
    ['#^/[abc$#', 'missing terminating ] for character class', 8],
    ['#^/[]$#', 'missing terminating ] for character class', 6],
    ['#*abc#', 'quantifier does not follow a repeatable item', 1],
    ['#(|*)#', 'quantifier does not follow a repeatable item', 3],
    ['#a**#', 'quantifier does not follow a repeatable item', 3],
    ['#^+/a#', 'quantifier does not follow a repeatable item', 2],
    ['#/a|?b#', 'quantifier does not follow a repeatable item', 4],
    ['#a{3,2}#', 'numbers out of order in {} quantifier', 6],
    ['#a{70000}#', 'number too big in {} quantifier', 8],
    ['#^/a\\i$#', 'unrecognized character follows \\', 5],
    ['#^/a\\L$#', 'PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u', 6],
    ['#^/[z-a]$#', 'range out of order in character class', 6],
    ['#^/[\\w-.]$#', 'invalid range in character class', 6],
    ['#^/[[:alfa:]]$#', 'unknown POSIX class name', 6],
    ['#^/\\x{263A}$#', 'character code point value in \\x{} or \\o{} is too large', 10],
    // The issue's uncompilable patterns: PHP would send them to PCRE2, which refuses them.
    ['#(?<=a+)b#', 'lookbehind assertion is not fixed length', 1],
    ['#(?<n>a)(?<n>b)#', 'two named subpatterns have the same name (PCRE2_DUPNAMES not set)', 13],
    ['#(?P>nope)#', 'reference to non-existent subpattern', 5],
    ['#\\g{9}#', 'reference to non-existent subpattern', 5],
    ['#(?r)a#', 'unrecognized character after (? or (?-', 3],
    ['^/a#(b', 'missing closing parenthesis', 6],
    ['^/abc\\', '\\ at end of pattern', 6]
  ]

  it.each(uncompilable)('%s: %s at offset %i', (pattern, message, offset) => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeUndefined()
    expect(diag.problems).toEqual([
      {
        input: 'pattern',
        value: pattern,
        reason: `PCRE2 10.42, the service's engine, cannot compile it: ${message} at offset ${offset}; the service would refuse it\n    ${pattern}\n    ${' '.repeat(offset)}^`
      }
    ])
    expect(diag.notices).toEqual([])
    expect(diag.warnings).toEqual([])
  })

  it('the messages are the system libpcre2-8 ones (offsets there count bytes of the expression)', () => {
    for (const pattern of ['#(?<=a+)b#', '#(?<n>a)(?<n>b)#', '#(?P>nope)#', '#\\g{9}#']) {
      const reason = reasons(prepare(pattern).diag)[0] ?? ''
      const message = /compile it: (.*) at offset/.exec(reason)?.[1]
      expect(oracle(pattern).error).toContain(`Compilation failed: ${message} at offset`)
    }
  })

  it('points into a long pattern with a window around the offset', () => {
    const pattern = `#^/${'a'.repeat(200)}(${'b'.repeat(200)}$#`
    const reason = reasons(prepare(pattern).diag)[0] ?? ''
    const [, line, caret] = reason.split('\n')
    expect(line).toBe(`    …${'b'.repeat(49)}$#`)
    expect(caret).toBe(`    ${' '.repeat(51)}^`)
  })

  it('refuses patterns nested deeper than PCRE2 allows, without overflowing anything', () => {
    const deep = `#^/${'('.repeat(2000)}a${')'.repeat(2000)}$#`
    expect(reasons(prepare(deep).diag)).toEqual([
      expect.stringContaining('cannot compile it: parentheses are too deeply nested at offset 254')
    ])
    expect(prepare(`#^/${'(?:'.repeat(250)}a${')'.repeat(250)}$#`).result).toBeDefined()
  })

  it('refuses a pattern too large for PCRE2 (its compiled code is limited to 64 KiB)', () => {
    const body = `^/${'a'.repeat(40_000)}$`
    expect(reasons(prepare(body).diag)).toEqual([
      expect.stringContaining('regular expression is too large')
    ])
    expect(prepare(`^/${'a'.repeat(30_000)}$`).result?.pattern).toBe(`#^/${'a'.repeat(30_000)}$#`)
  })
})

describe('preparePattern: delimiters and modifiers, read as PHP reads them', () => {
  const refused: [string, string[]][] = [
    [
      '/^/blog/.*$/',
      [
        "unescaped delimiter '/' inside the pattern at offset 2 (and 1 more), where PHP ends the pattern",
        "(PHP: Unknown modifier 'b')",
        'escape it as \\/ (`/^\\/blog\\/.*$/`) or use # as delimiter (`#^/blog/.*$#`)'
      ]
    ],
    ['#^/a#b$#', ["unescaped delimiter '#' inside the pattern at offset 4", 'use ~ as delimiter']],
    ['#^/a#b#c$#', ["unescaped delimiter '#' inside the pattern at offset 4 (and 1 more)"]],
    ['/^/[/]$/', ["unescaped delimiter '/' inside the pattern at offset 2 (and 1 more)"]],
    ['/^/a(/e', ["unescaped delimiter '/' inside the pattern at offset 2"]],
    [
      '/^\\/blog/e',
      ["unknown modifier 'e' after the end delimiter '/' at offset 8", 'i m n s x A D S X U u J']
    ],
    ['#^/blog$#ig', ["unknown modifier 'g' after the end delimiter '#' at offset 8"]],
    ['#^/blog$#r', ["unknown modifier 'r'"]],
    [
      '/blog/.*',
      ["unknown modifiers '.', '*'", 'to match the paths /blog/.* describes, write `#^/blog/.*#`']
    ],
    ['#^/blog', ["has no end delimiter: a pattern that starts with '#' must end with '#'"]],
    [
      '/blog',
      ['has no end delimiter', 'to match the paths that start with /blog, write `#^/blog#`']
    ],
    ['#', ['has no end delimiter', "(PHP: No ending delimiter '#' found)"]],
    ['#^/blog\\#', ["(the final '#' at offset 8 is escaped by the backslash before it)"]],
    ['{^/blog/', ["must end with '}'", "(PHP: No ending matching delimiter '}' found)"]]
  ]

  it.each(refused)('%s', (pattern, expected) => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeUndefined()
    expect(diag.problems).toHaveLength(1)
    for (const part of expected) expect(reasons(diag)[0]).toContain(part)
  })

  it('PHP refuses each of these patterns too (the system libpcre2-8 through PHP rules)', () => {
    expect(oracle('/^/blog/$/').error).toBe("Unknown modifier 'b'")
    expect(oracle('#x#q').error).toBe("Unknown modifier 'q'")
    expect(oracle('#abc').error).toBe("No ending delimiter '#' found")
    expect(oracle('{abc').error).toBe("No ending matching delimiter '}' found")
  })

  it('accepts an escaped backslash before the end delimiter', () => {
    const { result, diag } = prepare('#^/a\\\\$#')
    expect(diag.problems).toEqual([])
    expect(result?.body).toBe('^/a\\\\$')
  })

  it('sends a pattern with bracket or other PHP delimiters as given, and says how it is read', () => {
    const { result, diag } = prepare('{^/blog/}i')
    expect(result).toEqual({
      pattern: '{^/blog/}i',
      delimiter: '{',
      body: '^/blog/',
      modifiers: 'i',
      wrapped: false
    })
    expect(diag.notices).toEqual([
      "Pattern {^/blog/}i is read as PHP reads it: delimited by '{' and '}', and sent as given."
    ])
    expect(prepare('+^/blog/+').result?.body).toBe('^/blog/')
  })

  it('refuses (…)mods and […], which PHP and a bare expression read differently', () => {
    for (const [pattern, spellings] of [
      ['(^/blog/)i', '`#^/blog/#i` or `#(^/blog/)i#`'],
      // Both readings match every path, or all but the root: spelt out, not advised.
      [
        '[^/]',
        '#^/# (which the action would refuse as well) or #[^/]# (which the action would refuse as well)'
      ]
    ] as const) {
      const { result, diag } = prepare(pattern)
      expect(result).toBeUndefined()
      expect(reasons(diag)).toEqual([expect.stringContaining('can be read two ways')])
      expect(reasons(diag)[0]).toContain(spellings)
    }
  })
})

describe('preparePattern: bare expressions are wrapped in #...#', () => {
  const wrapped: [string, string][] = [
    ['^/blog/.*$', '#^/blog/.*$#'],
    ['^/a#b$', '#^/a\\#b$#'],
    ['^/a##b$', '#^/a\\#\\#b$#'],
    ['^/a\\#b$', '#^/a\\#b$#'],
    ['^/a\\\\#b$', '#^/a\\\\\\#b$#'],
    ['^/[#]$', '#^/[\\#]$#'],
    ['^/\\Qa#b\\E$', '#^/\\Qa\\E\\#\\Qb\\E$#'],
    ['^/\\Qa#', '#^/\\Qa\\E\\#\\Q#'],
    ['^(?i)/blog$', '#^(?i)/blog$#'],
    ['(^/a|^/b)', '#(^/a|^/b)#'],
    ['.*\\.pdf$', '#.*\\.pdf$#']
  ]

  it.each(wrapped)('%s -> %s', (bare, expected) => {
    const { result, diag } = prepare(bare)
    expect(diag.problems).toEqual([])
    expect(result).toEqual({
      pattern: expected,
      delimiter: '#',
      body: expected.slice(1, -1),
      modifiers: '',
      wrapped: true
    })
    expect(diag.notices).toEqual([expect.stringContaining(`sent wrapped in '#' as ${expected}`)])
  })

  it('wrapping keeps the PHP delimiter scan and the expression in agreement', () => {
    // After escaping, no unescaped '#' is left for PHP to end the pattern at.
    const escaped = escapeUnescapedDelimiter('a#b\\#c[#]\\Q#\\E', '#').text
    expect(escaped).toBe('a\\#b\\#c[\\#]\\Q\\E\\#\\Q\\E')
    const { diag } = prepare(`#${escaped}#`)
    expect(diag.problems).toEqual([])
  })

  it('uses another delimiter when a (?#...) comment holds a #', () => {
    const { result, diag } = prepare('^/a#(?#a#b)$')
    expect(diag.problems).toEqual([])
    expect(result?.pattern).toBe('~^/a#(?#a#b)$~')
    expect(diag.notices).toEqual([expect.stringContaining("wrapped in '~'")])
  })

  it('wraps an inline-extended expression with # comments in another delimiter', () => {
    const oneLine = prepare('(?x)^/a$ # the a section')
    expect(oneLine.diag.problems).toEqual([])
    expect(oneLine.result?.pattern).toBe('~(?x)^/a$ # the a section~')
  })

  it('still escapes a literal # when extended mode is off', () => {
    expect(prepare('^/a#b$').result?.pattern).toBe('#^/a\\#b$#')
  })
})

describe('preparePattern: patterns that match every path', () => {
  // The issue's list: each matched every path with the system libpcre2-8, yet some were sent
  // without allow_purge_all by the old hand-written check.
  const fromTheIssue = [
    '#^(/)\\1?.*$#',
    '#^(?(?=/)/.*|.*)$#',
    '#^/(*SKIP).*$#',
    '#^/[[:print:]]*$#u',
    '#^(?:/|(?1))(.*)$#'
  ]
  const matchAll = [
    ...fromTheIssue,
    '#.*#',
    '#^.*$#',
    '#^/#',
    '#/#',
    '##',
    '(.*?)',
    '#^/.*#',
    '#.?#',
    '#^#',
    '#$#',
    '#^(/.*)?$#',
    '~.*~i',
    '.*',
    '^',
    '#.+#',
    '#^/.*$#s',
    '#\\A#',
    '#(?i).*#',
    '#.*+#',
    '#(?>.*)#',
    '#^[\\s\\S]*$#',
    '#[^\\n]*#',
    '#/|x#',
    '#^\\/#',
    '#(?:)#',
    '#.*#A',
    '#\\w*#',
    '~^/ .* ~x',
    '#^/(?:[a-z]|[^a-z])*$#u',
    '#^\\Q/\\E#',
    '~~',
    '{^/}',
    '#^/(?:[^/]*/?)*#',
    '#^(?(?=x)a|.*)#',
    '#^/(?i)[a-z]*#'
  ]

  it('the system libpcre2-8 matches each fixture one on every path that starts with /', () => {
    for (const pattern of [...fromTheIssue, '#^(?(?=/)/.*|.*)$#', '~~', '{^/}']) {
      const letters = oracle(pattern).results ?? ''
      expect(slashPaths.map(index => letters[index]).join('')).toBe('M'.repeat(slashPaths.length))
    }
  })

  it.each(matchAll)('%s is refused without allow_purge_all', pattern => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeUndefined()
    expect(diag.problems).toEqual([
      {
        input: 'pattern',
        value: pattern,
        reason:
          'matches every path, so it would purge every cached page of the site; set `allow_purge_all: true` to purge the whole site deliberately'
      }
    ])
  })

  it.each(matchAll)(
    '%s is sent unchanged, with a warning, when allow_purge_all is true',
    pattern => {
      const { result, diag } = prepare(pattern, true)
      expect(diag.problems).toEqual([])
      expect(result?.pattern).toBe(
        pattern.startsWith('(') || /^[.^]/.test(pattern) ? `#${pattern}#` : pattern
      )
      expect(diag.warnings).toEqual([
        expect.stringContaining('every cached page of the site will be purged')
      ])
    }
  )

  // Every path as a browser requests it: ASCII only, with non-ASCII characters, spaces, quotes,
  // '#', '<', '>', '`', '{' and '}' percent-encoded; the raw (decoded) test paths they miss are
  // not what the service sees if it keeps paths as requested.
  const matchAllAsRequested = [
    '#^/[[:print:]]*$#',
    '#^/\\S*$#',
    '#^[!-~]*$#',
    '#^/[^ ]*$#',
    '#^/[^\\#]*$#',
    '#^[\\x00-\\x7f]*$#'
  ]

  it('the system libpcre2-8 matches each of those on every fixture path that is ASCII without spaces', () => {
    const requestedLike = slashPaths.filter(index => {
      const path = fixture.paths[index]
      return typeof path !== 'string' || /^[!-~]*$/.test(path)
    })
    for (const pattern of matchAllAsRequested) {
      const letters = oracle(pattern).results ?? ''
      expect([pattern, requestedLike.map(index => letters[index]).join('')]).toEqual([
        pattern,
        'M'.repeat(requestedLike.length)
      ])
    }
  })

  it.each(matchAllAsRequested)(
    '%s is refused without allow_purge_all: it matches every path as requested',
    pattern => {
      const { result, diag } = prepare(pattern)
      expect(result).toBeUndefined()
      expect(reasons(diag)).toEqual([
        'matches every path as browsers request it (non-ASCII characters, spaces and the like percent-encoded), so it would purge every cached page of the site; set `allow_purge_all: true` to purge the whole site deliberately'
      ])
      expect(prepare(pattern, true).result?.pattern).toBe(pattern)
    }
  )

  it('refuses a pattern that matches every path once decoded (no percent-encoded byte)', () => {
    const pattern = '#^/(?!.*%[0-9A-F]{2})#'
    expect(reasons(prepare(pattern).diag)).toEqual([
      'matches every path once decoded (non-ASCII characters and spaces as text), so it would purge every cached page of the site; set `allow_purge_all: true` to purge the whole site deliberately'
    ])
  })

  // What spares only a few test paths (#^/.+$#, #^/[^z]*$#) is refused too: see
  // pattern-blast-radius.test.ts.
  const notMatchAll = [
    '#^/blog/.*$#',
    '#^/[^?]*$#',
    '#^/[a-z]*$#',
    '#^/.*\\.html$#',
    '#^/(?!admin).*$#',
    // .*+ keeps every character, so the '/' after it can never match.
    '#^.*+/#',
    '#^(?>.*)/#',
    '#^/[^A-Z]*$#',
    '#^/[^A-Z]*$#i',
    '#^/[a-z/]*$#i',
    '#^(.*)\\1$#'
  ]

  it.each(notMatchAll)('%s is not judged a match-all', pattern => {
    const { result, diag } = prepare(pattern)
    expect(diag.problems).toEqual([])
    expect(result?.pattern).toBe(pattern)
  })
})

describe('preparePattern: where PHP gives up (pcre.backtrack_limit and friends)', () => {
  const catastrophic = '#^(?:(?!/segment).)*$|^(.*.*)*X$#'

  it('refuses a pattern that matches every test path PHP finishes on', () => {
    const { result, diag } = prepare(catastrophic)
    expect(result).toBeUndefined()
    expect(reasons(diag)).toEqual([
      `matches every test path PHP finishes matching (it gives up on 1 of ${PROBES}: Backtrack limit exhausted at pcre.backtrack_limit), so it would purge every cached page of the site; set \`allow_purge_all: true\` to purge the whole site deliberately`
    ])
  })

  it('sends it, with a warning, only with allow_purge_all', () => {
    const { result, diag } = prepare(catastrophic, true)
    expect(result?.pattern).toBe(catastrophic)
    expect(diag.warnings.join('\n')).toMatch(/every cached page of the site will be purged/)
  })

  it('warns when PHP gives up on some test paths, naming them', () => {
    expect(oracle('#^/(?:[\\w-]+/?)*-$#').results).toContain('B')
    const { result, diag } = prepare('#^/(?:[\\w-]+/?)*-$#')
    expect(result).toBeDefined()
    expect(diag.warnings).toEqual([
      expect.stringMatching(
        /^Pattern #\^\/\(\?:\[\\w-\]\+\/\?\)\*-\$#: PHP's preg_match\(\) gives up on \d+ of \d+ test paths \(Backtrack limit exhausted at pcre.backtrack_limit\), so the service would not purge paths like these even when they match: \/a-fairly-long-page-name-with-many-words-in-it, .*, …; nested quantifiers such as \(a\+\)\+ backtrack for ever/
      )
    ])
  })

  it('warns before sending when PHP gives up on a long slug, as nested quantifiers over words do', () => {
    const slug = '/a-fairly-long-page-name-with-many-words-in-it'
    const letters = oracle('#^/([a-z-]+)*\\.html$#').results ?? ''
    expect(letters[fixture.paths.indexOf(slug)]).toBe('B')
    const { result, diag } = prepare('#^/([a-z-]+)*\\.html$#')
    expect(result?.pattern).toBe('#^/([a-z-]+)*\\.html$#')
    expect(diag.warnings).toEqual([
      expect.stringContaining(
        `PHP's preg_match() gives up on 1 of ${PROBES} test paths (Backtrack limit exhausted at pcre.backtrack_limit), so the service would not purge paths like these even when they match: ${slug}`
      )
    ])
  })

  it('refuses a pattern PHP fails on for every path: it would purge nothing', () => {
    // PCRE2 stops (?R) recursing without consuming a character: an internal error for PHP.
    expect(oracle('#^(?R)?.*#').results).toMatch(/^I+$/)
    const { result, diag } = prepare('#^(?R)?.*#')
    expect(result).toBeUndefined()
    expect(reasons(diag)).toEqual([
      expect.stringContaining(
        `PHP's preg_match() fails on every one of ${PROBES} very different test paths (Internal error), so the service would purge nothing with it`
      )
    ])
  })
})

describe('preparePattern: anchoring (warn only for a pattern anchored at neither end)', () => {
  const unanchored: [string, string | undefined, string][] = [
    ['#/blog/#', '/old/blog/x', 'Write `#^/blog/#` if it means the paths that start with /blog/.'],
    ['#/Blog/#', '/old/Blog/x', 'Write `#^/Blog/#` if it means the paths that start with /Blog/.'],
    ['#/BLOG/#i', '/old/BLOG/x', 'Write `#^/BLOG/#i`'],
    [
      'blog',
      '/old/blog/x',
      'Write `^/blog` if it means the paths that start with /blog, or `blog$` for those that end with blog.'
    ],
    [
      '#\\.php#',
      '/old/.php/x',
      'Write `#^/\\.php#` if it means the paths that start with /.php, or `#\\.php$#` for those that end with .php.'
    ],
    [
      '#^/a|/b#',
      '/products/bags/tote.html?color=red',
      'Start it with ^ (or end it with $) if it means a prefix (or a suffix).'
    ],
    [
      '#^/a|/qq#',
      undefined,
      'Start it with ^ (or end it with $) if it means a prefix (or a suffix).'
    ],
    ['#(?:^/a)?/b#', '/a//b', 'Start it with ^']
  ]

  it.each(unanchored)('%s is anchored at neither end (example %s)', (pattern, example, advice) => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeDefined()
    expect(diag.warnings).toHaveLength(1)
    const warning = diag.warnings[0] ?? ''
    expect(warning).toContain(
      `is not anchored at either end (no ^ or \\A at the start, no $, \\z or \\Z at the end): it matches anywhere in a path`
    )
    if (example === undefined) expect(warning).not.toContain('e.g.')
    else expect(warning).toContain(`, e.g. ${example}.`)
    expect(warning).toContain(advice)
  })

  const anchored = [
    '#^/blog/#',
    '#^/docs/#',
    '#/blog/$#',
    '#^/x\\Q[($#',
    '#^/a|/b$#',
    '#^/a$|/b$#',
    '#(?:^/a)?/b$#',
    '#\\A/blog\\z#',
    '#^/a$|^/b$#',
    '#^(?:/a|/b)$#',
    '#(^/a$|^/b$)#',
    '#(?:^/a)+$#',
    '#/blog$#A',
    '#/blog#A',
    '#(?i)^/blog$#',
    '#^/blog(?=$)$#',
    '~^/blog$(?#done)~',
    '#^/docs/#m'
  ]

  it.each(anchored)('%s is anchored at one end or the other: no warning', pattern => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeDefined()
    expect(diag.warnings).toEqual([])
  })

  it('every spelling the advice suggests matches a path (a path always starts with /)', () => {
    const paths = ['/blog', '/blog/x', '/old/blog/x', '/BLOG/x', '/.php', '/x.php', '/a/b.php']
    for (const pattern of ['blog', '#blog#i', '#\\.php#', '#/blog/#', '#/BLOG/#i']) {
      const warning = prepare(pattern).diag.warnings[0] ?? ''
      const advised = [...warning.matchAll(/(?:Write|, or) `(\S+)` (?:if it means|for those)/g)]
      expect(advised.length).toBeGreaterThan(0)
      for (const [, spelling = ''] of advised) {
        const compiled = compilePhpPattern(pattern.startsWith('#') ? spelling : `#${spelling}#`)
        if (!compiled.ok) throw new Error(`${spelling}: ${compiled.message}`)
        expect([spelling, paths.some(path => compiled.pattern.test(path) === 'match')]).toEqual([
          spelling,
          true
        ])
        compiled.pattern.free()
      }
    }
  })

  it('the example is a path PCRE2 matches, in the pattern’s own letter case', () => {
    // The fixture (system libpcre2-8): #/blog/# matches /old/blog/x, #/blog/#i also /BLOG/x.
    const paths = fixture.paths
    const blog = oracle('#/blog/#').results ?? ''
    expect(blog[paths.indexOf('/old/blog/x')]).toBe('M')
    expect(blog[paths.indexOf('/BLOG/x')]).toBe('.')
  })
})

describe('preparePattern: what newer PCRE2 versions read differently', () => {
  it('warns that {,n} is literal text today and a quantifier from PCRE2 10.43 on', () => {
    const { result, diag } = prepare('#^/x{,3}$#')
    expect(result?.pattern).toBe('#^/x{,3}$#')
    expect(diag.warnings).toEqual([
      "Pattern #^/x{,3}$#: '{,3}' at offset 4 is literal text in PCRE2 10.42, which the service's PHP runs, but a quantifier (0 to 3 times) from PCRE2 10.43 on (PHP 8.4 bundles 10.44), so the pattern would purge other pages after an upgrade of the service. Write \\{,3} for the text (`#^/x\\{,3}$#`), or {0,3} for the quantifier (`#^/x{0,3}$#`)."
    ])
    // The system libpcre2-8 10.42 matches the text, not "x up to 3 times".
    const letters = oracle('#^/x{,3}$#').results ?? ''
    expect(letters[fixture.paths.indexOf('/x{,3}')]).toBe('M')
    expect(letters[fixture.paths.indexOf('/xxx')]).toBe('.')
  })

  it.each(['#^/x\\{,3}$#', '#^/x{0,3}$#', '#^/[{,3}]$#', '#^/\\Q{,3}\\E$#', '#^/(?#{,3})x$#'])(
    'no warning where {,n} is literal in every version: %s',
    pattern => {
      expect(prepare(pattern).diag.warnings).toEqual([])
    }
  )

  it('gives the offset in the input for a wrapped expression', () => {
    expect(prepare('^/a#b{,2}$').diag.warnings).toEqual([
      expect.stringContaining("'{,2}' at offset 5")
    ])
  })
})

describe('JSON escaping is left to the JSON layer', () => {
  it('the documented example keeps one backslash; JSON.stringify doubles it', () => {
    const { result } = prepare('#^/test-url/.+\\.html$#')
    expect(result?.pattern).toBe('#^/test-url/.+' + '\\' + '.html$#')
    const json = JSON.stringify({ pattern: result?.pattern })
    expect(json).toBe('{"pattern":"#^/test-url/.+\\\\.html$#"}')
    expect(JSON.parse(json)).toEqual({ pattern: '#^/test-url/.+\\.html$#' })
  })
})
