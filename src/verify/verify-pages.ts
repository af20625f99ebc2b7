/**
 * The polling loop: asks the public site for every (page, device) check until each is settled
 * or the deadline passes. A stale check is asked again with a growing, jittered delay; once
 * one check turns from stale to fresh (the purge has reached this data center), the other
 * stale checks are asked again at once instead of sleeping out their delay. At most
 * `concurrency` requests are in flight, across all pages and devices. Pages first seen
 * EXTRACTING are asked again until they answer HIT (warm), for a while after all are fresh.
 * Judging is judge.ts's job; this module only orders the requests.
 */
import type { VerifyStatus } from '../constants.js'
import { retryAfterMs } from '../retry-after.js'
import type { Clock } from '../clock.js'
import { observeSkew, skewMs, UNMEASURED_SKEW, type SkewEstimate } from './clock.js'
import type { Device } from './devices.js'
import { parseEdgeDate } from './edge-date.js'
import {
  edgeHeaderPrefix,
  edgeIds,
  headerValue,
  isRetryableStatus,
  judge,
  type SiteAnswer,
  type Verdict
} from './judge.js'
import { Semaphore } from './limiter.js'
import { SiteTransportError, type SiteHead } from './site-transport.js'

export interface Check {
  /** The page's absolute URL on the site. */
  readonly url: URL
  readonly device: Device
  /** The runner's time of the answer that accepted this page's purge. */
  readonly purgeAcceptedAt: number
}

export type CheckState = 'fresh' | 'stale' | 'gone' | 'not-cacheable' | 'unverifiable' | 'failed'

export interface CheckResult {
  readonly url: string
  readonly device: string
  readonly state: CheckState
  /** Seen as HIT after the purge. */
  readonly warm: boolean
  /** From the last purge's acceptance until the check was settled (fresh, gone, ...). */
  readonly settledAfterMs?: number
  readonly requests: number
  /** Stale: the cache date served; failed: what went wrong. With the edge's ids when known. */
  readonly detail?: string
}

export interface Verification {
  readonly status: VerifyStatus
  readonly checks: readonly CheckResult[]
  /** Set when the verification stopped at once (no status header: not the public site). */
  readonly fatal?: string
  /** From the last purge's acceptance until the last check was settled; absent if none was. */
  readonly settledAfterMs?: number
  readonly warm: number
  /** Fresh checks that did not answer HIT before the warm-up window closed. */
  readonly notWarm: number
  readonly skew: SkewEstimate
  readonly requests: number
}

export interface Backoff {
  readonly firstMs: number
  readonly maxMs: number
  readonly factor: number
  /** The delay is multiplied by a random factor in [1 - jitter, 1 + jitter]. */
  readonly jitter: number
}

export interface VerifyOptions {
  readonly getPage: (url: URL, userAgent: string, timeoutMs: number) => Promise<SiteHead>
  readonly clock: Clock
  readonly random?: () => number
  /** The last purge's acceptance (runner's clock); the deadline counts from it. */
  readonly lastAcceptedAt: number
  readonly timeoutMs: number
  readonly requestTimeoutMs: number
  readonly concurrency?: number
  readonly staleBackoff?: Backoff
  readonly warmBackoff?: Backoff
  /** How long to keep warming after every check is fresh. */
  readonly warmWindowMs?: number
  readonly progressEveryMs?: number
  readonly onProgress?: (progress: Progress) => void
  /** The site's address, for the error when it does not answer through the cache. */
  readonly siteLabel: string
}

export interface Progress {
  readonly pagesFresh: number
  readonly pages: number
  readonly checksSettled: number
  readonly checks: number
  readonly elapsedMs: number
}

export const DEFAULTS = {
  concurrency: 6,
  staleBackoff: { firstMs: 2000, maxMs: 15_000, factor: 1.5, jitter: 0.2 },
  warmBackoff: { firstMs: 1000, maxMs: 15_000, factor: 1.5, jitter: 0.2 },
  warmWindowMs: 60_000,
  progressEveryMs: 15_000,
  /** A stale check woken early still waits this long after its last request. */
  minWakeGapMs: 500
} as const

/** The longest wait a site's `Retry-After` is granted: a longer one is cut to this. */
export const MAX_SITE_RETRY_AFTER_MS = 60_000

/** A judged answer: the verdict is made once, in ask(), with the skew known then. */
interface Judged {
  readonly answer: SiteAnswer
  readonly verdict: Verdict
}

export async function verifyChecks(
  checks: readonly Check[],
  options: VerifyOptions
): Promise<Verification> {
  return new VerifyRun(checks, options).run()
}

class VerifyRun {
  private readonly clock: Clock
  private readonly random: () => number
  private readonly deadline: number
  private readonly limiter: Semaphore
  private readonly stopAll = new AbortController()
  private readonly results: (CheckResult | undefined)[]
  private readonly freshAt: (number | undefined)[]
  /** Wakes each stale check sleeping out its backoff. */
  private readonly staleSleepers = new Set<() => void>()
  private skew: SkewEstimate = UNMEASURED_SKEW
  private sawStatusHeader = false
  private fatal: string | undefined
  private requests = 0
  private pendingFreshness: number
  /** When the last check stopped waiting for freshness: the warm-up window opens then. */
  private allFreshAt: number | undefined

  constructor(
    private readonly checks: readonly Check[],
    private readonly options: VerifyOptions
  ) {
    this.clock = options.clock
    this.random = options.random ?? Math.random
    this.deadline = options.lastAcceptedAt + options.timeoutMs
    this.limiter = new Semaphore(options.concurrency ?? DEFAULTS.concurrency)
    this.results = new Array(checks.length)
    this.freshAt = new Array(checks.length)
    this.pendingFreshness = checks.length
  }

  async run(): Promise<Verification> {
    const started = this.clock.now()
    const progressDone = new AbortController()
    const progress = this.reportProgress(started, progressDone.signal)
    await Promise.all(this.checks.map((check, index) => this.runCheck(check, index)))
    progressDone.abort()
    await progress
    return this.summarize()
  }

  private async reportProgress(started: number, done: AbortSignal): Promise<void> {
    const every = this.options.progressEveryMs ?? DEFAULTS.progressEveryMs
    for (;;) {
      await this.clock.sleep(every, done)
      if (done.aborted) return
      this.options.onProgress?.(this.progress(started))
    }
  }

  private progress(started: number): Progress {
    const pages = new Map<string, boolean>()
    let settled = 0
    this.checks.forEach((check, index) => {
      const result = this.results[index]
      if (this.freshAt[index] !== undefined || result !== undefined) settled++
      // Stale and failed checks are settled at the deadline, but not fresh.
      const fresh =
        this.freshAt[index] !== undefined ||
        (result !== undefined && result.state !== 'stale' && result.state !== 'failed')
      pages.set(check.url.href, (pages.get(check.url.href) ?? true) && fresh)
    })
    return {
      pagesFresh: [...pages.values()].filter(Boolean).length,
      pages: pages.size,
      checksSettled: settled,
      checks: this.checks.length,
      elapsedMs: this.clock.now() - started
    }
  }

  private async runCheck(check: Check, index: number): Promise<void> {
    let attempt = 0
    let requests = 0
    let lastProblem: string | undefined
    let lastStale: string | undefined
    let wasStale = false
    const finish = (result: Omit<CheckResult, 'url' | 'device' | 'requests'>): void => {
      this.results[index] = { url: check.url.href, device: check.device.name, requests, ...result }
      if (this.freshAt[index] === undefined) this.doneWaitingForFreshness()
    }

    while (!this.stopAll.signal.aborted) {
      if (this.clock.now() >= this.deadline) {
        if (lastStale !== undefined && lastProblem === undefined) {
          finish({ state: 'stale', warm: false, detail: lastStale })
        } else {
          finish({
            state: 'failed',
            warm: false,
            detail: `still failing at the deadline: ${lastProblem ?? 'no answer'}`
          })
        }
        return
      }
      const asked = await this.ask(check)
      if (asked === 'stopped') return
      requests++
      if (asked instanceof SiteTransportError) {
        lastProblem = asked.kind === 'timeout' ? `timeout (${asked.message})` : asked.message
        await this.sleep(this.delay(DEFAULTS.staleBackoff, attempt++, this.options.staleBackoff))
        continue
      }
      const { answer, verdict } = asked
      const ids = edgeIds(answer.headers)
      switch (verdict.kind) {
        case 'retry':
          lastProblem = ids ? `${verdict.reason} (${ids})` : verdict.reason
          await this.sleep(this.retryWait(answer, attempt++))
          continue
        case 'no-status-header':
          // ask() stopped the run already when no answer ever had the header.
          if (this.stopAll.signal.aborted) return
          if (verdict.gone) {
            this.markFresh(index, wasStale)
            finish({ state: 'gone', warm: false, ...this.settled(index) })
            return
          }
          finish({
            state: 'failed',
            warm: false,
            detail: `HTTP ${answer.status} without a *-Kc-Status header`
          })
          return
        case 'stale': {
          lastProblem = undefined
          lastStale = ids ? `${verdict.cacheDate} (${ids})` : verdict.cacheDate
          wasStale = true
          const delay = this.delay(DEFAULTS.staleBackoff, attempt++, this.options.staleBackoff)
          await this.sleepWakeable(delay, this.clock.now())
          continue
        }
        case 'fresh':
          this.markFresh(index, wasStale)
          if (!verdict.warm) {
            const warm = await this.warmUp(check)
            requests += warm.requests
            finish({ state: 'fresh', warm: warm.warm, ...this.settled(index) })
          } else {
            finish({ state: 'fresh', warm: true, ...this.settled(index) })
          }
          return
        case 'gone':
        case 'not-cacheable':
        case 'unverifiable':
          this.markFresh(index, wasStale)
          finish({ state: verdict.kind, warm: false, ...this.settled(index) })
          return
      }
    }
  }

  private settled(index: number): { settledAfterMs?: number } {
    const at = this.freshAt[index]
    return at === undefined ? {} : { settledAfterMs: Math.max(0, at - this.options.lastAcceptedAt) }
  }

  /**
   * One request through the limiter, and its verdict; 'stopped' when the run stopped while
   * waiting.
   */
  private async ask(check: Check): Promise<Judged | SiteTransportError | 'stopped'> {
    if (!(await this.limiter.acquire(this.stopAll.signal))) return 'stopped'
    const sentAt = this.clock.now()
    try {
      if (this.stopAll.signal.aborted) return 'stopped'
      const remaining = Math.max(1000, this.deadline - sentAt + 1000)
      const timeout = Math.min(this.options.requestTimeoutMs, remaining)
      this.requests++
      const head = await this.options.getPage(check.url, check.device.userAgent, timeout)
      const answer: SiteAnswer = { ...head, sentAt, receivedAt: this.clock.now() }
      this.learnFrom(answer)
      // Decided before the slot is released, so that no further request leaves once the
      // site has shown it does not answer through the cache.
      const verdict = judge(answer, check.purgeAcceptedAt, this.skew)
      if (verdict.kind === 'no-status-header' && !this.sawStatusHeader) {
        this.stop(
          `${this.options.siteLabel} answered ${check.url.href} with HTTP ${answer.status} and no *-Kc-Status header: the site does not answer through the rendering cache (was the address of the origin server given instead of the public site?). Nothing can be verified.`
        )
      }
      return { answer, verdict }
    } catch (error) {
      if (error instanceof SiteTransportError) return error
      throw error
    } finally {
      this.limiter.release()
    }
  }

  /** Every answer narrows the clock skew; any status header proves the site is behind the cache. */
  private learnFrom(answer: SiteAnswer): void {
    const date = parseEdgeDate(headerValue(answer.headers, 'date'))
    if (date) this.skew = observeSkew(this.skew, date, answer.sentAt, answer.receivedAt)
    if (edgeHeaderPrefix(answer.headers) !== undefined) this.sawStatusHeader = true
  }

  private markFresh(index: number, wasStale: boolean): void {
    this.freshAt[index] = this.clock.now()
    this.doneWaitingForFreshness()
    // Stale, then fresh: the purge reached this data center, so the other stale checks are
    // probably fresh too; ask them now rather than after their backoff.
    if (wasStale) this.wakeStaleChecks()
  }

  private doneWaitingForFreshness(): void {
    this.pendingFreshness--
    if (this.pendingFreshness === 0) this.allFreshAt = this.clock.now()
  }

  private wakeStaleChecks(): void {
    for (const wake of [...this.staleSleepers]) wake()
  }

  /** Asks again until HIT, within the warm-up window and never past the deadline. */
  private async warmUp(check: Check): Promise<{ warm: boolean; requests: number }> {
    let requests = 0
    for (let attempt = 0; ; attempt++) {
      const delay = this.delay(DEFAULTS.warmBackoff, attempt, this.options.warmBackoff)
      const end = this.warmEnd()
      if (this.clock.now() + delay >= end) {
        // Sleep to the end of the window only while it can still move (some check is pending).
        if (this.allFreshAt !== undefined || this.clock.now() >= this.deadline) {
          return { warm: false, requests }
        }
      }
      await this.sleep(Math.min(delay, Math.max(0, end - this.clock.now())))
      if (this.stopAll.signal.aborted) return { warm: false, requests }
      if (this.clock.now() >= this.warmEnd()) return { warm: false, requests }
      const asked = await this.ask(check)
      if (asked === 'stopped') return { warm: false, requests }
      requests++
      if (asked instanceof SiteTransportError) continue
      if (asked.verdict.kind === 'fresh' && asked.verdict.warm) return { warm: true, requests }
    }
  }

  private warmEnd(): number {
    const window = this.options.warmWindowMs ?? DEFAULTS.warmWindowMs
    return this.allFreshAt === undefined
      ? this.deadline
      : Math.min(this.deadline, this.allFreshAt + window)
  }

  /**
   * The wait before asking again after a 429 or 5xx: the backoff, or longer when the site's
   * `Retry-After` asks for it (a date there is in the edge's clock), up to
   * MAX_SITE_RETRY_AFTER_MS so that one header cannot park a check for hours; sleep() keeps
   * it inside the deadline anyway.
   */
  private retryWait(answer: SiteAnswer, attempt: number): number {
    const backoff = this.delay(DEFAULTS.staleBackoff, attempt, this.options.staleBackoff)
    // The header means something only on a 429 or 5xx; other answers asked again keep the backoff.
    if (!isRetryableStatus(answer.status)) return backoff
    const edgeNow = this.clock.now() + skewMs(this.skew)
    const asked = retryAfterMs(headerValue(answer.headers, 'retry-after'), edgeNow)
    return asked === undefined
      ? backoff
      : Math.max(backoff, Math.min(asked, MAX_SITE_RETRY_AFTER_MS))
  }

  private delay(defaults: Backoff, attempt: number, given?: Backoff): number {
    const backoff = given ?? defaults
    const base = backoff.firstMs * backoff.factor ** attempt
    const jitter = 1 + backoff.jitter * (2 * this.random() - 1)
    // Jitter first, then the cap: a wait never exceeds the maximum.
    return Math.round(Math.min(backoff.maxMs, base * jitter))
  }

  /** Sleeps, but never past the deadline, and not at all once the run stopped. */
  private sleep(ms: number): Promise<void> {
    return this.clock.sleep(this.untilDeadline(ms), this.stopAll.signal)
  }

  /** `ms`, cut so that a wait never passes the deadline. */
  private untilDeadline(ms: number): number {
    return Math.min(ms, Math.max(0, this.deadline - this.clock.now()))
  }

  private async sleepWakeable(ms: number, lastAttemptAt: number): Promise<void> {
    const woken = new AbortController()
    const wake = (): void => woken.abort()
    this.stopAll.signal.addEventListener('abort', wake, { once: true })
    this.staleSleepers.add(wake)
    try {
      await this.clock.sleep(this.untilDeadline(ms), woken.signal)
      // Woken early: still leave a short gap after this check's last request, so a burst of
      // wake-ups cannot turn into a burst of requests for one page.
      const gap = lastAttemptAt + DEFAULTS.minWakeGapMs - this.clock.now()
      if (woken.signal.aborted && !this.stopAll.signal.aborted && gap > 0) await this.sleep(gap)
    } finally {
      this.staleSleepers.delete(wake)
      this.stopAll.signal.removeEventListener('abort', wake)
    }
  }

  private stop(reason: string): void {
    if (this.fatal !== undefined) return
    this.fatal = reason
    this.stopAll.abort()
  }

  private summarize(): Verification {
    const checks = this.results.filter((result): result is CheckResult => result !== undefined)
    const settledTimes = checks
      .map(check => check.settledAfterMs)
      .filter((ms): ms is number => ms !== undefined)
    const count = (state: CheckState): number =>
      checks.filter(check => check.state === state).length
    const verifiable = checks.filter(check => check.state !== 'unverifiable').length
    const status: VerifyStatus =
      this.fatal !== undefined || count('failed') > 0
        ? 'failed'
        : count('stale') > 0
          ? 'stale'
          : verifiable === 0
            ? 'skipped'
            : 'fresh'
    return {
      status,
      checks: this.fatal !== undefined ? [] : checks,
      ...(this.fatal !== undefined && { fatal: this.fatal }),
      ...(settledTimes.length > 0 && {
        settledAfterMs: settledTimes.reduce((a, b) => Math.max(a, b), 0)
      }),
      warm: checks.filter(check => check.warm).length,
      notWarm: checks.filter(check => check.state === 'fresh' && !check.warm).length,
      skew: this.skew,
      requests: this.requests
    }
  }
}
