/**
 * A render's facts in the words a report quotes: values from the page (untrusted: control and
 * bidirectional characters dropped, cut with an ellipsis), its robots rules as a crawler reads
 * them, its text as a count.
 */
import { grouped, plural } from '../../text/format.js'
import type { RenderFacts } from './render-facts.js'

/** Characters a value is cut to in a change, and within a sentence. */
export const MAX_VALUE_CHARS = 200
export const MAX_QUOTED_IN_SENTENCE = 100

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g

/** A value from a page, safe to print and at most `max` characters (an ellipsis past them). */
export function cut(value: string, max = MAX_VALUE_CHARS): string {
  const clean = value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim()
  const characters = [...clean.slice(0, max * 2 + 2)]
  return characters.length <= max ? clean : `${characters.slice(0, max).join('')}…`
}

/** A text value in straight double quotes; `(none)` when absent. */
export function quoted(value: string | undefined, max = MAX_VALUE_CHARS): string {
  return value === undefined ? '(none)' : `"${cut(value, max)}"`
}

/** `every crawler`, `googlebot`. */
export function agentWords(agent: string): string {
  return agent === '*' ? 'every crawler' : agent
}

/** Each crawler's directives, the page's metas' and headers' together, each once, sorted. */
export function robotsByAgent(facts: RenderFacts): Map<string, string[]> {
  const byAgent = new Map<string, Set<string>>()
  for (const rule of facts.robots) {
    const directives = byAgent.get(rule.agent) ?? new Set<string>()
    for (const directive of rule.directives) directives.add(directive)
    byAgent.set(rule.agent, directives)
  }
  const agents = [...byAgent.keys()].sort((a, b) =>
    a === '*' ? -1 : b === '*' ? 1 : a < b ? -1 : 1
  )
  return new Map(agents.map(agent => [agent, [...(byAgent.get(agent) ?? [])].sort()]))
}

/**
 * The robots rules as one line: `noindex, nofollow` for every crawler, then each named one
 * (`googlebot: noarchive`), `;` between; `(none)` without any.
 */
export function robotsWords(facts: RenderFacts): string {
  const parts = [...robotsByAgent(facts)].map(([agent, directives]) =>
    agent === '*' ? directives.join(', ') : `${agent}: ${directives.join(', ')}`
  )
  return parts.length === 0 ? '(none)' : cut(parts.join('; '))
}

/** `1,234 characters of text`. */
export function textWords(chars: number): string {
  return `${plural(chars, 'character')} of text`
}

/**
 * How many new renders were compared with the old one: `each compared with the old render`, or
 * `38 compared with the old render, 1 with none cached before the purge, 1 whose old render was
 * not read`.
 */
export function comparedWords(renders: {
  readonly judged: number
  readonly comparedWithOld: number
  readonly noneCachedBefore: number
}): string {
  const { judged, comparedWithOld, noneCachedBefore } = renders
  if (comparedWithOld === judged) return 'each compared with the old render'
  const unread = judged - comparedWithOld - noneCachedBefore
  return [
    `${grouped(comparedWithOld)} compared with the old render`,
    noneCachedBefore > 0 ? `${grouped(noneCachedBefore)} with none cached before the purge` : '',
    unread > 0 ? `${grouped(unread)} whose old render was not read` : ''
  ]
    .filter(Boolean)
    .join(', ')
}
