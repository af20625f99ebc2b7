/**
 * Which pages the sitemaps listed already, for up to a million of them, without keeping them:
 * a page is its 64-bit fingerprint (two 32-bit hashes of its UTF-16 code units) in an
 * open-addressing table, at most half full. The reader keeps no page itself (the selection
 * keeps the few it needs as they stream), so a million pages of 2,000 characters cost 16 MiB
 * here instead of 2 GiB of strings. Two different pages share a fingerprint with a chance of
 * about n² / 2⁶⁵: 3 in 100 million for a million pages; the second one would then be taken for
 * a repeat and not counted.
 */

/** Slots to start with: pairs of 32-bit halves. */
const FIRST_SLOTS = 1024

/**
 * Math.imul, read once: the hash's loop calls it for every byte of every page. Where `Math` is
 * a global looked up through an interceptor (a vm context, as under Jest), each lookup cost about
 * 30 times the multiplication (a 2,000-character page took 1 ms instead of 30 µs); a module
 * constant is read directly everywhere.
 */
const imul = Math.imul

export class SeenPages {
  /** Slot i holds [2i] and [2i + 1]; both 0 is an empty slot. */
  private slots = new Int32Array(FIRST_SLOTS * 2)
  private count = 0

  get size(): number {
    return this.count
  }

  /** Records a page; true when it was not seen before. */
  add(page: string): boolean {
    if ((this.count + 1) * 2 > this.slots.length / 2) this.grow()
    const [high, low] = fingerprintOf(page)
    const mask = this.slots.length / 2 - 1
    for (let slot = high & mask; ; slot = (slot + 1) & mask) {
      const h = this.slots[2 * slot] ?? 0
      const l = this.slots[2 * slot + 1] ?? 0
      if (h === 0 && l === 0) {
        this.slots[2 * slot] = high
        this.slots[2 * slot + 1] = low
        this.count++
        return true
      }
      if (h === high && l === low) return false
    }
  }

  private grow(): void {
    const old = this.slots
    this.slots = new Int32Array(old.length * 2)
    const mask = this.slots.length / 2 - 1
    for (let at = 0; at < old.length; at += 2) {
      const high = old[at] ?? 0
      const low = old[at + 1] ?? 0
      if (high === 0 && low === 0) continue
      let slot = high & mask
      while (this.slots[2 * slot] !== 0 || this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask
      this.slots[2 * slot] = high
      this.slots[2 * slot + 1] = low
    }
  }
}

/**
 * FNV-1a and a multiply-rotate hash over the code units, each through MurmurHash3's finalizer
 * so that pages differing in their last character land far apart. Never both 0 (the empty slot).
 */
function fingerprintOf(page: string): [number, number] {
  let a = 0x811c9dc5
  let b = 0x9747b28c ^ page.length
  for (let i = 0; i < page.length; i++) {
    const code = page.charCodeAt(i)
    a = imul(a ^ code, 0x01000193)
    b = imul(b ^ code, 0x5bd1e995)
    b = (b << 13) | (b >>> 19)
  }
  const high = mix(a)
  const low = mix(b)
  return high === 0 && low === 0 ? [0, 1] : [high, low]
}

function mix(value: number): number {
  let hash = value
  hash ^= hash >>> 16
  hash = imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash | 0
}
