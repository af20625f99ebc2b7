/**
 * The bad-input suite: property-based tests (fast-check, fixed seeds) that throw generated
 * inputs, nasty strings among them, at the action: hundreds on each commit, thousands with
 * FUZZ_RUNS=full (the scheduled workflow); FUZZ_SEED replays a seed (__tests__/support/fuzz.ts).
 *
 * 1. Every input through the pure parseInputs (and buildPlan when accepted): each run is either
 *    accepted and normalized (invariants checked) or refused with problems that each name a
 *    real input of action.yml; nothing throws.
 * 2. Service answers through sendPlan with a fake Transport: odd bodies, statuses and headers;
 *    every request ends with a result, purged only for a 2xx whose JSON does not deny it, within
 *    max_attempts, and the API key in no message.
 * The third part, a smaller sample end to end through dist/index.js, is
 * __tests__/e2e/bad-inputs.test.ts; both share their generators (__tests__/support/bad-inputs.ts).
 *
 * Prints `bad inputs: N tried, N refused cleanly, N crashes, N leaks` at the end, with the
 * FUZZ_RUNS and FUZZ_SEED it ran with.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { Input, PURGE_KINDS } from '../../src/core/constants.js'
import { formatProblem } from '../../src/core/diagnostics.js'
import { buildPlan } from '../../src/plan/build-plan.js'
import type { Plan, PurgeRequest } from '../../src/core/purge.js'
import { LIMITS, parseInputs, type RawInputs, type RunSettings } from '../../src/plan/settings.js'
import { sendPlan, type RequestResult } from '../../src/send/send-plan.js'
import { TransportError, type HttpAnswer, type Transport } from '../../src/send/transport.js'
import type { Clock } from '../../src/time/clock.js'
import {
  allInputs,
  API_KEY,
  baseline,
  FUZZED,
  FUZZED_NAMES,
  NASTY_CONSTANTS,
  namesRealInputs,
  preview,
  SEED,
  showsKey
} from '../support/bad-inputs.js'
import { fuzzParameters, fuzzSettings } from '../support/fuzz.js'

const counts = { tried: 0, refusedCleanly: 0, crashes: 0, leaks: 0 }
afterAll(() => {
  console.log(
    `bad inputs: ${counts.tried} tried, ${counts.refusedCleanly} refused cleanly, ${counts.crashes} crashes, ${counts.leaks} leaks (${fuzzSettings()})`
  )
})

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

// Runs per property: on each commit, and in the scheduled workflow (FUZZ_RUNS=full).
const PARSE_RUNS_PER_INPUT = { perCommit: 100, full: 400 }
const PARSE_RUNS_ALL = { perCommit: 500, full: 2000 }
const POLLUTION_RUNS = { perCommit: 300, full: 300 }
// Each run answers with up to 12 replies, a fifth of them 1 MiB bodies: some 30 ms a run.
const ANSWER_RUNS = { perCommit: 100, full: 1500 }

describe('parseInputs and buildPlan, input by input', () => {
  it.each(FUZZED_NAMES)('%s: accepted and normalized, or refused naming the input', async name => {
    const generator = FUZZED[name] as fc.Arbitrary<string>
    await expectNoCrash(() =>
      fc.assert(
        fc.asyncProperty(generator, value => judgeInputs({ ...baseline(name), [name]: value })),
        fuzzParameters(PARSE_RUNS_PER_INPUT, SEED)
      )
    )
  })
})

describe('parseInputs and buildPlan, every input at once', () => {
  it('accepts and normalizes, or refuses naming real inputs; never throws', async () => {
    await expectNoCrash(() =>
      fc.assert(fc.asyncProperty(allInputs, judgeInputs), fuzzParameters(PARSE_RUNS_ALL, SEED))
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
        fuzzParameters(POLLUTION_RUNS, SEED)
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
 * What the suite says a reply means (docs/service.md, "Responses"): a purge is a 2xx with a
 * JSON object body that does not deny it: no `error` that says something (anything but null,
 * false, 0, "", {} or []), and a `result` and a `success` that are absent or `true`. A catch-all
 * server's 200 "OK" is not a purge.
 */
function succeeds(reply: Reply): boolean {
  if (!('answer' in reply) || reply.answer.status < 200 || reply.answer.status >= 300) return false
  // The documentation calls any 2xx a success: an empty body denies nothing.
  if (reply.answer.body.trim() === '') return true
  let json: Record<string, unknown>
  try {
    json = JSON.parse(reply.answer.body) as Record<string, unknown>
  } catch {
    return false
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false
  // `null`, `false`, `0`, `""`, `{}` and `[]` are no error; JSON text tells them apart.
  const noError =
    !Object.hasOwn(json, 'error') ||
    /^(null|false|0|""|\{\}|\[\])$/.test(JSON.stringify(json['error']))
  const trueOrAbsent = (name: string): boolean => !Object.hasOwn(json, name) || json[name] === true
  return noError && trueOrAbsent('result') && trueOrAbsent('success')
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
      fuzzParameters(ANSWER_RUNS, SEED)
    )
    expect(crashReports.slice(before)).toEqual([])
  })
})
