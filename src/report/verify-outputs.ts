/**
 * What a verification tells the workflow beside its summary: its outputs (and their values when
 * no verification ran: input problems, a failed purge, a dry run, ...: every step that ends a
 * run early sets them, so that later workflow steps always find them), and its verdict in the
 * log, a line when it passed, or a warning (verify: warn) or the step failed, naming what the
 * counts say and the outputs that list it.
 */
import { everyPageFresh, Output, type VerifyStatus } from '../core/constants.js'
import { otherBuildWords } from '../build/commit-relation.js'
import { andList, shortSha } from '../text/format.js'
import { OUTPUT_DEFAULTS } from './output-defaults.js'
import type { OtherBuildLive } from './run-report.js'
import {
  ASSET_STATE_WORDS,
  countedWords,
  PAGE_STATE_WORDS,
  renderActionValue,
  stateWords,
  type PageState
} from './vocabulary.js'
import type { Verification } from '../verify/check/verify-pages.js'

/** The outputs the verification sets. */
const VERIFY_OUTPUTS = [
  Output.VerifyStatus,
  Output.Stale,
  Output.VerifySeconds,
  Output.Warm,
  Output.Shard,
  Output.PagesSelected,
  Output.PagesChecked,
  Output.BrokenAssets,
  Output.WholeSeconds,
  Output.RenderProblems,
  Output.RenderChanges
] as const

/** Each verification output at its value for "nothing was checked" (output-defaults.ts). */
export function skippedVerifyOutputs(): Record<string, string> {
  return Object.fromEntries(VERIFY_OUTPUTS.map(name => [name, OUTPUT_DEFAULTS[name]]))
}

/**
 * `verify_seconds`: the slowest time to fresh, only when every verifiable check was fresh (a
 * number of a verification that ended stale, or that proved nothing fresh, would mislead).
 */
export function verifySecondsOutput(
  verification: Pick<Verification, 'status' | 'timeToFresh'>
): string {
  const times = verification.timeToFresh
  if (!everyPageFresh(verification.status) || times === undefined) return ''
  return (times.slowestMs / 1000).toFixed(1)
}

/**
 * `whole_seconds`: from the last purge's acceptance until the last asset check ended whole, only
 * when every page was fresh and every asset whole (or repaired).
 */
export function wholeSecondsOutput(verification: Pick<Verification, 'status' | 'assets'>): string {
  const whole = verification.assets?.wholeAfterMs
  const allWhole = verification.status === 'fresh' || verification.status === 'bad-render'
  if (!allWhole || whole === undefined) return ''
  return (whole / 1000).toFixed(1)
}

/** One entry of the `broken_assets` output, in the names action.yml documents. */
export interface BrokenAssetOutput {
  readonly url: string
  readonly device: string
  readonly kind: string
  readonly reason: string
  /** The last answer's status; null when none came. */
  readonly status: number | null
  /** The last answer's media type; null without one. */
  readonly content_type: string | null
  readonly pages: readonly string[]
  /** Where its redirects led (the last URL asked or refused); null when it was not redirected. */
  readonly redirected_to: string | null
  /** How many redirects it took; 0 when none. */
  readonly redirects: number
}

/** `broken_assets`: the broken (asset, device) checks only, not the repaired ones. */
export function brokenAssets(verification: Pick<Verification, 'assets'>): BrokenAssetOutput[] {
  return (verification.assets?.listed ?? [])
    .filter(asset => asset.state === 'broken')
    .map(asset => ({
      url: asset.url,
      device: asset.device,
      kind: asset.kind,
      reason: asset.reason ?? 'status',
      status: asset.httpStatus ?? null,
      content_type: asset.contentType ?? null,
      pages: asset.pages,
      redirected_to: asset.redirect?.to ?? null,
      redirects: asset.redirect?.hops ?? 0
    }))
}

/** One entry of the `render_problems` output, in the names action.yml documents. */
export interface RenderProblemOutput {
  readonly url: string
  readonly device: string
  readonly reason: string
  readonly detail: string
  /** What the old render had; null when it was not read. */
  readonly old: string | null
  /** What the action did: reported, or rendered again by a purge (renderActionValue). */
  readonly action: string
}

/** `render_problems`: each problem of a fresh page's new render, page and device. */
export function renderProblems(verification: Pick<Verification, 'renders'>): RenderProblemOutput[] {
  return (verification.renders?.listed ?? []).map(row => ({
    url: row.url,
    device: row.device,
    reason: row.reason,
    detail: row.detail,
    old: row.old ?? null,
    action: renderActionValue(row.rerender)
  }))
}

/** One entry of the `render_changes` output: what a crawler now sees differently on a page. */
export interface RenderChangeOutput {
  readonly url: string
  readonly devices: readonly string[]
  readonly changes: readonly {
    readonly field: string
    readonly old: string
    readonly new: string
  }[]
}

/** `render_changes`: per page (and the devices where it is the same), what changed for crawlers. */
export function renderChanges(verification: Pick<Verification, 'renders'>): RenderChangeOutput[] {
  return (verification.renders?.changes ?? []).map(row => ({
    url: row.url,
    devices: row.devices,
    changes: row.changes
  }))
}

/** Where the verdict is said: the step's log, its warnings, its failure. */
export interface VerdictLog {
  info(message: string): void
  warning(message: string): void
  setFailed(message: string): void
}

export interface VerificationCounts {
  readonly stale: number
  readonly failed: number
  readonly unverifiable: number
  /** Answers whose `<Prefix>-Bypass` said the edge skipped its cache: not provable either. */
  readonly bypassed: number
  /** Stale checks whose page showed another build (verify_content). */
  readonly oldContent: number
  /** Failed checks whose edge's clocks disagreed (a cache date after its own Date). */
  readonly clocksDisagree: number
  /** Pages that answered 404 or 410: settled, but not fresh. */
  readonly gone: number
  readonly checks: number
  readonly notReached: number
  /** (asset, device) checks broken at the end, and the distinct assets among them. */
  readonly brokenAssets?: number
  readonly brokenAssetUrls?: number
  /** Another build live in this run's place: a newer one, or the rollback (status rolled-back). */
  readonly otherBuild?: OtherBuildLive
  /** (asset, device) checks the deadline left: nothing proved those pages can render. */
  readonly notCheckedAssets?: number
  /** Fresh (page, device) checks whose cached render was read in part, or not at all. */
  readonly unprovenAssets?: number
  /** Fresh (page, device) checks whose new render has a problem for crawlers. */
  readonly badRenders?: number
  readonly timeoutSeconds: number
  /** What the deadline counts from, in words. */
  readonly deadlineFrom: string
  /** Why no page was checked, when none was. */
  readonly nothingChecked?: string
}

/** `2 check(s) unverifiable (DYNAMIC)`: a count of checks in the log, in the table's words. */
function checksIn(state: PageState, count: number): string {
  return `${count} check(s) ${countedWords(state)}`
}

/** The verification's verdict in the log: a line, a warning (verify: warn) or the step failed. */
export function concludeVerification(
  io: VerdictLog,
  status: VerifyStatus,
  mode: 'fail' | 'warn' | 'off',
  fatal: string | undefined,
  counts: VerificationCounts
): void {
  if (fatal !== undefined) {
    io.setFailed(`Verification failed: ${fatal}`)
    return
  }
  const other = counts.otherBuild
  if (other?.kind === 'rolled-back') {
    const message = `Verification: rolled back: origin_url went back to ${otherBuildWords(other.commit, { kind: 'older' })} after this run's build was live, so this run's build is no longer what the site serves; the checks ended at once, and no page was purged again after it (${counts.checks} check(s) made; see the job summary).`
    if (mode === 'warn') io.warning(message)
    else io.setFailed(message)
    return
  }
  // Named as the summary counts them (report/vocabulary.ts), with what they mean here.
  const dynamic =
    counts.unverifiable > 0
      ? ` ${checksIn('unverifiable', counts.unverifiable)}: the edge does not serve its cache to this client, so they cannot be verified (listed in the job summary).`
      : ''
  const bypassed =
    counts.bypassed > 0
      ? ` ${checksIn('bypassed', counts.bypassed)}: answered past the cache (a *-Bypass header), so they cannot be verified (listed in the job summary with the edge's reason).`
      : ''
  const gone =
    counts.gone > 0
      ? ` ${checksIn('gone', counts.gone)}: nothing stale is served, but not counted as fresh (named in the warning above).`
      : ''
  if (status === 'fresh') {
    const verified = counts.checks - counts.unverifiable - counts.bypassed - counts.gone
    const newer =
      other?.kind !== 'superseded'
        ? ''
        : ` Superseded by ${shortSha(other.commit)}, a newer build that holds this run's commit: a page showing it counted as fresh.`
    io.info(
      `Verification: every verifiable page is fresh at the edge (${verified} of ${counts.checks} check(s)).${newer}${gone}${dynamic}${bypassed}`
    )
    return
  }
  if (status === 'skipped') {
    const why = counts.nothingChecked ?? 'no page could be proved fresh.'
    io.info(`Verification: ${why}${gone}${dynamic}${bypassed}`)
    return
  }
  const what = [
    counts.stale > counts.oldContent
      ? `${counts.stale - counts.oldContent} check(s) still ${stateWords('stale')} at the deadline, ${counts.timeoutSeconds} s ${counts.deadlineFrom} (raise verify_timeout_seconds if purges take longer to reach this data center)`
      : '',
    counts.oldContent > 0
      ? `${checksIn('old-build', counts.oldContent)} at the deadline: rendered again after the purge from an origin that did not serve the new build yet (old content; see the job summary for what to do)`
      : '',
    counts.failed > 0
      ? `${counts.failed} check(s) ${PAGE_STATE_WORDS.failed.commitStatus}${counts.clocksDisagree > 0 ? ` (${counts.clocksDisagree} because the edge's clocks disagree: a cache date after the answer's own Date, which no single clock writes, so its dates prove nothing)` : ''}`
      : '',
    counts.notReached > 0
      ? `${checksIn('not-started', counts.notReached)} (verify_timeout_seconds: ${counts.timeoutSeconds})`
      : '',
    brokenAssetsWords(counts),
    (counts.notCheckedAssets ?? 0) > 0
      ? `${counts.notCheckedAssets} asset check(s) ${ASSET_STATE_WORDS['not-checked'].counted} (verify_timeout_seconds: ${counts.timeoutSeconds}): nothing proved the fresh pages can render`
      : '',
    (counts.unprovenAssets ?? 0) > 0
      ? `${counts.unprovenAssets} fresh page check(s) whose assets were not proven (the cached render was read only in part, or not read before the deadline; named in the job summary): nothing proved those pages can render`
      : '',
    (counts.badRenders ?? 0) > 0
      ? `${counts.badRenders} fresh page check(s) whose new render a crawler should not get (blank, an unrendered shell, a soft 404, or a noindex, canonical or structured data the build broke; named in the job summary)`
      : ''
  ]
    .filter(Boolean)
    .join('; ')
  const outputs = outputsNaming(status, counts)
  const message = `Verification: ${what} (see ${outputs} and the job summary).${gone}${dynamic}${bypassed}`
  if (mode === 'warn') io.warning(message)
  else io.setFailed(message)
}

/** The outputs that name what the verdict counts: `the 'stale' and 'broken_assets' outputs`. */
function outputsNaming(status: VerifyStatus, counts: VerificationCounts): string {
  const names = [
    // Not fresh (concluded before): broken or bad-render, whose pages are all fresh.
    everyPageFresh(status) ? '' : 'stale',
    (counts.brokenAssets ?? 0) > 0 ? 'broken_assets' : '',
    (counts.badRenders ?? 0) > 0 ? 'render_problems' : ''
  ]
    .filter(Boolean)
    .map(name => `'${name}'`)
  return `the ${andList(names)} output${names.length === 1 ? '' : 's'}`
}

/** `2 asset(s) broken at the edge (3 asset check(s) over the devices): ...`, or ''. */
function brokenAssetsWords(counts: VerificationCounts): string {
  const checks = counts.brokenAssets ?? 0
  if (checks === 0) return ''
  const assets = counts.brokenAssetUrls ?? checks
  return `${assets} asset(s) that fresh pages reference broken at the edge (${checks} asset check(s) over the devices): those pages cannot render`
}
