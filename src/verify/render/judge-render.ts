/**
 * A page's new render judged as a crawler gets it (pure): alone, for what a render fault leaves
 * (no text, an app's empty shell, a page that says not found), and against the old render, for
 * what a build newly tells crawlers (noindex, a canonical on another host, structured data that
 * no longer parses); then what changed for crawlers (title, canonical, robots, structured-data
 * types, a large drop of text), which is no problem, only worth a look.
 *
 * A clean deploy must raise no alarm: what the old render already had is not new, what the user
 * says is meant (`expected`) is never a problem, and every rule reads the page conservatively.
 *
 * `now.robots` holds the rules of the answer's `X-Robots-Tag` headers as well as the metas'
 * (render-facts.ts: withHeaderRobots), and so does `old.robots` when the old render was read.
 */
import { andList, plural } from '../../text/format.js'
import { notFoundWords } from './not-found.js'
import type { RenderFacts } from './render-facts.js'
import {
  agentWords,
  cut,
  MAX_QUOTED_IN_SENTENCE,
  quoted,
  robotsWords,
  textWords
} from './render-words.js'
import type { RenderChange, RenderProblemReason } from './render-results.js'

export interface RenderProblem {
  readonly reason: RenderProblemReason
  /** What the new render has, in one plain sentence. */
  readonly detail: string
  /** What the old render had, in words, when it was read and compared. */
  readonly old?: string
}

export interface RenderJudgement {
  readonly problems: readonly RenderProblem[]
  readonly changes: readonly RenderChange[]
}

export interface RenderToJudge {
  readonly pageUrl: URL
  /** The site's public origin: a canonical URL on its host (or the page's) is on the site. */
  readonly siteOrigin: string
  readonly now: RenderFacts
  /** The old render, when it was read: undefined means not read, never "had nothing". */
  readonly old?: RenderFacts
  /** What the user says is meant for this page: never a problem. */
  readonly expected?: ReadonlySet<RenderProblemReason>
}

/** Visible text beside an empty mount point below which the page is the shell alone. */
export const SHELL_TEXT_CHARS = 20
/** A text drop is a change when the old render had this much text and the new one not half. */
export const TEXT_DROP_FROM_CHARS = 200

export function judgeRender(input: RenderToJudge): RenderJudgement {
  const { now, old, expected } = input
  const problems = [
    blank(now, old),
    shell(now, old),
    soft404(now, old),
    noindex(now, old),
    canonicalOffHost(input),
    structuredDataBroken(now, old)
  ].filter(
    (problem): problem is RenderProblem =>
      problem !== undefined && expected?.has(problem.reason) !== true
  )
  return { problems, changes: old === undefined ? [] : changes(now, old) }
}

/** An app that never rendered: mount points, every one empty, and next to no text beside. */
function isShell(facts: RenderFacts): boolean {
  const { mountPoints, emptyMountPoints } = facts.shell
  return (
    mountPoints > 0 && emptyMountPoints === mountPoints && facts.visibleChars < SHELL_TEXT_CHARS
  )
}

/**
 * No visible text at all, and not an app's shell (its own problem): nothing for a crawler to
 * read, whatever else the page holds (a spinner, images). Like the shell, a problem whatever the
 * old render had: a fault the old render shared is a fault still; its words say whether it is new.
 */
function blank(now: RenderFacts, old: RenderFacts | undefined): RenderProblem | undefined {
  if (now.visibleChars > 0 || isShell(now)) return undefined
  return { reason: 'blank', detail: 'The render shows no text at all.', ...oldText(old) }
}

function shell(now: RenderFacts, old: RenderFacts | undefined): RenderProblem | undefined {
  if (!isShell(now)) return undefined
  const { mountPoints, noscriptChars } = now.shell
  const beside = now.visibleChars === 0 ? 'no text' : textWords(now.visibleChars)
  const noscript = noscriptChars > 0 ? ` (its <noscript> holds ${textWords(noscriptChars)})` : ''
  const where = mountPoints === 1 ? 'its mount point is' : `its ${mountPoints} mount points are`
  return {
    reason: 'shell',
    detail: `The render is an app's empty shell: ${where} empty, with ${beside} beside${noscript}.`,
    ...oldText(old)
  }
}

function oldText(old: RenderFacts | undefined): { old?: string } {
  if (old === undefined) return {}
  if (old.visibleChars > 0 && !isShell(old)) {
    return { old: `the old render showed ${textWords(old.visibleChars)}` }
  }
  return { old: `the old render was ${isShell(old) ? "an app's empty shell" : 'blank'} too` }
}

/**
 * A page served as a page that says it was not found. A problem whatever the old render said:
 * crawlers get a page that says not found either way, and only `expected` makes it meant; the
 * old render's words are shown, so that one that said so before reads as not new.
 */
function soft404(now: RenderFacts, old: RenderFacts | undefined): RenderProblem | undefined {
  const detail = notFoundDetail(now)
  if (detail === undefined) return undefined
  if (old === undefined) return { reason: 'soft-404', detail }
  const oldWords =
    notFoundDetail(old) !== undefined
      ? 'the old render said not found too'
      : old.title !== undefined
        ? `the old render's title was ${quoted(old.title, MAX_QUOTED_IN_SENTENCE)}`
        : 'the old render did not say not found'
  return { reason: 'soft-404', detail, old: oldWords }
}

function notFoundDetail(facts: RenderFacts): string | undefined {
  const status = facts.statusMeta
  if (status !== undefined && status >= 400 && status <= 599) {
    return `The render asks for status ${status} (<meta name="prerender-status-code">) but is served as a page.`
  }
  switch (notFoundWords(facts.title, facts.heading)) {
    case 'title':
      return `The render's title says the page was not found: ${quoted(facts.title, MAX_QUOTED_IN_SENTENCE)}.`
    case 'heading':
      return `The render's first heading says the page was not found: ${quoted(facts.heading, MAX_QUOTED_IN_SENTENCE)}.`
    default:
      return undefined
  }
}

/** The crawlers told not to index the page (`noindex`, or `none`), with where it was said. */
function noindexAgents(facts: RenderFacts): Map<string, string> {
  const agents = new Map<string, string>()
  for (const rule of facts.robots) {
    const directive = rule.directives.find(word => word === 'noindex' || word === 'none')
    if (directive === undefined || agents.has(rule.agent)) continue
    const where =
      rule.source === 'header'
        ? 'the X-Robots-Tag header'
        : `<meta name="${rule.agent === '*' ? 'robots' : rule.agent}">`
    agents.set(rule.agent, `${directive} in ${where}`)
  }
  return agents
}

/**
 * Crawlers the new render tells not to index the page that the old render did not (for them,
 * or for every crawler). Without the old render, every noindex is reported: what is new cannot
 * be told from what was there.
 */
function noindex(now: RenderFacts, old: RenderFacts | undefined): RenderProblem | undefined {
  const before = old === undefined ? new Map<string, string>() : noindexAgents(old)
  const added = [...noindexAgents(now)].filter(([agent]) => !before.has(agent) && !before.has('*'))
  if (added.length === 0) return undefined
  const who = andList(added.slice(0, 3).map(([agent]) => agentWords(agent)))
  const more = added.length > 3 ? ` and ${plural(added.length - 3, 'other crawler')}` : ''
  const [, where] = added[0] ?? []
  return {
    reason: 'noindex',
    detail: cut(`The render tells ${who}${more} not to index the page (${where}).`),
    ...(old !== undefined && { old: `the old render's robots rules: ${robotsWords(old)}` })
  }
}

/** A host as the site is known by: lower case, without a leading `www.`. */
function siteHost(hostname: string): string {
  const host = hostname.toLowerCase()
  return host.startsWith('www.') ? host.slice(4) : host
}

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined
  return siteHost(new URL(url).hostname)
}

/**
 * A canonical URL on another host than the site's (or the page's): search engines would index
 * that host's page instead. The scheme, the port and a leading `www.` do not make another host
 * (a site moving to https, or between www and bare, points its canonical at itself). Not new
 * when the old render's canonical was on that same host already; without the old render, a
 * problem.
 */
function canonicalOffHost(input: RenderToJudge): RenderProblem | undefined {
  const { now, old } = input
  const host = hostOf(now.canonical)
  if (host === undefined || now.canonical === undefined) return undefined
  const onSite = [hostOf(input.siteOrigin), siteHost(input.pageUrl.hostname)]
  if (onSite.includes(host)) return undefined
  if (old !== undefined && hostOf(old.canonical) === host) return undefined
  return {
    reason: 'canonical-off-host',
    detail: `The render's canonical URL is on another host: ${cut(now.canonical, 150)}.`,
    ...(old !== undefined && {
      old:
        old.canonical === undefined
          ? 'the old render had no canonical URL'
          : `the old render's canonical URL was ${cut(old.canonical, 150)}`
    })
  }
}

/**
 * JSON-LD that does not parse, where the old render's all did (or it had none): a build that
 * broke its structured data. Old blocks broken too: not new. Without the old render, any broken
 * block is reported. A block too long to read, or cut off, is not judged (structured-data.ts).
 */
function structuredDataBroken(
  now: RenderFacts,
  old: RenderFacts | undefined
): RenderProblem | undefined {
  const { blocks, broken } = now.structuredData
  if (broken === 0 || (old !== undefined && old.structuredData.broken > 0)) return undefined
  const detail =
    blocks === 1
      ? "The render's JSON-LD block does not parse."
      : `${broken} of the render's ${blocks} JSON-LD blocks do not parse.`
  if (old === undefined) return { reason: 'structured-data-broken', detail }
  const oldBlocks = old.structuredData.blocks
  return {
    reason: 'structured-data-broken',
    detail,
    old:
      oldBlocks === 0
        ? 'the old render had no JSON-LD'
        : `the old render's ${plural(oldBlocks, 'JSON-LD block')} parsed`
  }
}

/** What changed for crawlers: each field whose words differ. */
function changes(now: RenderFacts, old: RenderFacts): RenderChange[] {
  const found: RenderChange[] = []
  const add = (field: RenderChange['field'], before: string, after: string): void => {
    if (before !== after) found.push({ field, old: before, new: after })
  }
  add('title', quoted(old.title), quoted(now.title))
  add('canonical', urlWords(old.canonical), urlWords(now.canonical))
  add('robots', robotsWords(old), robotsWords(now))
  // Types are compared only when every block of both was read: a block not judged has no types.
  if (old.structuredData.unjudged === 0 && now.structuredData.unjudged === 0) {
    add('structured-data', typesWords(old), typesWords(now))
  }
  // A large drop of text: a page that lost most of what it said (an empty list, a failed part).
  if (old.visibleChars >= TEXT_DROP_FROM_CHARS && now.visibleChars * 2 < old.visibleChars) {
    add('text', textWords(old.visibleChars), textWords(now.visibleChars))
  }
  return found
}

function urlWords(url: string | undefined): string {
  return url === undefined ? '(none)' : cut(url)
}

function typesWords(facts: RenderFacts): string {
  const { types } = facts.structuredData
  return types.length === 0 ? '(none)' : cut(types.join(', '))
}
