/**
 * How messages name the ways PHP's preg_match() gives up on a path (it returns false, and the
 * service purges nothing for that path). Words only, with no PCRE2 in them: the verification's
 * selection names them too, without loading PCRE2's module into its own chunk.
 */
import type { GiveUp } from '../../pcre2/pcre2.mjs'

/** What PHP's preg_last_error_msg() says when preg_match() returns false for a subject. */
const GIVE_UP_MESSAGES: Readonly<Record<GiveUp, string>> = {
  'backtrack-limit': 'Backtrack limit exhausted',
  'recursion-limit': 'Recursion limit exhausted',
  'bad-utf8': 'Malformed UTF-8 characters, possibly incorrectly encoded',
  internal: 'Internal error'
}

/** "Backtrack limit exhausted at pcre.backtrack_limit", for each reason once. */
export function reasonsOf(gaveUp: readonly { readonly reason: GiveUp }[]): string {
  return [...new Set(gaveUp.map(({ reason }) => reason))].map(reasonText).join('; ')
}

function reasonText(reason: GiveUp): string {
  const setting =
    reason === 'backtrack-limit'
      ? ' at pcre.backtrack_limit'
      : reason === 'recursion-limit'
        ? ' at pcre.recursion_limit'
        : ''
  return `${GIVE_UP_MESSAGES[reason]}${setting}`
}
