/**
 * The lower half of the PCRE syntax check: a position in the pattern, escapes that mean one
 * character or one set of characters, and character classes. PcreScanner (pcre-syntax.ts)
 * builds on it for everything else: alternatives, quantifiers, groups and verbs.
 */
import type { ClassItem, PatternFlags, PcreNode } from './tree.js'

export class PatternSyntaxError extends Error {}

const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: 'A-Za-z0-9',
  alpha: 'A-Za-z',
  ascii: '\\u{0}-\\u{7f}',
  blank: ' \\t',
  cntrl: '\\u{0}-\\u{1f}\\u{7f}',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`\\{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '\\w',
  xdigit: '0-9A-Fa-f'
}
const HORIZONTAL_SPACE =
  '\\t \\u{a0}\\u{1680}\\u{180e}\\u{2000}-\\u{200a}\\u{202f}\\u{205f}\\u{3000}'
const VERTICAL_SPACE = '\\n\\v\\f\\r\\u{85}\\u{2028}\\u{2029}'
const SIMPLE_CONTROL_ESCAPES: Readonly<Record<string, number>> = {
  a: 0x07,
  e: 0x1b,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09
}

/** Outside a class: the JS for each set escape (undefined: no JS equivalent). */
const SET_ESCAPES: Readonly<Record<string, { js: string | undefined }>> = {
  d: { js: '\\d' },
  D: { js: '\\D' },
  s: { js: '\\s' },
  S: { js: '\\S' },
  w: { js: '\\w' },
  W: { js: '\\W' },
  h: { js: `[${HORIZONTAL_SPACE}]` },
  H: { js: `[^${HORIZONTAL_SPACE}]` },
  v: { js: `[${VERTICAL_SPACE}]` },
  V: { js: `[^${VERTICAL_SPACE}]` },
  R: { js: `(?:\\r\\n|[${VERTICAL_SPACE}])` },
  N: { js: '[^\\n]' },
  X: { js: undefined },
  C: { js: undefined }
}

/** Inside a class: the JS class content for each set escape. */
const CLASS_SET_ESCAPES: Readonly<Record<string, { js: string | undefined }>> = {
  d: { js: '\\d' },
  D: { js: '\\D' },
  s: { js: '\\s' },
  S: { js: '\\S' },
  w: { js: '\\w' },
  W: { js: '\\W' },
  h: { js: HORIZONTAL_SPACE },
  H: { js: undefined },
  v: { js: VERTICAL_SPACE },
  V: { js: undefined }
}

/** The state and reading of single characters that PcreScanner extends. */
export abstract class PcreCharacterReader {
  protected position = 0
  readonly warnings: string[] = []

  constructor(
    protected readonly source: string,
    private readonly offsetBase: number,
    private readonly utf: boolean
  ) {}

  // ----- character escapes

  /** Escapes that mean one character or one set of characters, in or out of a class. */
  protected readCharacterEscape(
    start: number,
    inClass: boolean
  ): { kind: 'char'; codePoint: number } | Extract<ClassItem, { kind: 'set' }> {
    const letter = String.fromCodePoint(this.readCodePoint())
    const control = SIMPLE_CONTROL_ESCAPES[letter]
    if (control !== undefined) return { kind: 'char', codePoint: control }
    const set = inClass ? CLASS_SET_ESCAPES[letter] : SET_ESCAPES[letter]
    if (set !== undefined) return { kind: 'set', js: set.js }
    switch (letter) {
      case 'x':
        return { kind: 'char', codePoint: this.readHexEscape(start) }
      case 'o':
        return { kind: 'char', codePoint: this.readBracedNumber(start, 'o', /^[0-7]+$/, 8) }
      case '0':
        return { kind: 'char', codePoint: this.readOctalDigits(0, 2) }
      case 'c':
        return { kind: 'char', codePoint: this.readControlEscape(start) }
      case 'p':
      case 'P':
        return { kind: 'set', js: this.readProperty(start, letter), caseSensitive: true }
    }
    if (/[A-Za-z0-9]/.test(letter)) {
      throw this.error(
        start,
        `unrecognized escape '\\${letter}' at offset %${inClass ? ' inside a character class' : ''}`
      )
    }
    return { kind: 'char', codePoint: letter.codePointAt(0) ?? 0 }
  }

  private readHexEscape(start: number): number {
    if (this.peek() === '{') return this.readBracedNumber(start, 'x', /^[0-9A-Fa-f]+$/, 16)
    const digits = /^[0-9A-Fa-f]{0,2}/.exec(this.source.slice(this.position))?.[0] ?? ''
    this.position += digits.length
    return digits === '' ? 0 : parseInt(digits, 16)
  }

  private readBracedNumber(
    start: number,
    letter: string,
    digitsPattern: RegExp,
    radix: number
  ): number {
    const close = this.source.indexOf('}', this.position)
    const digits =
      this.peek() === '{' && close !== -1 ? this.source.slice(this.position + 1, close) : ''
    if (!digitsPattern.test(digits)) {
      throw this.error(start, `malformed '\\${letter}{...}' escape at offset %`)
    }
    this.position = close + 1
    const codePoint = parseInt(digits, radix)
    if (codePoint > 0x10ffff) {
      throw this.error(start, `character code in '\\${letter}{${digits}}' at offset % is too large`)
    }
    if (codePoint > 0xff && !this.utf) {
      this.warnings.push(
        `\\${letter}{${digits}} is above \\xFF: PCRE accepts it only with the u modifier (or (*UTF)), so the service may refuse the pattern.`
      )
    }
    return codePoint
  }

  private readOctalDigits(initial: number, maxDigits: number): number {
    const digits =
      new RegExp(`^[0-7]{0,${maxDigits}}`).exec(this.source.slice(this.position))?.[0] ?? ''
    this.position += digits.length
    return digits.split('').reduce((value, digit) => value * 8 + Number(digit), initial)
  }

  private readControlEscape(start: number): number {
    const char = this.peek()
    const code = char.charCodeAt(0)
    if (char === '' || code < 32 || code > 126) {
      throw this.error(start, "'\\c' at offset % must be followed by a printable ASCII character")
    }
    this.position++
    return char.toUpperCase().charCodeAt(0) ^ 0x40
  }

  /** `\p{L}`, `\P{Lu}`, `\p{^L}`, `\pL`; JS has the same names for most of them. */
  private readProperty(start: number, letter: string): string {
    let name: string
    if (this.peek() === '{') {
      const close = this.source.indexOf('}', this.position)
      name = close === -1 ? '' : this.source.slice(this.position + 1, close)
      if (!/^\^?[A-Za-z0-9_&=: -]+$/.test(name)) {
        throw this.error(start, `malformed '\\${letter}{...}' escape at offset %`)
      }
      this.position = close + 1
    } else {
      name = this.peek()
      if (!/^[A-Za-z]$/.test(name)) {
        throw this.error(
          start,
          `malformed '\\${letter}' escape at offset %: expected a property such as \\${letter}{L}`
        )
      }
      this.position++
    }
    const negated = (letter === 'P') !== name.startsWith('^')
    return `\\${negated ? 'P' : 'p'}{${name.replace(/^\^/, '')}}`
  }

  /** After `\Q`: the text up to `\E` (or the end of the pattern), which is then skipped too. */
  protected readQuotedText(): string {
    this.position++
    const end = this.source.indexOf('\\E', this.position)
    const quoteEnd = end === -1 ? this.source.length : end
    const quoted = this.source.slice(this.position, quoteEnd)
    this.position = end === -1 ? quoteEnd : quoteEnd + 2
    return quoted
  }

  // ----- character classes

  protected parseClass(start: number, flags: PatternFlags): PcreNode {
    const posixOutside = /^\[:\^?[A-Za-z]+:\]/.exec(this.source.slice(start))
    if (posixOutside !== null) {
      throw this.error(
        start,
        `POSIX class '${posixOutside[0]}' at offset % works only inside a character class: write [${posixOutside[0]}]`
      )
    }
    const negated = this.peek() === '^'
    if (negated) this.position++
    const items: ClassItem[] = []
    let first = true
    for (;;) {
      if (this.atEnd()) {
        throw this.error(start, "unterminated character class '[' at offset %: add the closing ']'")
      }
      // A ']' right after '[' or '[^' is a literal, not the end of the class.
      if (this.peek() === ']' && !first) {
        this.position++
        return { kind: 'class', negated, items, caseless: flags.caseless }
      }
      first = false
      this.parseClassItems(items)
    }
  }

  private parseClassItems(items: ClassItem[]): void {
    const atoms = this.readClassAtoms()
    const last = atoms[atoms.length - 1]
    items.push(...atoms)
    const isRange = this.peek() === '-' && this.peekAt(1) !== ']' && this.peekAt(1) !== ''
    if (last === undefined || !isRange) return
    const hyphen = this.position
    if (last.kind !== 'char') throw this.invalidRange(hyphen)
    this.position++
    const ends = this.readClassAtoms()
    const end = ends[0]
    if (end === undefined) {
      items.push({ kind: 'char', codePoint: 0x2d })
      return
    }
    if (end.kind !== 'char') throw this.invalidRange(hyphen)
    if (end.codePoint < last.codePoint) {
      const range = `${String.fromCodePoint(last.codePoint)}-${String.fromCodePoint(end.codePoint)}`
      throw this.error(hyphen, `range '${range}' out of order in the character class at offset %`)
    }
    items[items.length - 1] = { kind: 'range', from: last.codePoint, to: end.codePoint }
    items.push(...ends.slice(1))
  }

  private invalidRange(hyphen: number): PatternSyntaxError {
    return this.error(
      hyphen,
      "invalid range at offset % in a character class: a range cannot start or end with a set such as \\d, \\w or [:alpha:]; put '-' first or last, or escape it as \\-"
    )
  }

  /** One class member, or several for \Q...\E, or none for an empty \Q\E. */
  private readClassAtoms(): ClassItem[] {
    const start = this.position
    const posix = /^\[:(\^?)([A-Za-z]+):\]/.exec(this.source.slice(start))
    if (posix !== null) {
      const [text, negation, name = ''] = posix
      const content = POSIX_CLASSES[name]
      if (content === undefined) {
        throw this.error(start, `unknown POSIX class name '${name}' at offset %`)
      }
      this.position += text.length
      return [
        {
          kind: 'set',
          js: negation === '' ? content : undefined,
          caseSensitive: name === 'lower' || name === 'upper'
        }
      ]
    }
    const codePoint = this.readCodePoint()
    if (codePoint !== 0x5c) return [{ kind: 'char', codePoint }]
    return this.readClassEscape(start)
  }

  private readClassEscape(start: number): ClassItem[] {
    if (this.atEnd()) {
      throw this.error(start, "unterminated character class: the '\\' at offset % escapes nothing")
    }
    const letter = this.peek()
    if (letter === 'Q') {
      const quoted = this.readQuotedText()
      return [...quoted].map(char => ({ kind: 'char', codePoint: char.codePointAt(0) ?? 0 }))
    }
    if (letter === 'E') {
      this.position++
      return []
    }
    if (letter === 'b') {
      this.position++
      return [{ kind: 'char', codePoint: 0x08 }]
    }
    if (/[1-7]/.test(letter)) return [{ kind: 'char', codePoint: this.readOctalDigits(0, 3) }]
    if (letter === '8' || letter === '9') {
      this.position++
      return [{ kind: 'char', codePoint: letter.charCodeAt(0) }]
    }
    if ('BRXAzZGKgkCN'.includes(letter)) {
      throw this.error(
        start,
        `escape '\\${letter}' at offset % is not allowed inside a character class`
      )
    }
    return [this.readCharacterEscape(start, true)]
  }

  // ----- low level

  protected atEnd(): boolean {
    return this.position >= this.source.length
  }

  protected peek(): string {
    return this.source.charAt(this.position)
  }

  protected peekAt(ahead: number): string {
    return this.source.charAt(this.position + ahead)
  }

  protected readCodePoint(): number {
    const codePoint = this.source.codePointAt(this.position) ?? 0
    this.position += codePoint > 0xffff ? 2 : 1
    return codePoint
  }

  /** `%` in the message becomes the offset in the pattern as the user gave it. */
  protected error(position: number, message: string): PatternSyntaxError {
    return new PatternSyntaxError(message.replace('%', String(position + this.offsetBase)))
  }
}
