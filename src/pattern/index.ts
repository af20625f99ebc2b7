/**
 * The `pattern` input: turns what the user wrote into the delimited PCRE pattern the service
 * expects, and refuses mistakes before anything is sent.
 *
 * The service is a PHP application: the pattern reaches preg_match() exactly as given, and a
 * careless one purges pages nobody meant to purge. So the pattern is judged by the service's
 * own engine, PCRE2 10.42 built to WebAssembly (pcre2/), with PHP's options and limits: what it
 * refuses is refused here, and what it matches is what the guard and the previews see.
 *
 * This file is the public entry; each job has its own module under pattern/ (prepare.ts runs
 * them in order).
 */
export { PATTERN_DELIMITERS, PCRE_MODIFIERS } from './delimiters.js'
export { escapeUnescapedDelimiter } from './escape-delimiter.js'
export { preparePattern, type PatternOptions } from './prepare.js'
export { type PreparedPattern } from './prepared-pattern.js'
/** PCRE2 as PHP runs it, for the verification's selection by pattern (verify/choose/). */
export { compilePhpPattern } from '../../pcre2/pcre2.mjs'
