/** Types of pcre2.mjs: PCRE2 10.42 with PHP's rules, in WebAssembly. */

export declare const PCRE2_VERSION: string
export declare const PHP_BACKTRACK_LIMIT: number
export declare const PHP_RECURSION_LIMIT: number
/** PHP's modifiers and the PCRE2 compile options each sets. */
export declare const PHP_MODIFIERS: Readonly<Record<string, number>>

/** Why preg_match() returned false for a subject (the service then purges nothing for it). */
export type GiveUp = 'backtrack-limit' | 'recursion-limit' | 'bad-utf8' | 'internal'
export type Outcome = 'match' | 'no-match' | GiveUp

export type PhpReading =
  | {
      readonly ok: true
      readonly delimiter: string
      readonly endDelimiter: string
      /** The expression between the delimiters. */
      readonly body: string
      readonly bodyBytes: Uint8Array
      /** Where the body starts in the pattern's UTF-8, in bytes. */
      readonly bodyStart: number
      readonly modifiers: string
      /** The PCRE2 compile options the modifiers set. */
      readonly options: number
    }
  | {
      readonly ok: false
      /** PHP's own warning, e.g. "Unknown modifier 'q'" or "No ending delimiter '#' found". */
      readonly message: string
      /** The refused modifier, for "Unknown modifier". */
      readonly modifier?: string
      /** Where PHP ended the pattern, in bytes, for "Unknown modifier". */
      readonly endDelimiterAt?: number
    }

export type CompileFailure =
  | { readonly ok: false; readonly stage: 'delimiters'; readonly message: string }
  | {
      readonly ok: false
      readonly stage: 'compile'
      /** PCRE2's message, e.g. "missing closing parenthesis". */
      readonly message: string
      /** PCRE2's error code. */
      readonly code: number
      /** Where PCRE2 stopped, in characters of the expression. */
      readonly offset: number
      /** The same in bytes, as PHP's "at offset N" counts. */
      readonly byteOffset: number
      /** The same in characters of the whole delimited pattern (compilePhpPattern only). */
      readonly patternOffset?: number
    }

export type Compiled = { readonly ok: true; readonly pattern: CompiledPattern } | CompileFailure

export declare class CompiledPattern {
  private constructor()
  /** Whether every way through the pattern starts with ^, \A or \G (or the A modifier is set). */
  readonly anchoredAtStart: boolean
  /** Whether every way through the pattern ends with $, \z or \Z. */
  readonly anchoredAtEnd: boolean
  /**
   * Whether every way through the pattern is anchored at one end or the other (`^/a|/b$` is):
   * true whenever anchoredAtStart or anchoredAtEnd is.
   */
  readonly anchoredSomewhere: boolean
  /** Whether the u modifier is set: subjects are then checked for valid UTF-8, as PHP does. */
  readonly utf: boolean
  /** preg_match()'s answer for a subject (a string is matched as its UTF-8). */
  test(subject: string): Outcome
  testBytes(subject: Uint8Array): Outcome
  /** Where the match is, in string indices, or why there is none. */
  exec(
    subject: string
  ): { readonly start: number; readonly end: number } | Exclude<Outcome, 'match'>
  /** Byte offsets of the last match, after test() or testBytes() returned 'match'. */
  lastMatch(): { readonly start: number; readonly end: number }
  /** Releases the compiled code; the pattern cannot be used afterwards. */
  free(): void
}

export interface Pcre2 {
  compilePhpPattern(pattern: string): Compiled
  /** An expression with PCRE2 options as given, and the extra options PHP sets. */
  compileBody(body: Uint8Array, options: number): Compiled
  /** How many bytes of memory the instance holds (it grows, never shrinks). */
  memoryBytes(): number
}

/** The process's engine, instantiated on first use from the shipped module. */
export declare function pcre2(): Pcre2
/** An engine from other bytes, or with other limits than PHP's. */
export declare function createPcre2(
  module: BufferSource,
  limits?: { readonly matchLimit?: number; readonly depthLimit?: number }
): Pcre2
/** Compiles a delimited pattern exactly as preg_match() would, on the process's engine. */
export declare function compilePhpPattern(pattern: string): Compiled
/** Reads a pattern's delimiters and modifiers as PHP does, without compiling it. */
export declare function readPhpPattern(pattern: string): PhpReading
