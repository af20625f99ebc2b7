/**
 * The list inputs that name a file (`tags_file`, `urls_file`), parsed (pure): the inputs step
 * reads the files at the edge and hands in each one's text, or why it could not be read; here
 * the text is split and checked exactly as the inline `tags` and `urls` are, each problem naming
 * the file's line. A list too long for an input (one environment variable holds at most 128 KiB
 * on Linux) is what these inputs are for, so they take up to a million entries.
 */
import { Diagnostics } from '../core/diagnostics.js'
import { Input } from '../core/constants.js'
import { splitPlacedList, type ListSyntax, type PlacedItem } from '../core/lists.js'
import { normalizeUrls, validateTags } from '../core/targets.js'
import { grouped } from '../text/format.js'

/** The inputs that name a list file. */
export type ListFileInput = typeof Input.TagsFile | typeof Input.UrlsFile

/**
 * A list file as the inputs step read it: its text and how many entries it holds (counted once,
 * by ListEntryCounter as the text arrived), or why it could not be read.
 */
export type ListFileReading =
  | { readonly path: string; readonly text: string; readonly entries: number }
  | { readonly path: string; readonly error: string }

/** The list files a run was given, read; an input not given has no entry. */
export type ListFiles = Readonly<Partial<Record<ListFileInput, ListFileReading>>>

/** The most entries a list file may hold: far past what an input can carry, within memory. */
export const MAX_LIST_FILE_ENTRIES = 1_000_000

/** What each list file holds, and how its items are split and checked. */
const LIST_FILES: Readonly<
  Record<
    ListFileInput,
    {
      readonly syntax: ListSyntax
      readonly check: typeof validateTags
      /** The input that takes the same list inline. */
      readonly inline: string
    }
  >
> = {
  [Input.TagsFile]: {
    syntax: { commas: true, item: 'tag' },
    check: validateTags,
    inline: Input.Tags
  },
  [Input.UrlsFile]: {
    syntax: { commas: false, item: 'URL' },
    check: normalizeUrls,
    inline: Input.Urls
  }
}

/** The file's targets, checked; [] after a problem (reported on the input, naming the file). */
export function parseListFile(
  input: ListFileInput,
  reading: ListFileReading | undefined,
  diag: Diagnostics
): string[] {
  if (reading === undefined) return []
  if ('error' in reading) {
    diag.problem(input, reading.path, reading.error)
    return []
  }
  const { syntax, check } = LIST_FILES[input]
  // Checked before the split, which would hold every entry at once; the reader counted them.
  if (reading.entries > MAX_LIST_FILE_ENTRIES) {
    diag.problem(input, reading.path, tooManyEntries(input, MAX_LIST_FILE_ENTRIES))
    return []
  }
  const items = splitFile(input, reading, syntax, diag)
  if (items === undefined) return []
  if (items.length === 0) {
    diag.notice(`${input}: ${JSON.stringify(reading.path)} holds no ${syntax.item}.`)
    return []
  }
  return check(
    items.map(item => item.text),
    diag,
    {
      input,
      placeOf: index => items[index]?.place ?? '',
      json: reading.text.trim().startsWith('[')
    }
  )
}

/** The reading of a text held whole (not streamed from a file): its entries counted here. */
export function wholeTextReading(
  input: ListFileInput,
  path: string,
  text: string
): ListFileReading {
  const counter = new ListEntryCounter(input)
  counter.add(text)
  return { path, text, entries: counter.count }
}

/**
 * The file's items with their places. A malformed JSON array is reported naming the file
 * (its path as the value), not quoting the start of its text.
 */
function splitFile(
  input: ListFileInput,
  reading: { readonly path: string; readonly text: string },
  syntax: ListSyntax,
  diag: Diagnostics
): PlacedItem[] | undefined {
  const found = new Diagnostics()
  const items = splitPlacedList(input, reading.text, syntax, found)
  const whole = reading.text.trim()
  for (const problem of found.problems) {
    diag.problem(input, problem.value === whole ? reading.path : problem.value, problem.reason)
  }
  return items
}

/** Why a file with more than `limit` entries is refused. */
export function tooManyEntries(input: ListFileInput, limit: number): string {
  const { item } = LIST_FILES[input].syntax
  return `holds more than the ${grouped(limit)} ${item}s a file may hold (blank lines aside, duplicates counted): split it over several runs, or purge by tag or pattern`
}

/**
 * Counts a list file's entries as its text arrives, chunk by chunk, as splitPlacedList will
 * split it (but before duplicates are dropped): so that the reader can stop at the first entry
 * past the limit, in bounded memory, whatever the file's size. An entry is counted where it
 * starts: a line (or, for tags, a comma-separated part) with something besides blanks, or an
 * item of a JSON array, when the text starts with '['.
 */
export class ListEntryCounter {
  count = 0
  private readonly commas: boolean
  private form: 'unknown' | 'lines' | 'json' = 'unknown'
  /** Lines: inside an entry already counted. JSON: waiting for an item of the array. */
  private inEntry = false
  private expectingItem = false
  private depth = 0
  private inString = false
  private escaped = false

  constructor(input: ListFileInput) {
    this.commas = LIST_FILES[input].syntax.commas
  }

  add(text: string): void {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index)
      if (this.form === 'unknown') {
        if (isBlank(code)) continue
        this.form = code === 0x5b ? 'json' : 'lines'
      }
      if (this.form === 'lines') this.lineChar(code)
      else this.jsonChar(code)
    }
  }

  private lineChar(code: number): void {
    if (code === 0x0a || code === 0x0d || (this.commas && code === 0x2c)) {
      this.inEntry = false
    } else if (!this.inEntry && !isBlank(code)) {
      this.inEntry = true
      this.count++
    }
  }

  /** Items of the top-level array: strings' contents and nested values are skipped. */
  private jsonChar(code: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false
      else if (code === 0x5c) this.escaped = true
      else if (code === 0x22) this.inString = false
      return
    }
    if (isBlank(code)) return
    if (code === 0x5d || code === 0x7d) {
      this.depth--
      return
    }
    if (this.depth === 1 && code === 0x2c) {
      this.expectingItem = true
      return
    }
    if (this.depth === 1 && this.expectingItem) {
      this.expectingItem = false
      this.count++
    }
    if (code === 0x22) this.inString = true
    else if (code === 0x5b || code === 0x7b) {
      this.depth++
      if (this.depth === 1) this.expectingItem = true
    }
  }
}

/** What String.prototype.trim removes: a blank entry is not one. */
function isBlank(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

/**
 * Why a value given as a list file's name is the list itself (it holds a line break), or
 * undefined. Said before any file is looked for: no file name holds a line break.
 */
export function pastedListProblem(input: ListFileInput, value: string): string | undefined {
  return /[\r\n]/.test(value) ? notAFileName(input) : undefined
}

/**
 * When no file has the name: whether the name reads as a list (a JSON array, a URL with its
 * scheme, several URLs or tags), and if so what to say after "no such file".
 */
export function listLikeNameHint(input: ListFileInput, value: string): string | undefined {
  const name = value.trim()
  const urlLike = (part: string): boolean => /^(\/|https?:\/\/)/i.test(part)
  const parts = name.split(input === Input.TagsFile ? /\s*,\s*/ : /\s+/).filter(Boolean)
  const listLike =
    name.startsWith('[') ||
    /^https?:\/\//i.test(name) ||
    (parts.length > 1 && (input === Input.TagsFile || parts.every(urlLike)))
  return listLike ? notAFileName(input) : undefined
}

function notAFileName(input: ListFileInput): string {
  const { syntax, inline } = LIST_FILES[input]
  return `this looks like a list, not a file name: give the ${syntax.item}s in the '${inline}' input, or write them to a file and name it here`
}
