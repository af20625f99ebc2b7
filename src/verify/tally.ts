/**
 * What a verification keeps of its checks: counts by how each ended, the times to fresh as a
 * distribution, and the checks worth naming (failed, stale, unverifiable, bypassed, gone), at most
 * MAX_LISTED_PER_STATE of each. Never every check: a run of 100,000 pages on three devices keeps
 * the same few hundred kilobytes as a run of ten, and its summary and outputs stay within
 * GitHub's limits.
 */
import type { StaleReason } from './judge.js'
import { TimeDistribution } from './time-distribution.js'

export type { StaleReason }

export type CheckState =
  'fresh' | 'stale' | 'gone' | 'not-cacheable' | 'unverifiable' | 'bypassed' | 'failed'

export const CHECK_STATES: readonly CheckState[] = [
  'fresh',
  'stale',
  'gone',
  'not-cacheable',
  'unverifiable',
  'bypassed',
  'failed'
]

/** The states whose checks are named (in the summary, the `stale` output, warnings). */
export const LISTED_STATES: readonly CheckState[] = [
  'failed',
  'stale',
  'unverifiable',
  'bypassed',
  'gone'
]

/**
 * Checks named per listed state. The summary shows fewer; the `stale` output is cut to its byte
 * limit anyway: beyond this, a list says how many more there are.
 */
export const MAX_LISTED_PER_STATE = 1000

export interface CheckResult {
  readonly url: string
  readonly device: string
  readonly state: CheckState
  /** Seen as HIT after the purge. */
  readonly warm: boolean
  /** From the last purge's acceptance until the check was seen settled (fresh, gone, ...). */
  readonly settledAfterMs?: number
  readonly requests: number
  /**
   * Stale: the cache date served (and, for old content, what the body lacked); bypassed: the
   * edge's reason; failed: what went wrong. With the edge's ids when known.
   */
  readonly detail?: string
  /** Stale: why (the purge has not arrived, or the page was rendered from the previous build). */
  readonly staleReason?: StaleReason
  /** The status of the answer that settled the check: named for a page that is gone (404/410). */
  readonly httpStatus?: number
}

export type StateCounts = Readonly<Record<CheckState, number>>

export class Tally {
  readonly counts: Record<CheckState, number> = {
    fresh: 0,
    stale: 0,
    gone: 0,
    'not-cacheable': 0,
    unverifiable: 0,
    bypassed: 0,
    failed: 0
  }
  readonly timesToFresh = new TimeDistribution()
  private readonly listedByState = new Map<CheckState, CheckResult[]>(
    LISTED_STATES.map(state => [state, []])
  )
  warm = 0
  notWarm = 0
  /** Stale checks whose page showed the previous build (counted in `counts.stale` too). */
  oldContent = 0

  get checks(): number {
    return CHECK_STATES.reduce((sum, state) => sum + this.counts[state], 0)
  }

  add(result: CheckResult): void {
    this.counts[result.state]++
    if (result.warm) this.warm++
    if (result.state === 'fresh' && !result.warm) this.notWarm++
    if (result.state === 'stale' && result.staleReason === 'old-content') this.oldContent++
    if (result.settledAfterMs !== undefined) this.timesToFresh.add(result.settledAfterMs)
    const listed = this.listedByState.get(result.state)
    if (listed !== undefined && listed.length < MAX_LISTED_PER_STATE) listed.push(result)
  }

  /** The named checks, failed first, then stale, unverifiable, bypassed and gone, each in the order they ended. */
  listed(): CheckResult[] {
    return LISTED_STATES.flatMap(state => this.listedByState.get(state) ?? [])
  }
}
