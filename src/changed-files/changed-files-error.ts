/**
 * The one error of the changed-files listing, and the advice its messages share. Apart from the
 * GitHub client, the queries and the lookups that all throw it, so that none of them imports
 * another for it. The changed-files step knows it by its name: whatever throws it, nothing is
 * purged.
 */

/** A listing of changed files that failed or may be incomplete; nothing must be purged. */
export class ChangedFilesError extends Error {
  override name = 'ChangedFilesError'
}

/** What to do when the changed files cannot all be known: said by every such error. */
export const NARROWER_RANGE_ADVICE =
  'set base_sha/head_sha to a narrower range, or purge by pattern or tag instead'
