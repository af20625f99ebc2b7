/**
 * The origin inputs: origin_url, build_id (and its default, the deployed commit by the change
 * ranges' rule, read from the real-shaped event fixtures), origin_timeout_seconds; and bad input.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Input, type InputName } from '../../src/core/constants.js'
import { Diagnostics, formatProblem } from '../../src/core/diagnostics.js'
import { parseInputs, type EventDefaults, type RawInputs } from '../../src/plan/settings.js'
import { deployedCommitOf } from '../../src/origin/deployed-commit.js'
import type { GitHubContextLike } from '../../src/changed-files/change-source.js'

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'events')
const GITHUB_SHA = 'c'.repeat(40)

function raw(given: Partial<Record<InputName, string>>): RawInputs {
  const all = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return { ...all, api_key: 'k3y', base_url: 'https://api.example.com', tags: 'a', ...given }
}

function event(eventName: string, fixture?: string, sha = GITHUB_SHA): EventDefaults {
  const payload = fixture
    ? (JSON.parse(readFileSync(join(FIXTURES, fixture), 'utf8')) as Record<string, unknown>)
    : {}
  const context: GitHubContextLike = {
    eventName,
    payload,
    sha,
    repository: { owner: 'o', repo: 'r' }
  }
  return { deployedCommit: deployedCommitOf(context) }
}

function payloadSha(fixture: string, path: string[]): string {
  let value: unknown = JSON.parse(readFileSync(join(FIXTURES, fixture), 'utf8'))
  for (const key of path) value = (value as Record<string, unknown>)[key]
  return value as string
}

const ORIGIN = 'https://origin.example.com/version.txt'

function parse(inputs: RawInputs, defaults: EventDefaults) {
  return parseInputs(inputs, new Diagnostics(), defaults)
}

describe('origin settings', () => {
  it('no origin_url: no wait', async () => {
    const { settings } = await parse(raw({}), event('push'))
    expect(settings?.origin).toBeUndefined()
  })

  it('origin_url with the defaults: 600 s, the build from the event', async () => {
    const { settings, diagnostics } = await parse(
      raw({ origin_url: `${ORIGIN}#top` }),
      event('push', 'push-branch.json')
    )
    expect(diagnostics.problems).toEqual([])
    expect(settings?.origin).toEqual({
      url: new URL(ORIGIN),
      build: { text: GITHUB_SHA, kind: 'commit', source: 'GITHUB_SHA' },
      timeoutMs: 600_000,
      // No token given: GitHub is never asked how another commit relates.
      githubToken: ''
    })
  })

  it.each([
    ['deployment', 'deployment.json', ['deployment', 'sha'], 'deployment.sha'],
    [
      'deployment_status',
      'deployment_status-success.json',
      ['deployment', 'sha'],
      'deployment.sha'
    ],
    [
      'workflow_run',
      'workflow_run-success.json',
      ['workflow_run', 'head_sha'],
      'workflow_run.head_sha'
    ]
  ])('build_id defaults to the %s event’s commit', async (name, fixture, path, source) => {
    const { settings } = await parse(raw({ origin_url: ORIGIN }), event(name, fixture))
    expect(settings?.origin?.build).toEqual({
      text: payloadSha(fixture, path),
      kind: 'commit',
      source
    })
  })

  it("a release's commit is GITHUB_SHA, as GitHub sets it", async () => {
    const { settings } = await parse(
      raw({ origin_url: ORIGIN }),
      event('release', 'release-published.json')
    )
    expect(settings?.origin?.build).toEqual({
      text: GITHUB_SHA,
      kind: 'commit',
      source: "the release's commit (GITHUB_SHA)"
    })
  })

  it('head_sha wins over the event, and is then not "ignored"', async () => {
    const head = 'a'.repeat(40)
    const { settings, diagnostics } = await parse(
      raw({ origin_url: ORIGIN, head_sha: head }),
      event('deployment_status', 'deployment_status-success.json')
    )
    expect(settings?.origin?.build).toEqual({ text: head, kind: 'commit', source: 'head_sha' })
    expect(diagnostics.warnings.join('\n')).not.toMatch(/head_sha/)
  })

  it('build_id given: literal text as given, or a commit when it is a full SHA', async () => {
    const literal = await parse(raw({ origin_url: ORIGIN, build_id: ' v2.3.1 ' }), event('push'))
    expect(literal.settings?.origin?.build).toEqual({
      text: 'v2.3.1',
      kind: 'literal',
      source: 'build_id'
    })
    const sha = await parse(raw({ origin_url: ORIGIN, build_id: 'B'.repeat(40) }), {})
    expect(sha.settings?.origin?.build).toMatchObject({ text: 'b'.repeat(40), kind: 'commit' })
  })

  it('origin_timeout_seconds: 0 (one look) to 21600, fractions allowed', async () => {
    const zero = await parse(
      raw({ origin_url: ORIGIN, origin_timeout_seconds: '0' }),
      event('push')
    )
    expect(zero.settings?.origin?.timeoutMs).toBe(0)
    const half = await parse(
      raw({ origin_url: ORIGIN, origin_timeout_seconds: '2.5' }),
      event('push')
    )
    expect(half.settings?.origin?.timeoutMs).toBe(2500)
  })

  it('plain http is accepted for any host (nothing secret goes to the origin)', async () => {
    const { settings } = await parse(
      raw({ origin_url: 'http://10.0.0.5:8080/health' }),
      event('push')
    )
    expect(settings?.origin?.url.href).toBe('http://10.0.0.5:8080/health')
  })

  it('warns that origin_timeout_seconds does nothing without origin_url', async () => {
    const { diagnostics } = await parse(raw({ origin_timeout_seconds: '60' }), event('push'))
    expect(diagnostics.warnings).toContain(
      "'origin_timeout_seconds' is ignored because origin_url is not given."
    )
  })
})

describe('origin settings: bad input', () => {
  async function problems(given: Partial<Record<InputName, string>>, env = event('push')) {
    const { settings, diagnostics } = await parse(raw(given), env)
    expect(settings).toBeUndefined()
    return diagnostics.problems.map(formatProblem)
  }

  it.each([
    ['origin.example.com/version.txt', /must be an absolute http\(s\):\/\/ URL/],
    ['/version.txt', /must be an absolute http\(s\):\/\/ URL/],
    ['ftp://origin.example.com/version.txt', /must be an http:\/\/ or https:\/\/ URL/]
  ])('origin_url %j', async (value, message) => {
    const found = await problems({ origin_url: value })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(
      new RegExp(`^Input 'origin_url' "${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}": `)
    )
    expect(found[0]).toMatch(message)
  })

  it('origin_url with credentials: refused, and never echoed', async () => {
    const found = await problems({ origin_url: 'https://deploy:s3cr3t-pw@origin.example.com/v' })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(
      /^Input 'origin_url' "https:\/\/\*\*\*@origin\.example\.com\/v": must not contain credentials/
    )
    expect(found.join('\n')).not.toMatch(/s3cr3t|deploy:/)
  })

  it('build_id of spaces with origin_url: empty, an error', async () => {
    const found = await problems({ origin_url: ORIGIN, build_id: '   ' })
    expect(found).toEqual([
      `Input 'build_id' "   ": is empty: give the build's id with origin_url, or leave it out to use the deployed commit`
    ])
  })

  it('no build_id and no deployed commit in the event: an error naming build_id', async () => {
    const found = await problems({ origin_url: ORIGIN }, event('push', undefined, ''))
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(
      /^Input 'build_id' is required with origin_url: the event names no deployed commit/
    )
  })

  it('a build_id of several lines: an error', async () => {
    const found = await problems({ origin_url: ORIGIN, build_id: 'v1\nv2' })
    expect(found[0]).toMatch(/^Input 'build_id' .*must be one line/)
  })

  it('origin_timeout_seconds out of range or not a number', async () => {
    expect(await problems({ origin_url: ORIGIN, origin_timeout_seconds: '-1' })).toEqual([
      `Input 'origin_timeout_seconds' "-1": must be a number from 0 to 21600`
    ])
    expect(await problems({ origin_url: ORIGIN, origin_timeout_seconds: '1e3' })).toHaveLength(1)
  })

  it('a head_sha that is not a SHA, used for build_id: an error on head_sha', async () => {
    const found = await problems({ origin_url: ORIGIN, head_sha: 'main' })
    expect(found.some(problem => problem.startsWith('Input \'head_sha\' "main"'))).toBe(true)
  })
})

describe('verify_content and repurge_old_content', () => {
  const verifying = { site_url: 'https://www.example.com', verify: 'true' }

  it('with verify: the content proof, its build from the event, re-purge on by default', async () => {
    const { settings, diagnostics } = await parse(
      raw({ ...verifying, verify_content: 'true' }),
      event('push')
    )
    expect(diagnostics.problems).toEqual([])
    expect(settings?.content).toEqual({
      build: { text: GITHUB_SHA, kind: 'commit', source: 'GITHUB_SHA' },
      repurge: true
    })
    expect(settings?.origin).toBeUndefined()
  })

  it('origin_url and verify_content share one build', async () => {
    const { settings } = await parse(
      raw({
        ...verifying,
        verify_content: 'TRUE',
        origin_url: ORIGIN,
        build_id: 'v7',
        repurge_old_content: 'false'
      }),
      event('push')
    )
    expect(settings?.origin?.build).toEqual(settings?.content?.build)
    expect(settings?.content).toEqual({
      build: { text: 'v7', kind: 'literal', source: 'build_id' },
      repurge: false
    })
  })

  it('verify_content without verify: a warning that it does nothing, and no build needed', async () => {
    const { settings, diagnostics } = await parse(
      raw({ verify_content: 'true' }),
      event('push', undefined, '')
    )
    expect(settings?.content).toBeUndefined()
    expect(diagnostics.warnings.join('\n')).toMatch(/'verify_content' does nothing without verify/)
  })

  it('verify_content without verify: the inputs it would use are said to be ignored for that reason', async () => {
    const { diagnostics } = await parse(
      raw({ verify_content: 'true', build_id: 'v1', repurge_old_content: 'false' }),
      event('push')
    )
    const warnings = diagnostics.warnings.join('\n')
    expect(warnings).not.toMatch(/verify_content is not true|nor verify_content is set/)
    expect(warnings).toContain(
      "'build_id' is ignored because neither origin_url nor verify_content with verify is set."
    )
    expect(warnings).toContain(
      "'repurge_old_content' is ignored because verify_content is not on (true, with verify)."
    )
  })

  it('verify_content other than true or false: an error', async () => {
    const { settings, diagnostics } = await parse(raw({ ...verifying, verify_content: 'yes' }), {})
    expect(settings).toBeUndefined()
    expect(diagnostics.problems.map(formatProblem)).toEqual([
      `Input 'verify_content' "yes": must be true or false`
    ])
  })

  it('verify_content with no build to look for: an error naming build_id', async () => {
    const { diagnostics } = await parse(
      raw({ ...verifying, verify_content: 'true' }),
      event('push', undefined, '')
    )
    expect(diagnostics.problems.map(formatProblem)[0]).toMatch(
      /^Input 'build_id' is required with verify_content: true/
    )
  })

  it('repurge_old_content and build_id given where they do nothing: warnings', async () => {
    const { diagnostics } = await parse(
      raw({ repurge_old_content: 'false', build_id: 'v1' }),
      event('push')
    )
    expect(diagnostics.warnings).toEqual(
      expect.arrayContaining([
        "'repurge_old_content' is ignored because verify_content is not on (true, with verify).",
        "'build_id' is ignored because neither origin_url nor verify_content with verify is set."
      ])
    )
  })
})

describe('mode: verify', () => {
  it('origin_url holds back no purge there: ignored, with a warning; verify_content still works', async () => {
    const { settings, diagnostics } = await parse(
      raw({
        mode: 'verify',
        api_key: '',
        base_url: '',
        site_url: 'https://www.example.com',
        verify: 'true',
        verify_content: 'true',
        origin_url: ORIGIN,
        repurge_old_content: 'false'
      }),
      event('push')
    )
    expect(diagnostics.problems).toEqual([])
    expect(settings?.origin).toBeUndefined()
    expect(settings?.content?.build.text).toBe(GITHUB_SHA)
    expect(diagnostics.warnings).toEqual(
      expect.arrayContaining([
        "'origin_url' is ignored because mode is 'verify' (nothing is purged).",
        "'repurge_old_content' is ignored because mode is 'verify' (nothing is purged)."
      ])
    )
  })
})
