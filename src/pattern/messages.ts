/**
 * What the messages about the `pattern` input share: the input's name, and how a long pattern
 * is shortened when a message quotes it.
 */
export const INPUT = 'pattern'
const MAX_SHOWN = 120

export function shown(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text
}
