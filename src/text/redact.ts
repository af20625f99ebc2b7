/**
 * Keeps secrets out of text. The API key travels in the query string, so an error of the HTTP
 * layer (which may quote the request URL) can carry it URL-encoded; a service that echoes it
 * may have changed its case or encoded it once more (every byte percent-encoded, URL-encoded
 * twice, in lower-case hex, as character references, base64, JSON- or HTML-escaped), and our
 * own summary HTML-escapes whatever it quotes. Every such form is replaced, and so is the first
 * part of one where a message was cut short.
 *
 * Each character of a form is matched in all its spellings (secret-spellings.ts), so one form
 * stands for a whole family of encodings, mixed ones included. The scan stays one pass: a small
 * regex finds where a form's first two characters are spelled, and only there is the longest
 * match worked out, character by character. Nothing is built before the first text to redact, and
 * a character's spellings only when a scan needs them; a text without `%`, `&` or a backslash
 * (most log lines) is only searched for the plain starts of forms, and the finder is compiled
 * for the first text that needs it: a run pays for little more than its few log lines.
 */
import {
  BASE64_ENCODINGS,
  CHARACTER_ENCODINGS,
  characterSpellings,
  ESCAPE_CHARACTER,
  literalPattern,
  OWN_ENCODING,
  PARTIAL_ESCAPE,
  plainSpellings,
  SERVICE_ENCODINGS,
  type Encoding,
  type SpellingOptions
} from './secret-spellings.js'

export { SERVICE_ENCODINGS, type Encoding } from './secret-spellings.js'

const REPLACEMENT = '***'
const ELLIPSIS = '…'
/** A secret's first part followed by an ellipsis: shorter tails are too common in ordinary text. */
const MIN_CUT_PREFIX = 4
/**
 * A secret's first part anywhere: catches a message cut without an ellipsis (the rest of a
 * secret cut at a length limit) at the price of hiding text that shares that many characters
 * with a secret, which a random key makes unlikely.
 */
const MIN_BARE_PREFIX = 8

export interface RedactorOptions {
  /** Applied to every form last: how our own output (the summary's HTML) re-encodes a quote. */
  readonly outerEncodings?: readonly Encoding[]
}

/**
 * One form of a secret: per character, its spellings. The finder needs only the first two
 * characters; the others are looked up when a match is first followed past them.
 */
class Form {
  private characters: readonly Character[] | undefined

  constructor(
    private readonly text: readonly string[],
    private readonly characterOf: (character: string) => Character
  ) {}

  get length(): number {
    return this.text.length
  }

  at(index: number): Character | undefined {
    if (index < 2) {
      const character = this.text[index]
      return character === undefined ? undefined : this.characterOf(character)
    }
    this.characters ??= this.text.map(this.characterOf)
    return this.characters[index]
  }
}

/**
 * One character of a form in all its spellings, shared by every form that holds it. Spelled
 * when the finder needs it (a form's first character) or a match is first followed through it,
 * and compiled only then: most runs never echo a secret, and a cold process pays for every
 * spelling it builds.
 */
class Character {
  private spelled: readonly string[] | undefined
  private plain: readonly string[] | undefined
  private compiled: readonly RegExp[] | undefined

  constructor(
    private readonly character: string,
    private readonly options: SpellingOptions
  ) {}

  /** Every spelling as one group: `(?:%(?:25)?6[bB]|…|k|K)`. */
  pattern(): string {
    return `(?:${this.spellings().join('|')})`
  }

  /** The spellings a text without an escape character can hold: each exactly as it is. */
  plainSpellings(): readonly string[] {
    this.plain ??= plainSpellings(this.character, this.options)
    return this.plain
  }

  /** Adds to `ends` every position where a spelling starting at `position` ends. */
  endsAt(text: string, position: number, ends: Set<number>): void {
    // An ASCII letter or digit: no spelling's match is a proper prefix of another's (as such,
    // or an escape with an end of its own), so one regex finds the only end.
    this.compiled ??= /^[A-Za-z0-9]$/.test(this.character)
      ? [new RegExp(this.spellings().join('|'), 'y')]
      : this.spellings().map(spelling => new RegExp(spelling, 'y'))
    for (const regex of this.compiled) {
      regex.lastIndex = position
      if (regex.test(text)) ends.add(regex.lastIndex)
    }
  }

  private spellings(): readonly string[] {
    this.spelled ??= characterSpellings(this.character, this.options)
    return this.spelled
  }
}

/** The forms that start with one character, behind the finder's group for their start. */
interface FirstCharacter {
  readonly character: Character
  readonly forms: Form[]
}

/** What redact() scans with, built on its first call. */
interface Scan {
  readonly firsts: readonly FirstCharacter[]
  /**
   * Where a form may start in a text without an ESCAPE_CHARACTER: there every spelling is a
   * plain one (Character.plainSpellings), so the finder matches such a text exactly where one
   * of these texts, a plain spelling of a form's first character and one of its second, is.
   */
  readonly plainStarts: readonly string[]
  /**
   * Where some form's first two characters are spelled (a form of one character: where it is),
   * the first as such and the second in a lookahead: every match of a form starts at one of
   * them. One capturing group per FirstCharacter, in order, says which matched first. Two
   * characters keep ordinary text from stopping the scan at every digit; the lookahead keeps
   * the regex cheap to compile: V8 takes about 0.6 ms for it, 2 ms for the same two characters
   * in a row, and 6 ms for four. Compiled for the first text that holds an escape character or
   * a plain start.
   */
  finder(): RegExp
}

/** What redactExact() replaces, built on its first call. */
interface ExactForms {
  /** Each form with its hex letters in lower case: a cheap first look (see foldHexCase). */
  readonly folded: readonly string[]
  /** Every form as one regex, compiled only for a text that may hold one. */
  readonly regex: () => RegExp
}

export class Redactor {
  private readonly secrets: readonly string[]
  private readonly outerEncodings: readonly Encoding[]
  private scan: Scan | undefined
  private exact: ExactForms | undefined

  constructor(secrets: readonly string[], options: RedactorOptions = {}) {
    this.secrets = secrets.filter(secret => secret !== '')
    this.outerEncodings = options.outerEncodings ?? []
  }

  /** For the log and the summary: every form, cut ones included, and any api_key parameter. */
  redact(text: string): string {
    const result = this.replaceLongestForms(text)
    // The query parameter itself, whatever its value: belt and braces for other encodings.
    return result.replace(/([?&]api_key=)[^&#\s"'<>]*/gi, `$1${REPLACEMENT}`)
  }

  /**
   * For outputs: only whole forms of a real secret, spelled exactly as an encoding spells it
   * (no other case, no character references). An output carries exactly what was purged, so a
   * URL with a parameter named api_key (someone else's, public) is left as it is.
   */
  redactExact(text: string): string {
    // No encoding shortens a text, so every form is at least as long as its secret.
    if (this.secrets.every(secret => text.length < secret.length)) return text
    this.exact ??= exactForms(this.secrets, this.outerEncodings)
    const folded = foldHexCase(text)
    if (!this.exact.folded.some(form => folded.includes(form))) return text
    return text.replace(this.exact.regex(), REPLACEMENT)
  }

  /**
   * The finder says where a form may start; there every form that starts so is followed
   * character by character (longestMatchEnd) and the longest match is replaced. A regex alone
   * would take the first way it finds to match, not the longest: with `%26` tried before
   * `%26amp%3B`, the rest of a form would stay visible.
   */
  private replaceLongestForms(text: string): string {
    if (this.secrets.length === 0) return text
    const scan = (this.scan ??= buildScan(this.secrets, this.outerEncodings))
    // The finder would match nowhere: the text is left as it is, as the loop below would.
    if (!ESCAPE_CHARACTER.test(text) && !scan.plainStarts.some(start => text.includes(start))) {
      return text
    }
    const { firsts } = scan
    const finder = scan.finder()
    let result = ''
    let copied = 0
    finder.lastIndex = 0
    for (let found = finder.exec(text); found; found = finder.exec(text)) {
      const at = found.index
      let end = at
      // The starts before the one that matched are not spelled here; later ones may be.
      const matched = found.findIndex((group, index) => index > 0 && group !== undefined) - 1
      for (const [index, first] of firsts.entries()) {
        if (index < matched) continue
        if (index > matched) {
          const ends = new Set<number>()
          first.character.endsAt(text, at, ends)
          if (ends.size === 0) continue
        }
        for (const form of first.forms) end = Math.max(end, longestMatchEnd(form, text, at))
      }
      if (end === at) {
        // Only a form's first characters: ordinary text, which may hold a real start further on.
        finder.lastIndex = at + 1
        continue
      }
      result += `${text.slice(copied, at)}${REPLACEMENT}`
      copied = end
      finder.lastIndex = end
    }
    return result + text.slice(copied)
  }
}

/**
 * Every form of the secrets (each secret, its base64 forms), per character, grouped by their
 * first character; a character's spellings are built once, however many forms hold it.
 */
function buildScan(secrets: readonly string[], outerEncodings: readonly Encoding[]): Scan {
  const characters = new Map<string, Character>()
  const characterOf = (character: string, of: SpellingOptions['of']): Character => {
    const key = `${of}:${character}`
    let one = characters.get(key)
    if (one === undefined) {
      one = new Character(character, { of, outerEncodings })
      characters.set(key, one)
    }
    return one
  }
  const firsts = new Map<Character, FirstCharacter>()
  const add = (text: string, of: SpellingOptions['of']): void => {
    const form = new Form([...text], character => characterOf(character, of))
    const character = form.at(0)
    if (character === undefined) return
    let first = firsts.get(character)
    if (first === undefined) {
      first = { character, forms: [] }
      firsts.set(character, first)
    }
    first.forms.push(form)
  }
  for (const secret of secrets) {
    add(secret, 'secret')
    for (const text of base64Forms(secret)) add(text, 'base64')
  }
  const groups = [...firsts.values()]
  let finder: RegExp | undefined
  return {
    firsts: groups,
    plainStarts: [...new Set(groups.flatMap(plainStarts))],
    finder: () =>
      (finder ??= new RegExp(groups.map(first => `(${startPattern(first)})`).join('|'), 'g'))
  }
}

/** The plain spellings of the group's first character, each followed by one of a second's. */
function plainStarts(first: FirstCharacter): string[] {
  const seconds = secondsOf(first)
  const firsts = first.character.plainSpellings()
  // A form of one character starts wherever the character is.
  if (seconds.has(undefined)) return [...firsts]
  return [...seconds].flatMap(second =>
    firsts.flatMap(first => (second?.plainSpellings() ?? []).map(next => first + next))
  )
}

/** The second characters of the group's forms; undefined for a form of one character. */
function secondsOf({ forms }: FirstCharacter): Set<Character | undefined> {
  return new Set(forms.map(form => form.at(1)))
}

/** The first character of the group's forms, then any of their second characters ahead. */
function startPattern(first: FirstCharacter): string {
  const { character } = first
  const seconds = secondsOf(first)
  // A form of one character is whole without a second.
  if (seconds.has(undefined)) return character.pattern()
  const ahead = [...seconds].map(second => second?.pattern())
  return `${character.pattern()}(?=${ahead.join('|')})`
}

const CUT_END = new RegExp(`${PARTIAL_ESCAPE}?(?=${ELLIPSIS})`, 'y')

/**
 * Where the longest match of a form starting at `start` ends (`start` when there is none): the
 * whole form, its first MIN_BARE_PREFIX characters or more, or its first MIN_CUT_PREFIX or more
 * right before an ellipsis, with the start of a spelling the cut left incomplete between them
 * (`%6B%65%79%2…`). Every position each character's spellings reach is followed, so the
 * longest reading wins; a spelling ends in one place, so the positions stay few and the work is
 * bounded by the form's length.
 */
function longestMatchEnd(form: Form, text: string, start: number): number {
  const length = form.length
  const bare = Math.min(MIN_BARE_PREFIX, length)
  let positions = [start]
  let end = start
  for (let count = 1; count <= length && positions.length > 0; count++) {
    const reached = new Set<number>()
    const character = form.at(count - 1)
    for (const position of positions) character?.endsAt(text, position, reached)
    positions = [...reached]
    for (const position of positions) {
      if (count >= bare) end = Math.max(end, position)
      if (count >= MIN_CUT_PREFIX && count < length) {
        CUT_END.lastIndex = position
        if (CUT_END.test(text)) end = Math.max(end, CUT_END.lastIndex)
      }
    }
  }
  return end
}

/**
 * The base64 forms of a secret, and of its character-wise encodings, once and twice over: texts
 * of their own, whose characters are then spelled as the encodings spell them.
 */
function base64Forms(secret: string): Set<string> {
  const forms = new Set<string>()
  // A key of letters and digits is its own character-wise encoding: one text, not seven.
  const texts = OWN_ENCODING.test(secret)
    ? [secret]
    : new Set([secret, ...CHARACTER_ENCODINGS.map(encode => encode(secret))])
  for (const text of texts) {
    for (const encode of BASE64_ENCODINGS) {
      const once = encode(text)
      forms.add(once)
      for (const again of BASE64_ENCODINGS) forms.add(again(once))
    }
  }
  return forms
}

/**
 * Every form a service encoding gives, once or twice, then each outer encoding: the exact
 * texts redactExact hides (a `%XX` escape in either case of hex).
 */
function exactForms(secrets: readonly string[], outer: readonly Encoding[]): ExactForms {
  const forms = new Set<string>()
  for (const secret of secrets) {
    // Each distinct form encoded once more: most encodings leave most keys as they are.
    const once = new Set([secret, ...SERVICE_ENCODINGS.map(encode => encode(secret))])
    const twice = [...once].flatMap(form => SERVICE_ENCODINGS.map(encode => encode(form)))
    for (const form of new Set([...once, ...twice])) {
      forms.add(form)
      for (const encode of outer) forms.add(encode(form))
    }
  }
  forms.delete('')
  let regex: RegExp | undefined
  return {
    folded: [...new Set([...forms].map(foldHexCase))],
    // Longest first, so that a form containing another is replaced whole.
    regex: () =>
      (regex ??= new RegExp(
        [...forms]
          .sort((a, b) => b.length - a.length)
          .map(literalPattern)
          .join('|'),
        'g'
      ))
  }
}

/**
 * The text with `A`–`F` in lower case. A form's regex differs from the form itself only in the
 * case of a `%XX` escape's hex letters, so a text the regex matches in holds the folded form in
 * its folded self: a text without any is returned as it is, and the regex is never compiled.
 */
function foldHexCase(text: string): string {
  return text.replace(/[A-F]/g, letter => letter.toLowerCase())
}

/**
 * `scheme://user:password@host`: the user-info of every absolute URL in a text. The authority
 * ends at the first '/', '?', '#', '\' or space; its last '@' ends the user-info.
 */
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^/?#\\\s]*)@/gi

/**
 * Credentials written into URLs of an input (base_url, urls): secrets to register before
 * anything is printed. The whole user-info, and the password alone when it is long enough not
 * to garble ordinary words (the runner masks each registered secret wherever it appears).
 */
export function credentialsIn(text: string): string[] {
  // Every user-info ends at an '@'. Most inputs hold none, and a cold process then never
  // compiles the regex.
  if (!text.includes('@')) return []
  const found: string[] = []
  for (const match of text.matchAll(USER_INFO)) {
    const userInfo = match[2] ?? ''
    if (userInfo === '') continue
    found.push(userInfo)
    const password = userInfo.slice(userInfo.indexOf(':') + 1)
    if (userInfo.includes(':') && password.length >= 8) found.push(password)
  }
  return found
}

/** The text with the user-info of its URLs shown as `***`: `https://***@host`. */
export function hideCredentials(text: string): string {
  return text.replace(USER_INFO, (_, scheme: string) => `${scheme}${REPLACEMENT}@`)
}
