/**
 * How another build the site shows relates to this run's commit, and the words for it (PURE).
 * Deploys come in bursts: the origin may serve a newer build (one that holds this run's commit
 * in its history: this run's changes are live in it), an older one (a rollback, or a run that
 * woke up late), one on another line of history, or one whose relation no history at hand can
 * tell. None of them is "the previous build", and each calls for something else: a newer build
 * is as good as this run's own, an older one means this run's build is not what the site serves.
 *
 * The answers come from the commits' history (origin/commit-history.ts asks git); each other
 * commit is asked about once a run (CommitRelations).
 */
import { shortSha } from '../text/format.js'

export type CommitRelation =
  /** The same commit (another spelling of it: a longer or shorter SHA). */
  | { readonly kind: 'same' }
  /** This run's commit is in its history: it holds this run's changes. */
  | { readonly kind: 'newer' }
  /** It is in this run's commit's history: a rollback, or an older run's build. */
  | { readonly kind: 'older' }
  /** Neither holds the other: another line of history (a branch not merged). */
  | { readonly kind: 'diverged' }
  /** No history at hand tells: why (no repository, a commit it lacks, not a commit). */
  | { readonly kind: 'unknown'; readonly why: string }

/** Another commit the site showed, and how it relates to this run's. */
export interface OtherBuild {
  readonly id: string
  readonly relation: CommitRelation
}

/** How `other` relates to this run's commit. */
export type RelateCommit = (other: string) => Promise<CommitRelation>

/**
 * Asks each source in turn until one can tell; unknown from all of them says each one's why
 * (`sources`: the checkout's history first, which costs no request, then GitHub).
 */
export function firstKnown(sources: readonly RelateCommit[]): RelateCommit {
  return async other => {
    const whys: string[] = []
    for (const relate of sources) {
      const relation = await relate(other)
      if (relation.kind !== 'unknown') return relation
      whys.push(relation.why)
    }
    return { kind: 'unknown', why: whys.length > 0 ? whys.join('; ') : 'nothing to ask' }
  }
}

/**
 * The relation from the two questions history answers: is this run's commit an ancestor of the
 * other (newer), is the other an ancestor of this run's (older); both: the same commit.
 */
export function relationFromAncestry(oursInOther: boolean, otherInOurs: boolean): CommitRelation {
  if (oursInOther && otherInOurs) return { kind: 'same' }
  if (oursInOther) return { kind: 'newer' }
  if (otherInOurs) return { kind: 'older' }
  return { kind: 'diverged' }
}

/** At most this many other commits are asked about a run: past them, the relation is unknown. */
export const MAX_COMMITS_ASKED = 20

/** Each other commit asked about once a run; what was learned is kept for the report. */
export class CommitRelations {
  private readonly asked = new Map<string, Promise<CommitRelation>>()
  private readonly learned = new Map<string, CommitRelation>()

  constructor(private readonly relate: RelateCommit) {}

  /** How `other` relates; asked once, however often (and in whatever case) it is seen. */
  of(seen: string): Promise<CommitRelation> {
    const other = seen.toLowerCase()
    const known = this.asked.get(other)
    if (known !== undefined) return known
    const asking: Promise<CommitRelation> =
      this.asked.size >= MAX_COMMITS_ASKED
        ? Promise.resolve({
            kind: 'unknown',
            why: `more than ${MAX_COMMITS_ASKED} other commits were seen; the others are not asked about`
          })
        : this.relate(other)
    this.asked.set(other, asking)
    void asking.then(relation => this.learned.set(other, relation))
    return asking
  }

  /** The commits whose relation is known, first seen first. */
  known(): OtherBuild[] {
    return [...this.asked.keys()].flatMap(id => {
      const relation = this.learned.get(id)
      return relation === undefined ? [] : [{ id, relation }]
    })
  }
}

/**
 * Another build in words, never "the previous build": `a newer build (abc1234), which holds this
 * run's commit`, `an older build (abc1234)`, `another build (abc1234), on another line of history
 * than this run's commit`, `another build (abc1234), whose relation to this run's commit could
 * not be found (why)`.
 */
export function otherBuildWords(id: string, relation: CommitRelation): string {
  const named = `(${shortSha(id)})`
  switch (relation.kind) {
    case 'same':
      return `this run's own commit ${named}`
    case 'newer':
      return `a newer build ${named}, which holds this run's commit`
    case 'older':
      return `an older build ${named}, which this run's commit holds (a rollback, or an older run's deploy)`
    case 'diverged':
      return `another build ${named}, on another line of history than this run's commit`
    case 'unknown':
      return `another build ${named}, whose relation to this run's commit could not be found (${relation.why})`
  }
}

/**
 * What the origin serves in place of the build, for "a purge now would re-cache …": the first
 * other commit it showed, as it relates; or, when it showed none, only that it is not the build.
 */
export function servedInstead(others: readonly OtherBuild[] | undefined, build: string): string {
  const other = others?.[0]
  return other === undefined
    ? `what it serves, which is not build ${build}`
    : otherBuildWords(other.id, other.relation)
}
