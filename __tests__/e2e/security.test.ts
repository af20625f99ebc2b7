/**
 * The security review's findings (issue 10), end to end: dist/index.js in a child process,
 * against the emulator. Each test fails on the code before its fix.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_KEY, errorsOf, runWith, visibleText, warningsOf } from './helpers.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator({ apiKey: API_KEY })
})
afterAll(async () => {
  await emulator.close()
})
beforeEach(() => emulator.reset())

/** A line the runner would run as a workflow command: `::` after leading spaces, or `##[`. */
const commandLines = (stdout: string): string[] =>
  stdout.split(/\r\n|\r|\n/).filter(line => /^\s*::/.test(line) || line.includes('##['))

describe('finding 1: text from the service starts no workflow command', () => {
  it('a 503 whose message holds commands is logged without them', async () => {
    const message =
      'busy\n::warning title=X::injected\n::add-mask::purged\n  ::stop-commands::tok\r##[error]legacy'
    emulator.faults.enqueue({ status: 503, message, times: 2 })
    const result = await runWith(emulator.url, { tags: 'a', max_attempts: '2' })
    expect(result.exitCode).toBe(1)
    // The retry line and the final error both quote the message.
    expect(result.stdout).toMatch(/attempt 1 failed \(HTTP 503: busy ::warning title=X::injected/)
    const injected = commandLines(result.stdout).filter(
      line => !/^::(add-mask::e2e-|error::|group::|endgroup::)/.test(line)
    )
    expect(injected).toEqual([])
    expect(result.commands.map(command => command.command)).not.toContain('stop-commands')
    expect(result.commands.filter(c => c.command === 'add-mask').map(c => c.message)).toEqual([
      API_KEY,
      encodeURIComponent(API_KEY)
    ])
  })
})

describe('finding 2: credentials in base_url or urls are never quoted', () => {
  it.each([
    [{ base_url: 'http://admin:s3cret-pass@purge.example.com', tags: 'a' }],
    [{ urls: 'https://admin:s3cret-pass@www.example.com/a' }]
  ])('%j', async inputs => {
    const { base_url, ...rest } = { base_url: emulator.url, ...inputs }
    const result = await runWith(base_url, rest)
    expect(result.exitCode).toBe(1)
    expect(emulator.state().requestCount).toBe(0)
    expect(errorsOf(result).join('\n')).toContain('://***@')
    const text = visibleText(result)
    expect(text).not.toContain('s3cret-pass')
    expect(text).not.toContain('admin:')
    // Masked with the runner before anything is printed.
    expect(
      result.commands.some(c => c.command === 'add-mask' && c.message === 'admin:s3cret-pass')
    ).toBe(true)
  })
})

describe('finding 3: the match-all probe never hangs', () => {
  // PCRE2 stops at PHP's pcre.backtrack_limit on the long test path, as the service would.
  it('a catastrophically backtracking pattern with dry_run gets a clear refusal', async () => {
    const result = await runWith(emulator.url, {
      pattern: '#^(?:(?!/segment).)*$|^(.*.*)*X$#',
      dry_run: 'true'
    })
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)).toEqual([
      expect.stringMatching(
        /^Input 'pattern' ".*": matches every test path PHP finishes matching \(it gives up on 1 of \d+: Backtrack limit exhausted at pcre.backtrack_limit\).*allow_purge_all/
      )
    ])
    expect(result.outputs['status']).toBe('failed')
  })
})

describe('finding 7: no crash, always a status and a summary', () => {
  it.each([
    [
      'pattern',
      { pattern: `#^/${'('.repeat(2000)}a${')'.repeat(2000)}$#` },
      /cannot compile it: parentheses are too deeply nested at offset 254/
    ],
    ['tags', { tags: `${'['.repeat(50_000)}${']'.repeat(50_000)}` }, /only strings/]
  ])('%s nested deep is refused clearly', async (input, inputs, reason) => {
    const result = await runWith(emulator.url, inputs)
    expect(result.exitCode).toBe(1)
    expect(result.stdout).not.toMatch(/Maximum call stack|Unexpected error/)
    const errors = errorsOf(result)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(new RegExp(`^Input '${input}'`))
    expect(errors[0]).toMatch(reason)
    expect(result.outputs['status']).toBe('failed')
    expect(result.summary).toContain('nothing sent')
  })
})

describe('finding 9: a 2xx that is not the service JSON is not a purge', () => {
  it('a catch-all "200 OK" fails with the status and the body', async () => {
    emulator.faults.enqueue({ rawBody: 'OK', status: 200 })
    const result = await runWith(emulator.url, { tags: 'a', max_attempts: '3' })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['status']).toBe('failed')
    expect(result.outputs['failed']).toBe('["a"]')
    expect(errorsOf(result).join('\n')).toMatch(
      /HTTP 200: OK\. The answer is not the service's JSON/
    )
    // Not retried: a 200 is an answer, not an outage.
    expect(emulator.state().requestCount).toBe(1)
  })
})

/** Text as a reader could decode it: character references and percent escapes undone. */
function decoded(text: string): string {
  let previous = ''
  let current = text
  while (current !== previous) {
    previous = current
    current = current
      .replace(/&#[xX]([0-9a-fA-F]+);/g, (_, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16))
      )
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, '&')
      .replace(/(?:%[0-9a-fA-F]{2})+/g, escapes => {
        try {
          return decodeURIComponent(escapes)
        } catch {
          return escapes
        }
      })
  }
  return current
}

describe('the key echoed in other spellings never reaches an annotation or the summary', () => {
  const everyByte = (text: string): string =>
    [...Buffer.from(text)].map(byte => `%${byte.toString(16).padStart(2, '0')}`).join('')
  const references = (text: string, spell: (code: number) => string): string =>
    [...text].map(character => `&#${spell(character.codePointAt(0) ?? 0)};`).join('')
  const spellings = [
    API_KEY.toUpperCase(),
    everyByte(API_KEY),
    everyByte(API_KEY).toUpperCase(),
    references(API_KEY, code => `00${code}`),
    references(API_KEY, code => `x${code.toString(16)}`)
  ]

  it.each(spellings.map(spelling => [spelling]))('%s', async spelling => {
    emulator.faults.enqueue({ status: 400, message: `no such key: ${spelling}` })
    const result = await runWith(emulator.url, { tags: 'a' })
    expect(result.exitCode).toBe(1)
    // The message is still there, the key is not.
    expect(errorsOf(result).join('\n')).toContain('no such key: ***')
    expect(result.summary).toContain('no such key: ***')
    for (const text of [visibleText(result), decoded(visibleText(result))]) {
      expect(text.toLowerCase()).not.toContain('k3y/with')
      expect(text).not.toContain(spelling)
    }
  })
})

describe('finding 10: the urls output carries exactly what was purged', () => {
  it('a URL with a public api_key parameter is output as sent', async () => {
    const url = '/docs?api_key=public-demo&x=1'
    const result = await runWith(emulator.url, { urls: url })
    expect(result.exitCode).toBe(0)
    expect(emulator.requests[0]?.body).toEqual({ url: [url] })
    expect(JSON.parse(result.outputs['urls'] ?? '')).toEqual([url])
  })

  it('while the real key is still hidden from every output', async () => {
    const result = await runWith(emulator.url, {
      urls: `/docs?api_key=${encodeURIComponent(API_KEY)}`,
      dry_run: 'true'
    })
    expect(result.exitCode).toBe(0)
    expect(visibleText(result)).not.toContain('K3y')
  })
})

describe('finding 13: outputs fit GitHub limits', () => {
  it('an oversized urls output is a valid JSON array cut short, the full list in a file', async () => {
    // 2,000 URLs of 'é's: 118 KB of input (an environment variable holds at most 128 KiB),
    // 370 KB once percent-encoded as sent.
    const urls = Array.from({ length: 2000 }, (_, index) => `/${'é'.repeat(28)}/${index}`)
    const runnerTemp = mkdtempSync(join(tmpdir(), 'purge-runner-temp-'))
    try {
      const result = await runWith(
        emulator.url,
        { urls: urls.join('\n'), dry_run: 'true' },
        { RUNNER_TEMP: runnerTemp }
      )
      expect(result.exitCode).toBe(0)
      const output = result.outputs['urls'] ?? ''
      expect(Buffer.byteLength(output)).toBeLessThanOrEqual(128 * 1024)
      const shown = JSON.parse(output) as string[]
      const encoded = urls.map(url => encodeURI(url))
      expect(shown).toEqual(encoded.slice(0, shown.length))
      expect(shown.length).toBeLessThan(urls.length)
      const file = result.outputs['full_lists_file'] ?? ''
      expect(file.startsWith(runnerTemp)).toBe(true)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ urls: encoded })
      expect(warningsOf(result).join('\n')).toMatch(
        new RegExp(`'urls' output holds the first ${shown.length} of 2000 items.*full_lists_file`)
      )
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true })
    }
  })
})
