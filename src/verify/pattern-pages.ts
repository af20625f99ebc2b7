/**
 * Selecting sitemap paths with a purge pattern: PCRE2 itself (pcre2/pcre2.mjs) answers for each
 * path what PHP's preg_match() would, under PHP's limits. Paths where PHP gives up are not
 * selected, since the service does not purge them; they are listed instead. No time budget is
 * needed: PHP's match limit bounds each path.
 */
import { compilePhpPattern } from '../../pcre2/pcre2.mjs'
import type { GaveUpPath, PatternMatch } from './select-pages.js'

/** `pattern` is the delimited pattern exactly as sent to the service. */
export function matchPatternPages(pattern: string, paths: Iterable<string>): PatternMatch {
  const compiled = compilePhpPattern(pattern)
  if (!compiled.ok) return { kind: 'refused', reason: compiled.message }
  try {
    const matched: string[] = []
    const gaveUp: GaveUpPath[] = []
    for (const path of paths) {
      const outcome = compiled.pattern.test(path)
      if (outcome === 'match') matched.push(path)
      else if (outcome !== 'no-match') gaveUp.push({ path, reason: outcome })
    }
    return { kind: 'matched', paths: matched, gaveUp }
  } finally {
    compiled.pattern.free()
  }
}
