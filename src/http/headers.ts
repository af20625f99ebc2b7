/**
 * Reading an answer's headers, one way everywhere (the site's, the origin's, the service's and
 * GitHub's): by name whatever its case (Node gives lower case, a test or a proxy may not), a
 * repeated header as RFC 9110 §5.3 combines it.
 */

/** Headers as Node gives them: a repeated header as an array. */
export type Headers = Readonly<Record<string, string | string[] | undefined>>

/** What the reader reads: Node's headers, or Octokit's (which gives some values as numbers). */
type ReadableHeaders = Readonly<Record<string, string | string[] | number | undefined>>

/** A header's value, whatever the case of its name; a repeated header's values joined by ", ". */
export function headerValue(headers: ReadableHeaders, name: string): string | undefined {
  const value = firstNamed(headers, name)
  if (value === undefined) return undefined
  return Array.isArray(value) ? value.join(', ') : String(value)
}

/**
 * The value under `name` in any case: the lower-case name first, as Node gives every header (one
 * lookup, where every answer's headers are read many times over), then any other case.
 */
function firstNamed(
  headers: ReadableHeaders,
  name: string
): string | string[] | number | undefined {
  const wanted = name.toLowerCase()
  const direct = Object.hasOwn(headers, wanted) ? headers[wanted] : undefined
  if (direct !== undefined) return direct
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && key.toLowerCase() === wanted) return value
  }
  return undefined
}

/**
 * Each value of a header, apart, whatever the case of its name: for a header whose values each
 * say something of their own (`X-Robots-Tag`, which may name a crawler), where joining them
 * would blur where one ends.
 */
export function headerValues(headers: Headers, name: string): string[] {
  const wanted = name.toLowerCase()
  return Object.entries(headers).flatMap(([key, value]) =>
    key.toLowerCase() !== wanted || value === undefined
      ? []
      : Array.isArray(value)
        ? value
        : [value]
  )
}

/**
 * The first value of a header that holds one (Content-Type, Location, Retry-After), trimmed;
 * undefined when it is absent or empty. A repeated one-value header is a server's mistake: the
 * first is what Node's own parser keeps for these names.
 */
export function singleHeaderValue(headers: ReadableHeaders, name: string): string | undefined {
  const value = firstNamed(headers, name)
  if (value === undefined) return undefined
  const text = (Array.isArray(value) ? value[0] : String(value))?.trim()
  return text === '' ? undefined : text
}
