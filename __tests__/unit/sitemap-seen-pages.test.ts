/**
 * The reader's record of the pages it handed on: a fingerprint per page, never the page, that
 * answers "seen before?" as a Set of the pages would.
 */
import { describe, expect, it } from '@jest/globals'
import { SeenPages } from '../../src/sitemap/seen-pages.js'

describe('SeenPages', () => {
  it('says whether a page was seen, like a Set', () => {
    const seen = new SeenPages()
    const added = ['/b', '/a', '/b', '/', '/a?x=1', '/a', ''].map(page => seen.add(page))
    expect(added).toEqual([true, true, false, true, true, false, true])
    expect(seen.size).toBe(5)
  })

  it('answers like a Set over many growths, non-ASCII and look-alike pages included', () => {
    const seen = new SeenPages()
    const reference = new Set<string>()
    // Prefixes of one another, equal lengths with different characters, two-byte characters,
    // repeats far apart, long pages that differ in their last character only.
    const page = (i: number): string =>
      i % 11 === 0
        ? `/${'x'.repeat(2000)}${i % 300}`
        : i % 7 === 0
          ? `/ü/${i % 5000}`
          : i % 3 === 0
            ? `/p/${i % 4000}/x`
            : `/p/${i % 4000}`
    // Disagreements collected and compared once: 50,000 expect() calls took most of the test.
    const disagreements: string[] = []
    for (let i = 0; i < 50_000; i++) {
      const path = page(i)
      if (seen.add(path) !== !reference.has(path)) disagreements.push(`#${i} ${path.slice(0, 40)}`)
      reference.add(path)
    }
    expect(disagreements).toEqual([])
    expect(seen.size).toBe(reference.size)
  })

  it('keeps a million distinct pages apart in a few MiB', () => {
    const seen = new SeenPages()
    const before = process.memoryUsage().arrayBuffers
    let added = 0
    for (let i = 0; i < 1_000_000; i++) if (seen.add(`/s/${i}`)) added++
    expect(added).toBe(1_000_000)
    expect(seen.add('/s/999999')).toBe(false)
    // 2^21 slots of 8 bytes when the millionth page arrives.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(40 * 2 ** 20)
  })
})
