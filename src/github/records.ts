/** Reading GitHub's JSON (event payloads, REST answers) without trusting its shape. */

/** The value as an object with named fields, or undefined (null, arrays and scalars). */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
