/**
 * The run in process: the action's run as the runner starts it (support/run-in-process.ts), against the emulator.
 * Assertions check the emulator's state (what the service really received and purged), not
 * only what the action says.
 */
import { describe, expect, it } from '@jest/globals'
import { ACTION_VERSION } from '../../../src/core/constants.js'
import {
  API_KEY,
  ENCODED_KEY,
  errorsOf,
  noticesOf,
  lastLogLine,
  runWith,
  summaryHeadline,
  visibleText,
  warningsOf,
  summaryRenderProblems,
  useEmulator
} from './helpers.js'

const emulator = useEmulator({ apiKey: API_KEY })

const cachedPaths = (): Set<string> =>
  new Set(
    emulator()
      .state()
      .cached.map(entry => entry.path)
  )

/** The summary's text as a reader sees it: the entities the summary writes decoded. */
const decodedHtml = (html: string): string =>
  html.replace(/&(#(\d+)|lt|gt|amp|quot);/g, (_, entity: string, code?: string) =>
    code !== undefined
      ? String.fromCodePoint(Number(code))
      : (({ lt: '<', gt: '>', amp: '&', quot: '"' } as Record<string, string>)[entity] ?? '')
  )

describe('purging', () => {
  it('purges by tag: the tagged pages leave the cache, the others stay', async () => {
    const before = cachedPaths()
    const result = await runWith(emulator().url, { tags: 'blog' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      status: 'purged',
      tags: '["blog"]',
      urls: '[]',
      count: '1',
      failed: '[]'
    })
    const after = cachedPaths()
    expect(after.has('/blog/hello-world.html')).toBe(false)
    expect(after.has('/about')).toBe(true)
    expect(after.size).toBeLessThan(before.size)
    const [request] = emulator().requests
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/v1/cache/purge/tag',
      apiKeyMatched: true,
      body: { tag: ['blog'] }
    })
    expect(request?.contentType).toMatch(/^application\/json/)
    expect(request?.userAgent).toBe(`render-cache-purge-action/${ACTION_VERSION}`)
    expect(result.summary).toContain('propagate to all data centers')
  })

  it('purges by URL, reducing absolute URLs to their path with a notice', async () => {
    const result = await runWith(emulator().url, {
      urls: '/\nhttps://www.example.com/about#team\n/'
    })
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.outputs['urls'] ?? '')).toEqual(['/', '/about'])
    expect(noticesOf(result).join('\n')).toMatch(/reduced to its path and query/)
    expect(emulator().requests[0]?.body).toEqual({ url: ['/', '/about'] })
    const after = cachedPaths()
    expect(after.has('/')).toBe(false)
    expect(after.has('/about')).toBe(false)
    expect(after.has('/blog/')).toBe(true)
  })

  it('purges by pattern: a bare expression is wrapped, escaped by JSON, and sent as shown', async () => {
    const result = await runWith(emulator().url, { pattern: '^/blog/.+\\.html$' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['pattern']).toBe('#^/blog/.+\\.html$#')
    expect(noticesOf(result).join('\n')).toMatch(/wrapped/i)
    expect(emulator().requests[0]?.body).toEqual({ pattern: '#^/blog/.+\\.html$#' })
    const after = cachedPaths()
    expect(after.has('/blog/hello-world.html')).toBe(false)
    expect(after.has('/blog/')).toBe(true)
  })

  it('sends each purge once per country, with country in the body', async () => {
    const result = await runWith(emulator().url, {
      tags: 'a',
      urls: '/x',
      pattern: '#^/y$#',
      country: 'it, fr'
    })
    expect(result.exitCode).toBe(0)
    const sent = emulator()
      .requests.map(r => `${r.path} ${JSON.stringify(r.body)}`)
      .sort()
    expect(sent).toEqual(
      [
        '/api/v1/cache/purge {"url":["/x"],"country":"FR"}',
        '/api/v1/cache/purge {"url":["/x"],"country":"IT"}',
        '/api/v1/cache/purge/pattern {"pattern":"#^/y$#","country":"FR"}',
        '/api/v1/cache/purge/pattern {"pattern":"#^/y$#","country":"IT"}',
        '/api/v1/cache/purge/tag {"tag":["a"],"country":"FR"}',
        '/api/v1/cache/purge/tag {"tag":["a"],"country":"IT"}'
      ].sort()
    )
    expect(result.outputs['count']).toBe('3')
  })

  it('splits long lists into batches of batch_size', async () => {
    const urls = Array.from({ length: 25 }, (_, i) => `/page-${i}`)
    const result = await runWith(emulator().url, { urls: urls.join('\n'), batch_size: '10' })
    expect(result.exitCode).toBe(0)
    const batches = emulator().requests.map(r => (r.body as { url: string[] }).url)
    expect(batches.map(b => b.length).sort()).toEqual([10, 10, 5])
    expect(batches.flat().sort()).toEqual([...urls].sort())
    expect(JSON.parse(result.outputs['urls'] ?? '')).toEqual(urls)
  })

  it('with a mode, purges only that kind and warns about the rest', async () => {
    const result = await runWith(emulator().url, { mode: 'tag', tags: 'docs', urls: '/about' })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests.map(r => r.path)).toEqual(['/api/v1/cache/purge/tag'])
    expect(warningsOf(result).join('\n')).toMatch(/'urls' is ignored/)
  })
})

describe('dry run', () => {
  it('validates and shows the plan, sending nothing', async () => {
    const result = await runWith(emulator().url, {
      tags: 'a,b',
      urls: '/x',
      dry_run: 'true',
      country: 'IT'
    })
    expect(result.exitCode).toBe(0)
    expect(emulator().state().requestCount).toBe(0)
    expect(result.outputs).toMatchObject({
      status: 'dry-run',
      tags: '["a","b"]',
      urls: '["/x"]',
      count: '3',
      failed: '[]'
    })
    expect(result.summary).toMatch(
      /^<h2>✅ Cache purge: dry run: 2 tags and 1 URL in 2 requests, nothing sent<\/h2>/
    )
    expect(result.summary).toContain('<h3>Plan: 2 requests</h3>')
    expect(result.summary).not.toContain('propagate')
    expect(result.stdout).toContain('{"tag":["a","b"],"country":"IT"}')
  })
})

describe('failures of the service', () => {
  it('retries 5xx, a dropped connection and a timeout, then succeeds', async () => {
    emulator().faults.enqueue({ status: 503 }, { drop: true }, { status: 500 }, { delayMs: 2500 })
    const result = await runWith(emulator().url, {
      tags: 'blog',
      max_attempts: '5',
      timeout_seconds: '1'
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('purged')
    expect(result.stdout).toMatch(/5 attempt\(s\)/)
    expect(cachedPaths().has('/blog/hello-world.html')).toBe(false)
  })

  it('honours Retry-After on 429', async () => {
    emulator().faults.enqueue({ status: 429, headers: { 'Retry-After': '1' } })
    const result = await runWith(emulator().url, { tags: 'blog' })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toMatch(/attempt 1 failed \(HTTP 429[^)]*\)[^\n]*; retrying in 1\.\d s/)
    expect(emulator().state().requestCount).toBe(2)
  })

  it('stops at once on 401, reporting status, message and request id', async () => {
    const result = await runWith(emulator().url, {
      tags: 'a,b,c',
      batch_size: '1',
      concurrency: '1',
      api_key: 'wrong-key'
    })
    expect(result.exitCode).toBe(1)
    expect(emulator().state().requestCount).toBe(1)
    const errors = errorsOf(result).join('\n')
    expect(errors).toMatch(/HTTP 401: Invalid API key \(request id [^)]+\)/)
    expect(errors).toMatch(/Stopping/)
    expect(result.outputs).toMatchObject({ status: 'failed', tags: '[]', count: '0' })
    expect(JSON.parse(result.outputs['failed'] ?? '')).toEqual(['a', 'b', 'c'])
  })

  it('a 500 then a 403: one row with both answers and the 403 explained; the log ends with the status line', async () => {
    emulator().faults.enqueue({ status: 500 }, { status: 403, message: 'Forbidden: not your site' })
    const result = await runWith(emulator().url, { tags: 'blog', urls: '/about', concurrency: '1' })
    expect(result.exitCode).toBe(1)
    const headline = summaryHeadline(result)
    expect(headline).toMatch(
      /^❌ Cache purge: 1 of 2 requests failed \(HTTP 500 → 403\) · 1 not sent · 2 targets not purged$/
    )
    expect(lastLogLine(result)).toBe(headline)
    expect(await summaryRenderProblems(result)).toEqual([])
    expect(result.summary.match(/<table>/g)).toHaveLength(1)
    expect(result.summary).toMatch(
      /<tr><td>1<\/td><td>1 tag: <code>blog<\/code><\/td><td>500 → 403<\/td><td>❌ 403: the API key is missing, wrong or not allowed for this site \(check the api&#95;key secret\); the run stopped there\. The service said: “Forbidden: not your site”<\/td>/
    )
    expect(result.summary).toContain(
      '<td>⏭️ not sent: the run stopped at the 401 or 403 above</td>'
    )
  })

  it('keeps sending other batches when one fails for good, then fails the step with the details', async () => {
    emulator().faults.enqueue({
      status: 400,
      message: 'tag list rejected',
      path: '/api/v1/cache/purge/tag'
    })
    const result = await runWith(emulator().url, {
      tags: 'blog',
      urls: '/about',
      pattern: '#^/docs/.*$#'
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({
      status: 'failed',
      tags: '[]',
      urls: '["/about"]',
      pattern: '#^/docs/.*$#',
      count: '2'
    })
    expect(JSON.parse(result.outputs['failed'] ?? '')).toEqual(['blog'])
    expect(result.stdout).toMatch(
      /FAILED after 1 attempt\(s\): HTTP 400: tag list rejected \(request id /
    )
    expect(result.summary).toContain('tag list rejected')
    expect(cachedPaths().has('/about')).toBe(false)
  })

  it('treats a 200 with "result": false as a failure', async () => {
    emulator().faults.enqueue({ resultFalse: true, message: 'quota exceeded' })
    const result = await runWith(emulator().url, { urls: '/about' })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toMatch(/HTTP 200: quota exceeded/)
    expect(result.outputs['failed']).toBe('["/about"]')
  })

  // Issue "Never a ✅ that did not happen": each body was reported as purged.
  it.each([
    [{ error: { message: 'Invalid API key' } }, 'Invalid API key'],
    [{ result: 0 }, 'The answer says "result": 0, not true'],
    [{ result: 'false' }, 'The answer says "result": "false", not true'],
    [{ success: false, message: 'quota exceeded' }, 'quota exceeded']
  ])('treats a 200 with %j as refused, with its words and request id', async (body, said) => {
    emulator().faults.enqueue({ status: 200, body })
    const result = await runWith(emulator().url, { urls: '/about' })
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ status: 'failed', failed: '["/about"]', count: '0' })
    // Refused like a 4xx: not retried, and the message and request id are quoted.
    expect(emulator().state().requestCount).toBe(1)
    const failure = errorsOf(result).find(error => error.startsWith('#1 url'))
    const summary = decodedHtml(result.summary)
    const refused = 'refused by the service (its answer says the purge failed).'
    if (said.startsWith('The answer says')) {
      // The action's reading of a silent body: never inside the service's quote.
      expect(failure).toContain(`FAILED after 1 attempt(s): HTTP 200. ${said} (request id `)
      expect(summary).toContain(`${refused} ${said}`)
      expect(summary).not.toContain('The service said: “The answer')
    } else {
      expect(failure).toContain(`FAILED after 1 attempt(s): HTTP 200: ${said} (request id `)
      expect(summary).toContain(`${refused} The service said: “${said}”`)
    }
    expect(summary).not.toContain('✅ accepted')
    expect(summaryHeadline(result)).toMatch(/^❌/)
  })

  it('counts a 200 without "result" as purged, with one notice for the run', async () => {
    emulator().faults.enqueue({ rawBody: '{}', process: true, times: 2 })
    const result = await runWith(emulator().url, { urls: '/about\n/blog/', batch_size: '1' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'purged', count: '2', failed: '[]' })
    expect(cachedPaths().has('/about')).toBe(false)
    const notices = noticesOf(result).filter(notice => /not confirm/.test(notice))
    expect(notices).toEqual([
      expect.stringMatching(
        /^2 of 2 purge requests got an HTTP 2xx answer without "result": true: counted as purged/
      )
    ])
    const summary = decodedHtml(result.summary)
    expect(summary).toMatch(/all accepted, 2 not confirmed by their answers/)
    expect(summary).toMatch(
      /☑️ accepted in .*, not confirmed: its answer did not say "result": true/
    )
    expect(summary).not.toContain('✅ accepted')
    expect(summaryHeadline(result)).toMatch(
      /purged \(2 of 2 requests not confirmed by the service’s answer\)/
    )
  })

  it('reports a pattern the service cannot compile (422) without retrying it', async () => {
    emulator().faults.enqueue({ status: 422, message: 'Compilation failed' })
    const result = await runWith(emulator().url, { pattern: '#^/a$#' })
    expect(result.exitCode).toBe(1)
    expect(emulator().state().requestCount).toBe(1)
    expect(result.stdout).toMatch(/HTTP 422: Compilation failed/)
  })
})

describe('bad input: a clear error naming the input and the value, and nothing sent', () => {
  it.each([
    [{ urls: 'blog/post' }, 'urls', /"blog\/post"/],
    [{ urls: '["/a", 3]' }, 'urls', /only strings/],
    [{ tags: '["a,b"]' }, 'tags', /comma/],
    [{ pattern: '#^/blog/(.*$#' }, 'pattern', /"#\^\/blog\/\(\.\*\$#"/],
    [{ pattern: '#.*#' }, 'pattern', /allow_purge_all/],
    [{ pattern: '#^/a$#e' }, 'pattern', /modifier/],
    [{ tags: 'a', country: 'ITA' }, 'country', /"ITA"/],
    [{ tags: 'a', country: 'ALL,IT' }, 'country', /stand alone/],
    [{ tags: 'a', mode: 'tags' }, 'mode', /"tags"/],
    [{ tags: 'a', batch_size: '0' }, 'batch_size', /"0"/],
    [{ tags: 'a', timeout_seconds: 'ten' }, 'timeout_seconds', /"ten"/],
    [{ tags: 'a', max_attempts: '2.5' }, 'max_attempts', /"2\.5"/],
    [{ tags: 'a', concurrency: '0' }, 'concurrency', /"0"/],
    [{ tags: 'a', dry_run: 'yes' }, 'dry_run', /"yes"/],
    [{ tags: 'a', base_url: 'http://purge.example.com' }, 'base_url', /https/],
    [{ mode: 'url', tags: 'a' }, 'urls', /required with mode: url/],
    [{ tags: 'a', changed_files: 'true', url_map: 'no arrow here' }, 'url_map', /line 1/]
  ])('%j -> %s', async (inputs, input, detail) => {
    const result = await runWith(emulator().url, inputs)
    expect(result.exitCode).toBe(1)
    expect(emulator().state().requestCount).toBe(0)
    const errors = errorsOf(result).join('\n')
    expect(errors).toContain(`Input '${input}'`)
    expect(errors).toMatch(detail)
    expect(result.outputs['status']).toBe('failed')
    expect(result.summary).toContain('nothing sent')
  })

  it('says "nothing to purge" naturally, in one annotation', async () => {
    const result = await runWith(emulator().url, { tags: '' })
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)).toEqual([
      "Nothing to purge: give at least one of the inputs 'tags', 'urls' or 'pattern' (or changed_files: true, or a list in 'tags_file' or 'urls_file')."
    ])
    expect(result.outputs['status']).toBe('failed')
  })

  it('gives one error annotation per invalid input, and no other', async () => {
    const result = await runWith(emulator().url, {
      urls: '/about, /contact\nrelative',
      country: 'QQ'
    })
    expect(result.exitCode).toBe(1)
    expect(emulator().state().requestCount).toBe(0)
    const errors = errorsOf(result)
    expect(errors).toHaveLength(2)
    const urls = errors.find(error => error.startsWith("Input 'urls' has 2 problems:"))
    expect(urls).toContain('one-line form field (workflow_dispatch): `["/about","/contact"]`')
    expect(urls).toContain('In a workflow file, write:\nurls: |\n  /about\n  /contact')
    expect(errors.some(error => error.startsWith(`Input 'country' "QQ"`))).toBe(true)
    // The summary's correction is copyable YAML: a fenced block, no <br>.
    expect(result.summary).toContain('\n```yaml\nurls: |\n  /about\n  /contact\n```\n')
    expect(result.summary).not.toContain('urls: |<br>')
  })

  it('reports several problems at once', async () => {
    const result = await runWith(emulator().url, {
      tags: 'a',
      batch_size: 'x',
      country: 'QQ',
      dry_run: 'nope'
    })
    expect(result.exitCode).toBe(1)
    const errors = errorsOf(result)
    for (const input of ['batch_size', 'country', 'dry_run']) {
      expect(errors.some(e => e.startsWith(`Input '${input}'`))).toBe(true)
    }
  })

  it('lets a purge-all pattern through only with allow_purge_all', async () => {
    const result = await runWith(emulator().url, { pattern: '(.*?)', allow_purge_all: 'true' })
    expect(result.exitCode).toBe(0)
    expect(emulator().state().cachedCount).toBe(0)
    expect(warningsOf(result).join('\n')).toMatch(/every/i)
  })
})

describe('the API key', () => {
  it('never appears in logs, outputs, the summary or errors, whatever happens', async () => {
    emulator().faults.enqueue({ status: 500, message: `echo ${API_KEY} ${ENCODED_KEY}` })
    emulator().faults.enqueue({ status: 400, body: { error: { message: `bad key ${API_KEY}` } } })
    const runs = [
      await runWith(emulator().url, { tags: 'a', max_attempts: '2' }),
      await runWith(emulator().url, { tags: 'a', api_key: `${API_KEY}-wrong` }),
      await runWith(emulator().url, { tags: 'a', dry_run: 'true' }),
      await runWith(emulator().url, { tags: 'a', batch_size: API_KEY }),
      await runWith('http://127.0.0.1:9', { tags: 'a', max_attempts: '1' }),
      // The HTTP layer's timeout error quotes the request path, query string included.
      await (async () => {
        emulator().faults.enqueue({ delayMs: 2500 })
        return runWith(emulator().url, { tags: 'a', max_attempts: '1', timeout_seconds: '1' })
      })()
    ]
    for (const result of runs) {
      const text = visibleText(result)
      expect(text).not.toContain(API_KEY)
      expect(text).not.toContain(ENCODED_KEY)
      expect(text).not.toContain('K3y')
    }
    // The key is registered with the runner before anything else is printed.
    expect(runs[0]?.commands[0]).toEqual({ command: 'add-mask', message: API_KEY })
  })
})
