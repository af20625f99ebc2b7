/**
 * The plan in the log: a long plan prints its counts and its first entries, not every URL (a
 * 20,000-URL purge would print 586 KB of log); every entry is in the `urls`/`tags` outputs and,
 * when an output is cut, in the file `full_lists_file` names.
 */
import { describe, expect, it } from '@jest/globals'
import { describePlan, PLAN_ENTRIES_SHOWN } from '../../src/steps/purge.js'
import { chunk } from '../../src/core/lists.js'
import type { Plan } from '../../src/core/purge.js'

function urlPlan(count: number, batch: number): Plan {
  const urls = Array.from({ length: count }, (_, index) => `/page-${index + 1}`)
  return {
    targets: { tags: [], urls, patterns: [] },
    requests: chunk(urls, batch).map((items, index) => ({ index, kind: 'url' as const, items })),
    warnings: []
  }
}

describe('the plan in the log', () => {
  it('a short plan shows every request as sent', () => {
    expect(describePlan(urlPlan(3, 2))).toEqual([
      '#1 POST url {"url":["/page-1","/page-2"]}',
      '#2 POST url {"url":["/page-3"]}'
    ])
  })

  it('a 20,000-URL plan shows its counts and its first entries, not every URL', () => {
    const lines = describePlan(urlPlan(20_000, 100))
    const log = lines.join('\n')
    expect(log.length).toBeLessThan(5_000)
    for (let index = 1; index <= PLAN_ENTRIES_SHOWN; index++)
      expect(log).toContain(`"/page-${index}"`)
    expect(log).not.toContain(`"/page-${PLAN_ENTRIES_SHOWN + 1}"`)
    expect(log).toContain('#1 POST url: 100 URLs')
    expect(lines.at(-1)).toBe(
      "… and 199 more requests (#2 to #200): 19,900 URLs in all. Every URL is in the 'urls' output, and in the file 'full_lists_file' names when that output is cut."
    )
  })
})
