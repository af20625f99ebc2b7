/**
 * The inputs step: raw input strings in, typed settings out. Notices and warnings go to the
 * log; problems end the run before anything is sent, with one error annotation per input that
 * is wrong, the `status` output, and the problems for the summary. Later steps that find
 * input problems of their own (the changed-files step's event rules) hand them to
 * failOnInputProblems through main.ts. The list files (`tags_file`, `urls_file`) are read here,
 * at the edge; their text is then parsed like the inline lists (plan/list-files.ts).
 */
import { constants as fsConstants, type Stats } from 'node:fs'
import { open, realpath, stat, type FileHandle } from 'node:fs/promises'
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
import {
  listLikeNameHint,
  ListEntryCounter,
  MAX_LIST_FILE_ENTRIES,
  pastedListProblem,
  tooManyEntries,
  type ListFileInput,
  type ListFileReading,
  type ListFiles
} from '../plan/list-files.js'
import { placeProblem, type ListFilePlaces, type ListFileRoot } from '../plan/list-file-places.js'
import { grouped } from '../text/format.js'
import { deployedCommitOf } from '../origin/deployed-commit.js'

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
 * The event's part of the defaults: only runs that need a build id read the event (which commit
 * it deploys). And where the entry reads changed files.
 */
async function eventDefaults(raw: RawInputs, io: StepIo): Promise<EventDefaults> {
  const changeSource = io.changeReader().kind
  const needsBuild =
    raw[Input.OriginUrl].trim() !== '' || TRUE_WORDS.has(raw[Input.VerifyContent].trim())
  if (!needsBuild) return { changeSource }
  return { changeSource, deployedCommit: deployedCommitOf(io.context()) }
}

/**
 * The largest list file read: a million long URLs fit, and a file named by mistake (a disk
 * image) is refused before it fills the memory.
 */
export const MAX_LIST_FILE_BYTES = 256 * 1024 * 1024

/** The limits a reading keeps: the real ones unless a test sets smaller. */
export interface ListFileLimits {
  readonly maxBytes?: number
  readonly maxEntries?: number
}

const LIST_FILE_INPUTS: readonly ListFileInput[] = [Input.TagsFile, Input.UrlsFile]

/** How much of a list file is read at a time: its entries are counted chunk by chunk. */
const CHUNK_BYTES = 64 * 1024

/**
 * Opens without waiting (a FIFO named in place of a file would block the open until a writer
 * came) and without following a link in the last part of the path (realpath has followed
 * them all: one there now was put there since).
 */
const OPEN_FLAGS =
  fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0) | (fsConstants.O_NOFOLLOW ?? 0)

/**
 * Reads the list files the inputs name, relative to `places.base` (the runner's workspace, the
 * CLI's working directory) unless absolute, and only inside `places.roots` once links are
 * followed (list-file-places.ts). Never throws: what goes wrong is the input's problem, said
 * with the path looked at, and nothing is sent.
 */
export async function readListFiles(
  raw: RawInputs,
  places: ListFilePlaces,
  limits: ListFileLimits = {}
): Promise<ListFiles> {
  const files: Partial<Record<ListFileInput, ListFileReading>> = {}
  let realRoots: readonly ListFileRoot[] | undefined
  for (const input of LIST_FILE_INPUTS) {
    const path = raw[input].trim()
    if (path === '') continue
    realRoots ??= await resolveRoots(places.roots)
    files[input] = await readListFile(input, path, { places, realRoots, limits })
  }
  return files
}

/** The roots with their links followed, as the files' paths will be; a missing one dropped. */
async function resolveRoots(roots: readonly ListFileRoot[]): Promise<ListFileRoot[]> {
  const resolved: ListFileRoot[] = []
  for (const root of roots) {
    try {
      resolved.push({ name: root.name, path: await realpath(root.path) })
    } catch {
      // A root that does not exist holds no file: nothing can be inside it.
    }
  }
  return resolved
}

interface ReadingContext {
  readonly places: ListFilePlaces
  readonly realRoots: readonly ListFileRoot[]
  readonly limits: ListFileLimits
}

/**
 * The file's text, or why it is not read: a pasted list, a path that leaves the places, a
 * file that is not a regular file, too large, too many entries, not UTF-8. Each is one problem
 * naming the path, quoting nothing of the file.
 */
async function readListFile(
  input: ListFileInput,
  path: string,
  context: ReadingContext
): Promise<ListFileReading> {
  const pasted = pastedListProblem(input, path)
  if (pasted !== undefined) return { path, error: pasted }
  const full = isAbsolute(path) ? path : resolve(context.places.base, path)
  const where = full === path ? '' : ` (${full})`
  try {
    const real = await realpath(full)
    const refused = placeProblem(real, context.places, context.realRoots, isAbsolute(path))
    if (refused !== undefined) return { path, error: refused }
    // Checked before opening: a device is never opened, whatever opening it would do.
    const kind = notRegular(await stat(real))
    if (kind !== undefined) return { path, error: `${kind}${where}` }
    const file = await open(real, OPEN_FLAGS)
    try {
      // And again on what was opened, should the path have changed in between.
      const opened = notRegular(await file.stat())
      if (opened !== undefined) return { path, error: `${opened}${where}` }
      return await readText(input, path, file, where, context.limits)
    } finally {
      await file.close()
    }
  } catch (error) {
    const hint = isMissing(error) ? listLikeNameHint(input, path) : undefined
    return { path, error: `${readError(error)}${where}${hint === undefined ? '' : `: ${hint}`}` }
  }
}

/**
 * Reads the file chunk by chunk, counting its entries as they arrive, and stops at the first
 * byte past the size limit or the first entry past the entry limit: a huge file costs at most a
 * chunk more than the limits, and is reported as one problem.
 */
async function readText(
  input: ListFileInput,
  path: string,
  file: FileHandle,
  where: string,
  limits: ListFileLimits
): Promise<ListFileReading> {
  const maxBytes = limits.maxBytes ?? MAX_LIST_FILE_BYTES
  const maxEntries = limits.maxEntries ?? MAX_LIST_FILE_ENTRIES
  // fatal: bytes that are not UTF-8 are refused, never guessed; a byte-order mark is dropped.
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const counter = new ListEntryCounter(input)
  const parts: string[] = []
  const buffer = Buffer.alloc(CHUNK_BYTES)
  let total = 0
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, buffer.length, null)
    total += bytesRead
    if (total > maxBytes) {
      return {
        path,
        error: `is larger than ${inBytes(maxBytes)}${where}: split the list over several runs`
      }
    }
    const text = decodeChunk(decoder, bytesRead === 0 ? undefined : buffer.subarray(0, bytesRead))
    if (text === undefined) return { path, error: `is not UTF-8 text${where}` }
    counter.add(text)
    if (counter.count > maxEntries) return { path, error: tooManyEntries(input, maxEntries) }
    parts.push(text)
    // The count goes with the text: the parser takes it instead of counting again.
    if (bytesRead === 0) return { path, text: parts.join(''), entries: counter.count }
  }
}

/** The chunk's text (the decoder keeps a character cut at its end); no chunk: the end. */
function decodeChunk(
  decoder: InstanceType<typeof TextDecoder>,
  chunk: Buffer | undefined
): string | undefined {
  try {
    return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true })
  } catch {
    return undefined
  }
}

function inBytes(bytes: number): string {
  const mib = 1024 * 1024
  return bytes % mib === 0 ? `${bytes / mib} MiB` : `${grouped(bytes)} bytes`
}

/** What a path that is not a regular file is, in words; undefined for a regular file. */
function notRegular(info: Stats): string | undefined {
  if (info.isFile()) return undefined
  if (info.isDirectory()) return 'is a directory'
  const kind = info.isFIFO()
    ? 'a FIFO'
    : info.isSocket()
      ? 'a socket'
      : info.isCharacterDevice() || info.isBlockDevice()
        ? 'a device'
        : 'not a file'
  return `is ${kind}, not a regular file`
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'ENOENT'
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
