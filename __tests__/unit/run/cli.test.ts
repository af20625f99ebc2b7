/**
 * The command line's runs in process (src/cli/main.ts `runCli` with the process's argv,
 * environment, working directory and streams given), on fast time, against the emulator: no
 * GITHUB_* variable, no INPUT_*. The key comes from PURGE_API_KEY; the log is on stderr; stdout
 * holds only what --json prints; the exit code says how the run ended. What only the package shows
 * (dist/cli.js as npm installs it, --help, --version, the packed tarball) is e2e/cli.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SaxesParser } from 'saxes'
import { runCli as runCommand } from '../../../src/cli/main.js'
import { API_KEY, ENCODED_KEY, useSiteEmulator } from './helpers.js'

interface CliResult {
  readonly exitCode: number | null
  readonly stdout: string
  readonly stderr: string
  readonly cwd: string
}

/** Runs the command in a fresh directory (or `cwd`) with PATH, HOME and `env` alone. */
async function runCli(
  args: readonly string[],
  env: Record<string, string> = {},
  cwd = mkdtempSync(join(tmpdir(), 'purge-cli-'))
): Promise<CliResult> {
  let stdout = ''
  let stderr = ''
  const exitCode = await runCommand({
    argv: args,
    env: { PATH: process.env['PATH'] ?? '', HOME: cwd, ...env },
    cwd,
    stdout: { write: text => void (stdout += text) },
    stderr: { write: text => void (stderr += text), colour: false }
  })
  return { exitCode, stdout, stderr, cwd }
}

const withKey = { PURGE_API_KEY: API_KEY }

/** The key in none of its spellings, anywhere a user could read. */
function expectNoKey(result: CliResult, ...files: string[]): void {
  for (const text of [result.stdout, result.stderr, ...files]) {
    expect(text).not.toContain(API_KEY)
    expect(text).not.toContain(ENCODED_KEY)
  }
}

const emulator = useSiteEmulator()

describe('the command line, outside GitHub Actions', () => {
  it('--urls-file takes 50,000 URLs from a file of the working directory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'purge-cli-'))
    const urls = Array.from({ length: 50_000 }, (_, index) => `/page/${index}`)
    writeFileSync(join(cwd, 'urls.txt'), `${urls.join('\n')}\n`)
    const result = await runCli(
      ['--base-url', emulator().url, '--urls-file', 'urls.txt', '--batch-size', '1000'],
      withKey,
      cwd
    )
    expect(result.exitCode).toBe(0)
    const sent = emulator().requests.flatMap(request => (request.body as { url: string[] }).url)
    expect(sent).toHaveLength(50_000)
    expect(new Set(sent)).toEqual(new Set(urls))
  }, 120_000)

  it('a dry run sends nothing and exits 0', async () => {
    const result = await runCli(
      ['--base-url', emulator().url, '--tags', 'blog', '--dry-run'],
      withKey
    )
    expect(result.exitCode).toBe(0)
    expect(emulator().requests).toHaveLength(0)
    expect(result.stderr).toMatch(/Dry run: nothing was sent/)
  })

  it('a misspelt flag exits 2 with the flag it meant, and nothing is sent', async () => {
    const result = await runCli(
      ['--base-url', emulator().url, '--tags', 'blog', '--dryrun'],
      withKey
    )
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(/unknown flag --dryrun: did you mean --dry-run\?/)
    expect(emulator().requests).toHaveLength(0)
  })

  it('refuses --api-key without echoing its value', async () => {
    for (const args of [['--api-key', 'Sup3r-s3cret'], ['--api-key=Sup3r-s3cret']]) {
      const result = await runCli(['--base-url', emulator().url, '--tags', 'blog', ...args])
      expect(result.exitCode).toBe(2)
      expect(result.stderr).toMatch(/--api-key is not accepted: .*PURGE_API_KEY/)
      expect(result.stderr + result.stdout).not.toContain('Sup3r-s3cret')
    }
    expect(emulator().requests).toHaveLength(0)
  })

  it('a bad value exits 2 naming the flag and the value, and a missing key names PURGE_API_KEY', async () => {
    const bad = await runCli(
      ['--base-url', emulator().url, '--tags', 'a', '--batch-size', 'lots'],
      withKey
    )
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toMatch(/error: --batch-size "lots"/)
    const keyless = await runCli(['--base-url', emulator().url, '--tags', 'a'])
    expect(keyless.exitCode).toBe(2)
    expect(keyless.stderr).toMatch(/PURGE_API_KEY is not set/)
    expect(emulator().requests).toHaveLength(0)
  })

  it('a refused purge exits 1, and --json still prints every output', async () => {
    const result = await runCli(['--base-url', emulator().url, '--tags', 'blog', '--json'], {
      PURGE_API_KEY: 'not-the-key'
    })
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toMatch(/HTTP 401/)
    const outputs = JSON.parse(result.stdout) as Record<string, unknown>
    expect(outputs['status']).toBe('failed')
    expect(outputs['failed']).toEqual(['blog'])
  })

  it('--json prints the outputs as one JSON object, lists as arrays', async () => {
    const result = await runCli(
      ['--base-url', emulator().url, '--tags', 'blog', '--urls', '/about', '--json'],
      withKey
    )
    expect(result.exitCode).toBe(0)
    const outputs = JSON.parse(result.stdout) as Record<string, unknown>
    expect(outputs).toMatchObject({
      status: 'purged',
      count: 2,
      tags: ['blog'],
      urls: ['/about'],
      failed: [],
      verify_status: 'skipped'
    })
    expect(outputs['accepted_at']).toMatch(/^\d{4}-\d\d-\d\dT/)
    expectNoKey(result)
  })
})

describe('--junit and --summary', () => {
  /** The report read back as XML: its test cases, and which of them failed. */
  function readJUnit(xml: string): { cases: string[]; failed: string[]; suiteFailures: string } {
    const parser = new SaxesParser()
    const cases: string[] = []
    const failed: string[] = []
    let suiteFailures = ''
    parser.on('opentag', tag => {
      const attr = (name: string): string => String(tag.attributes[name] ?? '')
      if (tag.name === 'testsuite') suiteFailures = attr('failures')
      if (tag.name === 'testcase') cases.push(attr('name'))
      if (tag.name === 'failure') failed.push(cases[cases.length - 1] ?? '')
    })
    parser.write(xml).close()
    return { cases, failed, suiteFailures }
  }

  const verifyArgs = (extra: string[]): string[] => [
    '--base-url',
    emulator().url,
    '--site-url',
    emulator().siteUrl,
    '--verify',
    '--devices',
    'desktop,mobile',
    ...extra
  ]

  it('a fresh verification: one passing test case per page and device, exit 0', async () => {
    const result = await runCli(
      verifyArgs([
        '--urls',
        '/about',
        '--verify-timeout-seconds',
        '30',
        '--junit',
        'report.xml',
        '--summary',
        'summary.md'
      ]),
      withKey
    )
    expect(result.exitCode).toBe(0)
    const xml = readFileSync(join(result.cwd, 'report.xml'), 'utf8')
    const report = readJUnit(xml)
    // A case per page and device, and one counting the assets the fresh pages need.
    expect(report.cases).toEqual([
      `${emulator().siteUrl}/about`,
      `${emulator().siteUrl}/about`,
      '8 asset checks whole',
      '2 renders judged good for crawlers'
    ])
    expect(report.failed).toEqual([])
    expect(report.suiteFailures).toBe('0')
    const summary = readFileSync(join(result.cwd, 'summary.md'), 'utf8')
    expect(summary).toMatch(/^<h2>/)
    expectNoKey(result, xml, summary)
  }, 60_000)

  it('stale at the deadline: a failure per check not proven fresh, exit 1', async () => {
    emulator().configureSite({ propagationMs: 120_000 })
    const result = await runCli(
      verifyArgs([
        '--urls',
        '/about',
        '--verify-timeout-seconds',
        '3',
        '--junit',
        'report.xml',
        '--json'
      ]),
      withKey
    )
    expect(result.exitCode).toBe(1)
    const report = readJUnit(readFileSync(join(result.cwd, 'report.xml'), 'utf8'))
    expect(report.cases).toHaveLength(2)
    expect(report.failed).toHaveLength(2)
    expect(report.suiteFailures).toBe('2')
    const outputs = JSON.parse(result.stdout) as Record<string, unknown>
    expect(outputs['verify_status']).toBe('stale')
    expect(outputs['stale']).toEqual(
      expect.arrayContaining([expect.objectContaining({ url: `${emulator().siteUrl}/about` })])
    )
  }, 60_000)

  it('--verify warn passes with stale pages, and the report still fails them', async () => {
    emulator().configureSite({ propagationMs: 120_000 })
    const result = await runCli(
      verifyArgs(['--urls', '/about', '--verify-timeout-seconds', '3', '--verify', 'warn'])
        .filter((arg, index, all) => !(arg === '--verify' && all[index + 1] === '--devices'))
        .concat(['--junit=report.xml']),
      withKey
    )
    expect(result.exitCode).toBe(0)
    expect(result.stderr).toMatch(/warning: .*still stale/)
    expect(readJUnit(readFileSync(join(result.cwd, 'report.xml'), 'utf8')).failed).toHaveLength(2)
  }, 60_000)
})

describe('--changed-files from the local git repository', () => {
  let repo: string
  const shas: string[] = []
  const git = (...args: string[]): string =>
    execFileSync('git', args, {
      cwd: repo,
      encoding: 'utf8',
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: repo,
        GIT_AUTHOR_NAME: 'e2e',
        GIT_AUTHOR_EMAIL: 'e2e@example.com',
        GIT_COMMITTER_NAME: 'e2e',
        GIT_COMMITTER_EMAIL: 'e2e@example.com',
        GIT_CONFIG_NOSYSTEM: '1'
      }
    }).trim()

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'purge-cli-git-'))
    git('init', '-q', '-b', 'main')
    mkdirSync(join(repo, 'blog'))
    writeFileSync(join(repo, 'index.html'), '<h1>Home</h1>\n')
    writeFileSync(
      join(repo, 'blog', 'first.html'),
      '<p>A first post, long enough to be renamed.</p>\n'
    )
    git('add', '-A')
    git('commit', '-q', '-m', 'first')
    shas.push(git('rev-parse', 'HEAD'))
    renameSync(join(repo, 'blog', 'first.html'), join(repo, 'blog', 'hello.html'))
    writeFileSync(join(repo, 'index.html'), '<h1>Home, again</h1>\n')
    git('add', '-A')
    git('commit', '-q', '-m', 'second')
    shas.push(git('rev-parse', 'HEAD'))
  })
  afterAll(() => rmSync(repo, { recursive: true, force: true }))

  const expected = {
    changed_files: ['blog/first.html', 'blog/hello.html', 'index.html'],
    urls: ['/', '/blog/first.html', '/blog/hello.html']
  }

  it('by flags: --base-sha to HEAD, both paths of a rename purged', async () => {
    const result = await runCli(
      ['--base-url', emulator().url, '--changed-files', '--base-sha', shas[0] ?? '', '--json'],
      withKey,
      repo
    )
    expect(result.stderr).not.toMatch(/error/)
    expect(result.exitCode).toBe(0)
    const outputs = JSON.parse(result.stdout) as Record<string, unknown>
    expect(outputs['changed_files']).toEqual(expected.changed_files)
    expect([...(outputs['urls'] as string[])].sort()).toEqual(expected.urls)
    const sent = emulator().requests.flatMap(
      request => (request.body as { url?: string[] }).url ?? []
    )
    expect(sent.sort()).toEqual(expected.urls)
  })

  it.each([
    ['GitLab, a push', 'CI_COMMIT_BEFORE_SHA', 'CI_COMMIT_SHA'],
    ['GitLab, a merge request', 'CI_MERGE_REQUEST_DIFF_BASE_SHA', 'CI_COMMIT_SHA'],
    ["Jenkins' Git plugin", 'GIT_PREVIOUS_SUCCESSFUL_COMMIT', 'GIT_COMMIT']
  ])("by the CI's variables: %s (%s...%s)", async (_ci, base, head) => {
    const result = await runCli(
      ['--base-url', emulator().url, '--changed-files', '--json'],
      { ...withKey, [base]: shas[0] ?? '', [head]: shas[1] ?? '' },
      repo
    )
    expect(result.exitCode).toBe(0)
    expect(result.stderr).toContain(`${base}...${head}`)
    const outputs = JSON.parse(result.stdout) as Record<string, unknown>
    expect(outputs['changed_files']).toEqual(expected.changed_files)
  })

  it("a new branch's all-zero CI_COMMIT_BEFORE_SHA purges the head commit's files, and says so", async () => {
    const result = await runCli(
      ['--base-url', emulator().url, '--changed-files', '--json'],
      { ...withKey, CI_COMMIT_BEFORE_SHA: '0'.repeat(40), CI_COMMIT_SHA: shas[1] ?? '' },
      repo
    )
    expect(result.exitCode).toBe(0)
    expect(result.stderr).toMatch(/warning: CI_COMMIT_BEFORE_SHA is all zeros/)
    expect((JSON.parse(result.stdout) as Record<string, unknown>)['changed_files']).toEqual(
      expected.changed_files
    )
  })

  it('no range at all exits 2 and says what to give', async () => {
    const result = await runCli(['--base-url', emulator().url, '--changed-files'], withKey, repo)
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(/--base-sha/)
    expect(emulator().requests).toHaveLength(0)
  })

  it('a shallow clone without the base exits 1 with the fix, and purges nothing', async () => {
    const shallow = mkdtempSync(join(tmpdir(), 'purge-cli-shallow-'))
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow])
      const result = await runCli(
        ['--base-url', emulator().url, '--changed-files'],
        { ...withKey, CI_COMMIT_BEFORE_SHA: shas[0] ?? '', CI_COMMIT_SHA: shas[1] ?? '' },
        shallow
      )
      expect(result.exitCode).toBe(1)
      expect(result.stderr).toMatch(/shallow.*GIT_DEPTH/s)
      expect(emulator().requests).toHaveLength(0)
    } finally {
      rmSync(shallow, { recursive: true, force: true })
    }
  })
})
