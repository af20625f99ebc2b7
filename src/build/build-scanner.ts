/**
 * The build-id rule of build-id.ts over a body that arrives in chunks: a page is read as a
 * stream and the reading stops at the first match, so a marker split between two chunks (or a
 * hex run that goes on in the next one) must be seen as the whole text would show it. Pure: bytes
 * in, found or not out. Bytes are read as latin1 (one character per byte), so an ASCII id is
 * found whatever the page's encoding, and a literal id is looked for as its UTF-8 bytes.
 */
import { isShortPrefix, SHORT_SHA_LENGTHS, type BuildId } from './build-id.js'

const HEX = /[0-9a-f]/
const HEX_RUN = /[0-9a-f]+/g

export class BuildScanner {
  private matched = false
  /** The needle as latin1 text: the literal's UTF-8 bytes, or the lower-case SHA. */
  private readonly needle: string
  /** The last needle.length - 1 characters seen: a needle split by a chunk boundary. */
  private tail = ''
  /** A hex run touching the end of what was seen: it may go on in the next chunk. */
  private run: { start: string; length: number } | undefined

  constructor(private readonly build: BuildId) {
    this.needle =
      build.kind === 'commit' ? build.text : Buffer.from(build.text, 'utf8').toString('latin1')
  }

  get found(): boolean {
    return this.matched
  }

  /** Feeds the next chunk; true once the build was found (then more chunks change nothing). */
  push(chunk: Buffer): boolean {
    if (this.matched || chunk.length === 0) return this.matched
    const raw = chunk.toString('latin1')
    const text = this.build.kind === 'commit' ? raw.toLowerCase() : raw
    const joined = this.tail + text
    if (joined.includes(this.needle)) return (this.matched = true)
    this.tail = this.needle.length > 1 ? joined.slice(-(this.needle.length - 1)) : ''
    if (this.build.kind === 'commit') this.scanRuns(text)
    return this.matched
  }

  /** The body ended: a hex run at its very end is whole now. */
  end(): boolean {
    if (!this.matched && this.run !== undefined) this.judgeRun(this.run.start, this.run.length)
    this.run = undefined
    return this.matched
  }

  private scanRuns(text: string): void {
    let from = 0
    if (this.run !== undefined) {
      // The run carried over goes on with this chunk's leading hex digits.
      let lead = 0
      while (lead < text.length && HEX.test(text[lead] as string)) lead++
      const start =
        this.run.start + text.slice(0, SHORT_SHA_LENGTHS.max + 1 - this.run.start.length)
      const length = this.run.length + lead
      if (lead === text.length) {
        this.run = { start: start.slice(0, SHORT_SHA_LENGTHS.max + 1), length }
        return
      }
      this.run = undefined
      if (this.judgeRun(start, length)) return
      from = lead
    }
    HEX_RUN.lastIndex = from
    for (let found = HEX_RUN.exec(text); found !== null; found = HEX_RUN.exec(text)) {
      const run = found[0]
      if (found.index + run.length === text.length) {
        this.run = { start: run.slice(0, SHORT_SHA_LENGTHS.max + 1), length: run.length }
        return
      }
      if (this.judgeRun(run, run.length)) return
    }
  }

  /** `start` holds the run's first characters (at least 13 when it is longer than 12). */
  private judgeRun(start: string, length: number): boolean {
    if (length >= SHORT_SHA_LENGTHS.min && length <= SHORT_SHA_LENGTHS.max) {
      if (isShortPrefix(start.slice(0, length), this.needle)) this.matched = true
    }
    return this.matched
  }
}
