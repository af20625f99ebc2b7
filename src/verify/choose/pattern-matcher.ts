/**
 * Selecting sitemap paths with a purge pattern: PCRE2 itself (pcre2/pcre2.mjs) answers for each
 * path what PHP's preg_match() would, under PHP's limits. Paths where PHP gives up are not
 * selected, since the service does not purge them; they are listed instead. No time budget is
 * needed: PHP's match limit bounds each path.
 *
 * PCRE2 is handed in (`compile`), from the pattern module (src/pattern/) the settings already
 * loaded (choose-pages.ts): importing it here would ship it twice in dist/, once in the pattern's
 * chunk and once in the verification's.
 */
import type { compilePhpPattern } from '../../../pcre2/pcre2.mjs'
import type { GaveUpPath, PatternMatch } from './selection-shapes.js'

export type CompilePattern = typeof compilePhpPattern

/** `pattern` is the delimited pattern exactly as sent to the service. */
export function matchPatternPages(
  compile: CompilePattern,
  pattern: string,
  paths: Iterable<string>
): PatternMatch {
  const matcher = patternMatcher(compile)
  try {
    return matcher.match(pattern, paths)
  } finally {
    matcher.free()
  }
}

/**
 * matchPatternPages for a selection that asks batch after batch as the sitemaps stream: each
 * pattern is compiled once (a compile costs as much as matching a thousand short paths), and
 * freed with free().
 */
export function patternMatcher(compile: CompilePattern): {
  match(pattern: string, paths: Iterable<string>): PatternMatch
  free(): void
} {
  const compiled = new Map<string, ReturnType<CompilePattern>>()
  return {
    match(pattern, paths) {
      let entry = compiled.get(pattern)
      if (entry === undefined) {
        entry = compile(pattern)
        compiled.set(pattern, entry)
      }
      if (!entry.ok) return { kind: 'refused', reason: entry.message }
      const matched: string[] = []
      const gaveUp: GaveUpPath[] = []
      for (const path of paths) {
        const outcome = entry.pattern.test(path)
        if (outcome === 'match') matched.push(path)
        else if (outcome !== 'no-match') gaveUp.push({ path, reason: outcome })
      }
      return { kind: 'matched', paths: matched, gaveUp }
    },
    free() {
      for (const entry of compiled.values()) if (entry.ok) entry.pattern.free()
      compiled.clear()
    }
  }
}
