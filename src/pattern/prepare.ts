/**
 * The `pattern` input from start to end: reads the delimiters, checks the PCRE syntax, refuses a
 * pattern that matches every path (unless allowed) and warns about one that is not anchored.
 * Each step is its own module in this folder.
 */
import type { Diagnostics } from '../diagnostics.js'
import { warnIfUnanchored } from './anchors.js'
import { PATTERN_DELIMITERS, splitDelimited, wrapBareExpression } from './delimiters.js'
import { matchesEveryPath } from './js-regexp.js'
import { INPUT, shown } from './messages.js'
import { scanBody } from './pcre-syntax.js'
import { flagsFromModifiers } from './tree.js'

export interface PreparedPattern {
  /** Exactly what goes into the JSON body's "pattern" field (the JSON layer escapes backslashes, not us). */
  readonly pattern: string
  readonly delimiter: string
  /** The expression between the delimiters. */
  readonly body: string
  /** PCRE modifier letters after the end delimiter. */
  readonly modifiers: string
  /** True when the user gave a bare expression and we wrapped it. */
  readonly wrapped: boolean
}

export interface PatternOptions {
  /** The `allow_purge_all` input: the user deliberately wants to purge the whole site. */
  readonly allowPurgeAll: boolean
}

/**
 * Trims and checks the `pattern` input; returns what to send, or undefined after reporting
 * every problem to `diag`.
 */
export function preparePattern(
  raw: string,
  options: PatternOptions,
  diag: Diagnostics
): PreparedPattern | undefined {
  const given = raw.trim()
  if (given === '') return undefined
  const lineBreak = given.search(/[\r\n]/)
  if (lineBreak >= 0) {
    diag.problem(
      INPUT,
      given,
      `contains a line break at offset ${lineBreak}; the input takes one regular expression on a single line`
    )
    return undefined
  }
  const problemsBefore = diag.problems.length
  const parts = PATTERN_DELIMITERS.includes(given.charAt(0))
    ? splitDelimited(given, diag)
    : wrapBareExpression(given, diag)
  if (parts === undefined) return undefined

  const flags = flagsFromModifiers(parts.prepared.modifiers)
  const scanned = scanBody(parts.scannedText, parts.scanOffset, flags, given, diag)
  if (scanned === undefined || diag.problems.length > problemsBefore) return undefined

  if (parts.prepared.wrapped) {
    diag.notice(
      `Pattern ${shown(given)} has no delimiters, so it is sent wrapped in '${parts.prepared.delimiter}' as ${shown(parts.prepared.pattern)}.`
    )
  }
  for (const warning of scanned.warnings) diag.warn(`Pattern ${shown(given)}: ${warning}`)

  if (matchesEveryPath(scanned.tree, flags)) {
    if (!options.allowPurgeAll) {
      diag.problem(
        INPUT,
        given,
        'matches every path, so it would purge every cached page of the site; set `allow_purge_all: true` to purge the whole site deliberately'
      )
      return undefined
    }
    diag.warn(
      `Pattern ${shown(given)} matches every path: every cached page of the site will be purged (allow_purge_all is true).`
    )
  } else {
    warnIfUnanchored(scanned.tree, flags, given, diag)
  }
  return parts.prepared
}
