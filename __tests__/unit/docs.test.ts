/**
 * The documents a newcomer follows, checked as code: no link leaves the repository (a user's clone
 * has nothing beside it), the `git ls-remote` example gives the commit of an annotated tag too,
 * `.env.example` names every input, and `engines` admits no Node that the lockfile's tools refuse.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Input, Output } from '../../src/core/constants.js'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { checkInputVariables, inputVariable } from '../../src/plan/input-names.js'
import type { RawInputs } from '../../src/plan/settings.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
/**
 * Every file of the repository that a user's clone has (tracked, or new and not ignored: what
 * the next commit may add), but the bundle: not what a run left in ignored folders (.tmp/ holds
 * jest's results, which name test paths).
 */
function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: dir,
    encoding: 'utf8'
  })
  return listed
    .split('\n')
    .filter(name => name !== '' && !name.startsWith('dist/'))
    .map(name => join(dir, name))
    .filter(path => existsSync(path) && keep(path))
}

const markdown = filesUnder(ROOT, path => path.endsWith('.md'))

describe('no document points outside the repository', () => {
  it('finds the documents', () => {
    expect(markdown.map(path => relative(ROOT, path))).toEqual(
      expect.arrayContaining([
        'README.md',
        join('docs', 'service.md'),
        join('emulator', 'README.md')
      ])
    )
  })

  it.each(markdown.map(path => [relative(ROOT, path)]))(
    '%s: every relative link names a file inside the repository that exists',
    file => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      const broken: string[] = []
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (target === undefined || /^([a-z]+:|#)/i.test(target)) continue
        const path = resolve(ROOT, dirname(file), decodeURI(target.split('#')[0] ?? ''))
        const inside = path === ROOT || path.startsWith(ROOT + sep)
        if (!inside || !existsSync(path)) broken.push(target)
      }
      expect(broken).toEqual([])
    }
  )

  it('no committed file but the tests names ../shared (a clone has no such folder)', () => {
    const files = filesUnder(
      ROOT,
      path =>
        !relative(ROOT, path).startsWith(`__tests__${sep}`) &&
        /\.(md|ts|mjs|js|json|ya?ml|sh)$|\.env\.example$|\/run$/.test(path)
    )
    const naming = files.filter(path => readFileSync(path, 'utf8').includes('../shared'))
    expect(naming.map(path => relative(ROOT, path))).toEqual([])
  })
})

describe('the commands the documents give', () => {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts
  )

  it('name only npm scripts that exist', () => {
    const missing: string[] = []
    for (const path of markdown) {
      for (const [, script] of readFileSync(path, 'utf8').matchAll(/npm run (?:-s )?([\w:.-]+)/g)) {
        if (script !== undefined && !scripts.includes(script)) {
          missing.push(`${relative(ROOT, path)}: npm run ${script}`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it('README stays under 15,000 bytes: the reference lives in docs/', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThan(15_000)
  })

  it('README says how long npm test takes and how to run a part of it', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme).toMatch(/`npm ci && npm test` \(about \d+ minutes/)
    expect(readme).toContain('`npm run test:unit`')
    expect(readme).toContain('(docs/development.md#tests)')
    const development = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
    expect(development).toContain('\n## Tests\n')
    expect(development).toContain('npm test -- __tests__/unit/')
  })
})

describe("docs/security.md's git ls-remote example", () => {
  const security = readFileSync(join(ROOT, 'docs', 'security.md'), 'utf8')
  const block = /```sh\n(git ls-remote[\s\S]*?)```/.exec(security)?.[1] ?? ''

  it('gives the commit a release names, whether its tag is annotated or lightweight', () => {
    expect(block).toContain('https://github.com/<owner>/render-cache-purge-action')
    const work = mkdtempSync(join(tmpdir(), 'ls-remote-'))
    try {
      const git = (...args: string[]): string =>
        execFileSync('git', args, {
          cwd: work,
          encoding: 'utf8',
          env: {
            PATH: process.env['PATH'] ?? '',
            HOME: work,
            GIT_AUTHOR_NAME: 'a',
            GIT_AUTHOR_EMAIL: 'a@example.com',
            GIT_COMMITTER_NAME: 'a',
            GIT_COMMITTER_EMAIL: 'a@example.com'
          }
        }).trim()
      git('init', '-q', '.')
      git('commit', '-q', '--allow-empty', '-m', 'first')
      git('tag', '-a', 'v1.2.3', '-m', 'release 1.2.3')
      const annotated = git('rev-parse', 'HEAD')
      git('commit', '-q', '--allow-empty', '-m', 'second')
      git('tag', 'v1.2.4')
      const lightweight = git('rev-parse', 'HEAD')
      // The annotated tag names a tag object, not the commit: what the example must see past.
      expect(git('rev-parse', 'v1.2.3')).not.toBe(annotated)
      const run = (version: string): string =>
        execFileSync(
          'bash',
          [
            '-c',
            block
              .replace('https://github.com/<owner>/render-cache-purge-action', work)
              .replaceAll('v1.2.3', version)
          ],
          { encoding: 'utf8' }
        ).trim()
      expect(run('v1.2.3')).toBe(annotated)
      expect(run('v1.2.4')).toBe(lightweight)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
})

describe('.env.example', () => {
  const text = readFileSync(join(ROOT, '.env.example'), 'utf8')
  const variables = Object.fromEntries(
    text
      .split('\n')
      .filter(line => /^[A-Za-z_][\w-]*=/.test(line))
      .map(line => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
  )

  it('gives every input of the action, the verify inputs included, and nothing the action refuses', () => {
    const inputs = Object.keys(variables).filter(name => name.startsWith('INPUT_'))
    expect(inputs.sort()).toEqual(Object.values(Input).map(inputVariable).sort())
    const read = Object.fromEntries(
      Object.values(Input).map(name => [name, variables[inputVariable(name)] ?? ''])
    ) as unknown as RawInputs
    const diag = new Diagnostics()
    checkInputVariables({ variables, underAct: false }, read, diag)
    expect(diag.problems).toEqual([])
  })
})

describe("the README's tables", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  /** The names in the first column of the table under `heading` (a row may name two). */
  const firstColumn = (heading: string): string[] => {
    const section = readme.slice(readme.indexOf(`\n## ${heading}\n`) + 1)
    const body = section.slice(0, section.indexOf('\n## ', 1))
    return body
      .split('\n')
      .filter(line => line.startsWith('| `'))
      .flatMap(line =>
        [...(line.split('|')[1] ?? '').matchAll(/`([a-z_]+)`/g)].map(m => m[1] ?? '')
      )
  }

  it('name every input of the action', () => {
    expect(firstColumn('Inputs').sort()).toEqual(Object.values(Input).sort())
  })

  it('name every output of the action', () => {
    expect(firstColumn('Outputs').sort()).toEqual(Object.values(Output).sort())
  })
})

describe('engines', () => {
  // semver comes with npm's tool chain (every lockfile here holds it); only this test uses it.
  const semver = createRequire(import.meta.url)('semver') as {
    satisfies(version: string, range: string): boolean
    minVersion(range: string): { version: string } | null
  }
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string }
  }
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }>
  }

  /**
   * Development tools' dependencies that refuse a Node version package.json admits, and why
   * that is safe: each is loaded only by a part of its tool this project does not use.
   */
  const NEVER_LOADED: readonly string[] = [
    // @github/local-action's stand-ins for @actions/artifact and @actions/cache pull Azure's
    // storage SDK, loaded only by an action that uploads artifacts or uses the cache: this one
    // does neither, and local-action.test.ts runs it on this machine's Node 20.
    'node_modules/@azure/',
    'node_modules/@typespec/ts-http-runtime'
  ]
  const neverLoaded = (path: string, dev: boolean): boolean =>
    dev && NEVER_LOADED.some(prefix => path.startsWith(prefix))

  it("admits no Node version that a locked package refuses (the lowest of each range's parts)", () => {
    const lowest = pkg.engines.node.split('||').map(part => semver.minVersion(part)?.version ?? '')
    expect(lowest).not.toContain('')
    const refused: string[] = []
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node
      if (path === '' || wanted === undefined || neverLoaded(path, entry.dev === true)) continue
      for (const version of lowest) {
        if (!semver.satisfies(version, wanted))
          refused.push(`${path} (${wanted}) refuses ${version}`)
      }
    }
    expect(refused).toEqual([])
  })

  it('the lockfile records the same engines as package.json', () => {
    expect(lock.packages['']?.engines).toEqual(pkg.engines)
  })
})
