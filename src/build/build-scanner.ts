/**
 * The build-id rule of build-id.ts over a body that arrives in chunks: a page is read as a
 * stream and the reading stops at the first match, so a marker split between two chunks (or a
 * hex run that goes on in the next one) must be seen as the whole text would show it. Pure: bytes
 * in, found or not out. It works on the bytes themselves, allocating nothing per chunk (a page
 * of 2 MiB is scanned without a string of it): a literal id is looked for as its UTF-8 bytes; a
 * commit, byte by byte, its hex runs followed as they go (the full SHA found with a KMP
 * automaton over each run, in any case; a run of 7 to 12 digits compared with the SHA's start
 * when it ends).
 */
import { SHORT_SHA_LENGTHS, type BuildId } from './build-id.js'

/** Each byte's lower-case hex digit (its char code), or -1 when it is not a hex digit. */
const HEX_LOWER = (() => {
  const table = new Int16Array(256).fill(-1)
  for (const digit of '0123456789abcdef') table[digit.charCodeAt(0)] = digit.charCodeAt(0)
  for (const letter of 'ABCDEF') table[letter.charCodeAt(0)] = letter.toLowerCase().charCodeAt(0)
  return table
})()

export class BuildScanner {
  private matched = false
  private readonly needle: Buffer
  /** Literal: the last needle.length - 1 bytes seen, for a needle split by a chunk boundary. */
  private tail: Buffer = Buffer.alloc(0)
  /** Commit: the KMP failure function of the SHA. */
  private readonly failure: Int32Array
  /** Commit: how much of the SHA the current hex run ends with. */
  private state = 0
  /** Commit: the current hex run's length, and its first characters (lower case). */
  private runLength = 0
  private readonly runStart = new Uint8Array(SHORT_SHA_LENGTHS.max + 1)

  constructor(private readonly build: BuildId) {
    this.needle = Buffer.from(build.text, build.kind === 'commit' ? 'latin1' : 'utf8')
    this.failure = build.kind === 'commit' ? failureFunction(this.needle) : new Int32Array(0)
  }

  get found(): boolean {
    return this.matched
  }

  /** Feeds the next chunk; true once the build was found (then more chunks change nothing). */
  push(chunk: Buffer): boolean {
    if (this.matched || chunk.length === 0) return this.matched
    if (this.build.kind === 'commit') this.scanCommit(chunk)
    else this.scanLiteral(chunk)
    return this.matched
  }

  /** The body ended: a hex run at its very end is whole now. */
  end(): boolean {
    if (!this.matched) this.endRun()
    return this.matched
  }

  private scanLiteral(chunk: Buffer): void {
    const keep = this.needle.length - 1
    if (this.tail.length > 0) {
      const across = Buffer.concat([this.tail, chunk.subarray(0, keep)])
      if (across.indexOf(this.needle) >= 0) {
        this.matched = true
        return
      }
    }
    if (chunk.indexOf(this.needle) >= 0) {
      this.matched = true
      return
    }
    if (keep === 0) return
    this.tail =
      chunk.length >= keep
        ? Buffer.from(chunk.subarray(chunk.length - keep))
        : Buffer.concat([this.tail, chunk]).subarray(-keep)
  }

  private scanCommit(chunk: Buffer): void {
    const { needle, failure, runStart } = this
    let state = this.state
    let length = this.runLength
    for (let at = 0; at < chunk.length; at++) {
      const digit = HEX_LOWER[chunk[at] as number] as number
      if (digit < 0) {
        if (length > 0) {
          this.runLength = length
          this.endRun()
          if (this.matched) return
        }
        length = 0
        state = 0
        continue
      }
      if (length < runStart.length) runStart[length] = digit
      length++
      while (state > 0 && needle[state] !== digit) state = failure[state - 1] as number
      if (needle[state] === digit) state++
      if (state === needle.length) {
        this.matched = true
        return
      }
    }
    this.state = state
    this.runLength = length
  }

  /** The current hex run has ended: a whole run of 7 to 12 digits may be the SHA's start. */
  private endRun(): void {
    const length = this.runLength
    this.runLength = 0
    this.state = 0
    if (length < SHORT_SHA_LENGTHS.min || length > SHORT_SHA_LENGTHS.max) return
    for (let k = 0; k < length; k++) if (this.runStart[k] !== this.needle[k]) return
    this.matched = true
  }
}

/** KMP: for each prefix of `pattern`, the length of its longest proper prefix that is also a suffix. */
function failureFunction(pattern: Buffer): Int32Array {
  const failure = new Int32Array(pattern.length)
  for (let at = 1, length = 0; at < pattern.length; at++) {
    while (length > 0 && pattern[at] !== pattern[length]) length = failure[length - 1] as number
    if (pattern[at] === pattern[length]) length++
    failure[at] = length
  }
  return failure
}
