/**
 * The run's io for a terminal or any CI that is not GitHub Actions: the log on stderr as plain
 * lines (no `::` workflow commands; colour only on a terminal), the outputs kept for `--json`,
 * the summary written where `--summary` says, the changed files read from the local git
 * repository. Every text passes the Redactor first, so the API key cannot reach the log, the
 * outputs or a file; log lines are made safe too (a GitHub runner that runs the command still
 * reads stderr for workflow commands).
 */
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Diagnostics } from '../core/diagnostics.js'
import { Output } from '../core/constants.js'
import type { RunIo } from '../run/run.js'
import type { ListFilePlaces } from '../plan/list-file-places.js'
import type { RunContext } from '../steps/io.js'
import type { ChangeReader } from '../changed-files/change-reader.js'
import { gitChangeReader } from '../changed-files/git-reader.js'
import { CI_COMMIT_VARIABLES, ciCommit, type CiVariables } from '../changed-files/git-range.js'
import { OUTPUT_DEFAULTS } from '../report/output-defaults.js'
import { escapeHtml } from '../text/html.js'
import { safeLogLines } from '../text/log-safety.js'
import { Redactor } from '../text/redact.js'
import { inFlagWords } from './flag-words.js'
import { systemClock, type Clock } from '../time/clock.js'

/** Where the log goes: stderr, and whether it is a terminal that shows colour. */
export interface LogSink {
  write(text: string): void
  readonly colour: boolean
}

export interface CliIoOptions {
  readonly log: LogSink
  /** The working directory: relative list files and git start here. */
  readonly cwd: string
  /** The process's environment, for the CI's commit variables. */
  readonly env: Readonly<Record<string, string | undefined>>
  readonly summaryFile?: string
}

/** How the run ended, as far as the exit code goes. */
export type Ending = 'done' | 'failed' | 'input-error'

const COLOURS = { error: '31', warning: '33', notice: '36', title: '1' } as const

/** Outputs whose value is a JSON list: `--json` gives them as arrays. */
const LIST_OUTPUTS = new Set(
  Object.entries(OUTPUT_DEFAULTS)
    .filter(([, value]) => value === '[]')
    .map(([name]) => name)
)

/** Outputs that hold a number (seconds, counts): `--json` gives them as JSON numbers. */
const NUMBER_OUTPUTS = new Set<string>([
  Output.Count,
  Output.Warm,
  Output.PagesSelected,
  Output.PagesChecked,
  Output.VerifySeconds,
  Output.WholeSeconds,
  Output.OriginSeconds
])

/**
 * An output as `--json` carries it: a number output as a number (null when the run left it
 * empty: not measured), the others as the action's string. The action can only set strings; a
 * JSON reader should not have to know which of them to parse.
 */
function jsonValue(name: string, value: string): string | number | null {
  if (!NUMBER_OUTPUTS.has(name)) return value
  if (value.trim() === '') return null
  const number = Number(value)
  return Number.isFinite(number) ? number : value
}

export class CliIo implements RunIo {
  readonly clock: Clock = systemClock
  private redactor = new Redactor([])
  private secrets: readonly string[] = []
  private readonly outputs = new Map<string, string | number | null | readonly unknown[]>()
  private ending: Ending = 'done'

  constructor(private readonly options: CliIoOptions) {}

  get checkout(): string {
    return this.options.cwd
  }

  protectSecrets(secrets: readonly string[]): void {
    const present = secrets.filter(secret => secret !== '')
    this.secrets = present
    // The summary is HTML: a secret quoted there arrives escaped once more.
    this.redactor = new Redactor(present, { outerEncodings: [escapeHtml] })
  }

  /**
   * Writes a report file (`--summary`, `--junit`) with the secrets hidden, escaped as `encoding`
   * does. A report that cannot be written fails the run the same way whichever it is (exit 1, one
   * error naming its flag and file): a CI that reads it would otherwise find nothing, or last
   * run's file, after a green job. The JUnit report's messages are the log's, put in the
   * command's words (`inFlagWords`); the summary is the action's own page, left as it is.
   */
  async writeReport(
    flag: '--summary' | '--junit',
    path: string,
    text: string,
    encoding: (text: string) => string
  ): Promise<void> {
    const redactor = new Redactor(this.secrets, { outerEncodings: [encoding] })
    const worded = flag === '--junit' ? inFlagWords(text, encoding) : text
    try {
      await writeFile(resolve(this.options.cwd, path), redactor.redact(worded))
    } catch (error) {
      this.setFailed(
        `The ${flag} report could not be written to ${path}: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }

  redact(text: string): string {
    return this.redactor.redact(text)
  }

  info(message: string): void {
    for (const line of safeLogLines(this.redact(inFlagWords(message)))) this.line(line)
  }

  notice(message: string): void {
    this.labelled('notice', message)
  }

  warning(message: string): void {
    this.labelled('warning', message)
  }

  error(message: string): void {
    this.labelled('error', message)
  }

  remarks(diagnostics: Pick<Diagnostics, 'notices' | 'warnings'>): void {
    for (const notice of diagnostics.notices) this.notice(notice)
    for (const warning of diagnostics.warnings) this.warning(warning)
  }

  /** A title, then its lines indented: a terminal has no folding. */
  group(title: string, lines: readonly string[]): void {
    for (const line of safeLogLines(this.redact(inFlagWords(title))))
      this.line(this.paint('title', line))
    for (const line of lines) {
      for (const safe of safeLogLines(this.redact(inFlagWords(line)))) this.line(`  ${safe}`)
    }
  }

  setOutputs(outputs: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(outputs)) {
      const redacted = this.redactor.redactExact(value)
      this.outputs.set(
        name,
        LIST_OUTPUTS.has(name) ? (parseList(redacted) ?? redacted) : jsonValue(name, redacted)
      )
    }
  }

  /** No output limit here: every list in full (the action cuts them to GitHub's 1 MB). */
  setListOutputs(lists: Readonly<Record<string, readonly string[]>>): void {
    for (const [name, items] of Object.entries(lists)) {
      this.outputs.set(
        name,
        items.map(item => this.redactor.redactExact(item))
      )
    }
  }

  setUnsetOutputs(defaults: Readonly<Record<string, string>>): void {
    this.setOutputs(
      Object.fromEntries(Object.entries(defaults).filter(([name]) => !this.outputs.has(name)))
    )
  }

  setFailed(message: string): void {
    if (this.ending === 'done') this.ending = 'failed'
    this.error(message)
  }

  failWithErrors(messages: readonly string[]): void {
    this.ending = 'input-error'
    for (const message of messages) this.error(message)
  }

  async writeSummary(markdown: string): Promise<void> {
    if (this.options.summaryFile === undefined) return
    await this.writeReport('--summary', this.options.summaryFile, markdown, escapeHtml)
  }

  /** No event outside GitHub: the commit is the one the CI says it builds, if any. */
  context(): RunContext {
    return {
      eventName: '',
      payload: {},
      sha: ciCommit(this.ciVariables())?.ref ?? '',
      repository: { owner: '', repo: '' },
      apiUrl: ''
    }
  }

  changeReader(): ChangeReader {
    return gitChangeReader({ cwd: this.options.cwd, variables: this.ciVariables() })
  }

  /** The working directory; an absolute path typed on the command line is its user's choice. */
  listFilePlaces(): ListFilePlaces {
    const { cwd } = this.options
    return {
      base: cwd,
      roots: [{ name: 'the current directory', path: cwd }],
      absoluteAnywhere: true
    }
  }

  /** How the run ended: an input error, a failure, or done. */
  get result(): Ending {
    return this.ending
  }

  /**
   * Every output for `--json`, by the action's names: lists as arrays, numbers as numbers, the
   * rest strings.
   */
  outputsObject(): Record<string, string | number | null | readonly unknown[]> {
    return Object.fromEntries(this.outputs)
  }

  private ciVariables(): CiVariables {
    const variables: Record<string, string | undefined> = {}
    for (const name of CI_COMMIT_VARIABLES) variables[name] = this.options.env[name]
    return variables
  }

  private labelled(kind: 'error' | 'warning' | 'notice', message: string): void {
    const lines = safeLogLines(this.redact(inFlagWords(message)))
    lines.forEach((line, index) =>
      this.line(index === 0 ? `${this.paint(kind, `${kind}:`)} ${line}` : `  ${line}`)
    )
  }

  private paint(kind: keyof typeof COLOURS, text: string): string {
    return this.options.log.colour ? `\u001b[${COLOURS[kind]}m${text}\u001b[0m` : text
  }

  private line(text: string): void {
    this.options.log.write(`${text}\n`)
  }
}

/** A list output's JSON (strings, or the stale checks' objects) as the array it holds. */
function parseList(value: string): readonly unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}
