/**
 * The verification step and the dry-run preview, wired: choose the pages
 * (verify/choose/choose-pages.ts: the sitemaps streamed through the selection when the targets need
 * them), check them on every device. A purging run chooses its pages before the purge, so that a
 * selection that cannot be kept stops the run before anything is purged. Loaded only by runs that
 * verify or preview (main.ts imports it on demand), so other runs do not pay for the XML parser.
 */
import type { PurgeTargets } from '../core/purge.js'
import { systemClock, type Clock } from '../time/clock.js'
import { grouped, wholeSeconds } from '../text/format.js'
import { firstWithin, MAX_LIST_OUTPUT_BYTES } from '../text/list-outputs.js'
import {
  choosePages,
  type ChooseInput,
  type ChosenPages,
  type PageChoice,
  type SitemapSummary
} from './choose/choose-pages.js'
import {
  clockOffsetWarning,
  describeAssets,
  describeLooksBeforePurge,
  describeOverload,
  describeRenders
} from './explain.js'
import { lookBeforePurge, type LooksBeforePurge } from './render/read-before-purge.js'
import type { PageSelection, TargetRef } from './choose/selection-shapes.js'
import { pageUrl, VERIFY_LIMITS, type VerifySettings } from './settings.js'
import { createSiteClient, type SiteClient } from '../http/site-client.js'
import { assetReader, pageReader } from './check/read-page.js'
import type { PurgeAssetPaths } from './assets/repair-queue.js'
import {
  DEFAULTS,
  verifyPages,
  type ContentProof,
  type PageToCheck,
  type Progress,
  type Verification
} from './check/verify-pages.js'

export type { LooksBeforePurge }
export type {
  Verification,
  PageSelection,
  Progress,
  ContentProof,
  ChosenPages,
  PageChoice,
  SitemapSummary
}
export { choosePages }
/** The verification's warnings in words, for the step that logs them. */
export { countryLimitWarning, goneWarning, whyNothingChecked, whyTagsUnproven } from './explain.js'

export interface VerifyLog {
  info(message: string): void
  notice(message: string): void
  warning(message: string): void
}

/** This run's purges, purged_at (mode: verify), or nothing (mode: verify: warm only). */
export type Against =
  | { readonly kind: 'purges'; readonly lastAcceptedAt: number }
  | { readonly kind: 'purged-at'; readonly at: number }
  | { readonly kind: 'warm-only' }

/** The runner's time fresh is judged against (the last acceptance); undefined: warm only. */
function lastAcceptedAtOf(against: Against): number | undefined {
  if (against.kind === 'purges') return against.lastAcceptedAt
  return against.kind === 'purged-at' ? against.at : undefined
}

export interface VerifyInput {
  readonly settings: VerifySettings
  readonly siteUrl: URL
  readonly targets: PurgeTargets
  /** The pages to check, chosen before (choosePages): before the purge, on a purging run. */
  readonly chosen: ChosenPages
  /** The runner's time each target's purge was accepted at, by `targetKey`. */
  readonly acceptedAt: ReadonlyMap<string, number>
  /**
   * What fresh is judged against. After this run's purges, the deadline (verify_timeout_seconds)
   * counts from the last acceptance; in mode: verify, from the start of this step.
   */
  readonly against: Against
  /** Page requests a second at most (the `rate` input); absent: 6 in flight is the only bound. */
  readonly ratePerSecond?: number
  /** The longest one request may take (timeout_seconds). */
  readonly requestTimeoutMs: number
  readonly log: VerifyLog
  readonly clock?: Clock
  readonly transport?: SiteClient
  /** verify_content: a check is fresh only when its page shows the build. */
  readonly content?: ContentProof
  /**
   * Purges broken assets the rendering cache serves, by URL, batched (the run's purge sender);
   * absent: broken assets are named, never purged (mode: verify purges nothing).
   */
  readonly repairAssets?: PurgeAssetPaths
  /**
   * Purges pages by URL whose new render was blank, a shell or a soft 404, to render them again
   * once (the run's purge sender); absent: they are named, never purged (mode: verify).
   */
  readonly rerenderPages?: PurgeAssetPaths
  /** The looks made before the purge for the old renders (readOldRenders), when there were any. */
  readonly looksBeforePurge?: LooksBeforePurge
}

export interface VerifyReport {
  readonly siteUrl: string
  readonly devices: readonly string[]
  readonly selection: PageSelection
  /** What fresh was judged against: this run's purges, purged_at (mode: verify), or nothing. */
  readonly against: Against
  /** The `rate` input, when given. */
  readonly ratePerSecond?: number
  /** Absent when the targets needed no sitemap. */
  readonly sitemap?: SitemapSummary
  readonly verification: Verification
}

export function targetKey(target: TargetRef): string {
  return `${target.kind}\n${target.item}`
}

export async function runVerification(input: VerifyInput): Promise<VerifyReport> {
  const { settings, siteUrl, log, against } = input
  const clock = input.clock ?? systemClock
  const lastAcceptedAt = lastAcceptedAtOf(against)
  const deadline =
    (against.kind === 'purges' ? against.lastAcceptedAt : clock.now()) + settings.timeoutMs
  const transport = input.transport ?? createSiteClient(DEFAULTS.concurrency)
  try {
    const { selection, sitemap } = input.chosen
    const { shard } = selection
    const part = shard ? `this job's part (shard ${shard.index}/${shard.count}): ` : ''
    if (shard) {
      log.info(
        `Shard ${shard.index}/${shard.count}: ${selection.inShard} of the ${selection.selectedCount} selected pages are this job's part.`
      )
    }
    if (selection.leftOut > 0) {
      log.notice(
        `verify_limit is ${settings.limit}: ${part}${selection.leftOut} of ${selection.inShard} pages are left out; a sample spread over them is checked (verify_limit: 0 checks every page).`
      )
    }
    const devices = settings.devices
    const checks = selection.pages.length * devices.length
    const deadlineFrom =
      against.kind === 'purges'
        ? 'after the last purge was accepted'
        : 'from the start of this step'
    log.info(
      `Verifying ${selection.pages.length} page(s) x ${devices.length} device(s) on ${siteUrl.origin}${input.ratePerSecond !== undefined ? ` at most ${input.ratePerSecond} requests/s` : ''} (deadline ${settings.timeoutMs / 1000} s ${deadlineFrom}).`
    )
    const leastSeconds =
      input.ratePerSecond === undefined ? 0 : Math.ceil(checks / input.ratePerSecond)
    const secondsLeft = (deadline - clock.now()) / 1000
    if (leastSeconds > secondsLeft) {
      log.warning(
        `At rate ${input.ratePerSecond}, the ${checks} checks take at least ${leastSeconds} s, but the deadline is ${Math.max(0, Math.round(secondsLeft))} s away: raise verify_timeout_seconds (up to ${VERIFY_LIMITS.timeoutSeconds.max}) or rate, or split the pages over more shards.`
      )
    }
    const checked = await verifyPages(pagesToCheck(input, lastAcceptedAt, selection), {
      getPage: pageReader(transport),
      ...(input.content && { content: input.content }),
      ...(settings.assets && {
        assets: {
          scope: { siteOrigin: siteUrl.origin, hosts: settings.assets.hosts },
          getAsset: assetReader(transport),
          ...(input.repairAssets && { repair: input.repairAssets })
        }
      }),
      ...(settings.renders && {
        renders: {
          siteOrigin: siteUrl.origin,
          expected: settings.renders.expected,
          ...(input.rerenderPages && { rerender: input.rerenderPages }),
          ...(input.looksBeforePurge && { before: input.looksBeforePurge })
        }
      }),
      clock,
      devices,
      pageCount: selection.pages.length,
      ...(lastAcceptedAt !== undefined && { lastAcceptedAt }),
      deadline,
      requestTimeoutMs: input.requestTimeoutMs,
      ...(input.ratePerSecond !== undefined && { ratePerSecond: input.ratePerSecond }),
      siteLabel: `site_url ${siteUrl.origin}`,
      onProgress: progress => log.info(describeProgress(progress)),
      onOverload: overload => log.info(describeOverload(overload))
    })
    // A tag traced to no page is a purge nothing proves: the run is not fresh, whatever the
    // other targets' pages showed.
    const verification: Verification =
      checked.status === 'fresh' && selection.uncheckedTags.length > 0
        ? { ...checked, status: 'skipped' }
        : checked
    if (verification.fatal === undefined) log.info(describeEnd(verification))
    if (verification.assets !== undefined) log.info(describeAssets(verification.assets))
    if (verification.renders !== undefined) log.info(describeRenders(verification.renders))
    const clocks =
      verification.fatal === undefined ? clockOffsetWarning(verification.skew) : undefined
    if (clocks !== undefined) log.warning(clocks)
    if (verification.endedEarly !== undefined) {
      log.info(describeEndedEarly(verification.endedEarly, deadline))
    }
    if (verification.overloads !== undefined) {
      const { count, heldBackMs } = verification.overloads
      log.notice(
        `${siteUrl.origin} pushed back ${count} time(s) (429, or Retry-After): every request of this job waited ${wholeSeconds(heldBackMs)} in all.${input.ratePerSecond === undefined ? ' Set rate' : ' Lower rate'} (this job's share of what the site takes) to spare it.`
      )
    }
    return {
      siteUrl: siteUrl.origin,
      devices: settings.devices.map(device => device.name),
      selection,
      against,
      ...(input.ratePerSecond !== undefined && { ratePerSecond: input.ratePerSecond }),
      ...(sitemap && { sitemap }),
      verification
    }
  } finally {
    if (!input.transport) transport.close()
  }
}

export type PreviewInput = Omit<ChooseInput, 'alwaysReadSitemap'>

export interface PreviewReport {
  readonly siteUrl: string
  readonly sitemap: SitemapSummary
  readonly selection: PageSelection
  /** The `preview` output's value. */
  readonly output: {
    readonly sitemap_pages: number
    /** The pages this job would check, as URLs: the first ones that fit a list output. */
    readonly selected: readonly string[]
    readonly selected_count: number
    /** With a shard: `K/N` and how many selected pages are this job's part. */
    readonly shard?: string
    readonly shard_pages?: number
    /**
     * Per tag traced at the edge: the pages found that carry it (the first ones, as URLs, and
     * how many), and whether that count is exact (every page read) or a lower bound.
     */
    readonly tags?: readonly TagPreview[]
  }
}

export interface TagPreview {
  readonly tag: string
  readonly pages: number
  readonly exact: boolean
  /** Pages read to find them, of `of` in this job's part of the sitemap. */
  readonly read: number
  readonly of: number
  readonly first: readonly string[]
}

/**
 * The blast radius of a dry run: reads robots.txt and sitemaps, and pages only to trace a tag
 * that is not a folder tag (as a visitor would; nothing is purged). Over the
 * budget, what a run would say instead (the preview keeps what a run would check).
 */
export async function runPreview(
  input: PreviewInput
): Promise<PreviewReport | Extract<PageChoice, { kind: 'over-budget' }>> {
  const { siteUrl } = input
  const choice = await choosePages({ ...input, alwaysReadSitemap: true })
  if (choice.kind === 'over-budget') return choice
  const { selection } = choice.chosen
  // Read whenever asked for: a preview always has its summary.
  const sitemap = choice.chosen.sitemap ?? {
    found: false,
    turnedOff: false,
    files: 0,
    pages: 0,
    warnings: []
  }
  return {
    siteUrl: siteUrl.origin,
    sitemap,
    selection,
    output: {
      sitemap_pages: sitemap.pages,
      // Within a list output's cap, made one URL at a time: a shard's part of long URLs would
      // pass GitHub's 1 MB for a job's outputs, and hold every URL in memory besides.
      selected: firstWithin(
        (function* () {
          for (const page of selection.pages) yield pageUrl(siteUrl, page.path).href
        })(),
        MAX_LIST_OUTPUT_BYTES
      ),
      selected_count: selection.selectedCount,
      ...(selection.shard && {
        shard: `${selection.shard.index}/${selection.shard.count}`,
        shard_pages: selection.inShard
      }),
      ...tagPreviews(siteUrl, selection)
    }
  }
}

function tagPreviews(siteUrl: URL, selection: PageSelection): { tags?: TagPreview[] } {
  const tags: TagPreview[] = []
  for (const entry of selection.bySitemap) {
    if (entry.trace === undefined) continue
    tags.push({
      tag: entry.target.item,
      pages: entry.count,
      exact: entry.trace.exact,
      read: entry.trace.read,
      of: entry.trace.candidates,
      first: entry.first.map(path => pageUrl(siteUrl, path).href)
    })
  }
  return tags.length > 0 ? { tags } : {}
}

/** What readOldRenders needs: the verification's settings and the pages chosen before the purge. */
export type OldRendersInput = Pick<
  VerifyInput,
  | 'settings'
  | 'siteUrl'
  | 'chosen'
  | 'ratePerSecond'
  | 'requestTimeoutMs'
  | 'log'
  | 'clock'
  | 'transport'
>

/**
 * On a run that purges and judges renders, before the purge: each chosen page is looked at on
 * every device for the render a crawler gets now, the one the new render will be compared with
 * (verify/render/read-before-purge.ts). Undefined when renders are not judged.
 */
export async function readOldRenders(
  input: OldRendersInput
): Promise<LooksBeforePurge | undefined> {
  const { settings, siteUrl, log } = input
  const { pages } = input.chosen.selection
  if (settings.renders === undefined || pages.length === 0) return undefined
  const transport = input.transport ?? createSiteClient(DEFAULTS.concurrency)
  try {
    const looks = await lookBeforePurge(pageUrls(siteUrl, pages), pages.length, {
      getPage: pageReader(transport),
      clock: input.clock ?? systemClock,
      devices: settings.devices,
      concurrency: DEFAULTS.concurrency,
      ...(input.ratePerSecond !== undefined && { ratePerSecond: input.ratePerSecond }),
      requestTimeoutMs: input.requestTimeoutMs,
      timeoutMs: settings.timeoutMs
    })
    log.info(describeLooksBeforePurge(looks.counts, `site_url ${siteUrl.origin}`))
    return looks
  } finally {
    if (!input.transport) transport.close()
  }
}

/** The chosen pages' URLs, built one at a time as they are taken. */
function* pageUrls(siteUrl: URL, pages: PageSelection['pages']): Generator<URL> {
  for (const page of pages) yield pageUrl(siteUrl, page.path)
}

/**
 * Each chosen page with the time its purge was accepted, made as the loop takes them (the
 * selection holds paths; URLs are built one page at a time).
 */
function* pagesToCheck(
  input: Pick<VerifyInput, 'siteUrl' | 'acceptedAt'>,
  lastAcceptedAt: number | undefined,
  selection: PageSelection
): Generator<PageToCheck> {
  for (const page of selection.pages) {
    const url = pageUrl(input.siteUrl, page.path)
    if (lastAcceptedAt === undefined) {
      yield { url }
      continue
    }
    let purgeAcceptedAt: number | undefined
    for (const target of page.purgedBy) {
      const time = input.acceptedAt.get(targetKey(target))
      if (time !== undefined) purgeAcceptedAt = Math.max(time, purgeAcceptedAt ?? time)
    }
    yield { url, purgeAcceptedAt: purgeAcceptedAt ?? lastAcceptedAt }
  }
}

/** One progress line: `12,345 of 30,000 checks done (12,100 fresh, 245 stale), ...`. */
export function describeProgress(progress: Progress): string {
  const count = (n: number): string => grouped(Math.round(n))
  const { staleNow, oldContentNow } = progress
  // Old content is past the purge: what it waits for is a render of the new build.
  const waitingFor =
    oldContentNow === 0
      ? 'the purge to reach this data center'
      : oldContentNow === staleNow
        ? 'the pages to be rendered again from the new build'
        : 'the purge to reach this data center, and old content to be rendered again'
  const eta =
    progress.etaMs !== undefined
      ? `, about ${wholeSeconds(progress.etaMs)} to go`
      : staleNow > 0
        ? `, waiting for ${waitingFor}`
        : ''
  const old = oldContentNow > 0 ? `, ${count(oldContentNow)} of them old content` : ''
  return `Progress after ${wholeSeconds(progress.elapsedMs)}: ${count(progress.done)} of ${count(progress.checks)} checks done (${count(progress.fresh)} seen fresh, ${count(staleNow)} stale now${old}), ${count(progress.requestsPerSecond)} requests/s${eta}.`
}

/** `Checked 29,700 (page, device) pairs with 29,712 requests in 30.8 s (964 requests/s).` */
export function describeEnd(
  verification: Pick<Verification, 'checks' | 'requests' | 'durationMs'>
): string {
  const count = (n: number): string => grouped(Math.round(n))
  const seconds = verification.durationMs / 1000
  const pace = seconds > 0 ? ` (${count(verification.requests / seconds)} requests/s)` : ''
  return `Checked ${count(verification.checks)} (page, device) pair(s) with ${count(verification.requests)} request(s) in ${seconds.toFixed(1)} s${pace}.`
}

/**
 * Why the checks ended before the deadline: no request could leave before it any more. Said so
 * that "stale at the deadline" and "not started" are not read as a wait that ran out.
 */
export function describeEndedEarly(
  endedEarly: NonNullable<Verification['endedEarly']>,
  deadline: number
): string {
  const early = wholeSeconds(Math.max(0, deadline - endedEarly.at))
  const why =
    endedEarly.cause === 'rate'
      ? "at this rate, the next request's turn came at or after the deadline"
      : 'the site asked (429 or Retry-After) to wait until the deadline or later'
  return `No request could leave before the deadline any more (${why}): the checks ended ${early} before it, each as it stood; those not started are counted as not started.`
}
