/**
 * The bad-input suite: property-based tests (fast-check, fixed seeds) that throw thousands of
 * generated inputs, nasty strings among them, at the action.
 *
 * 1. Every input through the pure parseInputs (and buildPlan when accepted): each run is either
 *    accepted and normalized (invariants checked) or refused with problems that each name a
 *    real input of action.yml; nothing throws.
 * 2. Service answers through sendPlan with a fake Transport: odd bodies, statuses and headers;
 *    every request ends with a result, purged only for 2xx without "result": false, within
 *    max_attempts, and the API key in no message.
 * 3. A smaller sample end to end: dist/index.js in a child process with generated bad inputs:
 *    exit code 1, no stack trace, nothing sent to the emulator, the key nowhere.
 *
 * Prints `bad inputs: N tried, N refused cleanly, N crashes, N leaks` at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Input, PURGE_KINDS, type InputName } from '../../src/core/constants.js'
import { formatProblem } from '../../src/core/diagnostics.js'
import { buildPlan } from '../../src/plan/build-plan.js'
import type { Plan, PurgeRequest } from '../../src/core/purge.js'
import { LIMITS, parseInputs, type RawInputs, type RunSettings } from '../../src/plan/settings.js'
import { sendPlan, type RequestResult } from '../../src/send/send-plan.js'
import { TransportError, type HttpAnswer, type Transport } from '../../src/send/transport.js'
import type { Clock } from '../../src/time/clock.js'
import { REPO_ROOT } from '../../scripts/run-action.mjs'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'

// ---------------------------------------------------------------------------------------------
// Counting, for the figure line

const SEED = 20_251_122
const counts = { tried: 0, refusedCleanly: 0, crashes: 0, leaks: 0 }
afterAll(() => {
  console.log(
    `bad inputs: ${counts.tried} tried, ${counts.refusedCleanly} refused cleanly, ${counts.crashes} crashes, ${counts.leaks} leaks`
  )
})

/** A key with characters that need URL, JSON and HTML escaping. */
const API_KEY = 'bad-K3y/with+special&chars=%"\\<\'>'
/** Every form in which the key could show up in text someone reads. */
const KEY_FORMS = [
  API_KEY,
  encodeURIComponent(API_KEY),
  new URLSearchParams({ k: API_KEY }).toString().slice(2),
  JSON.stringify(API_KEY).slice(1, -1)
]
const showsKey = (text: string): boolean => KEY_FORMS.some(form => text.includes(form))

/** The inputs action.yml declares, read from it (so a problem cannot name an invented input). */
const ACTION_INPUTS: ReadonlySet<string> = (() => {
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
const namesRealInputs = (input: string): boolean => ACTION_INPUTS.has(input)

// ---------------------------------------------------------------------------------------------
// Generators

const HUGE = 100_000
const huge = fc
  .constantFrom('a', '/', ',', '\n', 'é', '[', '#', '\uD800', '😀', ' ')
  .map(unit => unit.repeat(Math.ceil(HUGE / unit.length)))

const NASTY_CONSTANTS = [
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

const nastyString: fc.Arbitrary<string> = fc.oneof(
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
const FUZZED: Readonly<Partial<Record<InputName, fc.Arbitrary<string>>>> = {
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
const FUZZED_NAMES = Object.keys(FUZZED) as InputName[]

function emptyInputs(): Record<InputName, string> {
  return Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
}

/** A run that is fine as it is, for fuzzing one input at a time. */
function baseline(name: InputName): Record<InputName, string> {
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
const allInputs: fc.Arbitrary<Record<InputName, string>> = fc
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

// ---------------------------------------------------------------------------------------------
// Part 1: parseInputs and buildPlan

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
const LOOPBACK = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])$/

/** Throws a readable error when `ok` is false: fast-check then shows the input that did it. */
function check(ok: boolean, what: string, value?: unknown): void {
  if (!ok) throw new Error(`${what}${value === undefined ? '' : `: ${JSON.stringify(value)}`}`)
}

const isUnique = (items: readonly string[]): boolean => new Set(items).size === items.length

function checkSettings(settings: RunSettings): void {
  for (const tag of settings.tags) {
    check(tag !== '' && tag === tag.trim(), 'a tag is empty or untrimmed', tag)
    check(!tag.includes(','), 'a tag holds a comma', tag)
    check(!CONTROL.test(tag), 'a tag holds a control character', tag)
  }
  check(isUnique(settings.tags), 'tags repeat', settings.tags)
  for (const url of settings.urls) {
    check(url.startsWith('/') && !url.startsWith('//'), 'a URL does not start with one /', url)
    check(!/\s/.test(url) && !CONTROL.test(url), 'a URL holds whitespace or a control char', url)
    check(!url.includes('#'), 'a URL holds a #', url)
    check(/^[\x21-\x7e]+$/.test(url), 'a URL is not percent-encoded printable ASCII', url)
  }
  check(isUnique(settings.urls), 'URLs repeat', settings.urls)
  const { countries } = settings
  if (countries.includes('ALL'))
    check(countries.length === 1, 'ALL does not stand alone', countries)
  else {
    for (const code of countries) {
      check(/^[A-Z]{2}$/.test(code), 'a country is not two upper-case letters', code)
      check(regionNames.of(code) !== code, 'a country code is not assigned', code)
    }
  }
  check(isUnique(countries), 'countries repeat', countries)
  const within = (value: number, bounds: { min: number; max: number }, whole: boolean): boolean =>
    Number.isFinite(value) &&
    value >= bounds.min &&
    value <= bounds.max &&
    (!whole || Number.isInteger(value))
  check(within(settings.batchSize, LIMITS.batchSize, true), 'batch_size', settings.batchSize)
  check(
    within(settings.maxAttempts, LIMITS.maxAttempts, true),
    'max_attempts',
    settings.maxAttempts
  )
  check(within(settings.concurrency, LIMITS.concurrency, true), 'concurrency', settings.concurrency)
  check(
    within(settings.timeoutMs / 1000, LIMITS.timeoutSeconds, false),
    'timeout_seconds',
    settings.timeoutMs
  )
  // mode: verify sends no purge: the key and the service's address may be left out.
  const verifyOnly = settings.mode === 'verify'
  check(verifyOnly || settings.apiKey !== '', 'the api_key is blank')
  check(!/\s/.test(settings.apiKey), 'the api_key is spaced')
  const base = settings.baseUrl
  check(verifyOnly || base !== undefined, 'no base_url')
  if (base !== undefined) {
    check(
      base.protocol === 'https:' || (base.protocol === 'http:' && LOOPBACK.test(base.hostname)),
      'base_url is neither https nor loopback http',
      base.href
    )
    check(base.username === '' && base.password === '', 'base_url holds credentials', base.href)
    check(base.search === '' && base.hash === '', 'base_url holds a query or fragment', base.href)
    check(!base.pathname.endsWith('/') || base.pathname === '/', 'base_url ends with /', base.href)
  }
  if (verifyOnly) check(settings.verify?.siteUrl !== undefined, 'mode: verify without site_url')
  const shard = settings.verify?.shard
  if (shard) {
    const whole = Number.isInteger(shard.index) && Number.isInteger(shard.count)
    check(whole && shard.index >= 1 && shard.index <= shard.count, 'shard out of range', shard)
  }
  const rate = settings.verify?.ratePerSecond
  if (rate !== undefined) check(rate > 0 && rate <= 10_000, 'rate out of range', rate)
  const purgedAt = settings.verify?.purgedAt
  if (purgedAt !== undefined) {
    check(verifyOnly && Number.isFinite(purgedAt), 'purged_at kept or not a time', purgedAt)
  }
  if (settings.mode !== undefined && settings.mode !== 'verify') {
    check(PURGE_KINDS.includes(settings.mode), 'unknown mode', settings.mode)
    if (settings.mode !== 'tag') check(settings.tags.length === 0, 'tags kept despite mode')
    if (settings.mode !== 'url') check(settings.urls.length === 0, 'urls kept despite mode')
    if (settings.mode !== 'pattern') check(settings.pattern === undefined, 'pattern kept')
  }
  if (settings.pattern) {
    const { pattern } = settings.pattern
    check(!/[\r\n]/.test(pattern), 'the pattern holds a line break', pattern)
    check(pattern.startsWith(settings.pattern.delimiter), 'the pattern lost its delimiter', pattern)
  }
  const something =
    settings.tags.length + settings.urls.length > 0 ||
    settings.pattern ||
    settings.changedFiles ||
    (verifyOnly && (settings.verify?.extraPages.length ?? 0) > 0)
  check(Boolean(something), 'accepted with nothing to purge')
}

function checkPlan(settings: RunSettings, plan: Plan): void {
  check(
    plan.requests.every((request, i) => request.index === i),
    'request indexes are not positions'
  )
  const countries: (string | undefined)[] =
    settings.countries.length > 0 ? [...settings.countries] : [undefined]
  for (const request of plan.requests) {
    const limit = request.kind === 'pattern' ? 1 : settings.batchSize
    check(request.items.length >= 1 && request.items.length <= limit, 'a batch size is wrong', {
      size: request.items.length,
      limit
    })
    check(countries.includes(request.country), 'a request for a country not asked', request.country)
    check(!('country' in request) || request.country !== undefined, 'country: undefined present')
  }
  check(plan.targets.tags.join('\n') === settings.tags.join('\n'), 'plan tags differ')
  check(plan.targets.urls.join('\n') === settings.urls.join('\n'), 'plan urls differ')
  const wanted = {
    tag: plan.targets.tags,
    url: plan.targets.urls,
    pattern: plan.targets.patterns
  }
  for (const kind of PURGE_KINDS) {
    for (const country of countries) {
      const sent = plan.requests
        .filter(request => request.kind === kind && request.country === country)
        .flatMap(request => request.items)
      // Every target exactly once per country: same multiset as the targets, no repeats.
      check(
        isUnique(sent) && sent.length === wanted[kind].length,
        `${kind} targets not covered exactly once for country ${country}`,
        { sent: sent.length, wanted: wanted[kind].length }
      )
      const sentSet = new Set(sent)
      check(
        wanted[kind].every(item => sentSet.has(item)),
        `a ${kind} target is missing for ${country}`
      )
    }
  }
}

/** Throws found, with the input that did it; a test fails when it adds any. */
const crashReports: string[] = []

function preview(raw: Readonly<Record<string, string>>): string {
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

function recordCrash(error: unknown, input: string): void {
  counts.crashes++
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  crashReports.push(`${what.slice(0, 200)} -- on ${input}`)
}

/** Runs a property and fails with every throw it met (they are counted, not shrunk). */
async function expectNoCrash(run: () => Promise<void>): Promise<void> {
  const before = crashReports.length
  await run()
  expect(crashReports.slice(before)).toEqual([])
}

/** parseInputs then buildPlan, judged; counts the run. */
async function judgeInputs(raw: RawInputs): Promise<void> {
  counts.tried++
  let parsed: Awaited<ReturnType<typeof parseInputs>>
  let plan: Plan | undefined
  try {
    parsed = await parseInputs(raw)
    if (parsed.settings) plan = buildPlan(parsed.settings)
  } catch (error) {
    recordCrash(error, preview(raw))
    return
  }
  const { settings, diagnostics } = parsed
  for (const problem of diagnostics.problems) {
    // A problem of several inputs (nothing to purge) lists them: 'tags, urls, pattern'.
    check(
      problem.input.split(', ').every(namesRealInputs),
      'a problem names no real input',
      problem.input
    )
    check(typeof problem.value === 'string', 'a problem value is not a string')
    check(problem.reason.trim() !== '', 'a problem gives no reason')
    check(typeof formatProblem(problem) === 'string', 'formatProblem')
    if (problem.input === Input.ApiKey) {
      check(!problem.value.includes(raw[Input.ApiKey].trim() || '\u0000'), 'api_key echoed')
    }
  }
  if (settings) {
    check(diagnostics.problems.length === 0, 'accepted despite problems')
    checkSettings(settings)
    checkPlan(settings, plan as Plan)
  } else {
    check(diagnostics.problems.length > 0, 'refused without a problem')
    counts.refusedCleanly++
  }
}

const PARSE_RUNS_PER_INPUT = 400
const PARSE_RUNS_ALL = 2000

describe('parseInputs and buildPlan, input by input', () => {
  it.each(FUZZED_NAMES)('%s: accepted and normalized, or refused naming the input', async name => {
    const generator = FUZZED[name] as fc.Arbitrary<string>
    await expectNoCrash(() =>
      fc.assert(
        fc.asyncProperty(generator, value => judgeInputs({ ...baseline(name), [name]: value })),
        { seed: SEED, numRuns: PARSE_RUNS_PER_INPUT }
      )
    )
  })
})

describe('parseInputs and buildPlan, every input at once', () => {
  it('accepts and normalizes, or refuses naming real inputs; never throws', async () => {
    await expectNoCrash(() =>
      fc.assert(fc.asyncProperty(allInputs, judgeInputs), { seed: SEED, numRuns: PARSE_RUNS_ALL })
    )
  })

  it('never lets JSON-looking or prototype-named input pollute objects', async () => {
    await expectNoCrash(() =>
      fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...FUZZED_NAMES),
          fc.constantFrom(...NASTY_CONSTANTS),
          (n, v) => judgeInputs({ ...baseline(n), [n]: v })
        ),
        { seed: SEED, numRuns: 300 }
      )
    )
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})

// ---------------------------------------------------------------------------------------------
// Part 2: service answers through sendPlan

type Reply = { answer: HttpAnswer } | { error: TransportError }

const ONE_MB = 1 << 20
const HUGE_BODIES = [
  'x'.repeat(ONE_MB),
  JSON.stringify({ error: { message: 'y'.repeat(ONE_MB) } }),
  JSON.stringify({ result: false, message: ' \n'.repeat(ONE_MB / 2) }),
  `[${'1,'.repeat(ONE_MB / 2)}1]`,
  `{"result":true,"pad":"${'z'.repeat(ONE_MB)}`
]
const bodyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    '[]',
    '[1,2]',
    '{}',
    '{"result":true}',
    '{"result":false}',
    '{"result":"false"}',
    '{"result":0}',
    '{"result":false,"message":"quota exceeded"}',
    '{"error":{"message":"bad"}}',
    '{"error":"plain"}',
    '{"error":{"message":5}}',
    '{"message":{"a":1}}',
    '{"__proto__":{"result":false}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"result": tr',
    '{"error":{"mess',
    '<html><body>502 Bad Gateway</body></html>',
    'not json',
    '\u0000\u0000',
    '\uD800',
    '"just a string"',
    '123',
    'true',
    'false'
  ),
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.tuple(fc.json(), fc.nat()).map(([json, cut]) => json.slice(0, cut % (json.length + 1))),
  fc.constantFrom(...HUGE_BODIES)
)
const statusArb = fc.oneof(
  fc.constantFrom(0, 1, 100, 101, 103, 199, 200, 201, 202, 204, 206, 299, 300, 301, 302, 304),
  fc.constantFrom(307, 399, 400, 401, 403, 404, 408, 418, 422, 429, 499, 500, 502, 503, 504),
  fc.constantFrom(599, 600, 999, 1000, -1),
  fc.integer({ min: 0, max: 1000 })
)
const waitValue = fc.oneof(
  fc.constantFrom('-1', '0', '1', '0.5', '1.5', '99999999999', '9'.repeat(400), 'garbage', ''),
  fc.constantFrom(' ', 'NaN', 'Infinity', '1e3', '\u0000', '__proto__', '1, 2', '2 seconds'),
  fc.constantFrom(
    'Wed, 21 Oct 2015 07:28:00 GMT',
    'Fri, 31 Dec 9999 23:59:59 GMT',
    'Thu, 01 Jan 1970 00:00:00 GMT',
    'Sun, 06 Nov 1994 08:49:37 GMT'
  ),
  fc.date({ noInvalidDate: true }).map(date => date.toUTCString()),
  fc.string({ maxLength: 12 })
)
const headerValueArb = fc.oneof(
  { arbitrary: waitValue, weight: 3 },
  { arbitrary: fc.array(waitValue, { maxLength: 3 }), weight: 1 }
)
const headersArb = fc
  .tuple(
    fc.record(
      {
        'retry-after': headerValueArb,
        'x-ratelimit-reset': headerValueArb,
        'x-emu-requestid': fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
        'x-request-id': fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
        'X-Other-RequestId': fc.string()
      },
      { requiredKeys: [] }
    ),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor')),
      fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 2 })),
      { maxKeys: 3 }
    )
  )
  .map(([known, other]) => ({ ...other, ...known }) as HttpAnswer['headers'])
const replyArb: fc.Arbitrary<Reply> = fc.oneof(
  {
    arbitrary: fc
      .record({ status: statusArb, headers: headersArb, body: bodyArb })
      .map(answer => ({ answer })),
    weight: 6
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('timeout' as const, 'connection' as const), fc.string())
      .map(([kind, message]) => ({ error: new TransportError(kind, message) })),
    weight: 1
  }
)

function virtualClock(): Clock {
  let time = 0
  return {
    now: () => time,
    sleep: async ms => {
      time += Math.max(0, ms)
    }
  }
}

/**
 * What the suite says a reply means: success is 2xx with a JSON object body that does not say
 * "result": false (a catch-all server's 200 "OK" is not a purge).
 */
function succeeds(reply: Reply): boolean {
  if (!('answer' in reply)) return false
  const { status, body } = reply.answer
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  const isObject = typeof json === 'object' && json !== null && !Array.isArray(json)
  const resultFalse = isObject && (json as Record<string, unknown>)['result'] === false
  return status >= 200 && status < 300 && isObject && !resultFalse
}

describe('service answers through sendPlan', () => {
  it('every request ends with a result, purged only on a real success, within max_attempts, no key shown', async () => {
    const before = crashReports.length
    await fc.assert(
      fc.asyncProperty(
        fc.array(replyArb, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        async (script, maxAttempts, concurrency, count, random) => {
          counts.tried++
          const requests: PurgeRequest[] = Array.from({ length: count }, (_, index) => ({
            index,
            kind: index % 3 === 0 ? 'tag' : index % 3 === 1 ? 'url' : 'pattern',
            items: index % 3 === 1 ? [`/r${index}`] : [`r${index}`],
            ...(index % 2 === 1 && { country: 'IT' })
          }))
          const calls = new Map<number, Reply[]>()
          let call = 0
          const transport: Transport = {
            async post(url, jsonBody) {
              check(url.searchParams.get('api_key') === API_KEY, 'the key is not in the query')
              const body = JSON.parse(jsonBody) as Record<string, unknown>
              const item = [body['tag'], body['url'], body['pattern']].flat().find(Boolean)
              const index = Number(String(item).replace(/^\/?r/, ''))
              const reply = script[call++ % script.length] as Reply
              calls.set(index, [...(calls.get(index) ?? []), reply])
              await Promise.resolve()
              if ('error' in reply) throw reply.error
              return reply.answer
            },
            close() {}
          }
          let results: RequestResult[]
          try {
            results = await sendPlan(requests, transport, {
              baseUrl: new URL('https://api.example.com/acct'),
              apiKey: API_KEY,
              timeoutMs: 1000,
              maxAttempts,
              concurrency,
              clock: virtualClock(),
              random: () => random
            })
          } catch (error) {
            recordCrash(error, JSON.stringify({ maxAttempts, concurrency, count }))
            return
          }
          check(results.length === requests.length, 'a result is missing')
          const stopped = [...calls.values()]
            .flat()
            .some(reply => 'answer' in reply && [401, 403].includes(reply.answer.status))
          requests.forEach((request, i) => {
            const result = results[i]
            check(result !== undefined && result.request === request, `no result for #${i}`)
            const made = calls.get(i) ?? []
            const r = result as RequestResult
            check(r.attempts === made.length, 'attempts differ from calls', {
              attempts: r.attempts,
              calls: made.length
            })
            check(r.attempts <= maxAttempts, 'more attempts than max_attempts', r.attempts)
            const last = made[made.length - 1]
            if (r.outcome === 'purged') {
              check(last !== undefined && succeeds(last), 'purged without a successful answer')
            } else if (r.outcome === 'not-sent') {
              check(stopped && made.length === 0, 'not sent without an auth stop')
            } else {
              check(last === undefined || !succeeds(last), 'failed despite a successful answer')
            }
            const text = `${r.message ?? ''}\n${r.requestId ?? ''}`
            if (showsKey(text)) {
              counts.leaks++
              check(false, 'the API key shows in a result', text.slice(0, 300))
            }
          })
        }
      ),
      { seed: SEED, numRuns: 1500 }
    )
    expect(crashReports.slice(before)).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Part 3: a smaller sample end to end (dist/index.js in a child process)

describe('bad inputs end to end', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator({ apiKey: API_KEY })
  })
  afterAll(async () => {
    await emulator.close()
  })

  const E2E_RUNS = 60
  const STACK_LINE = /^\s+at .+/m
  const NODE_ERROR = /\b(?:[A-Z][a-z]+)?Error(?: \[ERR_[A-Z_]+\])?:|Unexpected error/

  /** The runner passes inputs as environment variables: no NUL, one variable < 128 KiB. */
  function asEnvironment(value: string): string {
    let text = value.split('\u0000').join('')
    while (Buffer.byteLength(text, 'utf8') > HUGE) text = text.slice(0, Math.floor(text.length / 2))
    return text
  }

  it(`refuses ${E2E_RUNS} generated bad runs cleanly: exit 1, no stack, nothing sent, no key`, async () => {
    const { runWith, visibleText, errorsOf } = await import('../e2e/helpers.js')
    const generatedRuns = fc.tuple(allInputs, fc.boolean()).map(([record, keepBaseUrl]) => {
      const inputs = Object.fromEntries(
        Object.entries(record).map(([name, value]) => [name, asEnvironment(value)])
      ) as Record<InputName, string>
      // Mostly aimed at the emulator, so "nothing was sent" is checked where it would land.
      if (keepBaseUrl) inputs[Input.BaseUrl] = emulator.url
      inputs[Input.ApiKey] = API_KEY
      return inputs
    })
    // Keep the first E2E_RUNS that the parser refuses; inputs that make it throw are kept too:
    // the run must still end cleanly.
    const samples: Record<InputName, string>[] = []
    for (const inputs of fc.sample(generatedRuns, { seed: SEED, numRuns: E2E_RUNS * 20 })) {
      if (samples.length === E2E_RUNS) break
      const refused = await parseInputs(inputs).then(
        parsed => parsed.settings === undefined,
        () => true
      )
      if (refused) samples.push(inputs)
    }
    expect(samples).toHaveLength(E2E_RUNS)

    const failures: string[] = []
    // Four children at a time: each run is a separate node process.
    for (let start = 0; start < samples.length; start += 4) {
      const batch = samples.slice(start, start + 4)
      emulator.reset()
      const runs = await Promise.all(
        batch.map(inputs => {
          const { api_key, base_url, ...rest } = inputs
          return runWith(base_url, { ...rest, api_key }, {}, { 'github.token': 'ghs_t' })
        })
      )
      runs.forEach((result, k) => {
        counts.tried++
        const what = `run ${start + k} ${preview(batch[k] as Record<string, string>)}`
        const output = `${result.stdout}\n${result.stderr}`
        const crashed = STACK_LINE.test(output) || NODE_ERROR.test(result.stderr)
        if (crashed || /Unexpected error/.test(result.stdout)) {
          counts.crashes++
          failures.push(`${what}: crashed:\n${output.slice(0, 600)}`)
        }
        if (showsKey(visibleText(result))) {
          counts.leaks++
          failures.push(`${what}: the API key shows`)
        }
        if (result.exitCode !== 1) failures.push(`${what}: exit code ${result.exitCode}`)
        const errors = errorsOf(result)
        // "Nothing to purge: give at least one of the inputs 'tags', 'urls' or 'pattern' ..."
        const named = errors.filter(
          error => error.startsWith("Input '") || error.startsWith('Nothing to purge:')
        )
        const allNamed = named.every(error => {
          const listed = /^Nothing to purge: give at least one of the inputs ([^(]*)/.exec(error)
          const names = listed
            ? [...(listed[1] ?? '').matchAll(/'([^']*)'/g)].map(match => match[1] ?? '')
            : [/^Input '([^']*)'/.exec(error)?.[1] ?? '']
          return names.length > 0 && names.every(namesRealInputs)
        })
        if (named.length === 0 || !allNamed) {
          failures.push(`${what}: errors do not name real inputs: ${errors.join(' | ')}`)
        } else if (!crashed && result.exitCode === 1) {
          counts.refusedCleanly++
        }
        if (result.outputs['status'] !== 'failed') {
          failures.push(`${what}: status output ${result.outputs['status']}`)
        }
      })
      if (emulator.state().requestCount !== 0) {
        failures.push(`runs ${start}..${start + batch.length - 1}: the emulator received requests`)
      }
    }
    expect(failures).toEqual([])
  }, 120_000)
})
