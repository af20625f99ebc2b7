/**
 * The anchoring warning: a pattern not anchored at both ends matches anywhere in the path, and
 * so purges more than it seems to.
 */
import type { Diagnostics } from '../diagnostics.js'
import { shown } from './messages.js'
import type { PcreNode, PatternFlags, Sequence } from './tree.js'

export function warnIfUnanchored(
  tree: Sequence[],
  flags: PatternFlags,
  given: string,
  diag: Diagnostics
): void {
  const start = flags.anchored || alternativesAnchored(tree, 'start')
  const end = alternativesAnchored(tree, 'end')
  if (start && end) return
  const missing =
    !start && !end
      ? 'at either end (no ^ or \\A at the start, no $, \\z or \\Z at the end)'
      : !start
        ? 'at the start (no ^ or \\A)'
        : 'at the end (no $, \\z or \\Z)'
  diag.warn(
    `Pattern ${shown(given)} is not anchored ${missing}: an unanchored pattern matches anywhere in the path, e.g. #/blog/# also purges /old/blog/x.`
  )
}

/** Anchored when every alternative is: `^(?:/a|/b)$` and `^/a$|^/b$` both are. */
function alternativesAnchored(alternatives: Sequence[], side: 'start' | 'end'): boolean {
  return alternatives.every(sequence => sequenceAnchored(sequence, side))
}

function sequenceAnchored(sequence: Sequence, side: 'start' | 'end'): boolean {
  const ordered = side === 'start' ? sequence : [...sequence].reverse()
  for (const node of ordered) {
    if (node.kind === 'group' && (node.role === 'lookahead' || node.role === 'lookbehind')) continue
    return nodeAnchored(node, side)
  }
  return false
}

function nodeAnchored(node: PcreNode, side: 'start' | 'end'): boolean {
  if (node.kind === 'assertion') return node.anchor === side
  if (node.kind === 'quantified') return node.min >= 1 && nodeAnchored(node.node, side)
  if (node.kind === 'group' && (node.role === 'plain' || node.role === 'atomic')) {
    return alternativesAnchored(node.alternatives, side)
  }
  return false
}
