/**
 * Sends a plan's requests to the service: the only code that talks to it. Requests go out in
 * parallel up to the concurrency, each retried on its own by the retry policy; a 401 or 403
 * stops every request not yet sent. Results come back in the order of `requests`, whatever the
 * timing.
 */
import { describeFailure } from './describe-failure.js'
import { ENDPOINT_PATHS } from '../core/constants.js'
import { requestBody } from './request-body.js'
import type { PurgeRequest } from '../core/purge.js'
import { systemClock, type Clock } from '../time/clock.js'
import { AdaptiveLimiter } from './adaptive-limiter.js'
import { baseUrlHint, countryHint, readAnswer, requestedWaitMs, type Verdict } from './answer.js'
import { quoteValue } from '../core/diagnostics.js'
import {
  DEFAULT_BACKOFF,
  isAuthFailure,
  retryDelayMs,
  type BackoffSettings
} from './retry-policy.js'
import { TransportError, type Transport } from './transport.js'
import { isRetryableApiStatus } from '../http/statuses.js'
import { withoutTrailing } from '../text/trailing-run.js'

export type RequestOutcome = 'purged' | 'failed' | 'not-sent'

/** One attempt of a request, as the service (or the network) answered it. */
export interface AttemptRecord {
  /** Absent when no answer came (timeout, connection failure). */
  readonly status?: number
  /** The service's own words; or, when no answer came, what went wrong. */
  readonly message?: string
  /** The action's reading of the answer and what to change (base_url, ...): never quoted as the service's. */
  readonly hint?: string
  readonly requestId?: string
  /** For a 2xx: what its body said of the purge (answer.ts). */
  readonly verdict?: Verdict
}

export interface RequestResult {
  readonly request: PurgeRequest
  readonly outcome: RequestOutcome
  /** The last HTTP status; absent when no answer came (timeout, connection failure, not sent). */
  readonly status?: number
  readonly attempts: number
  /** Every attempt in order, so a report can show `500 → 403` and each answer's own words. */
  readonly history: readonly AttemptRecord[]
  /** From the first attempt's start to the last attempt's end, waits included. */
  readonly durationMs: number
  /** The service's message, or what went wrong when there was no answer. */
  readonly message?: string
  /** The action's own reading of the last answer and what to change: outside any quote. */
  readonly hint?: string
  readonly requestId?: string
  /**
   * The last answer's verdict when it was a 2xx: a purged request is `confirmed` or
   * `unconfirmed` (no `"result"` in its answer), a failed one `denied` or `not-the-service`.
   */
  readonly verdict?: Verdict
}

export interface SendOptions {
  readonly baseUrl: URL
  readonly apiKey: string
  readonly timeoutMs: number
  readonly maxAttempts: number
  readonly concurrency: number
  /**
   * The requests in flight and the 429 pauses, shared with the run's other purges (one
   * `concurrency` for them all); absent: this plan's own, at `concurrency`.
   */
  readonly limiter?: SharedLimiter
  readonly backoff?: BackoffSettings
  readonly clock?: Clock
  readonly random?: () => number
  readonly observer?: SendObserver
}

/** Hooks for progress logging; the sender itself does no logging. */
export interface SendObserver {
  onRetry?(request: PurgeRequest, attempt: number, reason: string, delayMs: number): void
  onResult?(result: RequestResult): void
  onStop?(reason: string): void
}

/** The requests in flight, and the pauses a 429 asks for, as every purge of a run shares them. */
export type SharedLimiter = AdaptiveLimiter

/** A limiter the purges of one run share: at most `concurrency` requests in flight in all. */
export function sharedLimiter(concurrency: number, clock: Clock = systemClock): SharedLimiter {
  return new AdaptiveLimiter(concurrency, clock)
}

/** Where one request goes: the endpoint, with the key URL-encoded in the query string. */
export function endpointUrl(baseUrl: URL, request: PurgeRequest, apiKey: string): URL {
  const url = new URL(baseUrl.href)
  url.pathname = `${withoutTrailing(baseUrl.pathname, '/')}${ENDPOINT_PATHS[request.kind]}`
  url.search = `?api_key=${encodeURIComponent(apiKey)}`
  return url
}

export async function sendPlan(
  requests: readonly PurgeRequest[],
  transport: Transport,
  options: SendOptions
): Promise<RequestResult[]> {
  const clock = options.clock ?? systemClock
  const limiter = options.limiter ?? new AdaptiveLimiter(options.concurrency, clock)
  const results: RequestResult[] = new Array(requests.length)
  let stopReason: string | undefined
  // Wakes every request that is waiting out a backoff or a 429 pause when the run stops.
  const stopped = new AbortController()

  const stop = (reason: string): void => {
    if (stopReason !== undefined) return
    stopReason = reason
    stopped.abort()
    options.observer?.onStop?.(reason)
  }
  const context: SendContext = {
    transport,
    options,
    clock,
    limiter,
    random: options.random ?? Math.random,
    stopReason: () => stopReason,
    stopSignal: stopped.signal,
    stop
  }

  // A fixed pool of workers taking requests in plan order; the limiter decides how many of
  // them may actually have a request in flight.
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const position = next++
      const request = requests[position] as PurgeRequest
      const result = await sendOne(request, context)
      results[position] = result
      options.observer?.onResult?.(result)
    }
  }
  const workers = Math.min(options.concurrency, requests.length)
  await Promise.all(Array.from({ length: workers }, worker))
  return results
}

interface SendContext {
  readonly transport: Transport
  readonly options: SendOptions
  readonly clock: Clock
  readonly limiter: AdaptiveLimiter
  readonly random: () => number
  /** Set once a 401/403 stopped the run: why no new request may go out. */
  stopReason(): string | undefined
  readonly stopSignal: AbortSignal
  stop(reason: string): void
}

function notSent(request: PurgeRequest, message: string): RequestResult {
  return { request, outcome: 'not-sent', attempts: 0, history: [], durationMs: 0, message }
}

async function sendOne(request: PurgeRequest, context: SendContext): Promise<RequestResult> {
  const { transport, options, clock, limiter } = context
  const url = endpointUrl(options.baseUrl, request, options.apiKey)
  const body = JSON.stringify(requestBody(request))
  const started = clock.now()
  const backoff = options.backoff ?? DEFAULT_BACKOFF
  let attempts = 0
  const history: AttemptRecord[] = []

  for (;;) {
    await limiter.acquire(context.stopSignal)
    // Checked after the wait for a slot: a 401 may have arrived meanwhile, and then no new
    // request goes out, even one that was already queued.
    const stopReason = context.stopReason()
    if (stopReason !== undefined) {
      limiter.release()
      return attempts === 0
        ? notSent(request, `not sent: ${stopReason}`)
        : {
            request,
            outcome: 'failed',
            attempts,
            history,
            durationMs: clock.now() - started,
            message: `not retried: ${stopReason}`
          }
    }
    attempts++
    let attempt: AttemptOutcome
    try {
      attempt = await attemptOnce(transport, url, body, options.timeoutMs, clock)
    } finally {
      limiter.release()
    }
    const elapsed = (): number => clock.now() - started
    const hint = [
      attempt.note,
      attempt.success ? undefined : baseUrlHint(attempt, options.baseUrl, quoteValue),
      attempt.success ? undefined : countryHint(attempt, request)
    ]
      .filter(Boolean)
      .join('. ')
    const record: AttemptRecord = {
      ...(attempt.status !== undefined && { status: attempt.status }),
      ...(attempt.message !== undefined && { message: attempt.message }),
      ...(hint !== '' && { hint }),
      ...(attempt.requestId !== undefined && { requestId: attempt.requestId }),
      ...(attempt.verdict !== undefined && { verdict: attempt.verdict })
    }
    history.push(record)
    const base = { request, attempts, history, ...record }
    if (attempt.success) {
      limiter.onSuccess()
      return { ...base, outcome: 'purged', durationMs: elapsed() }
    }
    if (attempt.status !== undefined && isAuthFailure(attempt.status)) {
      context.stop(
        `the service answered ${attempt.status} (the API key is missing, wrong or not allowed for this site)`
      )
      return { ...base, outcome: 'failed', durationMs: elapsed() }
    }
    const retryable = attempt.status === undefined || isRetryableApiStatus(attempt.status)
    if (!retryable || attempts >= options.maxAttempts) {
      return { ...base, outcome: 'failed', durationMs: elapsed() }
    }
    const delayMs = retryDelayMs(
      attempts,
      backoff,
      context.random(),
      attempt.status,
      attempt.requestedWaitMs
    )
    // Rate limiting is per account: everyone slows down and waits, not just this request.
    if (attempt.status === 429) limiter.onRateLimited(delayMs)
    options.observer?.onRetry?.(request, attempts, describeFailure(attempt), delayMs)
    await clock.sleep(delayMs, context.stopSignal)
  }
}

interface AttemptOutcome {
  readonly success: boolean
  readonly verdict?: Verdict
  readonly status?: number
  readonly message?: string
  /** The action's reading of a 2xx that is no purge (answer.ts). */
  readonly note?: string
  readonly requestId?: string
  readonly requestedWaitMs?: number
  readonly htmlPage?: boolean
  readonly jsonBody?: boolean
}

async function attemptOnce(
  transport: Transport,
  url: URL,
  body: string,
  timeoutMs: number,
  clock: Clock
): Promise<AttemptOutcome> {
  try {
    const answer = await transport.post(url, body, timeoutMs)
    const reading = readAnswer(answer)
    const wait = requestedWaitMs(answer.headers, clock.now())
    return {
      ...reading,
      status: answer.status,
      ...(wait !== undefined && { requestedWaitMs: wait })
    }
  } catch (error) {
    if (error instanceof TransportError) {
      const what = error.kind === 'timeout' ? 'timed out' : 'connection failed'
      return { success: false, message: `${what}: ${error.message}` }
    }
    throw error
  }
}
