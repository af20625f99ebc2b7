/**
 * Splitting list inputs. Workflows write lists three ways: one item a line (a YAML block),
 * comma-separated on one line, or a JSON array (often built with `toJSON(...)` in an
 * expression). Every list input goes through here, so all behave the same.
 */
import type { Diagnostics } from './diagnostics.js'
import { plural } from '../text/format.js'

export interface ListSyntax {
  /** What one item is, for messages: `URL`, `tag`. */
  readonly item: string
  /** Whether a comma separates items (not for URLs, whose query strings hold commas). */
  readonly commas: boolean
}

/**
 * Returns the trimmed, non-empty, de-duplicated items of a list input (first one kept, order
 * kept), or undefined after reporting a problem when the input is a malformed JSON array.
 */
export function splitList(
  input: string,
  raw: string,
  syntax: ListSyntax,
  diag: Diagnostics
): string[] | undefined {
  const text = raw.trim()
  if (text === '') return []
  if (text.startsWith('[')) {
    const items = parseJsonArray(input, text, syntax, diag)
    return items && uniqueNonEmpty(items)
  }
  const yamlItems = yamlListItems(text)
  if (yamlItems !== undefined) {
    const items = uniqueNonEmpty(yamlItems.flatMap(item => splitText(item, syntax)))
    diag.notice(yamlListNotice(input, items, syntax))
    return items
  }
  return uniqueNonEmpty(splitText(text, syntax))
}

/** A YAML list item: `- ` then the item (a dash and a space: no URL path starts so). */
const YAML_ITEM = /^\s*- (.*)$/

/**
 * The items of a list written as a YAML list inside a block (`tags: |` then `- blog`, `- docs`):
 * only when every non-empty line is a `- ` item, since a tag may start with a dash. A YAML list
 * given as the input itself is refused by the runner; inside a block, its dashes would be sent.
 */
function yamlListItems(text: string): string[] | undefined {
  const items: string[] = []
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') continue
    const item = YAML_ITEM.exec(line)
    if (item === null) return undefined
    items.push(item[1] ?? '')
  }
  return items
}

/** Past this many items, advice names the form to write rather than spelling it out. */
const MAX_ITEMS_IN_ADVICE = 10

/** Says the dashes were dropped, and the plain form to write, on one line (form fields are). */
function yamlListNotice(input: string, items: readonly string[], syntax: ListSyntax): string {
  const plain =
    syntax.commas && items.length <= MAX_ITEMS_IN_ADVICE
      ? `\`${input}: ${items.join(', ')}\``
      : `one ${syntax.item} a line without the dashes`
  return `${input}: read as a YAML list (every line starts with "- "), so the dashes were dropped: ${plural(items.length, syntax.item)}. The input takes plain text: write ${plain}.`
}

/** An item of a list read from a file, and where it was: `line 12`, or `item 3` of a JSON array. */
export interface PlacedItem {
  readonly text: string
  readonly place: string
}

/**
 * Splits a list read from a file as splitList splits an input, keeping where each item was
 * (its line; its position in a JSON array), so that messages name the line to fix. Trimmed,
 * empty items dropped, later duplicates dropped. Undefined after a problem (a malformed JSON
 * array), which names `input`.
 */
export function splitPlacedList(
  input: string,
  raw: string,
  syntax: ListSyntax,
  diag: Diagnostics
): PlacedItem[] | undefined {
  const text = raw.trim()
  if (text === '') return []
  const placed: PlacedItem[] = []
  if (text.startsWith('[')) {
    const items = parseJsonArray(input, text, syntax, diag)
    if (items === undefined) return undefined
    items.forEach((item, index) => placed.push({ text: item, place: `item ${index + 1}` }))
  } else {
    // Lines of the raw text (not the trimmed one), so that line numbers are the file's; only
    // parts with text are kept, as the parts are found: a list file of 256 MiB of line breaks
    // or commas holds no entry, and must not cost an object for each of its blank parts.
    forEachPart(raw, syntax.commas, (item, line) => {
      if (item.trim() !== '') placed.push({ text: item, place: `line ${line}` })
    })
  }
  const seen = new Set<string>()
  const unique: PlacedItem[] = []
  for (const { text: item, place } of placed) {
    const trimmed = item.trim()
    if (trimmed === '' || seen.has(trimmed)) continue
    seen.add(trimmed)
    unique.push({ text: trimmed, place })
  }
  return unique
}

/**
 * Each line of `text` (or, with `commas`, each comma-separated part of a line), numbered from 1,
 * in one pass: the next comma is remembered across lines, not looked for again from each line.
 */
function forEachPart(
  text: string,
  commas: boolean,
  visit: (part: string, line: number) => void
): void {
  const lineBreak = /\r\n|\r|\n/g
  let nextComma = commas ? text.indexOf(',') : -1
  let line = 1
  let start = 0
  for (;;) {
    const found = lineBreak.exec(text)
    const end = found === null ? text.length : found.index
    let partStart = start
    while (nextComma !== -1 && nextComma < end) {
      visit(text.slice(partStart, nextComma), line)
      partStart = nextComma + 1
      nextComma = text.indexOf(',', partStart)
    }
    visit(text.slice(partStart, end), line)
    if (found === null) return
    start = lineBreak.lastIndex
    line++
  }
}

function splitText(text: string, syntax: ListSyntax): string[] {
  return text.split(syntax.commas ? /[\r\n,]/ : /\r?\n|\r/)
}

function parseJsonArray(
  input: string,
  text: string,
  syntax: ListSyntax,
  diag: Diagnostics
): string[] | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    // Also a RangeError, should some engine parse deep nesting recursively.
    const why = withoutExcerpt(error instanceof Error ? error.message : String(error))
    diag.problem(
      input,
      text,
      `starts with '[' but is not a valid JSON array (${why}): ${jsonListFix(text, syntax)}`
    )
    return undefined
  }
  if (!Array.isArray(parsed)) {
    diag.problem(input, text, "starts with '[' but is not a JSON array")
    return undefined
  }
  // One pass finds whether there is an item that is not a string, and which.
  const notString = parsed.findIndex(item => typeof item !== 'string')
  if (notString >= 0) {
    diag.problem(
      input,
      describeJsonItem(parsed[notString]),
      'a JSON array here must hold only strings'
    )
    return undefined
  }
  return parsed as string[]
}

/**
 * How to write a list that was meant as JSON: the mistakes people make most (a comma after the
 * last item, as JavaScript allows; single quotes, as YAML and Python allow) named, and the
 * plain form that needs no JSON at all.
 */
function jsonListFix(text: string, syntax: ListSyntax): string {
  const fixes: string[] = []
  if (/,\s*\]\s*$/.test(text)) fixes.push('remove the trailing comma after the last item')
  if (text.includes("'")) fixes.push('JSON strings take double quotes ("/a", not \'/a\')')
  const plain = syntax.commas
    ? `one ${syntax.item} a line, or ${syntax.item}s separated by commas`
    : `one ${syntax.item} a line`
  const what = fixes.length > 0 ? `${fixes.join(', and ')}; or write ` : 'write '
  return `${what}${plain}, without brackets`
}

/**
 * An item that is not a string, as a message shows it. Not by JSON.stringify: an array nested
 * 50,000 deep (JSON.parse takes it) would overflow the stack.
 */
function describeJsonItem(item: unknown): string {
  if (Array.isArray(item)) return '[…] (an array)'
  if (typeof item === 'object' && item !== null) return '{…} (an object)'
  return String(item)
}

/** Trims, drops empty items and later duplicates, keeping first-seen order. */
export function uniqueNonEmpty(items: Iterable<string>): string[] {
  const seen = new Set<string>()
  for (const item of items) {
    const trimmed = item.trim()
    if (trimmed !== '') seen.add(trimmed)
  }
  return [...seen]
}

/** Splits a list into consecutive chunks of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be >= 1: ${size}`)
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size))
  }
  return chunks
}

/**
 * JSON.parse's message without the excerpt of the text V8 quotes around an unexpected token
 * (`Unexpected token 'A', "["a",AKIA12"... is not valid JSON`): a list file's problem names the
 * file, never its content, which may be anything a link or a mistake pointed at.
 */
function withoutExcerpt(message: string): string {
  const cut = message.replace(/, (?:\.\.\.)?"[\s\S]*$/, '')
  return cut.includes('"') ? 'not valid JSON' : cut
}
