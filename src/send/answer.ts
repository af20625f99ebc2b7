/**
 * Reading the service's answer: success or not, its message, its request id, and how long it
 * asks us to wait. Pure functions of an HttpAnswer.
 */
import type { HttpAnswer } from './transport.js'

export interface AnswerReading {
  /** 2xx, and the body does not say `"result": false`. */
  readonly success: boolean
  readonly message?: string
  readonly requestId?: string
}

const MESSAGE_PREVIEW_LENGTH = 300

export function readAnswer(answer: HttpAnswer): AnswerReading {
  const json = parseJson(answer.body)
  const resultFalse = isRecord(json) && json['result'] === false
  const success = answer.status >= 200 && answer.status < 300 && !resultFalse
  const message = serviceMessage(json, answer.body)
  const requestId = findRequestId(answer.headers)
  return { success, ...(message && { message }), ...(requestId && { requestId }) }
}

/** `error.message` or `message` of a JSON body; else the start of a text body. */
function serviceMessage(json: unknown, body: string): string | undefined {
  if (isRecord(json)) {
    const error = json['error']
    if (isRecord(error) && typeof error['message'] === 'string') return error['message']
    if (typeof error === 'string') return error
    if (typeof json['message'] === 'string') return json['message']
    return undefined
  }
  const text = body.trim().replace(/\s+/g, ' ')
  if (text === '') return undefined
  return text.length > MESSAGE_PREVIEW_LENGTH ? `${text.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : text
}

/** The service sends `x-<brand>-requestid`; any header ending in requestid or request-id counts. */
export function findRequestId(headers: HttpAnswer['headers']): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (lower.endsWith('requestid') || lower.endsWith('request-id')) {
      const first = Array.isArray(value) ? value[0] : value
      if (first) return first
    }
  }
  return undefined
}

function headerValue(headers: HttpAnswer['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * The wait a 429 or 503 asks for, in milliseconds: `Retry-After` (seconds, or an HTTP date)
 * or `X-RateLimit-Reset` (milliseconds until a new request is allowed, per the service's docs).
 */
export function requestedWaitMs(headers: HttpAnswer['headers'], now: number): number | undefined {
  const retryAfter = headerValue(headers, 'retry-after')?.trim()
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Number(retryAfter) * 1000
    const date = Date.parse(retryAfter)
    if (!Number.isNaN(date)) return Math.max(0, date - now)
  }
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
