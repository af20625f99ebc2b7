/**
 * How the messages of the `pattern` input advise a rewrite. Advice that the action then refuses
 * ("write /^/blog/", refused as an unescaped delimiter) sends people round in circles, so every
 * pattern a message advises is first put through the same checks as the input (prepare.ts
 * passes them in as `Accepts`), and is written between backticks: in a message about the
 * input, a pattern between backticks is one the action accepts as it stands.
 */
import { shown } from './messages.js'

/** Whether the action accepts a pattern as it stands: no problem, allow_purge_all unset. */
export type Accepts = (pattern: string) => boolean

/**
 * A rewrite as a message shows it: between backticks when the action accepts it; otherwise
 * plain, saying so (a reading spelt out, or a fix that leaves another problem, still informs).
 */
export function rewriteText(pattern: string, accepts: Accepts): string {
  // Too long to quote whole in a message: shortened, it is no pattern to copy.
  if (pattern !== shown(pattern)) return shown(pattern)
  return accepts(pattern) ? `\`${pattern}\`` : `${pattern} (which the action would refuse as well)`
}
