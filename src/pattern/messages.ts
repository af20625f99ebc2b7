/**
 * What the messages about the `pattern` input share: the input's name, how a long pattern is
 * shortened when a message quotes it, and the caret that points into it.
 */
export const INPUT = 'pattern'
const MAX_SHOWN = 120
/** Characters shown on each side of a caret in a long pattern. */
const CARET_WINDOW = 50

export function shown(text: string, max = MAX_SHOWN): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/**
 * The pattern on one line and a caret under `offset` on the next (a window around it when the
 * pattern is long), indented so that both stand out under the message.
 */
export function caretUnder(text: string, offset: number): string {
  const from = Math.max(0, offset - CARET_WINDOW)
  const to = Math.min(text.length, offset + CARET_WINDOW)
  const before = from > 0 ? '…' : ''
  const after = to < text.length ? '…' : ''
  const line = `${before}${text.slice(from, to)}${after}`
  // Characters outside the BMP take two string indices but one column.
  const column = [...`${before}${text.slice(from, offset)}`].length
  return `\n    ${line}\n    ${' '.repeat(column)}^`
}
