/**
 * How one character of a secret may be spelled in a text that echoes it, as a regular
 * expression. The encodings a service applies to a text it echoes (URL-encoding, JSON and HTML
 * escapes) work character by character, so an encoded secret is its characters' spellings one
 * after another, and one pattern per character covers every encoding at once, and a text that
 * mixes them. Base64 does not work that way: its forms are texts of their own (redact.ts), whose
 * characters are spelled here in turn.
 */
import { withoutTrailing } from './trailing-run.js'

/** Ways a secret gets re-encoded on its way into some text. */
export type Encoding = (text: string) => string

const formEncoded: Encoding = text => new URLSearchParams({ k: text }).toString().slice(2)

export const URL_ENCODINGS: readonly Encoding[] = [encodeURIComponent, formEncoded]

/** The encodings that map a text character by character (see the header). */
export const CHARACTER_ENCODINGS: readonly Encoding[] = [
  ...URL_ENCODINGS,
  text => JSON.stringify(text).slice(1, -1),
  // PHP's json_encode escapes '/' and every non-ASCII character.
  text =>
    JSON.stringify(text)
      .slice(1, -1)
      .replace(/\//g, '\\/')
      .replace(/[\u0080-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  // PHP's htmlspecialchars, with both spellings of the apostrophe.
  text =>
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#039;'),
  text => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;')
]

/**
 * A text of these characters only is its own encoding under every CHARACTER_ENCODINGS (a test
 * checks each), as most keys and tokens are: encoding it would only give it back.
 */
export const OWN_ENCODING = /^[A-Za-z0-9_.*-]*$/

export const BASE64_ENCODINGS: readonly Encoding[] = [
  text => Buffer.from(text).toString('base64'),
  text => withoutTrailing(Buffer.from(text).toString('base64'), '='),
  text => Buffer.from(text).toString('base64url')
]

/** What a service may do to a secret it echoes; each also applied to the result of another. */
export const SERVICE_ENCODINGS: readonly Encoding[] = [...CHARACTER_ENCODINGS, ...BASE64_ENCODINGS]

export interface SpellingOptions {
  /**
   * `secret`: a character of the secret itself, in any case and in every spelling below.
   * `base64`: a character of a base64 form, where case is data: as such, or as the
   * encodings spell it (`%2B`, `\/`), as before.
   */
  readonly of: 'secret' | 'base64'
  /** Applied last, to each character's spellings: how our own output re-encodes a quote. */
  readonly outerEncodings: readonly Encoding[]
}

/** `&` as such, or already HTML-escaped once (`&amp;`, as our summary writes it). */
const AMPERSAND = '&(?:amp;)?'
/** `%`, or `%25`: the percent sign of an escape that was URL-encoded once more. */
const PERCENT = '%(?:25)?'
/**
 * The backslash of a JSON escape: as such, JSON-escaped once more, as a character reference
 * (our summary escapes it so), or URL-encoded.
 */
const BACKSLASH = `(?:\\\\{1,2}|${AMPERSAND}#(?:0*92|[xX]0*5[cC]);|${PERCENT}5[cC])`

/**
 * The start of a spelling that a cut left incomplete (`%6`, `%C3%A`, `&#10`, `\u00`): allowed
 * between a cut secret's first characters and the ellipsis after them. It always starts with
 * `%`, `&` or `\`, so it never stretches over an ordinary word.
 */
export const PARTIAL_ESCAPE = '(?:[%&\\\\][#0-9A-Za-z;%\\\\]{0,20})'

/**
 * The regexes that match one character of a secret, each in some of its spellings: every
 * combination of two of the character-wise encodings and then the outer ones (so every form
 * covered before), and for a character of the secret itself, in either case: every UTF-8 byte
 * percent-encoded, once or twice, hex in either case; a numeric character reference, decimal or
 * hex, with or without leading zeros, also HTML-escaped once more; a JSON `\uXXXX` escape.
 */
export function characterSpellings(character: string, options: SpellingOptions): string[] {
  // Longer spellings first, though no order makes a regex take the longest match of a whole
  // form: redact.ts follows each spelling for that. A literal the general patterns also match
  // (`%26`) is kept: finding which would cost more than the alternative does.
  const sorted = [...literalSpellings(character, options)]
    .sort((a, b) => b.length - a.length)
    .map(literalPattern)
  return [...new Set([...escapedSpellings(character, options), ...sorted])]
}

/**
 * The spellings that are escapes whatever the character: each starts with PERCENT, AMPERSAND
 * or BACKSLASH, so each match holds an ESCAPE_CHARACTER (a test checks every character).
 */
export function escapedSpellings(character: string, options: SpellingOptions): string[] {
  if (options.of !== 'secret') return []
  const variants = caseVariants(character)
  return [...percentBytes(variants), characterReferences(variants), ...jsonEscapes(variants)]
}

/**
 * `%`, `&` or a backslash: every escaped spelling holds one. A text without any can hold a
 * character's spellings only as its literal spellings that hold none either (plainSpellings),
 * each matched exactly as it is: literalPattern changes nothing but the hex case of a `%XX`.
 */
export const ESCAPE_CHARACTER = /[%&\\]/

/**
 * The literal spellings that hold no ESCAPE_CHARACTER: the only ones a text without one can
 * hold (the character, its other case, a `+` for a space), each matched as it is.
 */
export function plainSpellings(character: string, options: SpellingOptions): string[] {
  return [...literalSpellings(character, options)].filter(
    spelling => !ESCAPE_CHARACTER.test(spelling)
  )
}

/** The character (in either case, for a secret's), encoded once or twice, then as outer does. */
function literalSpellings(character: string, options: SpellingOptions): Set<string> {
  const variants = options.of === 'secret' ? caseVariants(character) : [character]
  const literals = new Set<string>()
  for (const variant of variants) {
    for (const twice of encodedTwice(variant)) {
      literals.add(twice)
      for (const encode of options.outerEncodings) literals.add(encode(twice))
    }
  }
  return literals
}

/**
 * The text, each character-wise encoding of it, and each of those encoded again. Most
 * characters are their own encoding, so each distinct text is encoded once.
 */
function encodedTwice(text: string): Set<string> {
  // None of the encodings changes an ASCII letter or digit: most of a key, all of base64.
  if (OWN_ENCODING.test(text)) return new Set([text])
  const once = new Set([text])
  for (const encode of CHARACTER_ENCODINGS) once.add(encode(text))
  const twice = new Set(once)
  for (const form of once) {
    if (form === text) continue
    for (const encode of CHARACTER_ENCODINGS) twice.add(encode(form))
  }
  return twice
}

/** The character, and its lower- and upper-case forms when each is one character too. */
function caseVariants(character: string): string[] {
  const forms = [character, character.toLowerCase(), character.toUpperCase()]
  return [...new Set(forms.filter(form => [...form].length === 1))]
}

/**
 * `%6B` (or `%256B`) per UTF-8 byte, hex in either case. The variants of a one-byte character
 * share one pattern (`%(?:25)?(?:6[bB]|4[bB])`): fewer alternatives compile faster.
 */
function percentBytes(variants: readonly string[]): string[] {
  const bytes = variants.map(variant => [...Buffer.from(variant)])
  const single = bytes.filter(each => each.length === 1).map(each => anyCaseHex(each[0] ?? 0, 2))
  const longer = bytes
    .filter(each => each.length > 1)
    .map(each => each.map(byte => `${PERCENT}${anyCaseHex(byte, 2)}`).join(''))
  return [...(single.length > 0 ? [`${PERCENT}${oneOf(single)}`] : []), ...longer]
}

/** `&#107;`, `&#x6b;`, `&#0107;`, `&amp;#107;`: one pattern for all the variants. */
function characterReferences(variants: readonly string[]): string {
  const codes = variants.map(variant => variant.codePointAt(0) ?? 0)
  const decimal = oneOf(codes.map(String))
  const hex = oneOf(codes.map(code => anyCaseHex(code, 1)))
  return `${AMPERSAND}#(?:0*${decimal}|[xX]0*${hex});`
}

/** `\u006b` per UTF-16 unit (an astral character is two), hex in either case. */
function jsonEscapes(variants: readonly string[]): string[] {
  const unit = (code: number): string => anyCaseHex(code, 4)
  const single = variants.filter(variant => variant.length === 1).map(v => unit(v.charCodeAt(0)))
  const pairs = variants
    .filter(variant => variant.length === 2)
    .map(v => `${BACKSLASH}u${unit(v.charCodeAt(0))}${BACKSLASH}u${unit(v.charCodeAt(1))}`)
  return [...(single.length > 0 ? [`${BACKSLASH}u${oneOf(single)}`] : []), ...pairs]
}

/** One pattern, or a group of several. */
function oneOf(patterns: readonly string[]): string {
  return patterns.length === 1 ? (patterns[0] ?? '') : `(?:${patterns.join('|')})`
}

/** `6[bB]`: a number in hex, each letter digit in either case. */
function anyCaseHex(value: number, width: number): string {
  return value
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, digit => `[${digit}${digit.toUpperCase()}]`)
}

/** A spelling as a regex; a `%XX` escape (or `%25XX`, one encoded twice) in either case of hex. */
export function literalPattern(text: string): string {
  return text.replace(/%(?:25)?[0-9A-Fa-f]{2}|[.*+?^${}()|[\]\\/-]/g, piece =>
    piece.startsWith('%')
      ? piece.replace(/[A-Fa-f]/g, digit => `[${digit.toLowerCase()}${digit.toUpperCase()}]`)
      : `\\${piece}`
  )
}
