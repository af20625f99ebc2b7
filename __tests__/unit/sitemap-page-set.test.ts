import { describe, expect, it } from '@jest/globals'
import { PageSet } from '../../src/sitemap/page-set.js'

describe('PageSet', () => {
  it('keeps each page once, in the order first added, like a Set', () => {
    const pages = new PageSet()
    const added = ['/b', '/a', '/b', '/', '/a?x=1', '/a'].map(page => pages.add(page))
    expect(added).toEqual([true, true, false, true, true, false])
    expect(pages.size).toBe(4)
    expect([...pages]).toEqual(['/b', '/a', '/', '/a?x=1'])
    expect([...pages.keys()]).toEqual([...pages.values()])
    expect([...pages.entries()]).toEqual([...pages].map(page => [page, page]))
    expect(pages.has('/a')).toBe(true)
    expect(pages.has('/c')).toBe(false)
    expect(pages.has('/a?x')).toBe(false)
  })

  it('answers like a Set over many blocks, non-ASCII and look-alike pages included', () => {
    const pages = new PageSet()
    const reference = new Set<string>()
    // Prefixes of one another, equal lengths with different characters, two-byte characters,
    // repeats far apart: past several blocks of 1,024 and several growths of the table.
    const page = (i: number): string =>
      i % 7 === 0 ? `/ü/${i % 5000}` : i % 3 === 0 ? `/p/${i % 4000}/x` : `/p/${i % 4000}`
    for (let i = 0; i < 20_000; i++) {
      const path = page(i)
      expect(pages.add(path)).toBe(!reference.has(path))
      reference.add(path)
    }
    expect(pages.size).toBe(reference.size)
    expect([...pages]).toEqual([...reference])
    for (const path of ['/p/1', '/p/1/x', '/ü/7', '/ü/8', '/p/4000', '/p/', '']) {
      expect(pages.has(path)).toBe(reference.has(path))
    }
    const seen: string[] = []
    pages.forEach((value, key, set) => {
      expect(key).toBe(value)
      expect(set).toBe(pages)
      seen.push(value)
    })
    expect(seen).toEqual([...reference])
  })
})
