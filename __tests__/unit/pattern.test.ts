import { describe, expect, it } from '@jest/globals'
import { Diagnostics } from '../../src/diagnostics.js'
import { escapeUnescapedDelimiter, matchPathsWithin, preparePattern } from '../../src/pattern.js'
import { groupNestingDepth } from '../../src/pattern/prepare.js'

function prepare(raw: string, allowPurgeAll = false) {
  const diag = new Diagnostics()
  const result = preparePattern(raw, { allowPurgeAll }, diag)
  return { result, diag }
}

function reasons(diag: Diagnostics): string[] {
  return diag.problems.map(problem => problem.reason)
}

describe('preparePattern: valid PCRE is accepted as given', () => {
  // All anchored at both ends, none matching every path: no problem and no warning expected.
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
    ['{,n} quantifier (PHP 8.4)', '#^/x{,3}$#'],
    ['class escapes', '#^/[\\d\\s\\w\\h\\v\\b\\x{41}\\p{L}\\Q-]\\E]$#u'],
    ['backtracking verbs', '#^/a(*COMMIT)b(*PRUNE)(*SKIP)(*MARK:m)(*:n)c$#'],
    ['start-of-pattern options', '#(*UTF)(*UCP)^/\\x{e9}$#'],
    ['alphabetic assertions', '#^/(*pla:a)(*atomic:ab)$#'],
    ['every PHP modifier', '#^/blog$#imsuUXJADSn'],
    ['extended mode with spaces and a comment', '~^/blog/ .* $  # trailing ( [ comment~x'],
    ['extended mode quantifier after a space', '~^ /a +$~x'],
    ['inline extended mode', '~^/(?x) a b $ # note~'],
    ['escaped delimiter char inside class', '/^\\/[\\/a]$/'],
    ['non-ASCII literal', '#^/été$#u'],
    ['callout', '#^/a(?C1)b$#'],
    ['empty option group', '#^/a(?)b$#']
  ]

  it.each(valid)('%s: %s', (_name, pattern) => {
    const { result, diag } = prepare(pattern)
    expect(diag.problems).toEqual([])
    expect(diag.warnings).toEqual([])
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

  it('warns that \\x{} above 0xFF needs the u modifier, without refusing', () => {
    const { result, diag } = prepare('#^/\\x{263A}$#')
    expect(result?.pattern).toBe('#^/\\x{263A}$#')
    expect(diag.problems).toEqual([])
    expect(diag.warnings).toEqual([expect.stringContaining('u modifier')])
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

describe('preparePattern: malformed expressions are refused', () => {
  const malformed: [string, string][] = [
    ['#^/blog(/x$#', "unbalanced '(' at offset 7"],
    ['^/a(b', "unbalanced '(' at offset 3"],
    ['#^/((a)$#', "unbalanced '(' at offset 3"],
    ['#^/blog)$#', "unbalanced ')' at offset 7"],
    ['#^/[abc$#', "unterminated character class '[' at offset 3"],
    ['#^/[]$#', "unterminated character class '[' at offset 3"],
    ['#^/[^]$#', "unterminated character class '[' at offset 3"],
    ['#*abc#', "quantifier '*' at offset 1 has nothing to repeat"],
    ['*abc', "quantifier '*' at offset 0 has nothing to repeat"],
    ['#(|*)#', "quantifier '*' at offset 3 has nothing to repeat"],
    ['#(*)#', "quantifier '*' at offset 2 has nothing to repeat"],
    ['#a**#', "quantifier '*' at offset 3 has nothing to repeat"],
    ['#a+?+#', "quantifier '+' at offset 4 has nothing to repeat"],
    ['#a++*#', "quantifier '*' at offset 4 has nothing to repeat"],
    ['#^+/a#', "quantifier '+' at offset 2 has nothing to repeat"],
    ['#/a\\b*#', "quantifier '*' at offset 5 has nothing to repeat"],
    ['#/a(?i)+#', "quantifier '+' at offset 7 has nothing to repeat"],
    ['#{2}a#', "quantifier '{2}' at offset 1 has nothing to repeat"],
    ['#/a|?b#', "quantifier '?' at offset 4 has nothing to repeat"],
    ['#a{3,2}#', "bad quantifier '{3,2}' at offset 2: the minimum 3 is larger than the maximum 2"],
    ['#a{70000}#', "quantifier '{70000}' at offset 2 has a number above 65535"],
    ['^/abc\\', 'trailing backslash at offset 5'],
    ['#^/a\\i$#', "unrecognized escape '\\i' at offset 4"],
    ['#^/a\\L$#', "unrecognized escape '\\L' at offset 4"],
    ['#^/[z-a]$#', "range 'z-a' out of order in the character class at offset 5"],
    ['#^/[\\w-.]$#', 'invalid range at offset 6'],
    ['#^/[a-\\d]$#', 'invalid range at offset 5'],
    ['#^/[[:alfa:]]$#', "unknown POSIX class name 'alfa' at offset 4"],
    ['#[:alpha:]#', "POSIX class '[:alpha:]' at offset 1 works only inside a character class"],
    ['#^/(?;)$#', "unknown group syntax '(?;' at offset 3"],
    ['#^/(?Z)$#', "unknown inline option 'Z' in the group at offset 3"],
    ['#^/(?<1a>x)$#', 'invalid group name at offset 6'],
    ['#^/(?<ab$#', "group name 'ab' in the group at offset 3 is not closed with >"],
    ['~^/(?#comment$~', "unterminated comment '(?#' at offset 3"],
    ['#^/\\x{zz}$#', "malformed '\\x{...}' escape at offset 3"],
    ['#^/\\p{}$#', "malformed '\\p{...}' escape at offset 3"],
    ['#^/\\k<>$#', "malformed reference '\\k' at offset 3"],
    ['#^/(a)(?(1)b|c|d)$#', 'the conditional group at offset 6 has more than two alternatives'],
    ['#^/(?(?a)b)$#', 'malformed condition in the conditional group at offset 3'],
    ['#^/[\\B]$#', "escape '\\B' at offset 4 is not allowed inside a character class"],
    ['#^/(?i-q)$#', "unknown inline option 'q' in the group at offset 3"],
    ['#^/(*FOO)$#', "unknown verb '(*FOO' at offset 3"],
    ['#^/(*foo)$#', "malformed verb '(*' at offset 3"],
    ['#^/\\c#', "'\\c' at offset 3 must be followed by a printable ASCII character"]
  ]

  it.each(malformed)('%s -> %s', (pattern, reason) => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeUndefined()
    expect(diag.problems).toEqual([
      { input: 'pattern', value: pattern, reason: expect.stringContaining(reason) }
    ])
  })

  it('reports every independent problem at once', () => {
    const { result, diag } = prepare('/^/a(/e')
    expect(result).toBeUndefined()
    expect(reasons(diag)).toEqual([
      expect.stringContaining("unescaped delimiter '/' inside the pattern at offset 2"),
      expect.stringContaining("unknown modifier 'e'"),
      expect.stringContaining("unbalanced '(' at offset 4")
    ])
  })

  it('gives no notice or warning for a refused pattern', () => {
    const { diag } = prepare('^/a(')
    expect(diag.problems).toHaveLength(1)
    expect(diag.notices).toEqual([])
    expect(diag.warnings).toEqual([])
  })
})

describe('preparePattern: delimiters and modifiers', () => {
  const refused: [string, string[]][] = [
    [
      '/^/blog/.*$/',
      [
        "unescaped delimiter '/' inside the pattern at offset 2",
        'escape it as \\/ or use # as delimiter'
      ]
    ],
    ['#^/a#b$#', ["unescaped delimiter '#' inside the pattern at offset 4", 'use ~ as delimiter']],
    ['#^/a#b#c$#', ["unescaped delimiter '#' inside the pattern at offset 4 (and 1 more)"]],
    ['/^/[/]$/', ["unescaped delimiter '/' inside the pattern at offset 2 (and 1 more)"]],
    [
      '/^\\/blog/e',
      ["unknown modifier 'e' after the end delimiter '/' at offset 9", 'i m s x u U X J A D S n']
    ],
    ['#^/blog$#ig', ["unknown modifier 'g' after the end delimiter '#' at offset 9"]],
    ['#^/blog$# i', ["unknown modifier ' '"]],
    ['/blog/.*', ["unknown modifiers '.', '*'", 'write a bare expression such as ^/blog/.*$']],
    ['#^/blog', ["has no end delimiter: a pattern that starts with '#' must end with '#'"]],
    ['/blog', ['has no end delimiter', 'write a bare expression such as ^/blog/.*$']],
    ['#', ['has no end delimiter']],
    ['#^/blog\\#', ["(the final '#' at offset 8 is escaped by the backslash before it)"]]
  ]

  it.each(refused)('%s', (pattern, expected) => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeUndefined()
    expect(diag.problems).toHaveLength(1)
    for (const part of expected) expect(reasons(diag)[0]).toContain(part)
  })

  it('accepts an escaped backslash before the end delimiter', () => {
    const { result, diag } = prepare('#^/a\\\\$#')
    expect(diag.problems).toEqual([])
    expect(result?.body).toBe('^/a\\\\$')
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
    ['^(?i)/blog$', '#^(?i)/blog$#']
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
    const escaped = escapeUnescapedDelimiter('a#b\\#c[#]\\Q#\\E', '#')
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

  it('checks the syntax of a bare expression with offsets in the input', () => {
    const { diag } = prepare('^/a#(b')
    expect(reasons(diag)).toEqual([expect.stringContaining("unbalanced '(' at offset 4")])
  })
})

describe('preparePattern: patterns that match every path', () => {
  const matchAll = [
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
    '#^\\Q/\\E#'
  ]

  it.each(matchAll)('%s is refused without allow_purge_all', pattern => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeUndefined()
    expect(diag.problems).toEqual([
      {
        input: 'pattern',
        value: pattern,
        reason: expect.stringMatching(
          /matches every path.*`allow_purge_all: true` to purge the whole site deliberately/
        )
      }
    ])
  })

  it.each(matchAll)('%s is accepted with a warning when allow_purge_all is true', pattern => {
    const { result, diag } = prepare(pattern, true)
    expect(diag.problems).toEqual([])
    expect(result).toBeDefined()
    expect(diag.warnings).toEqual([
      expect.stringContaining('every cached page of the site will be purged')
    ])
  })

  const notMatchAll = [
    '#^/blog/.*$#',
    '#^/.+$#',
    '#^/[^?]*$#',
    '#^/[a-z]*$#',
    '#^/.*\\.html$#',
    '#^/(?!admin).*$#',
    '#^/[^z]*$#',
    '#^/.{0,300}$#',
    // .*+ keeps every character, so the '/' after it can never match.
    '#^.*+/#',
    '#^(?>.*)/#',
    '#^/[^A-Z]*$#',
    '#^/(?!wp-admin/)#'
  ]

  it.each(notMatchAll)('%s is not judged a match-all', pattern => {
    const { result, diag } = prepare(pattern)
    expect(diag.problems).toEqual([])
    expect(result?.pattern).toBe(pattern)
  })

  it('does not refuse what it cannot judge (back references, recursion)', () => {
    for (const pattern of ['#^(.*)\\1$#', '#^(?R)?.*#', '#^(?(?=x)a|.*)#']) {
      const { result, diag } = prepare(pattern)
      expect(diag.problems).toEqual([])
      expect(result?.pattern).toBe(pattern)
    }
  })

  it('a case-sensitive class is not a match-all, while the caseless one is', () => {
    expect(prepare('#^/[^A-Z]*$#').diag.problems).toEqual([])
    expect(prepare('#^/[^A-Z]*$#i').diag.problems).toEqual([])
    expect(prepare('#^/[a-z/]*$#i').diag.problems).toEqual([])
    expect(prepare('#^/(?i)[a-z]*#').diag.problems).toEqual([expect.anything()])
  })
})

describe('preparePattern: anchoring', () => {
  const unanchored: [string, string][] = [
    ['#/blog/#', 'at either end'],
    ['#^/blog/#', 'at the end'],
    ['#/blog/$#', 'at the start'],
    ['#^/x\\Q[($#', 'at the end'],
    ['#^/a|/b$#', 'at either end'],
    ['#^/a$|/b$#', 'at the start'],
    ['#(?:^/a)?/b$#', 'at the start'],
    ['blog', 'at either end']
  ]

  it.each(unanchored)('%s is not anchored %s', (pattern, side) => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeDefined()
    expect(diag.warnings).toEqual([expect.stringContaining(`is not anchored ${side}`)])
    expect(diag.warnings[0]).toContain('#/blog/# also purges /old/blog/x')
  })

  const anchored = [
    '#\\A/blog\\z#',
    '#^/a$|^/b$#',
    '#^(?:/a|/b)$#',
    '#(^/a$|^/b$)#',
    '#(?:^/a)+$#',
    '#/blog$#A',
    '#(?i)^/blog$#',
    '#^/blog(?=$)$#',
    '~^/blog$(?#done)~'
  ]

  it.each(anchored)('%s is anchored at both ends', pattern => {
    const { result, diag } = prepare(pattern)
    expect(result).toBeDefined()
    expect(diag.warnings).toEqual([])
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

describe('preparePattern: very long patterns', () => {
  it('accepts a pattern too large for a JavaScript RegExp instead of crashing', () => {
    // V8 refuses this size lazily ("Regular expression too large"); PCRE's limits differ.
    const body = `^/${'a'.repeat(40_000)}$`
    const { result, diag } = prepare(body)
    expect(diag.problems).toEqual([])
    expect(result?.pattern).toBe(`#${body}#`)
  })
})

describe('preparePattern: wrapping keeps comments comments', () => {
  it('wraps an inline-extended expression with # comments in another delimiter', () => {
    const oneLine = prepare('(?x)^/a$ # the a section')
    expect(oneLine.diag.problems).toEqual([])
    expect(oneLine.result?.pattern).toBe('~(?x)^/a$ # the a section~')
  })

  it('still escapes a literal # when extended mode is off', () => {
    expect(prepare('^/a#b$').result?.pattern).toBe('#^/a\\#b$#')
  })
})

describe('preparePattern: patterns it cannot judge quickly (security review, finding 3)', () => {
  const catastrophic = '#^(?:(?!/segment).)*$|^(.*.*)*X$#'

  it('refuses a pattern whose probe backtracks for ever, saying why, instead of hanging', () => {
    const { result, diag } = prepare(catastrophic)
    expect(result).toBeUndefined()
    expect(reasons(diag).join('\n')).toMatch(/could not be checked.*nested quantifiers/)
    expect(reasons(diag).join('\n')).toMatch(/allow_purge_all/)
  })

  it('sends it unchecked, with a warning, only with allow_purge_all', () => {
    const { result, diag } = prepare(catastrophic, true)
    expect(result?.pattern).toBe(catastrophic)
    expect(diag.warnings.join('\n')).toMatch(/could not be checked in time/)
  })

  it('still judges ordinary patterns after a probe was stopped', () => {
    expect(prepare('#^/blog/.*$#').result).toBeDefined()
    expect(reasons(prepare('#^/.*$#').diag).join('\n')).toMatch(/matches every path/)
  })
})

describe('preparePattern: nesting depth (security review, finding 7)', () => {
  it('refuses more than 250 nested groups before scanning, instead of overflowing the stack', () => {
    const deep = `#^/${'('.repeat(2000)}a${')'.repeat(2000)}$#`
    const { result, diag } = prepare(deep)
    expect(result).toBeUndefined()
    expect(reasons(diag)).toEqual([
      'nests parentheses 2000 deep; PCRE2 refuses patterns nested more than 250 deep, so the service could not compile it'
    ])
    // Brackets inside a class or escaped do not count.
    expect(groupNestingDepth('[(((]\\(\\(([]()])')).toBe(1)
  })

  it('accepts 250 nested groups, as PCRE2 does', () => {
    expect(prepare(`#^/${'(?:'.repeat(250)}a${')'.repeat(250)}$#`).result).toBeDefined()
  })
})

describe('matchPathsWithin: a bounded "does this path match"', () => {
  it('answers per path, or too-slow', () => {
    expect(matchPathsWithin(/^\/blog\//u, ['/blog/a', '/about'])).toEqual({
      kind: 'done',
      matches: [true, false]
    })
    expect(matchPathsWithin(/^(.*.*)*X$/u, [`/${'a'.repeat(60)}`], { deadlineMs: 200 })).toEqual({
      kind: 'too-slow'
    })
  })
})
