/**
 * The PCRE syntax check: scans the pattern as PCRE2 would and refuses what it would refuse,
 * building the tree the later checks read. Characters, escapes and classes are read by
 * PcreCharacterReader (pcre-characters.ts), which PcreScanner extends.
 */
import type { Diagnostics } from '../diagnostics.js'
import { INPUT } from './messages.js'
import { PatternSyntaxError, PcreCharacterReader } from './pcre-characters.js'
import type { GroupRole, PatternFlags, Sequence } from './tree.js'

/** PCRE refuses larger numbers in {m,n}. */
const MAX_REPEAT = 65535

export interface ScannedBody {
  readonly tree: Sequence[]
  readonly warnings: readonly string[]
}

export function scanBody(
  text: string,
  offset: number,
  flags: PatternFlags,
  given: string,
  diag: Diagnostics
): ScannedBody | undefined {
  const scanner = new PcreScanner(text, offset, flags.utf || text.startsWith('(*UTF'))
  try {
    return { tree: scanner.scan(flags), warnings: scanner.warnings }
  } catch (error) {
    if (!(error instanceof PatternSyntaxError)) throw error
    diag.problem(INPUT, given, error.message)
    return undefined
  }
}

type AtomOutcome = 'repeatable' | 'not-repeatable' | 'nothing'

interface Quantifier {
  readonly text: string
  readonly min: number
  readonly max: number | undefined
  readonly lazy: boolean
  readonly possessive: boolean
  readonly unambiguous: boolean
}

const EXTENDED_WHITESPACE = new Set([' ', '\t', '\v', '\f'])
/** PCRE2's alphabetic assertions, `(*pla:...)` and friends. */
const ALPHA_ASSERTIONS: Readonly<Record<string, { role: GroupRole; jsOpen: string }>> = {
  pla: { role: 'lookahead', jsOpen: '(?=' },
  positive_lookahead: { role: 'lookahead', jsOpen: '(?=' },
  nla: { role: 'lookahead', jsOpen: '(?!' },
  negative_lookahead: { role: 'lookahead', jsOpen: '(?!' },
  plb: { role: 'lookbehind', jsOpen: '(?<=' },
  positive_lookbehind: { role: 'lookbehind', jsOpen: '(?<=' },
  nlb: { role: 'lookbehind', jsOpen: '(?<!' },
  negative_lookbehind: { role: 'lookbehind', jsOpen: '(?<!' },
  atomic: { role: 'atomic', jsOpen: '' },
  napla: { role: 'untranslatable', jsOpen: '' },
  non_atomic_positive_lookahead: { role: 'untranslatable', jsOpen: '' },
  naplb: { role: 'untranslatable', jsOpen: '' },
  non_atomic_positive_lookbehind: { role: 'untranslatable', jsOpen: '' },
  sr: { role: 'untranslatable', jsOpen: '' },
  script_run: { role: 'untranslatable', jsOpen: '' },
  asr: { role: 'untranslatable', jsOpen: '' },
  atomic_script_run: { role: 'untranslatable', jsOpen: '' }
}
/** Backtracking verbs; anything else spelled `(*NAME)` is a start-of-pattern option. */
const BACKTRACKING_VERBS = new Set([
  'ACCEPT',
  'FAIL',
  'F',
  'COMMIT',
  'PRUNE',
  'SKIP',
  'THEN',
  'MARK',
  ''
])
const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*/
const INLINE_OPTION_LETTERS = 'imnsxUJ'
const CONDITION =
  /^\((?:[+-]?\d+|<[A-Za-z_]\w*>|'[A-Za-z_]\w*'|R\d*|R&[A-Za-z_]\w*|DEFINE|VERSION>?=\d+(?:\.\d+)?|[A-Za-z_]\w*)\)/

const ASSERTION_ESCAPES: Readonly<
  Record<string, { anchor: 'start' | 'end' | 'none'; js: string }>
> = {
  A: { anchor: 'start', js: '^' },
  // preg_match() starts at offset 0, where \G and \A agree.
  G: { anchor: 'start', js: '^' },
  z: { anchor: 'end', js: '$' },
  Z: { anchor: 'end', js: '(?=\\n?$)' },
  b: { anchor: 'none', js: '\\b' },
  B: { anchor: 'none', js: '\\B' },
  // \K only moves the start of the reported match; it never changes whether a path matches.
  K: { anchor: 'none', js: '' }
}

/**
 * A recursive-descent scanner over PCRE2 syntax. It throws PatternSyntaxError at the first
 * mistake (as PCRE itself does), with offsets counted in the pattern as the user gave it.
 */
class PcreScanner extends PcreCharacterReader {
  scan(flags: PatternFlags): Sequence[] {
    return this.parseAlternatives({ ...flags }, undefined)
  }

  private parseAlternatives(flags: PatternFlags, openedAt: number | undefined): Sequence[] {
    let sequence: Sequence = []
    const alternatives: Sequence[] = [sequence]
    let canRepeat = false
    for (;;) {
      if (this.atEnd()) {
        if (openedAt === undefined) return alternatives
        throw this.error(openedAt, "unbalanced '(' at offset %: the group is never closed with ')'")
      }
      if (flags.extended && this.skipExtendedFiller()) continue
      const char = this.peek()
      if (char === '|') {
        this.position++
        sequence = []
        alternatives.push(sequence)
        canRepeat = false
      } else if (char === ')') {
        if (openedAt === undefined) {
          throw this.error(
            this.position,
            "unbalanced ')' at offset %: no '(' opens it; write \\) to match a literal ')'"
          )
        }
        this.position++
        return alternatives
      } else if (this.tryQuantifier(sequence, canRepeat)) {
        canRepeat = false
      } else {
        const outcome = this.parseAtom(flags, sequence)
        if (outcome !== 'nothing') canRepeat = outcome === 'repeatable'
      }
    }
  }

  /** Whitespace and `#` comments are not part of the pattern under the x modifier. */
  private skipExtendedFiller(): boolean {
    const char = this.peek()
    if (EXTENDED_WHITESPACE.has(char)) {
      this.position++
      return true
    }
    if (char === '#') {
      this.position = this.source.length
      return true
    }
    return false
  }

  private tryQuantifier(sequence: Sequence, canRepeat: boolean): boolean {
    const start = this.position
    const quantifier = this.readQuantifier()
    if (quantifier === undefined) return false
    const repeated = sequence[sequence.length - 1]
    if (!canRepeat || repeated === undefined) {
      throw this.error(
        start,
        `quantifier '${quantifier.text}' at offset % has nothing to repeat; escape it to match it literally`
      )
    }
    sequence[sequence.length - 1] = { kind: 'quantified', node: repeated, ...quantifier }
    return true
  }

  private readQuantifier(): Quantifier | undefined {
    const start = this.position
    const bounds = this.readBounds()
    if (bounds === undefined) return undefined
    const suffix = this.peek()
    const lazy = suffix === '?'
    const possessive = suffix === '+'
    if (lazy || possessive) this.position++
    return {
      text: this.source.slice(start, this.position),
      ...bounds,
      lazy,
      possessive
    }
  }

  private readBounds(): { min: number; max: number | undefined; unambiguous: boolean } | undefined {
    const char = this.peek()
    if (char === '*' || char === '+' || char === '?') {
      this.position++
      const max = char === '?' ? 1 : undefined
      return { min: char === '+' ? 1 : 0, max, unambiguous: true }
    }
    if (char !== '{') return undefined
    const braces = /^\{(\d*)(,(\d*))?\}/.exec(this.source.slice(this.position))
    // Anything else in braces ({}, {,}, {a}) is literal text in PCRE.
    if (braces === null || (braces[1] === '' && (braces[3] ?? '') === '')) return undefined
    const start = this.position
    this.position += braces[0].length
    const min = braces[1] === '' ? 0 : Number(braces[1])
    const max = braces[2] === undefined ? min : braces[3] === '' ? undefined : Number(braces[3])
    if (min > MAX_REPEAT || (max ?? 0) > MAX_REPEAT) {
      throw this.error(
        start,
        `quantifier '${braces[0]}' at offset % has a number above ${MAX_REPEAT}`
      )
    }
    if (max !== undefined && min > max) {
      throw this.error(
        start,
        `bad quantifier '${braces[0]}' at offset %: the minimum ${min} is larger than the maximum ${max}`
      )
    }
    return { min, max, unambiguous: braces[1] !== '' }
  }

  private parseAtom(flags: PatternFlags, sequence: Sequence): AtomOutcome {
    const start = this.position
    const codePoint = this.readCodePoint()
    switch (String.fromCodePoint(codePoint)) {
      case '(':
        return this.parseGroup(start, flags, sequence)
      case '[':
        sequence.push(this.parseClass(start, flags))
        return 'repeatable'
      case '\\':
        return this.parseEscape(start, flags, sequence)
      case '.':
        sequence.push({ kind: 'set', js: flags.dotAll ? '[^]' : '[^\\n]' })
        return 'repeatable'
      case '^':
        sequence.push({
          kind: 'assertion',
          anchor: 'start',
          js: flags.multiline ? '(?<![^\\n])' : '^'
        })
        return 'not-repeatable'
      case '$':
        sequence.push({ kind: 'assertion', anchor: 'end', js: dollarToJs(flags) })
        return 'not-repeatable'
      default:
        sequence.push({ kind: 'char', codePoint, caseless: flags.caseless })
        return 'repeatable'
    }
  }

  // ----- groups

  private parseGroup(start: number, flags: PatternFlags, sequence: Sequence): AtomOutcome {
    if (this.peek() === '*' && /[A-Za-z:_]/.test(this.peekAt(1))) {
      return this.parseVerb(start, flags, sequence)
    }
    if (this.peek() !== '?') {
      return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start))
    }
    this.position++
    const kind = this.peek()
    switch (kind) {
      case '#':
        return this.skipComment(start)
      case ':':
      case '|':
        this.position++
        return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start))
      case '>':
        this.position++
        return this.pushGroup(sequence, 'atomic', '', this.parseAlternatives({ ...flags }, start))
      case '=':
      case '!':
        this.position++
        return this.pushGroup(
          sequence,
          'lookahead',
          `(?${kind}`,
          this.parseAlternatives({ ...flags }, start)
        )
      case '<':
        return this.parseAngleGroup(start, flags, sequence)
      case "'":
        this.position++
        this.readName(start, "'")
        return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start))
      case 'P':
        return this.parsePythonGroup(start, flags, sequence)
      case '(':
        return this.parseConditional(start, flags, sequence)
      case 'C':
        return this.skipCallout(start)
      default:
        return this.parseReferenceOrOptions(start, flags, sequence)
    }
  }

  private pushGroup(
    sequence: Sequence,
    role: GroupRole,
    jsOpen: string,
    alternatives: Sequence[]
  ): AtomOutcome {
    sequence.push({ kind: 'group', role, jsOpen, alternatives })
    return 'repeatable'
  }

  private skipComment(start: number): AtomOutcome {
    const close = this.source.indexOf(')', this.position)
    if (close === -1) {
      throw this.error(start, "unterminated comment '(?#' at offset %: close it with ')'")
    }
    this.position = close + 1
    return 'nothing'
  }

  private parseAngleGroup(start: number, flags: PatternFlags, sequence: Sequence): AtomOutcome {
    this.position++
    const next = this.peek()
    if (next === '=' || next === '!') {
      this.position++
      return this.pushGroup(
        sequence,
        'lookbehind',
        `(?<${next}`,
        this.parseAlternatives({ ...flags }, start)
      )
    }
    this.readName(start, '>')
    return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start))
  }

  /** `(?P<name>...)`, `(?P=name)` (back reference), `(?P>name)` (subroutine call). */
  private parsePythonGroup(start: number, flags: PatternFlags, sequence: Sequence): AtomOutcome {
    this.position++
    const next = this.peek()
    this.position++
    if (next === '<') {
      this.readName(start, '>')
      return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives({ ...flags }, start))
    }
    if (next === '=' || next === '>') {
      this.readName(start, ')')
      sequence.push({ kind: 'untranslatable' })
      return 'repeatable'
    }
    throw this.error(
      start,
      "unknown group syntax '(?P' at offset %: expected (?P<name>, (?P=name) or (?P>name)"
    )
  }

  private readName(groupStart: number, terminator: string): void {
    const name = GROUP_NAME.exec(this.source.slice(this.position))
    if (name === null) {
      throw this.error(
        this.position,
        'invalid group name at offset %: a name starts with a letter or _ and has only letters, digits and _'
      )
    }
    this.position += name[0].length
    if (this.peek() !== terminator) {
      throw this.error(
        groupStart,
        `group name '${name[0]}' in the group at offset % is not closed with ${terminator}`
      )
    }
    this.position++
  }

  private parseConditional(start: number, flags: PatternFlags, sequence: Sequence): AtomOutcome {
    const rest = this.source.slice(this.position)
    if (/^\(\?<?[=!]/.test(rest)) {
      const conditionStart = this.position
      this.position++
      this.parseGroup(conditionStart, flags, [])
    } else {
      const condition = CONDITION.exec(rest)
      if (condition === null) {
        throw this.error(start, 'malformed condition in the conditional group at offset %')
      }
      this.position += condition[0].length
    }
    const alternatives = this.parseAlternatives({ ...flags }, start)
    if (alternatives.length > 2) {
      throw this.error(start, 'the conditional group at offset % has more than two alternatives')
    }
    return this.pushGroup(sequence, 'untranslatable', '', alternatives)
  }

  /** Callouts do nothing in PHP (no callout function is set); only their syntax matters. */
  private skipCallout(start: number): AtomOutcome {
    const callout =
      /^C(?:\d*|`[^`]*`|'[^']*'|"[^"]*"|\^[^^]*\^|%[^%]*%|#[^#]*#|\$[^$]*\$|\{[^}]*\})\)/
    const match = callout.exec(this.source.slice(this.position))
    if (match === null) throw this.error(start, 'malformed callout (?C at offset %')
    this.position += match[0].length
    return 'not-repeatable'
  }

  /** `(?R)`, `(?1)`, `(?-1)`, `(?&name)` recursion, or `(?i)`, `(?i-s:...)` option settings. */
  private parseReferenceOrOptions(
    start: number,
    flags: PatternFlags,
    sequence: Sequence
  ): AtomOutcome {
    const reference = /^(?:R|[+-]?\d+|&[A-Za-z_]\w*)\)/.exec(this.source.slice(this.position))
    if (reference !== null) {
      this.position += reference[0].length
      sequence.push({ kind: 'untranslatable' })
      return 'repeatable'
    }
    const options = /^(\^?)([A-Za-z]*)(?:-([A-Za-z]*))?([:)])/.exec(
      this.source.slice(this.position)
    )
    if (options === null) {
      throw this.error(
        start,
        `unknown group syntax '(?${this.peek()}' at offset %; write \\( to match a literal '('`
      )
    }
    const [text, reset = '', setting = '', unsetting = '', ending] = options
    const unknown = [...setting, ...unsetting].find(
      letter => !INLINE_OPTION_LETTERS.includes(letter)
    )
    if (unknown !== undefined) {
      throw this.error(
        start,
        `unknown inline option '${unknown}' in the group at offset %; inline options are ${[...INLINE_OPTION_LETTERS].join(' ')}`
      )
    }
    this.position += text.length
    if (ending === ')') {
      // An option setting lasts to the end of the enclosing group, across its alternatives.
      applyInlineOptions(flags, reset !== '', setting, unsetting)
      return 'not-repeatable'
    }
    const scoped = { ...flags }
    applyInlineOptions(scoped, reset !== '', setting, unsetting)
    return this.pushGroup(sequence, 'plain', '(?:', this.parseAlternatives(scoped, start))
  }

  /** `(*VERB)`, `(*MARK:name)`, `(*UTF)` start options, and `(*pla:...)` alphabetic assertions. */
  private parseVerb(start: number, flags: PatternFlags, sequence: Sequence): AtomOutcome {
    const rest = this.source.slice(this.position)
    const alphabetic = /^\*([a-z_]+):/.exec(rest)
    const assertion = alphabetic === null ? undefined : ALPHA_ASSERTIONS[alphabetic[1] ?? '']
    if (alphabetic !== null && assertion !== undefined) {
      this.position += alphabetic[0].length
      const alternatives = this.parseAlternatives({ ...flags }, start)
      return this.pushGroup(sequence, assertion.role, assertion.jsOpen, alternatives)
    }
    const verb = /^\*([A-Z_]*)(?:(=\d+)|:([^)]*))?\)/.exec(rest)
    if (verb === null) {
      throw this.error(
        start,
        "malformed verb '(*' at offset %; write \\(\\* to match a literal '(' followed by '*'"
      )
    }
    this.position += verb[0].length
    const name = verb[1] ?? ''
    if (BACKTRACKING_VERBS.has(name)) {
      sequence.push({ kind: 'untranslatable' })
      return 'not-repeatable'
    }
    const onlyStartOptionsBefore = /^(?:\(\*[A-Z_]+(?:=\d+)?\))*$/.test(this.source.slice(0, start))
    if (!onlyStartOptionsBefore || verb[3] !== undefined) {
      throw this.error(start, `unknown verb '(*${name}' at offset %`)
    }
    return 'nothing'
  }

  // ----- escapes

  private parseEscape(start: number, flags: PatternFlags, sequence: Sequence): AtomOutcome {
    if (this.atEnd()) {
      throw this.error(
        start,
        "trailing backslash at offset %: nothing follows the '\\'; write \\\\ to match a backslash"
      )
    }
    const letter = this.peek()
    const assertion = ASSERTION_ESCAPES[letter]
    if (assertion !== undefined) {
      this.position++
      sequence.push({ kind: 'assertion', ...assertion })
      return 'not-repeatable'
    }
    switch (letter) {
      case 'Q':
        return this.parseQuoted(flags, sequence)
      case 'E':
        this.position++
        return 'nothing'
      case 'g':
      case 'k':
        this.readReference(start)
        sequence.push({ kind: 'untranslatable' })
        return 'repeatable'
    }
    if (/[1-9]/.test(letter)) {
      this.position += /^\d+/.exec(this.source.slice(this.position))?.[0].length ?? 1
      sequence.push({ kind: 'untranslatable' })
      return 'repeatable'
    }
    const escaped = this.readCharacterEscape(start, false)
    sequence.push(
      escaped.kind === 'char'
        ? { kind: 'char', codePoint: escaped.codePoint, caseless: flags.caseless }
        : escaped
    )
    return 'repeatable'
  }

  private parseQuoted(flags: PatternFlags, sequence: Sequence): AtomOutcome {
    const quoted = this.readQuotedText()
    for (const char of quoted) {
      sequence.push({ kind: 'char', codePoint: char.codePointAt(0) ?? 0, caseless: flags.caseless })
    }
    return quoted === '' ? 'nothing' : 'repeatable'
  }

  /** `\g{1}`, `\g{-1}`, `\g1`, `\g{name}`, `\g<name>`, `\k<name>`, `\k'name'`, `\k{name}`. */
  private readReference(start: number): void {
    const reference =
      /^(?:g(?:[+-]?\d+|\{[+-]?\d+\}|\{[A-Za-z_]\w*\}|<[+-]?\d+>|<[A-Za-z_]\w*>|'[+-]?\d+'|'[A-Za-z_]\w*')|k(?:<[A-Za-z_]\w*>|'[A-Za-z_]\w*'|\{[A-Za-z_]\w*\}))/
    const match = reference.exec(this.source.slice(this.position))
    if (match === null) {
      throw this.error(
        start,
        `malformed reference '\\${this.peek()}' at offset %: expected for example \\g{1} or \\k<name>`
      )
    }
    this.position += match[0].length
  }
}

function dollarToJs(flags: PatternFlags): string {
  if (flags.multiline) return '(?![^\\n])'
  return flags.dollarEndOnly ? '$' : '(?=\\n?$)'
}

function applyInlineOptions(
  flags: PatternFlags,
  reset: boolean,
  setting: string,
  unsetting: string
): void {
  if (reset) {
    flags.caseless = false
    flags.multiline = false
    flags.dotAll = false
    flags.extended = false
  }
  const apply = (letters: string, value: boolean): void => {
    if (letters.includes('i')) flags.caseless = value
    if (letters.includes('m')) flags.multiline = value
    if (letters.includes('s')) flags.dotAll = value
    if (letters.includes('x')) flags.extended = value
  }
  apply(setting, true)
  apply(unsetting, false)
}
