/**
 * What a verification keeps of its checks: counts by how each ended (in all and per device,
 * with each device's first and last time to fresh), the times to fresh as a distribution, the
 * checks worth naming (failed, stale, unverifiable, bypassed, gone) and the checks that passed,
 * at most MAX_LISTED_PER_STATE of each, and the pages not proven fresh with every device's check, at
 * most MAX_PROBLEM_PAGES. Never every check: a run of 100,000 pages on three devices keeps the
 * same few hundred kilobytes as a run of ten, and its summary and outputs stay within GitHub's
 * limits.
 */
import type { RetryCause, StaleReason } from '../judge/verdict.js'
import { TimeDistribution } from './time-distribution.js'

export type { StaleReason }

/** Why a check failed, when it is worth telling apart: the edge's clocks disagree. */
export type FailReason = RetryCause

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
 * The states of a check that passed: listed too (the first MAX_LISTED_PER_STATE of each), for a
 * report that names every check, pass or fail (the command line's JUnit file).
 */
export const PASSED_STATES: readonly CheckState[] = ['fresh', 'not-cacheable']

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
  /** Stale: why (the purge has not arrived, or the page was rendered from another build). */
  readonly staleReason?: StaleReason
  /**
   * Stale: after the purge by the edge's clock but not by the runner's, the clocks being more
   * than 5 min apart (verify/judge/edge-clock-skew.ts), so not counted fresh.
   */
  readonly staleInRunnerClockOnly?: true
  /** Failed: why, when it is worth telling apart (`detail` says it in words). */
  readonly failReason?: FailReason
  /** The status of the answer that settled the check: named for a page that is gone (404/410). */
  readonly httpStatus?: number
  /** Stale: the cache date served (edge's clock), when it could be read. */
  readonly cachedAtMs?: number
  /** Stale: the purge's acceptance it was judged against (runner's clock). */
  readonly judgedAgainst?: number
  /** The edge's request and transaction ids of the last answer, which its support asks for. */
  readonly edgeIds?: string
}

/** One page not proven fresh on some device: each device's check, in the run's device order. */
export interface PageRow {
  readonly url: string
  /** Absent for a device whose check did not start before the deadline (or the run stopped). */
  readonly checks: readonly (CheckResult | undefined)[]
}

/** One device's checks: counts by how each ended, and its first and last time to fresh. */
export interface DeviceTally {
  readonly device: string
  readonly counts: StateCounts
  /** From the purge's acceptance (or the run's start) until its first and last check was fresh. */
  readonly firstFreshMs?: number
  readonly lastFreshMs?: number
}

/**
 * Pages kept with every device's check. Pages that need acting on (failed, stale, not started)
 * are kept before the others (gone, unverifiable, bypassed), each up to its own cap.
 */
export const MAX_PROBLEM_PAGES = 1000
const MAX_OTHER_PAGES = 200

/** States that need someone to act: the rows of these pages come first. */
const ACTION_STATES: ReadonlySet<CheckState> = new Set(['failed', 'stale'])
/** States that are not a problem at all: a page with only these is not kept. */
const SETTLED_STATES: ReadonlySet<CheckState> = new Set(['fresh', 'not-cacheable'])

export type StateCounts = Readonly<Record<CheckState, number>>

function emptyCounts(): Record<CheckState, number> {
  return {
    fresh: 0,
    stale: 0,
    gone: 0,
    'not-cacheable': 0,
    unverifiable: 0,
    bypassed: 0,
    failed: 0
  }
}

interface DeviceRecord {
  readonly counts: Record<CheckState, number>
  firstFreshMs?: number
  lastFreshMs?: number
}

export class Tally {
  readonly counts: Record<CheckState, number> = emptyCounts()
  /** Of the fresh checks only. */
  readonly timesToFresh = new TimeDistribution()
  private readonly listedByState = new Map<CheckState, CheckResult[]>(
    [...LISTED_STATES, ...PASSED_STATES].map(state => [state, []])
  )
  warm = 0
  notWarm = 0
  /** Stale checks whose page showed another build (counted in `counts.stale` too). */
  oldContent = 0
  /** Failed checks whose edge's clocks disagreed (counted in `counts.failed` too). */
  clocksDisagree = 0
  private readonly byDevice = new Map<string, DeviceRecord>()
  /** Pages some of whose devices are still being checked: as many as checks under way. */
  private readonly openPages = new Map<string, CheckResult[]>()
  private readonly actionPages: PageRow[] = []
  private readonly otherPages: PageRow[] = []
  /** Pages not proven fresh on some device, in all (kept or not). */
  problemPageCount = 0

  /** `devices`: the run's devices, in order; a page is complete once each has its check. */
  constructor(private readonly devices: readonly string[] = []) {
    for (const device of devices) this.byDevice.set(device, { counts: emptyCounts() })
  }

  get checks(): number {
    return CHECK_STATES.reduce((sum, state) => sum + this.counts[state], 0)
  }

  add(result: CheckResult): void {
    this.counts[result.state]++
    if (result.warm) this.warm++
    if (result.state === 'fresh' && !result.warm) this.notWarm++
    if (result.state === 'stale' && result.staleReason === 'old-content') this.oldContent++
    if (result.failReason === 'clocks-disagree') this.clocksDisagree++
    // Settled is not fresh: a page gone, DYNAMIC or bypassed proves nothing about the purge.
    if (result.state === 'fresh' && result.settledAfterMs !== undefined) {
      this.timesToFresh.add(result.settledAfterMs)
    }
    const listed = this.listedByState.get(result.state)
    if (listed !== undefined && listed.length < MAX_LISTED_PER_STATE) listed.push(result)
    this.addToDevice(result)
    this.addToPage(result)
  }

  /** Each device's counts and times to fresh, in the run's device order. */
  deviceTallies(): DeviceTally[] {
    return [...this.byDevice].map(([device, record]) => ({
      device,
      counts: { ...record.counts },
      ...(record.firstFreshMs !== undefined && { firstFreshMs: record.firstFreshMs }),
      ...(record.lastFreshMs !== undefined && { lastFreshMs: record.lastFreshMs })
    }))
  }

  /**
   * The pages not proven fresh on some device, the ones to act on first. Pages still open (a
   * device not started before the deadline) are closed here: call it once the run has ended.
   */
  pageRows(): PageRow[] {
    for (const [url, checks] of this.openPages) this.closePage(url, checks)
    this.openPages.clear()
    return [...this.actionPages, ...this.otherPages]
  }

  private addToDevice(result: CheckResult): void {
    let record = this.byDevice.get(result.device)
    if (record === undefined) {
      record = { counts: emptyCounts() }
      this.byDevice.set(result.device, record)
    }
    record.counts[result.state]++
    if (result.state !== 'fresh' || result.settledAfterMs === undefined) return
    const at = result.settledAfterMs
    record.firstFreshMs = Math.min(at, record.firstFreshMs ?? at)
    record.lastFreshMs = Math.max(at, record.lastFreshMs ?? at)
  }

  private addToPage(result: CheckResult): void {
    const checks = this.openPages.get(result.url) ?? []
    checks.push(result)
    if (this.devices.length > 0 && checks.length >= this.devices.length) {
      this.openPages.delete(result.url)
      this.closePage(result.url, checks)
    } else {
      this.openPages.set(result.url, checks)
    }
  }

  private closePage(url: string, checks: readonly CheckResult[]): void {
    const byDevice = new Map(checks.map(check => [check.device, check]))
    const devices = this.devices.length > 0 ? this.devices : [...byDevice.keys()]
    const row: PageRow = { url, checks: devices.map(device => byDevice.get(device)) }
    const missing = row.checks.includes(undefined)
    const settled = !missing && checks.every(check => SETTLED_STATES.has(check.state))
    if (settled) return
    this.problemPageCount++
    if (missing || checks.some(check => ACTION_STATES.has(check.state))) {
      if (this.actionPages.length < MAX_PROBLEM_PAGES) this.actionPages.push(row)
    } else if (this.otherPages.length < MAX_OTHER_PAGES) {
      this.otherPages.push(row)
    }
  }

  /** The named checks, failed first, then stale, unverifiable, bypassed and gone, each in the order they ended. */
  listed(): CheckResult[] {
    return LISTED_STATES.flatMap(state => this.listedByState.get(state) ?? [])
  }

  /** The first checks that passed: fresh ones, then not cacheable ones, in the order they ended. */
  passed(): CheckResult[] {
    return PASSED_STATES.flatMap(state => this.listedByState.get(state) ?? [])
  }
}
