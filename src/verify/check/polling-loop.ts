/**
 * The polling loop: asks the public site for every (page, device) check until each is settled or
 * the deadline passes. Pages stream in: `window` workers each run one check at a time, and what a
 * check leaves behind is a count in the tally, so 100,000 pages on three devices run in the
 * memory of a few thousand. At most `concurrency` requests are in flight, and at most
 * `ratePerSecond` leave each second (retries and warm-ups included). An overload of the site (a
 * 429, or a `Retry-After` on a 5xx) holds back the whole job, not only that page
 * (verify/pace/site-backpressure.ts). What one check does is one-check.ts's; judging an answer is
 * verify/judge/verdict.ts's; this module orders the requests and keeps what the checks share: the
 * limits, the clock skew, the progress, the probe and the tally, which run-summary.ts turns into
 * the result.
 */
import type { Clock } from '../../time/clock.js'
import { fromKeptEntry, readEdgeHeaders } from '../../http/edge-headers.js'
import { SiteRequestError, type SiteHead } from '../../http/site-client.js'
import type { BuildId } from '../../build/build-id.js'
import {
  AssetChecks,
  type AskedAsset,
  type AssetLoop,
  type EdgeAnswer
} from '../assets/asset-checks.js'
import {
  noteDatesDisagree,
  skewMs,
  UNMEASURED_SKEW,
  type SkewEstimate
} from '../judge/edge-clock-skew.js'
import {
  isFreshHit,
  isOldRender,
  judge,
  observeAnswerSkew,
  renderedAfter,
  type SiteAnswer
} from '../judge/verdict.js'
import { Semaphore } from '../pace/semaphore.js'
import { WakeableSleeps } from '../pace/wakeable-sleeps.js'
import { checksOf, type Asked, type CheckLoop, type Judged, type PageCheck } from './one-check.js'
import { PROBE_EVERY_MS, PropagationWatch, STALE_BACKOFF } from '../pace/poll-schedule.js'
import { RateGate } from '../pace/rate-queue.js'
import { RateLimiter } from '../pace/rate-spacing.js'
import { SiteBackpressure } from '../pace/site-backpressure.js'
import { AssetHostLimits } from '../pace/host-limits.js'
import { Tally } from './tally.js'
import { summarizeRun } from './run-summary.js'
import {
  checksUnderWay,
  DEFAULTS,
  type PageToCheck,
  type Verification,
  type VerifyOptions
} from './options.js'
import { RenderChecks, type RenderAsked, type RenderLoop } from '../render/render-checks.js'
import type { BodyWanted, PageAnswer, RenderSeen } from './read-page.js'

/** One verification: verifyPages() (verify-pages.ts) makes one and runs it. */
export class VerifyRun implements CheckLoop, AssetLoop, RenderLoop {
  readonly clock: Clock
  readonly random: () => number
  private readonly slots: Semaphore
  private readonly rate: RateGate | undefined
  private readonly backpressure: SiteBackpressure
  /** Each host of `asset_hosts`, its own requests in flight and backpressure. */
  private readonly hostLimits: AssetHostLimits
  private readonly sleeps: WakeableSleeps
  private readonly watch: PropagationWatch
  readonly tally: Tally
  /** The assets of the fresh pages (verify/assets/asset-checks.ts), when they are checked. */
  private readonly assets: AssetChecks | undefined
  /** The new renders of the fresh pages (verify/render/render-checks.ts), when they are judged. */
  private readonly renders: RenderChecks | undefined
  private readonly source: Iterator<PageCheck>
  private readonly totalChecks: number
  readonly measureFrom: number
  private skew: SkewEstimate = UNMEASURED_SKEW
  /**
   * The brand prefix of the edge's headers, once an answer showed it: proof that the site is
   * behind the cache, and what vouches for a `-Bypass` answered without a status.
   */
  private prefixSeen: string | undefined
  private fatal: string | undefined
  private halted = false
  /** No request can leave before the deadline any more (the rate's next turn, or an overload). */
  private outOfTurns = false
  private endedEarly: Verification['endedEarly']
  private requests = 0
  // Kept up to date by the checks (one-check.ts): the progress reports them, the probe and the
  // warm-up window go by them.
  seenFresh = 0
  staleNow = 0
  oldContentNow = 0
  lastStaleAskAt: number
  private pendingFreshness: number
  private allFreshSince: number | undefined

  constructor(
    pages: Iterable<PageToCheck>,
    readonly options: VerifyOptions
  ) {
    this.clock = options.clock
    this.random = options.random ?? Math.random
    this.slots = new Semaphore(options.concurrency ?? DEFAULTS.concurrency)
    this.rate =
      options.ratePerSecond === undefined
        ? undefined
        : new RateGate(new RateLimiter(options.ratePerSecond), this.clock, options.deadline)
    this.backpressure = new SiteBackpressure(this.slots, this.rate, {
      deadline: options.deadline,
      backoff: options.staleBackoff ?? STALE_BACKOFF,
      random: this.random,
      onOverload: options.onOverload
    })
    this.sleeps = new WakeableSleeps(this.clock)
    this.hostLimits = new AssetHostLimits({
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      deadline: options.deadline,
      backoff: options.staleBackoff ?? STALE_BACKOFF,
      random: this.random,
      onOverload: options.onOverload,
      now: () => this.clock.now(),
      sleep: ms => this.sleeps.sleep(ms),
      stopped: () => this.stopped
    })
    // A rollback ends the checks at once: this run's build is no longer what the site serves.
    options.content?.rolledBack?.addEventListener('abort', () => this.halt(), { once: true })
    this.watch = new PropagationWatch(options.staleBackoff)
    this.source = checksOf(pages, options.devices, this)
    this.tally = new Tally(options.devices.map(device => device.name))
    this.totalChecks = options.pageCount * options.devices.length
    this.pendingFreshness = this.totalChecks
    this.measureFrom = options.lastAcceptedAt ?? this.clock.now()
    this.lastStaleAskAt = this.clock.now()
    this.assets =
      options.assets === undefined
        ? undefined
        : new AssetChecks(this, {
            siteOrigin: options.assets.scope.siteOrigin,
            hosts: options.assets.scope.hosts,
            ...(options.assets.repair && { repair: options.assets.repair }),
            measureFrom: this.measureFrom,
            // Beside the pages' checks, within the same limits: enough workers to fill the
            // requests in flight, no more.
            workers: options.concurrency ?? DEFAULTS.concurrency,
            backoff: options.staleBackoff ?? STALE_BACKOFF
          })
    this.renders =
      options.renders === undefined
        ? undefined
        : new RenderChecks(
            this,
            options.renders,
            options.devices.map(device => device.name)
          )
  }

  get deadline(): number {
    return this.options.deadline
  }

  get stopped(): boolean {
    return this.halted
  }

  get sitePrefix(): string | undefined {
    return this.prefixSeen
  }

  get allFreshAt(): number | undefined {
    return this.allFreshSince
  }

  async run(): Promise<Verification> {
    const started = this.clock.now()
    const background = new AbortController()
    const watchers = Promise.all([
      this.reportProgress(started, background.signal),
      this.probe(background.signal)
    ])
    const workers = Math.max(1, Math.min(checksUnderWay(this.options), this.totalChecks))
    await Promise.all(Array.from({ length: workers }, () => this.worker()))
    const rolledBack = this.options.content?.rolledBack?.aborted === true
    // A run that stopped (the site is not behind the cache, a rollback) judged nothing worth
    // waiting for.
    const [assets, renders] =
      this.fatal === undefined && !rolledBack
        ? await Promise.all([this.assets?.finish(), this.renders?.finish()])
        : [undefined, undefined]
    background.abort()
    await watchers
    return summarizeRun({
      tally: this.tally,
      fatal: this.fatal,
      rolledBack,
      totalChecks: this.totalChecks,
      firstArrivalAfterMs: this.watch.firstArrivalAfterMs,
      measuredFrom: this.measureFrom,
      startedAt: started,
      deadline: this.options.deadline,
      skew: this.skew,
      requests: this.requests,
      durationMs: this.clock.now() - started,
      endedEarly: this.endedEarly,
      overloads: { count: this.backpressure.count, heldBackMs: this.backpressure.heldBackMs },
      assets,
      renders
    })
  }

  /** One of `window` workers: takes the next check when the last one ended, until none is left. */
  private async worker(): Promise<void> {
    while (!this.stopped && !this.outOfTurns && this.clock.now() < this.options.deadline) {
      const next = this.source.next()
      if (next.done === true) return
      await next.value.run()
    }
  }

  private async reportProgress(started: number, done: AbortSignal): Promise<void> {
    const every = this.options.progressEveryMs ?? DEFAULTS.progressEveryMs
    let last = { at: started, requests: 0, done: 0 }
    for (;;) {
      await this.clock.sleep(every, done)
      if (done.aborted) return
      const now = this.clock.now()
      const seconds = Math.max(0.001, (now - last.at) / 1000)
      const ended = this.tally.checks
      const pace = (ended - last.done) / seconds
      this.options.onProgress?.({
        checks: this.totalChecks,
        done: ended,
        fresh: this.seenFresh,
        staleNow: this.staleNow,
        oldContentNow: this.oldContentNow,
        requests: this.requests,
        requestsPerSecond: (this.requests - last.requests) / seconds,
        elapsedMs: now - started,
        ...(pace > 0 && { etaMs: ((this.totalChecks - ended) / pace) * 1000 })
      })
      last = { at: now, requests: this.requests, done: ended }
    }
  }

  /**
   * The probe (verify/pace/poll-schedule.ts, rule 1): whenever no stale check was asked for
   * PROBE_EVERY_MS, the one that has waited longest is asked.
   */
  private async probe(done: AbortSignal): Promise<void> {
    for (;;) {
      const due = this.lastStaleAskAt + PROBE_EVERY_MS - this.clock.now()
      await this.clock.sleep(due > 0 ? due : PROBE_EVERY_MS, done)
      if (done.aborted) return
      if (
        this.clock.now() - this.lastStaleAskAt >= PROBE_EVERY_MS &&
        this.sleeps.wakeLongestStale()
      ) {
        // Counted as asked now, so that the next probe waits its full interval.
        this.lastStaleAskAt = this.clock.now()
      }
    }
  }

  /** A check's request: its answer judged against its page's purge (one-check.ts). */
  async ask(check: PageCheck, proveContent: boolean, readRender = false): Promise<Asked> {
    const content = proveContent ? this.options.content : undefined
    const purgedAt =
      this.options.content?.oldContent?.repurgedAt(check.page.url) ?? check.page.purgeAcceptedAt
    const { url } = check.page
    const builds = content && (content.accepted?.() ?? [content.build])
    return this.pageRequest(
      { url, userAgent: check.device.userAgent, ...(builds && { builds }) },
      sentAt =>
        !this.readsRenders || !(proveContent || readRender)
          ? undefined
          : {
              ...(this.options.assets && { references: this.options.assets.scope }),
              ...(this.renders && { facts: true }),
              // The new render is the one the cache keeps, the HIT that proves the page fresh
              // (what an EXTRACTING answer carries is not documented to be what gets cached); in
              // a warm-up, the HIT of the render the check saw start. The old render is the HIT
              // cached before the purge that a check's first answer may still serve.
              wanted: page => {
                if (!proveContent) return this.newIfKept(page)
                const verdict = judge(
                  { ...page, sentAt, receivedAt: this.clock.now() },
                  purgedAt,
                  this.skew,
                  false,
                  this.prefixSeen
                )
                if (isFreshHit(verdict)) return 'new'
                return check.wantsOldRender && isOldRender(verdict) ? 'old' : undefined
              }
            },
      (answer, head) => {
        // Decided before the slot is released, so that no further request leaves once the
        // site has shown it does not answer through the cache.
        const verdict = judge(answer, purgedAt, this.skew, content !== undefined, this.prefixSeen)
        // From now on this edge's Date cannot place its cache dates
        // (verify/judge/edge-clock-skew.ts, datesUntrusted).
        if (verdict.kind === 'retry' && verdict.cause === 'clocks-disagree') {
          this.skew = noteDatesDisagree(this.skew)
        }
        if (verdict.kind === 'no-status-header' && this.prefixSeen === undefined) {
          this.stop(
            `${this.options.siteLabel} answered ${url.href} with HTTP ${answer.status} and no *-Kc-Status header: the site does not answer through the rendering cache (was the address of the origin server given instead of the public site?). Nothing can be verified.`
          )
        }
        return {
          answer,
          verdict,
          purgedAt,
          ...(head.references && { references: head.references }),
          ...(head.bodyCut !== undefined && { bodyCut: head.bodyCut }),
          ...(head.facts && { facts: head.facts })
        }
      }
    )
  }

  /**
   * One page request through the limits (a turn: the overload's hold, a slot, the rate), its
   * answer learned from and told to the backpressure; `read` makes of it what the caller wants
   * while the slot is held, so that a stop it decides holds every later request. 'late': no
   * request can leave before the deadline (the workers take no new check); an error: no answer.
   */
  private async pageRequest<T>(
    page: { readonly url: URL; readonly userAgent: string; readonly builds?: readonly BuildId[] },
    body: (sentAt: number) => BodyWanted | undefined,
    read: (answer: SiteAnswer, head: PageAnswer) => T
  ): Promise<T | SiteRequestError | 'stopped' | 'late'> {
    const turn = await this.takeTurn()
    if (turn === 'late') this.noTurnsLeft()
    if (turn !== 'go') return turn
    try {
      const sentAt = this.clock.now()
      if (sentAt >= this.options.deadline) return 'late'
      this.requests++
      const head = await this.options.getPage(
        page.url,
        page.userAgent,
        this.timeoutFrom(sentAt),
        page.builds,
        body(sentAt)
      )
      const answer: SiteAnswer = { ...head, sentAt, receivedAt: this.clock.now() }
      this.learnFrom(answer)
      // Before the slot is released, so that no other request leaves once the site is overloaded.
      this.backpressure.noteAnswer(answer, this.clock.now(), this.skew)
      return read(answer, head)
    } catch (error) {
      if (error instanceof SiteRequestError) return error
      throw error
    } finally {
      this.slots.release()
    }
  }

  /** A body is read for the new render when its answer is a HIT the cache keeps. */
  private readonly newIfKept = (page: SiteHead): RenderSeen =>
    fromKeptEntry(readEdgeHeaders(page.headers, this.prefixSeen)) ? 'new' : undefined

  /**
   * One asset request through the same limits as the pages' (AssetLoop, asset-checks.ts): the
   * job's requests in flight and rate. An asset on the site shares the site's backpressure; one
   * on a host of `asset_hosts` has its host's own, so that a 429 from it slows that host only.
   */
  async askAsset(url: URL, userAgent: string, origin?: string): Promise<AskedAsset> {
    const getAsset = this.options.assets?.getAsset
    if (getAsset === undefined) return 'stopped'
    const host = url.origin === this.options.assets?.scope.siteOrigin ? undefined : url.origin
    const hostLimits = host === undefined ? undefined : this.hostLimits.of(host)
    if (hostLimits !== undefined) {
      const turn = await this.hostLimits.turn(hostLimits)
      if (turn !== 'go') return turn
    }
    try {
      const turn = await this.takeTurn()
      if (turn !== 'go') return turn
      try {
        const sentAt = this.clock.now()
        if (sentAt >= this.options.deadline) return 'late'
        const head = await getAsset(url, userAgent, this.timeoutFrom(sentAt), origin)
        const backpressure = hostLimits?.backpressure ?? this.backpressure
        backpressure.noteAnswer(
          { ...head, sentAt, receivedAt: this.clock.now() },
          this.clock.now(),
          this.skew
        )
        return head
      } catch (error) {
        if (error instanceof SiteRequestError) return error
        throw error
      } finally {
        this.slots.release()
      }
    } finally {
      hostLimits?.slots.release()
    }
  }

  /**
   * A page asked again after the purge that renders it again (RenderLoop, render-checks.ts),
   * through the pages' limits and backpressure: a HIT is read for its facts and told with its
   * cache date and whether the edge's dates place it after `acceptedAt`; EXTRACTING says a
   * render started; any other answer asks again.
   */
  async askRender(url: URL, userAgent: string, acceptedAt: number): Promise<RenderAsked> {
    const asked = await this.pageRequest(
      { url, userAgent },
      () => ({ facts: true, wanted: this.newIfKept }),
      (_answer, head): RenderAsked => {
        const edge = readEdgeHeaders(head.headers, this.prefixSeen)
        if (edge?.status === 'EXTRACTING') return 'rendering'
        if (!fromKeptEntry(edge) || edge.cacheDate === undefined) return 'again'
        return {
          ...(head.facts && { facts: head.facts }),
          ...(head.bodyCut !== undefined && { cut: head.bodyCut }),
          cacheDate: edge.cacheDate,
          after: this.renderedAfter({ edge, headers: head.headers }, acceptedAt)
        }
      }
    )
    return asked instanceof SiteRequestError ? 'again' : asked
  }

  /** verify/judge/verdict.ts's rule, with this run's clock skew. */
  renderedAfter({ edge, headers }: EdgeAnswer, acceptedAt: number): boolean | undefined {
    return renderedAfter(edge, headers, acceptedAt, this.skew)
  }

  get readsRenders(): boolean {
    return this.assets !== undefined || this.renders !== undefined
  }

  get judgesRenders(): boolean {
    return this.renders !== undefined
  }

  pageFresh(check: PageCheck, read: Judged | { readonly unread: string }): void {
    if ('unread' in read) {
      this.assets?.pageFresh(check.page.url.href, check.device, read)
      this.renders?.notRead()
      return
    }
    this.judgeRender(check, read)
    if (this.assets === undefined || read.references === undefined) {
      // A HIT read for its assets is HTML read whole or in part: no references at all means a
      // body that was not HTML, or not 2xx, which renders no asset.
      return
    }
    this.assets.pageFresh(check.page.url.href, check.device, {
      references: read.references,
      ...(read.bodyCut !== undefined && { cut: read.bodyCut })
    })
  }

  /**
   * A render read whole is judged; one read in part is not (what came after the cut is not
   * known), and neither is a body that was no HTML (no facts were read of it).
   */
  private judgeRender(check: PageCheck, read: Judged): void {
    if (this.renders === undefined) return
    if (read.facts === undefined || read.bodyCut !== undefined) {
      this.renders.notRead()
      return
    }
    const old = check.oldRender
    const { headers } = read.answer
    this.renders.judge({
      url: check.page.url,
      device: check.device.name,
      userAgent: check.device.userAgent,
      answer: { edge: readEdgeHeaders(headers, this.prefixSeen), headers },
      now: read.facts,
      ...(old !== undefined && { old }),
      ...(old === undefined && check.noneCachedBefore && { noneCachedBefore: true })
    })
  }

  /**
   * A request's timeout when it leaves at `sentAt`: timeout_seconds, cut to a second past the
   * deadline (at least a second), so that no request holds a slot long after it.
   */
  private timeoutFrom(sentAt: number): number {
    return Math.min(
      this.options.requestTimeoutMs,
      Math.max(1000, this.options.deadline - sentAt + 1000)
    )
  }

  /**
   * Waits out any overload's hold, then for a slot, then for the rate: 'go' when a request may
   * leave now (the slot is held), 'stopped' when the run stopped meanwhile, 'late' when no
   * request can leave before the deadline (a hold that lasts to it, or the rate's next turn after
   * it); no slot is held then. No wait goes past the deadline: a hold is cut at it, a turn after
   * it refused, and a slot is held at most a request's timeout, itself cut at it.
   */
  private async takeTurn(): Promise<'go' | 'stopped' | 'late'> {
    const { deadline } = this.options
    for (;;) {
      if (this.outOfTurns || this.backpressure.heldUntil >= deadline) return 'late'
      while (!this.stopped && !this.outOfTurns && this.clock.now() < this.backpressure.heldUntil) {
        await this.sleeps.sleep(this.backpressure.heldUntil - this.clock.now())
      }
      if (this.outOfTurns) return 'late'
      if (this.stopped || !(await this.slots.acquire())) return 'stopped'
      if (this.outOfTurns) {
        this.slots.release()
        return 'late'
      }
      const turn = this.rate === undefined ? 'pass' : await this.rate.pass()
      if (turn !== 'pass' || this.stopped) {
        this.slots.release()
        return turn === 'late' && !this.stopped ? 'late' : 'stopped'
      }
      if (this.clock.now() >= this.backpressure.heldUntil) return 'go'
      // An overload came while this request waited for its turn: it waits too.
      this.slots.release()
    }
  }

  /**
   * No request can leave before the deadline: the workers take no new check (those left are
   * counted as not started), and every sleeping check wakes to end as at the deadline, so that
   * the run ends now rather than when the last of them would have woken.
   */
  private noTurnsLeft(): void {
    if (this.outOfTurns) return
    this.outOfTurns = true
    this.endedEarly = {
      at: this.clock.now(),
      cause: this.backpressure.heldUntil >= this.options.deadline ? 'push-back' : 'rate'
    }
    this.sleeps.stop()
  }

  /**
   * Every answer narrows the clock skew; the first one with the edge's brand headers (a status,
   * or a bypass they vouch for) proves the site is behind the cache, and names its prefix.
   */
  private learnFrom(answer: SiteAnswer): void {
    this.skew = observeAnswerSkew(this.skew, answer)
    // Read until known, then never again: the hot path pays for it once.
    this.prefixSeen ??= readEdgeHeaders(answer.headers)?.prefix
  }

  // The rest of CheckLoop (one-check.ts says what each member is for).

  doneWaitingForFreshness(): void {
    this.pendingFreshness--
    if (this.pendingFreshness === 0) this.allFreshSince = this.clock.now()
  }

  edgeNow(): number {
    return this.clock.now() + skewMs(this.skew)
  }

  staleDelay(now: number, attempt: number): { delayMs: number; nextAttempt: number } {
    return this.watch.staleDelay(now, attempt, this.random)
  }

  purgeArrived(at: number, afterMs: number): void {
    this.watch.arrived(at, afterMs)
    // Poll-schedule rule 2: on an arrival, every stale check is asked at once.
    this.sleeps.wakeStale()
  }

  async sleep(ms: number): Promise<void> {
    await this.sleeps.sleep(this.untilDeadline(ms))
  }

  /** `ms`, cut so that a wait never passes the deadline. */
  private untilDeadline(ms: number): number {
    return Math.min(ms, Math.max(0, this.options.deadline - this.clock.now()))
  }

  async sleepStale(ms: number, lastAttemptAt: number): Promise<void> {
    const woken = await this.sleeps.sleep(this.untilDeadline(ms), 'stale')
    // Woken early: still leave a short gap after this check's last request, so a burst of
    // wake-ups cannot turn into a burst of requests for one page.
    const gap = lastAttemptAt + DEFAULTS.minWakeGapMs - this.clock.now()
    if (woken && !this.stopped && gap > 0) await this.sleep(gap)
  }

  private stop(reason: string): void {
    if (this.fatal !== undefined) return
    this.fatal = reason
    this.halt()
  }

  /** No request leaves from now on, and every check ends as it stands. */
  private halt(): void {
    this.halted = true
    this.slots.close()
    this.rate?.close()
    this.sleeps.stop()
  }
}
