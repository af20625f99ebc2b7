/**
 * Outputs and words a later step or a reader relies on, on every path, in process: every documented
 * output is set and every list output is valid JSON; a dry run says what its job would check; mode:
 * verify never speaks of purging; an empty shard says where its pages went; a malformed JSON list
 * is told how to fix it. On the bundle (__tests__/e2e/outputs.test.ts): every output through the
 * runner's output file after an input error.
 */
import { describe, expect, it } from '@jest/globals'
import { runInProcess } from '../../support/run-in-process.js'
import { expectEveryOutput } from '../../support/every-output.js'
import { shardOf } from '../../../src/verify/choose/shard.js'
import { API_KEY, errorsOf, runWith, useEmulator, warningsOf } from './helpers.js'

const PAGES = 40
const emulator = useEmulator({ apiKey: API_KEY, syntheticPages: PAGES, sitePort: 0 })

describe('every documented output on every path', () => {
  it('after a purge the service refused', async () => {
    const result = await runWith(emulator().url.replace(/\d+$/, '1'), {
      tags: 'a',
      max_attempts: '1'
    })
    expect(result.exitCode).toBe(1)
    expectEveryOutput(result)
  })

  it('on a dry run and a purge', async () => {
    expectEveryOutput(await runWith(emulator().url, { tags: 'a', dry_run: 'true' }))
    expectEveryOutput(await runWith(emulator().url, { urls: '/p/1' }))
  })

  it('in a verify job', async () => {
    const result = await runInProcess({
      inputs: { mode: 'verify', site_url: emulator().siteUrl, urls: '/p/1' }
    })
    expect(result.exitCode).toBe(0)
    expectEveryOutput(result)
  })
})

describe('a dry run with a shard', () => {
  it('fills pages_selected, pages_checked and shard as the preview says', async () => {
    const result = await runWith(emulator().url, {
      tags: 'folder-p',
      site_url: emulator().siteUrl,
      shard: '2/4',
      verify_limit: '5',
      dry_run: 'true'
    })
    expect(result.exitCode).toBe(0)
    const preview = JSON.parse(result.outputs['preview'] ?? '{}') as Record<string, unknown>
    expect(preview['shard']).toBe('2/4')
    expect(result.outputs['shard']).toBe('2/4')
    expect(result.outputs['pages_selected']).toBe(String(PAGES))
    expect(result.outputs['pages_checked']).toBe(String((preview['selected'] as unknown[]).length))
    expect(Number(result.outputs['pages_checked'])).toBe(
      Math.min(5, preview['shard_pages'] as number)
    )
  })
})

describe('mode: verify speaks of checking, not purging', () => {
  it.each([
    ['most of the site', '#^/p/#'],
    ['every path', '#^/#']
  ])('a pattern over %s: no "purged" warning, no empty plan group', async (_, pattern) => {
    const result = await runInProcess({
      inputs: { mode: 'verify', site_url: emulator().siteUrl, pattern, verify_limit: '3' }
    })
    expect(result.exitCode).toBe(0)
    expect(warningsOf(result).join('\n')).not.toMatch(/purged/)
    expect(result.stdout).not.toMatch(/Plan: 0 request/)
  })
})

describe('an empty shard', () => {
  it('says its part is empty and where the pages went', async () => {
    const path = '/p/1'
    const other = (shardOf(path, 4) % 4) + 1
    const result = await runInProcess({
      inputs: { mode: 'verify', site_url: emulator().siteUrl, urls: path, shard: `${other}/4` }
    })
    expect(result.exitCode).toBe(0)
    const log = result.stdout
    expect(log).not.toMatch(/select no page/)
    expect(log).toMatch(new RegExp(`shard ${other}/4.*none of the 1 selected page`))
    expect(log).toMatch(new RegExp(`shard ${shardOf(path, 4)}/4`))
  })
})

describe('a malformed JSON list', () => {
  it.each([
    ['a trailing comma', '["/", "/about",]', /trailing comma/],
    ['single quotes', "['/', '/about']", /double quotes/]
  ])('%s: named, and told how to fix it', async (_, urls, fix) => {
    const result = await runWith(emulator().url, { urls })
    expect(result.exitCode).toBe(1)
    const error = errorsOf(result).join('\n')
    expect(error).toMatch(/Input 'urls'/)
    expect(error).toMatch(fix)
    expect(error).toMatch(/one a line|one URL a line/)
  })
})
