/**
 * One (page, device) check, from its first request to its line in the tally. The loop
 * (polling-loop.ts) makes each request under its limits and judges the answer
 * (verify/judge/verdict.ts); the check says what the verdict means for it: asked (a request came
 * back), judged (settled, ask again, or warm up), finished (one line in the tally, with named
 * fields). A stale check is asked again on the schedule of verify/pace/poll-schedule.ts; pages
 * first seen EXTRACTING are asked again until they answer HIT (warm), for a while after all are
 * fresh; the deadline ends the others. A check holds only its own state, a few numbers, so
 * thousands under way stay small; what all the checks share (the counts the progress reports, the
 * purge's arrival) stays with the loop.
 */
import { backoffDelay, type Backoff } from '../../http/backoff.js'
import { edgeIds } from '../../http/edge-headers.js'
import { SiteRequestError } from '../../http/site-client.js'
import type { Clock } from '../../time/clock.js'
import { onEachDevice, type Device } from '../devices.js'
import { isFreshHit, type RetryCause, type SiteAnswer, type Verdict } from '../judge/verdict.js'
import { STALE_BACKOFF } from '../pace/poll-schedule.js'
import { retryWaitMs } from '../pace/site-answers.js'
import type { CheckResult, Tally } from './tally.js'
import type { PageReferences } from '../assets/page-references.js'
import type { RenderFacts } from '../render/render-facts.js'
import type { LookBeforePurge } from '../render/read-before-purge.js'
import { DEFAULTS, type PageToCheck, type VerifyOptions } from './options.js'

/** A judged answer: the verdict is made once, in the loop's ask(), with the skew known then. */
export interface Judged {
  readonly answer: SiteAnswer
  readonly verdict: Verdict
  /** The purge's acceptance the answer was judged against (a re-purge's, once there is one). */
  readonly purgedAt: number | undefined
  /** With the asset checks, the assets the answer's page references (when it was read for them). */
  readonly references?: PageReferences
  /** Why its body was read only in part (the size cap, a timeout). */
  readonly bodyCut?: string
  /**
   * With the render judged, what its body tells a crawler: read from a HIT that proves the page
   * fresh (the new render), or from a check's first answer when it was still the render cached
   * before the purge (the old render, to compare with).
   */
  readonly facts?: RenderFacts
}

/**
 * One request of a check: judged, or no answer (the error); 'stopped' when the run stopped
 * while it waited its turn, 'late' when no request can leave before the deadline any more
 * (nothing was sent).
 */
export type Asked = Judged | SiteRequestError | 'stopped' | 'late'

/** How a check ended: its line in the tally, but for what the check itself knows. */
export type Ending = Pick<
  CheckResult,
  | 'state'
  | 'warm'
  | 'detail'
  | 'httpStatus'
  | 'staleReason'
  | 'staleInRunnerClockOnly'
  | 'failReason'
  | 'cachedAtMs'
  | 'judgedAgainst'
  | 'edgeIds'
>

/**
 * What a check does after an answer: nothing more ('ended'), ask again after `waitMs` (as a
 * stale check, woken early when the purge arrives), or warm up before it finishes.
 */
type Next = 'ended' | 'ask-again' | 'ask-again-stale' | 'warm-up'

type StaleVerdict = Extract<Verdict, { kind: 'stale' }>

/** A check that looked before the purge looks again after it this long before its deadline. */
const LAST_LOOK_BEFORE_DEADLINE_MS = 1000

/** What a check needs of the loop that runs it (polling-loop.ts). */
export interface CheckLoop {
  readonly options: VerifyOptions
  readonly clock: Clock
  /** Every wait's jitter. */
  readonly random: () => number
  /** The run stopped (not the public site, a rollback): no check asks again. */
  readonly stopped: boolean
  /** Times to fresh count from here (runner's clock). */
  readonly measureFrom: number
  /** When the last check stopped waiting for freshness: the warm-up window opens then. */
  readonly allFreshAt: number | undefined
  readonly tally: Tally
  /** The edge's brand prefix, once an answer showed it (it finds the ids of a bare bypass). */
  readonly sitePrefix: string | undefined
  /** Checks seen fresh, checks whose last answer was stale, and of those old content. */
  seenFresh: number
  staleNow: number
  oldContentNow: number
  /** When a stale check's request last left: the probe asks one when it has been too long. */
  lastStaleAskAt: number
  /**
   * One request through the limits, and its verdict (proveContent false: the HIT alone; with
   * readRender, a HIT's body is read for its assets and what it tells a crawler).
   */
  ask(check: PageCheck, proveContent: boolean, readRender?: boolean): Promise<Asked>
  /** Sleeps, but never past the deadline, and not at all once the run stopped. */
  sleep(ms: number): Promise<void>
  /** A stale check's sleep: woken early when the purge arrives, or by the probe. */
  sleepStale(ms: number, lastAttemptAt: number): Promise<void>
  /** Now in the edge's clock, as far as its answers tell (a `Retry-After` date is in it). */
  edgeNow(): number
  /** The wait after a stale answer, and the backoff step next (verify/pace/poll-schedule.ts). */
  staleDelay(now: number, attempt: number): { delayMs: number; nextAttempt: number }
  /** A check saw the purge arrive, `afterMs` after its acceptance: the stale checks are asked now. */
  purgeArrived(at: number, afterMs: number): void
  /** A check stopped waiting for freshness (fresh, or finished without). */
  doneWaitingForFreshness(): void
  /**
   * Whether a fresh page's cached render is read: for the assets it references, or to judge it
   * as a crawler gets it.
   */
  readonly readsRenders: boolean
  /** Whether renders are judged: a check's first answer is then read for the old render. */
  readonly judgesRenders: boolean
  /**
   * The check was proven fresh and its cached render read: its assets are checked and the
   * render judged; or no cached render was read before the check ended (`unread`: why).
   */
  pageFresh(check: PageCheck, read: Judged | { readonly unread: string }): void
}

export class PageCheck {
  /** Requests made, warm-ups included. */
  private requests = 0
  private retryAttempt = 0
  private staleAttempt = 0
  private renderAttempt = 0
  /** Why the last request failed (no answer, 429, 5xx, unreadable); undefined after an answer. */
  private lastProblem: string | undefined
  /** What the last problem was, when worth telling apart at the deadline (clocks that disagree). */
  private lastCause: RetryCause | undefined
  /** The last stale answer's ending: how the check ends if the deadline comes next. */
  private staleEnding: Ending | undefined
  /** The last answer was stale (counted in the loop's staleNow). */
  private stale = false
  /** The last answer was old content (counted in oldContentNow). */
  private old = false
  /** The last answer was EXTRACTING without the build (content proof): the HIT will tell. */
  private rendering = false
  /** The purge (its acceptance) this check has seen arrive here: said once to the watch. */
  private arrivedFor: number | undefined
  private freshAt: number | undefined
  /** The cached render (HIT) of a fresh page was read, or need not be. */
  private renderRead = false
  /** The render cached before the purge: read by the look before it, or by the first answer. */
  private oldFacts: RenderFacts | undefined
  /** What the look before the purge found, when this check had one. */
  private lookedBefore: LookBeforePurge['kind'] | undefined
  /** What judged() chose: the wait before asking again, and when the stale answer came. */
  private waitMs = 0
  private staleAnsweredAt = 0

  constructor(
    readonly page: PageToCheck,
    readonly device: Device,
    private readonly loop: CheckLoop
  ) {}

  /** Asks until the check is settled or the deadline ends it (or the run stops). */
  async run(): Promise<void> {
    const { loop } = this
    await this.startFromLookBeforePurge()
    while (!loop.stopped) {
      if (loop.clock.now() >= loop.options.deadline) {
        this.endAtDeadline()
        return
      }
      if (this.stale) loop.lastStaleAskAt = loop.clock.now()
      const asked = await loop.ask(this, true)
      if (asked === 'stopped') break
      if (asked === 'late') {
        // No turn is left before the deadline: the check ends now as it would at the deadline.
        this.endAtDeadline()
        return
      }
      switch (this.asked(asked)) {
        case 'ended':
          return
        case 'ask-again':
          await loop.sleep(this.waitMs)
          continue
        case 'ask-again-stale':
          await loop.sleepStale(this.waitMs, this.staleAnsweredAt)
          continue
        case 'warm-up':
          this.finished({ state: 'fresh', warm: await this.warmUp() })
          return
      }
    }
    // A rollback ends the checks as they stand, recorded as at the deadline; a run stopped
    // because the site is not behind the cache records none.
    if (loop.options.content?.rolledBack?.aborted === true) {
      this.endAtDeadline('when the rollback was seen')
    }
  }

  /**
   * The look before the purge is this check's first: the old render it read is the one the new
   * render is compared with, and the check asks again as after a stale first look made as long
   * after the purge as its look came after the first look (the looks spread at the rate as the
   * first looks would have): at once if that time has passed; sooner when an arrival seen by
   * another check wakes the stale ones; and before the deadline. So where the edge would still
   * have served the old render to a first look after the purge, that look is not made.
   */
  private async startFromLookBeforePurge(): Promise<void> {
    const { loop } = this
    // Taken once (verify/render/read-before-purge.ts): its memory goes with it.
    const look = loop.options.renders?.before?.take(this.page.url.href, this.device.name)
    if (look === undefined) return
    this.lookedBefore = look.kind
    if (look.kind !== 'old-render') return
    this.oldFacts = look.facts
    // Stale, as after a stale answer: its first fresh answer is an arrival that wakes the others.
    const now = loop.clock.now()
    const delayMs = this.enterStale(now)
    // At least one look after the purge, a second before the deadline at the latest: a check
    // must not end on what it saw before the purge.
    const lookBy = loop.options.deadline - LAST_LOOK_BEFORE_DEADLINE_MS
    const firstLookAt = (this.page.purgeAcceptedAt ?? loop.measureFrom) + look.afterFirstMs
    const wait = Math.min(firstLookAt + delayMs, lookBy) - now
    if (wait > 0) await loop.sleepStale(wait, look.askedAt)
  }

  /** A request came back: with an answer (judged), or without one (the error). */
  private asked(outcome: Judged | SiteRequestError): Next {
    this.requests++
    if (!(outcome instanceof SiteRequestError)) return this.judged(outcome)
    this.lastProblem = outcome.kind === 'timeout' ? `timeout (${outcome.message})` : outcome.message
    this.lastCause = undefined
    this.waitMs = this.backoff(this.loop.options.staleBackoff ?? STALE_BACKOFF, this.retryAttempt++)
    return 'ask-again'
  }

  /** What the verdict on an answer means for this check: settled, or what it does next. */
  private judged(judged: Judged): Next {
    const { answer, verdict, purgedAt } = judged
    const ids = edgeIds(answer.headers, this.loop.sitePrefix)
    this.rendering = verdict.kind === 'rendering'
    // Read only from a first answer that still served the render cached before the purge.
    if (verdict.kind === 'stale' && judged.facts !== undefined) this.oldFacts ??= judged.facts
    switch (verdict.kind) {
      case 'retry': {
        this.lastProblem = ids ? `${verdict.reason} (${ids})` : verdict.reason
        this.lastCause = verdict.cause
        const backoff = this.backoff(
          this.loop.options.staleBackoff ?? STALE_BACKOFF,
          this.retryAttempt++
        )
        this.waitMs = retryWaitMs(answer, backoff, this.loop.edgeNow())
        return 'ask-again'
      }
      case 'no-status-header':
        // ask() stopped the run already when no answer ever had the header.
        if (this.loop.stopped) return 'ended'
        if (verdict.gone) {
          this.markFresh(purgedAt)
          this.finished({ state: 'gone', warm: false, httpStatus: answer.status })
          return 'ended'
        }
        this.finished({
          state: 'failed',
          warm: false,
          detail: `HTTP ${answer.status} without a *-Kc-Status header`
        })
        return 'ended'
      case 'stale':
        return this.judgedStale(verdict, purgedAt, ids)
      case 'fresh':
        this.markFresh(purgedAt)
        // A HIT is the render the cache keeps: its assets are the page's. EXTRACTING's are not
        // documented to be: the warm-up reads the HIT that follows.
        if (verdict.warm) this.renderWasRead(judged)
        if (!verdict.warm) return 'warm-up'
        this.finished({ state: 'fresh', warm: true })
        return 'ended'
      case 'gone':
      case 'not-cacheable':
      case 'unverifiable':
        this.markFresh(purgedAt)
        this.finished({ state: verdict.kind, warm: false, httpStatus: answer.status })
        return 'ended'
      case 'rendering':
        // The purge arrived (this request started a render, or one is under way), but the
        // build was not seen yet: ask again soon, as a warm-up does, until the HIT says.
        this.lastProblem = undefined
        this.purgeArrived(this.loop.clock.now(), purgedAt)
        this.leaveStale()
        this.waitMs = this.backoff(
          this.loop.options.warmBackoff ?? DEFAULTS.warmBackoff,
          this.renderAttempt++
        )
        return 'ask-again'
      case 'bypassed':
        // Settled like DYNAMIC: nothing the cache serves can be judged in this answer.
        this.markFresh(purgedAt)
        this.finished({
          state: 'bypassed',
          warm: false,
          detail: ids ? `${verdict.reason} (${ids})` : verdict.reason
        })
        return 'ended'
    }
  }

  /** Stale (the purge not here yet, or old content): counted as stale now, asked again later. */
  private judgedStale(
    verdict: StaleVerdict,
    purgedAt: number | undefined,
    ids: string | undefined
  ): Next {
    const { loop } = this
    this.lastProblem = undefined
    const served =
      verdict.detail === undefined
        ? verdict.cacheDate
        : `${verdict.detail}; cached ${verdict.cacheDate}`
    if (verdict.reason === 'old-content') {
      const seenAt = loop.clock.now()
      this.purgeArrived(seenAt, purgedAt)
      loop.options.content?.oldContent?.seen(this.page.url, seenAt, purgedAt)
    }
    this.staleEnding = {
      state: 'stale',
      warm: false,
      detail: ids ? `${served} (${ids})` : served,
      staleReason: verdict.reason,
      ...(verdict.staleInRunnerClockOnly && { staleInRunnerClockOnly: true }),
      ...(verdict.cachedAtMs !== undefined && { cachedAtMs: verdict.cachedAtMs }),
      ...(purgedAt !== undefined && { judgedAgainst: purgedAt }),
      ...(ids !== undefined && { edgeIds: ids })
    }
    if (this.old !== (verdict.reason === 'old-content')) {
      this.old = !this.old
      loop.oldContentNow += this.old ? 1 : -1
    }
    const askedAt = loop.clock.now()
    this.waitMs = this.enterStale(askedAt)
    this.staleAnsweredAt = askedAt
    return 'ask-again-stale'
  }

  /**
   * Stale at `at` (a stale answer, or an old render read before the purge): counted in the
   * loop's staleNow, on the stale schedule's next step. Returns the wait before asking again.
   */
  private enterStale(at: number): number {
    if (!this.stale) this.loop.staleNow++
    this.stale = true
    const next = this.loop.staleDelay(at, this.staleAttempt)
    this.staleAttempt = next.nextAttempt
    return next.delayMs
  }

  /**
   * The deadline (or no turn before it) ends the check: as its last answer says; never asked
   * since the purge, it is counted as not started (summarize), not as a check that failed, and
   * no longer as stale now.
   */
  private endAtDeadline(when = 'at the deadline'): void {
    if (this.requests > 0) this.finished(this.endingAtDeadline(when))
    else this.leaveStale()
  }

  /**
   * How the check ends when the deadline (or a rollback: `when` says which) comes before an
   * answer settled it.
   */
  private endingAtDeadline(when: string): Ending {
    if (this.rendering) {
      return {
        state: 'failed',
        warm: false,
        detail: `still rendering (EXTRACTING) ${when}: the page was never seen with the build`
      }
    }
    if (this.staleEnding !== undefined && this.lastProblem === undefined) return this.staleEnding
    if (this.lastCause === 'clocks-disagree' && this.lastProblem !== undefined) {
      // Said as it is, not as a request that kept failing: every answer came, none can be trusted.
      return {
        state: 'failed',
        warm: false,
        failReason: 'clocks-disagree',
        detail: this.lastProblem
      }
    }
    return {
      state: 'failed',
      warm: false,
      detail: `still failing ${when}: ${this.lastProblem ?? 'no answer'}`
    }
  }

  /**
   * Asks again until HIT, within the warm-up window and never past the deadline; true: warm.
   * With the asset checks, the HIT's body is read for the page's assets; the window is then the
   * deadline, as the deploy is not whole until they are checked, and a check that ends without
   * one says so.
   */
  private async warmUp(): Promise<boolean> {
    const warm = await this.askUntilHit()
    if (!this.renderRead && this.loop.readsRenders && !this.loop.stopped) {
      this.loop.pageFresh(this, {
        unread: 'no cached render (HIT) of the new render was read before the checks ended'
      })
    }
    return warm
  }

  private async askUntilHit(): Promise<boolean> {
    const { loop } = this
    const backoff = loop.options.warmBackoff ?? DEFAULTS.warmBackoff
    for (let attempt = 0; ; attempt++) {
      const delay = this.backoff(backoff, attempt)
      const end = this.warmEnd()
      if (loop.clock.now() + delay >= end) {
        // Sleep to the end of the window only while it can still move (some check is pending).
        if (loop.allFreshAt !== undefined || loop.clock.now() >= loop.options.deadline) {
          return false
        }
      }
      await loop.sleep(Math.min(delay, Math.max(0, end - loop.clock.now())))
      if (loop.stopped) return false
      if (loop.clock.now() >= this.warmEnd()) return false
      // The check was proven fresh (its content too): the warm-up only waits for the HIT of that
      // render, so its body is not read again, but for its assets.
      const asked = await loop.ask(this, false, this.wantsRender)
      if (asked === 'stopped' || asked === 'late') return false
      this.requests++
      if (asked instanceof SiteRequestError) continue
      const { verdict } = asked
      // After the purge by the edge's clock, not by the runner's (clocks far apart): this check
      // saw the entry empty (EXTRACTING) after the purge, so the HIT that follows is that render.
      const hit =
        isFreshHit(verdict) || (verdict.kind === 'stale' && verdict.staleInRunnerClockOnly === true)
      if (hit) {
        this.renderWasRead(asked)
        return true
      }
    }
  }

  /** Fresh pages' renders are read, and this one's was not read yet. */
  private get wantsRender(): boolean {
    return this.loop.readsRenders && !this.renderRead
  }

  /**
   * The next answer's body is read for the old render: renders are judged, and this is the
   * check's first request (later stale answers serve the same render), with no look before the
   * purge that told it (a page with no render cached then has none; what a HIT cached since
   * holds is the render that look started, not the one the purge replaced).
   */
  get wantsOldRender(): boolean {
    return (
      this.loop.judgesRenders &&
      this.requests === 0 &&
      (this.lookedBefore === undefined || this.lookedBefore === 'not-read')
    )
  }

  /** The render cached before the purge, when the look before it or the first answer read it. */
  get oldRender(): RenderFacts | undefined {
    return this.oldFacts
  }

  /** The look before the purge found no page's render cached: there was none to compare with. */
  get noneCachedBefore(): boolean {
    return this.lookedBefore === 'none-cached'
  }

  private renderWasRead(judged: Judged): void {
    if (!this.wantsRender) return
    this.renderRead = true
    this.loop.pageFresh(this, judged)
  }

  /** The warm-up window's end: the deadline, or a while after every check stopped waiting. */
  private warmEnd(): number {
    const { options, allFreshAt } = this.loop
    const window = options.warmWindowMs ?? DEFAULTS.warmWindowMs
    return allFreshAt === undefined || this.wantsRender
      ? options.deadline
      : Math.min(options.deadline, allFreshAt + window)
  }

  /** Seen fresh (or settled): no longer stale, no longer waited for. */
  private markFresh(purgedAt: number | undefined): void {
    this.freshAt = this.loop.clock.now()
    this.purgeArrived(this.freshAt, purgedAt)
    this.leaveStale()
    this.loop.seenFresh++
    this.loop.doneWaitingForFreshness()
  }

  /**
   * Stale, then the purge seen here (fresh, rendering, or old content): the purge reached this
   * data center, so the other stale checks are probably past it too; ask them now rather
   * than after their backoff. `purgedAt` says which purge (a re-purge arrives again).
   */
  private purgeArrived(at: number, purgedAt: number | undefined): void {
    if (!this.stale || (this.arrivedFor !== undefined && this.arrivedFor === purgedAt)) return
    this.arrivedFor = purgedAt
    this.loop.purgeArrived(at, at - (purgedAt ?? this.loop.measureFrom))
  }

  private leaveStale(): void {
    if (this.stale) this.loop.staleNow--
    if (this.old) this.loop.oldContentNow--
    this.stale = false
    this.old = false
  }

  /** The check ended: its line in the tally, with what the check knows itself. */
  private finished(ending: Ending): void {
    this.leaveStale()
    if (this.freshAt === undefined) this.loop.doneWaitingForFreshness()
    const { measureFrom } = this.loop
    this.loop.tally.add({
      url: this.page.url.href,
      device: this.device.name,
      state: ending.state,
      warm: ending.warm,
      requests: this.requests,
      ...(this.freshAt !== undefined && {
        settledAfterMs: Math.max(0, this.freshAt - measureFrom)
      }),
      ...(ending.detail !== undefined && { detail: ending.detail }),
      ...(ending.httpStatus !== undefined && { httpStatus: ending.httpStatus }),
      ...(ending.staleReason !== undefined && { staleReason: ending.staleReason }),
      ...(ending.staleInRunnerClockOnly && { staleInRunnerClockOnly: true }),
      ...(ending.failReason !== undefined && { failReason: ending.failReason }),
      ...(ending.cachedAtMs !== undefined && { cachedAtMs: ending.cachedAtMs }),
      ...(ending.judgedAgainst !== undefined && { judgedAgainst: ending.judgedAgainst }),
      ...(ending.edgeIds !== undefined && { edgeIds: ending.edgeIds })
    })
  }

  /** The wait before the `attempt`-th retry on `backoff`, jittered. */
  private backoff(backoff: Backoff, attempt: number): number {
    return backoffDelay(backoff, attempt, this.loop.random())
  }
}

/** Each page on each device, made as the workers ask for them. */
export function* checksOf(
  pages: Iterable<PageToCheck>,
  devices: readonly Device[],
  loop: CheckLoop
): Iterator<PageCheck> {
  for (const { page, device } of onEachDevice(pages, devices)) {
    yield new PageCheck(page, device, loop)
  }
}
