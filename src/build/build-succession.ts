/**
 * Which build the site should show while a run verifies its own (PURE state, no I/O). A deploy
 * burst can put another build live mid-run: a newer one holds this run's commit, so a page that
 * shows it has this run's changes and counts as fresh content; an older one, live after this
 * run's was, is a rollback, and this run's build is no longer what the site serves. The origin
 * wait (before the purge) and the re-purger's looks at origin_url (during the verification)
 * learn it; the content proof and the reports read it.
 */
import { buildId, type BuildId } from './build-id.js'

/** Another commit that went live, and when it was seen (runner's clock). */
export interface BuildSeen {
  readonly commit: string
  readonly at: number
}

export class BuildSuccession {
  /** Every newer build learned, first learned first: each holds this run's commit. */
  private readonly newer: BuildSeen[] = []
  private rollback: BuildSeen | undefined
  private readonly rolledBackListeners: (() => void)[] = []

  constructor(readonly own: BuildId) {}

  /** The newer build last learned live in this run's place. */
  get supersededBy(): BuildSeen | undefined {
    return this.newer.at(-1)
  }

  /** The older build the site went back to after this run's was live. */
  get rolledBackTo(): BuildSeen | undefined {
    return this.rollback
  }

  /**
   * The builds a page may show to be fresh: this run's, and every newer one learned (a page
   * showing an earlier newer build holds this run's changes as much as the latest).
   */
  accepted(): readonly BuildId[] {
    return [this.own, ...this.newer.map(seen => buildId(seen.commit, 'a newer build'))]
  }

  /** A newer commit is live; true when it was not known before. */
  superseded(commit: string, at: number): boolean {
    const id = commit.toLowerCase()
    if (this.newer.some(seen => seen.commit === id)) return false
    this.newer.push({ commit: id, at })
    return true
  }

  /** An older commit is live in this run's place: told once, to every listener. */
  rolledBack(commit: string, at: number): void {
    if (this.rollback !== undefined) return
    this.rollback = { commit: commit.toLowerCase(), at }
    for (const listener of this.rolledBackListeners) listener()
  }

  /** Told of the rollback: at once when it has already happened. */
  onRolledBack(listener: () => void): void {
    if (this.rollback !== undefined) listener()
    else this.rolledBackListeners.push(listener)
  }
}
