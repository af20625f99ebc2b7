/**
 * When a page that showed old content is purged again. Pure: times go in, decisions come out.
 *
 * A page's n-th re-purge (at most REPURGE_DELAYS_MS.length of them) is due REPURGE_DELAYS_MS[n]
 * after the first time old content was seen on it since its last purge was accepted: 5 s, then
 * 10 s, then 20 s. The wait gives a rolling deploy time to reach the rest of its instances, and
 * gathers the pages (and devices) that show old content at about the same time into one purge.
 * Sightings made before a page's last re-purge was accepted are of the entry that re-purge
 * removes, and do not count.
 */
import { REPURGE_DELAYS_MS } from './limits.js'

interface PageRecord {
  /** Re-purges accepted so far. */
  repurges: number
  /** When the last re-purge (or the first purge) was accepted; sightings before it are old news. */
  acceptedAt: number
  /** The first sighting of old content since then; undefined when none is waiting. */
  seenAt: number | undefined
  /** Taken for a re-purge that has not come back yet. */
  sending: boolean
  /** A re-purge was refused: not tried again. */
  refused: boolean
}

export interface RepurgeState {
  readonly page: string
  readonly repurges: number
  /** When the next re-purge is due; undefined when none is (none waiting, or all used). */
  readonly dueAt?: number
}

export class RepurgeSchedule {
  private readonly pages = new Map<string, PageRecord>()

  constructor(private readonly delaysMs: readonly number[] = REPURGE_DELAYS_MS) {}

  /**
   * Old content seen on `page` at `at`; `purgedAt` is when the purge it was judged against was
   * accepted. Returns when the page's next re-purge is due, or undefined when it has had them all.
   */
  sawOldContent(page: string, at: number, purgedAt: number): number | undefined {
    const record = this.pages.get(page) ?? {
      repurges: 0,
      acceptedAt: purgedAt,
      seenAt: undefined,
      sending: false,
      refused: false
    }
    this.pages.set(page, record)
    if (record.refused || record.repurges >= this.delaysMs.length) return undefined
    if (at >= record.acceptedAt && !record.sending) record.seenAt ??= at
    return this.dueAt(record)
  }

  /** The pages whose re-purge is due at `now`, taken: they are not due again until accepted() or failed(). */
  takeDue(now: number): string[] {
    const due: string[] = []
    for (const [page, record] of this.pages) {
      const at = this.dueAt(record)
      if (at !== undefined && at <= now) {
        record.sending = true
        due.push(page)
      }
    }
    return due
  }

  /** The earliest time a re-purge is due; undefined when none is waiting. */
  nextDueAt(): number | undefined {
    let next: number | undefined
    for (const record of this.pages.values()) {
      const at = this.dueAt(record)
      if (at !== undefined && (next === undefined || at < next)) next = at
    }
    return next
  }

  /** The re-purge of `pages` was accepted at `at`: counted, and later sightings start afresh. */
  accepted(pages: readonly string[], at: number): void {
    for (const page of pages) {
      const record = this.pages.get(page)
      if (record === undefined) continue
      record.repurges++
      record.acceptedAt = at
      record.seenAt = undefined
      record.sending = false
    }
  }

  /** The re-purge of `pages` was not accepted: not counted, and not tried again by itself. */
  failed(pages: readonly string[]): void {
    for (const page of pages) {
      const record = this.pages.get(page)
      if (record === undefined) continue
      record.sending = false
      record.seenAt = undefined
      // The service refused it after the sender's own retries: asking again would not help.
      record.refused = true
    }
  }

  /**
   * The sightings of `pages` taken for a re-purge are dropped, not counted: what they showed
   * counts as fresh after all (a newer build learned since). A later sighting schedules anew.
   */
  forget(pages: readonly string[]): void {
    for (const page of pages) {
      const record = this.pages.get(page)
      if (record === undefined) continue
      record.sending = false
      record.seenAt = undefined
    }
  }

  /** The pages whose sighting waits to come due (not taken for a re-purge yet). */
  waiting(): string[] {
    return [...this.pages]
      .filter(([, record]) => !record.sending && record.seenAt !== undefined)
      .map(([page]) => page)
  }

  /** When `page`'s last re-purge was accepted, if it had one. */
  repurgedAt(page: string): number | undefined {
    const record = this.pages.get(page)
    return record !== undefined && record.repurges > 0 ? record.acceptedAt : undefined
  }

  /** Every page that showed old content, with its re-purges. */
  states(): RepurgeState[] {
    return [...this.pages].map(([page, record]) => {
      const dueAt = this.dueAt(record)
      return { page, repurges: record.repurges, ...(dueAt !== undefined && { dueAt }) }
    })
  }

  private dueAt(record: PageRecord): number | undefined {
    if (record.sending || record.refused || record.seenAt === undefined) return undefined
    const delay = this.delaysMs[record.repurges]
    return delay === undefined ? undefined : record.seenAt + delay
  }
}
