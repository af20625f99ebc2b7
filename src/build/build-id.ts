/**
 * The build a run expects to be live, and the rule that says whether a text shows it. Pure.
 *
 * A commit SHA (40 hexadecimal digits, or 64 for SHA-256 repositories) matches a text that
 * contains the full SHA, or a 7- to 12-character prefix of it that is not part of a longer hex
 * run (`abc1234` in `build abc1234 (main)` or `app.abc1234.js`, not in `abc1234ffee99` nor in
 * `0abc1234`, whose hex runs are longer and are other ids). Case does not matter for a SHA: some tools print it in
 * capitals. Any other build id is matched as literal text, case and all.
 */

export type BuildKind = 'commit' | 'literal'

export interface BuildId {
  /** As given (a commit: lower case). */
  readonly text: string
  readonly kind: BuildKind
  /** Where it came from, for messages: `build_id`, `deployment.sha`, `GITHUB_SHA`, ... */
  readonly source: string
}

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i
/** The shortest and longest abbreviations of a SHA that count (git's default is 7). */
export const SHORT_SHA_LENGTHS = { min: 7, max: 12 } as const

export function buildId(text: string, source: string): BuildId {
  return FULL_SHA.test(text)
    ? { text: text.toLowerCase(), kind: 'commit', source }
    : { text, kind: 'literal', source }
}

/** The build as people write it in a message: a commit shortened to 12 characters. */
export function shortBuild(build: BuildId): string {
  return build.kind === 'commit' ? build.text.slice(0, 12) : build.text
}

const HEX_RUN = /[0-9a-f]+/gi

/**
 * Ids in `text` that look like commits (hex runs of 7 to 64 characters with a letter and a
 * digit: a timestamp or a colour is not one) and are not the build: what an origin that shows
 * another build shows. At most `limit`, full SHAs first, each once.
 */
export function otherCommitLikeIds(
  text: string,
  isBuild: (id: string) => boolean,
  limit = 3
): string[] {
  const found = new Set<string>()
  for (const run of text.matchAll(HEX_RUN)) {
    const id = run[0].toLowerCase()
    if (id.length < SHORT_SHA_LENGTHS.min || id.length > 64) continue
    if (!/[a-f]/.test(id) || !/[0-9]/.test(id)) continue
    if (isBuild(id)) continue
    found.add(id)
  }
  return [...found]
    .sort((a, b) => (b.length >= 40 ? 1 : 0) - (a.length >= 40 ? 1 : 0))
    .slice(0, limit)
}

/**
 * A hex run in `text` that is the commit's start but longer than a short SHA and shorter than
 * the full one (`9be41d2c7a6f5e4d`): the rule does not count it, but it is the build, not another
 * one, and a message should say which digits count.
 */
export function longPrefixOf(text: string, build: BuildId): string | undefined {
  if (build.kind !== 'commit') return undefined
  for (const run of text.matchAll(HEX_RUN)) {
    const id = run[0].toLowerCase()
    if (id.length > SHORT_SHA_LENGTHS.max && id.length < build.text.length) {
      if (build.text.startsWith(id)) return id
    }
  }
  return undefined
}
