/**
 * The edge to the Actions runner: the only module that uses @actions/core or reads the
 * runner's environment. Everything it prints passes through the Redactor first, so the API
 * key cannot reach a log, an output or the summary even if a message quotes a request URL,
 * and then through log-safety.ts, so no text (a service's message, a file name) can start a
 * workflow command of its own.
 */
import * as core from '@actions/core'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { EOL, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Input, Output, type InputName } from '../core/constants.js'
import { INPUT_PREFIX, type InputEnvironment } from '../plan/input-names.js'
import { capListOutputs, MAX_LIST_OUTPUT_BYTES } from '../text/list-outputs.js'
import { safeAnnotation, safeLogLine, safeLogLines } from '../text/log-safety.js'
import { Redactor } from '../text/redact.js'
import { escapeHtml } from '../text/html.js'
import type { RawInputs } from '../plan/settings.js'
import type { ListFilePlaces, ListFileRoot } from '../plan/list-file-places.js'
import type { Diagnostics } from '../core/diagnostics.js'
import type { RunContext, StepIo } from '../steps/io.js'
import type { ChangeReader } from '../changed-files/change-reader.js'
import { gitHubChangeReader } from '../changed-files/github-reader.js'
import { systemClock, type Clock } from '../time/clock.js'

export function readRawInputs(): RawInputs {
  const raw = {} as Record<InputName, string>
  // trimWhitespace: false keeps line structure intact; the parsers trim what they split.
  for (const name of Object.values(Input))
    raw[name] = core.getInput(name, { trimWhitespace: false })
  return raw
}

/**
 * Every environment variable named like an input (`INPUT_…`, in any case), for the check that
 * each is one the action reads (input-names.ts).
 */
export function readInputEnvironment(): InputEnvironment {
  const variables: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && name.slice(0, INPUT_PREFIX.length).toUpperCase() === INPUT_PREFIX)
      variables[name] = value
  }
  return { variables, underAct: Boolean(process.env['ACT']) }
}

/** The runner's log, outputs and summary, with secrets redacted from every text. */
export class ActionIo implements StepIo {
  readonly clock: Clock = systemClock
  /** Set by the runner; not guessed when it is not. */
  readonly checkout = process.env['GITHUB_WORKSPACE'] || undefined
  private redactor = new Redactor([])
  /** The outputs set so far, so that the run's last word sets only the others. */
  private readonly outputsSet = new Set<string>()
  /** The list outputs that had to be cut, in full: written to FULL_LISTS_FILE. */
  private readonly fullLists: Record<string, readonly string[]> = {}

  /** Registers secrets before anything else is printed; the runner masks them in logs too. */
  protectSecrets(secrets: readonly string[]): void {
    const present = secrets.filter(secret => secret !== '')
    // The summary is HTML: a secret quoted there arrives escaped once more.
    this.redactor = new Redactor(present, { outerEncodings: [escapeHtml] })
    for (const secret of present) {
      core.setSecret(secret)
      const encoded = encodeURIComponent(secret)
      if (encoded !== secret) core.setSecret(encoded)
    }
  }

  redact(text: string): string {
    return this.redactor.redact(text)
  }

  /** Each line of the message is its own log line, redacted and made safe. */
  info(message: string): void {
    for (const line of safeLogLines(this.redact(message))) core.info(line)
  }

  notice(message: string): void {
    core.notice(safeAnnotation(this.redact(message)))
  }

  warning(message: string): void {
    core.warning(safeAnnotation(this.redact(message)))
  }

  error(message: string): void {
    core.error(safeAnnotation(this.redact(message)))
  }

  /** The notices and warnings found while reading inputs; problems are the caller's to report. */
  remarks(diagnostics: Pick<Diagnostics, 'notices' | 'warnings'>): void {
    for (const notice of diagnostics.notices) this.notice(notice)
    for (const warning of diagnostics.warnings) this.warning(warning)
  }

  group(title: string, lines: readonly string[]): void {
    core.startGroup(safeLogLine(this.redact(title)))
    for (const line of lines) this.info(line)
    core.endGroup()
  }

  setOutputs(outputs: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(outputs)) {
      this.outputsSet.add(name)
      // A status word or a count holds no secret, and a very short secret would garble it.
      const fixedVocabulary =
        /^(\d+(\.\d+)?|purged|dry-run|nothing-to-purge|failed|fresh|stale|skipped|\[\])$/.test(
          value
        )
      // Outputs carry exactly what was purged: only a real secret is hidden (see redactExact).
      core.setOutput(name, fixedVocabulary ? value : this.redactor.redactExact(value))
    }
  }

  /**
   * Sets list outputs as JSON arrays, each cut to fit GitHub's output limit (list-outputs.ts).
   * A cut list is written in full to a file under RUNNER_TEMP, named in the `full_lists_file`
   * output and in a warning, so a later step can still read every item.
   */
  setListOutputs(lists: Readonly<Record<string, readonly string[]>>): void {
    const capped = capListOutputs(lists)
    this.setOutputs(capped.values)
    if (capped.cut.length === 0) return
    const path = join(process.env['RUNNER_TEMP'] || tmpdir(), FULL_LISTS_FILE)
    for (const { name } of capped.cut) this.fullLists[name] = lists[name] ?? []
    writeFileSync(path, this.redactor.redactExact(JSON.stringify(this.fullLists)))
    core.setOutput(Output.FullListsFile, path)
    this.outputsSet.add(Output.FullListsFile)
    for (const { name, shown, total } of capped.cut) {
      this.warning(
        `The '${name}' output holds the first ${shown} of ${total} items: GitHub limits a job's outputs to 1 MB, so each list output is cut at ${MAX_LIST_OUTPUT_BYTES / 1024} KiB. Every list in full is in ${path} (the 'full_lists_file' output).`
      )
    }
  }

  /** Sets each of these outputs that nothing set before: every documented output on every path. */
  setUnsetOutputs(defaults: Readonly<Record<string, string>>): void {
    const unset = Object.entries(defaults).filter(([name]) => !this.outputsSet.has(name))
    this.setOutputs(Object.fromEntries(unset))
  }

  async writeSummary(html: string): Promise<void> {
    // Outside a runner (no GITHUB_STEP_SUMMARY) there is nowhere to write: not an error.
    const path = process.env['GITHUB_STEP_SUMMARY']
    if (!path) return
    // What core.summary.addRaw(html, true).write() does, in one synchronous append, as core
    // writes outputs: its asynchronous access check and append cost a plain run a few
    // milliseconds of round trips through the thread pool.
    appendFileSync(path, `${this.redact(html)}${EOL}`, 'utf8')
  }

  setFailed(message: string): void {
    core.setFailed(safeAnnotation(this.redact(message)))
  }

  context(): RunContext {
    return readGitHubContext()
  }

  /** The event says which commits changed; GitHub's REST API lists their files. */
  changeReader(): ChangeReader {
    return gitHubChangeReader(() => this.context())
  }

  /**
   * The runner checks the repository out in GITHUB_WORKSPACE (and starts a `uses:` step there);
   * an earlier step may write a list under RUNNER_TEMP. Nowhere else: a pull request controls
   * the checkout's links and may control the input.
   */
  listFilePlaces(): ListFilePlaces {
    const workspace = process.env['GITHUB_WORKSPACE']
    const temp = process.env['RUNNER_TEMP']
    const roots: ListFileRoot[] = [
      workspace
        ? { name: 'GITHUB_WORKSPACE', path: workspace }
        : { name: 'the working directory', path: process.cwd() }
    ]
    if (temp) roots.push({ name: 'RUNNER_TEMP', path: temp })
    return { base: workspace || process.cwd(), roots, absoluteAnywhere: false }
  }

  /**
   * Fails the step with these error annotations and no other: one per problem the user has to
   * fix (setFailed would add one more that repeats them).
   */
  failWithErrors(messages: readonly string[]): void {
    for (const message of messages) this.error(message)
    // What core.setFailed sets, without its one more error. Written as a number: the stand-in
    // for @actions/core that @github/local-action runs an action with has no ExitCode.
    process.exitCode = 1
  }
}

/** Under RUNNER_TEMP: the runner empties it after each job, and no other action writes it. */
const FULL_LISTS_FILE = 'render-cache-purge-full-lists.json'

/** The event that started the workflow, as the runner describes it in its environment. */
export function readGitHubContext(): RunContext {
  const env = process.env
  const [owner = '', repo = ''] = (env['GITHUB_REPOSITORY'] ?? '').split('/')
  const runId = Number(env['GITHUB_RUN_ID'])
  const runAttempt = Number(env['GITHUB_RUN_ATTEMPT'])
  const named = (name: string): string | undefined => env[name] || undefined
  const workflow = named('GITHUB_WORKFLOW')
  const job = named('GITHUB_JOB')
  return {
    eventName: env['GITHUB_EVENT_NAME'] ?? '',
    payload: readEventPayload(env['GITHUB_EVENT_PATH']),
    sha: env['GITHUB_SHA'] ?? '',
    repository: { owner, repo },
    apiUrl: env['GITHUB_API_URL'] || 'https://api.github.com',
    serverUrl: env['GITHUB_SERVER_URL'] || 'https://github.com',
    ...(workflow !== undefined && { workflow }),
    ...(job !== undefined && { job }),
    ...(Number.isSafeInteger(runId) && runId > 0 && { runId }),
    ...(Number.isSafeInteger(runAttempt) && runAttempt > 0 && { runAttempt })
  }
}

function readEventPayload(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
