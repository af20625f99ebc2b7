/**
 * The build-id rule over bytes, as they arrive: a page is read as a stream and the reading stops
 * at the first match, so a marker split between two chunks (or a hex run that goes on in the
 * next one) must be judged as the whole text would be. Pure: bytes in, found or not out, and
 * nothing allocated per chunk beyond a few dozen bytes (a page of 2 MiB is scanned without a
 * copy of it). The rule itself is build-id.ts's:
 *
 * - a literal id: its UTF-8 bytes, anywhere;
 * - a commit: the full SHA anywhere, or a whole hex run of 7 to 12 digits that is the SHA's
 *   start; in lower case (as git prints it) or upper case. Both start with the SHA's first 7
 *   digits, so the bytes are searched natively (Buffer#indexOf) for those, and only there is
 *   anything compared byte by byte.
 */
import { SHORT_SHA_LENGTHS, type BuildId } from './build-id.js'

/**
 * Bytes kept from one chunk to the next (at least): a candidate there may need the next chunk to
 * be judged (a commit needs at most 41 bytes from its start; a literal, its length less one).
 */
const CARRY_BYTES = 64

const IS_HEX = (() => {
  const table = new Uint8Array(256)
  for (const digit of '0123456789abcdefABCDEF') table[digit.charCodeAt(0)] = 1
  return table
})()

type Verdict = 'match' | 'no' | 'more'

export class BuildScanner {
  private matched = false
  /** The needles: a literal's UTF-8 bytes; a commit's full SHA, lower and upper case. */
  private readonly forms: readonly Buffer[]
  /** A commit's first 7 digits, lower and upper case (one form when they are all digits). */
  private readonly starts: readonly Buffer[]
  /** The last bytes seen, for what crosses a chunk boundary, and the byte before them. */
  private carry: Buffer = Buffer.alloc(0)
  private beforeCarry = -1
  private readonly carryBytes: number

  constructor(private readonly build: BuildId) {
    if (build.kind === 'literal') {
      this.forms = [Buffer.from(build.text, 'utf8')]
      this.starts = []
    } else {
      const lower = build.text.toLowerCase()
      const upper = build.text.toUpperCase()
      this.forms = lower === upper ? [Buffer.from(lower)] : [Buffer.from(lower), Buffer.from(upper)]
      this.starts = [
        ...new Set([lower, upper].map(form => form.slice(0, SHORT_SHA_LENGTHS.min)))
      ].map(start => Buffer.from(start))
    }
    this.carryBytes = Math.max(CARRY_BYTES, ...this.forms.map(form => form.length))
  }

  get found(): boolean {
    return this.matched
  }

  /** Feeds the next chunk; true once the build was found (then more chunks change nothing). */
  push(chunk: Buffer): boolean {
    if (this.matched || chunk.length === 0) return this.matched
    this.matched = this.build.kind === 'literal' ? this.scanLiteral(chunk) : this.scanCommit(chunk)
    this.keep(chunk)
    return this.matched
  }

  /** The body ended: what waited for more bytes (a run at the very end) is whole now. */
  end(): boolean {
    if (!this.matched && this.build.kind === 'commit') {
      this.matched = this.scanWindow(this.carry, this.beforeCarry, this.carry.length, true)
    }
    return this.matched
  }

  private scanLiteral(chunk: Buffer): boolean {
    const [needle] = this.forms as [Buffer]
    if (this.carry.length > 0) {
      const across = Buffer.concat([this.carry, chunk.subarray(0, needle.length - 1)])
      if (across.indexOf(needle) >= 0) return true
    }
    return chunk.indexOf(needle) >= 0
  }

  private scanCommit(chunk: Buffer): boolean {
    // Candidates that start in the bytes kept from before, now with what follows them (a
    // candidate needs at most 41 bytes, so CARRY_BYTES of the chunk are enough).
    if (this.carry.length > 0) {
      const window = Buffer.concat([this.carry, chunk.subarray(0, CARRY_BYTES)])
      if (this.scanWindow(window, this.beforeCarry, this.carry.length, false)) return true
    }
    const before =
      this.carry.length > 0 ? (this.carry[this.carry.length - 1] as number) : this.beforeCarry
    return this.scanWindow(chunk, before, chunk.length, false)
  }

  /**
   * Judges the candidates that start in `view` before `startsBefore`; `before` is the byte before
   * the view (-1 at the body's start). A candidate that needs bytes past the view's end waits for
   * the next chunk (it is within the bytes kept), unless `final`.
   */
  private scanWindow(view: Buffer, before: number, startsBefore: number, final: boolean): boolean {
    for (const start of this.starts) {
      for (
        let at = view.indexOf(start);
        at >= 0 && at < startsBefore;
        at = view.indexOf(start, at + 1)
      ) {
        const previous = at > 0 ? (view[at - 1] as number) : before
        if (this.judge(view, at, previous, final) === 'match') return true
      }
    }
    return false
  }

  /** A candidate at `at` (it starts with the SHA's first 7 digits, in one case). */
  private judge(view: Buffer, at: number, previous: number, final: boolean): Verdict {
    let more = false
    // The full SHA, anywhere.
    for (const form of this.forms) {
      const available = Math.min(form.length, view.length - at)
      if (view.compare(form, 0, available, at, at + available) !== 0) continue
      if (available === form.length) return 'match'
      if (!final) more = true
    }
    // A whole run of 7 to 12 digits that is the SHA's start.
    if (previous >= 0 && IS_HEX[previous] === 1) return more ? 'more' : 'no'
    let length = 0
    while (at + length < view.length && length <= SHORT_SHA_LENGTHS.max) {
      if (IS_HEX[view[at + length] as number] !== 1) break
      length++
    }
    const runGoesOn = at + length === view.length && !final && length <= SHORT_SHA_LENGTHS.max
    if (runGoesOn) return 'more'
    if (length >= SHORT_SHA_LENGTHS.min && length <= SHORT_SHA_LENGTHS.max) {
      for (const form of this.forms) {
        if (view.compare(form, 0, length, at, at + length) === 0) return 'match'
      }
    }
    return more ? 'more' : 'no'
  }

  /** Keeps the last bytes seen (and the byte before them). */
  private keep(chunk: Buffer): void {
    const size = this.carryBytes
    if (chunk.length >= size) {
      const from = chunk.length - size
      this.beforeCarry =
        from > 0
          ? (chunk[from - 1] as number)
          : this.carry.length > 0
            ? (this.carry[this.carry.length - 1] as number)
            : this.beforeCarry
      this.carry = Buffer.from(chunk.subarray(from))
      return
    }
    const joined = Buffer.concat([this.carry, chunk])
    const from = Math.max(0, joined.length - size)
    if (from > 0) this.beforeCarry = joined[from - 1] as number
    this.carry = joined.subarray(from)
  }
}

/**
 * Whether a whole text shows the build. `text` holds one character per byte (latin1), as Node
 * gives header values and as the origin's client gives its body.
 */
export function showsBuild(text: string, build: BuildId): boolean {
  const scanner = new BuildScanner(build)
  scanner.push(Buffer.from(text, 'latin1'))
  return scanner.end()
}
