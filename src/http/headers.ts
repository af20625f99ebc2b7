/**
 * Reading an answer's headers, one way everywhere: by name whatever its case (Node gives lower
 * case, a test or a proxy may not), a repeated header as RFC 9110 §5.3 combines it.
 */

/** Headers as Node gives them: a repeated header as an array. */
export type Headers = Readonly<Record<string, string | string[] | undefined>>

/** A header's value, whatever the case of its name; a repeated header's values joined by ", ". */
export function headerValue(headers: Headers, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue
    return Array.isArray(value) ? value.join(', ') : value
  }
  return undefined
}

/**
 * The first value of a header that holds one (Content-Type, Location, Retry-After), trimmed;
 * undefined when it is absent or empty. A repeated one-value header is a server's mistake: the
 * first is what Node's own parser keeps for these names.
 */
export function singleHeaderValue(headers: Headers, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue
    const text = (Array.isArray(value) ? value[0] : value)?.trim()
    return text === '' ? undefined : text
  }
  return undefined
}
