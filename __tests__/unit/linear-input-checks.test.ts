/**
 * Every check of an input line runs in time linear in its length: a regular expression with
 * adjacent quantifiers over the same characters (`\s+,?\s*`), or one tried at every start of a
 * long run (`\/+$`), takes minutes on a line a workflow can hold (hours on `/a` and 30,000
 * spaces). Each case times a check on an adversarial line of two lengths,
 * n and 8n, and compares the two: a linear check takes about 8 times as long on the longer
 * line, a quadratic one 64 times, a cubic one 512 times. No time is asserted, only the ratio.
 */
import { describe, expect, it } from '@jest/globals'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { normalizeUrls, validateTags } from '../../src/core/targets.js'
import { parseCountries } from '../../src/core/countries.js'
import { splitList } from '../../src/core/lists.js'
import { preparePattern } from '../../src/pattern/index.js'
import { parseBaseUrl } from '../../src/core/scalars.js'

const GROWTH = 8
/** Between linear (8) and quadratic (64), with room for a busy machine's noise. */
const LINEAR_BOUND = 24
/** A timing shorter than this is mostly noise: the check is repeated until it is longer. */
const MEASURABLE_MS = 25

/** The smallest of three timings of `times` runs of the check on a line of length n. */
function timing(check: (n: number) => void, n: number, times: number): number {
  let best = Infinity
  for (let trial = 0; trial < 3; trial++) {
    const start = performance.now()
    for (let run = 0; run < times; run++) check(n)
    best = Math.min(best, performance.now() - start)
  }
  return best
}

/** How many times longer the check takes on a line GROWTH times as long. */
function growth(check: (n: number) => void, n: number): number {
  let times = 1
  while (timing(check, n, times) < MEASURABLE_MS) times *= 2
  return timing(check, n * GROWTH, times) / timing(check, n, times)
}

const SLOW_BEFORE = 600_000

describe('an adversarial line is checked in time linear in its length', () => {
  it.each<[string, (n: number) => void, number]>([
    [
      'urls: a URL, a run of spaces, then more text',
      n => normalizeUrls([`/a${' '.repeat(n)}b`], new Diagnostics()),
      400
    ],
    [
      'urls: spaces and commas between URLs',
      n => normalizeUrls([`/a${' ,'.repeat(n / 2)}x /b`], new Diagnostics()),
      400
    ],
    [
      'tags: a run of spaces in a tag',
      n => validateTags([`a${' '.repeat(n)}b`], new Diagnostics()),
      2000
    ],
    [
      'country: codes separated by a run of spaces',
      n => parseCountries(`IT${' '.repeat(n)}FR`, new Diagnostics()),
      2000
    ],
    [
      'a list that starts like a JSON array and is not one',
      n =>
        splitList(
          'tags',
          `[${', '.repeat(n / 2)}x`,
          { commas: true, item: 'tag' },
          new Diagnostics()
        ),
      2000
    ],
    [
      'base_url: a run of slashes in the path',
      n =>
        parseBaseUrl('base_url', `https://purge.example.com/${'/'.repeat(n)}x`, new Diagnostics()),
      8000
    ],
    [
      'pattern: a run of backslashes before an escaped end delimiter',
      n => preparePattern(`#${'\\'.repeat(n)}x\\#`, { allowPurgeAll: false }, new Diagnostics()),
      2000
    ]
  ])(
    '%s',
    (_, check, n) => {
      expect(growth(check, n)).toBeLessThan(LINEAR_BOUND)
    },
    SLOW_BEFORE
  )
})
