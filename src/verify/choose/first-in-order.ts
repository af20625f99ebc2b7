/**
 * The first pages of a long selection, as the preview and the summary name them: apart from
 * the selection itself, so that the summary loads only this.
 */
import { ownCopy } from '../../text/own-copy.js'

/** Pages named per target in a preview; the rest are counted. */
export const PREVIEW_FIRST = 20

/**
 * The `count` smallest paths in code-unit order, taken one at a time as they stream, without
 * sorting them all (a pattern may select a million): a sorted window of `count`, each path
 * tried against its last. What it keeps is copied (a path may be a slice of a larger text).
 */
export class FirstInOrder {
  private readonly first: string[] = []

  constructor(private readonly count: number) {}

  offer(path: string): void {
    const { first, count } = this
    if (first.length === count && path >= (first[count - 1] ?? '')) return
    let low = 0
    let high = first.length
    while (low < high) {
      const middle = (low + high) >> 1
      if ((first[middle] ?? '') < path) low = middle + 1
      else high = middle
    }
    first.splice(low, 0, ownCopy(path))
    if (first.length > count) first.pop()
  }

  /** The window, smallest first. */
  get paths(): readonly string[] {
    return this.first
  }
}

/** The `count` smallest paths of a list in code-unit order. */
export function firstInOrder(paths: Iterable<string>, count: number): string[] {
  const window = new FirstInOrder(count)
  for (const path of paths) window.offer(path)
  return [...window.paths]
}
