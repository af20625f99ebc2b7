/**
 * List outputs (tags, urls, failed, ...) as JSON arrays that fit GitHub's limits. A job's
 * outputs may hold 1 MB in all, and the runner refuses a step's output file beyond that; with
 * nine list outputs (the outputs whose default is `[]`), each is capped at 80 KiB (720 KiB
 * together), which leaves room for the scalar outputs and other steps. A longer list is cut at an item boundary, so the output
 * stays a valid JSON array of whole items; the edge writes the full list to a file and says so.
 */

export const MAX_LIST_OUTPUT_BYTES = 80 * 1024

export interface CutList {
  readonly name: string
  /** Items the output holds: the first ones, in order. */
  readonly shown: number
  readonly total: number
}

export interface ListOutputs {
  /** Output name -> JSON array text, each within the cap. */
  readonly values: Readonly<Record<string, string>>
  readonly cut: readonly CutList[]
}

export function capListOutputs(
  lists: Readonly<Record<string, readonly string[]>>,
  maxBytes = MAX_LIST_OUTPUT_BYTES
): ListOutputs {
  const values: Record<string, string> = {}
  const cut: CutList[] = []
  for (const [name, items] of Object.entries(lists)) {
    const { json, shown } = jsonArrayWithin(items, maxBytes)
    values[name] = json
    if (shown < items.length) cut.push({ name, shown, total: items.length })
  }
  return { values, cut }
}

/** The longest prefix of `items` whose JSON array text is at most `maxBytes` bytes (UTF-8). */
export function jsonArrayWithin(
  items: Iterable<unknown>,
  maxBytes: number
): { json: string; shown: number } {
  const kept = firstWithin(items, maxBytes)
  return { json: JSON.stringify(kept), shown: kept.length }
}

/**
 * The first items whose JSON array is at most `maxBytes` bytes (UTF-8). Takes an iterable and
 * stops at the cap, so a caller can make items one at a time and never build the ones cut.
 */
export function firstWithin<T>(items: Iterable<T>, maxBytes: number): T[] {
  const kept: T[] = []
  let bytes = 2 // '[' and ']'
  for (const item of items) {
    const added = Buffer.byteLength(JSON.stringify(item)) + (kept.length > 0 ? 1 : 0)
    if (bytes + added > maxBytes) break
    kept.push(item)
    bytes += added
  }
  return kept
}
