/**
 * What the asset checks found, in words (pure): the counts, what a broken asset answered, what
 * the action did about it, the time until the deploy was whole. The summary, the comment, the
 * status line, the JUnit report and the commit status each lay these words out their own way;
 * the words themselves, and the state marks (vocabulary.ts), are the same everywhere.
 */
import {
  assetChecks,
  otherHostAssetsPhrase,
  type AssetResult,
  type AssetVerification
} from '../../verify/assets/asset-results.js'
import { MAX_REDIRECTS } from '../../http/redirect.js'
import { MAX_REPAIR_PURGES } from '../../verify/assets/repair-queue.js'
import type { VerifyStatus } from '../../core/constants.js'
import { elapsed, grouped, plural } from '../../text/format.js'
import { assetCountedState, ASSET_STATE_WORDS } from '../vocabulary.js'

/**
 * Distinct assets in `state`, whatever the device: counted from the list when it holds every
 * check of that state, else the checks themselves (a list of a thousand cannot tell more).
 */
export function distinctAssets(
  assets: AssetVerification,
  state: 'broken' | 'repaired' | 'not-checked'
): number {
  const listed = assets.listed.filter(result => result.state === state)
  if (listed.length < assets.counts[state]) return assets.counts[state]
  return new Set(listed.map(result => result.url)).size
}

/** `✅ 30 assets whole`, `❌ 1 of 4 assets broken · 🔧 1 repaired …`: the status line's part. */
export function assetStatusParts(assets: AssetVerification): string[] {
  const { counts } = assets
  const parts: string[] = []
  if (counts.broken > 0) {
    const { icon, word } = ASSET_STATE_WORDS.broken
    parts.push(
      `${icon} ${grouped(distinctAssets(assets, 'broken'))} of ${plural(assets.assets, 'asset')} ${word}`
    )
  } else if (counts['not-checked'] === 0 && assets.unproven === undefined) {
    const { icon, word } = ASSET_STATE_WORDS.whole
    parts.push(`${icon} ${plural(assets.assets, 'asset')} ${word}`)
  }
  for (const state of ['repaired', 'not-checked'] as const) {
    if (counts[state] > 0) parts.push(assetCountedState(state, distinctAssets(assets, state)))
  }
  if (assets.unproven !== undefined) {
    parts.push(
      `${ASSET_STATE_WORDS['not-checked'].icon} ${plural(assets.unproven.count, 'fresh page check')} with assets not proven`
    )
  }
  return parts
}

/**
 * Distinct assets whole on every device checked: the assets not listed in another state, when
 * the list holds every check of those states; else the whole checks (the list cannot tell).
 */
function wholeAssets(assets: AssetVerification): number {
  const { counts } = assets
  const notWhole = counts.repaired + counts.broken + counts['not-checked']
  if (assets.listed.length < notWhole) return counts.whole
  return Math.max(0, assets.assets - new Set(assets.listed.map(result => result.url)).size)
}

/**
 * `4 assets (8 checks): ✅ 3 whole · ❌ 1 broken · 2 assets on other hosts not checked`: the
 * assets in each state that is not zero, counted as the status line counts them (distinct
 * assets, whatever the devices).
 */
export function assetCountsLine(assets: AssetVerification): string {
  const { counts } = assets
  const parts = (['whole', 'repaired', 'broken', 'not-checked'] as const)
    .filter(state => counts[state] > 0)
    .map(state => ({
      state,
      count: state === 'whole' ? wholeAssets(assets) : distinctAssets(assets, state)
    }))
    .filter(({ count }) => count > 0)
    .map(({ state, count }) => assetCountedState(state, count))
  if (assets.otherHosts > 0) {
    parts.push(`${otherHostAssetsPhrase(assets)} not checked`)
  }
  if (assets.redirectedAway !== undefined && assets.redirectedAway > 0) {
    parts.push(`${grouped(assets.redirectedAway)} redirected to other hosts not checked`)
  }
  const head = `${plural(assets.assets, 'asset')} (${plural(assetChecks(assets), 'check')})`
  return `${head}: ${parts.join(' · ') || 'none referenced'}`
}

/**
 * `deploy whole 5.2 s after the purge was accepted`, or why it was not: beside time to fresh.
 * The deploy is whole only when every page is fresh too (`status`): assets whole beside a page
 * still stale are said as the assets' time alone.
 */
export function wholeTime(assets: AssetVerification, status: VerifyStatus): string {
  if (assets.wholeAfterMs !== undefined) {
    const after = `${elapsed(assets.wholeAfterMs)} after the purge was accepted`
    return status === 'fresh'
      ? `deploy whole ${after}`
      : `assets whole ${after}; deploy whole: — (not every page is fresh)`
  }
  if (assets.counts.broken > 0) return 'deploy whole: — (an asset is broken)'
  if (assets.counts['not-checked'] > 0) return 'deploy whole: — (not every asset was checked)'
  if (assets.unproven !== undefined) {
    return 'deploy whole: — (not every fresh page’s assets were proven)'
  }
  return 'deploy whole: —'
}

/**
 * What the asset answered, in words a person can act on: `HTTP 404 served from the cache`,
 * `HTTP 200, text/html where JavaScript was expected (a single-page app’s fallback)`. A
 * repaired asset says what it answered before its purge.
 */
export function assetAnswer(result: AssetResult): string {
  if (result.state === 'not-checked') {
    return result.httpStatus === 429
      ? 'HTTP 429 (too many requests) at every ask until the deadline: its host pushed back, so nothing says whether it loads'
      : (ASSET_STATE_WORDS['not-checked'].counted ?? '')
  }
  const redirected = redirectedTo(result)
  if (result.state === 'whole') return `${redirected}HTTP ${result.httpStatus ?? 200}`
  if (result.state === 'repaired') return `before its purge: ${repairedReason(result)}`
  const status = result.httpStatus === undefined ? 'no answer' : `HTTP ${result.httpStatus}`
  const got = result.contentType ?? 'no content type'
  const to = result.redirect?.to ?? ''
  switch (result.reason) {
    case 'redirect-loop':
      return `${status}, a redirect loop back to ${to}`
    case 'too-many-redirects':
      return `more than ${MAX_REDIRECTS} redirects (the last to ${to})`
    case 'mixed-content':
      return `${status} to ${to}: http for an https page (mixed content, which browsers block)`
    default:
      return `${redirected}${brokenAnswer(result, status, got)}`
  }
}

/** `redirected to https://…/app.js (2 redirects): ` before the chain's last answer, or ''. */
function redirectedTo(result: AssetResult): string {
  const { redirect } = result
  if (redirect === undefined) return ''
  return `redirected to ${redirect.to} (${plural(redirect.hops, 'redirect')}): `
}

/** The last answer of a broken asset whose redirects, if any, were followed. */
function brokenAnswer(result: AssetResult, status: string, got: string): string {
  switch (result.reason) {
    case 'status':
      return `${status}${result.throughCache ? ' served from the cache' : ''}`
    case 'html-fallback':
      return `${status}, ${got} where ${result.wanted} was expected (a single-page app’s fallback)`
    case 'wrong-type':
      return `${status}, ${got} where ${result.wanted} was expected`
    case 'request-failed':
      return `no answer (a network error or a timeout, after the retries)`
    case 'cors':
      return `${status} without the CORS headers a browser needs to use it on the site (Access-Control-Allow-Origin)`
    default:
      return `${status}, ${got}`
  }
}

/** Why a repaired asset was broken: its last answer (status, type) is the whole one since. */
function repairedReason(result: AssetResult): string {
  switch (result.reason) {
    case 'status':
    case undefined:
      return `a 4xx or 5xx${result.throughCache ? ' served from the cache' : ''}`
    case 'html-fallback':
      return `HTML where ${result.wanted} was expected (a single-page app’s fallback)`
    case 'wrong-type':
      return `another content type than ${result.wanted}`
    case 'request-failed':
      return 'no answer'
    case 'cors':
      return 'an answer without the CORS headers a browser needs (Access-Control-Allow-Origin)'
    case 'redirect-loop':
      return 'a redirect loop'
    case 'too-many-redirects':
      return `more than ${MAX_REDIRECTS} redirects`
    case 'mixed-content':
      return 'a redirect to http (mixed content)'
  }
}

/** What the action did about it: purged by URL (and how that went), or why it could not. */
export function assetRepair(result: AssetResult): string {
  if (result.state === 'not-checked' || result.state === 'whole') return ''
  if (result.repurgeError !== undefined) return `its purge failed: ${result.repurgeError}`
  if (result.repurged) {
    return result.state === 'repaired' ? 'purged by URL, then whole' : 'purged by URL, still broken'
  }
  switch (result.notPurged) {
    case 'other-host':
      return 'not purged: on another host than the site (the URL purge names the site’s own paths; purge it where that host is served)'
    case 'new-render':
      return 'not purged: a new render answered so, the origin serves it broken (fix it where it is built or hosted)'
    case 'no-purge-in-this-job':
      return 'not purged: this job purges nothing (mode: verify)'
    case 'page':
      return `not purged: it answers as an HTML page of the site where ${result.wanted} was expected (fix the reference or the file; a purge would drop a page nobody asked to purge)`
    case 'not-a-path':
      return 'not purged: its path is one the urls input refuses (a path starting with // reads as a host name to the service)'
    case 'repair-cap':
      return `not purged: this run already purged ${grouped(MAX_REPAIR_PURGES)} broken assets, the most one run repairs (fix what the pages reference, then run again)`
    case 'not-through-cache':
      return 'not purged: not served by the rendering cache (fix it where it is built or hosted)'
    default:
      return result.throughCache
        ? 'not purged'
        : 'not purged: not served by the rendering cache (fix it where it is built or hosted)'
  }
}

/** `and 2 more` after the pages named, or nothing when every page is named. */
export function morePages(result: AssetResult): string {
  const rest = result.pageCount - result.pages.length
  return rest > 0 ? `and ${grouped(rest)} more` : ''
}
