/**
 * The engine (pcre2/pcre2.mjs and pcre2.wasm) against the system's PCRE2: every expectation in
 * __tests__/fixtures/pcre2-php.json comes from libpcre2-8 10.42 itself, called through ctypes
 * with PHP's options and limits by __tests__/support/pcre2-oracle.py (never written by hand).
 * PCRE2's own test data runs through the module when it is built (pcre2/conformance.mjs).
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import v8 from 'node:v8'
import {
  compilePhpPattern,
  createPcre2,
  pcre2,
  readPhpPattern,
  type Outcome
} from '../../pcre2/pcre2.mjs'

type FixturePath = string | { prefix?: string; repeat: string; times: number; suffix?: string }
interface Fixture {
  paths: FixturePath[]
  patterns: string[]
  cases: ({ pattern: string; error: string } | { pattern: string; results: string })[]
}

const FIXTURE = '__tests__/fixtures/pcre2-php.json'
const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture
const paths = fixture.paths.map(path =>
  typeof path === 'string'
    ? path
    : `${path.prefix ?? ''}${path.repeat.repeat(path.times)}${path.suffix ?? ''}`
)
const LETTER: Record<Outcome, string> = {
  match: 'M',
  'no-match': '.',
  'backtrack-limit': 'B',
  'recursion-limit': 'R',
  'bad-utf8': 'U',
  internal: 'I'
}

/** What PHP would say about the pattern, or one letter per path. */
function judge(pattern: string): string {
  const compiled = compilePhpPattern(pattern)
  if (!compiled.ok) {
    return compiled.stage === 'delimiters'
      ? compiled.message
      : `Compilation failed: ${compiled.message} at offset ${compiled.byteOffset}`
  }
  try {
    return paths.map(path => LETTER[compiled.pattern.test(path)]).join('')
  } finally {
    compiled.pattern.free()
  }
}

describe('PCRE2 in WebAssembly answers what the system libpcre2-8 answers, with PHP rules', () => {
  it('the fixture judges exactly the listed patterns', () => {
    expect(fixture.cases.map(c => c.pattern)).toEqual(fixture.patterns)
  })

  it.each(fixture.cases.map(c => [c.pattern, 'error' in c ? c.error : c.results]))(
    '%j',
    (pattern, expected) => {
      expect(judge(pattern)).toBe(expected)
    }
  )

  const python = spawnSync(
    'python3',
    ['-c', 'import ctypes.util; print(ctypes.util.find_library("pcre2-8"))'],
    {
      encoding: 'utf8'
    }
  )
  const oracleAvailable = python.status === 0 && python.stdout.trim() !== 'None'
  ;(oracleAvailable ? it : it.skip)(
    'the fixture is what the system libpcre2-8 answers today (re-asked through ctypes)',
    () => {
      const copy = join(mkdtempSync(join(tmpdir(), 'pcre2-oracle-')), 'fixture.json')
      copyFileSync(FIXTURE, copy)
      const run = spawnSync('python3', ['__tests__/support/pcre2-oracle.py', '--update', copy], {
        encoding: 'utf8'
      })
      expect(run.stderr).toBe('')
      expect(readFileSync(copy, 'utf8')).toBe(readFileSync(FIXTURE, 'utf8'))
    },
    60_000
  )
})

describe('readPhpPattern reads delimiters and modifiers as php_pcre.c does', () => {
  it('skips leading white space and takes any other non-alphanumeric character as delimiter', () => {
    expect(readPhpPattern(' \t+^/a+i')).toMatchObject({
      ok: true,
      delimiter: '+',
      body: '^/a',
      modifiers: 'i'
    })
  })

  it('pairs brackets and lets them nest, escaped ones excluded', () => {
    expect(readPhpPattern('{^/a{2}\\}b}x')).toMatchObject({
      ok: true,
      delimiter: '{',
      endDelimiter: '}',
      body: '^/a{2}\\}b',
      modifiers: 'x'
    })
    expect(readPhpPattern('<a<b>c>')).toMatchObject({ ok: true, body: 'a<b>c' })
  })

  it('skips spaces and line breaks among the modifiers and refuses unknown ones', () => {
    expect(readPhpPattern('#a# i\ns\r')).toMatchObject({ ok: true, modifiers: ' i\ns\r' })
    expect(readPhpPattern('#a#e')).toEqual({
      ok: false,
      message: "Unknown modifier 'e'",
      modifier: 'e',
      endDelimiterAt: 2
    })
    expect(readPhpPattern('#a#r')).toMatchObject({ ok: false, message: "Unknown modifier 'r'" })
  })

  it('counts offsets in bytes, as PHP does', () => {
    expect(readPhpPattern('  #é#')).toMatchObject({ ok: true, bodyStart: 3, body: 'é' })
    const compiled = compilePhpPattern('#é(#u')
    expect(compiled).toMatchObject({ ok: false, stage: 'compile', offset: 2, byteOffset: 3 })
    expect(compiled.ok === false && compiled.stage === 'compile' && compiled.patternOffset).toBe(3)
  })
})

describe('a compiled pattern', () => {
  it('says where a match is, in string indices', () => {
    const compiled = compilePhpPattern('#blog#')
    if (!compiled.ok) throw new Error(compiled.message)
    expect(compiled.pattern.exec('/été/blog/x')).toEqual({ start: 5, end: 9 })
    expect(compiled.pattern.exec('/x')).toBe('no-match')
    compiled.pattern.free()
  })

  it('gives up on a subject that is not valid UTF-8 under u, as PHP does, and not without u', () => {
    const bytes = Uint8Array.from([0x2f, 0x61, 0xff])
    const withU = compilePhpPattern('#^/a#u')
    const withoutU = compilePhpPattern('#^/a#')
    if (!withU.ok || !withoutU.ok) throw new Error('does not compile')
    expect(withU.pattern.testBytes(bytes)).toBe('bad-utf8')
    expect(withoutU.pattern.testBytes(bytes)).toBe('match')
  })

  it('cannot be used once freed', () => {
    const compiled = compilePhpPattern('#a#')
    if (!compiled.ok) throw new Error(compiled.message)
    compiled.pattern.free()
    expect(() => compiled.pattern.test('/a')).toThrow(/freed/)
  })
})

describe('the engine leaves the runtime alone', () => {
  it('changes no V8 flag (Node calls that undefined behaviour once the process runs)', () => {
    const flags: string[] = []
    const setFlags = v8.setFlagsFromString.bind(v8)
    v8.setFlagsFromString = (flag: string) => flags.push(flag)
    try {
      const engine = createPcre2(readFileSync('pcre2/pcre2.wasm'))
      const compiled = engine.compilePhpPattern('#/blog/#')
      if (!compiled.ok) throw new Error(compiled.message)
      for (let index = 0; index < 100; index++) compiled.pattern.test(`/old/blog/${index}`)
      compiled.pattern.free()
    } finally {
      v8.setFlagsFromString = setFlags
    }
    expect(flags).toEqual([])
  })
})

describe('the engine holds its memory steady', () => {
  it('matches 100,000 paths without growing, and frees what it compiles', () => {
    const engine = pcre2()
    const compiled = engine.compilePhpPattern('#^/(?:blog|news)/[a-z0-9-]+\\.html$#i')
    if (!compiled.ok) throw new Error(compiled.message)
    compiled.pattern.test('/blog/warm-up.html')
    const before = engine.memoryBytes()
    let matched = 0
    for (let index = 0; index < 100_000; index++) {
      if (compiled.pattern.test(`/blog/post-${index}.html`) === 'match') matched++
    }
    expect(matched).toBe(100_000)
    expect(engine.memoryBytes()).toBe(before)
    compiled.pattern.free()
    for (let index = 0; index < 10_000; index++) {
      const other = engine.compilePhpPattern(`#^/page-${index}/(a|b)+$#`)
      if (other.ok) other.pattern.free()
    }
    expect(engine.memoryBytes()).toBe(before)
  })
})

describe('anchoring, read from the compiled code', () => {
  // [pattern, anchored at the start, at the end, every way through anchored at one end]
  const cases: [string, boolean, boolean, boolean][] = [
    ['#^/docs/#', true, false, true],
    ['#\\.pdf$#', false, true, true],
    ['#^/a$#', true, true, true],
    ['#/blog/#', false, false, false],
    ['#\\A/a\\z#', true, true, true],
    ['#^/a\\Z#', true, true, true],
    ['#^/a|^/b#', true, false, true],
    ['#^/a$|/b$#', false, true, true],
    ['#^/a|/b$#', false, false, true],
    ['#(?:^/a|/b$)#', false, false, true],
    ['#(^/a|/b$)|^/c#', false, false, true],
    ['#^/a|/b#', false, false, false],
    ['#(?:^/a|/b$)x#', false, false, false],
    ['#^(?:/a|/b)$#', true, true, true],
    ['#(?:^/a|^/b)(?:x$|y$)#', true, true, true],
    ['#^/a$#m', true, true, true],
    ['#^/a$#A', true, true, true],
    ['#/a#A', true, false, true],
    ['#(?=x)^/a$(?<=a)#', true, true, true],
    ['#^/(a)?$#', true, true, true],
    ['#(^/a)?b$#', false, true, true],
    ['#(^/a)?b#', false, false, false],
    ['#^/a(b$)?#', true, false, true],
    ['#^/a(*ACCEPT)b$#', true, false, true],
    ['#/a(*ACCEPT)b$#', false, false, false],
    ['#(?(DEFINE)(?<n>x))^/a$#', true, true, true],
    ['#(?(?=x)^a|^b)$#', true, true, true],
    ['#(?(?=x)^a)$#', false, true, true],
    ['#.*/a$#s', false, true, true],
    ['#.*/a#s', false, false, false],
    ['#^/é$#u', true, true, true],
    ['#^/[é]+\\x{1F600}$#u', true, true, true],
    ['#^/a(?:x|y)*+$#', true, true, true],
    ['#(*MARK:m)^/a(*COMMIT)$#', true, true, true],
    ['#\\b^/a\\b$\\b#', true, true, true]
  ]
  it.each(cases)('%s: start %s, end %s, one end or the other %s', (pattern, start, end, either) => {
    const compiled = compilePhpPattern(pattern)
    if (!compiled.ok) throw new Error(compiled.message)
    const { anchoredAtStart, anchoredAtEnd, anchoredSomewhere } = compiled.pattern
    expect([anchoredAtStart, anchoredAtEnd, anchoredSomewhere]).toEqual([start, end, either])
    compiled.pattern.free()
  })
})
