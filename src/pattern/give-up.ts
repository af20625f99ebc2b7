/**
 * How messages name the ways PHP's preg_match() gives up on a path (it returns false, and the
 * service purges nothing for that path).
 */
import { GIVE_UP_MESSAGES, type GiveUp } from '../../pcre2/pcre2.mjs'

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
