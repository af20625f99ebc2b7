/**
 * Keeps secrets out of text. The API key travels in the query string, so an error of the HTTP
 * layer (which may quote the request URL) can carry it URL-encoded; a service that echoes it
 * may have encoded it once more (URL-encoded twice, in lower-case hex, base64, JSON- or
 * HTML-escaped), and our own summary HTML-escapes whatever it quotes. Every such form is
 * replaced, and so is the first part of one where a message was cut short.
 */

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

/** Ways a secret gets re-encoded on its way into some text. */
export type Encoding = (text: string) => string

const formEncoded: Encoding = text => new URLSearchParams({ k: text }).toString().slice(2)

export const URL_ENCODINGS: readonly Encoding[] = [encodeURIComponent, formEncoded]

/** What a service may do to a secret it echoes; each also applied to the result of another. */
export const SERVICE_ENCODINGS: readonly Encoding[] = [
  ...URL_ENCODINGS,
  text => Buffer.from(text).toString('base64'),
  text => Buffer.from(text).toString('base64').replace(/=+$/, ''),
  text => Buffer.from(text).toString('base64url'),
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

export interface RedactorOptions {
  /** Applied to every form last: how our own output (the summary's HTML) re-encodes a quote. */
  readonly outerEncodings?: readonly Encoding[]
}

export class Redactor {
  /** Finds where some form (or the first part of one) starts. */
  private readonly finder: RegExp | undefined
  /** Per form, anchored where the finder stopped: the longest of their matches is replaced. */
  private readonly formMatchers: readonly RegExp[]
  /** Every form, whole only: for outputs, which are never cut and must stay exact. */
  private readonly wholeForm: RegExp | undefined

  constructor(secrets: readonly string[], options: RedactorOptions = {}) {
    const forms = new Set<string>()
    for (const secret of secrets) {
      if (secret === '') continue
      const once = [secret, ...SERVICE_ENCODINGS.map(encode => encode(secret))]
      const twice = once.flatMap(form => SERVICE_ENCODINGS.map(encode => encode(form)))
      for (const form of [...once, ...twice]) {
        forms.add(form)
        for (const encode of options.outerEncodings ?? []) forms.add(encode(form))
      }
    }
    // Longest first, so that a form containing another is replaced whole.
    const sorted = [...forms].filter(form => form !== '').sort((a, b) => b.length - a.length)
    const units = sorted.map(tokenize)
    const patterns = units.map(prefixPattern)
    this.formMatchers = patterns.map(pattern => new RegExp(pattern, 'y'))
    this.finder = sorted.length === 0 ? undefined : new RegExp(patterns.join('|'), 'g')
    this.wholeForm =
      sorted.length === 0 ? undefined : new RegExp(units.map(unit => unit.join('')).join('|'), 'g')
  }

  /** For the log and the summary: every form, cut ones included, and any api_key parameter. */
  redact(text: string): string {
    const result = this.replaceLongestForms(text)
    // The query parameter itself, whatever its value: belt and braces for other encodings.
    return result.replace(/([?&]api_key=)[^&#\s"'<>]*/gi, `$1${REPLACEMENT}`)
  }

  /**
   * For outputs: only whole forms of a real secret. An output carries exactly what was purged,
   * so a URL with a parameter named api_key (someone else's, public) is left as it is.
   */
  redactExact(text: string): string {
    return this.wholeForm ? text.replace(this.wholeForm, REPLACEMENT) : text
  }

  /**
   * A regex alternation takes the first alternative that matches, not the longest: two forms
   * sharing a first part (`a/b` and `a\/b`) would leave the rest of one visible. So the finder
   * only says where a match starts, and the longest form matching there is replaced.
   */
  private replaceLongestForms(text: string): string {
    const finder = this.finder
    if (!finder) return text
    let result = ''
    let copied = 0
    finder.lastIndex = 0
    for (let found = finder.exec(text); found; found = finder.exec(text)) {
      let end = found.index + found[0].length
      for (const matcher of this.formMatchers) {
        matcher.lastIndex = found.index
        const match = matcher.exec(text)
        if (match) end = Math.max(end, found.index + match[0].length)
      }
      result += `${text.slice(copied, found.index)}${REPLACEMENT}`
      copied = end
      finder.lastIndex = end
    }
    return result + text.slice(copied)
  }
}

/**
 * A form as regex pieces, one a character; a `%XX` escape (or `%25XX`, one encoded twice) is one
 * piece that also matches lower-case hex.
 */
function tokenize(form: string): string[] {
  const units: string[] = []
  for (let at = 0; at < form.length;) {
    const escape = /^%(?:25)?[0-9A-Fa-f]{2}/.exec(form.slice(at, at + 5))
    if (escape) {
      units.push(
        escape[0].replace(/[A-Fa-f]/g, digit => `[${digit.toLowerCase()}${digit.toUpperCase()}]`)
      )
      at += escape[0].length
      continue
    }
    const character = String.fromCodePoint(form.codePointAt(at) ?? 0)
    units.push(character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
    at += character.length
  }
  return units
}

/** `u1 u2 … uk (?:uk+1 (?:uk+2 … )?)?`: the first k units, then as many more as are there. */
function optionalTail(units: readonly string[], from: number, to: number): string {
  let tail = ''
  for (let index = to - 1; index >= from; index--) tail = `(?:${units[index] ?? ''}${tail})?`
  return tail
}

/**
 * The whole form, or its first MIN_BARE_PREFIX units or more anywhere, or its first
 * MIN_CUT_PREFIX units or more right before an ellipsis.
 */
function prefixPattern(units: readonly string[]): string {
  const bare = Math.min(MIN_BARE_PREFIX, units.length)
  const alternatives = [units.slice(0, bare).join('') + optionalTail(units, bare, units.length)]
  if (units.length > MIN_CUT_PREFIX) {
    alternatives.push(
      `${units.slice(0, MIN_CUT_PREFIX).join('')}${optionalTail(units, MIN_CUT_PREFIX, units.length - 1)}(?=${ELLIPSIS})`
    )
  }
  return alternatives.join('|')
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
