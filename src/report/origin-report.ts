/**
 * The job summary's parts for the wait for the origin, as values (pure): a small section when
 * the origin was ready (or looked at once on a dry run), and the failure when it never showed
 * the build, which ends the run before anything is purged. Each is a section of its own over
 * plain data (OriginReport), so a later layout can place them where it likes.
 */
import { shortBuild, type BuildId } from '../build/build-id.js'
import { otherBuildWords, servedInstead } from '../build/commit-relation.js'
import type { PurgeTargets } from '../core/purge.js'
import type { OriginLook } from '../origin/readiness.js'
import { describeLook } from '../origin/describe-look.js'
import type { OriginWait } from '../origin/wait.js'
import { code, escapeHtml, foldedList, table } from '../text/html.js'
import { shortSha, tenths } from '../text/format.js'

export interface OriginReport {
  /** origin_url as polled. */
  readonly url: string
  readonly build: BuildId
  readonly timeoutMs: number
  readonly dryRun: boolean
  readonly wait: OriginWait
  /** Runner's clock: when the wait began (the summary's timeline starts there). */
  readonly startedAt?: number
}

/** The section of a run that waited (or, on a dry run, looked once). */
export function renderOriginSection(report: OriginReport): string {
  const { wait } = report
  const build = code(report.build.text)
  const rows = detailRows(report)
  if (wait.stopped === 'cached') {
    return `<h3>Origin: ⚠️ origin&#95;url is answered by the rendering cache (dry run)</h3>\n<p>${escapeHtml(`Dry run: ${CACHED_WHY} A real run would fail at once and purge nothing.`)}</p>\n${table(['origin', 'value'], rows)}<p>${escapeHtml(CACHED_ADVICE)}</p>\n`
  }
  const title =
    wait.supersededBy !== undefined
      ? `✅ superseded by ${code(shortSha(wait.supersededBy))}, a newer build`
      : wait.ready
        ? `✅ build ${build} is live`
        : `⏳ build ${build} is not live yet (dry run)`
  const note =
    wait.supersededBy !== undefined
      ? `<p>${escapeHtml(`The origin showed ${otherBuildWords(wait.supersededBy, { kind: 'newer' })} in place of build ${shortBuild(report.build)}: this run's changes are live in it, so the purges were sent then, ${tenths(wait.elapsedMs)} after the wait began.`)}</p>\n`
      : wait.ready
        ? `<p>The purges were sent once the origin showed the build: ${tenths(wait.elapsedMs)} after the wait began.</p>\n`
        : '<p>Dry run: the origin was looked at once. A real run would wait for it (up to <code>origin&#95;timeout&#95;seconds</code>) before purging.</p>\n'
  return `<h3>Origin: ${title}</h3>\n${note}${table(['origin', 'value'], rows)}`
}

/** Why an origin_url the rendering cache answers can never show the build, in one sentence. */
const CACHED_WHY =
  'origin_url is answered by the rendering cache, not by the origin: a cached answer shows what was cached before and cannot change until a purge, which waits for it.'
const CACHED_ADVICE =
  'Point origin_url at the origin server itself: a health or version URL on the origin’s own address, which bypasses the cache (e.g. https://origin.example.com/version.txt).'

/** The summary of a run that stopped because the origin never showed the build. */
export function renderOriginTimeout(report: OriginReport, targets: PurgeTargets): string {
  const { wait } = report
  if (wait.stopped === 'cached') return renderCachedOrigin(report, targets)
  const what =
    wait.stopped === 'retry-after'
      ? `origin_url asked (Retry-After) to be asked again after the deadline (${tenths(report.timeoutMs)} from the first look), so the wait stopped after ${tenths(wait.elapsedMs)}`
      : `origin_url was looked at ${wait.looks} time(s) in ${tenths(wait.elapsedMs)} (origin_timeout_seconds) and never showed the build`
  const parts = [
    `<h3>Origin: build ${code(report.build.text)} never showed, nothing was purged</h3>\n`,
    `<p>${escapeHtml(`${what}. Nothing was purged: a purge now would make the service render and cache ${servedInstead(wait.others, shortBuild(report.build))} again.`)}</p>\n`,
    table(['origin', 'value'], detailRows(report)),
    `<h4>What to do</h4>\n<ul>\n${advice(report)
      .map(item => `<li>${escapeHtml(item)}</li>`)
      .join('\n')}\n</ul>\n`,
    foldedList('Not purged', [...targets.tags, ...targets.urls, ...targets.patterns], 1000)
  ]
  return parts.join('')
}

/** The summary of a run that stopped at once: the rendering cache answered origin_url. */
function renderCachedOrigin(report: OriginReport, targets: PurgeTargets): string {
  return [
    '<h3>Origin: origin&#95;url is answered by the rendering cache, nothing was purged</h3>\n',
    `<p>${escapeHtml(`${CACHED_WHY} So it can never show build ${report.build.text}: the run stopped at the first look, and nothing was purged.`)}</p>\n`,
    table(['origin', 'value'], detailRows(report)),
    `<h4>What to do</h4>\n<ul>\n<li>${escapeHtml(CACHED_ADVICE)}</li>\n<li>${escapeHtml('Run the workflow again once origin_url names the origin itself.')}</li>\n</ul>\n`,
    foldedList('Not purged', [...targets.tags, ...targets.urls, ...targets.patterns], 1000)
  ].join('')
}

function detailRows(report: OriginReport): string[][] {
  const { wait } = report
  const rows = [
    ['polled', code(report.url)],
    ['expected build', `${code(report.build.text)} (${escapeHtml(buildSource(report.build))})`],
    ['looks', `${wait.looks} in ${tenths(wait.elapsedMs)}`]
  ]
  if (wait.last !== undefined) rows.push(['last answer', escapeHtml(lastAnswer(wait.last))])
  return rows
}

function buildSource(build: BuildId): string {
  const rule =
    build.kind === 'commit'
      ? 'a commit: its full SHA or a 7- to 12-character prefix'
      : 'matched as literal text'
  return `from ${build.source}; ${rule}`
}

function lastAnswer(look: OriginLook): string {
  const described = describeLook(look)
  if (look.ready || look.status === undefined || look.otherIds.length > 0) return described
  if (look.longPrefix !== undefined) return described
  return look.status >= 200 && look.status <= 299
    ? `${described}; no other commit-like id either`
    : described
}

function advice(report: OriginReport): string[] {
  const last = report.wait.last
  const items: string[] = []
  if (last?.throughCache !== undefined) {
    items.push(
      `origin_url is answered by the rendering service’s edge (${last.throughCache}), which serves the page it cached before the purge until one lands, and this wait holds the purge back. Point origin_url at the origin itself (its own address, not the public site).`
    )
  } else if (last?.longPrefix !== undefined) {
    items.push(
      `origin_url shows ${last.longPrefix}, the build’s first ${last.longPrefix.length} digits: only the full SHA or its first 7 to 12 digits count. Write one of those, or give build_id: ${last.longPrefix}.`
    )
  } else if (last?.otherIds.length) {
    items.push(
      `The origin still shows ${last.otherIds.join(', ')}: the deploy has not reached it yet, or it deployed another build than ${report.build.text} (${report.build.source}). Check the deploy, or give build_id.`
    )
  } else if (last?.status !== undefined && last.status >= 200 && last.status <= 299) {
    items.push(
      'origin_url answered without any build id: make it show one (a version file, or a meta tag in a page; see docs/verify.md), or point origin_url at what does.'
    )
  } else {
    items.push(
      'origin_url did not answer with a 2xx: check the address, and that it is reachable from the runner without credentials.'
    )
  }
  items.push(
    `If your rollout takes longer than ${tenths(report.timeoutMs)}, raise origin_timeout_seconds.`
  )
  items.push('Run the workflow again once the origin serves the build: the purge is sent then.')
  return items
}
