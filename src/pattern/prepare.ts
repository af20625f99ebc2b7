/**
 * The `pattern` input from start to end: reads the delimiters, checks the PCRE syntax, refuses a
 * pattern that matches every path (unless allowed) and warns about one that is not anchored.
 * Each step is its own module in this folder.
 */
import type { Diagnostics } from '../diagnostics.js'
import { warnIfUnanchored } from './anchors.js'
import { PATTERN_DELIMITERS, splitDelimited, wrapBareExpression } from './delimiters.js'
import { DEFAULT_MATCH_DEADLINE_MS } from './bounded-match.js'
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

/** PCRE2's own limit (its default parens_nest_limit): deeper patterns do not compile. */
export const MAX_GROUP_NESTING = 250

/**
 * How deep parentheses nest, counted before the (recursive) scanner runs so that a pattern of
 * thousands of nested groups is refused instead of overflowing the stack. Escaped parentheses
 * and those in a character class do not count; the count is an upper bound otherwise
 * (`\Q(\E` counts), which only matters for a pattern near the limit anyway.
 */
export function groupNestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inClass = false
  for (let at = 0; at < text.length; at++) {
    const character = text[at]
    if (character === '\\') at++
    else if (inClass) inClass = character !== ']'
    else if (character === '[') {
      inClass = true
      // A ']' first in a class (after an optional '^') is literal: `[]()]` holds ']' '(' ')'.
      if (text[at + 1] === '^') at++
      if (text[at + 1] === ']') at++
    } else if (character === '(') deepest = Math.max(deepest, ++depth)
    else if (character === ')') depth = Math.max(0, depth - 1)
  }
  return deepest
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
  const depth = groupNestingDepth(given)
  if (depth > MAX_GROUP_NESTING) {
    diag.problem(
      INPUT,
      given,
      `nests parentheses ${depth} deep; PCRE2 refuses patterns nested more than ${MAX_GROUP_NESTING} deep, so the service could not compile it`
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

  const verdict = matchesEveryPath(scanned.tree, flags)
  if (verdict === 'too-slow') {
    // Matching this pattern backtracks catastrophically, so whether it purges the whole site
    // cannot be told. Such a pattern is not let through silently: the user either rewrites it
    // or says with allow_purge_all that purging everything it might match is intended. (PCRE
    // on the service hits its backtracking limit on the same paths, with unknown effect.)
    if (!options.allowPurgeAll) {
      diag.problem(
        INPUT,
        given,
        `could not be checked: trying it on a few paths did not finish within ${DEFAULT_MATCH_DEADLINE_MS / 1000} s, as nested quantifiers such as (.*.*)* or (a+)+ backtrack for ever. Rewrite it without nested quantifiers, or set \`allow_purge_all: true\` to send it unchecked`
      )
      return undefined
    }
    diag.warn(
      `Pattern ${shown(given)} could not be checked in time (nested quantifiers backtrack for ever); it is sent unchecked because allow_purge_all is true.`
    )
    return parts.prepared
  }
  if (verdict === 'yes') {
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
