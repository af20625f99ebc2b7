/**
 * What the judging of the new renders gives the report (types and numbers only, so that the
 * report names them without loading the judge): the problems, page by page and device by
 * device, and what changed for crawlers since the old render.
 */

/** Every problem a render can have, by the name the input, the outputs and the docs use. */
export const RENDER_PROBLEM_REASONS = [
  'blank',
  'shell',
  'soft-404',
  'noindex',
  'canonical-off-host',
  'structured-data-broken'
] as const

export type RenderProblemReason = (typeof RENDER_PROBLEM_REASONS)[number]

/** What a crawler now sees differently from the old render: one field, old and new, in words. */
export interface RenderChange {
  readonly field: 'title' | 'canonical' | 'robots' | 'structured-data' | 'text'
  readonly old: string
  readonly new: string
}

/**
 * The render faults, which a render of its own may not repeat: the page is rendered again once.
 * The others come from the build, which only a new build fixes.
 */
export const RERENDER_REASONS: ReadonlySet<RenderProblemReason> = new Set([
  'blank',
  'shell',
  'soft-404'
])

/** Rows kept of each list at most: the rest are counted, so a big site stays small. */
export const MAX_LISTED_RENDERS = 1000

/**
 * Pages a run purges by URL to render them again, at most: past that, a render fault is named,
 * not purged (a page's render is no way to make the action purge without end).
 */
export const MAX_RERENDERS = 100

/**
 * What was done for a render fault (blank, shell, soft 404): rendered again by a purge and still
 * at fault; purged, but no render made after it read before the deadline; not purged, as this
 * job purges nothing or the run's cap was reached; or the purge failed (why).
 */
export type RerenderOutcome = 'still' | 'unread' | 'no-purge' | 'cap' | { readonly failed: string }

/** A render fault that a purge and a render of its own repaired. */
export interface RerenderedRow {
  readonly url: string
  readonly device: string
  /** The fault the first new render had, and its words. */
  readonly reason: RenderProblemReason
  readonly detail: string
}

/** One problem of one new render (a page on a device). */
export interface RenderProblemRow {
  readonly url: string
  readonly device: string
  readonly reason: RenderProblemReason
  /** What the new render has, in one plain sentence. */
  readonly detail: string
  /** What the old render had, when it was read and compared. */
  readonly old?: string
  /** For a render fault: what was done to render it again. */
  readonly rerender?: RerenderOutcome
}

/** What a crawler now sees differently on a page, on the devices where it is the same change. */
export interface RenderChangeRow {
  readonly url: string
  readonly devices: readonly string[]
  readonly changes: readonly RenderChange[]
}

/** Why the looks before the purge ended before every check had one. */
export type LooksEnded = 'cap' | 'time' | 'overload'

/** The looks before the purge (read-before-purge.ts): what they found, and what they cost. */
export interface LookCounts {
  /** Old renders read whole, pages with no render cached, looks that read nothing. */
  readonly oldRenders: number
  readonly noneCached: number
  readonly notRead: number
  /** Checks that had no look: the looks ended first (`ended` says why). */
  readonly left: number
  readonly requests: number
  readonly durationMs: number
  /** The longest the purge waited for them. */
  readonly limitMs: number
  readonly ended?: LooksEnded
}

export interface RenderVerification {
  /** (page, device) renders judged: fresh checks whose cached render was read. */
  readonly judged: number
  /**
   * Fresh checks whose render was not judged: read only in part (what came after the cut is not
   * known), not HTML, or no HIT of it read before the checks ended. Counted, not a problem.
   */
  readonly notJudged: number
  /** Of those, the ones compared with the old render (read before the purge reached them). */
  readonly comparedWithOld: number
  /** Judged without an old render: the look before the purge found none cached. */
  readonly noneCachedBefore: number
  /** The looks before the purge, when they were made. */
  readonly before?: LookCounts
  /** Renders with at least one problem, and the problems in all (a render may have several). */
  readonly badRenders: number
  readonly problems: number
  /** The first MAX_LISTED_RENDERS problems. */
  readonly listed: readonly RenderProblemRow[]
  /** Render faults rendered again by a purge and whole since, and the first of them. */
  readonly rerendered: number
  readonly rerenderedRows: readonly RerenderedRow[]
  /** Renders with a change for crawlers, and the first MAX_LISTED_RENDERS pages' rows. */
  readonly changed: number
  readonly changes: readonly RenderChangeRow[]
}
