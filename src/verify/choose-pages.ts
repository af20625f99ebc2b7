/**
 * The pages a run checks (or a dry run previews), chosen as the sitemaps stream: the reader
 * hands each page of the site to the selection, which keeps only what this job needs (its
 * shard's part, its sample), so a million pages of long URLs are read in flat memory. The
 * sitemap is read only when a target needs it (a pattern or a folder tag), or for the preview.
 * When the part a job must keep would pass the budget (verify_limit: 0 over a huge selection),
 * nothing is chosen and the caller stops the run, before anything is purged.
 */
import { USER_AGENT } from '../core/constants.js'
import type { PurgeTargets } from '../core/purge.js'
import { createSiteClient, type SiteClient } from '../http/site-client.js'
import { readSitemaps, type SitemapReading } from '../sitemap/read-sitemaps.js'
import { isFolderTag } from './folder-tags.js'
import { overBudgetMessage, type OverBudget } from './kept-budget.js'
import { PageSelector } from './page-selector.js'
import { patternMatcher } from './pattern-pages.js'
import type { PageSelection, PatternMatch } from './selection.js'
import type { VerifySettings } from './settings.js'

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
  readonly log: ChooseLog
  readonly transport?: SiteClient
  /** What the job may keep (kept-budget.ts's budget unless a test asks for less). */
  readonly budgetBytes?: number
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
  const patterns = patternMatcher()
  try {
    return await chooseWith(input, patterns.match)
  } finally {
    patterns.free()
  }
}

/** The choice, each pattern compiled once for all the batches (`matchPattern`). */
async function chooseWith(
  input: ChooseInput,
  matchPattern: (pattern: string, paths: Iterable<string>) => PatternMatch
): Promise<PageChoice> {
  const { settings, targets, log } = input
  const selector = new PageSelector({
    targets,
    purging: input.purging,
    extraPages: settings.extraPages,
    limit: settings.limit,
    ...(settings.shard && { shard: settings.shard }),
    matchPattern,
    ...(input.budgetBytes !== undefined && { budgetBytes: input.budgetBytes })
  })
  const needsSitemap =
    input.alwaysReadSitemap === true ||
    targets.patterns.length > 0 ||
    targets.tags.some(isFolderTag)
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
  return {
    kind: 'chosen',
    chosen: { selection, ...(reading && { sitemap: summarizeSitemap(reading) }) }
  }
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
  const started = Date.now()
  const reading = await readSitemaps(
    input.settings.sitemap,
    siteUrl,
    // Any type: a sitemap may be XML, text or a feed, and a server that negotiates must not
    // pick its HTML page for us.
    { open: (url, timeout) => transport.open(url, USER_AGENT, timeout, { accept: '*/*' }) },
    { timeoutMs: input.requestTimeoutMs, onPage }
  )
  for (const notice of reading.notices) log.notice(notice)
  for (const warning of reading.warnings) log.warning(warning)
  if (reading.found) {
    const readMs = Math.max(0, Date.now() - started - selectingMs())
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
