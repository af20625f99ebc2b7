/**
 * The verification at the edge, as the rest of the action calls it: verifyPages() checks every
 * page on every device until each is fresh (or settled) or the deadline passes, and says how it
 * went (a Verification). Its parts, each with one job:
 * - options.ts: what it takes and gives back, and the defaults;
 * - polling-loop.ts: the loop that orders the requests under the limits;
 * - one-check.ts: one check, from its first request to its line in the tally;
 * - verify/pace/site-backpressure.ts: the site's backpressure (http/backpressure.ts);
 * - verify/judge/verdict.ts: what one answer says; tally.ts: what the checks leave behind;
 * - verify/judge/status-from-counts.ts: the status from the counts.
 */
import type { CheckResult, CheckState, PageRow } from './tally.js'
import { verificationStatus } from '../judge/status-from-counts.js'
import { DEFAULTS, type PageToCheck, type Verification, type VerifyOptions } from './options.js'
import { VerifyRun } from './polling-loop.js'

export type { CheckResult, CheckState, PageRow }
export type {
  ContentProof,
  OldContentWatcher,
  PageToCheck,
  Progress,
  Verification,
  VerifyOptions
} from './options.js'
export { DEFAULTS, verificationStatus }

/** Checks each page on each device at the edge; resolves when all are settled or the deadline passed. */
export async function verifyPages(
  pages: Iterable<PageToCheck>,
  options: VerifyOptions
): Promise<Verification> {
  return new VerifyRun(pages, options).run()
}
