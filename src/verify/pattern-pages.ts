/**
 * Selecting sitemap paths with a purge pattern, bounded in time. The pattern is translated to
 * JS exactly as the match-all check does, but a regular expression can still backtrack for
 * ages on some paths, and a sitemap holds up to a million: the matching runs in a V8 context
 * with a deadline, which interrupts even a regular expression in mid-match.
 */
import { runInNewContext } from 'node:vm'
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
  try {
    const matched = runInNewContext(
      'const matched = []; for (const path of paths) if (regex.test(path)) matched.push(path); matched',
      { regex, paths },
      { timeout: budgetMs }
    ) as string[]
    return { kind: 'matched', paths: matched }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      return { kind: 'too-slow', budgetMs }
    }
    // V8 compiles a regular expression lazily: one too large fails only here.
    if (error instanceof SyntaxError || (error as Error).name === 'SyntaxError') {
      return { kind: 'untranslatable' }
    }
    throw error
  }
}
