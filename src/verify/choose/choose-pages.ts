/**
 * The pages a run checks (or a dry run previews), chosen as the sitemaps stream: the reader hands
 * each page of the site to the selection, which keeps only what this job needs (its shard's part,
 * its sample), so a million pages of long URLs are read in flat memory. The sitemap is read only
 * when a target needs it (a pattern or a tag), or for the preview. A tag that is not a folder tag
 * is traced at the edge (verify/tags/read-at-edge.ts): pages of this job's part are read for their
 * `<Prefix>-Tags` before anything is purged, within verify/tags/trace-state.ts's budget. When the
 * part a job must keep would pass the budget (verify_limit: 0 over a huge selection), nothing is
 * chosen and the caller stops the run, before anything is purged.
 */
import { USER_AGENT } from '../../core/constants.js'
import type { PurgeTargets } from '../../core/purge.js'
import { createSiteClient, type SiteClient } from '../../http/site-client.js'
import { readSitemaps, type SitemapReading } from '../../sitemap/read-sitemaps.js'
import { TAG_READ_MAX_MS, TAG_READS_MAX, type TagTraceResult } from '../tags/trace-state.js'
import { traceTags } from '../tags/read-at-edge.js'
import { exactness, foundAmong, noPageCarries, unreadableWords } from '../tags/in-words.js'
import { DEFAULTS } from '../check/options.js'
import { describeOverload } from '../explain.js'
import { overBudgetMessage, type OverBudget } from './kept-budget.js'
import { PageSelector } from './streaming-selector.js'
import type { MatchPattern } from './pattern-target.js'
import { patternMatcher } from './pattern-matcher.js'
import type { PageSelection } from './selection-shapes.js'
import { grouped, plural } from '../../text/format.js'
import type { VerifySettings } from '../settings.js'
import { systemClock, type Clock } from '../../time/clock.js'

export interface ChooseLog {
  info(message: string): void
  notice(message: string): void
  warning(message: string): void
}

export interface ChooseInput {
  readonly settings: VerifySettings
  readonly siteUrl: URL
  readonly targets: PurgeTargets
  /** Whether the targets are purged (false in mode: verify: they only choose pages). */
  readonly purging: boolean
  /** Read the sitemaps even when no target needs them: the preview tells their size. */
  readonly alwaysReadSitemap?: boolean
  /** The longest one request may take (timeout_seconds). */
  readonly requestTimeoutMs: number
  /** Where the sitemaps' time budgets are counted (as the verification's); the system's by default. */
  readonly clock?: Clock
  readonly log: ChooseLog
  readonly transport?: SiteClient
  /** What the job may keep (kept-budget.ts's budget unless a test asks for less). */
  readonly budgetBytes?: number
  /** Pages read at most to trace tags (TAG_READS_MAX unless a test asks for fewer). */
  readonly traceReads?: number
}

export interface SitemapSummary {
  readonly found: boolean
  /** The `sitemap` input is `none`. */
  readonly turnedOff: boolean
  readonly files: number
  readonly pages: number
  readonly warnings: readonly string[]
}

export interface ChosenPages {
  readonly selection: PageSelection
  /** Absent when the targets needed no sitemap. */
  readonly sitemap?: SitemapSummary
}

export type PageChoice =
  | { readonly kind: 'chosen'; readonly chosen: ChosenPages }
  /** This job's part cannot be kept: why, with the numbers and what to set. */
  | { readonly kind: 'over-budget'; readonly overBudget: OverBudget; readonly message: string }

export async function choosePages(input: ChooseInput): Promise<PageChoice> {
  // PCRE2 through the pattern module, whose chunk holds its one copy in dist/: already loaded
  // when there is a pattern (the settings checked it); a choice without one never compiles one.
  const { compilePhpPattern } = await import('../../pattern/index.js')
  const patterns = patternMatcher(compilePhpPattern)
  try {
    return await chooseWith(input, patterns.match)
  } finally {
    patterns.free()
  }
}

/** The choice, each pattern compiled once for all the batches (`matchPattern`). */
async function chooseWith(input: ChooseInput, matchPattern: MatchPattern): Promise<PageChoice> {
  const { settings, targets, log } = input
  const selector = new PageSelector({
    targets,
    purging: input.purging,
    extraPages: settings.extraPages,
    limit: settings.limit,
    ...(settings.shard && { shard: settings.shard }),
    matchPattern,
    ...(input.budgetBytes !== undefined && { budgetBytes: input.budgetBytes }),
    traceTags: true,
    ...(input.traceReads !== undefined && { traceReads: input.traceReads })
  })
  // Every tag needs the sitemap: a folder tag's pages follow from its paths, another's are
  // read among its pages.
  const needsSitemap =
    input.alwaysReadSitemap === true || targets.patterns.length > 0 || targets.tags.length > 0
  let reading: SitemapReading | undefined
  if (needsSitemap) {
    const transport = input.transport ?? createSiteClient(1)
    try {
      reading = await readSitemapInto(
        input,
        transport,
        path => selector.add(path),
        () => selector.busyMs
      )
    } finally {
      if (!input.transport) transport.close()
    }
  }
  let traced: TagTraceResult | undefined
  // A part that does not fit is refused whatever tracing finds: no page is read for it.
  const traceable = reading?.found === true && selector.tagsToTrace.length > 0
  if (traceable && !selector.overBudgetAlready()) {
    traced = await traceInto(input, selector)
  }
  const outcome = selector.finish(reading)
  if (outcome.kind === 'over-budget') {
    return {
      kind: 'over-budget',
      overBudget: outcome.overBudget,
      message: overBudgetMessage(outcome.overBudget)
    }
  }
  const { selection } = outcome
  for (const note of selection.notes) log.notice(note)
  for (const warning of selection.warnings ?? []) log.warning(warning)
  for (const { target, count, matchMs } of selection.bySitemap) {
    if (matchMs === undefined || reading === undefined) continue
    log.info(
      `Pattern ${target.item}: ${count} of ${reading.pageCount} sitemap page(s) selected by PCRE2 in ${(matchMs / 1000).toFixed(2)} s.`
    )
  }
  if (traced !== undefined) logTrace(log, selection, traced)
  return {
    kind: 'chosen',
    chosen: { selection, ...(reading && { sitemap: summarizeSitemap(reading) }) }
  }
}

/**
 * Reads `<Prefix>-Tags` on the pages the selector kept for it, at the verification's rate and
 * concurrency, and hands what it found back to the selector.
 */
async function traceInto(input: ChooseInput, selector: PageSelector): Promise<TagTraceResult> {
  const { settings, log } = input
  const { paths, candidates } = selector.pagesToTrace()
  const tags = selector.tagsToTrace
  const device = settings.devices[0]
  const rate = settings.ratePerSecond
  log.info(
    `Tracing tag(s) ${tags.join(', ')} at the edge: reading <Prefix>-Tags on up to ${grouped(paths.length)} of ${plural(candidates, 'page')} ${settings.shard ? "of this job's part " : ''}in a spread order${rate === undefined ? '' : ` at most ${rate} requests/s`}, until ${Number.isFinite(settings.limit) ? `${grouped(settings.limit)} page(s) of each tag are found` : 'every page is read'} (at most ${grouped(input.traceReads ?? TAG_READS_MAX)} requests and ${TAG_READ_MAX_MS / 1000} s).`
  )
  const transport = input.transport ?? createSiteClient(DEFAULTS.concurrency)
  try {
    const traced = await traceTags({
      tags,
      paths,
      candidates,
      siteUrl: input.siteUrl,
      userAgent: device?.userAgent ?? USER_AGENT,
      getPage: (url, userAgent, timeoutMs) => transport.getPage(url, userAgent, timeoutMs),
      requestTimeoutMs: input.requestTimeoutMs,
      concurrency: DEFAULTS.concurrency,
      ...(rate !== undefined && { ratePerSecond: rate }),
      onOverload: overload => log.info(describeOverload(overload)),
      limits: {
        perTag: settings.limit,
        maxReads: input.traceReads ?? TAG_READS_MAX,
        maxMs: TAG_READ_MAX_MS
      }
    })
    selector.addTraced(traced)
    return traced
  } finally {
    if (!input.transport) transport.close()
  }
}

/** One line per traced tag: how its pages were found and how many are checked. */
function logTrace(log: ChooseLog, selection: PageSelection, traced: TagTraceResult): void {
  const part = selection.shard !== undefined
  for (const entry of selection.bySitemap) {
    const facts = entry.trace
    if (facts === undefined) continue
    const tag = entry.target.item
    if (entry.count === 0) {
      log.warning(noPageCarries(tag, facts))
      continue
    }
    const checked = selection.pages.filter(page =>
      page.purgedBy.some(ref => ref.kind === 'tag' && ref.item === tag)
    ).length
    log.info(
      `Tag ${tag}: ${foundAmong(entry.count, facts, part)} (${exactness(facts)}); ${grouped(checked)} chosen to check.`
    )
  }
  const unreadable = unreadableWords(traced)
  if (unreadable !== undefined) log.notice(`Tracing tags: ${unreadable}`)
  log.info(
    `Tracing tags: ${plural(traced.read, 'page')} read in ${(traced.durationMs / 1000).toFixed(1)} s${traced.requests > traced.read ? ` (${grouped(traced.requests)} requests: pages not cached at first were asked again once)` : ''}.`
  )
}

/**
 * Reads the sitemaps, each page to `onPage` as it is parsed; says what was read and how long
 * the reading took, the selection's own time (`selectingMs`, PCRE2 included) left out.
 */
async function readSitemapInto(
  input: ChooseInput,
  transport: SiteClient,
  onPage: (path: string) => void,
  selectingMs: () => number
): Promise<SitemapReading> {
  const { log, siteUrl } = input
  const clock = input.clock ?? systemClock
  const started = clock.now()
  const reading = await readSitemaps(
    input.settings.sitemap,
    siteUrl,
    // Any type: a sitemap may be XML, text or a feed, and a server that negotiates must not
    // pick its HTML page for us.
    { open: (url, timeout) => transport.open(url, USER_AGENT, timeout, { accept: '*/*' }) },
    { timeoutMs: input.requestTimeoutMs, clock, onPage }
  )
  for (const notice of reading.notices) log.notice(notice)
  for (const warning of reading.warnings) log.warning(warning)
  if (reading.found) {
    const readMs = Math.max(0, clock.now() - started - selectingMs())
    log.info(
      `Sitemaps: ${reading.pageCount} page(s) on ${siteUrl.host} in ${reading.files.length} file(s), read in ${(readMs / 1000).toFixed(1)} s.`
    )
  }
  return reading
}

function summarizeSitemap(reading: SitemapReading): SitemapSummary {
  return {
    found: reading.found,
    turnedOff: reading.turnedOff,
    files: reading.files.length,
    pages: reading.pageCount,
    warnings: reading.warnings
  }
}
