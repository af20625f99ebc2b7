/**
 * Keeps secrets out of text. The API key travels in the query string, so an error of the HTTP
 * layer (which may quote the request URL) can carry it URL-encoded; a service message that
 * echoes it ends up HTML-escaped in the summary. Every such form is replaced.
 */

const REPLACEMENT = '***'
const ELLIPSIS = '…'
/** Shorter tails are too common in ordinary text to hide without garbling it. */
const MIN_CUT_PREFIX = 4

/** Ways a secret gets re-encoded on its way into some text. */
export type Encoding = (text: string) => string

export const URL_ENCODINGS: readonly Encoding[] = [
  encodeURIComponent,
  text => new URLSearchParams({ k: text }).toString().slice(2)
]

export class Redactor {
  private readonly forms: string[]

  constructor(secrets: readonly string[], encodings: readonly Encoding[] = URL_ENCODINGS) {
    const forms = new Set<string>()
    for (const secret of secrets) {
      if (secret === '') continue
      forms.add(secret)
      for (const encode of encodings) forms.add(encode(secret))
    }
    // Longest first, so that a form containing another is replaced whole.
    this.forms = [...forms].sort((a, b) => b.length - a.length)
  }

  redact(text: string): string {
    let result = text
    for (const form of this.forms) result = result.split(form).join(REPLACEMENT)
    // A message cut short ('…') may end in the first part of a secret.
    if (result.includes(ELLIPSIS)) result = this.redactCutForms(result)
    // The query parameter itself, whatever its value: belt and braces for other encodings.
    return result.replace(/([?&]api_key=)[^&#\s"'<>]*/gi, `$1${REPLACEMENT}`)
  }

  private redactCutForms(text: string): string {
    let result = text
    for (const form of this.forms) {
      for (let length = form.length - 1; length >= MIN_CUT_PREFIX; length--) {
        const cut = `${form.slice(0, length)}${ELLIPSIS}`
        if (result.includes(cut)) result = result.split(cut).join(`${REPLACEMENT}${ELLIPSIS}`)
      }
    }
    return result
  }
}
