/**
 * The inputs step: raw input strings in, typed settings out. Notices and warnings go to the
 * log; problems end the run before anything is sent, with one error annotation per input that
 * is wrong, the `status` output, and the problems for the summary. Later steps that find
 * input problems of their own (the changed-files step's event rules) hand them to
 * failOnInputProblems through main.ts. The list files (`tags_file`, `urls_file`) are read here,
 * at the edge; their text is then parsed like the inline lists (plan/list-files.ts).
 */
import { open, type FileHandle } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'
import type { StepIo } from './io.js'
import { Input, Output } from '../core/constants.js'
import {
  Diagnostics,
  formatProblemWithoutCorrection,
  problemMessagesByInput
} from '../core/diagnostics.js'
import { checkInputVariables, type InputEnvironment } from '../plan/input-names.js'
import { TRUE_WORDS } from '../core/scalars.js'
import type { ProblemText } from '../report/run-report.js'
import { skippedVerifyOutputs } from '../report/verify-outputs.js'
import {
  parseInputs,
  type EventDefaults,
  type RawInputs,
  type RunSettings
} from '../plan/settings.js'
import type { ListFileInput, ListFileReading, ListFiles } from '../plan/list-files.js'
import type { ListFilePlaces } from '../plan/list-file-places.js'

/**
 * The run's settings, or undefined when an input is wrong (the step has failed then). An input
 * variable the action does not read (a misspelt `with:` key) is such a problem, reported first.
 */
export async function readSettings(
  raw: RawInputs,
  environment: InputEnvironment,
  io: StepIo,
  files: ListFiles = {}
): Promise<
  | { settings: RunSettings; diagnostics: Diagnostics; problems?: undefined }
  | { problems: ProblemText[] }
> {
  const names = new Diagnostics()
  checkInputVariables(environment, raw, names)
  const defaults = await eventDefaults(raw, io)
  const { settings, diagnostics } = await parseInputs(raw, names, defaults, files)
  io.remarks(diagnostics)
  if (!settings) return { problems: failOnInputProblems(diagnostics, io) }
  return { settings, diagnostics }
}

/** Fails the step on these problems (outputs, annotations); returns them for the summary. */
export function failOnInputProblems(diagnostics: Diagnostics, io: StepIo): ProblemText[] {
  const count = diagnostics.problems.length
  io.setOutputs({ [Output.Status]: 'failed', ...skippedVerifyOutputs() })
  io.info(`${count} input problem${count === 1 ? '' : 's'}; nothing was sent.`)
  // One error annotation per input that is wrong, and no other.
  io.failWithErrors(problemMessagesByInput(diagnostics.problems))
  return diagnostics.problems.map(problem => ({
    text: formatProblemWithoutCorrection(problem),
    ...(problem.correction !== undefined && { yaml: problem.correction })
  }))
}

/**
 * The event's part of the defaults: only runs that need a build id read the event (and load the
 * change-range rules that say which commit it deploys). And where the entry reads changed files.
 */
async function eventDefaults(raw: RawInputs, io: StepIo): Promise<EventDefaults> {
  const changeSource = io.changeReader().kind
  const needsBuild =
    raw[Input.OriginUrl].trim() !== '' || TRUE_WORDS.has(raw[Input.VerifyContent].trim())
  if (!needsBuild) return { changeSource }
  const { deployedCommitOf } = await import('../origin/deployed-commit.js')
  return { changeSource, deployedCommit: deployedCommitOf(io.context()) }
}

/**
 * The largest list file read: a million long URLs fit, and a file named by mistake (a disk
 * image, /dev/zero) is refused before it fills the memory.
 */
export const MAX_LIST_FILE_BYTES = 256 * 1024 * 1024

const LIST_FILE_INPUTS: readonly ListFileInput[] = [Input.TagsFile, Input.UrlsFile]

/**
 * Reads the list files the inputs name, relative to `places.base` (the runner's workspace, the
 * CLI's working directory) unless absolute. Never throws: what goes wrong is the input's
 * problem, said with the path looked at, and nothing is sent.
 */
export async function readListFiles(raw: RawInputs, places: ListFilePlaces): Promise<ListFiles> {
  const files: Partial<Record<ListFileInput, ListFileReading>> = {}
  for (const input of LIST_FILE_INPUTS) {
    const path = raw[input].trim()
    if (path !== '') files[input] = await readListFile(path, places.base)
  }
  return files
}

async function readListFile(path: string, workspace: string): Promise<ListFileReading> {
  const full = isAbsolute(path) ? path : resolve(workspace, path)
  const where = full === path ? '' : ` (${full})`
  try {
    const file = await open(full, 'r')
    try {
      if ((await file.stat()).isDirectory()) return { path, error: `is a directory${where}` }
      const bytes = await readAtMost(file, MAX_LIST_FILE_BYTES)
      if (bytes === undefined) {
        return {
          path,
          error: `is larger than ${MAX_LIST_FILE_BYTES / 1024 / 1024} MiB${where}: split the list over several runs`
        }
      }
      const text = decodeUtf8(bytes)
      if (text === undefined) return { path, error: `is not UTF-8 text${where}` }
      return { path, text }
    } finally {
      await file.close()
    }
  } catch (error) {
    return { path, error: `${readError(error)}${where}` }
  }
}

/** The file's bytes, or undefined past `limit` (a pipe or a device has no size to check first). */
async function readAtMost(file: FileHandle, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of file.createReadStream({ autoClose: false })) {
    const bytes = chunk as Buffer
    total += bytes.length
    if (total > limit) return undefined
    chunks.push(bytes)
  }
  return Buffer.concat(chunks, total)
}

/** UTF-8 text, a byte-order mark dropped; undefined for bytes that are not UTF-8 (never guessed). */
function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** Why a file could not be read, in words (the errno name kept for searching). */
function readError(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read: permission denied'
  if (code === 'ENOTDIR') return 'no such file (a part of the path is not a directory)'
  const message = error instanceof Error ? error.message : String(error)
  return `cannot be read: ${message}`
}
