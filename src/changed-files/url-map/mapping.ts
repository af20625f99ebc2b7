/**
 * Maps changed paths through a parsed url_map: for each path the first rule whose glob matches
 * decides its URLs and tags (or excludes it), its captures filled into the targets. A large
 * change lists 100,000 paths, so rules are prepared once, cheap literal tests come before the
 * RegExp, and target texts that repeat are made once.
 */
import { quoteValue } from '../../core/diagnostics.js'
import { CONTROL_CHARACTER } from '../../core/targets.js'
import type { FileTargets, MappingResult, UrlMap, UrlMapRule, UrlMapTarget } from '../url-map.js'
import { captureGroup } from './glob-regexp.js'
import { encodeUrlPath } from './percent-encoding.js'
import { SPANS_SUFFIX } from './syntax.js'
import { TAG_PREFIX } from './targets.js'

/**
 * Whether a capture (a file name: anyone who can push names files) may not go into a tag: the
 * comma that separates tags, and the control characters typed tags refuse too. A path holding
 * a control character is also shown quoted (JSON-escaped) in notes, never raw in the log.
 */
function unfitInTag(value: string): boolean {
  return value.includes(',') || CONTROL_CHARACTER.test(value)
}

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
