/**
 * The bad-input suite's generators (fast-check arbitraries of every input, nasty strings among
 * them) and the checks its parts share: the unit suite (__tests__/unit/bad-inputs.test.ts)
 * throws thousands at the parser and the sender; the end-to-end suite
 * (__tests__/e2e/bad-inputs.test.ts) runs a sample through dist/index.js.
 */
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Input, type InputName } from '../../src/core/constants.js'
import { REPO_ROOT } from '../../scripts/run-action.mjs'

// ---------------------------------------------------------------------------------------------
// Counting, for the figure line

export const SEED = 20_251_122

/** A key with characters that need URL, JSON and HTML escaping. */
export const API_KEY = 'bad-K3y/with+special&chars=%"\\<\'>'
/** Every form in which the key could show up in text someone reads. */
export const KEY_FORMS = [
  API_KEY,
  encodeURIComponent(API_KEY),
  new URLSearchParams({ k: API_KEY }).toString().slice(2),
  JSON.stringify(API_KEY).slice(1, -1)
]
export const showsKey = (text: string): boolean => KEY_FORMS.some(form => text.includes(form))

/** The inputs action.yml declares, read from it (so a problem cannot name an invented input). */
export const ACTION_INPUTS: ReadonlySet<string> = (() => {
  const names = new Set<string>()
  let inInputs = false
  for (const line of readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8').split(/\r?\n/)) {
    if (/^\S/.test(line)) inInputs = line.startsWith('inputs:')
    const name = inInputs && /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line)
    if (name && name[1]) names.add(name[1])
  }
  return names
})()

/** A problem names a real input. */
export const namesRealInputs = (input: string): boolean => ACTION_INPUTS.has(input)

// ---------------------------------------------------------------------------------------------
// Generators

export const HUGE = 100_000
const huge = fc
  .constantFrom('a', '/', ',', '\n', 'é', '[', '#', '\uD800', '😀', ' ')
  .map(unit => unit.repeat(Math.ceil(HUGE / unit.length)))

export const NASTY_CONSTANTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n',
  '\r',
  '\n\n',
  '\t',
  '\u000b\u000c',
  '\u0085',
  '\u009f',
  '\u007f',
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '/\uD83D',
  '\uFEFF',
  '\u200B',
  '\u2028\u2029',
  '\u00A0',
  '\u3000',
  'é',
  'e\u0301',
  '😀',
  'ＡＢＣ',
  'İı',
  '${{ secrets.PURGE_API_KEY }}',
  '${{ github.token }}',
  '${{',
  '}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '{"__proto__":{"polluted":true}}',
  '["__proto__","constructor"]',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e3',
  '0x10',
  '0b1',
  '1_000',
  '[',
  ']',
  '[]',
  '[""]',
  '[null]',
  '[[]]',
  '[1,2]',
  '["a",1]',
  '["a,b"]',
  '[" "]',
  '{"a":1}',
  '{}',
  '"quoted"',
  "'single'",
  '.*',
  '^$',
  '(?:',
  '(?R)',
  '\\',
  '\\\\',
  '$&',
  '$1',
  '[^]',
  '(.*)',
  '(a+)+$',
  '#',
  '##',
  '#.*#',
  '/',
  '//',
  '///',
  '%',
  '%00',
  '%zz',
  '<script>alert(1)</script>',
  '&amp;',
  '->',
  '!',
  '**',
  '{a}{b}',
  'tag:',
  API_KEY,
  encodeURIComponent(API_KEY),
  `x${API_KEY}y`
]

// Characters parsers split on or trip over; split('') deliberately cuts 😀 into lone halves.
const TRICKY_UNITS =
  '\u0000\r\n\t ,#/\\[]{}"\'$.*+?^()|<>%&=;:@!~`é😀\u2028\uFEFF-0123456789aZ'.split('')

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_CONSTANTS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY_UNITS), maxLength: 40 }), weight: 4 },
  { arbitrary: fc.json({ maxDepth: 2 }), weight: 1 },
  { arbitrary: huge, weight: 1 }
)

const joined = (item: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(fc.array(item, { maxLength: 6 }), fc.constantFrom('\n', ',', '\r\n', ', ', '\r', ' '))
      .map(([items, separator]) => items.join(separator)),
    fc.array(item, { maxLength: 6 }).map(items => JSON.stringify(items)),
    fc.array(item, { maxLength: 6 }).map(items => `[${items.join(',')}]`)
  )

const tagLike = fc.oneof(
  fc.constantFrom('blog', 'post-1', ' spaced ', 'a,b', 'Tag', 'tag\u0001', 'folder-a-f-b', 'ü'),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  nastyString
)
const urlLike = fc.oneof(
  fc.constantFrom(
    '/',
    '/blog/post',
    '/a?b=1,2&c=3',
    '/a#frag',
    '/a b',
    '/ü',
    '/a\\b',
    '//host/x',
    'blog/post',
    'https://www.example.com/about#team',
    'http://u:p@example.com/x',
    'HTTPS://EXAMPLE.COM//double',
    'https://example.com',
    'https://[::1/x',
    'ftp://example.com/x',
    'javascript:alert(1)',
    '/%2e%2e/',
    '/\u00a0',
    '/a\u2028b'
  ),
  fc.webPath().map(path => (path.startsWith('/') ? path : `/${path}`)),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  nastyString.map(text => `/${text}`),
  nastyString
)
const patternLike = fc.oneof(
  fc.constantFrom(
    '#^/blog/.*$#',
    '^/blog/.+\\.html$',
    '#^/a$#i',
    '#^/a$#e',
    '/blog/.*',
    '#.*#',
    '(.*?)',
    '#^/blog/(.*$#',
    '~^/x~',
    '#a#b#',
    '#\\#',
    '#(?<n>a)\\k<n>#',
    '#a{1,99999}#',
    '#\\Q.*\\E#',
    '#[[:alpha:]]#',
    '#(*UTF8)a#',
    '^$'
  ),
  fc
    .constantFrom('#', '/', '~', '!', '@', '%', '|', '')
    .chain(delimiter =>
      fc
        .tuple(fc.string({ unit: fc.constantFrom(...TRICKY_UNITS), maxLength: 30 }), fc.string())
        .map(([body, modifiers]) => `${delimiter}${body}${delimiter}${modifiers.slice(0, 3)}`)
    ),
  nastyString
)
const countryLike = fc.oneof(
  fc.constantFrom('IT', 'it', 'It', 'IT,FR', 'it, fr\nus', 'ALL', 'all', 'ALL,IT', 'UK', 'EU'),
  fc.constantFrom('QQ', 'ITA', 'I', 'XK', 'ZZ', 'AA', ' IT ', 'IT,IT', '["IT","FR"]', '[IT]'),
  joined(fc.stringMatching(/^[A-Za-z]{1,3}$/)),
  nastyString
)
const numberLike = fc.oneof(
  fc.integer({ min: -10, max: 100_000 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom('1', '1.5', ' 3 ', '03', '1e2', '+4', '-1', '0', '٣', '１', '1.', '.5', '0.0'),
  fc.constantFrom('10000', '10001', '600', '600.0001', '0.999', '64', '65', '20', '21', '2.5'),
  fc.constantFrom(' \n7', '9'.repeat(400), '1'.padStart(1000, '0'), 'ten', '4 attempts'),
  nastyString
)
const baseUrlLike = fc.oneof(
  fc.constantFrom(
    'https://api.example.com',
    'https://api.example.com/',
    'https://api.example.com/api/v1',
    'https://api.example.com/acct/api/v1/',
    'http://127.0.0.1:1',
    'http://127.9.9.9',
    'http://localhost',
    'http://[::1]:8080',
    'http://example.com',
    'HTTP://LOCALHOST',
    'ftp://example.com',
    'https://u:p@example.com',
    'https://example.com/?q=1',
    'https://example.com/#f',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://',
    'not a url',
    'https://exa mple.com',
    'https://例え.jp',
    `https://example.com/${API_KEY}`
  ),
  fc.webUrl(),
  nastyString
)
const urlMapLike = fc.oneof(
  fc.constantFrom(
    'docs/** -> /docs/',
    'no arrow here',
    '!*.md',
    '** -> tag:all',
    '{dir...}/index.html -> /{dir}/',
    '{a}{b} -> /x',
    'a -> //evil',
    'a -> tag:x,y',
    '/abs -> /x',
    'a//b -> /x',
    '-> /x',
    'a ->',
    '# comment only',
    'src/{y}-{m}.md -> /{y}/{m} tag:post-{m}'
  ),
  joined(
    fc
      .tuple(nastyString, fc.constantFrom(' -> ', '->', ' ', '!'), nastyString)
      .map(([glob, arrow, target]) => `${glob}${arrow}${target}`)
  ),
  nastyString
)
const modeLike = fc.oneof(
  fc.constantFrom(
    '',
    'tag',
    'url',
    'pattern',
    'TAG',
    'Url',
    ' url ',
    'tags',
    'all',
    'regex',
    'verify',
    'Verify'
  ),
  nastyString
)
const shardLike = fc.oneof(
  fc.constantFrom('1/4', '4/4', '0/4', '5/4', '1/0', '1/257', '2 / 3', '1-4', '1/4/8', '/4', 'x'),
  fc
    .tuple(fc.integer({ min: -3, max: 300 }), fc.integer({ min: -3, max: 300 }))
    .map(([k, n]) => `${k}/${n}`),
  nastyString
)
const purgedAtLike = fc.oneof(
  fc.constantFrom(
    '2026-11-23T09:14:07.250Z',
    '2026-11-23T09:14:07Z',
    '2026-11-23T09:14:07+02:00',
    '2026-11-23T09:14:07',
    '2026-02-30T09:14:07Z',
    '2026-11-23T25:14:07Z',
    '1700000000000',
    'yesterday'
  ),
  fc.date({ noInvalidDate: true }).map(date => date.toISOString()),
  nastyString
)
const booleanLike = fc.oneof(
  fc.constantFrom('true', 'false', 'True', 'FALSE', 'yes', '1', ' true ', ''),
  nastyString
)

/** The generator of each input the suite fuzzes, by name. */
export const FUZZED: Readonly<Partial<Record<InputName, fc.Arbitrary<string>>>> = {
  [Input.Tags]: joined(tagLike),
  [Input.Urls]: fc.oneof(joined(urlLike), urlLike),
  [Input.Pattern]: patternLike,
  [Input.Country]: countryLike,
  [Input.BatchSize]: numberLike,
  [Input.TimeoutSeconds]: numberLike,
  [Input.MaxAttempts]: numberLike,
  [Input.Concurrency]: numberLike,
  [Input.BaseUrl]: baseUrlLike,
  [Input.UrlMap]: urlMapLike,
  [Input.Mode]: modeLike,
  [Input.Shard]: shardLike,
  [Input.Rate]: numberLike,
  [Input.PurgedAt]: purgedAtLike
}
export const FUZZED_NAMES = Object.keys(FUZZED) as InputName[]

export function emptyInputs(): Record<InputName, string> {
  return Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
}

/** A run that is fine as it is, for fuzzing one input at a time. */
export function baseline(name: InputName): Record<InputName, string> {
  return {
    ...emptyInputs(),
    [Input.ApiKey]: API_KEY,
    [Input.BaseUrl]: 'https://api.example.com',
    [Input.Tags]: 'blog',
    // url_map is only read with changed_files: true.
    ...(name === Input.UrlMap && { [Input.ChangedFiles]: 'true', [Input.GithubToken]: 'ghs_t' })
  }
}

/** Every input at once: fuzzed ones from their generators, the others from plausible values. */
export const allInputs: fc.Arbitrary<Record<InputName, string>> = fc
  .record({
    ...(FUZZED as Record<string, fc.Arbitrary<string>>),
    [Input.ApiKey]: fc.oneof(
      { arbitrary: fc.constant(API_KEY), weight: 8 },
      { arbitrary: fc.constantFrom('', ' ', 'a b', 'k\n', '\tk'), weight: 1 },
      { arbitrary: nastyString, weight: 1 }
    ),
    [Input.DryRun]: booleanLike,
    [Input.AllowPurgeAll]: booleanLike,
    [Input.ChangedFiles]: fc.oneof(
      { arbitrary: fc.constantFrom('', 'false'), weight: 4 },
      { arbitrary: booleanLike, weight: 1 }
    ),
    [Input.BaseSha]: fc.oneof(fc.constantFrom('', 'abc1234', 'ABC1234', 'xyz'), nastyString),
    [Input.HeadSha]: fc.oneof(fc.constantFrom('', 'a'.repeat(40), 'a'.repeat(41)), nastyString),
    [Input.GithubToken]: fc.constantFrom('', 'ghs_token')
  })
  .map(record => ({ ...emptyInputs(), ...record }) as Record<InputName, string>)

/** An input record, short enough for a failure message. */
export function preview(raw: Readonly<Record<string, string>>): string {
  const short = Object.fromEntries(
    Object.entries(raw)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => [
        name,
        value.length > 80 ? `${value.slice(0, 80)}… (${value.length} chars)` : value
      ])
  )
  return JSON.stringify(short)
}
