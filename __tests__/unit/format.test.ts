/** Numbers as the log and the summary write them (src/text/format.ts). */
import { describe, expect, it } from '@jest/globals'
import { grouped, plural } from '../../src/text/format.js'

describe('grouped', () => {
  it("writes numbers as toLocaleString('en') does, without loading ICU", () => {
    const values = [0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 12_345.5, -1234, -999]
    for (const value of values) expect(grouped(value)).toBe(value.toLocaleString('en'))
  })

  it('counts in plural() are grouped too', () => {
    expect(plural(1, 'page')).toBe('1 page')
    expect(plural(1_000_000, 'page')).toBe('1,000,000 pages')
  })
})
