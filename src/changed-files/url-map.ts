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
 */
import type { Diagnostics } from '../core/diagnostics.js'
import { quoteValue } from '../core/diagnostics.js'
import { CONTROL_CHARACTER } from '../core/targets.js'

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

const INPUT = 'url_map'
const ARROW = '->'
const TAG_PREFIX = 'tag:'
const CAPTURE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const SPANS_SUFFIX = '...'
/** `#` opening a line or following a blank starts a comment; `a#b` stays as written. */
const COMMENT = /(?:^|[ \t])#.*$/
/**
 * Whether a capture (a file name: anyone who can push names files) may not go into a tag: the
 * comma that separates tags, and the control characters typed tags refuse too. A path holding
 * a control character is also shown quoted (JSON-escaped) in notes, never raw in the log.
 */
function unfitInTag(value: string): boolean {
  return value.includes(',') || CONTROL_CHARACTER.test(value)
}

// ---------------------------------------------------------------------------------------------
// Parsing

/** Parses the whole input; reports every bad line, and returns undefined if there was one. */
export function parseUrlMap(text: string, diag: Diagnostics): UrlMap | undefined {
  const rules: UrlMapRule[] = []
  let bad = false
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const line = index + 1
    const ruleText = rawLine.replace(COMMENT, '').trim()
    if (ruleText === '') return
    const parsed = parseRule(ruleText, line)
    if ('reasons' in parsed) {
      bad = true
      for (const reason of parsed.reasons) {
        diag.problem(INPUT, rawLine.trim(), `line ${line}: ${reason}`)
      }
    } else {
      rules.push(parsed)
    }
  })
  return bad ? undefined : { rules }
}

interface Failure {
  readonly reasons: readonly string[]
}

function parseRule(text: string, line: number): UrlMapRule | Failure {
  if (text.startsWith('!')) return parseExcludingRule(text, line)
  const arrow = text.indexOf(ARROW)
  if (arrow === -1) {
    return {
      reasons: [`no '${ARROW}': write 'GLOB -> TARGET ...', or '!GLOB' to map files to nothing`]
    }
  }
  const glob = text.slice(0, arrow).trim()
  const targetTexts = text
    .slice(arrow + ARROW.length)
    .trim()
    .split(/\s+/)
    .filter(target => target !== '')
  const compiled = compileGlob(glob)
  const reasons = [...compiled.reasons]
  if (targetTexts.length === 0) reasons.push(`no targets after '${ARROW}'`)
  if (targetTexts.some(target => target.includes(ARROW))) reasons.push(`more than one '${ARROW}'`)
  const targets: UrlMapTarget[] = []
  for (const targetText of targetTexts.filter(target => !target.includes(ARROW))) {
    const target = parseTarget(targetText, compiled.names)
    if ('reasons' in target) reasons.push(...target.reasons)
    else targets.push(target)
  }
  if (reasons.length > 0 || compiled.matcher === undefined) return { reasons }
  const { matcher, prefix } = compiled
  return { line, text, glob, excludes: false, matcher, prefix, targets }
}

function parseExcludingRule(text: string, line: number): UrlMapRule | Failure {
  const glob = text.slice(1).trim()
  if (glob.includes(ARROW)) {
    return { reasons: [`an excluding rule ('!GLOB') maps files to nothing and takes no targets`] }
  }
  const compiled = compileGlob(glob)
  if (compiled.matcher === undefined) return { reasons: compiled.reasons }
  const { matcher, prefix } = compiled
  return { line, text, glob, excludes: true, matcher, prefix, targets: [] }
}

// ---------------------------------------------------------------------------------------------
// Targets

function parseTarget(
  text: string,
  captured: ReadonlySet<string> | undefined
): UrlMapTarget | Failure {
  let kind: UrlMapTarget['kind']
  let template: string
  if (text.startsWith('/')) {
    if (text.startsWith('//')) {
      return {
        reasons: [
          `URL target ${quoteValue(text)} starts with '//', which names a host: write one '/'`
        ]
      }
    }
    kind = 'url'
    template = text
  } else if (text.startsWith(TAG_PREFIX)) {
    kind = 'tag'
    template = text.slice(TAG_PREFIX.length)
    if (template === '') return { reasons: [`'${TAG_PREFIX}' needs a tag name after it`] }
  } else {
    return {
      reasons: [
        `target ${quoteValue(text)} is neither a URL path starting with '/' (such as /blog/, not https://…) nor a tag written 'tag:NAME'`
      ]
    }
  }
  const parts = parseTemplate(template)
  if ('reasons' in parts)
    return { reasons: parts.reasons.map(reason => `in target ${quoteValue(text)}: ${reason}`) }
  const reasons: string[] = []
  if (kind === 'tag' && parts.some(part => part.kind === 'literal' && part.text.includes(','))) {
    reasons.push(`tag ${quoteValue(text)} contains a comma; tags are sent comma-separated`)
  }
  // When the glob itself is bad its names are unknown: say nothing rather than guess.
  if (captured !== undefined) {
    for (const part of parts) {
      if (part.kind === 'capture' && !captured.has(part.name)) {
        reasons.push(
          `target ${quoteValue(text)} uses {${part.name}}, which the glob does not capture`
        )
      }
    }
  }
  return reasons.length > 0 ? { reasons } : { kind, template, parts }
}

function parseTemplate(template: string): TemplatePart[] | Failure {
  const parts: TemplatePart[] = []
  let literal = ''
  let index = 0
  while (index < template.length) {
    const char = template.charAt(index)
    if (char === '}') return { reasons: [`unbalanced '}'`] }
    if (char !== '{') {
      literal += char
      index += 1
      continue
    }
    const close = findCaptureEnd(template, index)
    if (close === undefined) return { reasons: [`unbalanced '{'`] }
    const body = template.slice(index + 1, close)
    if (body.endsWith(SPANS_SUFFIX)) {
      return {
        reasons: [`write {${body.slice(0, -SPANS_SUFFIX.length)}} in a target, without '...'`]
      }
    }
    const nameProblem = checkCaptureName(body)
    if (nameProblem !== undefined) return { reasons: [nameProblem] }
    if (literal !== '') parts.push({ kind: 'literal', text: literal })
    literal = ''
    parts.push({ kind: 'capture', name: body })
    index = close + 1
  }
  if (literal !== '') parts.push({ kind: 'literal', text: literal })
  return parts
}

/** The index of the `}` closing the `{` at `open`, or undefined when another `{` comes first. */
function findCaptureEnd(text: string, open: number): number | undefined {
  const close = text.indexOf('}', open + 1)
  const nextOpen = text.indexOf('{', open + 1)
  if (close === -1 || (nextOpen !== -1 && nextOpen < close)) return undefined
  return close
}

function checkCaptureName(name: string): string | undefined {
  if (name === '') return 'empty capture name {}'
  if (!CAPTURE_NAME.test(name)) {
    return `invalid capture name ${quoteValue(name)}: use letters, digits and '_', not starting with a digit`
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Globs

type SegmentPart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'star' }
  | { readonly kind: 'capture'; readonly name: string }

type GlobSegment =
  | { readonly kind: 'within'; readonly parts: readonly SegmentPart[] }
  | { readonly kind: 'globstar' }
  | { readonly kind: 'spans'; readonly name: string }

interface CompiledGlob {
  /** Undefined when the glob is bad. */
  readonly matcher: RegExp | undefined
  readonly prefix: string
  /** The names the glob captures; undefined when the glob is bad. */
  readonly names: ReadonlySet<string> | undefined
  readonly reasons: readonly string[]
}

/**
 * Compiles a glob to one RegExp, matched against the path with a '/' appended: then every
 * segment, the last one too, ends with '/', and no piece needs to know what is around it.
 */
function compileGlob(glob: string): CompiledGlob {
  const reasons = checkGlobShape(glob)
  const segments: GlobSegment[] = []
  for (const text of glob.split('/').filter(segment => segment !== '')) {
    const segment = parseSegment(text)
    if ('reasons' in segment) reasons.push(...segment.reasons)
    else segments.push(segment)
  }
  const names = capturedNames(segments)
  for (const name of duplicates(names)) reasons.push(`{${name}} is captured twice`)
  if (reasons.length > 0) return { matcher: undefined, prefix: '', names: undefined, reasons }
  const matcher = new RegExp(globSource(segments), 'u')
  return { matcher, prefix: literalPrefix(segments), names: new Set(names), reasons }
}

/** The literal text before the glob's first wildcard, segments ending with '/' as matched. */
function literalPrefix(segments: readonly GlobSegment[]): string {
  let prefix = ''
  for (const segment of segments) {
    if (segment.kind !== 'within') return prefix
    for (const part of segment.parts) {
      if (part.kind !== 'literal') return prefix
      prefix += part.text
    }
    prefix += '/'
  }
  return prefix
}

function checkGlobShape(glob: string): string[] {
  if (glob === '') return ['empty glob']
  const reasons: string[] = []
  if (glob.startsWith('/')) {
    reasons.push(`the glob starts with '/': paths are relative to the repository root, so drop it`)
  }
  if (glob.endsWith('/')) {
    reasons.push(`the glob ends with '/': write 'folder/**' to match the files in a folder`)
  }
  if (glob.includes('//')) reasons.push(`the glob has an empty path segment ('//')`)
  return reasons
}

function parseSegment(segment: string): GlobSegment | Failure {
  if (segment === '**') return { kind: 'globstar' }
  if (segment.includes('**'))
    return { reasons: [`'**' must be a whole path segment (in ${quoteValue(segment)})`] }
  const parts: SegmentPart[] = []
  let literal = ''
  let index = 0
  while (index < segment.length) {
    const char = segment.charAt(index)
    if (char === '}') return { reasons: [`unbalanced '}' in ${quoteValue(segment)}`] }
    if (char !== '{' && char !== '*') {
      literal += char
      index += 1
      continue
    }
    if (literal !== '') parts.push({ kind: 'literal', text: literal })
    literal = ''
    if (char === '*') {
      parts.push({ kind: 'star' })
      index += 1
      continue
    }
    const close = findCaptureEnd(segment, index)
    if (close === undefined) return { reasons: [`unbalanced '{' in ${quoteValue(segment)}`] }
    const body = segment.slice(index + 1, close)
    const spans = body.endsWith(SPANS_SUFFIX)
    const name = spans ? body.slice(0, -SPANS_SUFFIX.length) : body
    const nameProblem = checkCaptureName(name)
    if (nameProblem !== undefined) return { reasons: [nameProblem] }
    if (spans) {
      if (segment === `{${body}}`) return { kind: 'spans', name }
      return { reasons: [`{${body}} must be a whole path segment (in ${quoteValue(segment)})`] }
    }
    parts.push({ kind: 'capture', name })
    index = close + 1
  }
  if (literal !== '') parts.push({ kind: 'literal', text: literal })
  const touching = findTouchingWildcards(parts)
  return touching === undefined ? { kind: 'within', parts } : { reasons: [touching] }
}

/** Two wildcards side by side leave where the first ends to a guess, so they are refused. */
function findTouchingWildcards(parts: readonly SegmentPart[]): string | undefined {
  for (let index = 1; index < parts.length; index += 1) {
    const before = parts[index - 1]
    const after = parts[index]
    if (before === undefined || after === undefined) continue
    if (before.kind === 'literal' || after.kind === 'literal') continue
    const written = `${describePart(before)}${describePart(after)}`
    return `'${written}': a capture or '*' right next to another has no clear end; put literal text between them`
  }
  return undefined
}

function describePart(part: SegmentPart): string {
  if (part.kind === 'capture') return `{${part.name}}`
  return part.kind === 'star' ? '*' : part.text
}

function capturedNames(segments: readonly GlobSegment[]): string[] {
  return segments.flatMap(segment => {
    if (segment.kind === 'spans') return [segment.name]
    if (segment.kind === 'globstar') return []
    return segment.parts.flatMap(part => (part.kind === 'capture' ? [part.name] : []))
  })
}

function duplicates(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))]
}

// ---------------------------------------------------------------------------------------------
// Globs to regular expressions
//
// The result behaves like the plain lazy translation (`**` → `(?:[^/]+/)*?`, `{x}` → `([^/]+?)`,
// ...) but never backtracks into a choice that is already known to be the right one:
// - Inside a segment, a wildcard followed by literal text ends where that text first occurs;
//   taking any later occurrence leaves less room for the rest, so it cannot succeed where the
//   earliest failed. That cut is written as an atomic group, `(?=(?<g>…))\k<g>`: JS lookaheads
//   never backtrack.
// - Likewise a `**` or `{x...}` followed by fixed segments (and then another `**`/`{x...}`)
//   stops at the first place those segments match.
// Only the last `**`/`{x...}` scans, once, to the end. So the time per path is about linear in
// its length, whatever the path, instead of growing with a power of it.

const SEGMENT_CHAR = '[^/]'
const ALL_SEGMENTS = '(?:[^/]+/)*?'

function globSource(segments: readonly GlobSegment[]): string {
  const groups = new GroupNames()
  let source = '^'
  // A `**` or `{x...}` whose end is decided by the fixed segments that follow it.
  let pendingSpan: string | undefined
  let fixed = ''
  for (const segment of segments) {
    if (segment.kind === 'within') {
      fixed += `${withinSegmentSource(segment.parts, groups)}/`
      continue
    }
    source += pendingSpan === undefined ? fixed : atomic(pendingSpan + fixed, groups.next())
    pendingSpan =
      segment.kind === 'globstar'
        ? ALL_SEGMENTS
        : `(?<${captureGroup(segment.name)}>[^/]+(?:/[^/]+)*?)/`
    fixed = ''
  }
  return `${source}${pendingSpan ?? ''}${fixed}$`
}

function withinSegmentSource(parts: readonly SegmentPart[], groups: GroupNames): string {
  return parts
    .map((part, index) => {
      if (part.kind === 'literal') return escapeRegExp(part.text)
      return wildcardSource(part, parts[index + 1], index + 1 === parts.length - 1, groups)
    })
    .join('')
}

/**
 * One `*` or `{name}`; `next` is the part after it (a literal, as wildcards never touch), and
 * `nextIsLast` says whether that literal must end the segment.
 */
function wildcardSource(
  part: SegmentPart,
  next: SegmentPart | undefined,
  nextIsLast: boolean,
  groups: GroupNames
): string {
  const group = part.kind === 'capture' ? captureGroup(part.name) : undefined
  const first = group === undefined ? '' : SEGMENT_CHAR // a capture takes one character at least
  // Last in its segment: it takes the rest of the segment, which ends at the next '/'.
  if (next === undefined || next.kind !== 'literal') return named(group, `${first}${SEGMENT_CHAR}*`)
  // Its literal ends the segment: only one place fits, found by a lazy scan.
  if (nextIsLast) return named(group, `${first}${SEGMENT_CHAR}*?`)
  // More follows its literal: stop where the literal first occurs, and never reconsider.
  const upToLiteral = `${first}(?:(?!${escapeRegExp(next.text)})${SEGMENT_CHAR})*`
  return atomic(upToLiteral, group ?? groups.next())
}

function named(group: string | undefined, source: string): string {
  return group === undefined ? source : `(?<${group}>${source})`
}

/** Matches `source` once, the first way it can, as an atomic group would. */
function atomic(source: string, group: string): string {
  return `(?=(?<${group}>${source}))\\k<${group}>`
}

/** User captures are `c_NAME`; helper groups `hN`. The prefixes keep the two apart. */
function captureGroup(name: string): string {
  return `c_${name}`
}

class GroupNames {
  private count = 0
  next(): string {
    const name = `h${this.count}`
    this.count += 1
    return name
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

// ---------------------------------------------------------------------------------------------
// Mapping

export function mapChangedFiles(map: UrlMap, paths: readonly string[]): MappingResult {
  const rules = map.rules.map(prepareRule)
  // The listing from GitHub comes sorted and deduplicated: a strictly ascending list needs no
  // Set (and no hashing of every path) to prove it has no repeat. Any other list is deduped by
  // one builtin call, which keeps the first-seen order.
  const unique: readonly string[] | ReadonlySet<string> = strictlyAscending(paths)
    ? paths
    : new Set(paths)
  const count = 'size' in unique ? unique.size : unique.length
  // Sized once: a 100,000-item array grown by `push` is copied a dozen times on the way.
  const files: FileTargets[] = new Array<FileTargets>(count)
  const urls = new Set<string>()
  const tags = new Set<string>()
  const unmapped: string[] = []
  const notes: string[] = []
  let index = 0
  for (const path of unique) {
    const file = mapPath(rules, path)
    files[index] = file
    index += 1
    for (const url of file.urls) urls.add(url)
    for (const tag of file.tags) tags.add(tag)
    if (file.outcome === 'unmapped') unmapped.push(path)
    if (file.notes !== undefined) {
      const shown = CONTROL_CHARACTER.test(path) ? quoteEscaped(path) : path
      for (const note of file.notes) notes.push(`${shown}: ${note}`)
    }
  }
  return { files, urls: Array.from(urls), tags: Array.from(tags), unmapped, notes }
}

/** True when each path sorts after the one before it, so that none can repeat. */
function strictlyAscending(paths: readonly string[]): boolean {
  for (let index = 1; index < paths.length; index += 1) {
    // `<` compares UTF-16 code units, as the listing's `sort()` orders them.
    if (!((paths[index - 1] as string) < (paths[index] as string))) return false
  }
  return true
}

/**
 * A rule ready for many paths: the literal texts every match holds, in order (cheap tests
 * before the RegExp, as `prefix` is), and each target's parts with their RegExp group names
 * worked out once. Mapping 100,000 paths spends its time here, so nothing is done twice a path.
 */
interface PreparedRule {
  readonly rule: UrlMapRule
  /** `rule.matcher` with numbered groups: V8 builds no `groups` object for each match. */
  readonly matcher: RegExp
  /** The literal text every matched subject ends with ('/' at least). */
  readonly suffix: string
  /** Literal texts between the prefix and the suffix, in the order a match holds them. */
  readonly inner: readonly string[]
  readonly targets: readonly PreparedTarget[]
}

interface PreparedTarget {
  readonly target: UrlMapTarget
  /** Literal texts, and the numbers of capture groups (`group`), in order. */
  readonly parts: readonly ({ text: string; group?: never } | { group: number; name: string })[]
  /**
   * The parts' texts, literals filled in once and captures per match: `join` makes the target
   * one flat string in one allocation, where `+=` makes a string per part and the Set that
   * dedupes it copies them into one more.
   */
  readonly pieces: string[]
  /** For a target with exactly one capture: texts already built, by the captured value. */
  readonly repeats: RepeatCache | undefined
}

function prepareRule(rule: UrlMapRule): PreparedRule {
  const runs = literalRuns(rule.glob)
  const first = rule.prefix === '' ? 0 : 1
  // The first run is the prefix (tested apart); the last, when it ends the glob, the suffix.
  const last = runs.length > first && endsWithLiteral(rule.glob) ? runs.at(-1) : undefined
  const { source, groupNumbers } = numberGroups(rule.matcher.source)
  return {
    rule,
    matcher: new RegExp(source, rule.matcher.flags),
    suffix: last ?? '/',
    inner: runs.slice(first, last === undefined ? undefined : -1),
    targets: rule.targets.map(target => ({
      target,
      parts: target.parts.map(part =>
        part.kind === 'literal'
          ? { text: part.text }
          : { group: groupNumbers.get(captureGroup(part.name)) ?? 0, name: part.name }
      ),
      pieces: target.parts.map(part => (part.kind === 'literal' ? part.text : '')),
      repeats: repeatCacheFor(target, groupNumbers)
    }))
  }
}

/** A RepeatCache for a target with exactly one capture; others are built every time. */
function repeatCacheFor(
  target: UrlMapTarget,
  groupNumbers: ReadonlyMap<string, number>
): RepeatCache | undefined {
  const captures = target.parts.flatMap(part => (part.kind === 'capture' ? [part.name] : []))
  const [name] = captures
  if (captures.length !== 1 || name === undefined) return undefined
  return new RepeatCache(groupNumbers.get(captureGroup(name)) ?? 0)
}

/**
 * Turns the named groups of a compiled glob into numbered ones. Every group in it is named
 * (captures `c_x`, helpers `hN`; the others are `(?:`, `(?=` or `(?!`), so the n-th `(?<`
 * opens group n.
 */
function numberGroups(named: string): { source: string; groupNumbers: Map<string, number> } {
  const groupNumbers = new Map<string, number>()
  const source = named
    .replace(/\(\?<([A-Za-z0-9_]+)>/g, (_, name: string) => {
      groupNumbers.set(name, groupNumbers.size + 1)
      return '('
    })
    .replace(/\\k<([A-Za-z0-9_]+)>/g, (_, name: string) => `\\${groupNumbers.get(name) ?? 0}`)
  return { source, groupNumbers }
}

function endsWithLiteral(glob: string): boolean {
  return !glob.endsWith('*') && !glob.endsWith('}')
}

/**
 * The literal texts of a glob as the matched subject (`path + '/'`) holds them, split at every
 * wildcard: `content/{lang}/blog/{y}/index.md` gives `content/`, `/blog/`, `/index.md/`.
 * A `**` segment takes its '/' with it (it may match no segment at all); `{x...}` does not.
 */
export function literalRuns(glob: string): string[] {
  const runs: string[] = []
  let run = ''
  const cut = (): void => {
    if (run !== '') runs.push(run)
    run = ''
  }
  for (const segment of glob.split('/')) {
    if (segment === '**') {
      cut()
      continue
    }
    if (segment.startsWith('{') && segment.endsWith(`${SPANS_SUFFIX}}`)) {
      cut()
      run = '/'
      continue
    }
    for (const piece of segment.split(/(\*|\{[^}]*\})/)) {
      if (piece === '*' || (piece.startsWith('{') && piece.endsWith('}'))) cut()
      else run += piece
    }
    run += '/'
  }
  cut()
  return runs
}

/** True when `subject` holds each text of `inner` in order, from `from` on. */
function holdsInOrder(subject: string, inner: readonly string[], from: number): boolean {
  let position = from
  for (const text of inner) {
    const found = subject.indexOf(text, position)
    if (found === -1) return false
    position = found + text.length
  }
  return true
}

/**
 * A file name quoted for a log line: JSON escapes C0 controls, and the rest of what
 * CONTROL_CHARACTER names (DEL, C1, U+2028/U+2029) is escaped as \uXXXX too.
 */
function quoteEscaped(text: string): string {
  return quoteValue(text).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

/** Shared by every excluded and unmapped file: 100,000 paths need not mean 200,000 arrays. */
const NO_TARGETS: readonly string[] = Object.freeze([])

function mapPath(rules: readonly PreparedRule[], path: string): FileTargets {
  if (!namesAFile(path)) return { path, urls: NO_TARGETS, tags: NO_TARGETS, outcome: 'unmapped' }
  const subject = `${path}/`
  for (const prepared of rules) {
    const rule = prepared.rule
    if (!subject.startsWith(rule.prefix) || !subject.endsWith(prepared.suffix)) continue
    if (!holdsInOrder(subject, prepared.inner, rule.prefix.length)) continue
    if (rule.excludes) {
      // No capture is needed: `test` builds no match array.
      if (!prepared.matcher.test(subject)) continue
      return { path, urls: NO_TARGETS, tags: NO_TARGETS, outcome: 'excluded', line: rule.line }
    }
    const match = prepared.matcher.exec(subject)
    if (match === null) continue
    return applyTargets(prepared, path, match)
  }
  return { path, urls: NO_TARGETS, tags: NO_TARGETS, outcome: 'unmapped' }
}

/**
 * Paths with an empty segment ('', '/a', 'a/', 'a//b') name no file, and git never lists one.
 * Refusing them keeps the matcher's shortcuts sound: a '*' segment could match an empty
 * segment that no '**' or '{x...}' could, which would make "earliest" the wrong choice.
 */
function namesAFile(path: string): boolean {
  return path !== '' && !path.startsWith('/') && !path.endsWith('/') && !path.includes('//')
}

function applyTargets(
  { rule, targets }: PreparedRule,
  path: string,
  match: RegExpExecArray
): FileTargets {
  // Each file keeps its arrays, so they are made at their final size, and the usual one-item
  // case as one literal: an array grown by `push` reserves room for 16, and 100,000 of those
  // are tens of MiB for the collector to copy. A handful of targets: `includes` dedupes.
  let urls: readonly string[] = NO_TARGETS
  let tags: readonly string[] = NO_TARGETS
  let notes: string[] | undefined
  for (const prepared of targets) {
    const text = targetText(prepared, match)
    if (typeof text !== 'string') {
      ;(notes ??= []).push(
        `tag ${quoteValue(TAG_PREFIX + prepared.target.template)} skipped: {${text.name}} is ${quoteEscaped(text.value)}, and a tag cannot hold a comma, a line break or another control character`
      )
    } else if (prepared.target.kind === 'url') {
      urls = withItem(urls, text)
    } else {
      tags = withItem(tags, text)
    }
  }
  return notes === undefined
    ? { path, urls, tags, outcome: 'mapped', line: rule.line }
    : { path, urls, tags, outcome: 'mapped', line: rule.line, notes }
}

/** `items` with `item` added at the end unless it is there already; `items` is not changed. */
function withItem(items: readonly string[], item: string): readonly string[] {
  if (items.length === 0) return [item]
  if (items.includes(item)) return items
  return items.length === 1 ? [items[0] as string, item] : [...items, item]
}

/** A capture that cannot go into a tag: which one, and its value. */
interface Unfit {
  readonly name: string
  readonly value: string
}

/** The target's text for this match, or why a tag cannot be made of it. */
function targetText(
  { target, parts, pieces, repeats }: PreparedTarget,
  match: RegExpExecArray
): string | Unfit {
  if (repeats === undefined) return buildText(target, parts, pieces, match)
  const value = match[repeats.group] ?? ''
  const known = repeats.get(value)
  if (known !== undefined) return known
  const text = buildText(target, parts, pieces, match)
  if (typeof text === 'string') repeats.remember(value, text)
  return text
}

function buildText(
  target: UrlMapTarget,
  parts: PreparedTarget['parts'],
  pieces: string[],
  match: RegExpExecArray
): string | Unfit {
  let unfit: Unfit | undefined
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as PreparedTarget['parts'][number]
    if (part.group === undefined) continue
    const value = match[part.group] ?? ''
    if (target.kind === 'url') {
      pieces[index] = encodeUrlPath(value)
    } else {
      if (unfit === undefined && unfitInTag(value)) unfit = { name: part.name, value }
      pieces[index] = value
    }
  }
  return unfit ?? pieces.join('')
}

/** Lookups a RepeatCache gets before it judges whether the values of its capture repeat. */
const REPEAT_TRIAL = 256
/** At most this many texts are kept for one target. */
const REPEAT_LIMIT = 4096

/**
 * The texts already made for a target with one capture, by the captured value. In a large
 * change, targets such as `tag:lang-{lang}` or `tag:docs-{version}` take a few values thousands
 * of times: a repeat then costs one lookup, and the file shares the string the Sets already
 * hold (built, flattened and hashed once) instead of making a new one. A target whose values
 * hardly repeat (`tag:product-{sku}`) stops remembering after a trial, so neither the time nor
 * the memory grows with the number of paths.
 */
class RepeatCache {
  private readonly texts = new Map<string, string>()
  private lookups = 0
  private hits = 0
  private open = true

  constructor(readonly group: number) {}

  get(value: string): string | undefined {
    if (!this.open) return undefined
    this.lookups += 1
    const text = this.texts.get(value)
    if (text !== undefined) {
      this.hits += 1
    } else if (this.lookups >= REPEAT_TRIAL && this.hits * 2 < this.lookups) {
      this.open = false
      this.texts.clear()
    }
    return text
  }

  remember(value: string, text: string): void {
    if (this.open && this.texts.size < REPEAT_LIMIT) this.texts.set(value, text)
  }
}

// ---------------------------------------------------------------------------------------------
// Percent-encoding

/**
 * encodeURIComponent keeps RFC 3986's unreserved characters and `!'()*`, and encodes the rest of
 * the sub-delimiters, `:` and `@`, which a path segment may hold as they are: put those back.
 * Every '%' in its output starts a triple, so these matches cannot straddle two.
 */
/** What encodeUrlSegment keeps as it is (see above), and '/'. */
const NEEDS_NO_ENCODING = /^[A-Za-z0-9\-_.!~*'()$&+,;=:@/]*$/
const ALLOWED_IN_SEGMENT = /%(?:24|26|2B|2C|3B|3D|3A|40)/g
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Percent-encodes each '/'-separated segment of a captured value as UTF-8; '/' stays. */
export function encodeUrlPath(value: string): string {
  // Most captured names need no encoding at all: skip the split and the encoders for them.
  if (NEEDS_NO_ENCODING.test(value)) return value
  return value.split('/').map(encodeUrlSegment).join('/')
}

function encodeUrlSegment(segment: string): string {
  // encodeURIComponent throws on a lone surrogate; UTF-8 has no form for one anyway.
  const wellFormed = segment.replace(LONE_SURROGATE, '\uFFFD')
  return encodeURIComponent(wellFormed).replace(ALLOWED_IN_SEGMENT, triple =>
    decodeURIComponent(triple)
  )
}
