/**
 * What the log says about a verification besides its verdict, as sentences (pure): that a purge
 * limited to some countries cannot be proved from this runner, that the edge's clock is far from
 * the runner's, that the site was overloaded, which pages are not there (404/410), why no page
 * was checked, and how the assets of the fresh pages were found. Each says what to change; the
 * step prints them.
 */
import { andList, elapsed, grouped, plural } from '../text/format.js'
import type { SitemapRequest } from '../sitemap/read-sitemaps.js'
import {
  clocksFarApart,
  datesUntrusted,
  skewMs,
  type SkewEstimate
} from './judge/edge-clock-skew.js'
import type { PageSelection } from './choose/selection-shapes.js'
import type { CheckResult } from './check/verify-pages.js'
import type { Overload } from './check/options.js'
import type { LookCounts, RenderVerification } from './render/render-results.js'
import { comparedWords } from './render/render-words.js'
import { MAX_LOOKS_BEFORE_PURGE } from './render/read-before-purge.js'
import {
  assetChecks,
  cutPagesPhrase,
  unprovenPhrase,
  leftOutPhrase,
  otherHostAssetsPhrase,
  type AssetVerification
} from './assets/asset-results.js'

/** Pages named in one warning; the rest are counted (the summary lists them). */
export const MAX_NAMED_PAGES = 10

/**
 * Said before the checks when the purges were limited to countries: the runner reaches one data
 * center and, on a Cache By Country site, is served its own country's entries, so it can prove a
 * purge of other countries' entries neither fresh nor stale.
 */
export function countryLimitWarning(
  countries: readonly string[],
  mode: 'fail' | 'warn'
): string | undefined {
  if (countries.length === 0 || countries.includes('ALL')) return undefined
  const list = countries.join(', ')
  const where = countries.length === 1 ? `in ${list}` : `in one of ${list}`
  const instead =
    mode === 'fail' ? `, or set verify: warn so that stale checks do not fail the step` : ''
  return `The purges were limited to country ${list}, but verification checks from this runner: it reaches one data center and, on a Cache By Country site, is served its own country's entries. Unless the runner is ${where}, those entries were not purged and may stay stale until the deadline, so the purge cannot be proved from here. Verification still runs; to prove it, verify from a runner ${where}${instead}.`
}

/**
 * Said after the checks when the edge's clock, as its `Date` headers measured it, is more than 5
 * min from the runner's, with whether that changed the verdicts (datesUntrusted,
 * verify/judge/edge-clock-skew.ts); undefined when the clocks are closer or were never measured.
 */
export function clockOffsetWarning(skew: SkewEstimate): string | undefined {
  if (!clocksFarApart(skew)) return undefined
  const offset = skewMs(skew)
  const apart = `The edge's clock is ${elapsed(Math.abs(offset))} ${offset > 0 ? 'ahead of' : 'behind'} the runner's (from its Date headers): more than 5 min apart, so one of them is wrong.`
  const check = `Check the runner's clock (NTP), or report the edge's clock to the service's support.`
  return datesUntrusted(skew)
    ? `${apart} Some of its cache dates came after its own Date, so its clocks disagree: a page counted as fresh only when its cache date is after the purge in both clocks, the edge's and the runner's, so pages rendered after the purge may show as stale. ${check}`
    : `${apart} Its cache dates agree with its Date, so each page was placed by the edge's clock. ${check}`
}

/**
 * Names the pages that answered 404 or 410 (with the status, and the devices when not every
 * device's check did): not there, so nothing stale is served, but not proved fresh either.
 * `listed` are the checks the verification kept (at most a thousand gone ones); `goneChecks`
 * counts them all, and `devices` says how many checks one page has.
 */
export function goneWarning(
  listed: readonly CheckResult[],
  goneChecks: number,
  devices: number
): string | undefined {
  if (goneChecks === 0) return undefined
  const gone = new Map<string, CheckResult[]>()
  for (const check of listed) {
    if (check.state === 'gone') gone.set(check.url, [...(gone.get(check.url) ?? []), check])
  }
  const named = [...gone].slice(0, MAX_NAMED_PAGES).map(([url, pageChecks]) => {
    const statuses = new Set(pageChecks.map(check => statusText(check)))
    if (statuses.size === 1 && pageChecks.length === devices)
      return `${url} (${[...statuses].join('')})`
    const each = pageChecks.map(check => `${statusText(check)} on ${check.device}`).join(', ')
    return `${url} (${each})`
  })
  const namedChecks = [...gone].slice(0, MAX_NAMED_PAGES).reduce((sum, [, c]) => sum + c.length, 0)
  const moreChecks = goneChecks - namedChecks
  const rest =
    moreChecks > 0
      ? ` and ${moreChecks} more check(s) (${goneChecks} in all, listed in the job summary)`
      : ''
  const pages =
    moreChecks > 0
      ? 'Pages answered'
      : gone.size === 1
        ? '1 page answered'
        : `${gone.size} pages answered`
  return `${pages} 404 or 410 at the edge: ${named.join(', ')}${rest}. Such a page is not there, so nothing stale is served, but it is not counted as fresh either. If a page should exist, check its path (in verify_urls or urls) and site_url.`
}

function statusText(check: CheckResult): string {
  return check.httpStatus === undefined ? '404/410' : `HTTP ${check.httpStatus}`
}

export interface NothingCheckedInput {
  readonly selection: PageSelection
  /** How many patterns were purged. */
  readonly patterns: number
  /** Absent when the targets needed no sitemap. */
  readonly sitemapFound?: boolean
  readonly sitemapRequest: SitemapRequest
  readonly siteUrl: string
}

/** Why the purged targets selected no page to check, and what to change: for the log. */
export function whyNothingChecked(input: NothingCheckedInput): string {
  const { selection } = input
  const reasons: string[] = []
  const folderTags = selection.uncheckedTags.filter(tag => tag.startsWith('folder-'))
  const otherTags = selection.uncheckedTags.filter(tag => !tag.startsWith('folder-'))
  if (otherTags.length > 0) {
    reasons.push(
      input.sitemapFound === true
        ? `no page read at the edge carries the tag(s) ${quoteList(otherTags)} (a typo, or pages not in the sitemap)`
        : `the tag(s) ${quoteList(otherTags)} name no pages the action can find without a sitemap`
    )
  }
  if (input.sitemapFound === false) {
    const why =
      input.sitemapRequest.kind === 'none'
        ? 'sitemaps are turned off (sitemap: none)'
        : `no sitemap was found for ${input.siteUrl} (name one in sitemap)`
    const what = [
      input.patterns > 0 ? 'the pattern' : '',
      folderTags.length > 0 ? `the folder tag(s) ${quoteList(folderTags)}` : ''
    ].filter(Boolean)
    if (what.length > 0)
      reasons.push(`${why}, so no page could be chosen for ${what.join(' and ')}`)
  }
  for (const entry of selection.bySitemap) {
    // A traced tag with no page is among the tags above.
    if (entry.count > 0 || entry.trace !== undefined) continue
    const kind = entry.target.kind === 'pattern' ? 'the pattern' : 'the folder tag'
    reasons.push(`${kind} ${entry.target.item} selects none of the sitemap's pages`)
  }
  const { shard, shardsOfSelected } = selection
  if (shard !== undefined && shardsOfSelected !== undefined) {
    // Not a mistake: the pages are other jobs' part of the matrix.
    const parts = shardsOfSelected.map(index => `${index}/${shard.count}`)
    const where = parts.length === 1 ? `shard ${parts[0]}` : `shards ${andList(parts)}`
    return `no page was checked: this job's part (shard ${shard.index}/${shard.count}) holds none of the ${plural(selection.selectedCount, 'selected page')}; ${selection.selectedCount === 1 ? 'it is' : 'they are'} in ${where}, which the other jobs of the matrix check.`
  }
  if (reasons.length === 0) reasons.push('the purged targets select no page')
  return `no page was checked: ${reasons.join('; ')}. List the pages to check in verify_urls.`
}

/**
 * Pages were checked, but some tag was traced to none: verify_status is skipped rather than
 * fresh, and the log says why.
 */
export function whyTagsUnproven(tags: readonly string[], fresh: number): string {
  return `the purge of the tag(s) ${quoteList(tags)} is not proven: no page read carries ${tags.length === 1 ? 'it' : 'them'} (a typo, or pages not in the sitemap; list them in verify_urls), so verify_status is skipped rather than fresh (${fresh} check(s) of the other targets seen fresh).`
}

function quoteList(items: readonly string[]): string {
  const shown = items.slice(0, MAX_NAMED_PAGES).map(item => `'${item}'`)
  const more = items.length - shown.length
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ')
}

/** `The site answered 429 (Retry-After: 10): every request waits 10 s, then 3 in flight at most.` */
export function describeOverload(overload: Overload): string {
  const why =
    overload.retryAfter === undefined
      ? `HTTP ${overload.status}`
      : `HTTP ${overload.status} with Retry-After: ${overload.retryAfter}`
  const pause = (overload.pauseMs / 1000).toFixed(1)
  if (overload.host !== undefined) {
    return `${overload.host} answered ${why}: its requests wait ${pause} s, then at most ${overload.inFlight} in flight to it, raised again as answers come (the site's own requests go on).`
  }
  return `The site answered ${why}: every request waits ${pause} s, then at most ${overload.inFlight} in flight, raised again as answers come.`
}

/**
 * The asset checks in one log line: how many assets, how each (asset, device) check ended, and
 * the third parties' references left alone. The broken ones are named by the verdict, the
 * summary and the `broken_assets` output.
 */
export function describeAssets(assets: AssetVerification): string {
  const { counts } = assets
  const checks = assetChecks(assets)
  const ended = [
    `${counts.whole} whole`,
    counts.repaired > 0 ? `${counts.repaired} repaired by a purge` : '',
    counts.broken > 0 ? `${counts.broken} broken` : '',
    counts['not-checked'] > 0 ? `${counts['not-checked']} not checked before the deadline` : ''
  ].filter(Boolean)
  const hosts = assets.hosts.length > 0 ? ` (on the site and ${andList(assets.hosts)})` : ''
  const others =
    assets.otherHosts > 0
      ? `; ${otherHostAssetsPhrase(assets)} not requested (a third party's)`
      : ''
  const away =
    assets.redirectedAway !== undefined && assets.redirectedAway > 0
      ? `; ${plural(assets.redirectedAway, 'check')} redirected to other hosts, not requested (${(
          assets.awayTargets ?? []
        )
          .map(({ url, to }) => `${url} to ${to}`)
          .join(', ')})`
      : ''
  const cut = cutPagesPhrase(assets)
  const cutPages = cut === undefined ? '' : `; ${cut}`
  const unproven = unprovenPhrase(assets)
  const notProven = unproven === undefined ? '' : `; ${unproven}`
  const left = leftOutPhrase(assets)
  const leftOut = left === undefined ? '' : `; ${left}`
  const whole =
    assets.wholeAfterMs === undefined ? '' : `; whole after ${elapsed(assets.wholeAfterMs)}`
  return `Assets of the fresh pages: ${plural(assets.assets, 'asset')}${hosts}, ${plural(checks, 'check')} over the devices with ${plural(assets.requests, 'request')}: ${ended.join(', ')}${others}${away}${cutPages}${leftOut}${notProven}${whole}.`
}

/** Problems named one by one in the log, at most: the summary and `render_problems` list more. */
const RENDER_PROBLEMS_LOGGED = 10

/**
 * The render judging in the log: how many new renders were judged and compared with the old
 * one, the problems by reason (the first ones named with page and device), and how many
 * changed for crawlers.
 */
export function describeRenders(renders: RenderVerification): string {
  const byReason = new Map<string, number>()
  for (const row of renders.listed) byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + 1)
  const compared = comparedWords(renders)
  const problems =
    renders.badRenders === 0
      ? 'no problem'
      : `${plural(renders.badRenders, 'render')} with a problem (${[...byReason]
          .map(([reason, count]) => `${count} ${reason}`)
          .join(', ')}${renders.problems > renders.listed.length ? ', and more' : ''})`
  const changed =
    renders.changed > 0 ? `; ${plural(renders.changed, 'render')} changed for crawlers` : ''
  const notJudged =
    renders.notJudged > 0
      ? `; ${plural(renders.notJudged, 'fresh check')} not judged (the render read only in part, not HTML, or not read before the checks ended)`
      : ''
  const named = renders.listed
    .slice(0, RENDER_PROBLEMS_LOGGED)
    .map(
      row =>
        `\n  ${row.url} (${row.device}): ${row.reason}: ${row.detail}${row.old === undefined ? '' : ` (old render: ${row.old})`}`
    )
    .join('')
  return `Renders of the fresh pages: ${plural(renders.judged, 'render')} judged, ${compared}: ${problems}${changed}${notJudged}.${named}`
}

/**
 * The looks before the purge in the log: `Before the purge, 2,000 (page, device) pairs looked at
 * with 2,000 requests in 3.1 s for the old renders: 1,990 read, 10 with none cached.`, and why
 * they ended early, when they did.
 */
export function describeLooksBeforePurge(looks: LookCounts, siteLabel: string): string {
  const looked = looks.oldRenders + looks.noneCached + looks.notRead
  const found = [
    `${grouped(looks.oldRenders)} read`,
    looks.noneCached > 0 ? `${grouped(looks.noneCached)} with none cached` : '',
    looks.notRead > 0
      ? `${grouped(looks.notRead)} not read (no answer, a 5xx, or read only in part)`
      : ''
  ].filter(Boolean)
  const why =
    looks.ended === 'cap'
      ? `the looks stop at ${grouped(MAX_LOOKS_BEFORE_PURGE)}`
      : looks.ended === 'time'
        ? `the purge waits for them ${Math.round(looks.limitMs / 1000)} s at most`
        : `${siteLabel} pushed back (429, or Retry-After), so the purge is not held for them`
  const left =
    looks.left > 0
      ? ` ${plural(looks.left, 'other check')} had none (${why}): their first look after the purge reads the old render while the edge still serves it.`
      : ''
  return `Before the purge, ${plural(looked, '(page, device) pair')} looked at with ${plural(looks.requests, 'request')} in ${elapsed(looks.durationMs)} for the old renders: ${found.join(', ')}.${left}`
}
