/**
 * A url_map glob, read into segments by globs.ts, written as one anchored RegExp.
 *
 * The result behaves like the plain lazy translation (`**` → `(?:[^/]+/)*?`, `{x}` → `([^/]+?)`,
 * ...) but never backtracks into a choice that is already known to be the right one:
 * - Inside a segment, a wildcard followed by literal text ends where that text first occurs;
 *   taking any later occurrence leaves less room for the rest, so it cannot succeed where the
 *   earliest failed. That cut is written as an atomic group, `(?=(?<g>…))\k<g>`: JS lookaheads
 *   never backtrack.
 * - Likewise a `**` or `{x...}` followed by fixed segments (and then another `**`/`{x...}`)
 *   stops at the first place those segments match.
 * Only the last `**`/`{x...}` scans, once, to the end. So the time per path is about linear in
 * its length, whatever the path, instead of growing with a power of it.
 */

/** A piece of one path segment: literal text, `*`, or `{name}`. */
export type SegmentPart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'star' }
  | { readonly kind: 'capture'; readonly name: string }

/** A path segment: pieces within it, `**`, or `{name...}` (whole segments). */
export type GlobSegment =
  | { readonly kind: 'within'; readonly parts: readonly SegmentPart[] }
  | { readonly kind: 'globstar' }
  | { readonly kind: 'spans'; readonly name: string }

const SEGMENT_CHAR = '[^/]'
const ALL_SEGMENTS = '(?:[^/]+/)*?'

export function globSource(segments: readonly GlobSegment[]): string {
  const groups = new GroupNames()
  let source = '^'
  // A `**` or `{x...}` whose end is decided by the fixed segments that follow it.
  let pendingSpan: string | undefined
  let fixed = ''
  for (const segment of segments) {
    if (segment.kind === 'within') {
      fixed += `${withinSegmentSource(segment.parts, groups)}/`
      continue
    }
    source += pendingSpan === undefined ? fixed : atomic(pendingSpan + fixed, groups.next())
    pendingSpan =
      segment.kind === 'globstar'
        ? ALL_SEGMENTS
        : `(?<${captureGroup(segment.name)}>[^/]+(?:/[^/]+)*?)/`
    fixed = ''
  }
  return `${source}${pendingSpan ?? ''}${fixed}$`
}

function withinSegmentSource(parts: readonly SegmentPart[], groups: GroupNames): string {
  return parts
    .map((part, index) => {
      if (part.kind === 'literal') return escapeRegExp(part.text)
      return wildcardSource(part, parts[index + 1], index + 1 === parts.length - 1, groups)
    })
    .join('')
}

/**
 * One `*` or `{name}`; `next` is the part after it (a literal, as wildcards never touch), and
 * `nextIsLast` says whether that literal must end the segment.
 */
function wildcardSource(
  part: SegmentPart,
  next: SegmentPart | undefined,
  nextIsLast: boolean,
  groups: GroupNames
): string {
  const group = part.kind === 'capture' ? captureGroup(part.name) : undefined
  const first = group === undefined ? '' : SEGMENT_CHAR // a capture takes one character at least
  // Last in its segment: it takes the rest of the segment, which ends at the next '/'.
  if (next === undefined || next.kind !== 'literal') return named(group, `${first}${SEGMENT_CHAR}*`)
  // Its literal ends the segment: only one place fits, found by a lazy scan.
  if (nextIsLast) return named(group, `${first}${SEGMENT_CHAR}*?`)
  // More follows its literal: stop where the literal first occurs, and never reconsider.
  const upToLiteral = `${first}(?:(?!${escapeRegExp(next.text)})${SEGMENT_CHAR})*`
  return atomic(upToLiteral, group ?? groups.next())
}

function named(group: string | undefined, source: string): string {
  return group === undefined ? source : `(?<${group}>${source})`
}

/** Matches `source` once, the first way it can, as an atomic group would. */
function atomic(source: string, group: string): string {
  return `(?=(?<${group}>${source}))\\k<${group}>`
}

/** User captures are `c_NAME`; helper groups `hN`. The prefixes keep the two apart. */
export function captureGroup(name: string): string {
  return `c_${name}`
}

class GroupNames {
  private count = 0
  next(): string {
    const name = `h${this.count}`
    this.count += 1
    return name
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
