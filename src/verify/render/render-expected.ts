/**
 * The `render_expected` input: what the user says is meant, so that it is never a problem (a
 * page that is noindex from now on, a page that is an app's shell on purpose). One line per
 * problem: its name, a colon, then the pages it is meant for, comma separated; a page is a path
 * (`/legal/imprint`), a path ending in `*` for every page under it (`/drafts/*`), or `*` alone
 * for every page. Pure: every problem goes to Diagnostics, naming the input and the value.
 *
 *   noindex: /drafts/*, /legal/imprint
 *   shell: /app/*
 */
import { Input } from '../../core/constants.js'
import type { Diagnostics } from '../../core/diagnostics.js'
import { RENDER_PROBLEM_REASONS, type RenderProblemReason } from './render-results.js'

/** Pages a problem is meant for: exact paths, and path prefixes (`/drafts/` of `/drafts/*`). */
interface MeantFor {
  readonly paths: ReadonlySet<string>
  readonly prefixes: readonly string[]
}

/** What render_expected says, by problem; empty when the input is. */
export type RenderExpectations = ReadonlyMap<RenderProblemReason, MeantFor>

/** The problems meant for the page at `path` (its path and query on the site). */
export function expectedAt(
  expectations: RenderExpectations,
  path: string
): ReadonlySet<RenderProblemReason> {
  const meant = new Set<RenderProblemReason>()
  for (const [reason, pages] of expectations) {
    if (pages.paths.has(path) || pages.prefixes.some(prefix => path.startsWith(prefix))) {
      meant.add(reason)
    }
  }
  return meant
}

/** Parses render_expected; undefined when a line is refused (the problem is in `diag`). */
export function parseRenderExpected(
  text: string,
  diag: Diagnostics
): RenderExpectations | undefined {
  const expectations = new Map<RenderProblemReason, { paths: Set<string>; prefixes: string[] }>()
  let refused = false
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const colon = line.indexOf(':')
    const name = (colon < 0 ? line : line.slice(0, colon)).trim().toLowerCase()
    const reason = RENDER_PROBLEM_REASONS.find(known => known === name)
    if (reason === undefined) {
      diag.problem(
        Input.RenderExpected,
        line,
        `names no render problem: a line is \`<problem>: <pages>\`, the problem one of ${RENDER_PROBLEM_REASONS.join(', ')}`
      )
      refused = true
      continue
    }
    const pages =
      colon < 0
        ? []
        : line
            .slice(colon + 1)
            .split(',')
            .map(page => page.trim())
    if (pages.length === 0 || pages.every(page => page === '')) {
      diag.problem(
        Input.RenderExpected,
        line,
        `names no page: write the pages after the colon, e.g. \`${reason}: /drafts/*\` (\`*\` alone for every page)`
      )
      refused = true
      continue
    }
    const meant = expectations.get(reason) ?? { paths: new Set<string>(), prefixes: [] }
    expectations.set(reason, meant)
    for (const page of pages) {
      if (page === '') continue
      if (page === '*') meant.prefixes.push('/')
      else if (!page.startsWith('/') || page.slice(0, -1).includes('*')) {
        diag.problem(
          Input.RenderExpected,
          page,
          'is not a page: a path starting with / (`/legal/imprint`), one ending in * for every page under it (`/drafts/*`), or * alone'
        )
        refused = true
      } else if (page.endsWith('*')) meant.prefixes.push(page.slice(0, -1))
      else meant.paths.add(page)
    }
  }
  return refused ? undefined : expectations
}
