import { describe, expect, it } from '@jest/globals'
import { Input, type InputName } from '../../src/core/constants.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'
import { buildPlan } from '../../src/plan/build-plan.js'
import { requestBody } from '../../src/send/request-body.js'
import { formatProblem } from '../../src/core/diagnostics.js'

function raw(given: Partial<Record<InputName, string>>): RawInputs {
  const all = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return { ...all, api_key: 'k3y', base_url: 'https://api.example.com', ...given }
}

async function settingsOf(given: Partial<Record<InputName, string>>) {
  const { settings, diagnostics } = await parseInputs(raw(given))
  if (!settings) throw new Error(diagnostics.problems.map(formatProblem).join('\n'))
  return { settings, diagnostics }
}

describe('parseInputs', () => {
  it('applies the defaults', async () => {
    const { settings } = await settingsOf({ tags: 'a' })
    expect(settings).toMatchObject({
      dryRun: false,
      batchSize: 100,
      timeoutMs: 30_000,
      maxAttempts: 4,
      concurrency: 4,
      countries: [],
      tags: ['a']
    })
    expect(settings.mode).toBeUndefined()
    expect(settings.changedFiles).toBeUndefined()
  })

  it('purges every kind given when mode is empty', async () => {
    const { settings } = await settingsOf({ tags: 'a,b', urls: '/x', pattern: '#^/blog/.*$#' })
    expect(settings.tags).toEqual(['a', 'b'])
    expect(settings.urls).toEqual(['/x'])
    expect(settings.pattern?.pattern).toBe('#^/blog/.*$#')
  })

  it('with a mode, ignores the other kinds with a warning, without validating them', async () => {
    const { settings, diagnostics } = await settingsOf({
      mode: 'URL',
      urls: '/x',
      tags: 'bad,',
      pattern: '('
    })
    expect(settings.mode).toBe('url')
    expect(settings.tags).toEqual([])
    expect(settings.pattern).toBeUndefined()
    expect(diagnostics.warnings).toEqual([
      "mode is 'url': the input 'tags' is ignored.",
      "mode is 'url': the input 'pattern' is ignored."
    ])
  })

  it('requires the input of the chosen mode', async () => {
    const { settings, diagnostics } = await parseInputs(raw({ mode: 'tag', urls: '/x' }))
    expect(settings).toBeUndefined()
    expect(diagnostics.problems).toEqual([
      {
        input: 'tags',
        value: '',
        reason: 'is required with mode: tag (or tags_file, or set changed_files: true)'
      }
    ])
  })

  it('treats a run with nothing to purge as an input problem', async () => {
    const { diagnostics } = await parseInputs(raw({}))
    expect(diagnostics.problems[0]?.reason).toMatch(/Nothing to purge/)
  })

  it('requires a pattern with mode: pattern, even with changed_files (they map to no pattern)', async () => {
    const { settings, diagnostics } = await parseInputs(
      raw({ mode: 'pattern', changed_files: 'true', github_token: 't' })
    )
    expect(settings).toBeUndefined()
    expect(diagnostics.problems.map(p => p.input)).toEqual(['pattern'])
  })

  it('reports "nothing to purge" together with the other problems', async () => {
    const { diagnostics } = await parseInputs(raw({ base_url: 'http://example.com' }))
    expect(diagnostics.problems.map(p => p.input)).toEqual([
      'base_url',
      'tags, urls, pattern, tags_file, urls_file'
    ])
  })

  it('does not add "nothing to purge" when the targets given were all refused', async () => {
    const { diagnostics } = await parseInputs(raw({ urls: 'relative' }))
    expect(diagnostics.problems.map(p => p.input)).toEqual(['urls'])
  })

  it('reports every problem at once, each naming its input and value', async () => {
    const { settings, diagnostics } = await parseInputs(
      raw({
        api_key: '',
        base_url: 'http://example.com',
        mode: 'everything',
        country: 'XX',
        batch_size: '0',
        timeout_seconds: 'soon',
        max_attempts: '-2',
        concurrency: '1000',
        dry_run: 'maybe',
        allow_purge_all: 'sure',
        urls: 'relative/path'
      })
    )
    expect(settings).toBeUndefined()
    expect(diagnostics.problems.map(p => p.input).sort()).toEqual(
      [
        'allow_purge_all',
        'api_key',
        'base_url',
        'batch_size',
        'concurrency',
        'country',
        'dry_run',
        'max_attempts',
        'mode',
        'timeout_seconds',
        'urls'
      ].sort()
    )
    for (const problem of diagnostics.problems) {
      // A value given is quoted; a missing one is said to be required, not quoted as "".
      expect(formatProblem(problem)).toContain(
        problem.value === ''
          ? `Input '${problem.input}' is required`
          : `Input '${problem.input}' ${JSON.stringify(problem.value)}`
      )
    }
    expect(formatProblem({ input: 'urls', value: '', reason: 'is empty' })).toBe(
      `Input 'urls' "": is empty`
    )
  })

  it('never echoes an API key in a problem', async () => {
    const { diagnostics } = await parseInputs(raw({ api_key: 'secret with space', tags: 'a' }))
    expect(JSON.stringify(diagnostics.problems)).not.toContain('secret with space')
    expect(diagnostics.problems[0]?.input).toBe('api_key')
  })

  it('reads changed-files settings, with the default map and the token', async () => {
    const { settings } = await settingsOf({
      changed_files: 'true',
      github_token: 'ght',
      base_sha: 'ABCDEF1'
    })
    expect(settings.changedFiles?.token).toBe('ght')
    expect(settings.changedFiles?.baseSha).toBe('abcdef1')
    expect(settings.changedFiles?.urlMap.rules.length).toBeGreaterThan(0)
  })

  it('refuses a bad base_sha and a missing token with changed_files', async () => {
    const { diagnostics } = await parseInputs(raw({ changed_files: 'true', base_sha: 'main' }))
    expect(diagnostics.problems.map(p => p.input).sort()).toEqual(['base_sha', 'github_token'])
  })

  it('reading local git (the command line), needs no token and refuses since', async () => {
    const local = { changeSource: 'git' } as const
    const { settings, diagnostics } = await parseInputs(
      raw({ changed_files: 'true', base_sha: 'abcdef1', environment: 'staging' }),
      undefined,
      local
    )
    expect(settings?.changedFiles).toMatchObject({ baseSha: 'abcdef1', token: '' })
    expect(diagnostics.warnings).toEqual([
      "'environment' is ignored: it names GitHub deployments, and the changed files come from the local git repository."
    ])
    const since = await parseInputs(
      raw({ changed_files: 'true', since: 'last-deployment' }),
      undefined,
      local
    )
    expect(since.diagnostics.problems.map(p => p.input)).toEqual(['since'])
    expect(since.diagnostics.problems[0]?.reason).toMatch(/give base_sha instead/)
  })

  it('warns that url_map is unused without changed_files', async () => {
    const { diagnostics } = await settingsOf({ tags: 'a', url_map: 'x -> /x' })
    expect(diagnostics.warnings[0]).toMatch(/'url_map' is ignored/)
  })
})

describe('buildPlan', () => {
  it('batches tags and URLs, one request per batch and country, in plan order', async () => {
    const { settings } = await settingsOf({
      tags: 't1,t2,t3',
      urls: '/a\n/b',
      pattern: '#^/x/.*$#',
      batch_size: '2',
      country: 'it,fr'
    })
    const plan = buildPlan(settings)
    expect(plan.requests.map(r => [r.index, r.kind, r.items.length, r.country])).toEqual([
      [0, 'tag', 2, 'IT'],
      [1, 'tag', 2, 'FR'],
      [2, 'tag', 1, 'IT'],
      [3, 'tag', 1, 'FR'],
      [4, 'url', 2, 'IT'],
      [5, 'url', 2, 'FR'],
      [6, 'pattern', 1, 'IT'],
      [7, 'pattern', 1, 'FR']
    ])
    expect(requestBody(plan.requests[6]!)).toEqual({ pattern: '#^/x/.*$#', country: 'IT' })
  })

  it('sends no country field when none is given', async () => {
    const { settings } = await settingsOf({ urls: '/a' })
    expect(requestBody(buildPlan(settings).requests[0]!)).toEqual({ url: ['/a'] })
  })

  it('merges derived targets after the given ones, deduplicated', async () => {
    const { settings } = await settingsOf({
      urls: '/a',
      tags: 'x',
      changed_files: 'true',
      github_token: 't'
    })
    const plan = buildPlan(settings, { urls: ['/b', '/a'], tags: ['x', 'y'] })
    expect(plan.targets).toEqual({ tags: ['x', 'y'], urls: ['/a', '/b'], patterns: [] })
  })

  it('leaves derived tags out in url mode, with a warning', async () => {
    const { settings } = await settingsOf({ mode: 'url', changed_files: 'true', github_token: 't' })
    const plan = buildPlan(settings, { urls: ['/b'], tags: ['x'] })
    expect(plan.targets.tags).toEqual([])
    expect(plan.warnings[0]).toMatch(/tag\(s\) derived from changed files are left out/)
  })
})
