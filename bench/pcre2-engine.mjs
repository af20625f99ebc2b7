/**
 * The pattern engine alone, in a fresh Node process (bench/bench.mjs starts it, so its start is
 * as cold as the action's and its peak RSS its own):
 *
 *   node bench/pcre2-engine.mjs
 *
 * Times loading pcre2.wasm (read, compile, instantiate: the first compilePhpPattern), compiling
 * a pattern, and matching it against 1,000,000 sitemap-like paths, then prints one JSON line.
 */
import { compilePhpPattern } from '../pcre2/pcre2.mjs'

const PATHS = 1_000_000
const PATTERN = '#^/(?:blog|news)/\\d{4}/[a-z0-9-]+\\.html$#i'

const paths = Array.from({ length: PATHS }, (_, n) =>
  n % 3 === 0 ? `/blog/${2000 + (n % 25)}/post-${n}.html` : `/s/${n}`
)

let started = performance.now()
const first = compilePhpPattern('#^/#')
const loadMs = performance.now() - started
if (!first.ok) throw new Error(first.message)
first.pattern.free()

started = performance.now()
const compiled = compilePhpPattern(PATTERN)
const compileMs = performance.now() - started
if (!compiled.ok) throw new Error(compiled.message)

started = performance.now()
let matched = 0
for (const path of paths) if (compiled.pattern.test(path) === 'match') matched++
const matchMs = performance.now() - started
compiled.pattern.free()

process.stdout.write(
  `${JSON.stringify({ loadMs, compileMs, matchMs, paths: PATHS, matched, maxRssKiB: process.resourceUsage().maxRSS })}\n`
)
