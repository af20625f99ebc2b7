/**
 * What a page tells crawlers about indexing it: `<meta name="robots" content>` (every crawler),
 * a meta named for one crawler (`<meta name="googlebot" content="noindex">`), and the
 * `X-Robots-Tag` header, whose value may name the crawler it is for (`googlebot: noindex`).
 * Directives are kept as written, in lower case (`noindex`, `max-snippet:20`), a bounded number
 * of them, so that what is kept per page and device stays small whatever the page says.
 */
import { headerValues, type Headers } from '../../http/headers.js'

/** One crawler's directives, from the page's metas or from its headers. */
export interface RobotsRule {
  /** `*` for every crawler, else the crawler's name in lower case (`googlebot`). */
  readonly agent: string
  /** Lower case, trimmed, each once, in the order first written. */
  readonly directives: readonly string[]
  readonly source: 'meta' | 'header'
}

/**
 * The crawlers a `<meta name>` may name instead of `robots` (Google, Bing, Yandex, Baidu,
 * DuckDuckGo, Apple and Yahoo document theirs); a meta of another name is no robots rule.
 */
export const CRAWLER_NAMES: ReadonlySet<string> = new Set([
  'googlebot',
  'googlebot-news',
  'googlebot-image',
  'googlebot-video',
  'bingbot',
  'msnbot',
  'yandex',
  'baiduspider',
  'duckduckbot',
  'applebot',
  'slurp'
])

/** Rules kept per render, directives per rule, and characters per directive or agent. */
const MAX_RULES = 20
const MAX_DIRECTIVES = 20
const MAX_WORD = 100

/**
 * The directives that hold a colon themselves: `unavailable_after: 25 Jun 2010 15:00:00 PST`
 * is a directive, not a crawler named `unavailable_after`.
 */
const COLON_DIRECTIVES: ReadonlySet<string> = new Set([
  'unavailable_after',
  'max-snippet',
  'max-image-preview',
  'max-video-preview'
])

/** A crawler's name as a header may write it before its directives. */
const AGENT = /^[a-z0-9][a-z0-9_.-]*$/i

/** The rules of a render, merged by agent and source, each bounded. */
export class RobotsRules {
  private readonly rules = new Map<
    string,
    { agent: string; source: RobotsRule['source']; directives: Set<string> }
  >()

  /** One directive for `agent`; dropped past the bounds. */
  add(agent: string, source: RobotsRule['source'], directive: string): void {
    const word = directive.trim().toLowerCase().replace(/\s+/g, ' ')
    if (word === '' || word.length > MAX_WORD || agent.length > MAX_WORD) return
    const key = `${source} ${agent}`
    let rule = this.rules.get(key)
    if (rule === undefined) {
      if (this.rules.size >= MAX_RULES) return
      rule = { agent, source, directives: new Set() }
      this.rules.set(key, rule)
    }
    if (rule.directives.size < MAX_DIRECTIVES) rule.directives.add(word)
  }

  /** A meta's `content`: comma-separated directives for `agent`. */
  addMeta(agent: string, content: string): void {
    for (const directive of content.split(',')) this.add(agent, 'meta', directive)
  }

  /**
   * One `X-Robots-Tag` value: comma-separated directives for every crawler, or, after a
   * crawler's name and a colon, for that crawler until the next name.
   */
  addHeader(value: string): void {
    const pieces = value.split(',')
    let agent = '*'
    for (let i = 0; i < pieces.length; i++) {
      let piece = (pieces[i] ?? '').trim()
      const colon = piece.indexOf(':')
      const name = colon < 0 ? '' : piece.slice(0, colon).trim().toLowerCase()
      if (colon >= 0 && AGENT.test(name) && !COLON_DIRECTIVES.has(name)) {
        agent = name
        piece = piece.slice(colon + 1)
      } else if (
        name === 'unavailable_after' &&
        /^[a-z]{3,9}$/i.test(piece.slice(colon + 1).trim())
      ) {
        // An RFC 850 or RFC 1123 date starts with its weekday and a comma: one directive still.
        i++
        piece = `${piece}, ${(pieces[i] ?? '').trim()}`
      }
      this.add(agent, 'header', piece)
    }
  }

  get list(): RobotsRule[] {
    return [...this.rules.values()].map(({ agent, source, directives }) => ({
      agent,
      directives: [...directives],
      source
    }))
  }
}

/**
 * The rules of every `X-Robots-Tag` header of an answer. A header repeated is read value by
 * value when the headers keep them apart; Node joins a repeated header into one value with
 * commas, so that a directive of a later header may then be read as the crawler's that an
 * earlier one named: never a rule lost, at worst one narrower.
 */
export function robotsFromHeaders(headers: Headers): RobotsRule[] {
  const rules = new RobotsRules()
  for (const value of headerValues(headers, 'x-robots-tag')) rules.addHeader(value)
  return rules.list
}
