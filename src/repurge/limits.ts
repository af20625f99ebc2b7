/**
 * The numbers of re-purging old content that the summary states: apart from the repurger, so
 * that the summary loads only these.
 */
import { andList, plural } from '../text/format.js'

/** How many pages with old content a run names in its report (the rest are counted). */
export const MAX_REPORTED_PAGES = 1000

/** When a page that showed old content is purged again (schedule.ts): its n-th re-purge's delay. */
export const REPURGE_DELAYS_MS: readonly number[] = [5000, 10_000, 20_000]

/**
 * The re-purges as the messages tell them (`at most 3 times`, `5, 10 and 20 s after`), built
 * from REPURGE_DELAYS_MS so that what the log and the summary say cannot drift from it.
 */
export const REPURGE_TIMES_TEXT = plural(REPURGE_DELAYS_MS.length, 'time')
export const REPURGE_DELAYS_TEXT = `${andList(REPURGE_DELAYS_MS.map(ms => String(ms / 1000)))} s`
