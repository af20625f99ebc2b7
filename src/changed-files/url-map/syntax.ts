/**
 * What the glob and the target parsers of url_map share (globs.ts, targets.ts): the capture
 * syntax, `{name}` in both and `{name...}` in a glob, and the shape of a refusal. In a file of
 * its own so that neither parser imports the other.
 */
import { quoteValue } from '../../core/diagnostics.js'

/** Why a rule, a target or a glob was refused: every reason, each said to the user. */
export interface Failure {
  readonly reasons: readonly string[]
}

const CAPTURE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/** Ends a capture of whole segments: `{name...}`. */
export const SPANS_SUFFIX = '...'

/** The index of the `}` closing the `{` at `open`, or undefined when another `{` comes first. */
export function findCaptureEnd(text: string, open: number): number | undefined {
  const close = text.indexOf('}', open + 1)
  const nextOpen = text.indexOf('{', open + 1)
  if (close === -1 || (nextOpen !== -1 && nextOpen < close)) return undefined
  return close
}

export function checkCaptureName(name: string): string | undefined {
  if (name === '') return 'empty capture name {}'
  if (!CAPTURE_NAME.test(name)) {
    return `invalid capture name ${quoteValue(name)}: use letters, digits and '_', not starting with a digit`
  }
  return undefined
}
