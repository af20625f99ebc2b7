/**
 * Text from outside (a service's answer, a header, a GitHub answer, a file name, a tag) must not
 * steer the runner. The runner reads the step's stdout line by line (a line ends at CR or LF)
 * and runs a line as a workflow command when, once its leading spaces are trimmed, it starts
 * with `::` (`::add-mask::`, `::stop-commands::`, `::warning ...::`), or when it holds the
 * legacy `##[command]` form anywhere. Control characters (ESC and friends) can also repaint the
 * log. Two layers keep both out:
 * - at the source, external text is made one line (`singleLine`), so a service message cannot
 *   even look like a line of its own;
 * - at the edge (action-io.ts), every log line is neutralized (`safeLogLines`), whatever its
 *   origin, so a path nobody thought of is covered too. Our own multi-line messages stay
 *   readable: they are written line by line.
 */

// C0 controls except tab, DEL, C1 controls, the Unicode line and paragraph separators and the
// bidirectional overrides (which reorder what a reader sees).
const UNSAFE_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const LINE_BREAKS_AND_TABS = /[\r\n\t]+/g
const LINE_BREAK = /\r\n|\r|\n/
const COMMAND_START = /^(\s*):(?=:)/
const LEGACY_COMMAND = /##\[/g

function escapeCharacter(character: string): string {
  return `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`
}

/** Control characters (other than line breaks and tabs) as visible `\uXXXX` escapes. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE_CHARACTER, escapeCharacter)
}

/** External text as one printable line: line breaks and tabs become a space, other controls an escape. */
export function singleLine(text: string): string {
  return escapeControls(text.replace(LINE_BREAKS_AND_TABS, ' '))
}

/**
 * The start of an external message as one line, spaces collapsed, cut with an ellipsis (the
 * redactor relies on the ellipsis to hide a secret's prefix left at the cut). Empty: undefined.
 */
export function linePreview(text: string, length: number): string | undefined {
  const line = singleLine(text).replace(/\s+/g, ' ').trim()
  if (line === '') return undefined
  return line.length > length ? `${line.slice(0, length)}…` : line
}

/**
 * One log line that the runner cannot read as a command: controls escaped, a leading `::`
 * broken up as `: :`, and the legacy `##[` written `##\[`.
 */
export function safeLogLine(line: string): string {
  return singleLine(line).replace(COMMAND_START, '$1: ').replace(LEGACY_COMMAND, '##\\[')
}

/** A message for the log, as the lines the runner will see, each one safe. */
export function safeLogLines(message: string): string[] {
  return message.split(LINE_BREAK).map(safeLogLine)
}

/**
 * A message for an annotation (`::error::...`): @actions/core escapes CR, LF and % in it, so
 * the runner reads it as one command whatever it holds; our own line breaks are kept (the
 * annotation shows them), every other control character is escaped.
 */
export function safeAnnotation(message: string): string {
  return message
    .split(LINE_BREAK)
    .map(line => line.replace(/\t/g, ' ').replace(UNSAFE_CHARACTER, escapeCharacter))
    .join('\n')
}
