/**
 * PCRE2 10.42 as the service's PHP runs it: the one module that touches the WebAssembly engine
 * (pcre2.wasm, built by build.sh from Debian's source of PCRE2). Plain JavaScript with its types
 * in pcre2.d.mts, so that the TypeScript action (bundled into dist/) and the emulator (run as
 * is) load the same code and the same engine, and cannot disagree.
 *
 * What PHP does before PCRE2 is done here as php_pcre.c does it (PHP 8.2 and 8.3): the leading
 * white space, the delimiters (bracket pairs included), the modifiers and the options they set.
 * What PHP does after is here too: the match and recursion limits (pcre.backtrack_limit,
 * pcre.recursion_limit) and the UTF-8 check of a subject under `u`, where preg_match() returns
 * false. Everything in between is PCRE2's own code.
 */
import { readFileSync } from 'node:fs'

export const PCRE2_VERSION = '10.42'
/** php.ini's pcre.backtrack_limit default, which PHP passes to pcre2_set_match_limit. */
export const PHP_BACKTRACK_LIMIT = 1_000_000
/** php.ini's pcre.recursion_limit default, which PHP passes to pcre2_set_depth_limit. */
export const PHP_RECURSION_LIMIT = 100_000

// pcre2.h
const PCRE2_ANCHORED = 0x80000000
const PCRE2_NO_UTF_CHECK = 0x40000000
const PCRE2_CASELESS = 0x00000008
const PCRE2_DOLLAR_ENDONLY = 0x00000010
const PCRE2_DOTALL = 0x00000020
const PCRE2_DUPNAMES = 0x00000040
const PCRE2_EXTENDED = 0x00000080
const PCRE2_MULTILINE = 0x00000400
const PCRE2_NO_AUTO_CAPTURE = 0x00002000
const PCRE2_UCP = 0x00020000
const PCRE2_UNGREEDY = 0x00040000
const PCRE2_UTF = 0x00080000
const PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK = 0x00000040
const PCRE2_ERROR_NOMATCH = -1
const PCRE2_ERROR_UTF8_ERR1 = -3
const PCRE2_ERROR_UTF8_ERR21 = -23
const PCRE2_ERROR_MATCHLIMIT = -47
const PCRE2_ERROR_DEPTHLIMIT = -53

/**
 * PHP's modifiers and the compile options they set (php_pcre.c,
 * pcre_get_compiled_regex_cache_ex). S and X are accepted and do nothing since PHP 7.3; space
 * and line breaks are skipped; `u` also sets UCP, so \d, \w, [[:alpha:]] and friends follow
 * Unicode. Any other character is refused ("Unknown modifier").
 */
export const PHP_MODIFIERS = Object.freeze({
  i: PCRE2_CASELESS,
  m: PCRE2_MULTILINE,
  n: PCRE2_NO_AUTO_CAPTURE,
  s: PCRE2_DOTALL,
  x: PCRE2_EXTENDED,
  A: PCRE2_ANCHORED,
  D: PCRE2_DOLLAR_ENDONLY,
  S: 0,
  X: 0,
  U: PCRE2_UNGREEDY,
  u: PCRE2_UTF | PCRE2_UCP,
  J: PCRE2_DUPNAMES,
  ' ': 0,
  '\n': 0,
  '\r': 0
})
/** The compile context's extra options PHP sets (php_pcre_init_pcre2), for PCRE2 10.38 on. */
const PHP_EXTRA_OPTIONS = PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * Reads a pattern as PHP does before compiling it: white space skipped, the first character is
 * the delimiter (the closing one of a bracket pair), the body runs to the first unescaped end
 * delimiter (bracket pairs nest), and modifiers follow. PHP works on bytes, so this does too:
 * offsets are in bytes of the UTF-8 text.
 *
 * @param {string} pattern
 * @returns {import('./pcre2.d.mts').PhpReading}
 */
export function readPhpPattern(pattern) {
  const bytes = encoder.encode(pattern)
  let at = 0
  while (at < bytes.length && isCSpace(bytes[at])) at++
  if (at >= bytes.length) return { ok: false, message: 'Empty regular expression' }
  const start = bytes[at++]
  if (isCAlnum(start) || start === 0x5c || start === 0) {
    return { ok: false, message: 'Delimiter must not be alphanumeric, backslash, or NUL' }
  }
  const pair = '([{<'.indexOf(String.fromCharCode(start))
  const end = pair >= 0 ? ')]}>'.charCodeAt(pair) : start
  const bodyStart = at
  let depth = 1
  for (; at < bytes.length; at++) {
    if (bytes[at] === 0x5c && at + 1 < bytes.length) at++
    else if (bytes[at] === end && (start === end || --depth <= 0)) break
    else if (bytes[at] === start && start !== end) depth++
  }
  if (at >= bytes.length) {
    const which = start === end ? '' : 'matching '
    return { ok: false, message: `No ending ${which}delimiter '${byteChar(end)}' found` }
  }
  const body = bytes.subarray(bodyStart, at)
  let options = 0
  const modifiers = decoder.decode(bytes.subarray(at + 1))
  for (const modifier of modifiers) {
    const option = Object.hasOwn(PHP_MODIFIERS, modifier) ? PHP_MODIFIERS[modifier] : undefined
    if (option === undefined) {
      return {
        ok: false,
        message:
          modifier === '\0' ? 'NUL is not a valid modifier' : `Unknown modifier '${modifier}'`,
        modifier,
        endDelimiterAt: at
      }
    }
    options |= option
  }
  return {
    ok: true,
    delimiter: byteChar(start),
    endDelimiter: byteChar(end),
    body: decoder.decode(body),
    bodyBytes: body,
    bodyStart,
    modifiers,
    options
  }
}

/** C's isspace() in the "C" locale. */
function isCSpace(byte) {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d)
}

/** C's isalnum() in the "C" locale: bytes from 0x80 up are not letters there. */
function isCAlnum(byte) {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a)
  )
}

function byteChar(byte) {
  return byte < 0x80 ? String.fromCharCode(byte) : `\\x${byte.toString(16)}`
}

/** The engine: one WebAssembly instance, its shared match context and match data. */
class Engine {
  /**
   * @param {BufferSource} bytes the module
   * @param {{ matchLimit?: number, depthLimit?: number }} limits PHP's unless given
   */
  constructor(bytes, limits = {}) {
    // V8 runs PCRE2's match() (one 80 KB function) on its baseline code first and optimizes it
    // in the background after a few dozen matches. Node waits for that compile (some 80 ms of
    // CPU) when the process ends right after, as a dry run without a sitemap does; in other runs
    // it overlaps the requests. Changing V8's flags to avoid it is undefined behaviour in Node,
    // and the debugger session that once avoided it cost more to read than it saved (figures in
    // docs/benchmarks.md, "Cold start").
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {})
    /** @type {Record<string, Function> & { memory: WebAssembly.Memory }} */
    this.exports = /** @type {any} */ (instance.exports)
    const matchLimit = limits.matchLimit ?? PHP_BACKTRACK_LIMIT
    const depthLimit = limits.depthLimit ?? PHP_RECURSION_LIMIT
    if (this.exports.pp_init(matchLimit, depthLimit) !== 1) {
      throw new Error('PCRE2 could not allocate its match context')
    }
    this.subjectCapacity = 0
    this.subjectPointer = 0
    this.bytes = new Uint8Array(this.exports.memory.buffer)
  }

  /** How many bytes of memory the instance holds (it grows, never shrinks). */
  memoryBytes() {
    return this.exports.memory.buffer.byteLength
  }

  /** The memory as bytes; a view is replaced after the memory grew (its buffer then changes). */
  memory() {
    if (this.bytes.buffer !== this.exports.memory.buffer) {
      this.bytes = new Uint8Array(this.exports.memory.buffer)
    }
    return this.bytes
  }

  /** The subject buffer, kept from path to path and grown only for a longer path. */
  subjectBuffer(length) {
    if (length > this.subjectCapacity) {
      if (this.subjectPointer !== 0) this.exports.pp_free(this.subjectPointer)
      this.subjectCapacity = Math.max(length, 4096)
      this.subjectPointer = this.exports.pp_malloc(this.subjectCapacity)
      if (this.subjectPointer === 0) throw new Error('PCRE2 ran out of memory for a subject')
    }
    return this.subjectPointer
  }

  /**
   * Copies a string's UTF-8 into the subject buffer; its length in bytes. TextEncoder's
   * encodeInto, not a loop over char codes: as fast for a short path, and about ten times
   * faster for a long one (12 µs against 1.3 µs for 2,000 characters, where 1,000,000
   * sitemap paths spent half a minute being copied). A lone surrogate becomes U+FFFD, as PHP
   * would receive it from a UTF-8 page.
   */
  writeSubject(subject) {
    const pointer = this.subjectBuffer(subject.length * 3)
    return encoder.encodeInto(subject, this.memory().subarray(pointer)).written
  }

  writeBytes(bytes) {
    const pointer = this.subjectBuffer(bytes.length)
    this.memory().set(bytes, pointer)
    return bytes.length
  }

  /**
   * Compiles a delimited pattern exactly as preg_match() would.
   *
   * @param {string} pattern
   */
  compilePhpPattern(pattern) {
    const reading = readPhpPattern(pattern)
    if (!reading.ok) return { ok: false, stage: 'delimiters', message: reading.message }
    const compiled = this.compileBody(reading.bodyBytes, reading.options, reading)
    if (compiled.ok) return compiled
    const before = encoder.encode(pattern).subarray(0, reading.bodyStart + compiled.byteOffset)
    return { ...compiled, patternOffset: decoder.decode(before).length }
  }

  /**
   * Compiles an expression with PCRE2 options as given (no delimiters, no modifiers), with the
   * extra options PHP sets.
   *
   * @param {Uint8Array} body
   * @param {number} options
   */
  compileBody(body, options, reading = undefined) {
    const pointer = this.exports.pp_malloc(Math.max(1, body.length))
    this.memory().set(body, pointer)
    const code = this.exports.pp_compile(pointer, body.length, options >>> 0, PHP_EXTRA_OPTIONS)
    this.exports.pp_free(pointer)
    if (code === 0) {
      const error = this.exports.pp_error_code()
      const byteOffset = this.exports.pp_error_offset()
      return {
        ok: false,
        stage: 'compile',
        message: this.errorMessage(error),
        code: error,
        // PCRE2 counts code units (bytes); people count characters.
        offset: decoder.decode(body.subarray(0, byteOffset)).length,
        byteOffset
      }
    }
    return { ok: true, pattern: new CompiledPattern(this, code, options, reading) }
  }

  errorMessage(code) {
    const pointer = this.exports.pp_malloc(256)
    const length = this.exports.pp_error_message(code, pointer, 256)
    const text = decoder.decode(this.memory().subarray(pointer, pointer + Math.max(0, length)))
    this.exports.pp_free(pointer)
    return text
  }
}

let shared

/**
 * The engine of this process, instantiated on first use from the module beside this file (in
 * dist/ once bundled): one instance per process, however many patterns.
 *
 * @returns {Engine}
 */
export function pcre2() {
  shared ??= new Engine(readFileSync(besideThisFile('pcre2.wasm')))
  return shared
}

/**
 * A file next to this module. The name is a parameter on purpose: a bundler that sees a literal
 * `new URL('./x.wasm', import.meta.url)` rewrites the module into its own loader; this one is
 * copied beside the bundle as it is (see the bundle script).
 */
function besideThisFile(name) {
  return new URL(name, import.meta.url)
}

/**
 * An engine made from other bytes than the shipped module, or with other limits than PHP's (the
 * build script tests a new build this way, with pcre2test's limits, before it replaces the
 * committed one).
 *
 * @param {BufferSource} module
 * @param {{ matchLimit?: number, depthLimit?: number }} [limits]
 */
export function createPcre2(module, limits) {
  return new Engine(module, limits)
}

/** Compiles a delimited pattern exactly as preg_match() would, on the shared engine. */
export function compilePhpPattern(pattern) {
  return pcre2().compilePhpPattern(pattern)
}

/** A compiled pattern. Call free() when done: its code lives in the engine's memory. */
export class CompiledPattern {
  constructor(pcre, code, options, reading) {
    this.pcre = pcre
    this.code = code
    this.utf = (options & PCRE2_UTF) !== 0
    this.reading = reading
    const anchoring = pcre.exports.pp_anchoring(code)
    this.anchoredAtStart = (anchoring & 1) !== 0
    this.anchoredAtEnd = (anchoring & 2) !== 0
    this.anchoredSomewhere = (anchoring & 4) !== 0
  }

  /**
   * preg_match()'s answer for one subject: 'match', 'no-match', or why PHP gives up (it returns
   * false then, and the service purges nothing for that path).
   *
   * @param {string} subject
   */
  test(subject) {
    return this.outcome(this.run(this.pcre.writeSubject(subject)))
  }

  /** @param {Uint8Array} subject */
  testBytes(subject) {
    return this.outcome(this.run(this.pcre.writeBytes(subject)))
  }

  /**
   * Where the match is in a string subject, in UTF-16 code units (string indices), or the
   * outcome when there is none.
   *
   * @param {string} subject
   */
  exec(subject) {
    const length = this.pcre.writeSubject(subject)
    const rc = this.run(length)
    if (rc < 0) return this.outcome(rc)
    const bytes = this.pcre
      .memory()
      .subarray(this.pcre.subjectPointer, this.pcre.subjectPointer + length)
    const at = offset => decoder.decode(bytes.subarray(0, offset)).length
    return {
      start: at(this.pcre.exports.pp_match_start()),
      end: at(this.pcre.exports.pp_match_end())
    }
  }

  /** Byte offsets of the last match (after test/testBytes returned 'match'). */
  lastMatch() {
    return { start: this.pcre.exports.pp_match_start(), end: this.pcre.exports.pp_match_end() }
  }

  run(length) {
    if (this.code === 0) throw new Error('This pattern was freed')
    // PHP checks the subject's UTF-8 under `u` (it cannot know it valid yet), never otherwise.
    const options = this.utf ? 0 : PCRE2_NO_UTF_CHECK
    return this.pcre.exports.pp_match(this.code, this.pcre.subjectPointer, length, options)
  }

  outcome(rc) {
    if (rc >= 0) return 'match'
    if (rc === PCRE2_ERROR_NOMATCH) return 'no-match'
    if (rc === PCRE2_ERROR_MATCHLIMIT) return 'backtrack-limit'
    if (rc === PCRE2_ERROR_DEPTHLIMIT) return 'recursion-limit'
    if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21) return 'bad-utf8'
    return 'internal'
  }

  free() {
    if (this.code !== 0) this.pcre.exports.pp_code_free(this.code)
    this.code = 0
  }
}
