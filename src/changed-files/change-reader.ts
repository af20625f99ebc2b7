/**
 * Where a run's changed files come from, chosen by the entry: GitHub's REST API for the action
 * (the event says which commits), the local git repository for the command line (its flags or
 * the CI's variables say which). The changed-files step asks a reader for the range, then for
 * the files, maps them through url_map and reports them the same way whichever it is: the core
 * never asks which entry it runs under. Types only: each reader loads its code when asked.
 */
import type { Diagnostics } from '../core/diagnostics.js'
import type { ChangedFilesSettings, ChangeSourceKind } from './settings.js'

export type { ChangeSourceKind }

/** The changed files of a range, deduplicated and sorted, and what to tell about them. */
export interface ChangeListing {
  readonly files: readonly string[]
  /**
   * The files among them with no file at their path at the end of the range (deleted, renamed
   * away, or added then deleted): their pages are expected to be gone. Sorted.
   */
  readonly gone?: readonly string[]
  /** The range used and why, e.g. `push abc1234...def5678`. */
  readonly description: string
  readonly notices: readonly string[]
  readonly warnings: readonly string[]
  /** How they were read, for the log: `3 GitHub API request(s)`, `git diff`. */
  readonly readWith: string
}

/** A range decided, not yet listed. */
export interface PlannedListing {
  /** The range and why, as decided before anything is asked. */
  readonly description: string
  /** Set when there is nothing to list (a deleted branch, a failed deploy): said to the user. */
  readonly nothingReason?: string
  /** The files; throws ChangedFilesError when they cannot all be known (nothing is purged). */
  list(): Promise<ChangeListing>
}

export interface ChangeReader {
  readonly kind: ChangeSourceKind
  /** What started the run, as the summary names it when the listing fails: the event, `git`. */
  readonly trigger: string
  /** The range the settings ask for; input problems that only it reveals go to `diag`. */
  plan(changed: ChangedFilesSettings, diag: Diagnostics): Promise<PlannedListing>
}
