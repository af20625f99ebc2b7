/**
 * What verifyPages (verify-pages.ts) takes and gives back: the pages to check, the options and
 * their defaults, the result (Verification), and what it tells while it runs (Progress,
 * Overload). Types and numbers only, so that the settings and the report can name them without
 * loading the loop.
 */
import type { VerifyStatus } from '../../core/constants.js'
import type { BuildId } from '../../build/build-id.js'
import type { Backoff } from '../../http/backoff.js'
import type { SkewEstimate } from '../judge/edge-clock-skew.js'
import type { Device } from '../devices.js'
import type { GetAsset, GetPage } from './read-page.js'
import type { AssetVerification } from '../assets/asset-results.js'
import type { PurgeAssetPaths } from '../assets/repair-queue.js'
import type { AssetScope } from '../assets/page-references.js'
import type { RenderCheckOptions } from '../render/render-checks.js'
import type { RenderVerification } from '../render/render-results.js'
import type { Clock } from '../../time/clock.js'
import type { CheckResult, DeviceTally, PageRow, StateCounts } from './tally.js'

export interface PageToCheck {
  /** The page's absolute URL on the site. */
  readonly url: URL
  /**
   * The runner's time of the answer that accepted this page's purge; absent when nothing was
   * purged (mode: verify without purged_at): then any HIT counts, and EXTRACTING is warmed.
   */
  readonly purgeAcceptedAt?: number
}

export interface Verification {
  readonly status: VerifyStatus
  /** Set when the verification stopped at once (no status header: not the public site). */
  readonly fatal?: string
  /** Checks made, by how each ended. */
  readonly counts: StateCounts
  /** Checks made in all: the sum of `counts`. */
  readonly checks: number
  /** Checks never started: the deadline came first. */
  readonly notReached: number
  /** The checks worth naming (failed, stale, unverifiable, gone), at most a thousand of each. */
  readonly listed: readonly CheckResult[]
  /** The checks that passed (fresh, not cacheable), at most a thousand of each: the rest are counted. */
  readonly passed: readonly CheckResult[]
  /** Pages not proven fresh on some device, with each device's check (tally.ts keeps which). */
  readonly pages: readonly PageRow[]
  /** Pages not proven fresh on some device, in all. */
  readonly problemPages: number
  /** Each device's counts and first and last time to fresh, in the order of the devices. */
  readonly byDevice: readonly DeviceTally[]
  /** Runner's clock: what times to fresh count from (the last acceptance, or the start). */
  readonly measuredFrom: number
  /** Runner's clock: when the first check was taken, and the deadline. */
  readonly startedAt: number
  readonly deadline: number
  /**
   * Times from the purge's acceptance until a check was seen fresh, over the fresh checks only
   * (a page gone, DYNAMIC or bypassed is settled, not fresh); absent when none was fresh.
   */
  readonly timeToFresh?: TimeToFresh
  /** From a purge's acceptance until a check was first seen going from stale to fresh here. */
  readonly arrivalAfterMs?: number
  readonly warm: number
  /** Fresh checks that did not answer HIT before the warm-up window closed. */
  readonly notWarm: number
  /** Stale checks whose page was rendered from another build (in `counts.stale` too). */
  readonly oldContent: number
  /**
   * Failed checks whose last answers had a cache date after their own `Date`: the edge's clocks
   * disagree (in `counts.failed` too).
   */
  readonly clocksDisagree: number
  readonly skew: SkewEstimate
  readonly requests: number
  /** From the first check taken until the last one ended. */
  readonly durationMs: number
  /**
   * The site's overloads (a 429, or a 5xx with `Retry-After`), each pausing every request, and
   * how long they held the requests back in all; absent when there was none.
   */
  readonly overloads?: { readonly count: number; readonly heldBackMs: number }
  /**
   * Set when the checks ended before the deadline because no request could leave before it any
   * more: the rate's next turn came at or after it, or an overload's hold lasted to it
   * ('push-back'). `at` is the runner's time; the checks not started are in `notReached`.
   */
  readonly endedEarly?: { readonly at: number; readonly cause: 'rate' | 'push-back' }
  /**
   * The assets the fresh pages reference, checked at the edge; absent when the asset checks
   * are off or no page was fresh.
   */
  readonly assets?: AssetVerification
  /**
   * The new renders of the fresh pages, judged as a crawler gets them; absent when renders are
   * not judged or none was read.
   */
  readonly renders?: RenderVerification
}

export interface TimeToFresh {
  /** Fresh checks the times are over. */
  readonly count: number
  /** The median, within 0.1 s (time-distribution.ts). */
  readonly medianMs: number
  readonly slowestMs: number
}

/** Told of each page seen with old content; says when a page was purged again since. */
export interface OldContentWatcher {
  /** Old content on `page`, seen at `at`, judged against the purge accepted at `purgedAt`. */
  seen(page: URL, at: number, purgedAt: number | undefined): void
  /** When `page` was last purged again (runner's clock), if it was: later answers are judged against it. */
  repurgedAt(page: URL): number | undefined
}

/** verify_assets: the assets of each page proven fresh are checked at the edge too. */
export interface AssetOptions {
  /** Whose assets are checked: the site's origin and `asset_hosts`. */
  readonly scope: AssetScope
  /** How an asset is asked for (a fake in tests). */
  readonly getAsset: GetAsset
  /** Purges asset paths by URL, batched; absent: broken assets are named, never purged. */
  readonly repair?: PurgeAssetPaths
}

/** verify_content: a check is fresh only when its page shows the build. */
export interface ContentProof {
  readonly build: BuildId
  /**
   * The builds a page may show to be fresh, asked at each request: this run's, and a newer one
   * that holds it once the run learns it is live (build/build-succession.ts). Absent: `build`.
   */
  readonly accepted?: () => readonly BuildId[]
  readonly oldContent?: OldContentWatcher
  /** Aborts when the deploy was rolled back: the checks end at once (status `rolled-back`). */
  readonly rolledBack?: AbortSignal
}

export interface VerifyOptions {
  readonly getPage: GetPage
  /** The asset checks; absent: only the pages are checked. */
  readonly assets?: AssetOptions
  /** The content proof; absent: pages are judged by their headers alone. */
  readonly content?: ContentProof
  /** verify_renders: each fresh page's new render is judged; absent: renders are not read. */
  readonly renders?: RenderCheckOptions
  readonly clock: Clock
  readonly random?: () => number
  readonly devices: readonly Device[]
  /** How many pages the iterable yields: the progress and its ETA count with it. */
  readonly pageCount: number
  /** Times to fresh count from here: the last purge's acceptance; absent: the run's start. */
  readonly lastAcceptedAt?: number
  /** The runner's time after which no check starts and stale checks end. */
  readonly deadline: number
  readonly requestTimeoutMs: number
  readonly concurrency?: number
  /** The most page requests a second (the `rate` input); absent: only `concurrency` bounds them. */
  readonly ratePerSecond?: number
  readonly staleBackoff?: Backoff
  readonly warmBackoff?: Backoff
  /** How long to keep warming after every check is fresh. */
  readonly warmWindowMs?: number
  /** Checks under way at once, at most: what bounds the loop's memory. */
  readonly window?: number
  readonly progressEveryMs?: number
  readonly onProgress?: (progress: Progress) => void
  /** Told of each overload of the site (once per pause, not per answer). */
  readonly onOverload?: (overload: Overload) => void
  /** The site's address, for the error when it does not answer through the cache. */
  readonly siteLabel: string
}

export interface Progress {
  readonly checks: number
  /** Checks ended (fresh, stale at the deadline, gone, ...). */
  readonly done: number
  /** Checks seen fresh (or gone, not cacheable, unverifiable): still warming ones included. */
  readonly fresh: number
  /** Checks whose last answer was stale: waiting for the purge, or for old content to go. */
  readonly staleNow: number
  /** Of those, the ones whose last answer was old content (content proof). */
  readonly oldContentNow: number
  readonly requests: number
  /** Requests a second since the last report. */
  readonly requestsPerSecond: number
  readonly elapsedMs: number
  /** At the pace of checks ending since the last report; absent when none ended. */
  readonly etaMs?: number
}

/** One overload of the site or of an asset host, as the log tells it (explain.ts). */
export interface Overload {
  /**
   * The host of `asset_hosts` that was overloaded (its origin): only its own requests wait.
   * Absent: the site itself, whose every request waits.
   */
  readonly host?: string
  readonly status: number
  /** The site's `Retry-After`, as it wrote it; absent: the pause is the backoff. */
  readonly retryAfter?: string
  /** How long every request waits from now. */
  readonly pauseMs: number
  /** The requests in flight at most once it ends (halved). */
  readonly inFlight: number
}

/** What an option left out stands for, and the loop's own fixed numbers. */
export const DEFAULTS = {
  concurrency: 6,
  warmBackoff: { firstMs: 1000, maxMs: 15_000, factor: 1.5, jitter: 0.2 },
  warmWindowMs: 60_000,
  progressEveryMs: 15_000,
  /**
   * Enough checks under way to keep the site busy at 1,000 requests a second while each fresh
   * page waits about a second to be asked again (the warm-up), few enough to stay small.
   */
  window: 2048,
  /**
   * With a rate, the checks under way are what the rate serves in this many seconds: more would
   * only queue, and a queue of stale checks would hold back the probe that sees the purge arrive.
   */
  windowSecondsAtRate: 4,
  /** A stale check woken early still waits this long after its last request. */
  minWakeGapMs: 500
} as const

/** The checks under way at once: `window`, or with a rate what it serves in a few seconds. */
export function checksUnderWay(options: VerifyOptions): number {
  if (options.window !== undefined) return options.window
  const rate = options.ratePerSecond
  if (rate === undefined) return DEFAULTS.window
  const atRate = Math.ceil(rate * DEFAULTS.windowSecondsAtRate)
  return Math.min(DEFAULTS.window, Math.max(options.devices.length, 8, atRate))
}
