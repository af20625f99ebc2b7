/**
 * The match-all guard: PCRE2 itself tries the pattern on paths as different as a site's can be.
 * A pattern that matches all of them is taken to match every path, and so to purge every cached
 * page of the site.
 */
import type { CompiledPattern, GiveUp } from '../../pcre2/pcre2.mjs'

export type ProbeVerdict =
  /** Matches every probe path. */
  | { readonly kind: 'every-path' }
  /** Matches every probe path PHP finishes on, and gives up on the others. */
  | { readonly kind: 'every-path-it-finishes'; readonly gaveUp: readonly ProbeGiveUp[] }
  /** PHP gives up on every probe path: the pattern purges nothing. */
  | { readonly kind: 'gives-up-everywhere'; readonly gaveUp: readonly ProbeGiveUp[] }
  /** Does not match some probe path (`missed`); gave up on those in `gaveUp`. */
  | {
      readonly kind: 'not-every-path'
      readonly missed: string
      readonly gaveUp: readonly ProbeGiveUp[]
    }

export interface ProbeGiveUp {
  readonly path: string
  readonly reason: GiveUp
}

export function judgeOnProbes(pattern: CompiledPattern): ProbeVerdict {
  const gaveUp: ProbeGiveUp[] = []
  let missed: string | undefined
  let matched = 0
  for (const path of PROBE_PATHS) {
    const outcome = pattern.test(path)
    if (outcome === 'match') matched++
    else if (outcome === 'no-match') missed ??= path
    else gaveUp.push({ path, reason: outcome })
  }
  if (missed === undefined && matched === 0) return { kind: 'gives-up-everywhere', gaveUp }
  if (missed !== undefined) return { kind: 'not-every-path', missed, gaveUp }
  return gaveUp.length === 0 ? { kind: 'every-path' } : { kind: 'every-path-it-finishes', gaveUp }
}

const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index))
const longPath = Array.from({ length: 60 }, (_, index) => `segment-${index}/`)
  .join('')
  .slice(0, 499)

/**
 * The root, short and deep paths, queries, percent-encoded and raw non-ASCII paths, upper case,
 * every printable ASCII character, and a long path: a pattern that matches all of these is
 * as good as ".*". The long path comes last, so that a pattern failing early never backtracks
 * over it.
 */
export const PROBE_PATHS: readonly [string, ...string[]] = [
  '/',
  '/a',
  '/Z',
  '/0',
  '/~',
  '/index.html',
  '/index.php?page=2',
  '/blog/post-1.html',
  '/blog/',
  '/admin',
  '/wp-admin/options.php',
  '/api/v1/items',
  '/static/app.js',
  '/images/logo.png',
  '/a//b',
  '/x/y/z/deep/page?q=1&b=2',
  '/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p.html',
  '/?utm_source=newsletter',
  '/?',
  '/%C3%A9t%C3%A9',
  '/%E2%82%AC?x=%20y',
  '/été/über',
  '/日本語/ページ',
  '/emoji/😀',
  '/UPPER/Case.PHP',
  '/-_.~',
  '/with space/and more spaces',
  `/${printableAscii.join('')}`,
  `/${longPath}`
]
