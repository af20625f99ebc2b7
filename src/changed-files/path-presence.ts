/**
 * Whether each changed path holds a file before and after a change, and how the changes of
 * several diffs combine into the change of a whole range. PURE. The readers (GitHub's statuses,
 * git's letters) say what one diff did to each path; this says which paths hold no file at the
 * end of the range: their pages are expected to be gone, so a sitemap that no longer lists them
 * is no typo.
 *
 * A path's presence at the start of a range is what its first change found, at the end what its
 * last change left: a file deleted then re-added is back; one added then deleted is no page at
 * the end either (nor was it at the start).
 */

/** A file at the path before the change, and after it. */
export interface Presence {
  readonly before: boolean
  readonly after: boolean
}

/** What a diff, or a range of them, did to each path it touched. */
export type PathChanges = ReadonlyMap<string, Presence>

export const ADDED: Presence = { before: false, after: true }
export const DELETED: Presence = { before: true, after: false }
export const MODIFIED: Presence = { before: true, after: true }

/**
 * One diff's changes, from its entries in any order. A path named twice in one diff (a rename's
 * old path that the same diff adds again) holds a file on a side if either entry says so.
 */
export function oneDiff(entries: Iterable<readonly [string, Presence]>): Map<string, Presence> {
  const changes = new Map<string, Presence>()
  for (const [path, presence] of entries) {
    const known = changes.get(path)
    changes.set(
      path,
      known === undefined
        ? presence
        : { before: known.before || presence.before, after: known.after || presence.after }
    )
  }
  return changes
}

/** Diffs that follow each other, oldest first (a range's commits): one change per path. */
export function inOrder(diffs: readonly PathChanges[]): Map<string, Presence> {
  const changes = new Map<string, Presence>()
  for (const diff of diffs) {
    for (const [path, presence] of diff) {
      const first = changes.get(path)
      changes.set(path, { before: first?.before ?? presence.before, after: presence.after })
    }
  }
  return changes
}

/** The same change read backwards: what a rollback does. */
export function reversed(changes: PathChanges): Map<string, Presence> {
  return new Map(
    [...changes].map(([path, { before, after }]) => [path, { before: after, after: before }])
  )
}

/**
 * The change from `base` to `head`, from the two three-dot comparisons that meet at their
 * merge base: `toHead` (base...head: merge base to head) and `toBase` (head...base: merge base
 * to base). A path only one side touched is at the merge base, unchanged, on the other side.
 */
export function acrossMergeBase(toHead: PathChanges, toBase: PathChanges): Map<string, Presence> {
  const changes = new Map<string, Presence>()
  for (const path of new Set([...toHead.keys(), ...toBase.keys()])) {
    const headSide = toHead.get(path)
    const baseSide = toBase.get(path)
    // Both sides start from the merge base; either one says whether the path held a file there.
    const atMergeBase = (headSide?.before ?? baseSide?.before) === true
    changes.set(path, {
      before: baseSide?.after ?? atMergeBase,
      after: headSide?.after ?? atMergeBase
    })
  }
  return changes
}

/**
 * Changes that each tell the same range (the comparisons of a forced push): a path holds a file
 * on a side if any of them says so, so that a disagreement never calls a living page gone.
 */
export function together(all: readonly PathChanges[]): Map<string, Presence> {
  return oneDiff(all.flatMap(changes => [...changes]))
}

/** The paths that hold no file at the end of the range, sorted by UTF-16 code units. */
export function goneAtEnd(changes: PathChanges): string[] {
  return [...changes]
    .filter(([, presence]) => !presence.after)
    .map(([path]) => path)
    .sort()
}
