/**
 * The sitemap's pages: a set of strings in insertion order, for up to a million of them. A
 * built-in Set would do, but at that size it is much of a big sitemap's reading time (about
 * 1 s per million adds on a runner, rehashing as it grows) and, with a string object per page,
 * about 50 MiB. This one packs the pages, a block of 1,024 at a time, into one string per
 * block (a page is then its characters and a 4-byte end offset) and finds them through an
 * open-addressing table of indexes (an Int32Array, at most half full): the same answers, in
 * less time and less than half the memory. A page is cut out of its block again when it is
 * read, which costs little next to what is done with it. Read-only to its users.
 */
const BLOCK_BITS = 10
const BLOCK_SIZE = 1 << BLOCK_BITS

export class PageSet implements ReadonlySet<string> {
  /** Full blocks: the pages of block b are those with index b * BLOCK_SIZE ... + BLOCK_SIZE - 1. */
  private readonly blocks: string[] = []
  /** The pages of the block being filled. */
  private pending: string[] = []
  /** Per page, where it ends in its block (it starts where the previous one in it ended). */
  private ends = new Int32Array(BLOCK_SIZE)
  private count = 0
  /** 0: empty slot; n: the page with index n - 1. Its length is a power of two. */
  private slots = new Int32Array(BLOCK_SIZE)

  get size(): number {
    return this.count
  }

  /** Adds a page unless it is already there; true when it was added. */
  add(page: string): boolean {
    if ((this.count + 1) * 2 > this.slots.length) this.grow()
    const mask = this.slots.length - 1
    for (let slot = hashOf(page, 0, page.length) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0
      if (entry === 0) {
        this.append(page)
        this.slots[slot] = this.count
        return true
      }
      if (this.equals(entry - 1, page)) return false
    }
  }

  has(page: string): boolean {
    const mask = this.slots.length - 1
    for (let slot = hashOf(page, 0, page.length) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0
      if (entry === 0) return false
      if (this.equals(entry - 1, page)) return true
    }
  }

  forEach(
    callback: (value: string, key: string, set: ReadonlySet<string>) => void,
    thisArg?: unknown
  ): void {
    for (const page of this) callback.call(thisArg, page, page, this)
  }

  *[Symbol.iterator](): SetIterator<string> {
    // `count` is read on every step: pages added meanwhile are visited too, as a Set does.
    for (let index = 0; index < this.count; index++) yield this.pageAt(index)
  }

  values(): SetIterator<string> {
    return this[Symbol.iterator]()
  }

  keys(): SetIterator<string> {
    return this[Symbol.iterator]()
  }

  *entries(): SetIterator<[string, string]> {
    for (const page of this) yield [page, page]
  }

  private append(page: string): void {
    const index = this.count
    if (index === this.ends.length) {
      const longer = new Int32Array(this.ends.length * 2)
      longer.set(this.ends)
      this.ends = longer
    }
    const start = index % BLOCK_SIZE === 0 ? 0 : (this.ends[index - 1] ?? 0)
    this.ends[index] = start + page.length
    this.pending.push(page)
    this.count++
    if (this.pending.length === BLOCK_SIZE) {
      this.blocks.push(this.pending.join(''))
      this.pending = []
    }
  }

  private startOf(index: number): number {
    return index % BLOCK_SIZE === 0 ? 0 : (this.ends[index - 1] ?? 0)
  }

  private pageAt(index: number): string {
    const block = this.blocks[index >> BLOCK_BITS]
    if (block === undefined) return this.pending[index % BLOCK_SIZE] ?? ''
    return block.slice(this.startOf(index), this.ends[index])
  }

  private equals(index: number, page: string): boolean {
    const block = this.blocks[index >> BLOCK_BITS]
    if (block === undefined) return this.pending[index % BLOCK_SIZE] === page
    const start = this.startOf(index)
    return (this.ends[index] ?? 0) - start === page.length && block.startsWith(page, start)
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2)
    const mask = this.slots.length - 1
    for (let index = 0; index < this.count; index++) {
      const block = this.blocks[index >> BLOCK_BITS]
      const hash =
        block === undefined
          ? hashOf(this.pending[index % BLOCK_SIZE] ?? '', 0, Infinity)
          : hashOf(block, this.startOf(index), this.ends[index] ?? 0)
      let slot = hash & mask
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask
      this.slots[slot] = index + 1
    }
  }
}

/** FNV-1a over the UTF-16 code units of text[start, end): cheap, and spreads near paths. */
function hashOf(text: string, start: number, end: number): number {
  const stop = Math.min(end, text.length)
  let hash = 0x811c9dc5
  for (let i = start; i < stop; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}
