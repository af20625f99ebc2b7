/**
 * Parsers for the action's scalar inputs: booleans, bounded numbers, the service's base URL.
 * Each reports a problem naming the input and the value, and returns undefined, instead of
 * throwing, so that every bad input is reported in one go.
 */
import { isLoopbackHost } from '../http/loopback.js'
import type { Diagnostics } from './diagnostics.js'
import { withoutTrailing } from '../text/trailing-run.js'

// The YAML 1.2 core schema booleans, as @actions/core's getBooleanInput accepts them.
export const TRUE_WORDS: ReadonlySet<string> = new Set(['true', 'True', 'TRUE'])
export const FALSE_WORDS: ReadonlySet<string> = new Set(['false', 'False', 'FALSE'])

export function parseBoolean(input: string, raw: string, diag: Diagnostics): boolean | undefined {
  const text = raw.trim()
  if (TRUE_WORDS.has(text)) return true
  if (FALSE_WORDS.has(text)) return false
  diag.problem(input, raw, 'must be true or false')
  return undefined
}

export interface NumberBounds {
  readonly min: number
  readonly max: number
  /** Whether fractions are accepted (seconds are; counts are not). */
  readonly fractions?: boolean
}

export function parseNumber(
  input: string,
  raw: string,
  bounds: NumberBounds,
  diag: Diagnostics
): number | undefined {
  const text = raw.trim()
  // Number('') is 0 and Number('0x10') is 16: accept plain decimal notation only.
  const shape = bounds.fractions ? /^\d+(\.\d+)?$/ : /^\d+$/
  const kind = bounds.fractions ? 'a number' : 'a whole number'
  if (!shape.test(text)) {
    diag.problem(input, raw, `must be ${kind} from ${bounds.min} to ${bounds.max}`)
    return undefined
  }
  const value = Number(text)
  if (value < bounds.min || value > bounds.max) {
    diag.problem(input, raw, `must be ${kind} from ${bounds.min} to ${bounds.max}`)
    return undefined
  }
  return value
}

export interface SecureUrlWording {
  /** An example for the "not a URL" message. */
  example: string
  /** Why plain http:// is refused, shown with the refusal. */
  whyHttps?: string
  /** What to do instead of credentials in the URL. */
  credentialsHint?: string
}

/**
 * An absolute https:// URL (plain http:// only for loopback hosts) without credentials: what
 * every address the action sends requests to must be.
 */
export function parseSecureUrl(
  input: string,
  raw: string,
  diag: Diagnostics,
  wording: SecureUrlWording
): URL | undefined {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    diag.problem(input, raw, `must be an absolute https:// URL, e.g. ${wording.example}`)
    return undefined
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    const why = wording.whyHttps ? ` (${wording.whyHttps})` : ''
    diag.problem(
      input,
      raw,
      `must use https://${why}; http:// is allowed only for 127.0.0.1, localhost and [::1]`
    )
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    diag.problem(input, raw, 'must be an https:// URL')
    return undefined
  }
  if (url.username !== '' || url.password !== '') {
    const hint = wording.credentialsHint ? `; ${wording.credentialsHint}` : ''
    diag.problem(input, raw, `must not contain credentials${hint}`)
    return undefined
  }
  return url
}

const API_VERSION_SUFFIX = /\/api\/v1\/?$/

/**
 * The service's base address. HTTPS only, since the API key travels in the query string;
 * plain HTTP is let through for loopback hosts, where the local emulator runs.
 * Returns the base with no trailing slash, ready for endpoint paths to be appended.
 */
export function parseBaseUrl(input: string, raw: string, diag: Diagnostics): URL | undefined {
  const url = parseSecureUrl(input, raw, diag, {
    example: 'https://api.example.com',
    whyHttps: 'the API key is sent with every request',
    credentialsHint: 'pass the key in api_key'
  })
  if (url === undefined) return undefined
  if (url.search !== '' || url.hash !== '') {
    diag.problem(input, raw, 'must not contain a query string or a fragment')
    return undefined
  }
  if (API_VERSION_SUFFIX.test(url.pathname)) {
    // A common copy-paste from the API docs: tolerate it rather than send /api/v1/api/v1/....
    diag.notice(`${input}: the trailing /api/v1 was removed; the action adds the API path itself.`)
    url.pathname = url.pathname.replace(API_VERSION_SUFFIX, '')
  }
  url.pathname = withoutTrailing(url.pathname, '/')
  return url
}
