/**
 * Tracing tags to pages (pure): what the reads of `<Prefix>-Tags` found so far, and whether the
 * reading may stop. It stops as soon as it has what the verification needs (verify_limit pages
 * of each tag), or at the budget below, whichever comes first; read-at-edge.ts does the reading.
 * A page whose tags cannot be read is counted by reason, never taken to carry or lack a tag.
 */
import { FirstInOrder, PREVIEW_FIRST } from '../choose/first-in-order.js'
import type { TagReading, UnreadableTags } from './tags-header.js'

/**
 * The most pages one job reads before a purge: at `rate: 100`, 100 s. Reading costs the site
 * a request a page (and a render for a page not cached), so it is bounded apart from the
 * verification's own budget.
 */
export const TAG_READS_MAX = 10_000
/** The longest one job reads tags before a purge, however many pages are left. */
export const TAG_READ_MAX_MS = 180_000

export interface TagTraceLimits {
  /** Pages of each tag that are enough (verify_limit); Infinity: every page. */
  readonly perTag: number
  readonly maxReads: number
  readonly maxMs: number
}

/** Why the reading stopped. */
export type TraceStop =
  /** Every tag has verify_limit pages. */
  | 'enough'
  /** Every page of this job's part was read. */
  | 'all-read'
  /** TAG_READS_MAX pages were read. */
  | 'requests'
  /** TAG_READ_MAX_MS passed. */
  | 'time'

export interface TracedTag {
  readonly tag: string
  /** Pages read that carry it. */
  readonly found: number
  /** The first of them in path order (PREVIEW_FIRST), for the preview. */
  readonly first: readonly string[]
}

export interface TagTraceResult {
  readonly tags: readonly TracedTag[]
  /** Each page found, with the traced tags it carries (in target order), in read order. */
  readonly pages: ReadonlyMap<string, readonly string[]>
  /** Pages read (answered or not), each once. */
  readonly read: number
  /** Requests sent: `read`, and a second one for each page that was not cached at first. */
  readonly requests: number
  /** Pages of this job's part the sitemap lists: what could have been read. */
  readonly candidates: number
  readonly unreadable: number
  readonly unreadableBy: Readonly<Partial<Record<UnreadableTags, number>>>
  readonly stoppedBy: TraceStop
  /** Every page of the part was read and told its tags: the counts are exact, not lower bounds. */
  readonly exact: boolean
  readonly durationMs: number
}

export class TagTrace {
  private readonly found: Map<string, { count: number; first: FirstInOrder }>
  private readonly pages = new Map<string, readonly string[]>()
  private read = 0
  private requests = 0
  private unreadable = 0
  private readonly unreadableBy: Partial<Record<UnreadableTags, number>> = {}

  constructor(
    private readonly tags: readonly string[],
    private readonly limits: TagTraceLimits,
    private readonly candidates: number
  ) {
    this.found = new Map(
      tags.map(tag => [tag, { count: 0, first: new FirstInOrder(PREVIEW_FIRST) }])
    )
  }

  /** Every tag has its verify_limit pages: reading more would only cost the site. */
  get enough(): boolean {
    if (!Number.isFinite(this.limits.perTag)) return false
    for (const { count } of this.found.values()) if (count < this.limits.perTag) return false
    return true
  }

  /** A read may still leave: under the budget of requests. */
  get mayRead(): boolean {
    return this.requests < this.limits.maxReads
  }

  /** A request for a page is leaving. */
  asked(): void {
    this.requests++
  }

  /** What the answer for `path` told. */
  record(path: string, reading: TagReading): void {
    this.read++
    if (reading.kind === 'unreadable') {
      this.unreadable++
      this.unreadableBy[reading.why] = (this.unreadableBy[reading.why] ?? 0) + 1
      return
    }
    const carried = this.tags.filter(tag => reading.tags.includes(tag))
    if (carried.length === 0) return
    this.pages.set(path, carried)
    for (const tag of carried) {
      const state = this.found.get(tag)
      if (state === undefined) continue
      state.count++
      state.first.offer(path)
    }
  }

  result(stoppedBy: TraceStop, durationMs: number): TagTraceResult {
    return {
      tags: this.tags.map(tag => {
        const state = this.found.get(tag)
        return { tag, found: state?.count ?? 0, first: state?.first.paths ?? [] }
      }),
      pages: this.pages,
      read: this.read,
      requests: this.requests,
      candidates: this.candidates,
      unreadable: this.unreadable,
      unreadableBy: { ...this.unreadableBy },
      stoppedBy,
      exact: this.read >= this.candidates && this.unreadable === 0,
      durationMs
    }
  }
}
