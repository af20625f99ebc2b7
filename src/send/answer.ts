/**
 * Reading the service's answer: success or not, its message, its request id, and how long it
 * asks us to wait. Pure functions of an HttpAnswer.
 */
import { linePreview } from '../text/log-safety.js'
import { retryAfterMs } from '../http/retry-after.js'
import type { HttpAnswer } from './transport.js'

export interface AnswerReading {
  /** 2xx with a JSON object body that does not say `"result": false`. */
  readonly success: boolean
  readonly message?: string
  readonly requestId?: string
  /** An HTML page where the service's JSON belongs: a website answered, not the API. */
  readonly htmlPage?: boolean
  /** The body is a JSON object, as the service's answers are. */
  readonly jsonBody?: boolean
}

const MESSAGE_PREVIEW_LENGTH = 300
const REQUEST_ID_LENGTH = 100

/**
 * Service text reaches the log: it is made one line (it cannot start a workflow command of its
 * own, see log-safety.ts) and cut, with an ellipsis so the redactor recognises a cut secret.
 */
export function readAnswer(answer: HttpAnswer): AnswerReading {
  const json = parseJson(answer.body)
  const is2xx = answer.status >= 200 && answer.status < 300
  // A catch-all web server at base_url answers 200 "OK" to anything: only the service's own
  // JSON confirms a purge (the observed success body is {"result": true, ...}).
  const confirmed = isRecord(json) && json['result'] !== false
  const success = is2xx && confirmed
  const said = serviceMessage(json, answer.body)
  const message =
    is2xx && !isRecord(json)
      ? `the answer is not the service's JSON, so the purge is not confirmed${said ? `: ${said}` : ' (empty body)'}`
      : said
  const requestId = findRequestId(answer.headers)
  const htmlPage = !isRecord(json) && isHtmlPage(answer)
  return {
    success,
    ...(message && { message }),
    ...(requestId && { requestId }),
    ...(htmlPage && { htmlPage }),
    ...(isRecord(json) && { jsonBody: true })
  }
}

function isHtmlPage(answer: HttpAnswer): boolean {
  const type = headerValue(answer.headers, 'content-type') ?? ''
  return /^\s*text\/html\b/i.test(type) || /^\s*(<!doctype html|<html)/i.test(answer.body)
}

/**
 * What a failed answer says about `base_url`: a redirect, 404 or 405, or an HTML page (not a
 * server error's) means the address is a website, not the purge API; a 404 or 405 in JSON, a
 * server with no purge endpoint under that path (`…/api` pasted). The address is quoted without
 * credentials; the key is never part of it (it is added to each request's query).
 */
export function baseUrlHint(
  answer: { readonly status?: number; readonly htmlPage?: boolean; readonly jsonBody?: boolean },
  baseUrl: URL,
  quote: (value: string) => string
): string | undefined {
  const { status } = answer
  if (status === undefined) return undefined
  const redirect = status >= 300 && status < 400
  const notHere = status === 404 || status === 405
  const page = answer.htmlPage === true && status < 500 && status !== 429
  if (!redirect && !notHere && !page) return undefined
  if (notHere && answer.jsonBody === true) {
    return `base_url ${quote(baseUrl.href)} is not the purge API's address: the server there answered HTTP ${status} in JSON, so it has no purge endpoint under that path. The action adds the API's path (/api/v1/cache/purge…) to base_url itself: set base_url to the API's address from the service's documentation.`
  }
  const what = page ? 'an HTML page' : redirect ? `a redirect (HTTP ${status})` : `HTTP ${status}`
  return `base_url ${quote(baseUrl.href)} looks like a website, not the purge API: it answered ${what} where the service answers JSON. Set base_url to the API's address from the service's documentation, not the public site's.`
}

/** `error.message` or `message` of a JSON body; else the start of a text body. */
function serviceMessage(json: unknown, body: string): string | undefined {
  if (isRecord(json)) {
    const error = json['error']
    if (isRecord(error) && typeof error['message'] === 'string') return preview(error['message'])
    if (typeof error === 'string') return preview(error)
    if (typeof json['message'] === 'string') return preview(json['message'])
    return undefined
  }
  return preview(body)
}

function preview(text: string, length = MESSAGE_PREVIEW_LENGTH): string | undefined {
  return linePreview(text, length)
}

/** The service sends `x-<brand>-requestid`; any header ending in requestid or request-id counts. */
export function findRequestId(headers: HttpAnswer['headers']): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (lower.endsWith('requestid') || lower.endsWith('request-id')) {
      const first = Array.isArray(value) ? value[0] : value
      const shown = first === undefined ? undefined : preview(first, REQUEST_ID_LENGTH)
      if (shown) return shown
    }
  }
  return undefined
}

function headerValue(headers: HttpAnswer['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * The wait a 429 or 503 asks for, in milliseconds: `Retry-After` (read strictly, see
 * retry-after.ts) or `X-RateLimit-Reset` (milliseconds until a new request is allowed, per the
 * service's docs). Anything else is ignored, so the normal backoff applies.
 */
export function requestedWaitMs(headers: HttpAnswer['headers'], now: number): number | undefined {
  const asked = retryAfterMs(headerValue(headers, 'retry-after'), now)
  if (asked !== undefined) return asked
  const reset = headerValue(headers, 'x-ratelimit-reset')?.trim()
  if (reset && /^\d+(\.\d+)?$/.test(reset)) return Number(reset)
  return undefined
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
