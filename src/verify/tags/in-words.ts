/**
 * How a traced tag's pages were found, in words the log, the summary and the preview share
 * ("tag blog: 57 pages found among 1,000 read of 12,000 in the sitemap; 20 checked"). Pure, and
 * small: the summary's renderer imports it.
 */
import { andList, grouped, plural } from '../../text/format.js'
import type { TagTraceFacts } from '../choose/selection-shapes.js'

const UNREADABLE_WORDS = {
  'not-cached': 'not cached',
  dynamic: 'DYNAMIC',
  bypassed: 'bypassed',
  status: 'an HTTP error',
  'no-edge': "not the edge's answer",
  error: 'no answer'
} as const

const STOP_WORDS = {
  enough: 'enough pages of each tag were found',
  'all-read': 'every page was read',
  requests: 'the budget of requests was spent',
  time: 'the budget of time was spent'
} as const

/** `57 pages found among 1,000 read of 12,000 in the sitemap` (`this job's part` with a shard). */
export function foundAmong(count: number, facts: TagTraceFacts, part: boolean): string {
  const where = part ? "in this job's part of the sitemap" : 'in the sitemap'
  return `${plural(count, 'page')} found among ${grouped(facts.read)} read of ${grouped(facts.candidates)} ${where}`
}

/** Whether the count is all there is, or a lower bound, and why. */
export function exactness(facts: TagTraceFacts): string {
  return facts.exact
    ? 'exact: every page was read'
    : `at least: ${STOP_WORDS[facts.stoppedBy]}${facts.unreadable > 0 ? ', and some pages could not tell their tags' : ''}`
}

/** `3 pages could not tell their tags (2 not cached, 1 DYNAMIC): counted, not guessed.` */
export function unreadableWords(facts: TagTraceFacts): string | undefined {
  if (facts.unreadable === 0) return undefined
  // In the table's order, whatever order the answers came in.
  const reasons = Object.entries(UNREADABLE_WORDS)
    .filter(([why]) => (facts.unreadableBy[why as keyof typeof UNREADABLE_WORDS] ?? 0) > 0)
    .map(
      ([why, words]) =>
        `${grouped(facts.unreadableBy[why as keyof typeof UNREADABLE_WORDS] ?? 0)} ${words}`
    )
  return `${plural(facts.unreadable, 'page')} read could not tell their tags (${andList(reasons)}): counted, never taken to carry a tag or not. A page not cached has no tags to tell (reading it starts its render, when it is cacheable, so a later run can read it).`
}

/** For a tag no page read carries. */
export function noPageCarries(tag: string, facts: TagTraceFacts): string {
  return `No page read carries tag ${tag} (${grouped(facts.read)} read of ${grouped(facts.candidates)}): a typo, or a tag on pages not in the sitemap (or not read: ${STOP_WORDS[facts.stoppedBy]}). The purge of it is not proven; list its pages in verify_urls.`
}
