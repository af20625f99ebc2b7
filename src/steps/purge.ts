/**
 * The purge step: sends the plan's requests (send/ is the only code that talks to the
 * service), logs each result as it comes, sets the outputs and returns its part of the run's
 * report. The runner's time of each accepted request is kept: verification counts from it.
 */
import type { StepIo } from './io.js'
import { Output, USER_AGENT, type PurgeKind } from '../core/constants.js'
import { buildPlan } from '../plan/build-plan.js'
import { requestBody } from '../send/request-body.js'
import type { AcceptanceTimes, Plan, PurgeRequest } from '../core/purge.js'
import { sentOutcome, type RunOutcome } from '../report/outcome.js'
import type { PurgesFromChecks, PurgeReport } from '../report/run-report.js'
import type { RequestResult, SharedLimiter } from '../send/send-plan.js'
import { describeFailure } from '../send/describe-failure.js'
import { createHttpTransport } from '../send/http-transport.js'
import { formatAcceptedAt } from '../time/purged-at.js'
import { andList, grouped, plural } from '../text/format.js'
import type { RunSettings } from '../plan/settings.js'

export interface SentPurges {
  readonly results: RequestResult[]
  readonly acceptedAt: AcceptanceTimes
  /** Runner's clock: when the first request left. */
  readonly sentAt: number
}

/**
 * The entries of a plan the log shows. A 20,000-URL purge printed every URL (586 KB of log,
 * which nobody reads); every entry is in the `tags` and `urls` outputs, and in the file
 * `full_lists_file` names when an output is cut to fit GitHub's limit.
 */
export const PLAN_ENTRIES_SHOWN = 20

/** The plan as the log shows it: each request as sent, or when long, counts and first entries. */
export function describePlan(plan: Plan): string[] {
  const entries = plan.requests.reduce((sum, request) => sum + request.items.length, 0)
  if (entries <= PLAN_ENTRIES_SHOWN) {
    return plan.requests.map(
      request =>
        `#${request.index + 1} POST ${request.kind} ${JSON.stringify(requestBody(request))}`
    )
  }
  const lines: string[] = []
  let budget = PLAN_ENTRIES_SHOWN
  let shownRequests = 0
  for (const request of plan.requests) {
    if (budget === 0) break
    const shown = request.items.slice(0, budget)
    const more = request.items.length - shown.length
    const where = request.country === undefined ? '' : ` country ${request.country}`
    lines.push(
      `#${request.index + 1} POST ${request.kind}: ${plural(request.items.length, ENTRY_NOUN[request.kind])}${where}: ${shown.map(item => JSON.stringify(item)).join(', ')}${more > 0 ? `, … (${grouped(more)} more)` : ''}`
    )
    budget -= shown.length
    shownRequests++
  }
  const rest = plan.requests.slice(shownRequests)
  const [first, last] = [rest[0], rest.at(-1)]
  if (first !== undefined && last !== undefined) {
    lines.push(
      `… and ${plural(rest.length, 'more request')} (#${first.index + 1} to #${last.index + 1}): ${entriesOf(rest)} in all. ${whereInFull(rest)}`
    )
  }
  return lines
}

const ENTRY_NOUN: Readonly<Record<PurgeKind, string>> = {
  tag: 'tag',
  url: 'URL',
  pattern: 'pattern'
}
const ENTRY_OUTPUT: Readonly<Record<PurgeKind, string>> = {
  tag: Output.Tags,
  url: Output.Urls,
  pattern: Output.Pattern
}

/** `19,900 URLs`, or `19,900 URLs and 500 tags`: the entries of some requests, by kind. */
function entriesOf(requests: readonly PurgeRequest[]): string {
  const counts = new Map<PurgeKind, number>()
  for (const { kind, items } of requests) counts.set(kind, (counts.get(kind) ?? 0) + items.length)
  return andList([...counts].map(([kind, count]) => plural(count, ENTRY_NOUN[kind])))
}

function whereInFull(requests: readonly PurgeRequest[]): string {
  const kinds = [...new Set(requests.map(request => request.kind))]
  const outputs = andList(kinds.map(kind => `'${ENTRY_OUTPUT[kind]}'`))
  const what = andList(kinds.map(kind => ENTRY_NOUN[kind]))
  return `Every ${what} is in the ${outputs} output${kinds.length > 1 ? 's' : ''}, and in the file '${Output.FullListsFile}' names when that output is cut.`
}

/**
 * The purges of one run, all through one sender: the plan's, a purge again of old content, and
 * the purges the checks send (repairs of broken assets, pages rendered again). They share the requests in flight and the 429 limiter
 * (so that together they never pass `concurrency`, and a 429 slows them all: rate limiting is
 * per account), the numbering of the log (#1, #2, … across the run), and the notices said once.
 * Those are kept for the report: the purge table and the `urls` and `count` outputs.
 */
export class RunPurges {
  private limiter: SharedLimiter | undefined
  private numbered = 0
  private unconfirmedSaid = false
  private readonly repairResults: RequestResult[] = []
  private readonly rerenderResults: RequestResult[] = []
  private readonly repairedPaths: string[] = []

  constructor(
    private readonly settings: RunSettings,
    private readonly io: StepIo
  ) {}

  /** The purges the checks sent so far, for the report; undefined when there was none. */
  get repairs(): PurgesFromChecks | undefined {
    if (this.repairResults.length + this.rerenderResults.length === 0) return undefined
    return {
      assetRepairs: this.repairResults,
      rerenders: this.rerenderResults,
      accepted: this.repairedPaths
    }
  }

  /** Sends a plan's requests, logging each result as it comes. */
  async send(plan: Plan, label = ''): Promise<SentPurges> {
    const { settings, io } = this
    const acceptedAt = new Map<number, number>()
    // Settings come without base_url only in mode: verify, which never gets here.
    if (settings.baseUrl === undefined) throw new Error('sendPurges: no base_url to send to')
    const baseUrl = settings.baseUrl
    // Loaded only when something is sent: a dry run never compiles the sender.
    const { sendPlan, sharedLimiter } = await import('../send/send-plan.js')
    this.limiter ??= sharedLimiter(settings.concurrency, io.clock)
    // Numbered across the run: a purge again, or a repair, never reuses a number of the log.
    const offset = this.numbered
    const requests = plan.requests.map(request => ({ ...request, index: request.index + offset }))
    this.numbered += requests.length
    const transport = createHttpTransport(USER_AGENT, settings.timeoutMs)
    const sentAt = io.clock.now()
    try {
      const results = await sendPlan(requests, transport, {
        baseUrl,
        apiKey: settings.apiKey,
        timeoutMs: settings.timeoutMs,
        maxAttempts: settings.maxAttempts,
        concurrency: settings.concurrency,
        limiter: this.limiter,
        clock: io.clock,
        observer: {
          onRetry: (request, attempt, reason, delayMs) =>
            io.info(
              `${label}#${request.index + 1} ${request.kind}: attempt ${attempt} failed (${reason}); retrying in ${(delayMs / 1000).toFixed(1)} s`
            ),
          onResult: result => {
            // Keyed by the plan's own index, as the plan's targets are.
            if (result.outcome === 'purged') {
              acceptedAt.set(result.request.index - offset, io.clock.now())
            }
            if (result.outcome === 'failed') io.error(`${label}${describeResult(result)}`)
            else io.info(`${label}${describeResult(result)}`)
          },
          onStop: reason => io.error(`Stopping: ${reason}. No further request is sent.`)
        }
      })
      this.noticeUnconfirmed(results)
      return { results, acceptedAt, sentAt }
    } finally {
      transport.close()
    }
  }

  /**
   * Purges pages again by URL, as the first purge would have: the same batch size, countries,
   * retries, logging and redaction (a plan of these URLs alone).
   */
  async repurge(urls: readonly string[]): Promise<RepurgedUrls> {
    const plan = this.urlPlan(urls)
    const { results, acceptedAt } = await this.send(plan)
    return sentUrls(plan, results, acceptedAt)
  }

  /** Purges broken assets by URL to repair them, named in the log and kept for the report. */
  async repair(paths: readonly string[]): Promise<RepurgedUrls> {
    return this.purgeForChecks(paths, {
      saying: `Repairing ${plural(paths.length, 'broken asset')} served from the cache by a purge by URL`,
      label: 'Asset repair ',
      results: this.repairResults
    })
  }

  /**
   * Purges pages by URL whose new render a crawler should not get (blank, an app's shell, a soft
   * 404), so that the service renders them once more; named in the log and kept for the report.
   */
  async rerender(paths: readonly string[]): Promise<RepurgedUrls> {
    return this.purgeForChecks(paths, {
      saying: `Rendering ${plural(paths.length, 'page')} again by a purge by URL (the new render was blank, an app's shell or a soft 404)`,
      label: 'Render again ',
      results: this.rerenderResults
    })
  }

  /** A purge the checks asked for: the paths named in the log, the requests kept by kind. */
  private async purgeForChecks(
    paths: readonly string[],
    how: { readonly saying: string; readonly label: string; readonly results: RequestResult[] }
  ): Promise<RepurgedUrls> {
    const shown = paths.slice(0, PLAN_ENTRIES_SHOWN).map(path => JSON.stringify(path))
    const more = paths.length - shown.length
    this.io.info(
      `${how.saying}: ${shown.join(', ')}${more > 0 ? `, … (${grouped(more)} more)` : ''}`
    )
    const plan = this.urlPlan(paths)
    const { results, acceptedAt } = await this.send(plan, how.label)
    const sent = sentUrls(plan, results, acceptedAt)
    how.results.push(...results)
    this.repairedPaths.push(...sent.accepted)
    return sent
  }

  private urlPlan(urls: readonly string[]): Plan {
    const { pattern: _pattern, ...rest } = this.settings
    return buildPlan({ ...rest, mode: 'url', tags: [], urls }, undefined)
  }

  /**
   * Once per run: purges counted on a 2xx whose answer had no `"result"`. The service documents
   * any 2xx as success, so they count, but a proxy or another server at base_url can answer so
   * too; the reader should know the purge was not confirmed.
   */
  private noticeUnconfirmed(results: readonly RequestResult[]): void {
    const unconfirmed = results.filter(
      result => result.outcome === 'purged' && result.verdict === 'unconfirmed'
    ).length
    if (unconfirmed === 0 || this.unconfirmedSaid) return
    this.unconfirmedSaid = true
    this.io.notice(
      `${unconfirmed} of ${plural(results.length, 'purge request')} got an HTTP 2xx answer without "result": true: counted as purged, as the service documents any 2xx as success, but not confirmed, as the service's own answers confirm a purge. If pages still show old content, check that base_url is the purge API's address, not a proxy or another server.`
    )
  }
}

/** What a purge of pages again came back with (see repurge/repurger.ts). */
export interface RepurgedUrls {
  readonly accepted: readonly string[]
  readonly acceptedAt?: number
  readonly failed: readonly string[]
  readonly problem?: string
}

function sentUrls(
  plan: Plan,
  results: readonly RequestResult[],
  acceptedAt: AcceptanceTimes
): RepurgedUrls {
  const outcome = sentOutcome(plan, results)
  const times = [...acceptedAt.values()]
  const failure = results.find(result => result.outcome !== 'purged')
  return {
    accepted: outcome.purged.urls,
    ...(times.length > 0 && { acceptedAt: Math.max(...times) }),
    failed: outcome.failed,
    ...(failure !== undefined && { problem: describeResult(failure) })
  }
}

function describeResult(result: RequestResult): string {
  const { request } = result
  const where = request.country ? ` country ${request.country}` : ''
  const what = `#${request.index + 1} ${request.kind} (${request.items.length} item(s)${where})`
  if (result.outcome === 'purged') {
    const caveat =
      result.verdict === 'unconfirmed' ? ' (not confirmed: no "result": true in the answer)' : ''
    return `${what}: purged${caveat}, HTTP ${result.status}, ${result.attempts} attempt(s), ${(result.durationMs / 1000).toFixed(2)} s`
  }
  if (result.outcome === 'not-sent') return `${what}: ${result.message ?? 'not sent'}`
  return `${what}: FAILED after ${result.attempts} attempt(s): ${describeFailure(result)}`
}

/** The purge's outputs and its part of the report, for every outcome (sent, dry run, nothing). */
export function reportPurge(
  io: StepIo,
  input: { plan: Plan; outcome: RunOutcome; sent?: SentPurges }
): PurgeReport {
  const { outcome, plan, sent } = input
  const times = [...(sent?.acceptedAt.values() ?? [])]
  const lastAcceptedAt = times.length > 0 ? Math.max(...times) : undefined
  io.setOutputs({
    [Output.Status]: outcome.status,
    [Output.Pattern]: outcome.purged.patterns[0] ?? '',
    [Output.Count]: String(outcome.count),
    // For the verify jobs of a matrix: their purged_at.
    [Output.AcceptedAt]: lastAcceptedAt === undefined ? '' : formatAcceptedAt(lastAcceptedAt)
  })
  io.setListOutputs({
    [Output.Tags]: outcome.purged.tags,
    [Output.Urls]: outcome.purged.urls,
    [Output.Failed]: outcome.failed
  })
  if (outcome.status === 'purged') {
    io.info(
      `Purged ${outcome.count} target(s). They can take a few minutes to propagate to all data centers.`
    )
  }
  return {
    plan,
    outcome,
    ...(sent && { results: sent.results, sentAt: sent.sentAt }),
    ...(lastAcceptedAt !== undefined && { lastAcceptedAt })
  }
}

/**
 * The purges the checks sent in the purge's report and outputs: `urls` and `count` name what the
 * run purged, those included (set again, after the verification that made them).
 */
export function reportRepairs(
  io: StepIo,
  purge: PurgeReport,
  repairs: PurgesFromChecks
): PurgeReport {
  const { outcome } = purge
  io.setOutputs({ [Output.Count]: String(outcome.count + repairs.accepted.length) })
  io.setListOutputs({ [Output.Urls]: [...outcome.purged.urls, ...repairs.accepted] })
  return { ...purge, repairs }
}
