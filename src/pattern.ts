/**
 * The `pattern` input: turns what the user wrote into the delimited PCRE pattern the service
 * expects, and refuses mistakes before anything is sent.
 *
 * The service is a PHP application: the pattern reaches preg_match() exactly as given, and a
 * careless one purges pages nobody meant to purge. JavaScript's RegExp cannot judge PCRE
 * (possessive quantifiers, atomic groups, \Q...\E, recursion, ...), so the modules under
 * pattern/ scan PCRE syntax themselves. To decide whether a pattern matches every path they
 * translate the parsed pattern to a JS RegExp, but only where that translation is exact, and
 * try it on probe paths.
 *
 * This file is the public entry; each job has its own module under pattern/ (prepare.ts runs
 * them in order).
 */
export {
  escapeUnescapedDelimiter,
  PATTERN_DELIMITERS,
  PCRE_MODIFIERS
} from './pattern/delimiters.js'
export { preparePattern, type PatternOptions, type PreparedPattern } from './pattern/prepare.js'
export { matchPathsWithin, type BoundedMatch } from './pattern/bounded-match.js'
