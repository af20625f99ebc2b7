/**
 * The match-all guard: PCRE2 itself tries the pattern on paths as different as a site's can be.
 * A pattern that matches all of them is taken to match every path, and so to purge every cached
 * page of the site.
 *
 * Whether the service keeps a cached path as it was requested (percent-encoded: a browser sends
 * `/%C3%A9t%C3%A9`, never `/été` or a space) or decoded is not documented, so the test paths
 * come in both forms, and a pattern that matches every test path of either form is taken to
 * match every path: `#^/[[:print:]]*$#` misses `/été` but matches every path as requested.
 */
import type { CompiledPattern, GiveUp, Outcome } from '../../pcre2/pcre2.mjs'

/** Which form of the paths a pattern matches all of, when it does for one form only. */
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
  const outcomes = new Map<string, Outcome>(PROBE_PATHS.map(path => [path, pattern.test(path)]))
  const gaveUpOn = (paths: readonly string[]): ProbeGiveUp[] =>
    paths.flatMap(path => {
      const reason = outcomes.get(path) ?? 'no-match'
      return reason === 'match' || reason === 'no-match' ? [] : [{ path, reason }]
    })
  const gaveUp = gaveUpOn(PROBE_PATHS)
  const missed = PROBE_PATHS.find(path => outcomes.get(path) === 'no-match')
  const matchedAny = PROBE_PATHS.some(path => outcomes.get(path) === 'match')
  if (missed === undefined && !matchedAny) return { kind: 'gives-up-everywhere', gaveUp }

  // The forms whose every path the pattern matches or PHP gives up on (one match at least).
  const covered = FORMS.filter(
    ({ paths }) =>
      paths.every(path => outcomes.get(path) !== 'no-match') &&
      paths.some(path => outcomes.get(path) === 'match')
  ).map(({ form, paths }) => ({ form, gaveUp: gaveUpOn(paths) }))
  const only = (forms: readonly { form: PathForm }[]) =>
    forms.length === 1 && forms[0] !== undefined ? { form: forms[0].form } : {}
  const complete = covered.filter(({ gaveUp: none }) => none.length === 0)
  if (complete.length > 0) return { kind: 'every-path', ...only(complete) }
  const [finished] = covered
  if (finished !== undefined) {
    return { kind: 'every-path-it-finishes', gaveUp: finished.gaveUp, ...only(covered) }
  }
  return { kind: 'not-every-path', missed: missed ?? PROBE_PATHS[0], gaveUp }
}

const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index))
const longPath = Array.from({ length: 60 }, (_, index) => `segment-${index}/`)
  .join('')
  .slice(0, 499)

/**
 * Paths written the same either way (ASCII without anything a browser percent-encodes): the
 * root, short and deep paths, queries, upper case, long words joined by hyphens (where nested
 * quantifiers such as `([a-z-]+)*` make PHP give up), and a long path. The long path comes last,
 * so that it is named last among the paths where PHP gives up.
 */
const EITHER_FORM: readonly [string, ...string[]] = [
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
  '/UPPER/Case.PHP',
  '/-_.~',
  '/a-fairly-long-page-name-with-many-words-in-it',
  '/blog/a-fairly-long-post-title-with-many-words-in-it'
]

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

const FORMS: readonly { readonly form: PathForm; readonly paths: readonly string[] }[] = [
  { form: 'requested', paths: [...EITHER_FORM, ...DECODED.map(asRequested), `/${longPath}`] },
  { form: 'decoded', paths: [...EITHER_FORM, ...DECODED, `/${longPath}`] }
]

/** Every test path, both forms (each once). */
export const PROBE_PATHS: readonly [string, ...string[]] = [
  ...EITHER_FORM,
  ...DECODED.map(asRequested),
  ...DECODED,
  `/${longPath}`
]
