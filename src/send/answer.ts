/**
 * Reading the service's answer: success or not, its message, its request id, and how long it
 * asks us to wait. Pure functions of an HttpAnswer.
 */
import { linePreview } from '../text/log-safety.js'
import { singleHeaderValue } from '../http/headers.js'
import { answerNow, retryAfterMs } from '../http/retry-after.js'
import type { HttpAnswer } from './transport.js'

/**
 * What a 2xx answer's body says of the purge (docs/service.md, "Responses"):
 * - `confirmed`: a JSON object with `"result": true` and nothing that denies it;
 * - `unconfirmed`: a JSON object without `result` that denies nothing (`{}`): a purge, as the
 *   service's documentation says of any 2xx, but one its answer did not confirm;
 * - `denied`: a JSON object with an `error` that says something, a `result` that is not `true`
 *   (`false`, `0`, `"false"`, `null`, …) or a `success` that is not `true`: refused;
 * - `not-the-service`: a body that is not a JSON object (`OK`, an HTML page): something other
 *   than the service answered, so nothing says a purge happened. (An empty body is
 *   `unconfirmed`: it says nothing either way.)
 */
export type Verdict = 'confirmed' | 'unconfirmed' | 'denied' | 'not-the-service'

export interface AnswerReading {
  /** A 2xx whose verdict is `confirmed` or `unconfirmed`. */
  readonly success: boolean
  /** For a 2xx only: what its body says of the purge. */
  readonly verdict?: Verdict
  /** What the service said, in its own words: `error.message`, `message`, or a text body. */
  readonly message?: string
  /**
   * The action's reading of a 2xx that is no purge, in its own words (never quoted as the
   * service's): `The answer is not the service's JSON, …`, `The answer says "result": 0, …`.
   */
  readonly note?: string
  readonly requestId?: string
  /** An HTML page where the service's JSON belongs: a website answered, not the API. */
  readonly htmlPage?: boolean
  /** The body is a JSON object, as the service's answers are. */
  readonly jsonBody?: boolean
}

const MESSAGE_PREVIEW_LENGTH = 300
const REQUEST_ID_LENGTH = 100
/** A denying member's value quoted when the service gave no message: enough to recognise it. */
const VALUE_PREVIEW_LENGTH = 120

/**
 * Service text reaches the log: it is made one line (it cannot start a workflow command of its
 * own, see log-safety.ts) and cut, with an ellipsis so the redactor recognises a cut secret.
 * The body was already read up to a cap (http-transport.ts), so parsing it is bounded too.
 */
export function readAnswer(answer: HttpAnswer): AnswerReading {
  const json = parseJson(answer.body)
  const is2xx = answer.status >= 200 && answer.status < 300
  const verdict = is2xx ? judge(json, answer.body) : undefined
  const message = serviceMessage(json, answer.body)
  const note =
    verdict === 'not-the-service'
      ? "The answer is not the service's JSON, so the purge is not confirmed"
      : verdict === 'denied' && message === undefined
        ? denial(json)
        : undefined
  const requestId = findRequestId(answer.headers)
  const htmlPage = !isRecord(json) && isHtmlPage(answer)
  return {
    success: verdict === 'confirmed' || verdict === 'unconfirmed',
    ...(verdict && { verdict }),
    ...(message && { message }),
    ...(note && { note }),
    ...(requestId && { requestId }),
    ...(htmlPage && { htmlPage }),
    ...(isRecord(json) && { jsonBody: true })
  }
}

/**
 * A 2xx body's verdict (see Verdict). The service's documentation calls every 2xx a success, so
 * a body that says nothing (empty, as a 204 is) denies nothing: purged, not confirmed. But a
 * catch-all web server or proxy at base_url answers 200 with a page or an "OK" to anything, so a
 * body that is there and is not the service's JSON confirms nothing: not the service. Any sign
 * in the JSON that the purge failed wins over the status, since claiming a purge that did not
 * happen is the worse mistake.
 */
function judge(json: unknown, body: string): Verdict {
  if (body.trim() === '') return 'unconfirmed'
  if (!isRecord(json)) return 'not-the-service'
  if (denyingMember(json) !== undefined) return 'denied'
  return json['result'] === true ? 'confirmed' : 'unconfirmed'
}

/** The member that denies the purge: `error`, then `result`, then `success`. */
function denyingMember(json: Record<string, unknown>): string | undefined {
  if (Object.hasOwn(json, 'error') && saysSomething(json['error'])) return 'error'
  for (const name of ['result', 'success']) {
    if (Object.hasOwn(json, name) && json[name] !== true) return name
  }
  return undefined
}

/** An `error` of `null`, `false`, `0`, `""`, `{}` or `[]` is the absence of one. */
function saysSomething(value: unknown): boolean {
  if (value === null || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (isRecord(value)) return Object.keys(value).length > 0
  return true
}

/** What denied the purge, when the service said nothing: `The answer says "result": 0, not true`. */
function denial(json: unknown): string {
  if (!isRecord(json)) return 'The answer says the purge failed'
  const name = denyingMember(json) ?? 'result'
  const value = preview(valueText(json[name]), VALUE_PREVIEW_LENGTH) ?? '""'
  return name === 'error'
    ? `The answer says "error": ${value}`
    : `The answer says "${name}": ${value}, not true`
}

/** A JSON value as JSON text; one too deep to write again (a hostile body) as its kind. */
function valueText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return Array.isArray(value) ? '[…]' : '{…}'
  }
}

function isHtmlPage(answer: HttpAnswer): boolean {
  const type = singleHeaderValue(answer.headers, 'content-type') ?? ''
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

/**
 * What a 400 about `country` means for a request that sent none: the site uses Cache By Country
 * (the contract: "Required by websites that use Cache By Country"), so each purge must name the
 * countries whose entries it empties. Undefined for any other answer.
 */
export function countryHint(
  answer: { readonly status?: number; readonly message?: string },
  request: { readonly country?: string }
): string | undefined {
  if (answer.status !== 400 || request.country !== undefined) return undefined
  if (!/\bcountry\b/i.test(answer.message ?? '')) return undefined
  return "The site uses Cache By Country: set 'country' to the countries whose cached pages to purge: ALL for every one, or codes such as IT, FR."
}

/**
 * The service's message: the first non-blank string of `error.message`, `error` (a string) and
 * `message` of a JSON object body (anything else in it, a number or an object, is not a
 * message); the start of the body when it is not a JSON object.
 */
function serviceMessage(json: unknown, body: string): string | undefined {
  if (!isRecord(json)) return preview(body)
  const error = json['error']
  const candidates = [isRecord(error) ? error['message'] : undefined, error, json['message']]
  for (const candidate of candidates) {
    const shown = typeof candidate === 'string' ? preview(candidate) : undefined
    if (shown !== undefined) return shown
  }
  return undefined
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

/**
 * The wait a 429 or 503 asks for, in milliseconds: `Retry-After` (read strictly, see
 * retry-after.ts; a date against the answer's own `Date`, the runner's `now` without one) or
 * `X-RateLimit-Reset` (milliseconds until a new request is allowed, per the service's docs).
 * Anything else is ignored, so the normal backoff applies.
 */
export function requestedWaitMs(headers: HttpAnswer['headers'], now: number): number | undefined {
  const serviceNow = answerNow(singleHeaderValue(headers, 'date'), now)
  const asked = retryAfterMs(singleHeaderValue(headers, 'retry-after'), serviceNow)
  if (asked !== undefined) return asked
  const reset = singleHeaderValue(headers, 'x-ratelimit-reset')?.trim()
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
