/**
 * Selecting sitemap paths with a purge pattern, bounded in time. The pattern is translated to
 * JS exactly as the match-all check does, but a regular expression can still backtrack for
 * ages on some paths, and a sitemap holds up to a million: the matching runs in a V8 context
 * with a deadline, which interrupts even a regular expression in mid-match.
 */
import { runWithin } from '../pattern/bounded-match.js'
import { pageRegExp } from '../pattern/page-regexp.js'
import type { PatternMatch } from './select-pages.js'

/** Plenty for a million paths with any sane pattern (about 0.5 s for a plain one). */
export const PATTERN_BUDGET_MS = 10_000

export function matchPatternPages(
  pattern: string,
  paths: Iterable<string>,
  budgetMs = PATTERN_BUDGET_MS
): PatternMatch {
  const regex = pageRegExp(pattern)
  if (regex === undefined) return { kind: 'untranslatable' }
  const run = runWithin<string[]>(
    'const matched = []; for (const path of paths) if (regex.test(path)) matched.push(path); matched',
    { regex, paths },
    budgetMs
  )
  if (run.kind === 'done') return { kind: 'matched', paths: run.value }
  if (run.kind === 'too-slow') return { kind: 'too-slow', budgetMs }
  return { kind: 'untranslatable' }
}
