/**
 * The JS RegExp that selects sitemap pages for a pattern purge, built by the same exact
 * translation the match-all check uses. Undefined when the pattern has no exact JS equivalent:
 * its pages then cannot be chosen from the sitemap, which the caller says.
 */
import { Diagnostics } from '../diagnostics.js'
import { splitDelimited } from './delimiters.js'
import { toJsRegExp } from './js-regexp.js'
import { scanBody } from './pcre-syntax.js'
import { flagsFromModifiers } from './tree.js'

/** `pattern` is the delimited pattern exactly as sent to the service (PreparedPattern.pattern). */
export function pageRegExp(pattern: string): RegExp | undefined {
  // The pattern was validated when the inputs were read: problems here mean "cannot translate".
  const diag = new Diagnostics()
  const parts = splitDelimited(pattern, diag)
  if (parts === undefined || !diag.ok) return undefined
  const flags = flagsFromModifiers(parts.prepared.modifiers)
  const scanned = scanBody(parts.scannedText, parts.scanOffset, flags, pattern, diag)
  if (scanned === undefined || !diag.ok) return undefined
  return toJsRegExp(scanned.tree, flags)
}
