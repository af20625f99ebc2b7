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

/** A list file as the inputs step read it: its text, or why it could not be read. */
export type ListFileReading =
  | { readonly path: string; readonly text: string }
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
    }
  >
> = {
  [Input.TagsFile]: { syntax: { commas: true, item: 'tag' }, check: validateTags },
  [Input.UrlsFile]: { syntax: { commas: false, item: 'URL' }, check: normalizeUrls }
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
  const items = splitFile(input, reading, syntax, diag)
  if (items === undefined) return []
  if (items.length > MAX_LIST_FILE_ENTRIES) {
    diag.problem(
      input,
      reading.path,
      `holds ${grouped(items.length)} ${syntax.item}s, more than the ${grouped(MAX_LIST_FILE_ENTRIES)} a file may hold: split it over several runs, or purge by tag or pattern`
    )
    return []
  }
  if (items.length === 0) {
    diag.notice(`${input}: ${JSON.stringify(reading.path)} holds no ${syntax.item}.`)
    return []
  }
  return check(
    items.map(item => item.text),
    diag,
    { input, placeOf: index => items[index]?.place ?? '' }
  )
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
