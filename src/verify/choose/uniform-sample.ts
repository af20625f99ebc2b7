/**
 * The pages a job keeps of the selected pages as the sitemaps stream past: every one, or,
 * beyond the room verify_limit leaves, the ones whose sample key (a hash of the path, below) is
 * smallest. That is a uniform sample of the whole selection, chosen without knowing how long
 * the selection is (an even spread by position needs its length, so every page until the
 * sitemaps end), the same whatever order the files arrive in, and stable from run to run: a
 * page stays in the sample as long as no new page beats its key. Memory: the room, as a heap.
 * What is kept is counted against the budget (kept-budget.ts); past it the sample lets go of
 * everything and only says so.
 */
import { ownCopy } from '../../text/own-copy.js'
import { keptCost } from './kept-budget.js'
import { finalMix } from './shard.js'
import type { TargetRef } from './selection-shapes.js'

/** A selected page as the selection keeps it until the end, when it is put in order. */
export interface KeptPage {
  readonly path: string
  /** The targets whose purge covers the page, in target order. */
  readonly refs: readonly TargetRef[]
  /** Where the page goes in the selection's order: its first target's group, then position. */
  readonly group: number
  readonly position: number
  /** The sample key: smaller is kept first (sampleKey). */
  readonly key: number
}

/**
 * The sample key of a page, from its shard hash (shard.ts's hashPath): MurmurHash3's
 * finalizer over it with a salt, so that within one shard (a range of hashPath) the keys are
 * spread over all 32 bits and unrelated to where in the range a page falls.
 */
export function sampleKey(shardHash: number): number {
  return finalMix(shardHash ^ 0x9e3779b9)
}

/** Whether `a` goes into a sample before `b`: the smaller key, then the smaller path. */
export function sampledBefore(a: KeptPage, b: KeptPage): boolean {
  return a.key < b.key || (a.key === b.key && a.path < b.path)
}

export class PageSample {
  /** A max-heap (by sampledBefore) when the room is finite, so the worst kept page is on top. */
  private readonly heap: KeptPage[] = []
  private bytes = 0
  /** What had to be kept passed the budget: nothing is kept any more. */
  overBudget = false

  constructor(
    /** Pages kept at most; Infinity: all of them. */
    private readonly room: number,
    private readonly budgetBytes: number
  ) {}

  get pages(): readonly KeptPage[] {
    return this.heap
  }

  /** Bytes kept now, as the budget counts them. */
  get keptBytes(): number {
    return this.bytes
  }

  offer(page: KeptPage): void {
    if (this.overBudget || this.room <= 0) return
    const { heap } = this
    if (heap.length < this.room) {
      heap.push({ ...page, path: ownCopy(page.path) })
      this.bytes += keptCost(page.path)
      if (this.bytes > this.budgetBytes) {
        // Keeping on is pointless: the run stops at the end with the numbers.
        this.overBudget = true
        heap.length = 0
        return
      }
      if (Number.isFinite(this.room)) this.siftUp(heap.length - 1)
      return
    }
    const worst = heap[0]
    if (worst === undefined || !sampledBefore(page, worst)) return
    this.bytes += keptCost(page.path) - keptCost(worst.path)
    heap[0] = { ...page, path: ownCopy(page.path) }
    this.siftDown(0)
  }

  /**
   * Gives some kept pages other targets (`refs` answers the new list, or undefined to leave the
   * page as it is): the keys, hence the heap's order, stay the same.
   */
  retarget(refs: (page: KeptPage) => readonly TargetRef[] | undefined): void {
    this.heap.forEach((page, index) => {
      const next = refs(page)
      if (next !== undefined) this.heap[index] = { ...page, refs: next }
    })
  }

  private siftUp(at: number): void {
    const { heap } = this
    let child = at
    while (child > 0) {
      const parent = (child - 1) >> 1
      const up = heap[child]
      const down = heap[parent]
      if (up === undefined || down === undefined || !sampledBefore(down, up)) return
      heap[child] = down
      heap[parent] = up
      child = parent
    }
  }

  private siftDown(at: number): void {
    const { heap } = this
    let parent = at
    for (;;) {
      let largest = parent
      for (const child of [2 * parent + 1, 2 * parent + 2]) {
        const candidate = heap[child]
        const current = heap[largest]
        if (candidate !== undefined && current !== undefined && sampledBefore(current, candidate)) {
          largest = child
        }
      }
      if (largest === parent) return
      const a = heap[parent]
      const b = heap[largest]
      if (a === undefined || b === undefined) return
      heap[parent] = b
      heap[largest] = a
      parent = largest
    }
  }
}
