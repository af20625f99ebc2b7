/**
 * Runs JavaScript regular expressions with a deadline. A regex with nested quantifiers
 * (`(.*.*)*X`) backtracks for longer than the age of the universe on a 500-character path; run
 * in a V8 context with a timeout (node:vm), it is interrupted even in mid-match, and the caller
 * stays synchronous (the pattern checks are pure functions). One mechanism for the match-all
 * probe (matchPathsWithin) and for choosing sitemap pages (verify/pattern-pages.ts).
 */
import { runInNewContext } from 'node:vm'

/** Paths are matched within this long; legitimate patterns take µs. */
export const DEFAULT_MATCH_DEADLINE_MS = 1500

export type Bounded<T> =
  | { readonly kind: 'done'; readonly value: T }
  /** The deadline passed: the regex backtracks catastrophically on some input. */
  | { readonly kind: 'too-slow' }
  /** JavaScript refused the regex (e.g. "Regular expression too large", raised lazily). */
  | { readonly kind: 'invalid' }

/** Evaluates `script` (its last expression is the value) over `context`, within the deadline. */
export function runWithin<T>(
  script: string,
  context: Record<string, unknown>,
  deadlineMs: number
): Bounded<T> {
  try {
    return { kind: 'done', value: runInNewContext(script, context, { timeout: deadlineMs }) as T }
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      return { kind: 'too-slow' }
    }
    // V8 compiles a regular expression lazily: one too large fails only when it runs.
    if (error instanceof SyntaxError || (error as Error | null)?.name === 'SyntaxError') {
      return { kind: 'invalid' }
    }
    throw error
  }
}

export type BoundedMatch =
  /** Per path: true, false, or undefined when not tried (after the first miss, if asked). */
  | { readonly kind: 'done'; readonly matches: readonly (boolean | undefined)[] }
  | { readonly kind: 'too-slow' }
  | { readonly kind: 'invalid' }

export interface BoundedMatchOptions {
  readonly deadlineMs?: number
  /** Stop at the first path that does not match (enough to say "not every path"). */
  readonly stopAtFirstMiss?: boolean
}

/** Which of `paths` the regex matches, decided within the deadline or not at all. */
export function matchPathsWithin(
  regex: RegExp,
  paths: readonly string[],
  options: BoundedMatchOptions = {}
): BoundedMatch {
  const matches: (boolean | undefined)[] = paths.map(() => undefined)
  const run = runWithin<unknown>(
    `for (let index = 0; index < paths.length; index++) {
      const matched = regex.test(paths[index])
      matches[index] = matched
      if (!matched && stopAtFirstMiss) break
    }`,
    {
      // A fresh RegExp without g/y: test() must not carry lastIndex from one path to the next.
      regex: new RegExp(regex.source, regex.flags.replace(/[gy]/g, '')),
      paths,
      matches,
      stopAtFirstMiss: options.stopAtFirstMiss ?? false
    },
    options.deadlineMs ?? DEFAULT_MATCH_DEADLINE_MS
  )
  return run.kind === 'done' ? { kind: 'done', matches } : run
}
