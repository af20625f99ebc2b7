/**
 * Lists longer than an input can carry: the action's run as the runner starts it, with `urls_file`
 * naming a file of the workspace. The first test shows why the inputs exist: Linux refuses to start
 * a process with one environment variable over 128 KiB, so a long `urls` input never reaches the
 * action.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInProcess } from '../../support/run-in-process.js'
import { API_KEY, errorsOf, visibleText, useEmulator } from './helpers.js'

const emulator = useEmulator({ apiKey: API_KEY, latencyMs: 0, maxLog: 100_000 })

const URL_COUNT = 50_000
const manyUrls = Array.from({ length: URL_COUNT }, (_, index) => `/page/${index}`)

describe('the limit of an input', () => {
  it.each([['linux']])('on %s, an input over 128 KiB never starts the step', platform => {
    if (process.platform !== platform) return
    // 7,000 short URLs: what docs/inputs.md says fills an input.
    const urls = Array.from({ length: 7_000 }, (_, index) => `/blog/2024/post-${index}`).join('\n')
    expect(Buffer.byteLength(urls)).toBeGreaterThan(128 * 1024)
    const started = spawnSync(process.execPath, ['-e', ''], {
      env: { PATH: process.env['PATH'] ?? '', INPUT_URLS: urls }
    })
    expect((started.error as NodeJS.ErrnoException | undefined)?.code).toBe('E2BIG')
  })
})

describe('urls_file', () => {
  it(`purges ${URL_COUNT.toLocaleString('en')} URLs from a file of the workspace`, async () => {
    const result = await runInProcess({
      inputs: { api_key: API_KEY, base_url: emulator().url, urls_file: 'urls.txt' },
      files: { 'urls.txt': `${manyUrls.join('\n')}\n` }
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs['status']).toBe('purged')
    expect(result.outputs['count']).toBe(String(URL_COUNT))
    expect(result.outputs['failed']).toBe('[]')
    // What the service received: every URL once, in requests of batch_size (100).
    const received = emulator().requests.flatMap(request => (request.body as { url: string[] }).url)
    expect(received).toHaveLength(URL_COUNT)
    expect(new Set(received)).toEqual(new Set(manyUrls))
    expect(emulator().requests).toHaveLength(URL_COUNT / 100)
    // The `urls` output is cut to GitHub's limit; the full list is in a file.
    expect(result.outputs['full_lists_file']).not.toBe('')
  }, 300_000)

  it('adds the file to the inline list, and names each bad line by its number', async () => {
    const bad = await runInProcess({
      inputs: { api_key: API_KEY, base_url: emulator().url, urls: '/a', urls_file: 'urls.txt' },
      files: { 'urls.txt': '/b\nblog/post\n/c\n' }
    })
    expect(bad.exitCode).toBe(1)
    expect(errorsOf(bad)).toEqual([
      `Input 'urls_file' line 2 "blog/post": must be a relative URL starting with '/' (e.g. /blog/post) or an absolute http(s):// URL`
    ])
    expect(emulator().requestCount).toBe(0)

    const good = await runInProcess({
      inputs: { api_key: API_KEY, base_url: emulator().url, urls: '/a', urls_file: 'urls.txt' },
      files: { 'urls.txt': '/b\n/a\n' }
    })
    expect(good.exitCode).toBe(0)
    expect(good.outputs['urls']).toBe('["/a","/b"]')
  })

  it('a missing file fails the step naming the input and the path, and sends nothing', async () => {
    const result = await runInProcess({
      inputs: { api_key: API_KEY, base_url: emulator().url, tags: 'blog', urls_file: 'urls.txt' }
    })
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)).toEqual([
      expect.stringMatching(/^Input 'urls_file' "urls.txt": no such file \(\/.*\/urls\.txt\)$/)
    ])
    expect(result.outputs['status']).toBe('failed')
    expect(emulator().requestCount).toBe(0)
  })

  it('never shows the credentials of a URL in the file', async () => {
    const result = await runInProcess({
      inputs: { api_key: API_KEY, base_url: emulator().url, urls_file: 'urls.txt' },
      files: { 'urls.txt': '/a\nhttps://admin:hunter2-secret@www.example.com/b\n' }
    })
    expect(result.exitCode).toBe(1)
    expect(visibleText(result)).not.toContain('hunter2-secret')
    expect(errorsOf(result).join('\n')).toContain('line 2')
  })

  // A list file must be inside the runner's folders and within the limits; what is
  // not is one input problem, with the status output and the summary still written.
  it('refuses a file outside the workspace without showing a line of it', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'list-files-outside-'))
    try {
      writeFileSync(join(outside, 'id_rsa'), '-----BEGIN-----\nPRIVATE-KEY-LINE\n-----END-----\n')
      const result = await runInProcess({
        inputs: { api_key: API_KEY, base_url: emulator().url, urls_file: join(outside, 'id_rsa') }
      })
      expect(result.exitCode).toBe(1)
      expect(errorsOf(result)).toEqual([
        expect.stringMatching(/^Input 'urls_file' ".*id_rsa": leaves the workspace: it leads to /)
      ])
      expect(visibleText(result)).not.toContain('PRIVATE-KEY-LINE')
      expect(result.outputs['status']).toBe('failed')
      expect(result.summary).toContain('leaves the workspace')
      expect(emulator().requestCount).toBe(0)
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })

  it('stops at the entry limit cleanly: one problem, the outputs and the summary written', async () => {
    const result = await runInProcess({
      inputs: { api_key: API_KEY, base_url: emulator().url, urls_file: 'urls.txt' },
      files: { 'urls.txt': '/\n'.repeat(1_000_001) }
    })
    expect(result.exitCode).toBe(1)
    expect(errorsOf(result)).toEqual([
      `Input 'urls_file' "urls.txt": holds more than the 1,000,000 URLs a file may hold (blank lines aside, duplicates counted): split it over several runs, or purge by tag or pattern`
    ])
    expect(result.outputs['status']).toBe('failed')
    expect(result.summary).toContain('holds more than the 1,000,000 URLs')
    expect(emulator().requestCount).toBe(0)
  }, 60_000)
})
