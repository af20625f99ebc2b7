/**
 * Keeps secrets out of text. The API key travels in the query string, so an error of the HTTP
 * layer (which may quote the request URL) can carry it in any of its encodings.
 */

const REPLACEMENT = '***'

/** Every form in which a secret may appear in a URL or a message. */
export function secretForms(secret: string): string[] {
  if (secret === '') return []
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ k: secret }).toString().slice(2)
  ])
  // Longest first, so that a form containing another is replaced whole.
  return [...forms].sort((a, b) => b.length - a.length)
}

export class Redactor {
  private readonly forms: string[]

  constructor(secrets: readonly string[]) {
    this.forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length)
  }

  redact(text: string): string {
    let result = text
    for (const form of this.forms) result = result.split(form).join(REPLACEMENT)
    // The query parameter itself, whatever its value: belt and braces for other encodings.
    return result.replace(/([?&]api_key=)[^&#\s"'<>]*/gi, `$1${REPLACEMENT}`)
  }
}
