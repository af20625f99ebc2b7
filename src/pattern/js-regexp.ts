/**
 * Does the pattern match every path? Translates the parsed pattern to a JS RegExp, only where
 * the translation is exact, and tries it on probe paths.
 */
import { matchPathsWithin } from './bounded-match.js'
import type { ClassItem, GroupRole, PcreNode, PatternFlags, Sequence } from './tree.js'

/**
 * Whether the pattern matches every path: `yes`, `no`, or `too-slow` when the translated regex
 * does not finish on the probe paths within the deadline (nested quantifiers backtracking
 * catastrophically), so the action cannot tell.
 */
export type MatchAllVerdict = 'yes' | 'no' | 'too-slow'

/**
 * Tries the pattern, translated to an exact JS equivalent, on diverse paths, with a deadline
 * (bounded-match.ts). When the translation is impossible, answers no: what cannot
 * be translated is not refused (PCRE-only syntax is common and legitimate).
 */
export function matchesEveryPath(tree: Sequence[], flags: PatternFlags): MatchAllVerdict {
  const regex = toJsRegExp(tree, flags)
  if (regex === undefined) return 'no'
  const probe = matchPathsWithin(regex, probePaths(), { stopAtFirstMiss: true })
  // V8 compiles lazily: a very long pattern fails only when run ("Regular expression too
  // large"). PCRE's limits differ, so this is a pattern we cannot judge, not a bad one.
  if (probe.kind === 'invalid') return 'no'
  if (probe.kind === 'too-slow') return 'too-slow'
  return probe.matches.every(matched => matched === true) ? 'yes' : 'no'
}

class Untranslatable extends Error {}

/**
 * The pattern's exact JS equivalent, or undefined where there is none. Also used to choose
 * sitemap pages for a pattern purge (page-regexp.ts).
 */
export function toJsRegExp(tree: Sequence[], flags: PatternFlags): RegExp | undefined {
  try {
    const source = new JsTranslator(flags.caseless).alternatives(tree)
    const anchored = flags.anchored ? `^(?:${source})` : source
    return new RegExp(anchored, flags.caseless ? 'iu' : 'u')
  } catch (error) {
    // A SyntaxError here is a PCRE construct JS spells differently (\p{Greek}, ...).
    if (error instanceof Untranslatable || error instanceof SyntaxError) return undefined
    throw error
  }
}

/**
 * Writes the JS equivalent of a parsed pattern. Atomic groups and possessive quantifiers are
 * emulated exactly with `(?=(X))\N` (a lookahead is atomic in JS); since back references are
 * never translated, those emulation groups are the only capturing groups.
 */
class JsTranslator {
  private captures = 0
  private lookbehindDepth = 0

  constructor(private readonly caseless: boolean) {}

  alternatives(alternatives: Sequence[]): string {
    return alternatives.map(sequence => sequence.map(node => this.node(node)).join('')).join('|')
  }

  private node(node: PcreNode): string {
    switch (node.kind) {
      case 'char':
        return this.char(node.codePoint, node.caseless)
      case 'set':
        return definedOrUntranslatable(node.js)
      case 'class':
        return this.characterClass(node)
      case 'assertion':
        return node.js
      case 'group':
        return this.group(node.role, node.jsOpen, node.alternatives)
      case 'quantified':
        return this.quantified(node)
      case 'untranslatable':
        throw new Untranslatable()
    }
  }

  private char(codePoint: number, caseless: boolean): string {
    if (caseless === this.caseless) return escapeCodePoint(codePoint)
    const variants = caseVariants(codePoint)
    if (variants === undefined) return escapeCodePoint(codePoint)
    if (!caseless) throw new Untranslatable()
    return `[${variants.map(escapeCodePoint).join('')}]`
  }

  private characterClass(node: Extract<PcreNode, { kind: 'class' }>): string {
    // Only a caseless class inside a case-sensitive RegExp can be widened by hand.
    if (!node.caseless && this.caseless) throw new Untranslatable()
    const widen = node.caseless && !this.caseless
    const content = node.items.map(item => classItemToJs(item, widen)).join('')
    return `[${node.negated ? '^' : ''}${content}]`
  }

  private group(role: GroupRole, jsOpen: string, alternatives: Sequence[]): string {
    if (role === 'untranslatable') throw new Untranslatable()
    if (role === 'atomic') return this.atomic(() => this.alternatives(alternatives))
    if (role !== 'lookbehind') return `${jsOpen}${this.alternatives(alternatives)})`
    this.lookbehindDepth++
    try {
      return `${jsOpen}${this.alternatives(alternatives)})`
    } finally {
      this.lookbehindDepth--
    }
  }

  private quantified(node: Extract<PcreNode, { kind: 'quantified' }>): string {
    if (!node.unambiguous) throw new Untranslatable()
    const count = `{${node.min},${node.max ?? ''}}`
    if (node.possessive) return this.atomic(() => `(?:${this.node(node.node)})${count}`)
    return `(?:${this.node(node.node)})${count}${node.lazy ? '?' : ''}`
  }

  /** The capture number is taken before the inner part is written, to keep source order. */
  private atomic(inner: () => string): string {
    // Matching runs backwards in a lookbehind, where the emulation would not be exact.
    if (this.lookbehindDepth > 0) throw new Untranslatable()
    const index = ++this.captures
    return `(?:(?=(${inner()}))\\${index})`
  }
}

function classItemToJs(item: ClassItem, caseless: boolean): string {
  if (item.kind === 'char') {
    const variants = caseless ? caseVariants(item.codePoint) : undefined
    return (variants ?? [item.codePoint]).map(escapeCodePoint).join('')
  }
  if (item.kind === 'range') return rangeToJs(item.from, item.to, caseless)
  if (caseless && item.caseSensitive === true) throw new Untranslatable()
  return definedOrUntranslatable(item.js)
}

const ASCII_LETTER_RANGES = [
  [0x41, 0x5a],
  [0x61, 0x7a]
] as const

/** Under a hand-made i flag, a range also takes the other case of its ASCII letters. */
function rangeToJs(from: number, to: number, caseless: boolean): string {
  const ranges: [number, number][] = [[from, to]]
  if (caseless) {
    // Non-ASCII letters have case pairs that are not a fixed offset apart.
    if (to > 0x7f) throw new Untranslatable()
    for (const [low, high] of ASCII_LETTER_RANGES) {
      const start = Math.max(from, low)
      const end = Math.min(to, high)
      // Upper and lower case ASCII letters differ by one bit.
      if (start <= end) ranges.push([start ^ 0x20, end ^ 0x20])
    }
  }
  return ranges.map(([start, end]) => `${escapeCodePoint(start)}-${escapeCodePoint(end)}`).join('')
}

function definedOrUntranslatable(js: string | undefined): string {
  if (js === undefined) throw new Untranslatable()
  return js
}

function caseVariants(codePoint: number): number[] | undefined {
  const char = String.fromCodePoint(codePoint)
  const variants = [...new Set([char, char.toLowerCase(), char.toUpperCase()])]
  if (variants.length === 1) return undefined
  // ß -> SS and the like have no one-character equivalent in a class.
  if (variants.some(variant => [...variant].length !== 1)) throw new Untranslatable()
  return variants.map(variant => variant.codePointAt(0) ?? 0)
}

function escapeCodePoint(codePoint: number): string {
  const char = String.fromCodePoint(codePoint)
  return /^[A-Za-z0-9]$/.test(char) ? char : `\\u{${codePoint.toString(16)}}`
}

/**
 * Paths a pattern must match to be judged a match-all: short and plain, deep, encoded, raw
 * Unicode, every printable ASCII character, and one long path. The long one comes last so a
 * pattern that fails early never gets to backtrack over it.
 */
function probePaths(): string[] {
  const printableAscii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index))
  const longPath = Array.from({ length: 60 }, (_, index) => `segment-${index}/`)
    .join('')
    .slice(0, 499)
  return [
    '/',
    '/a',
    '/Z',
    '/0',
    '/~',
    '/index.html',
    '/blog/post-1.html',
    '/blog/',
    '/admin',
    '/wp-admin/options.php',
    '/api/v1/items',
    '/static/app.js',
    '/images/logo.png',
    '/a//b',
    '/x/y/z/deep/page?q=1&b=2',
    '/?utm_source=newsletter',
    '/%C3%A9t%C3%A9',
    '/été/über',
    '/日本語/ページ',
    '/emoji/😀',
    '/UPPER/Case.PHP',
    '/-_.~',
    '/with space/and more spaces',
    `/${printableAscii.join('')}`,
    `/${longPath}`
  ]
}
