/**
 * The new renders of one verification, judged as they are read (verify/check/polling-loop.ts
 * hands each fresh page's cached render here, with the old render when its first answer still
 * served it): each judged by judge-render.ts, with what render_expected says is meant; what is
 * kept is bounded (counts, and the first rows of each list), so that a big site stays small.
 */
import { judgeRender, type RenderChange } from './judge-render.js'
import type { RenderFacts } from './render-facts.js'
import { expectedAt, type RenderExpectations } from './render-expected.js'
import {
  MAX_LISTED_RENDERS,
  type RenderChangeRow,
  type RenderProblemRow,
  type RenderVerification
} from './render-results.js'

export interface RenderCheckOptions {
  /** The public site's origin: a canonical elsewhere is off the site. */
  readonly siteOrigin: string
  readonly expected: RenderExpectations
}

/** One render read: the page, its device, the new render's facts and the old one's, if read. */
export interface RenderRead {
  readonly url: URL
  readonly device: string
  readonly now: RenderFacts
  readonly old?: RenderFacts
}

export class RenderChecks {
  private judged = 0
  private notJudged = 0
  private comparedWithOld = 0
  private badRenders = 0
  private problems = 0
  private changed = 0
  private readonly listed: RenderProblemRow[] = []
  /** The change rows by page and what changed, so that devices with the same change share one. */
  private readonly changeRows = new Map<string, { row: RenderChangeRow; devices: string[] }>()

  constructor(private readonly options: RenderCheckOptions) {}

  /** Judges one new render; true when it has a problem. */
  judge(read: RenderRead): boolean {
    const { url, device, now, old } = read
    const judgement = judgeRender({
      pageUrl: url,
      siteOrigin: this.options.siteOrigin,
      now,
      ...(old !== undefined && { old }),
      expected: expectedAt(this.options.expected, `${url.pathname}${url.search}`)
    })
    this.judged++
    if (old !== undefined) this.comparedWithOld++
    if (judgement.changes.length > 0) {
      this.changed++
      this.keepChanges(url.href, device, judgement.changes)
    }
    if (judgement.problems.length === 0) return false
    this.badRenders++
    for (const problem of judgement.problems) {
      this.problems++
      if (this.listed.length >= MAX_LISTED_RENDERS) continue
      this.listed.push({
        url: url.href,
        device,
        reason: problem.reason,
        detail: problem.detail,
        ...(problem.old !== undefined && { old: problem.old })
      })
    }
    return true
  }

  /**
   * A fresh page's render that could not be judged: read only in part, not HTML, or no HIT of
   * it read before the checks ended.
   */
  notRead(): void {
    this.notJudged++
  }

  /** What was judged; undefined when no fresh page's render was read. */
  result(): RenderVerification | undefined {
    if (this.judged + this.notJudged === 0) return undefined
    return {
      judged: this.judged,
      notJudged: this.notJudged,
      comparedWithOld: this.comparedWithOld,
      badRenders: this.badRenders,
      problems: this.problems,
      listed: [...this.listed],
      changed: this.changed,
      changes: [...this.changeRows.values()].map(({ row, devices }) => ({ ...row, devices }))
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
