/**
 * The `shard` input: `K/N` takes the K-th of N parts of the selected pages, so that N jobs of a
 * matrix check a whole site between them. A page's part is a hash of its path and query (the
 * URL as purged, without the host), nothing else: the same page lands in the same part on every
 * run and for every device, whatever else the sitemap lists, so the parts are disjoint and
 * together complete even when two jobs read the sitemap a minute apart. A good hash spreads the
 * pages like a fair lottery: with 100 pages or more a part, no part gets more than about 1.4
 * times the average (fewer pages a part even out less: chance, not a flaw of the split).
 *
 * The hash, for anyone who wants to reproduce a split: 32-bit FNV-1a over the UTF-8 bytes of
 * the path, then MurmurHash3's 32-bit finalizer (so that paths differing in their last
 * character spread over every part); part = floor(hash × N / 2^32) + 1.
 */

/**
 * Math.imul, read once: the hash's loop calls it for every byte of every page. Where `Math` is
 * a global looked up through an interceptor (a vm context, as under Jest), each lookup cost about
 * 30 times the multiplication (a 2,000-character page took 1 ms instead of 30 µs); a module
 * constant is read directly everywhere.
 */
const imul = Math.imul

export interface Shard {
  /** K: 1-based. */
  readonly index: number
  /** N. */
  readonly count: number
}

/** A matrix holds at most 256 jobs; more parts than that cannot all run. */
export const MAX_SHARDS = 256

/** `K/N` as a Shard, or why it is not one. */
export function parseShard(text: string): Shard | { readonly problem: string } {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(text)
  if (!match) {
    return {
      problem: `must be K/N: this job's part K of N parts (1 <= K <= N <= ${MAX_SHARDS}), e.g. 2/4 or \${{ matrix.shard }}/4; empty checks every page`
    }
  }
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1 || count > MAX_SHARDS) {
    return { problem: `has N = ${count} parts: N must be from 1 to ${MAX_SHARDS}` }
  }
  if (index < 1 || index > count) {
    return { problem: `has K = ${index}: K must be from 1 to N (${count}), counting from 1` }
  }
  return { index, count }
}

/** The part (1 to `count`) a page belongs to, from its path and query. */
export function shardOf(path: string, count: number): number {
  return partOfHash(hashPath(path), count)
}

/** The part (1 to `count`) of a page whose hashPath() is known already. */
export function partOfHash(hash: number, count: number): number {
  return Math.floor((hash * count) / 2 ** 32) + 1
}

export function inShard(path: string, shard: Shard): boolean {
  return shard.count === 1 || shardOf(path, shard.count) === shard.index
}

/** FNV-1a (32 bits) of the UTF-8 bytes, through MurmurHash3's finalizer; unsigned. */
export function hashPath(path: string): number {
  let hash = 0x811c9dc5
  const byte = (value: number): void => {
    hash ^= value
    hash = imul(hash, 0x01000193)
  }
  // UTF-8 by hand: the same bytes TextEncoder gives (a lone surrogate as U+FFFD), without an
  // array per path.
  for (let i = 0; i < path.length; i++) {
    let code = path.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < path.length) {
      const next = path.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00)
        i++
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd
    if (code < 0x80) byte(code)
    else if (code < 0x800) {
      byte(0xc0 | (code >> 6))
      byte(0x80 | (code & 0x3f))
    } else if (code < 0x10000) {
      byte(0xe0 | (code >> 12))
      byte(0x80 | ((code >> 6) & 0x3f))
      byte(0x80 | (code & 0x3f))
    } else {
      byte(0xf0 | (code >> 18))
      byte(0x80 | ((code >> 12) & 0x3f))
      byte(0x80 | ((code >> 6) & 0x3f))
      byte(0x80 | (code & 0x3f))
    }
  }
  return finalMix(hash)
}

/**
 * MurmurHash3's 32-bit finalizer: every input bit reaches every output bit. Ends hashPath, and
 * makes the sample key (uniform-sample.ts) out of a salted shard hash.
 */
export function finalMix(value: number): number {
  let hash = value >>> 0
  hash ^= hash >>> 16
  hash = imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}
