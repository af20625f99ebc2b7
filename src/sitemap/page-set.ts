/**
 * The sitemap's pages: a set of strings in insertion order, for up to a million of them. A
 * built-in Set would do, but at that size its hash table is most of a big sitemap's reading
 * time (about 1 s per million adds on a runner, rehashing as it grows) and about 20 MiB. This
 * one keeps the strings in an array and finds them through an open-addressing table of
 * indexes (an Int32Array, at most half full): the same answers, about half the time and less
 * memory. Read-only to its users, like the Set it replaces.
 */
export class PageSet implements ReadonlySet<string> {
  private readonly items: string[] = []
  /** 0: empty slot; n: `items[n - 1]`. Its length is a power of two. */
  private slots = new Int32Array(1024)

  get size(): number {
    return this.items.length
  }

  /** Adds a page unless it is already there; true when it was added. */
  add(page: string): boolean {
    if ((this.items.length + 1) * 2 > this.slots.length) this.grow()
    const mask = this.slots.length - 1
    for (let slot = hashOf(page) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0
      if (entry === 0) {
        this.slots[slot] = this.items.push(page)
        return true
      }
      if (this.items[entry - 1] === page) return false
    }
  }

  has(page: string): boolean {
    const mask = this.slots.length - 1
    for (let slot = hashOf(page) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] ?? 0
      if (entry === 0) return false
      if (this.items[entry - 1] === page) return true
    }
  }

  forEach(
    callback: (value: string, key: string, set: ReadonlySet<string>) => void,
    thisArg?: unknown
  ): void {
    for (const page of this.items) callback.call(thisArg, page, page, this)
  }

  [Symbol.iterator](): SetIterator<string> {
    return this.items.values()
  }

  values(): SetIterator<string> {
    return this.items.values()
  }

  keys(): SetIterator<string> {
    return this.items.values()
  }

  entries(): SetIterator<[string, string]> {
    return this.items.map((page): [string, string] => [page, page]).values()
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2)
    const mask = this.slots.length - 1
    for (let index = 0; index < this.items.length; index++) {
      let slot = hashOf(this.items[index] ?? '') & mask
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask
      this.slots[slot] = index + 1
    }
  }
}

/** FNV-1a over the UTF-16 code units: cheap, and spreads paths that differ in one digit. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}
