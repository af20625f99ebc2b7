/**
 * Purges pages that showed old content again, while the verification goes on. The verification
 * tells it of each sighting (it is the loop's OldContentWatcher); the schedule (schedule.ts)
 * says when each page is due; before each re-purge, origin_url must show the build (a look, or
 * a wait within the verification's deadline: purging again before the build is live would only
 * cache the old one once more); the purge itself goes through the caller's sender, the same
 * batching, countries, retries and redaction as any purge. Without origin_url (or with
 * repurge_old_content: false) it only records what it saw, for the report.
 * The clock and the sender come from the caller, so tests drive it with a test clock.
 */
import { MAX_REPORTED_PAGES } from './limits.js'
import type { Clock } from '../time/clock.js'
import type { OldContentWatcher } from '../verify/check/verify-pages.js'
import { REPURGE_DELAYS_TEXT, REPURGE_TIMES_TEXT } from './limits.js'
import { RepurgeSchedule } from './schedule.js'
import type { BuildSuccession } from '../build/build-succession.js'
import { shortBuild } from '../build/build-id.js'
import { otherBuildWords } from '../build/commit-relation.js'
import { shortSha } from '../text/format.js'

/** What a re-purge of some pages came back with. */
export interface RepurgeSent {
  /** The pages every request for which was accepted. */
  readonly accepted: readonly string[]
  /** When the last of those requests was accepted (runner's clock). */
  readonly acceptedAt?: number
  readonly failed: readonly string[]
  /** Why some failed, in the service's words. */
  readonly problem?: string
}

/** What origin_url showed when a re-purge asked for the build. */
export type OriginState =
  /** The build: purging again renders it. */
  | { readonly kind: 'live' }
  /** A newer commit, which holds the build's: purging again renders it too. */
  | { readonly kind: 'newer'; readonly commit: string }
  /** An older commit, for a while: the deploy was rolled back. */
  | { readonly kind: 'rolled-back'; readonly commit: string }
  /** Neither before `until`. */
  | { readonly kind: 'not-live' }

/** What origin_url shows, waiting for the build no later than `until` (runner's clock). */
export type OriginLive = (until: number, signal: AbortSignal) => Promise<OriginState>

export type RepurgeMode =
  | {
      readonly kind: 'repurge'
      /** Whether origin_url shows the build, waiting for it no later than `until`. */
      readonly originLive: OriginLive
      readonly send: (pages: readonly string[]) => Promise<RepurgeSent>
    }
  /** Old content is reported, never purged again: no origin_url to tell when the build is live. */
  | { readonly kind: 'no-origin-url' }
  /** repurge_old_content: false. */
  | { readonly kind: 'disabled' }
  /** mode: verify: this job purges nothing; the purge job's is the place to purge again. */
  | { readonly kind: 'verify-only' }

export interface RepurgeLog {
  info(message: string): void
  warning(message: string): void
}

export interface RepurgerOptions {
  readonly mode: RepurgeMode
  readonly clock: Clock
  /** The verification's deadline: no re-purge is sent after it. */
  readonly deadline: number
  readonly log: RepurgeLog
  readonly schedule?: RepurgeSchedule
  /** Which build the site should show: told of a newer one, or a rollback, the origin shows. */
  readonly succession?: BuildSuccession
}

/** One re-purge of a group of pages. */
export interface RepurgeBatch {
  /** When it was sent (runner's clock). */
  readonly at: number
  readonly pages: readonly string[]
  readonly accepted: readonly string[]
  readonly failed: readonly string[]
  readonly problem?: string
}

/** What the report shows: plain data. */
export interface RepurgeReport {
  readonly mode: RepurgeMode['kind']
  /** Pages that showed old content, with how often they were purged again (at most MAX_REPORTED_PAGES). */
  readonly pages: readonly { readonly page: string; readonly repurges: number }[]
  /** Pages that showed old content, in all. */
  readonly pageCount: number
  readonly batches: readonly RepurgeBatch[]
  /** Set when origin_url did not show the build before the deadline: nothing more was purged. */
  readonly originNotLive?: boolean
  /** The older commit origin_url went back to: nothing more was purged after it. */
  readonly rolledBackTo?: string
}

/** Pages that come due this soon after the first one are purged again with it. */
const GATHER_MS = 2000

/** The page as the service's URL purge names it: path and query. */
function purgePath(page: URL): string {
  return `${page.pathname}${page.search}`
}

export class Repurger implements OldContentWatcher {
  private readonly schedule: RepurgeSchedule
  private readonly batches: RepurgeBatch[] = []
  private readonly seenPages = new Set<string>()
  private wake = new AbortController()
  /** When the loop's sleep ends: a page due sooner wakes it. */
  private sleepingUntil = Number.POSITIVE_INFINITY
  private readonly stopped = new AbortController()
  private originNotLive = false
  private rolledBackTo: string | undefined
  /** origin_url was looked at since old content was first seen. */
  private lookedAtOrigin = false
  private hinted = false

  constructor(private readonly options: RepurgerOptions) {
    this.schedule = options.schedule ?? new RepurgeSchedule()
  }

  seen(page: URL, at: number, purgedAt: number | undefined): void {
    const path = purgePath(page)
    if (!this.seenPages.has(path)) {
      this.seenPages.add(path)
      if (this.seenPages.size === 1) this.sayFirstSighting(path)
    }
    if (this.options.mode.kind !== 'repurge' || this.originNotLive) return
    const dueAt = this.schedule.sawOldContent(path, at, purgedAt ?? at)
    // A page due sooner than the loop's sleep, or origin_url to look at: wake it.
    if ((dueAt !== undefined && dueAt < this.sleepingUntil) || this.firstLookDue()) {
      this.wake.abort()
    }
  }

  repurgedAt(page: URL): number | undefined {
    return this.schedule.repurgedAt(purgePath(page))
  }

  /** Runs until stop(): sends each group of pages when due. */
  async run(): Promise<void> {
    const { mode, clock } = this.options
    if (mode.kind !== 'repurge') return
    while (!this.stopped.signal.aborted) {
      const now = clock.now()
      if (now >= this.options.deadline) return
      if (this.firstLookDue()) {
        // At the first sighting, not when a re-purge comes due: a newer build or a rollback is
        // learned seconds sooner, and purges nothing.
        this.lookedAtOrigin = true
        const origin = await mode.originLive(this.options.deadline, this.stopped.signal)
        if (this.stopped.signal.aborted || this.follow(origin, []) === 'end') return
        continue
      }
      const next = this.schedule.nextDueAt()
      if (next === undefined || next > now) {
        this.wake = new AbortController()
        this.sleepingUntil = Math.min(next ?? this.options.deadline, this.options.deadline)
        await clock.sleep(this.sleepingUntil - now, this.wake.signal)
        this.sleepingUntil = Number.POSITIVE_INFINITY
        continue
      }
      // The first page is due: the others that come due in the next moments go with it, in
      // one purge rather than one each (each still waits at least its own delay).
      const gatherUntil = Math.min(now + GATHER_MS, this.options.deadline)
      if (gatherUntil > now) await clock.sleep(gatherUntil - now, this.stopped.signal)
      if (this.stopped.signal.aborted) return
      const due = this.schedule.takeDue(clock.now())
      if (due.length === 0) continue
      const origin = await mode.originLive(this.options.deadline, this.stopped.signal)
      if (this.stopped.signal.aborted) {
        this.schedule.failed(due)
        return
      }
      const followed = this.follow(origin, due)
      if (followed === 'end') return
      if (followed === 'ask-again') continue
      this.options.log.info(
        `Re-purge: ${due.length} page(s) did not show ${this.liveBuildWords()} after the purge; origin_url shows ${origin.kind === 'newer' ? `the newer build ${shortSha(origin.commit)}` : 'the new one'}, so they are purged again: ${preview(due)}.`
      )
      const sentAt = clock.now()
      const sent = await mode.send(due)
      if (sent.accepted.length > 0 && sent.acceptedAt !== undefined) {
        this.schedule.accepted(sent.accepted, sent.acceptedAt)
      }
      if (sent.failed.length > 0) this.schedule.failed(sent.failed)
      this.batches.push({
        at: sentAt,
        pages: due,
        accepted: sent.accepted,
        failed: sent.failed,
        ...(sent.problem !== undefined && { problem: sent.problem })
      })
    }
  }

  /** Old content was seen and origin_url not looked at yet, by a run that can relate builds. */
  private firstLookDue(): boolean {
    return (
      !this.lookedAtOrigin &&
      this.seenPages.size > 0 &&
      this.options.succession?.own.kind === 'commit'
    )
  }

  /**
   * What origin_url showed, followed: a rollback or a build never live ends the re-purges
   * (`due` are not sent); a newer build learned now has the pages seen so far asked again;
   * otherwise `due` are purged.
   */
  private follow(origin: OriginState, due: readonly string[]): 'end' | 'ask-again' | 'purge' {
    const { clock } = this.options
    if (origin.kind === 'rolled-back') {
      this.rolledBackTo = origin.commit
      this.schedule.failed(due)
      this.options.succession?.rolledBack(origin.commit, clock.now())
      return 'end'
    }
    if (origin.kind === 'not-live') {
      this.originNotLive = true
      this.schedule.failed(due)
      this.options.log.warning(
        `Old content on ${this.seenPages.size} page(s) is not purged again: origin_url did not show the new build before the verification's deadline.`
      )
      return 'end'
    }
    if (
      origin.kind === 'newer' &&
      this.options.succession?.superseded(origin.commit, clock.now())
    ) {
      // Seen before the newer build was known (due now or later): a page may have shown it,
      // which counts as fresh from now on. Its check, still asking, tells again if it shows
      // neither build.
      const seenBefore = [...due, ...this.schedule.waiting()]
      this.schedule.forget(seenBefore)
      // A page purged again before stays in the report, with its re-purges.
      for (const page of seenBefore) {
        if (this.schedule.repurgedAt(page) === undefined) this.seenPages.delete(page)
      }
      this.options.log.info(
        `Re-purge: origin_url shows ${otherBuildWords(origin.commit, { kind: 'newer' })}: a page that shows it is fresh; ${seenBefore.length} page(s) that showed another build are asked again before any is purged.`
      )
      return 'ask-again'
    }
    return 'purge'
  }

  stop(): void {
    this.stopped.abort()
    this.wake.abort()
  }

  report(): RepurgeReport {
    const repurges = new Map(this.schedule.states().map(state => [state.page, state.repurges]))
    const pages = [...this.seenPages]
      .slice(0, MAX_REPORTED_PAGES)
      .map(page => ({ page, repurges: repurges.get(page) ?? 0 }))
    return {
      mode: this.options.mode.kind,
      pages,
      pageCount: this.seenPages.size,
      batches: this.batches,
      ...(this.originNotLive && { originNotLive: true }),
      ...(this.rolledBackTo !== undefined && { rolledBackTo: this.rolledBackTo })
    }
  }

  /** What a fresh page shows: `build abc1234`, or `build abc1234 or the newer build def5678`. */
  private liveBuildWords(): string {
    const { own, supersededBy } = this.options.succession ?? {}
    const ownWords = own === undefined ? 'the new build' : `build ${shortBuild(own)}`
    return supersededBy === undefined
      ? ownWords
      : `${ownWords} or the newer build ${shortSha(supersededBy.commit)}`
  }

  private sayFirstSighting(path: string): void {
    if (this.hinted) return
    this.hinted = true
    const what = `Old content: ${path} was rendered again after the purge from another build (the page does not show ${this.liveBuildWords()}).`
    switch (this.options.mode.kind) {
      case 'repurge':
        this.options.log.info(
          `${what} It is purged again once origin_url shows the new build (at most ${REPURGE_TIMES_TEXT}, ${REPURGE_DELAYS_TEXT} after it is seen).`
        )
        return
      case 'no-origin-url':
        this.options.log.warning(
          `${what} It is not purged again: set origin_url, so that the action waits for the new build before purging, and purges old content again.`
        )
        return
      case 'disabled':
        this.options.log.warning(`${what} It is not purged again (repurge_old_content: false).`)
        return
      case 'verify-only':
        this.options.log.warning(
          `${what} It is not purged again: mode: verify purges nothing; purge it again from the purge job once the deploy has finished.`
        )
    }
  }
}

function preview(pages: readonly string[]): string {
  const shown = pages.slice(0, 5).join(', ')
  return pages.length > 5 ? `${shown} and ${pages.length - 5} more` : shown
}
