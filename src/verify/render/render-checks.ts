/**
 * The new renders of one verification, judged as they are read (verify/check/polling-loop.ts
 * hands each fresh page's cached render here, with the old render when its first answer still
 * served it): each judged by judge-render.ts, with what render_expected says is meant. A render
 * fault (blank, an app's shell, a soft 404), which a render of its own may not repeat, is purged
 * by URL once (batched and capped like the asset repairs, through the run's sender), the page
 * asked again until a render made after that purge is read, and judged again: whole, it counts
 * as rendered again; not, it is named with what was done. What is kept is bounded (counts, and
 * the first rows of each list), so that a big site stays small.
 */
import type { Clock } from '../../time/clock.js'
import type { EdgeAnswer } from '../assets/asset-checks.js'
import { parseEdgeDate } from '../judge/edge-date.js'
import {
  answerBy,
  NOT_ANSWERED_BY_DEADLINE,
  RepairQueue,
  type PurgeAssetPaths,
  type RepairAnswer
} from '../assets/repair-queue.js'
import { repairPath } from '../assets/repair-path.js'
import { judgeRender, type RenderJudgement, type RenderProblem } from './judge-render.js'
import type { RenderFacts } from './render-facts.js'
import type { LooksBeforePurge } from './read-before-purge.js'
import { expectedAt, type RenderExpectations } from './render-expected.js'
import {
  MAX_LISTED_RENDERS,
  MAX_RERENDERS,
  RERENDER_REASONS,
  type RenderChange,
  type RenderChangeRow,
  type RenderProblemRow,
  type RenderVerification,
  type RerenderOutcome,
  type RerenderedRow
} from './render-results.js'

export interface RenderCheckOptions {
  /** The public site's origin: a canonical elsewhere is off the site. */
  readonly siteOrigin: string
  readonly expected: RenderExpectations
  /**
   * Purges page paths by URL to render them again (the run's sender, batched); absent: a render
   * fault is named, never purged (mode: verify purges nothing).
   */
  readonly rerender?: PurgeAssetPaths
  /**
   * The looks before the purge (read-before-purge.ts): each check takes its own, the old render
   * it read; absent when none were made (mode: verify purges nothing).
   */
  readonly before?: LooksBeforePurge
}

/** A page asked again after its purge to render it again: what came back. */
export type RenderAsked =
  /**
   * A HIT, its body read for its facts (or `cut`: read only in part): its cache date, and
   * whether it was rendered after the purge by the edge's dates (undefined: they cannot tell).
   */
  | {
      readonly facts?: RenderFacts
      readonly cut?: string
      readonly cacheDate: string
      readonly after: boolean | undefined
    }
  /** EXTRACTING: the purge arrived, and a render started. */
  | 'rendering'
  /** Another answer, or none: ask again. */
  | 'again'
  /** The run stopped, or no request can leave before the deadline. */
  | 'stopped'
  | 'late'

/** What the render checks need of the verification's loop. */
export interface RenderLoop {
  readonly clock: Clock
  readonly stopped: boolean
  readonly deadline: number
  /** The page on a device, through the pages' limits, judged against `acceptedAt`. */
  askRender(url: URL, userAgent: string, acceptedAt: number): Promise<RenderAsked>
  /** Whether the edge's dates place a HIT's render after `acceptedAt` (undefined: cannot tell). */
  renderedAfter(answer: EdgeAnswer, acceptedAt: number): boolean | undefined
  /** Sleeps, but never past the deadline. */
  sleep(ms: number): Promise<void>
}

/** One render read: the page, its device, the new render's facts and the old one's, if read. */
export interface RenderRead {
  readonly url: URL
  readonly device: string
  readonly userAgent: string
  readonly now: RenderFacts
  readonly old?: RenderFacts
  /** No old render: the look before the purge found none cached (nothing to compare with). */
  readonly noneCachedBefore?: true
  /** The answer that served the new render (its edge headers): the one a purge is to drop. */
  readonly answer: EdgeAnswer
}

/** How long a page asked again for its new render waits between asks: a render takes seconds. */
const ASK_AGAIN_MS = [1000, 2000, 4000, 8000] as const

export class RenderChecks {
  private judged = 0
  private notJudged = 0
  private comparedWithOld = 0
  private noneCachedBefore = 0
  private badRenders = 0
  private problems = 0
  private changed = 0
  private rerenderedWhole = 0
  private readonly listed: RenderProblemRow[] = []
  private readonly rerenderedRows: RerenderedRow[] = []
  /** The change rows by page and what changed, so that devices with the same change share one. */
  private readonly changeRows = new Map<string, { row: RenderChangeRow; devices: string[] }>()
  private readonly rerenders: RepairQueue | undefined
  /** The renders being made again: the checks wait for them before they end. */
  private readonly underway: Promise<void>[] = []

  /** `devices`: the devices' names in the order the input gave them, the order rows list them. */
  constructor(
    private readonly loop: RenderLoop,
    private readonly options: RenderCheckOptions,
    private readonly devices: readonly string[]
  ) {
    this.rerenders =
      options.rerender && new RepairQueue(options.rerender, loop.clock, MAX_RERENDERS)
  }

  /** Judges one new render; a render fault is rendered again first, when this job can purge. */
  judge(read: RenderRead): void {
    this.judged++
    if (read.old !== undefined) this.comparedWithOld++
    else if (read.noneCachedBefore) this.noneCachedBefore++
    const judgement = this.judgementOf(read, read.now)
    if (judgement.changes.length > 0) {
      this.changed++
      this.keepChanges(read.url.href, read.device, judgement.changes)
    }
    if (!judgement.problems.some(problem => RERENDER_REASONS.has(problem.reason))) {
      this.record(read, judgement.problems)
      return
    }
    if (this.rerenders === undefined) {
      this.record(read, judgement.problems, 'no-purge')
      return
    }
    const path = repairPath(read.url)
    if ('refused' in path) {
      this.record(read, judgement.problems, { failed: `its URL cannot be purged: ${path.refused}` })
      return
    }
    const purge = this.rerenders.purge(path.path)
    if (purge === undefined) {
      this.record(read, judgement.problems, 'cap')
      return
    }
    this.underway.push(this.renderAgain(read, judgement, path.path, purge))
  }

  /**
   * A fresh page's render that could not be judged: read only in part, not HTML, or no HIT of
   * it read before the checks ended.
   */
  notRead(): void {
    this.notJudged++
  }

  /** Waits for the renders being made again; then what was judged (undefined: none read). */
  async finish(): Promise<RenderVerification | undefined> {
    await Promise.all(this.underway)
    if (this.judged + this.notJudged === 0) return undefined
    return {
      judged: this.judged,
      notJudged: this.notJudged,
      comparedWithOld: this.comparedWithOld,
      noneCachedBefore: this.noneCachedBefore,
      ...(this.options.before && { before: this.options.before.counts }),
      badRenders: this.badRenders,
      problems: this.problems,
      listed: [...this.listed],
      rerendered: this.rerenderedWhole,
      rerenderedRows: [...this.rerenderedRows],
      changed: this.changed,
      changes: [...this.changeRows.values()].map(({ row, devices }) => ({
        ...row,
        // In the input's order, whichever device's check ended first.
        devices: [...devices].sort((a, b) => this.devices.indexOf(a) - this.devices.indexOf(b))
      }))
    }
  }

  private judgementOf(read: RenderRead, now: RenderFacts): RenderJudgement {
    const { url, old } = read
    return judgeRender({
      pageUrl: url,
      siteOrigin: this.options.siteOrigin,
      now,
      ...(old !== undefined && { old }),
      expected: expectedAt(this.options.expected, `${url.pathname}${url.search}`)
    })
  }

  /**
   * After the purge that renders the page again: asks the page on the read's device until a
   * render made after that purge is read, and judges it (against the same old render).
   */
  private async renderAgain(
    read: RenderRead,
    first: RenderJudgement,
    path: string,
    purge: Promise<RepairAnswer>
  ): Promise<void> {
    const { loop } = this
    // Waited for until the deadline at most, as an asset's repair.
    let answer = await answerBy(purge, loop.clock, loop.deadline)
    // Shared by the devices: a render that started before it arrived, cached after it was
    // accepted, is not what it dropped. That device's render gets a purge of its own.
    if (
      answer !== undefined &&
      answer.error === undefined &&
      loop.renderedAfter(read.answer, answer.answeredAt)
    ) {
      const again = this.rerenders?.again(path, purge)
      if (again === undefined) {
        this.record(read, first.problems, 'cap')
        return
      }
      answer = await answerBy(again, loop.clock, loop.deadline)
    }
    if (answer === undefined) {
      this.record(read, first.problems, { failed: NOT_ANSWERED_BY_DEADLINE })
      return
    }
    if (answer.error !== undefined) {
      this.record(read, first.problems, { failed: answer.error })
      return
    }
    const replaced = parseEdgeDate(read.answer.edge?.cacheDate)?.ms
    // The render made after the purge: the HIT after an EXTRACTING seen since, or one the edge's
    // dates place after the purge with another cache date than the render it replaces (a date
    // of one second's resolution can place the old render in the purge's second).
    let started = false
    for (let attempt = 0; ; attempt++) {
      const asked = await this.loop.askRender(read.url, read.userAgent, answer.answeredAt)
      if (asked === 'stopped') return
      if (asked === 'late') break
      if (asked === 'rendering') started = true
      if (typeof asked === 'object') {
        const renderedAgain =
          started || (asked.after === true && parseEdgeDate(asked.cacheDate)?.ms !== replaced)
        if (renderedAgain && asked.cut !== undefined) break
        if (renderedAgain && asked.facts !== undefined) {
          this.judgedAgain(read, first, this.judgementOf(read, asked.facts))
          return
        }
      }
      if (this.loop.clock.now() >= this.loop.deadline) break
      await this.loop.sleep(ASK_AGAIN_MS[Math.min(attempt, ASK_AGAIN_MS.length - 1)] ?? 1000)
      if (this.loop.stopped) return
    }
    this.record(read, first.problems, 'unread')
  }

  /** The render made again: whole of its fault (rendered again), or still at fault. */
  private judgedAgain(read: RenderRead, first: RenderJudgement, again: RenderJudgement): void {
    const faults = again.problems.filter(problem => RERENDER_REASONS.has(problem.reason))
    if (faults.length === 0) {
      this.rerenderedWhole++
      const was = first.problems.find(problem => RERENDER_REASONS.has(problem.reason))
      if (was !== undefined && this.rerenderedRows.length < MAX_LISTED_RENDERS) {
        this.rerenderedRows.push({
          url: read.url.href,
          device: read.device,
          reason: was.reason,
          detail: was.detail
        })
      }
    }
    this.record(read, again.problems, 'still')
  }

  /** A render's problems, final: counted, and the first ones listed with what was done. */
  private record(
    read: RenderRead,
    problems: readonly RenderProblem[],
    rerender?: RerenderOutcome
  ): void {
    if (problems.length === 0) return
    this.badRenders++
    for (const problem of problems) {
      this.problems++
      if (this.listed.length >= MAX_LISTED_RENDERS) continue
      const fault = RERENDER_REASONS.has(problem.reason)
      this.listed.push({
        url: read.url.href,
        device: read.device,
        reason: problem.reason,
        detail: problem.detail,
        ...(problem.old !== undefined && { old: problem.old }),
        ...(fault && rerender !== undefined && { rerender })
      })
    }
  }

  private keepChanges(url: string, device: string, changes: readonly RenderChange[]): void {
    const key = `${url}\n${JSON.stringify(changes)}`
    const kept = this.changeRows.get(key)
    if (kept !== undefined) {
      kept.devices.push(device)
      return
    }
    if (this.changeRows.size >= MAX_LISTED_RENDERS) return
    this.changeRows.set(key, { row: { url, devices: [], changes }, devices: [device] })
  }
}
