/**
 * docs/cli.md is code too: every `render-cache-purge` command it shows parses with the command
 * line's own parser, the .gitlab-ci.yml job is strict YAML whose JUnit report is the file the
 * command writes, and the Jenkinsfile stage hands the key over as a credential and reads the report
 * it writes. The README still opens as a GitHub Action and links the page.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseDocument } from 'yaml'
import { parseArgs } from '../../src/cli/args.js'
import { renderJUnit } from '../../src/report/junit.js'
import { isOtherCiFile, yamlBlocks } from '../support/workflow-lint.js'

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..')
const page = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8')

/** Every fenced block: its language and info, and its text. */
function fencedBlocks(markdown: string): { info: string; text: string }[] {
  return [...markdown.matchAll(/^```(\S*)([^\n]*)\n([\s\S]*?)^```$/gm)].map(match => ({
    info: `${match[1] ?? ''}${match[2] ?? ''}`,
    text: match[3] ?? ''
  }))
}

/** The words after `render-cache-purge[@version]` in a shell line (quotes removed). */
function commandWords(line: string): string[] | undefined {
  const at = /render-cache-purge(@\S+)?(\s|$)/.exec(line)
  if (at === null) return undefined
  const rest = line.slice(at.index + at[0].length).split(/\s(>|\||&&)\s/)[0] ?? ''
  return [...rest.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
    match => match[1] ?? match[2] ?? match[3] ?? ''
  )
}

/** Shell lines with their `\` continuations joined, or a GitLab job's script entries. */
function commandLines(): string[] {
  const lines: string[] = []
  for (const block of fencedBlocks(page)) {
    if (isOtherCiFile(block.info)) {
      const jobs = parseDocument(block.text).toJS() as Record<string, { script?: string[] }>
      for (const job of Object.values(jobs)) lines.push(...(job.script ?? []))
      continue
    }
    lines.push(...block.text.replace(/\\\n/g, ' ').split('\n'))
  }
  return lines.filter(line => commandWords(line) !== undefined)
}

describe('docs/cli.md', () => {
  const commands = commandLines()

  it('shows the command in a laptop line, a GitLab job and a Jenkins stage', () => {
    expect(commands.length).toBeGreaterThanOrEqual(4)
  })

  it.each(commands.map(line => [line.trim().slice(0, 60), line] as const))(
    'every flag of `%s…` is one the command takes',
    (_shown, line) => {
      const parsed = parseArgs(commandWords(line) ?? [])
      expect(parsed).toMatchObject({ kind: 'run' })
    }
  )

  it('the .gitlab-ci.yml job is strict YAML, and reports the JUnit file the command writes', () => {
    const blocks = yamlBlocks(page).filter(block => isOtherCiFile(block.info))
    expect(blocks).toHaveLength(1)
    const document = parseDocument(blocks[0]?.text ?? '', { strict: true, uniqueKeys: true })
    expect(document.errors).toEqual([])
    const job = (document.toJS() as Record<string, Record<string, unknown>>)['purge-cache'] ?? {}
    const script = (job['script'] as string[]).join('\n')
    const junit = /--junit (\S+)/.exec(script)?.[1]
    expect(junit).toBeDefined()
    expect(job['artifacts']).toMatchObject({ when: 'always', reports: { junit } })
    // GitLab reads a shallow clone of 20 commits by default: the range's base must be in it.
    expect(job['variables']).toMatchObject({ GIT_DEPTH: 0 })
    expect(script).not.toMatch(/PURGE_API_KEY/)
  })

  it('the Jenkinsfile stage takes the key as a credential and reads the report it writes', () => {
    const stage = fencedBlocks(page).find(block => block.info.startsWith('groovy'))?.text ?? ''
    expect(stage).toMatch(/PURGE_API_KEY = credentials\('[\w-]+'\)/)
    // Single quotes: Groovy interpolates nothing (the key least of all) into the script.
    expect(stage).toMatch(/sh '''\n[\s\S]*'''/)
    const junit = /--junit (\S+)/.exec(stage)?.[1]
    expect(stage).toContain(`junit testResults: '${junit}'`)
  })
})

describe('README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

  it('opens as a GitHub Action, and links the command line page', () => {
    expect(readme.split('\n\n')[1]).toMatch(/^A GitHub Action/)
    expect(readme).toContain('(docs/cli.md)')
  })
})

describe("docs/cli.md's reference", () => {
  it('names the JUnit report as the command writes it', () => {
    const junit = renderJUnit({ warnings: [] }, Date.UTC(2026, 11, 7))
    const outer = /<testsuites name="([^"]+)"/.exec(junit)?.[1]
    const suite = /<testsuite name="([^"]+)"/.exec(junit)?.[1]
    const prose = page.replace(/\s+/g, ' ')
    expect(prose).toContain(`\`<testsuites>\` named \`${outer ?? '?'}\``)
    expect(prose).toContain(`one test suite, \`${suite ?? '?'}: SITE\``)
  })

  it('says which verdicts exit 1: stale pages and broken assets alike', () => {
    const one = (/^\| 1 +\|([^\n]*)\|$/m.exec(page)?.[1] ?? '').replace(/\s+/g, ' ')
    expect(one).toContain('still stale at the deadline')
    expect(one).toContain('an asset a fresh page references broken')
  })
})
