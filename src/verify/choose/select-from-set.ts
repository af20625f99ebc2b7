/**
 * The selection over a sitemap already in hand (a set of its pages): the streaming selection
 * (streaming-selector.ts) fed every page at once. For callers and tests that have the pages; a run
 * feeds the selector as the sitemaps stream instead, and never holds them all.
 */
import { PageSelector, type SelectorInput } from './streaming-selector.js'
import { overBudgetMessage } from './kept-budget.js'
import type { PageSelection } from './selection-shapes.js'

export interface SelectionInput extends SelectorInput {
  /** Absent: no sitemap was found or read. */
  readonly sitemapPages?: ReadonlySet<string>
  /** Sitemaps are turned off (`sitemap: none`): that is why there are no sitemap pages. */
  readonly sitemapOff?: boolean
}

/** Throws when what must be kept passes the budget (kept-budget.ts), with its message. */
export function selectPages(input: SelectionInput): PageSelection {
  const selector = new PageSelector(input)
  const sitemap = input.sitemapPages
  if (sitemap !== undefined) for (const path of sitemap) selector.add(path)
  const outcome = selector.finish({
    found: sitemap !== undefined,
    turnedOff: input.sitemapOff === true,
    pageCount: sitemap?.size ?? 0
  })
  if (outcome.kind === 'over-budget') throw new Error(overBudgetMessage(outcome.overBudget))
  return outcome.selection
}
