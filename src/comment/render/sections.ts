/**
 * The sections of the pull-request comment (pure): the targets by kind, the changed files with
 * the url_map line that mapped each, the pages each pattern and folder tag selects, the
 * requests and the time the settings imply, what the edge proved, and the warnings. Every
 * text from outside (a file name, a URL, a pattern, a tag, a service's message) goes through
 * inert() or inertCode(), which escape it and break its mentions, references and links: a
 * comment is read by people who get notified, unlike a job summary.
 */
import type { PurgeTargets } from '../../core/purge.js'
import type { PreviewReport } from '../../verify/index.js'
import { firstInOrder } from '../../verify/choose/first-in-order.js'
import { andList, elapsed, grouped, plural, setting } from '../../text/format.js'
import { inert, inertCode } from '../../text/inert-html.js'
import {
  splitUnlistedUrls,
  UNLISTED_GONE,
  UNLISTED_TYPOS,
  type ChangedFilesReport
} from '../../report/changed-files-report.js'
import { resultText } from '../../report/purge-section.js'
import type { PurgeReport, RunReport, VerificationPart } from '../../report/run-report.js'
import { countsLine, describeCheck, markWords, nextStep } from '../../report/verification.js'
import { otherBuildSentence } from '../../report/status-line.js'
import {
  assetMark,
  RENDER_CHANGE_WORDS,
  RENDER_MARKS,
  RENDER_PROBLEM_WORDS,
  renderActionWords,
  verificationMark
} from '../../report/vocabulary.js'
import { renderCountsLine } from '../../report/renders/render-section.js'
import { changedRendersIn } from '../../report/renders/render-report.js'
import type { RenderVerification } from '../../verify/render/render-results.js'
import { assetAnswer, assetCountsLine } from '../../report/assets/asset-report.js'
import type { AssetVerification } from '../../verify/assets/asset-results.js'
import type { CheckResult, PageRow } from '../../verify/check/verify-pages.js'
import { pathOnSite } from '../../text/site-path.js'

/** How much of each list the comment shows; shrunk until the comment fits. */
export interface CommentLimits {
  /** Table rows (changed files, pages not fresh). */
  readonly rows: number
  /** Items of a list (targets of a kind, unmapped files, warnings). */
  readonly items: number
  /** First pages named per pattern or folder tag. */
  readonly pages: number
}

/** Rows shown open; more are folded under a <details>. */
const OPEN_ROWS = 10

/** The longest outside text quoted whole: a 4 KiB path must not crowd out the rest. */
const MAX_QUOTED = 300

/** Outside text in <code>, cut to MAX_QUOTED with an ellipsis. */
function quoted(text: string, max = MAX_QUOTED): string {
  return inertCode(text.length > max ? `${text.slice(0, max)}…` : text)
}

/** Outside prose (a message), inert and cut. */
export function prose(text: string, max = 2000): string {
  return inert(text.length > max ? `${text.slice(0, max)}…` : text)
}

/** The first `limit` items in <code>, then a count of the rest. */
function firstItems(items: readonly string[], limit: number): string {
  const shown = items.slice(0, limit).map(item => quoted(item))
  const rest = items.length - shown.length
  if (rest > 0) shown.push(inert(`… and ${grouped(rest)} more`))
  return shown.join(' ')
}

function rowsTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `<tr>${headers.map(header => `<th>${inert(header)}</th>`).join('')}</tr>`
  const body = rows.map(row => `<tr>${row.map(cell => `<td>${cell}</td>`).join('')}</tr>`)
  return `<table>\n${head}\n${body.join('\n')}\n</table>\n`
}

/** A table open when short, its first rows open and the rest folded when long. */
function foldedTable(
  title: string,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  total: number
): string {
  if (rows.length === 0) return ''
  const rest = total - rows.length
  const more =
    rest > 0 ? `<p>${inert(`… and ${grouped(rest)} more in the job summary.`)}</p>\n` : ''
  const open = rows.length <= OPEN_ROWS ? ' open' : ''
  return `<details${open}><summary>${inert(title)}</summary>\n\n${rowsTable(headers, rows)}${more}</details>\n`
}

/** The targets by kind: how many, and the first of each. */
export function targetsSection(
  title: string,
  targets: PurgeTargets,
  notPurged: readonly string[],
  limits: CommentLimits
): string {
  const kinds: [string, readonly string[]][] = [
    ['tags', targets.tags],
    ['URLs', targets.urls],
    ['patterns', targets.patterns]
  ]
  const rows = kinds
    .filter(([, items]) => items.length > 0)
    .map(([kind, items]) => [inert(kind), grouped(items.length), firstItems(items, limits.items)])
  if (notPurged.length > 0) {
    rows.push([inert('not purged'), grouped(notPurged.length), firstItems(notPurged, limits.items)])
  }
  if (rows.length === 0) return ''
  return `<h4>${inert(title)}</h4>\n${rowsTable(['kind', 'count', 'targets'], rows)}`
}

/** The changed files: what each maps to and the url_map line that did it, then the others. */
export function changedFilesSection(changed: ChangedFilesReport, limits: CommentLimits): string {
  const { mapping } = changed
  const mapped = mapping.files.filter(file => file.outcome === 'mapped')
  const excluded = mapping.files.filter(file => file.outcome === 'excluded')
  const rules = new Map((changed.urlMapRules ?? []).map(rule => [rule.line, rule.text]))
  const rows = mapped.slice(0, limits.rows).map(file => {
    const rule = file.line === undefined ? undefined : rules.get(file.line)
    return [
      quoted(file.path),
      [...file.urls, ...file.tags.map(tag => `tag:${tag}`)].map(item => quoted(item)).join(' '),
      file.line === undefined
        ? ''
        : `${file.line}${rule === undefined ? '' : `: ${quoted(rule, 120)}`}`
    ]
  })
  const counts = [
    `${grouped(mapped.length)} mapped`,
    excluded.length > 0 ? `${grouped(excluded.length)} excluded` : '',
    `${grouped(mapping.unmapped.length)} unmapped`
  ].filter(Boolean)
  const parts = [
    `<h4>${inert(`Changed files: ${grouped(mapping.files.length)} (${counts.join(', ')})`)}</h4>\n`,
    `<p>${prose(`Range: ${changed.description}.`, 400)}</p>\n`,
    foldedTable(
      `Mapped files (${grouped(mapped.length)})`,
      ['file', 'purges', 'url_map line'],
      rows,
      mapped.length
    )
  ]
  if (mapping.unmapped.length > 0) {
    parts.push(
      `<p>${inert('Unmapped (no url_map rule matched, nothing purged for them):')} ${firstItems(mapping.unmapped, limits.items)}</p>\n`
    )
  }
  if (excluded.length > 0) {
    parts.push(
      `<p>${inert('Excluded by url_map:')} ${firstItems(
        excluded.map(file => file.path),
        limits.items
      )}</p>\n`
    )
  }
  return parts.join('')
}

/**
 * What each pattern, folder tag and header tag selects among the sitemap's pages, and the
 * first ones. `goneUrls`: URLs of deleted files (urlsOfGoneFiles), which the sitemap is
 * expected not to list.
 */
export function selectionSection(
  preview: PreviewReport,
  urls: readonly string[],
  limits: CommentLimits,
  goneUrls: ReadonlySet<string> = new Set()
): string {
  const { sitemap, selection } = preview
  const parts: string[] = []
  if (sitemap.found) {
    const purged = selection.sitemapPagesPurged ?? preview.output.selected_count
    const atLeast = selection.uncheckedTags.length > 0 ? 'at least ' : ''
    parts.push(
      `<h4>${inert(`Pages: ${atLeast}${grouped(purged)} of ${plural(sitemap.pages, 'sitemap page')} would be purged`)}</h4>\n`
    )
  } else {
    parts.push(
      `<h4>${inert('Pages')}</h4>\n<p>${inert(sitemap.turnedOff ? 'Sitemaps are turned off (sitemap: none): the pages of patterns and folder tags cannot be told.' : 'No sitemap was found: the pages of patterns and folder tags cannot be told.')}</p>\n`
    )
  }
  const { typos, gone } = splitUnlistedUrls(
    sitemap.found ? selection.urlsNotInSitemap : [],
    goneUrls
  )
  if (typos.length > 0) {
    parts.push(`<p>⚠️ ${inert(`${UNLISTED_TYPOS}:`)} ${firstItems(typos, limits.items)}</p>\n`)
  }
  if (gone.length > 0) {
    parts.push(`<p>${inert(`${UNLISTED_GONE}:`)} ${firstItems(gone, limits.items)}</p>\n`)
  }
  if (selection.uncheckedTags.length > 0) {
    parts.push(
      `<p>⚠️ ${inert('Tags whose pages the sitemap cannot tell (the service purges every page tagged so):')} ${firstItems(selection.uncheckedTags, limits.items)}</p>\n`
    )
  }
  // A tag's origin names it: a folder tag selects its pages by path in the sitemap; any other
  // tag (a header tag) is traced through the pages' tags header, read at the edge.
  const rows = selection.bySitemap.map(entry => [
    quoted(entry.target.item),
    inert(
      entry.target.kind === 'pattern'
        ? 'pattern'
        : entry.trace === undefined
          ? 'folder tag'
          : 'header tag'
    ),
    inert(
      entry.trace === undefined
        ? `${grouped(entry.count)} of ${grouped(sitemap.pages)}`
        : `${entry.trace.exact ? '' : 'at least '}${grouped(entry.count)} of ${plural(entry.trace.read, 'page')} read`
    ),
    firstItems(entry.first.slice(0, limits.pages), limits.pages) +
      (entry.count > Math.min(entry.first.length, limits.pages) ? ' …' : '')
  ])
  if (urls.length > 0) {
    const listed = sitemap.found
      ? ` (${grouped(urls.length - selection.urlsNotInSitemap.length)} in the sitemap)`
      : ''
    rows.push([
      inert('URLs'),
      inert('URL'),
      inert(`${grouped(urls.length)}${listed}`),
      firstItems(firstInOrder(urls, limits.pages), limits.pages) +
        (urls.length > limits.pages ? ' …' : '')
    ])
  }
  if (rows.length > 0) {
    parts.push(rowsTable(['target', 'kind', 'pages', 'first pages, in path order'], rows))
  }
  return parts.join('')
}

/** Requests, batches and the time the settings imply, for a plan. */
export function paceSection(report: Readonly<RunReport>): string {
  const { pace, purge, preview } = report
  if (pace === undefined || purge === undefined || purge.plan.requests.length === 0) return ''
  const requests = purge.plan.requests.length
  const rounds = Math.ceil(requests / pace.concurrency)
  const countries =
    pace.countries.length > 0 ? `, × ${plural(pace.countries.length, 'country', 'countries')}` : ''
  const lines = [
    `${plural(requests, 'purge request')} (tags and URLs in batches of up to ${grouped(pace.batchSize)}${countries}), ${grouped(pace.concurrency)} at a time (concurrency): ${plural(rounds, 'round')}.`
  ]
  const verify = pace.verify
  if (verify === undefined) {
    lines.push('Not verified at the edge (verify is off).')
  } else if (preview !== undefined) {
    const pages = preview.selection.pages.length
    const checks = pages * verify.devices
    const deadline = setting(verify.timeoutMs)
    let time = 'at most 6 requests in flight (no rate)'
    if (verify.ratePerSecond !== undefined) {
      const ms = (checks / verify.ratePerSecond) * 1000
      time = `at ${verify.ratePerSecond} requests a second (rate), at least ${elapsed(ms)} for one look at each${ms > verify.timeoutMs ? `: more than the ${deadline} deadline, so some checks would not start (raise verify_timeout_seconds or rate, or split by shard)` : ''}`
    }
    lines.push(
      `Then verified at the edge: ${plural(pages, 'page')} × ${plural(verify.devices, 'device')} = ${plural(checks, 'check')}, ${time}; deadline ${deadline} after the last purge.`
    )
  } else {
    lines.push(
      `Then verified at the edge on ${plural(verify.devices, 'device')}, deadline ${setting(verify.timeoutMs)} (site_url with dry_run counts the pages).`
    )
  }
  return `<h4>${inert('Requests')}</h4>\n${lines.map(line => `<p>${inert(line)}</p>\n`).join('')}`
}

/** What the edge proved, for a result: the counts, the time to fresh, the pages not fresh. */
export function verificationSection(
  part: VerificationPart | undefined,
  purge: PurgeReport | undefined,
  limits: CommentLimits,
  runLink: string
): string {
  if (part?.kind === 'skipped') {
    return `<h4>${inert(`At the edge: ${verificationMark('not-verified')}`)}</h4>\n<p>${prose(part.reason)}</p>\n`
  }
  if (part?.kind === 'over-budget') {
    // The run stopped before purging: the comment says why, as the summary does.
    return `<h4>${inert(`At the edge: ${verificationMark('not-started')}`)}</h4>\n<p>${prose(part.message)}</p>\n`
  }
  if (part === undefined) {
    if (purge?.results === undefined || purge.outcome.count === 0) return ''
    return `<h4>${inert(`At the edge: ${verificationMark('not-verified')}`)}</h4>\n<p>${inert('verify is off: the service accepted the purges, which can take a few minutes to reach every data center.')}</p>\n`
  }
  const { verification, selection, siteUrl, devices } = part.report
  const parts = [`<h4>${inert(`At the edge: ${verificationMark(verification.status)}`)}</h4>\n`]
  if (part.otherBuild !== undefined) {
    parts.push(`<p>${inert(otherBuildSentence(part.otherBuild, verification.measuredFrom))}</p>\n`)
  }
  if (verification.fatal !== undefined) {
    parts.push(`<p>${prose(verification.fatal)}</p>\n`)
    return parts.join('')
  }
  parts.push(
    `<p>${inert(`${plural(selection.pages.length, 'page')} × ${plural(devices.length, 'device')} on`)} ${quoted(siteUrl)}${inert(', from the data center the runner reaches.')}</p>\n`,
    `<p>${inert(countsLine(verification))}</p>\n`
  )
  const times = verification.timeToFresh
  if (times !== undefined && part.report.against.kind !== 'warm-only') {
    parts.push(
      `<p>${inert(`Time to fresh: median ${elapsed(times.medianMs)}, slowest ${elapsed(times.slowestMs)}.`)}</p>\n`
    )
  }
  const notFresh = verification.pages.filter(row => row.checks.some(isProblem))
  const rows = notFresh
    .slice(0, Math.min(limits.rows, OPEN_ROWS))
    .map(row => [
      quoted(pathOnSite(row.url, siteUrl)),
      row.checks
        .map((check, index) => inert(`${devices[index] ?? ''}: ${markWords(check)}`))
        .join('<br>'),
      seenBy(row)
    ])
  if (rows.length > 0) {
    parts.push(rowsTable(['page', 'devices', 'what the edge served'], rows))
    const rest = verification.problemPages - rows.length
    if (rest > 0) {
      parts.push(
        `<p>${inert(`… and ${plural(rest, 'more page')} not proven fresh:`)} ${runLink}.</p>\n`
      )
    }
  }
  const assets = verification.assets
  if (assets !== undefined) parts.push(assetsPart(assets, siteUrl, limits, runLink))
  const renders = verification.renders
  if (renders !== undefined) parts.push(rendersPart(renders, siteUrl, limits, runLink))
  const next = nextStep(part)
  if (next !== undefined) parts.push(`<p><strong>Next</strong>: ${inert(next)}</p>\n`)
  return parts.join('')
}

/** The assets: their counts, then a compact row per broken asset with the pages that need it. */
function assetsPart(
  assets: AssetVerification,
  siteUrl: string,
  limits: CommentLimits,
  runLink: string
): string {
  const parts = [`<p>${inert(`Assets: ${assetCountsLine(assets)}`)}</p>\n`]
  const broken = assets.listed.filter(result => result.state === 'broken')
  const rows = broken.slice(0, Math.min(limits.rows, OPEN_ROWS)).map(result => {
    const pages = result.pages.slice(0, limits.pages).map(page => quoted(pathOnSite(page, siteUrl)))
    const rest = result.pageCount - pages.length
    return [
      quoted(result.url),
      inert(`${result.device}: ${assetMark(result.state)}`),
      prose(assetAnswer(result), 400),
      [...pages, ...(rest > 0 ? [inert(`and ${grouped(rest)} more`)] : [])].join(' ')
    ]
  })
  if (rows.length === 0) return parts.join('')
  parts.push(rowsTable(['asset', 'device', 'what it answered', 'pages that need it'], rows))
  const rest = assets.counts.broken - rows.length
  if (rest > 0) {
    parts.push(`<p>${inert(`… and ${plural(rest, 'more broken asset check')}:`)} ${runLink}.</p>\n`)
  }
  return parts.join('')
}

/**
 * What crawlers get: the counts, a row per problem (page, device, what the new render has, what
 * the old one had), then a row per page that changed for crawlers; problems first.
 */
function rendersPart(
  renders: RenderVerification,
  siteUrl: string,
  limits: CommentLimits,
  runLink: string
): string {
  const parts = [`<p>${inert(`Renders: ${renderCountsLine(renders)}`)}</p>\n`]
  const open = Math.min(limits.rows, OPEN_ROWS)
  const problems = renders.listed
    .slice(0, open)
    .map(row => [
      quoted(pathOnSite(row.url, siteUrl)),
      inert(`${row.device}: ${RENDER_MARKS.bad} ${RENDER_PROBLEM_WORDS[row.reason].word}`),
      prose(row.detail, 400),
      prose(row.old ?? 'not read', 400),
      inert(renderActionWords(row))
    ])
  if (problems.length > 0) {
    parts.push(
      rowsTable(['page', 'device', 'the new render', 'the old render', 'the action'], problems)
    )
    const rest = renders.problems - problems.length
    if (rest > 0) {
      parts.push(`<p>${inert(`… and ${plural(rest, 'more render problem')}:`)} ${runLink}.</p>\n`)
    }
  }
  const changes = renders.changes
    .slice(0, open)
    .map(row => [
      quoted(pathOnSite(row.url, siteUrl)),
      inert(row.devices.join(', ')),
      row.changes
        .map(change =>
          prose(`${RENDER_CHANGE_WORDS[change.field]}: ${change.old} → ${change.new}`, 400)
        )
        .join('<br>')
    ])
  if (changes.length > 0) {
    parts.push(rowsTable(['page', 'devices', 'what changed for crawlers'], changes))
    const rest = renders.changed - changedRendersIn(renders.changes.slice(0, open))
    if (rest > 0) {
      parts.push(`<p>${inert(`… and ${plural(rest, 'more changed render')}:`)} ${runLink}.</p>\n`)
    }
  }
  return parts.join('')
}

/** Not fresh and worth a row: stale, failed, not started (the settled ones are counted). */
function isProblem(check: CheckResult | undefined): boolean {
  return check === undefined || check.state === 'stale' || check.state === 'failed'
}

/** What the devices saw, once when they agree. */
function seenBy(row: PageRow): string {
  const seen = [
    ...new Set(row.checks.map(check => describeCheck(check)).filter(text => text !== undefined))
  ]
  return seen.map(text => prose(text, 400)).join('<br>')
}

/** The purge requests of a result: the failed ones each with why, or that all were accepted. */
export function requestsSection(purge: PurgeReport, limits: CommentLimits): string {
  const results = purge.results
  if (results === undefined || results.length === 0) return ''
  const failed = results.filter(result => result.outcome !== 'purged')
  if (failed.length === 0) {
    return `<p>${inert(`${plural(results.length, 'purge request')}, all accepted by the service.`)}</p>\n`
  }
  const items = failed.slice(0, Math.max(1, limits.items)).map(result => {
    const { request } = result
    const where = request.country === undefined ? '' : ` (country ${request.country})`
    return `<li>${inert(`#${request.index + 1}, ${plural(request.items.length, request.kind === 'url' ? 'URL' : request.kind)}${where}: `)}${prose(resultText(result), 600)}</li>`
  })
  const rest = failed.length - items.length
  if (rest > 0) items.push(`<li>${inert(`… and ${grouped(rest)} more`)}</li>`)
  return `<h4>${inert(`Purge requests: ${grouped(failed.length)} of ${grouped(results.length)} not accepted`)}</h4>\n<ul>\n${items.join('\n')}\n</ul>\n`
}

/** The warnings of the run (the match-all guard's, the inputs', the mapping's). */
export function warningsSection(warnings: readonly string[], limits: CommentLimits): string {
  if (warnings.length === 0) return ''
  const shown = warnings
    .slice(0, Math.max(3, limits.items))
    .map(warning => `<li>${prose(warning, 600)}</li>`)
  const rest = warnings.length - shown.length
  if (rest > 0) shown.push(`<li>${inert(`… and ${grouped(rest)} more, in the log`)}</li>`)
  return `<h4>${inert(`Warnings (${grouped(warnings.length)})`)}</h4>\n<ul>\n${shown.join('\n')}\n</ul>\n`
}

/** What stopped a run before it purged: said in a sentence, the job summary has the rest. */
export function stoppedSection(report: Readonly<RunReport>): string {
  const reasons: string[] = []
  if (report.changedFilesFailure !== undefined) {
    reasons.push(
      `The changed files could not be listed, so nothing was purged: ${report.changedFilesFailure.error}`
    )
  }
  const origin = report.origin
  if (origin !== undefined && !origin.wait.ready && !origin.dryRun) {
    reasons.push(
      `origin_url never showed build ${origin.build.text} within ${setting(origin.timeoutMs)}, so nothing was purged (a purge then would cache what it served instead).`
    )
  }
  if (report.unexpectedError !== undefined) {
    reasons.push(`The run stopped on an unexpected error: ${report.unexpectedError}`)
  }
  return reasons.map(reason => `<p>❌ ${prose(reason)}</p>\n`).join('')
}

/** `1 tag and 3 URLs` of a fingerprint's counts. */
export function countsOf(targets: readonly [number, number, number]): string {
  const [tags, urls, patterns] = targets
  const parts = [
    tags > 0 ? plural(tags, 'tag') : '',
    urls > 0 ? plural(urls, 'URL') : '',
    patterns > 0 ? plural(patterns, 'pattern') : ''
  ].filter(Boolean)
  return parts.length === 0 ? 'nothing' : andList(parts)
}
