/**
 * How much of a selection one job may keep in memory, and what to say when its part is more.
 * The sitemaps stream through the selection, which keeps only the pages the run checks: a
 * sample of verify_limit pages (at most 100,000) always fits; `verify_limit: 0` keeps every page
 * of the job's part, which over a million long URLs is gigabytes. Such a run stops before
 * anything is purged, naming `shard` and the numbers, instead of dying of "JavaScript heap out
 * of memory" after the purge with no summary.
 */
import { grouped } from '../../text/format.js'
import type { Shard } from './shard.js'
import { MAX_SHARDS } from './shard.js'

/**
 * The most a job keeps of its selected pages: 256 MiB, counting each page as the characters of
 * its path and query plus PAGE_OVERHEAD_BYTES. A runner has 7 GiB or more, and Node's heap is
 * 2 GiB or more on it; with the rest of a run (about 150 MiB) a job stays under 600 MiB. One
 * part of a million 2,000-character pages split in 10 (about 210 MiB) fits; 100,000 pages of
 * the longest URLs the sitemap reader takes (2,048 characters), verify_limit's most, fit too.
 */
export const KEPT_PAGES_BUDGET_BYTES = 256 * 1024 * 1024

/**
 * What keeping a page costs beyond its characters: its copy's two string headers, its entry
 * in the sample, then the page the selection hands over (measured on Node 20 with 100,000 short
 * pages kept: 160 bytes a page in the sample, 210 while both are alive at the end).
 */
export const PAGE_OVERHEAD_BYTES = 200

/** What keeping a page costs, as the budget counts it (URLs are ASCII: a byte a character). */
export function keptCost(path: string): number {
  return path.length + PAGE_OVERHEAD_BYTES
}

/** A part that does not fit: its numbers, for the message. */
export interface OverBudget {
  /** Pages this job would keep: its part, after verify_limit. */
  readonly pages: number
  readonly bytes: number
  readonly budgetBytes: number
  /** Every job's pages together (the whole selection), for how many parts would fit. */
  readonly selectedPages: number
  readonly selectedBytes: number
  readonly limit: number
  readonly shard?: Shard
}

const mebibytes = (bytes: number): string => `${grouped(Math.ceil(bytes / 2 ** 20))} MiB`

/**
 * Why the run stops, with the numbers and what to set: `shard` over enough jobs that each part
 * fits with room to spare (parts differ by chance: about 1 % at 100,000 pages a part), or a
 * verify_limit.
 */
export function overBudgetMessage(over: OverBudget): string {
  const part = over.shard
    ? `this job's part (shard ${over.shard.index}/${over.shard.count})`
    : 'the selection'
  const keeps =
    over.limit === Number.POSITIVE_INFINITY
      ? `verify_limit: 0 keeps every page of ${part} in memory`
      : `verify_limit: ${grouped(over.limit)} keeps that many pages of ${part} in memory`
  const numbers = `${grouped(over.pages)} pages, ${mebibytes(over.bytes)} counted with their URLs, where one job keeps at most ${mebibytes(over.budgetBytes)}`
  const parts = Math.max(
    (over.shard?.count ?? 1) + 1,
    Math.ceil(over.selectedBytes / (over.budgetBytes * 0.9))
  )
  const split =
    parts <= MAX_SHARDS
      ? `set shard to split the ${grouped(over.selectedPages)} selected pages across a job matrix of at least ${parts} jobs (shard: \${{ matrix.shard }}/${parts}, about ${mebibytes(over.selectedBytes / parts)} each)`
      : `lower verify_limit (even ${MAX_SHARDS} shards, a matrix's most, leave parts over the budget)`
  const orSample =
    over.limit === Number.POSITIVE_INFINITY
      ? ', or give verify_limit a number to check a sample'
      : parts <= MAX_SHARDS
        ? ', or lower verify_limit'
        : ''
  return `${keeps}: ${numbers}. To check them, ${split}${orSample}.`
}
