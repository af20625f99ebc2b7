/**
 * The asset checks: every asset a page proven fresh references is asked for at the edge once per
 * device type, however many pages share it, within the pages' limits (the loop's rate, requests
 * in flight, backpressure and deadline: AssetLoop). A broken one the rendering cache served (its
 * answer carries the cache's headers) is purged by URL once and asked again until it is whole or
 * the deadline comes; one it did not serve is named, never purged (the service cannot purge
 * another CDN or the origin). What stays in memory is one small record per distinct (asset,
 * device), with the first few pages that need it.
 *
 * An asset's redirects are followed as a browser follows them (Fetch's "follow"), each hop a
 * request under the same limits, within the scope the references were kept by (the site and
 * `asset_hosts`), at most MAX_REDIRECTS: the chain's last answer is judged. A redirect out of
 * scope is not followed nor judged (counted apart, like a third party's reference); one to
 * `http:` from an https site, a loop, or too many are broken, as a browser fails them.
 */
import { backoffDelay, type Backoff } from '../../http/backoff.js'
import {
  edgeIds,
  fromKeptEntry,
  readEdgeHeaders,
  type EdgeReading
} from '../../http/edge-headers.js'
import { headerValue, type Headers } from '../../http/headers.js'
import { redirectOf, redirectTarget, type RedirectRules } from '../../http/redirect.js'
import { SiteRequestError, type SiteHead } from '../../http/site-client.js'
import { isRetryableSiteStatus } from '../../http/statuses.js'
import type { Clock } from '../../time/clock.js'
import {
  MAX_ASSET_CHECKS,
  MAX_LISTED_PAGES,
  type AssetRedirect,
  type AssetResult,
  type AssetVerification,
  type NotPurged,
  type UnprovenPage
} from './asset-results.js'
import { checkKey, inScope, type AssetScope, type PageReferences } from './page-references.js'
import {
  assetRefusal,
  blankResult,
  entriesAtTheEnd,
  isPage,
  MAX_ASSET_ATTEMPTS,
  TOO_MANY_REQUESTS,
  worthAskingAgain,
  withoutCredentials,
  type CheckState,
  type Entry
} from './asset-entries.js'
import {
  answerBy,
  NOT_ANSWERED_BY_DEADLINE,
  RepairQueue,
  type PurgeAssetPaths,
  type RepairAnswer
} from './repair-queue.js'
import { repairPath } from './repair-path.js'
import { judgeAnswer, mediaType, type AssetJudgement } from './whole-answer.js'
import { corsCheck, corsMode, corsStep } from './cors.js'

/** One asset request as the loop makes it, under the pages' limits. */
export type AskedAsset = SiteHead | SiteRequestError | 'stopped' | 'late'

/** An answer's headers, and what the edge's among them say (undefined: not through the cache). */
export interface EdgeAnswer {
  readonly edge: EdgeReading | undefined
  readonly headers: Headers
}

/** What the asset checks need of the verification's loop (polling-loop.ts). */
export interface AssetLoop {
  readonly clock: Clock
  readonly random: () => number
  readonly deadline: number
  /** The run stopped (not the public site): the checks end where they are. */
  readonly stopped: boolean
  /** One request through the limits: 'late' when no request can leave before the deadline. */
  askAsset(url: URL, userAgent: string, origin?: string): Promise<AskedAsset>
  /** Sleeps, but never past the deadline. */
  sleep(ms: number): Promise<void>
  /**
   * Whether an answer is a HIT the edge cached after `acceptedAt` (the runner's clock), placed
   * as the pages' judge places it; undefined when its dates cannot be placed.
   */
  renderedAfter(answer: EdgeAnswer, acceptedAt: number): boolean | undefined
}

export interface AssetCheckOptions {
  /** The site's origin: only its own assets can be purged with its key. */
  readonly siteOrigin: string
  /** `asset_hosts`, as the report names them. */
  readonly hosts: readonly string[]
  /**
   * Purges asset paths by URL, batched (repair-queue.ts); absent: nothing is purged (mode:
   * verify, no purge in this job).
   */
  readonly repair?: PurgeAssetPaths
  /** Times count from here: the last purge's acceptance (runner's clock). */
  readonly measureFrom: number
  /** Asset checks under way at once, at most. */
  readonly workers: number
  /** The wait between two asks of a broken asset after its purge. */
  readonly backoff: Backoff
}

/** At most this many broken, repaired or not-checked assets are listed; the rest are counted. */
const MAX_LISTED_ASSETS = 1000

/**
 * Distinct assets on other hosts remembered to count them: what bounds the memory when every
 * page names its own (a cache-busting path); past it the count says "or more".
 */
export const MAX_OTHER_HOST_ASSETS = 10_000

/**
 * A broken answer, and the first answer of its chain (the same one without a redirect): its
 * headers and what the edge's say of it (undefined: it did not come through the rendering
 * cache). The first URL is the one the page names and the one a purge names, so its answer
 * decides the repair.
 */
type BrokenAnswer = AssetResult & { readonly first: EdgeAnswer }

function stripRender({ first: _first, ...answer }: BrokenAnswer): AssetResult {
  return answer
}

/** One ask's end: `result` when the check ended, `answer` a broken one, `away` out of scope. */
interface Asked {
  readonly result?: AssetResult
  readonly answer?: BrokenAnswer
  readonly away?: string
}

/**
 * What was read of a fresh page's cached render: its references, and why the body was read only
 * in part (`cut`); or why no cached render was read at all (`unread`).
 */
export type PageRead =
  { readonly references: PageReferences; readonly cut?: string } | { readonly unread: string }

/** The device a page was checked as: its name and its User-Agent. */
export interface AssetDevice {
  readonly name: string
  readonly userAgent: string
}

export class AssetChecks {
  private readonly entries = new Map<string, Entry>()
  private readonly pending: Entry[] = []
  private readonly workers = new Set<Promise<void>>()
  /** Broken assets purged by URL, asked again apart from the workers. */
  private readonly afterRepairs = new Set<Promise<void>>()
  /** The purges by URL that repair broken assets: batched, once a path, at most a cap a run. */
  private readonly repairs: RepairQueue | undefined
  private readonly assetUrls = new Set<string>()
  private readonly otherHosts = new Set<string>()
  private otherHostsCapped = false
  /** References to further assets once MAX_ASSET_CHECKS were kept: counted, not checked. */
  private leftOut = 0
  /** The fresh pages whose references were cut at one page's share (once each, any device). */
  private readonly cutPages = new Set<string>()
  /** Fresh (page, device) checks whose cached render was not read whole: the first few. */
  private readonly unproven: UnprovenPage[] = []
  private unprovenCount = 0
  private requests = 0
  private lastWholeAt: number | undefined

  constructor(
    private readonly loop: AssetLoop,
    private readonly options: AssetCheckOptions
  ) {
    this.repairs = options.repair && new RepairQueue(options.repair, loop.clock)
  }

  /**
   * A page was proven fresh on `device`, and its cached render read: its assets are queued,
   * each once per device. A render read only in part (`read.cut`), or none read at all
   * (`read.unread`), leaves the page's assets not proven: named, and the deploy not whole.
   */
  pageFresh(pageUrl: string, device: AssetDevice, read: PageRead): void {
    const why = 'unread' in read ? read.unread : read.cut
    if (why !== undefined) {
      this.unprovenCount++
      if (this.unproven.length < MAX_LISTED_PAGES) {
        this.unproven.push({ url: pageUrl, device: device.name, why })
      }
    }
    if ('unread' in read) return
    const { references } = read
    if (references.capped) this.cutPages.add(pageUrl)
    for (const url of references.otherHosts) {
      if (this.otherHosts.size < MAX_OTHER_HOST_ASSETS) this.otherHosts.add(url)
      else if (!this.otherHosts.has(url)) this.otherHostsCapped = true
    }
    if (references.otherHostsLeftOut !== undefined) this.otherHostsCapped = true
    for (const reference of references.assets) {
      const { url, kind } = reference
      const key = `${device.name}\n${checkKey(reference)}`
      let entry = this.entries.get(key)
      if (entry === undefined) {
        if (this.entries.size >= MAX_ASSET_CHECKS) {
          this.leftOut++
          continue
        }
        entry = {
          url,
          kind,
          ...(reference.module && { module: true }),
          ...(reference.crossOrigin !== undefined && { crossOrigin: reference.crossOrigin }),
          request: corsMode(reference),
          device: device.name,
          userAgent: device.userAgent,
          pages: [],
          pageCount: 0
        }
        this.entries.set(key, entry)
        this.assetUrls.add(url)
        this.pending.push(entry)
      }
      entry.pageCount++
      if (entry.pages.length < MAX_LISTED_PAGES) entry.pages.push(pageUrl)
    }
    while (this.pending.length > 0 && this.workers.size < this.options.workers) this.startWorker()
  }

  /** The pages are done: waits for the asset checks under way, and says how they went. */
  async finish(): Promise<AssetVerification> {
    while (this.workers.size > 0 || this.afterRepairs.size > 0 || this.pending.length > 0) {
      // An entry queued while every worker was ending its last check still gets one.
      while (this.pending.length > 0 && this.workers.size < this.options.workers) this.startWorker()
      await Promise.all([...this.workers, ...this.afterRepairs])
    }
    return this.summarize()
  }

  private startWorker(): void {
    const worker = (async () => {
      for (let entry = this.pending.shift(); entry; entry = this.pending.shift()) {
        await this.check(entry)
      }
    })().finally(() => this.workers.delete(worker))
    this.workers.add(worker)
  }

  /**
   * One (asset, device) check until it is whole or broken, or its purge by URL was accepted:
   * then the asking again goes on apart (askAfterRepair), so that a worker never sleeps through
   * a purge's propagation while other assets wait for it.
   */
  private async check(entry: Entry): Promise<void> {
    const { loop } = this
    const state: CheckState = { asks: 0, failures: 0 }
    for (;;) {
      const asked = await this.ask(entry, state)
      if (asked.result !== undefined || asked.away !== undefined) {
        this.end(entry, asked)
        return
      }
      const answer = asked.answer
      if (answer === undefined) {
        await loop.sleep(backoffDelay(this.options.backoff, state.asks - 1, loop.random()))
        continue
      }
      if (worthAskingAgain(answer, state)) {
        await loop.sleep(backoffDelay(this.options.backoff, state.asks - 1, loop.random()))
        continue
      }
      const repair = this.repairOf(entry, answer)
      if ('notPurged' in repair) {
        entry.result = { ...stripRender(answer), state: 'broken', notPurged: repair.notPurged }
        return
      }
      const task = this.repairThenAsk(
        entry,
        stripRender(answer),
        repair.purge,
        { ...state, failures: 0 },
        answer.first.edge?.cacheDate
      ).finally(() => this.afterRepairs.delete(task))
      this.afterRepairs.add(task)
      return
    }
  }

  /**
   * Purges a broken asset by its path, then asks it again (askAfterRepair). The purge is waited
   * for until the deadline at most (answerBy).
   */
  private async repairThenAsk(
    entry: Entry,
    broken: AssetResult,
    purge: Promise<RepairAnswer>,
    state: CheckState,
    purgedCacheDate: string | undefined
  ): Promise<void> {
    const { loop } = this
    const outcome = await answerBy(purge, loop.clock, loop.deadline)
    if (outcome === undefined) {
      entry.result = {
        ...broken,
        state: 'broken',
        repurged: true,
        repurgeError: NOT_ANSWERED_BY_DEADLINE
      }
      return
    }
    if (outcome.error !== undefined) {
      entry.result = { ...broken, state: 'broken', repurged: true, repurgeError: outcome.error }
      return
    }
    state.repair = { acceptedAt: outcome.answeredAt, purgedCacheDate }
    await this.askAfterRepair(entry, state)
  }

  /**
   * A broken asset purged by URL, asked again until it is whole (repaired), or a render made
   * after the purge shows it still broken (the origin serves it so: broken), or the deadline.
   * Until the purge arrives the edge still serves the cached answer, as it does a stale page.
   */
  private async askAfterRepair(entry: Entry, state: CheckState): Promise<void> {
    const { loop } = this
    for (;;) {
      await loop.sleep(backoffDelay(this.options.backoff, state.asks - 1, loop.random()))
      const asked = await this.ask(entry, state, true)
      if (asked.result !== undefined || asked.away !== undefined) {
        this.end(entry, asked)
        return
      }
      const answer = asked.answer
      if (answer === undefined) continue
      // A render made after the purge (the cache had no entry: EXTRACTING, or not cached; or a
      // HIT cached since, by a visitor between two asks) answers what the origin has now: still
      // broken is broken for good.
      const renderedSince =
        !fromKeptEntry(answer.first.edge) || this.cachedSincePurge(answer.first, state)
      if (renderedSince && !worthAskingAgain(answer, state)) {
        entry.result = { ...stripRender(answer), state: 'broken', repurged: true }
        return
      }
    }
  }

  /**
   * Whether a HIT was cached after the asset's purge was accepted, as the pages' judge places
   * cache dates (loop.renderedAfter). Not when its cache date is the purged entry's: that entry,
   * still served until the purge reaches this data center, may fall within the clocks' doubt of
   * the acceptance (the judge gives it to freshness), and taking it for a new render would call
   * broken an asset the purge is about to repair. Dates that cannot be placed: not (ask again).
   */
  private cachedSincePurge(first: BrokenAnswer['first'], state: CheckState): boolean {
    const { repair } = state
    if (repair === undefined) return false
    return (
      first.edge?.cacheDate !== repair.purgedCacheDate &&
      this.loop.renderedAfter(first, repair.acceptedAt) === true
    )
  }

  /** A check ends with its result, or away: its redirect led out of scope. */
  private end(entry: Entry, asked: Asked): void {
    if (asked.away !== undefined) entry.away = asked.away
    else entry.result = asked.result
  }

  /**
   * One ask, following the asset's redirects as a browser does (each hop a request under the
   * same limits): `result` when the check ended (whole, repaired, broken by its redirects, or
   * out of time or of attempts), `away` when a redirect leads out of scope, else the broken
   * answer to act on (`answer`), or none (no answer, to be asked again).
   */
  private async ask(entry: Entry, state: CheckState, repurged = false): Promise<Asked> {
    const { loop } = this
    const ended = (result: AssetResult): { result: AssetResult } => ({
      result: {
        ...result,
        repurged,
        ...(state.firstReason !== undefined &&
          result.state !== 'broken' && { reason: state.firstReason })
      }
    })
    // A 429 says nothing of the asset: one that got nothing else is not checked, not broken.
    const outOfTime = (): { result: AssetResult } =>
      ended(
        state.last === undefined
          ? { ...blankResult(entry), state: 'not-checked' }
          : state.last.httpStatus === TOO_MANY_REQUESTS
            ? { ...blankResult(entry), state: 'not-checked', httpStatus: TOO_MANY_REQUESTS }
            : { ...state.last, state: 'broken' }
      )
    let url = new URL(entry.url)
    const chain: URL[] = [url]
    let first: BrokenAnswer['first'] | undefined
    for (let hops = 0; ; hops++) {
      if (loop.stopped || loop.clock.now() >= loop.deadline) return outOfTime()
      // A browser's CORS-mode request from another origin sends the page's (or a tainted
      // `null`), and uses no answer, a redirect's included, that does not allow it.
      const cors = corsStep(entry.request, this.options.siteOrigin, chain)
      const origin = cors.checked ? cors.origin : undefined
      const asked = await loop.askAsset(url, entry.userAgent, origin)
      if (asked === 'stopped' || asked === 'late') return outOfTime()
      this.requests++
      // The asks of the asset, for its backoff: a redirect followed is the same ask.
      if (hops === 0) state.asks++
      const redirect: AssetRedirect | undefined = hops > 0 ? { to: url.href, hops } : undefined
      if (asked instanceof SiteRequestError) {
        state.last = {
          ...blankResult(entry),
          state: 'broken',
          reason: 'request-failed',
          ...(redirect && { redirect })
        }
        if (++state.failures >= MAX_ASSET_ATTEMPTS) return ended(state.last)
        return {}
      }
      first ??= { edge: readEdgeHeaders(asked.headers), headers: asked.headers }
      const refusedByCors = origin !== undefined && !corsCheck(entry.request, origin, asked.headers)
      const hop = redirectOf(asked, { url, redirects: hops, asked: chain }, this.redirectRules)
      const refused = hop instanceof URL || hop === undefined ? undefined : assetRefusal(hop)
      // No redirect, or one a browser fails (its Location no http(s) URL): the answer is judged.
      if (hop === undefined || refused === 'judge' || refusedByCors) {
        return this.judge(entry, state, asked, { first, redirect, repurged, refusedByCors }, ended)
      }
      const target =
        hop instanceof URL
          ? hop
          : 'to' in hop
            ? hop.to
            : redirectTarget(asked.status, asked.headers, url)
      const next: AssetRedirect = {
        to: target === undefined ? url.href : withoutCredentials(target),
        hops: hops + 1
      }
      if (refused === 'away') return { away: next.to }
      if (refused !== undefined) {
        // Broken by its redirects whatever the cache did: a purge would not change where the
        // origin sends it, and the answer is its own (the last redirect), not asked again.
        return ended({
          ...this.read(entry, asked),
          state: 'broken',
          reason: refused,
          redirect: next
        })
      }
      if (!(hop instanceof URL)) throw new Error('a redirect neither followed nor refused')
      chain.push(hop)
      url = hop
    }
  }

  /**
   * The redirect rule every reader follows (http/redirect.ts): no plain http after https (mixed
   * content), and the scope the references were kept by (the site and `asset_hosts`).
   */
  private get redirectRules(): RedirectRules {
    const scope: AssetScope = { siteOrigin: this.options.siteOrigin, hosts: this.options.hosts }
    return { plainHttp: 'from-http', scope: { allows: url => inScope(url, scope) } }
  }

  /** The chain's last answer, judged: whole ends the check, broken is acted on. */
  private judge(
    entry: Entry,
    state: CheckState,
    head: SiteHead,
    chain: {
      readonly first: BrokenAnswer['first']
      readonly redirect: AssetRedirect | undefined
      readonly repurged: boolean
      readonly refusedByCors: boolean
    },
    ended: (result: AssetResult) => { result: AssetResult }
  ): Asked {
    const { first, redirect, repurged, refusedByCors } = chain
    const answer = { ...this.read(entry, head, refusedByCors), ...(redirect && { redirect }) }
    if (answer.reason === undefined) {
      this.lastWholeAt = Math.max(this.lastWholeAt ?? 0, this.loop.clock.now())
      return ended({ ...answer, state: repurged ? 'repaired' : 'whole' })
    }
    state.last = answer
    // A 429 is the host's backpressure (its own pause holds the next ask), not a failure of the
    // asset: asked again until the deadline, never counted against its attempts.
    if (head.status === TOO_MANY_REQUESTS) return { answer: { ...answer, first } }
    state.firstReason ??= answer.reason
    if (isRetryableSiteStatus(head.status)) state.failures++
    return { answer: { ...answer, first } }
  }

  /**
   * The purge that repairs a broken answer, or why there is none (NotPurged says why each case is
   * refused). After a redirect, the first answer decides and the purge names the first URL: the
   * one the page references, whose kept entry (a cached redirect to a file gone, a cached 404) is
   * what a purge renders again. A later hop's path may be another host's, or one the next deploy
   * moves.
   */
  private repairOf(
    entry: Entry,
    answer: BrokenAnswer
  ): { readonly purge: Promise<RepairAnswer> } | { readonly notPurged: NotPurged } {
    const url = new URL(entry.url)
    if (answer.first.edge === undefined) return { notPurged: 'not-through-cache' }
    if (!fromKeptEntry(answer.first.edge)) return { notPurged: 'new-render' }
    if (url.origin !== this.options.siteOrigin) return { notPurged: 'other-host' }
    if (isPage(answer)) return { notPurged: 'page' }
    const path = repairPath(url)
    if ('refused' in path) return { notPurged: 'not-a-path' }
    if (this.repairs === undefined) return { notPurged: 'no-purge-in-this-job' }
    const purge = this.repairs.purge(path.path)
    return purge === undefined ? { notPurged: 'repair-cap' } : { purge }
  }

  /**
   * One answer, as a result would tell it: `reason` absent when it is whole. One its CORS check
   * refused is not used by a browser (`cors`), unless its status already says it is broken.
   */
  private read(entry: Entry, head: SiteHead, refusedByCors = false): AssetResult {
    const contentType = mediaType(headerValue(head.headers, 'content-type'))
    const judgement: AssetJudgement =
      refusedByCors && head.status < 400
        ? { whole: false, reason: 'cors' }
        : judgeAnswer(entry, head.status, head.headers)
    const ids = edgeIds(head.headers)
    return {
      ...blankResult(entry),
      state: judgement.whole ? 'whole' : 'broken',
      httpStatus: head.status,
      ...(contentType !== undefined && { contentType }),
      ...(!judgement.whole && { reason: judgement.reason }),
      throughCache: readEdgeHeaders(head.headers) !== undefined,
      ...(ids !== undefined && { edgeIds: ids })
    }
  }

  private summarize(): AssetVerification {
    const { counts, listed, redirectedAway, awayTargets } = entriesAtTheEnd(this.entries.values())
    const allWhole =
      counts.broken === 0 &&
      counts['not-checked'] === 0 &&
      this.unprovenCount === 0 &&
      this.entries.size > 0
    return {
      hosts: this.options.hosts,
      counts,
      assets: this.assetUrls.size,
      otherHosts: this.otherHosts.size,
      ...(this.otherHostsCapped && { otherHostsCapped: true }),
      ...(this.leftOut > 0 && { leftOut: this.leftOut }),
      ...(this.unprovenCount > 0 && {
        unproven: { count: this.unprovenCount, first: this.unproven.slice() }
      }),
      ...(this.cutPages.size > 0 && {
        cutPages: {
          count: this.cutPages.size,
          first: [...this.cutPages].slice(0, MAX_LISTED_PAGES)
        }
      }),
      listed: listed.slice(0, MAX_LISTED_ASSETS),
      requests: this.requests,
      ...(redirectedAway > 0 && { redirectedAway, awayTargets }),
      ...(allWhole &&
        this.lastWholeAt !== undefined && {
          wholeAfterMs: Math.max(0, this.lastWholeAt - this.options.measureFrom)
        })
    }
  }
}
