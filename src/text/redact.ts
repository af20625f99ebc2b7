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
 * regex finds where a form's first characters appear (rare in ordinary text), and only there is
 * the longest match worked out, character by character.
 */
import {
  BASE64_ENCODINGS,
  CHARACTER_ENCODINGS,
  characterSpellings,
  literalPattern,
  PARTIAL_ESCAPE,
  SERVICE_ENCODINGS,
  type Encoding,
  type SpellingOptions
} from './secret-spellings.js'

export { SERVICE_ENCODINGS, URL_ENCODINGS, type Encoding } from './secret-spellings.js'

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

/** One form of a secret: per character, its spellings. */
type Form = readonly Character[]

/**
 * The forms that start alike: their first characters (MIN_CUT_PREFIX, or all of a shorter
 * form) as one anchored regex. Base64 forms of texts that start alike start alike.
 */
interface StartGroup {
  readonly start: RegExp
  readonly forms: Form[]
}

/**
 * One character of a form in all its spellings, shared by every form that holds it, compiled
 * when a match is first worked out there: most runs never echo a secret.
 */
class Character {
  private compiled: readonly RegExp[] | undefined

  /**
   * `oneEnd`: no spelling's match is a proper prefix of another's (an ASCII letter or digit:
   * as such, or an escape with an end of its own), so one regex finds the only end.
   */
  constructor(
    private readonly spellings: readonly string[],
    private readonly oneEnd: boolean
  ) {}

  /** Adds to `ends` every position where a spelling starting at `position` ends. */
  endsAt(text: string, position: number, ends: Set<number>): void {
    this.compiled ??= this.oneEnd
      ? [new RegExp(this.spellings.join('|'), 'y')]
      : this.spellings.map(spelling => new RegExp(spelling, 'y'))
    for (const regex of this.compiled) {
      regex.lastIndex = position
      if (regex.test(text)) ends.add(regex.lastIndex)
    }
  }
}

export class Redactor {
  /**
   * Where some form's first characters appear: every match of a form starts at one of them.
   * One capturing group per StartGroup, in order, says which group matched first.
   */
  private readonly finder: RegExp | undefined
  private readonly groups: readonly StartGroup[]
  /** Every form, whole only: for outputs, which are never cut and must stay exact. */
  private wholeForm: RegExp | undefined
  /** What wholeForm is built from, on first use. */
  private readonly exact: {
    readonly secrets: readonly string[]
    readonly outer: readonly Encoding[]
  }

  constructor(secrets: readonly string[], options: RedactorOptions = {}) {
    const outerEncodings = options.outerEncodings ?? []
    const present = secrets.filter(secret => secret !== '')
    // Built once per character, however many forms hold it.
    const built = new Map<string, { pattern: string; character: Character }>()
    const charactersOf = (form: string, of: SpellingOptions['of']) =>
      [...form].map(character => {
        const key = `${of}:${character}`
        let one = built.get(key)
        if (one === undefined) {
          const spellings = characterSpellings(character, { of, outerEncodings })
          const oneEnd = /^[A-Za-z0-9]$/.test(character)
          one = {
            pattern: `(?:${spellings.join('|')})`,
            character: new Character(spellings, oneEnd)
          }
          built.set(key, one)
        }
        return one
      })
    const groups = new Map<string, StartGroup>()
    const add = (characters: ReturnType<typeof charactersOf>): void => {
      const start = characters
        .slice(0, MIN_CUT_PREFIX)
        .map(one => one.pattern)
        .join('')
      let group = groups.get(start)
      if (group === undefined) {
        group = { start: new RegExp(start, 'y'), forms: [] }
        groups.set(start, group)
      }
      group.forms.push(characters.map(one => one.character))
    }
    for (const secret of present) {
      add(charactersOf(secret, 'secret'))
      for (const text of base64Forms(secret)) add(charactersOf(text, 'base64'))
    }
    this.groups = [...groups.values()]
    this.finder =
      groups.size === 0
        ? undefined
        : new RegExp([...groups.keys()].map(start => `(${start})`).join('|'), 'g')
    this.exact = { secrets: present, outer: outerEncodings }
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
    this.wholeForm ??= exactForms(this.exact.secrets, this.exact.outer)
    return text.replace(this.wholeForm, REPLACEMENT)
  }

  /**
   * The finder says where a form may start; there every form that starts so is followed
   * character by character (longestMatchEnd) and the longest match is replaced. A regex alone
   * would take the first way it finds to match, not the longest: with `%26` tried before
   * `%26amp%3B`, the rest of a form would stay visible.
   */
  private replaceLongestForms(text: string): string {
    const finder = this.finder
    if (!finder) return text
    let result = ''
    let copied = 0
    finder.lastIndex = 0
    for (let found = finder.exec(text); found; found = finder.exec(text)) {
      const at = found.index
      let end = at
      // The groups before the first that matched do not start here; the later ones may.
      const first = found.findIndex((group, index) => index > 0 && group !== undefined) - 1
      for (const [index, group] of this.groups.entries()) {
        if (index < first) continue
        group.start.lastIndex = at
        if (index > first && !group.start.test(text)) continue
        for (const form of group.forms) end = Math.max(end, longestMatchEnd(form, text, at))
      }
      if (end === at) {
        // Only the first characters: ordinary text, which may hold a real start further on.
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
    for (const position of positions) form[count - 1]?.endsAt(text, position, reached)
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
  for (const text of [secret, ...CHARACTER_ENCODINGS.map(encode => encode(secret))]) {
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
function exactForms(secrets: readonly string[], outer: readonly Encoding[]): RegExp {
  const forms = new Set<string>()
  for (const secret of secrets) {
    const once = [secret, ...SERVICE_ENCODINGS.map(encode => encode(secret))]
    const twice = once.flatMap(form => SERVICE_ENCODINGS.map(encode => encode(form)))
    for (const form of [...once, ...twice]) {
      forms.add(form)
      for (const encode of outer) forms.add(encode(form))
    }
  }
  forms.delete('')
  // No secret: a regex that matches nothing.
  if (forms.size === 0) return /(?!)/g
  // Longest first, so that a form containing another is replaced whole.
  const sorted = [...forms].sort((a, b) => b.length - a.length)
  return new RegExp(sorted.map(literalPattern).join('|'), 'g')
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
