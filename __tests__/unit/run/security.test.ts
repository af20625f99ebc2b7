/**
 * Security, in process: secrets never quoted, no hang, no crash, no false success, exact
 * outputs; the real run() with the real ActionIo and @actions/core (its masking included),
 * against the emulator. On the bundle (__tests__/e2e/security.test.ts): the workflow commands the
 * runner parses from a real process's stdout, one echoed spelling of the key, and an output
 * past GitHub's limits through the output file.
 */
import { describe, expect, it } from '@jest/globals'
import { expectEchoedKeyHidden, KEY_SPELLINGS } from '../../support/key-spellings.js'
import { API_KEY, errorsOf, runWith, useEmulator, visibleText } from './helpers.js'

const emulator = useEmulator({ apiKey: API_KEY })

describe('credentials in base_url or urls are never quoted', () => {
  it.each([
    [{ base_url: 'http://admin:s3cret-pass@purge.example.com', tags: 'a' }],
    [{ urls: 'https://admin:s3cret-pass@www.example.com/a' }]
  ])('%j', async inputs => {
    const { base_url, ...rest } = { base_url: emulator().url, ...inputs }
    const result = await runWith(base_url, rest)
    expect(result.exitCode).toBe(1)
    expect(emulator().state().requestCount).toBe(0)
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

describe('the match-all probe never hangs', () => {
  // PCRE2 stops at PHP's pcre.backtrack_limit on the long test path, as the service would.
  it('a catastrophically backtracking pattern with dry_run gets a clear refusal', async () => {
    const result = await runWith(emulator().url, {
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

describe('no crash, always a status and a summary', () => {
  it.each([
    [
      'pattern',
      { pattern: `#^/${'('.repeat(2000)}a${')'.repeat(2000)}$#` },
      /cannot compile it: parentheses are too deeply nested at offset 254/
    ],
    ['tags', { tags: `${'['.repeat(50_000)}${']'.repeat(50_000)}` }, /only strings/]
  ])('%s nested deep is refused clearly', async (input, inputs, reason) => {
    const result = await runWith(emulator().url, inputs)
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

describe('a 2xx that is not the service JSON is not a purge', () => {
  it('a catch-all "200 OK" fails with the status and the body', async () => {
    emulator().faults.enqueue({ rawBody: 'OK', status: 200 })
    const result = await runWith(emulator().url, { tags: 'a', max_attempts: '3' })
    expect(result.exitCode).toBe(1)
    expect(result.outputs['status']).toBe('failed')
    expect(result.outputs['failed']).toBe('["a"]')
    expect(errorsOf(result).join('\n')).toMatch(
      /HTTP 200: OK\. The answer is not the service's JSON/
    )
    // Not retried: a 200 is an answer, not an outage.
    expect(emulator().state().requestCount).toBe(1)
  })
})

describe('the key echoed in other spellings never reaches an annotation or the summary', () => {
  // KEY_SPELLINGS[1] runs on the bundle too (__tests__/e2e/security.test.ts).
  const spellings = KEY_SPELLINGS.filter((_, index) => index !== 1)

  it.each(spellings.map(spelling => [spelling]))('%s', async spelling => {
    emulator().faults.enqueue({ status: 400, message: `no such key: ${spelling}` })
    expectEchoedKeyHidden(await runWith(emulator().url, { tags: 'a' }), spelling)
  })
})

describe('the urls output carries exactly what was purged', () => {
  it('a URL with a public api_key parameter is output as sent', async () => {
    const url = '/docs?api_key=public-demo&x=1'
    const result = await runWith(emulator().url, { urls: url })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests[0]?.body).toEqual({ url: [url] })
    expect(JSON.parse(result.outputs['urls'] ?? '')).toEqual([url])
  })

  it('while the real key is still hidden from every output', async () => {
    const result = await runWith(emulator().url, {
      urls: `/docs?api_key=${encodeURIComponent(API_KEY)}`,
      dry_run: 'true'
    })
    expect(result.exitCode).toBe(0)
    expect(visibleText(result)).not.toContain('K3y')
  })
})
