/**
 * A render's structured data: each `<script type="application/ld+json">` read whole and parsed
 * as JSON, as a search engine reads it. A block that does not parse is broken; one too long to
 * keep, or cut off by the end of the body, is not judged at all (what was cut is not known).
 * The types kept are the `@type` values a reader of a report recognizes a page by (`Product`,
 * `BreadcrumbList`): of each block's top-level item, of the items of a top-level array, and of
 * the items of an `@graph`.
 */

export interface StructuredData {
  /** JSON-LD blocks read whole: parsed, or broken. */
  readonly blocks: number
  /** Of those, the ones that are not JSON. */
  readonly broken: number
  /**
   * Blocks not judged: longer than MAX_BLOCK_CHARS, past the first MAX_BLOCKS, or cut off by
   * the end of the body.
   */
  readonly unjudged: number
  /** The distinct `@type` values found, at most MAX_TYPES (the first found), sorted. */
  readonly types: readonly string[]
}

/** The characters of one block read at most: structured data is a few KiB. */
export const MAX_BLOCK_CHARS = 256 * 1024
/** Blocks judged per render at most: pages have a few; a page of thousands costs no more. */
const MAX_BLOCKS = 100
const MAX_TYPES = 20
/** A type name longer than this is no name a report should quote. */
const MAX_TYPE_CHARS = 100
/** Control and bidirectional characters: dropped from a type name before a report quotes it. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Whether a `<script type>` marks JSON-LD: its media type, whatever its case and parameters. */
export function isJsonLd(type: string | undefined): boolean {
  const essence = (type ?? '').split(';')[0] ?? ''
  return essence.trim().toLowerCase() === 'application/ld+json'
}

/** The blocks of one render, read as the tag stream hands them. */
export class StructuredDataReader {
  private blocks = 0
  private broken = 0
  private unjudged = 0
  private readonly types = new Set<string>()
  /** The block being read: its pieces, or 'over' once it is past a cap. */
  private block: string[] | 'over' | undefined
  private blockChars = 0

  /** A JSON-LD `<script>` starts. */
  open(): void {
    this.block = this.blocks >= MAX_BLOCKS ? 'over' : []
    this.blockChars = 0
  }

  /** Whether a block is being read. */
  get reading(): boolean {
    return this.block !== undefined
  }

  /** Text of the block being read. */
  text(text: string): void {
    if (this.block === undefined || this.block === 'over') return
    this.blockChars += text.length
    if (this.blockChars > MAX_BLOCK_CHARS) this.block = 'over'
    else this.block.push(text)
  }

  /** Its `</script>`: the block is judged. */
  close(): void {
    const { block } = this
    this.block = undefined
    if (block === undefined) return
    if (block === 'over') {
      this.unjudged++
      return
    }
    this.blocks++
    let value: unknown
    try {
      value = JSON.parse(block.join(''))
    } catch {
      this.broken++
      return
    }
    this.addTypes(value)
  }

  /** The body ended: a block still open was cut, not broken. */
  result(): StructuredData {
    if (this.block !== undefined) this.unjudged++
    this.block = undefined
    return {
      blocks: this.blocks,
      broken: this.broken,
      unjudged: this.unjudged,
      types: [...this.types].sort()
    }
  }

  private addTypes(value: unknown): void {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!isObject(item)) continue
      this.addType(item['@type'])
      const graph = item['@graph']
      for (const node of Array.isArray(graph) ? graph : [graph]) {
        if (isObject(node)) this.addType(node['@type'])
      }
    }
  }

  private addType(type: unknown): void {
    for (const name of Array.isArray(type) ? type : [type]) {
      if (this.types.size >= MAX_TYPES) return
      if (typeof name !== 'string') continue
      const clean = name.replace(UNSAFE, '').trim()
      if (clean !== '' && clean.length <= MAX_TYPE_CHARS) this.types.add(clean)
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
