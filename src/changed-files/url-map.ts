/**
 * The `url_map` input: rules that turn the files a commit changed into URLs and cache tags.
 *
 * One rule a line; `#` at the start of a line or after a blank starts a comment (`a#b` is no
 * comment). For each changed path the first rule whose glob matches the whole path decides:
 *
 *   GLOB -> TARGET [TARGET ...]   maps the file to every target
 *   !GLOB                         maps the file to nothing ("excluded", unlike "unmapped")
 *
 * In a GLOB: `*` is any text inside one segment, `**` (a whole segment) any number of whole
 * segments, `{name}` captures part of one segment (one character or more), `{name...}` (a whole
 * segment) captures one or more whole segments. Everything else is literal. A TARGET is a URL
 * path (`/…`, captures percent-encoded) or a tag (`tag:…`, captures inserted as they are).
 *
 * Matching is "leftmost, shortest": every wildcard, capture and `**` takes as little as it can,
 * earliest first, exactly as a lazy regular expression would. `{y}-{m}-{d}-{slug}.md` on
 * `2024-01-05-hello-world.md` gives y=2024 m=01 d=05 slug=hello-world.
 *
 * Decisions where the grammar leaves room:
 * - Wildcards may not touch (`{a}{b}`, `*{a}`, `{a}*`): where one ends would be a guess.
 * - A glob has no leading or trailing `/` and no empty segment: paths are relative to the
 *   repository root and name files. There is no escape for a literal `{`, `}` or `*`.
 * - The first `->` splits a rule, so a glob cannot contain `->`; `!` starts an excluding rule,
 *   which takes no targets.
 * - A URL target may not start with `//` (a browser would read a host there); a literal tag may
 *   not contain a comma (the service's tags are comma-separated).
 * - A capture that would put a comma or a line break into a tag skips that tag for that file
 *   and leaves a note on the file (and in `MappingResult.notes`); the file's other targets stay.
 * - A path listed twice is mapped once. A path with an empty segment ('', 'a/', 'a//b', '/a')
 *   names no file and is left unmapped. Lone UTF-16 surrogates become U+FFFD in URLs.
 *
 * Every glob is compiled once to one anchored RegExp that cannot backtrack catastrophically,
 * so mapping time grows linearly with the number of paths.
 *
 * This file holds the grammar and the shapes its parts share; the parts live in url-map/:
 * parse.ts reads the input line by line, targets.ts and globs.ts read a rule's two sides (with
 * what both share in syntax.ts), glob-regexp.ts compiles a glob, mapping.ts maps the changed
 * files, and percent-encoding.ts writes captures into URLs.
 */

export interface UrlMap {
  readonly rules: readonly UrlMapRule[]
}

export interface UrlMapRule {
  /** 1-based line of the rule in the input, shown to users next to mapped files. */
  readonly line: number
  /** The rule as written, without its comment. */
  readonly text: string
  readonly glob: string
  /** `!GLOB`: matching files are mapped to nothing. */
  readonly excludes: boolean
  /** The glob, compiled; it is matched against `path + '/'` (see compileGlob). */
  readonly matcher: RegExp
  /** Literal text every matching `path + '/'` starts with: a cheap test before the RegExp. */
  readonly prefix: string
  readonly targets: readonly UrlMapTarget[]
}

export interface UrlMapTarget {
  readonly kind: 'url' | 'tag'
  /** The target as written, `tag:` removed. */
  readonly template: string
  readonly parts: readonly TemplatePart[]
}

export type TemplatePart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'capture'; readonly name: string }

export interface FileTargets {
  readonly path: string
  readonly urls: readonly string[]
  readonly tags: readonly string[]
  readonly outcome: 'mapped' | 'excluded' | 'unmapped'
  /** The deciding rule's line; absent when no rule matched. */
  readonly line?: number
  /** Targets skipped for this file, and why; absent when none were. */
  readonly notes?: readonly string[]
}

export interface MappingResult {
  readonly files: readonly FileTargets[]
  /** Deduplicated, in first-seen order. */
  readonly urls: readonly string[]
  /** Deduplicated, in first-seen order. */
  readonly tags: readonly string[]
  readonly unmapped: readonly string[]
  /** Every file's notes, each starting with the file's path. */
  readonly notes: readonly string[]
}
