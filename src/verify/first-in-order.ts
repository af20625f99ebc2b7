/**
 * The first pages of a long selection, as the preview and the summary name them: apart from
 * the selection itself, so that the summary loads only this.
 */

/** Pages named per target in a preview; the rest are counted. */
export const PREVIEW_FIRST = 20

/**
 * The `count` smallest paths in code-unit order, without sorting them all (a pattern may select
 * a million): a sorted window of `count`, each path tried against its last.
 */
export function firstInOrder(paths: readonly string[], count: number): string[] {
  const first: string[] = []
  for (const path of paths) {
    if (first.length === count && path >= (first[count - 1] ?? '')) continue
    let low = 0
    let high = first.length
    while (low < high) {
      const middle = (low + high) >> 1
      if ((first[middle] ?? '') < path) low = middle + 1
      else high = middle
    }
    first.splice(low, 0, path)
    if (first.length > count) first.pop()
  }
  return first
}
