/**
 * Runs the bundled action (dist/index.js) in a child process the way the Actions runner does:
 * inputs as INPUT_* variables with action.yml's defaults applied, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files, a working directory outside the repository, and a clean
 * environment. Shared by the end-to-end tests, `npm start` and the benchmark, so all three
 * exercise the action exactly as a workflow would. Node built-ins only: it runs before any
 * `npm install`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const ACTION_ENTRY = join(REPO_ROOT, 'dist', 'index.js')

/**
 * The `default:` of every input in action.yml. A small reader for the subset of YAML that
 * action.yml uses (a test checks it against a full YAML parser), so this file needs no package.
 * @param {string} [actionYmlPath]
 * @returns {Record<string, string>}
 */
export function readInputDefaults(actionYmlPath = join(REPO_ROOT, 'action.yml')) {
  /** @type {Record<string, string>} */
  const defaults = {}
  let inInputs = false
  let current = ''
  for (const line of readFileSync(actionYmlPath, 'utf8').split(/\r?\n/)) {
    if (/^\S/.test(line)) {
      inInputs = line.startsWith('inputs:')
      continue
    }
    if (!inInputs) continue
    const name = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line)
    if (name?.[1]) {
      current = name[1]
      continue
    }
    const value = /^ {4}default:\s*(.*)$/.exec(line)
    if (value && current) defaults[current] = unquoteYamlScalar(value[1]?.trim() ?? '')
  }
  return defaults
}

/** @param {string} text */
function unquoteYamlScalar(text) {
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'")
  if (text.startsWith('"') && text.endsWith('"')) return JSON.parse(text)
  return text
}

/**
 * The workflow expressions action.yml defaults may hold, evaluated as the runner would.
 * @param {string} value
 * @param {Record<string, string>} expressions
 */
function evaluateExpressions(value, expressions) {
  return value.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, name) => expressions[name] ?? '')
}

/**
 * Parses the GITHUB_OUTPUT file: `name<<DELIMITER` blocks (what @actions/core writes) and
 * plain `name=value` lines.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseOutputFile(text) {
  /** @type {Record<string, string>} */
  const outputs = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc?.[1] && heredoc[2]) {
      const value = []
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i])
      outputs[heredoc[1]] = value.join('\n')
    } else if (line.includes('=')) {
      const at = line.indexOf('=')
      outputs[line.slice(0, at)] = line.slice(at + 1)
    }
  }
  return outputs
}

/**
 * @typedef {object} RunOptions
 * @property {Record<string, string>} [inputs] inputs as a workflow's `with:` gives them
 * @property {Record<string, string>} [env] extra environment (GITHUB_EVENT_NAME, ...)
 * @property {Record<string, string>} [expressions] values for ${{ }} in defaults, e.g. { 'github.token': 't' }
 * @property {string} [entry] the script to run; dist/index.js by default
 * @property {boolean} [keepNodeExtraCaCerts] pass NODE_EXTRA_CA_CERTS through (the runner has none)
 * @property {Record<string, string>} [files] files to write into the workspace first, by relative path
 *
 * @typedef {object} RunResult
 * @property {number | null} exitCode
 * @property {string} stdout
 * @property {string} stderr
 * @property {Record<string, string>} outputs
 * @property {string} summary
 * @property {{ command: string, message: string }[]} commands workflow commands printed (::error:: ...)
 * @property {number} durationMs
 */

/**
 * @typedef {object} PreparedRun
 * @property {string} workDir the workspace, RUNNER_TEMP and working directory, outside the repository
 * @property {Record<string, string>} env the step's whole environment, as the runner gives it
 * @property {string} outputPath
 * @property {string} summaryPath
 */

/**
 * What the runner sets up before it starts a step: a workspace with the files asked for, the
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and the environment (inputs as INPUT_* with
 * action.yml's defaults and their expressions). Shared by the child-process run below and the
 * tests' in-process run (__tests__/support/run-in-process.ts), so that both see the same step.
 * @param {RunOptions} [options]
 * @returns {PreparedRun}
 */
export function prepareRun(options = {}) {
  const workDir = mkdtempSync(join(tmpdir(), 'purge-action-run-'))
  const outputPath = join(workDir, 'github_output')
  const summaryPath = join(workDir, 'step_summary.md')
  writeFileSync(outputPath, '')
  writeFileSync(summaryPath, '')
  // What a workflow's earlier steps leave in the workspace (a list for urls_file).
  for (const [path, text] of Object.entries(options.files ?? {})) {
    writeFileSync(join(workDir, path), text)
  }
  const expressions = { 'github.token': '', ...options.expressions }
  const inputs = { ...readInputDefaults(), ...options.inputs }

  /** @type {Record<string, string>} */
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? workDir,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    RUNNER_TEMP: workDir,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_WORKSPACE: workDir,
    ...options.env
  }
  if (options.keepNodeExtraCaCerts && process.env.NODE_EXTRA_CA_CERTS) {
    env.NODE_EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS
  }
  for (const [name, value] of Object.entries(inputs)) {
    // The runner's naming: spaces become underscores, upper case; the value is not trimmed.
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = evaluateExpressions(value, expressions)
  }
  return { workDir, env, outputPath, summaryPath }
}

/**
 * The run's result as a later step and a reader see it, read from its files; the workspace is
 * removed.
 * @param {PreparedRun} prepared
 * @param {{ exitCode: number | null, stdout: string, stderr: string, durationMs: number }} ran
 * @returns {RunResult}
 */
export function finishRun(prepared, ran) {
  const result = {
    ...ran,
    outputs: parseOutputFile(readFileSync(prepared.outputPath, 'utf8')),
    summary: readFileSync(prepared.summaryPath, 'utf8'),
    commands: parseCommands(ran.stdout)
  }
  rmSync(prepared.workDir, { recursive: true, force: true })
  return result
}

/**
 * @param {RunOptions} [options]
 * @returns {Promise<RunResult>}
 */
export async function runAction(options = {}) {
  const prepared = prepareRun(options)
  const ran = await runNode([options.entry ?? ACTION_ENTRY], prepared.env, prepared.workDir)
  return finishRun(prepared, ran)
}

/**
 * Runs this Node with `args` in `cwd` and a given environment, timing it from spawn to exit.
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {string} cwd
 * @returns {Promise<{ exitCode: number | null, stdout: string, stderr: string, durationMs: number }>}
 */
export function runNode(args, env, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    child.on('error', reject)
    child.on('close', exitCode =>
      resolve({ exitCode, stdout, stderr, durationMs: performance.now() - started })
    )
  })
}

/** @param {string} stdout */
function parseCommands(stdout) {
  const commands = []
  for (const line of stdout.split('\n')) {
    const match = /^::([a-z-]+)(?: [^:]*)?::(.*)$/.exec(line)
    if (match?.[1]) commands.push({ command: match[1], message: decodeCommandData(match[2] ?? '') })
  }
  return commands
}

/** Workflow command data escapes %, CR and LF. @param {string} text */
function decodeCommandData(text) {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}
