/**
 * The summary's purge requests, in one table: a request's answers in order (`500 → 403`), what
 * its last answer means, and the service's request ids where it gave them. Open when a request
 * failed (failed ones first), folded when every one was accepted; the plan on a dry run.
 */
import type { PurgeRequest } from '../core/purge.js'
import type { RequestResult } from '../send/send-plan.js'
import { isAuthFailure } from '../send/retry-policy.js'
import { isRetryableApiStatus } from '../http/statuses.js'
import { elapsed, grouped, plural } from '../text/format.js'
import { code, escapeHtml, table } from '../text/html.js'
import type { PurgeReport } from './run-report.js'
import { REQUEST_WORDS, requestMark } from './vocabulary.js'

const KIND_LABEL = { tag: 'tag', url: 'URL', pattern: 'pattern' } as const

export function renderPurgeRequests(purge: PurgeReport, maxRows: number): string {
  const { plan, repairs } = purge
  if (plan.requests.length === 0) return ''
  if (purge.results === undefined) return planTable(plan.requests, maxRows)
  // The purges the checks sent (asset repairs, renders made again) are purges of this run too:
  // rows of the same table, each named for what it was.
  const repairRequests = new Set(repairs?.assetRepairs ?? [])
  const rerenderRequests = new Set(repairs?.rerenders ?? [])
  const results = [...purge.results, ...repairRequests, ...rerenderRequests]
  const failed = results.filter(result => result.outcome !== 'purged')
  // Failed first (the rows to act on), then the ones not sent, then the accepted ones.
  const order = { failed: 0, 'not-sent': 1, purged: 2 } as const
  const sorted = [...results].sort(
    (a, b) => order[a.outcome] - order[b.outcome] || a.request.index - b.request.index
  )
  const shown = sorted.slice(0, maxRows)
  const withIds = shown.some(result => requestIds(result) !== '')
  const headers = ['#', 'request', 'answers', 'result', ...(withIds ? ['request id'] : [])]
  const rows = shown.map(result => [
    String(result.request.index + 1),
    `${describeRequest(result.request)}${labelOf(result, repairRequests, rerenderRequests)}`,
    escapeHtml(answers(result)),
    escapeHtml(resultText(result)),
    ...(withIds ? [requestIds(result)] : [])
  ])
  const rest = sorted.length - shown.length
  const more =
    rest > 0
      ? `<p>… and ${plural(rest, 'more request')}: ${grouped(
          sorted.slice(maxRows).filter(result => result.outcome === 'purged').length
        )} accepted, the others not.</p>\n`
      : ''
  const body = `${table(headers, rows)}${more}`
  const ofWhichParts = [
    repairRequests.size > 0 ? `${grouped(repairRequests.size)} ${REPAIR_LABEL}s` : '',
    rerenderRequests.size > 0 ? `${grouped(rerenderRequests.size)} ${RERENDER_LABEL}` : ''
  ].filter(Boolean)
  const ofWhich = ofWhichParts.length > 0 ? `, of them ${ofWhichParts.join(' and ')}` : ''
  if (failed.length > 0) {
    const title = `Purge requests: ${failed.length} of ${results.length} not accepted${ofWhich}`
    return `<h3>${escapeHtml(title)}</h3>\n${body}`
  }
  const slowest = Math.max(0, ...results.map(result => result.durationMs))
  const unconfirmed = results.filter(isUnconfirmed).length
  const caveat =
    unconfirmed === 0
      ? ''
      : `, ${unconfirmed} not confirmed by ${unconfirmed === 1 ? 'its answer' : 'their answers'}`
  const title = `Purge requests: ${plural(results.length, 'request')}${ofWhich}, all accepted${caveat} (slowest ${duration(slowest)})`
  return `<details><summary>${escapeHtml(title)}</summary>\n\n${body}</details>\n`
}

/** How a repair's row is marked: a purge by URL of broken assets the verification sent. */
const REPAIR_LABEL = 'asset repair'
const RERENDER_LABEL = 'to render again'

/** ` (asset repair)`, ` (to render again)`: what a purge the checks sent was for. */
function labelOf(
  result: RequestResult,
  repairs: ReadonlySet<RequestResult>,
  rerenders: ReadonlySet<RequestResult>
): string {
  if (repairs.has(result)) return escapeHtml(` (${REPAIR_LABEL})`)
  return rerenders.has(result) ? escapeHtml(` (${RERENDER_LABEL})`) : ''
}

/** A request's time: `20 ms` below a second (a purge is often that fast), else `1.3 s`. */
function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : elapsed(ms)
}

/** `2 tags, country IT: t1, t2`: the kind, how many, the country and the first items. */
function describeRequest(request: PurgeRequest): string {
  const what = plural(request.items.length, KIND_LABEL[request.kind])
  const where = request.country ? `, country ${code(request.country)}` : ''
  const first = request.items.slice(0, 3).map(code).join(', ')
  const more = request.items.length > 3 ? ', …' : ''
  return `${escapeHtml(what)}${where}: ${first}${more}`
}

/** `500 → 403`, `no answer → 200`; `—` when it was never sent. */
export function answers(result: RequestResult): string {
  if (result.history.length === 0) return '—'
  return result.history
    .map(attempt => (attempt.status === undefined ? 'no answer' : String(attempt.status)))
    .join(' → ')
}

/**
 * A purge whose 2xx answer had no `"result"`: counted as purged (the service documents any 2xx
 * as success), but nothing confirmed it, so it never gets the ✅ of a confirmed one.
 */
export function isUnconfirmed(result: RequestResult): boolean {
  return result.outcome === 'purged' && result.verdict === 'unconfirmed'
}

/** The result: what the last answer means, then the service's own words. */
export function resultText(result: RequestResult): string {
  if (isUnconfirmed(result)) {
    const { detail } = REQUEST_WORDS.unconfirmed
    return `${requestMark('unconfirmed')} in ${duration(result.durationMs)}, ${detail}: its answer did not say "result": true`
  }
  if (result.outcome === 'purged') {
    return `${requestMark('accepted')} in ${duration(result.durationMs)}`
  }
  // Only a 401 or 403 stops the run: its row says why; these say that they followed it.
  if (result.outcome === 'not-sent') {
    return `${requestMark('not-sent')}: the run stopped at the 401 or 403 above`
  }
  const status = result.status
  // Only the service's own words stand in the quote; the action's reading stands after it.
  const said =
    result.message === undefined
      ? ''
      : result.status === undefined
        ? ` ${result.message}`
        : ` The service said: “${result.message}”`
  const hint = result.hint ? ` ${result.hint}` : ''
  if (status === undefined)
    return `${requestMark('no-answer')} after ${plural(result.attempts, 'attempt')}.${said}${hint}`
  if (result.verdict === 'denied') {
    const { icon, word } = REQUEST_WORDS.refused
    return `${icon} ${status}: ${word} (its answer says the purge failed).${said}${hint}`
  }
  return `${REQUEST_WORDS.failed.icon} ${explainStatus(status, result.attempts)}.${said}${hint}`
}

/** What a failed request's last status means for the person reading, in a few words. */
function explainStatus(status: number, attempts: number): string {
  if (isAuthFailure(status)) {
    return `${status}: the API key is missing, wrong or not allowed for this site (check the api_key secret); the run stopped there`
  }
  const tries = attempts > 1 ? ` after ${plural(attempts, 'attempt')}` : ''
  if (status === 429) return `429: rate limited${tries} (raise max_attempts, or purge less at once)`
  if (isRetryableApiStatus(status) || status >= 500) {
    return `${status}: the service failed${tries}; it may be temporary: run the job again`
  }
  if (status >= 200 && status < 300) return `${status}, but the purge was not confirmed`
  return `${status}: refused by the service`
}

/** The service's request ids of every answer, once each: what its support asks for. */
function requestIds(result: RequestResult): string {
  const ids = [
    ...new Set(
      result.history
        .map(attempt => attempt.requestId)
        .filter((id): id is string => id !== undefined)
    )
  ]
  return ids.map(code).join('<br>')
}

function planTable(requests: readonly PurgeRequest[], maxRows: number): string {
  const shown = requests.slice(0, maxRows)
  const rows = shown.map(request => [String(request.index + 1), describeRequest(request)])
  const more =
    requests.length > shown.length
      ? `<p>… and ${plural(requests.length - shown.length, 'more request')}.</p>\n`
      : ''
  return `<h3>${escapeHtml(`Plan: ${plural(requests.length, 'request')}`)}</h3>\n${table(['#', 'request'], rows)}${more}`
}
