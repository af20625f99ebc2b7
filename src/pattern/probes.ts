/**
 * The match-all guard: PCRE2 itself tries the pattern on paths as different as a site's can be,
 * and judges its blast radius. A pattern that matches all of them is taken to match every path;
 * one that spares only a trivial few of them (the root, one page, a very long path, the paths
 * holding a rare character) is taken to purge nearly every page, and is refused the same way.
 *
 * The rule, and why it is a count: the test paths come in sections, as a site's pages do
 * (/blog/…, /products/…, /docs/…), each of at least SMALLEST_SECTION paths, and odd single
 * paths besides. A pattern that selects a section matches a few of the test paths (one section
 * is at most a tenth of them); a pattern that spares a whole section spares at least
 * SMALLEST_SECTION of them, a deliberate choice the guard respects. A pattern that spares fewer
 * test paths than the smallest section holds spares no part of a site, only single pages or
 * paths shaped oddly: it would purge nearly everything.
 *
 * Whether the service keeps a cached path as it was requested (percent-encoded: a browser sends
 * `/%C3%A9t%C3%A9`, never `/été` or a space) or decoded is not documented, so the test paths
 * come in both forms, and the rule applies to each form: `#^/[[:print:]]*$#` misses `/été` but
 * matches every path as requested.
 */
import type { CompiledPattern, GiveUp, Outcome } from '../../pcre2/pcre2.mjs'

/** Which form of the paths a pattern matches all (or all but a few) of, when one form only. */
export type PathForm = 'requested' | 'decoded'

export type ProbeVerdict =
  /** Matches every probe path (of one form, when `form` says which). */
  | { readonly kind: 'every-path'; readonly form?: PathForm }
  /** Matches every probe path PHP finishes on (of one form, if `form`), gives up on the others. */
  | {
      readonly kind: 'every-path-it-finishes'
      readonly gaveUp: readonly ProbeGiveUp[]
      readonly form?: PathForm
    }
  /**
   * Matches every probe path of a form (of one form, if `form`) but the few in `spared`, at most
   * MOST_SPARED of the form's PROBE_PATHS_PER_FORM; PHP gives up on those in `gaveUp`.
   */
  | {
      readonly kind: 'nearly-every-path'
      readonly spared: readonly string[]
      readonly gaveUp: readonly ProbeGiveUp[]
      readonly form?: PathForm
    }
  /** PHP gives up on every probe path: the pattern purges nothing. */
  | { readonly kind: 'gives-up-everywhere'; readonly gaveUp: readonly ProbeGiveUp[] }
  /** Spares more probe paths than MOST_SPARED in each form; gave up on those in `gaveUp`. */
  | { readonly kind: 'not-every-path'; readonly gaveUp: readonly ProbeGiveUp[] }

export interface ProbeGiveUp {
  readonly path: string
  readonly reason: GiveUp
}

/**
 * The verdict on a compiled pattern. `mostSpared` is MOST_SPARED for a pattern that purges; 0
 * where nothing is purged (mode: verify), so that only a pattern matching every path counts.
 */
export function judgeOnProbes(
  pattern: CompiledPattern,
  mostSpared: number = MOST_SPARED
): ProbeVerdict {
  const outcomes = new Map<string, Outcome>(PROBE_PATHS.map(path => [path, pattern.test(path)]))
  const outcomeOf = (path: string): Outcome => outcomes.get(path) ?? 'no-match'
  const gaveUpOn = (paths: readonly string[]): ProbeGiveUp[] =>
    paths.flatMap(path => {
      const reason = outcomeOf(path)
      return reason === 'match' || reason === 'no-match' ? [] : [{ path, reason }]
    })
  const gaveUp = gaveUpOn(PROBE_PATHS)
  const matchedAny = PROBE_PATHS.some(path => outcomeOf(path) === 'match')
  const missedAny = PROBE_PATHS.some(path => outcomeOf(path) === 'no-match')
  if (!matchedAny && !missedAny) return { kind: 'gives-up-everywhere', gaveUp }

  // Per form: the paths it spares (no match) and those PHP gives up on. A path PHP gives up on
  // is not spared by the pattern's choice: it counts with the matches, as it always has.
  const judged = FORMS.map(({ form, paths }) => ({
    form,
    spared: paths.filter(path => outcomeOf(path) === 'no-match'),
    gaveUp: gaveUpOn(paths),
    matchedAny: paths.some(path => outcomeOf(path) === 'match')
  }))
  const [best, other] = judged
    .filter(({ spared, matchedAny: matched }) => matched && spared.length <= mostSpared)
    .sort((a, b) => a.spared.length - b.spared.length || a.gaveUp.length - b.gaveUp.length)
  if (best === undefined) return { kind: 'not-every-path', gaveUp }
  // The form is named when the other form fares worse (spares more, or gives up on more).
  const worse = (candidate: (typeof judged)[number] | undefined): boolean =>
    candidate === undefined ||
    candidate.spared.length > best.spared.length ||
    (candidate.spared.length === best.spared.length && candidate.gaveUp.length > best.gaveUp.length)
  const form = worse(other) ? { form: best.form } : {}
  if (best.spared.length > 0) {
    return { kind: 'nearly-every-path', spared: best.spared, gaveUp: best.gaveUp, ...form }
  }
  if (best.gaveUp.length === 0) return { kind: 'every-path', ...form }
  return { kind: 'every-path-it-finishes', gaveUp: best.gaveUp, ...form }
}

/**
 * Sections as a site has them, each under its own first segment and each of SMALLEST_SECTION
 * paths at least: index pages, pages, files, queries, dates and upper case, as sites mix them.
 * A pattern for one section (`#^/blog/#`, `#^/products/.*\.html$#`) matches a few of them.
 */
const SECTIONS: readonly (readonly [string, ...string[]])[] = [
  [
    '/blog/',
    '/blog/post-1.html',
    '/blog/2024/05/hello-world',
    '/blog/a-fairly-long-post-title-with-many-words-in-it',
    '/blog/tag/news?page=3'
  ],
  [
    '/products/',
    '/products/shoes/',
    '/products/shoes/trail-runner-42.html',
    '/products/bags/tote.html?color=red'
  ],
  ['/docs/', '/docs/guide/install', '/docs/manual.pdf', '/docs/api/v2/Reference.html'],
  ['/fr/', '/fr/blog/bonjour.html', '/fr/produits/chaussures/', '/fr/contact'],
  ['/static/app.js', '/static/css/site.css', '/static/fonts/inter.woff2', '/static/img/logo.png'],
  [
    '/images/logo.png',
    '/images/2024/team-photo.jpg',
    '/images/icons/arrow.svg',
    '/images/banner.webp'
  ],
  ['/api/v1/items', '/api/v1/items/42', '/api/v2/search?q=shoes', '/api/health'],
  ['/admin', '/admin/users?page=2', '/admin/settings/security', '/admin/login.php']
]

/** The fewest test paths a section holds: sparing a section spares at least this many. */
export const SMALLEST_SECTION = Math.min(...SECTIONS.map(section => section.length))
/**
 * The most test paths of a form a pattern may spare and still be judged to purge nearly every
 * page: fewer than any section holds, so what it spares is never a part of the site.
 */
export const MOST_SPARED = SMALLEST_SECTION - 1

const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index))
const longPath = Array.from({ length: 60 }, (_, index) => `segment-${index}/`)
  .join('')
  .slice(0, 499)

/**
 * Single paths of every odd shape, written the same either way (ASCII without anything a
 * browser percent-encodes): the root, one-character paths, queries, an empty query, upper case,
 * doubled slashes, deep paths, long words joined by hyphens (where nested quantifiers such as
 * `([a-z-]+)*` make PHP give up). A pattern that spares some of them spares single pages. They
 * come first, so that an example path is one of these when one fits.
 */
const SINGLE_PATHS: readonly string[] = [
  '/',
  '/a',
  '/Z',
  '/0',
  '/~',
  '/index.html',
  '/index.php?page=2',
  '/a//b',
  '/x/y/z/deep/page?q=1&b=2',
  '/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p.html',
  '/?utm_source=newsletter',
  '/?',
  '/UPPER/Case.PHP',
  '/-_.~',
  '/a-fairly-long-page-name-with-many-words-in-it',
  '/wp-admin/options.php'
]

const EITHER_FORM: readonly string[] = [...SINGLE_PATHS, ...SECTIONS.flat()]

/** Non-ASCII characters, spaces and every printable ASCII character, as text. */
const DECODED = [
  '/été/über',
  '/日本語/ページ',
  '/emoji/😀',
  '/with space/and more spaces',
  '/€?x= y',
  `/${printableAscii.join('')}`
]

/**
 * The same as a browser requests them: UTF-8 bytes, and the characters the URL standard's path
 * percent-encode set holds (space, ", #, <, >, `, {, }), percent-encoded.
 */
function asRequested(path: string): string {
  return path.replace(/[^\x21-\x7e]|["#<>`{}]/gu, character =>
    Array.from(
      new TextEncoder().encode(character),
      byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
    ).join('')
  )
}

/**
 * The long path comes last, so that it is named last among the paths where PHP gives up. The
 * decoded form comes first: when both forms spare as few, a message lists its paths, readable.
 */
const FORMS: readonly { readonly form: PathForm; readonly paths: readonly string[] }[] = [
  { form: 'decoded', paths: [...EITHER_FORM, ...DECODED, `/${longPath}`] },
  { form: 'requested', paths: [...EITHER_FORM, ...DECODED.map(asRequested), `/${longPath}`] }
]

/** How many test paths each form holds (the same number in both). */
export const PROBE_PATHS_PER_FORM = EITHER_FORM.length + DECODED.length + 1

/** Every test path, both forms (each once). */
export const PROBE_PATHS: readonly [string, ...string[]] = [
  '/',
  ...EITHER_FORM.slice(1),
  ...DECODED.map(asRequested),
  ...DECODED,
  `/${longPath}`
]
