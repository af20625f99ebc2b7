/**
 * The origin inputs (origin_url, build_id, origin_timeout_seconds) as one typed value. Pure,
 * like the rest of the settings: every problem goes to Diagnostics, naming the input and
 * quoting the value (a URL's credentials never). build_id's default is the commit the run
 * deploys, which only the event says: the caller hands in a reader of it, called only when
 * that default is needed.
 */
import { Input, type InputName } from '../constants.js'
import type { Diagnostics } from '../diagnostics.js'
import { parseNumber } from '../scalars.js'
import { CONTROL_CHARACTER } from '../targets.js'
import { buildId, type BuildId } from '../build/build-id.js'
import type { DeployedCommit } from '../changed-files/change-source.js'

export interface OriginSettings {
  /** Polled before purging until it shows the build. */
  readonly url: URL
  readonly build: BuildId
  /** 0: one look, no waiting. */
  readonly timeoutMs: number
}

export const ORIGIN_DEFAULTS = {
  [Input.OriginTimeoutSeconds]: '600'
} as const

export const ORIGIN_LIMITS = {
  timeoutSeconds: { min: 0, max: 21_600, fractions: true },
  buildIdLength: 200
} as const

/** The commit the run deploys, by the event; undefined when the event names none. */
export type DeployedCommitReader = () => DeployedCommit | undefined

/**
 * `value` returns an input trimmed, with its default applied; `rawBuildId` is build_id as the
 * runner gave it (a value of spaces is an empty build_id, not "not given").
 */
export function parseOriginSettings(
  value: (name: InputName) => string,
  rawBuildId: string,
  deployed: DeployedCommitReader,
  diag: Diagnostics
): OriginSettings | undefined {
  const urlText = value(Input.OriginUrl)
  const timeoutSeconds = parseNumber(
    Input.OriginTimeoutSeconds,
    value(Input.OriginTimeoutSeconds),
    ORIGIN_LIMITS.timeoutSeconds,
    diag
  )
  if (urlText === '') return undefined
  const url = parseOriginUrl(urlText, diag)
  const build = parseBuildId(rawBuildId, deployed, `with ${Input.OriginUrl}`, diag)
  if (url === undefined || build === undefined || timeoutSeconds === undefined) return undefined
  return { url, build, timeoutMs: Math.round(timeoutSeconds * 1000) }
}

/**
 * An absolute http(s) URL without credentials. Plain http is accepted for any host: nothing
 * secret is sent to the origin, and origins are often reached inside a network.
 */
export function parseOriginUrl(text: string, diag: Diagnostics): URL | undefined {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    diag.problem(
      Input.OriginUrl,
      text,
      'must be an absolute http(s):// URL that shows the build the origin serves, e.g. https://origin.example.com/version.txt'
    )
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    diag.problem(Input.OriginUrl, text, 'must be an http:// or https:// URL')
    return undefined
  }
  if (url.username !== '' || url.password !== '') {
    diag.problem(
      Input.OriginUrl,
      text,
      'must not contain credentials: the origin is asked without any (no API key, token or cookie); expose the build at a public URL'
    )
    return undefined
  }
  url.hash = ''
  return url
}

/**
 * build_id as given, or the deployed commit when it is not given. `needed` says what needs it
 * (`with origin_url`), for the message when neither is there.
 */
export function parseBuildId(
  raw: string,
  deployed: DeployedCommitReader,
  needed: string,
  diag: Diagnostics
): BuildId | undefined {
  const text = raw.trim()
  if (raw !== '' && text === '') {
    diag.problem(
      Input.BuildId,
      raw,
      `is empty: give the build's id ${needed}, or leave it out to use the deployed commit`
    )
    return undefined
  }
  if (text === '') {
    const commit = deployed()
    if (commit !== undefined) return buildId(commit.sha, commit.source)
    diag.problem(
      Input.BuildId,
      '',
      `is required ${needed}: the event names no deployed commit (GITHUB_SHA is not a commit SHA); give the build's id, e.g. \${{ github.sha }}`
    )
    return undefined
  }
  if (CONTROL_CHARACTER.test(text) || text.length > ORIGIN_LIMITS.buildIdLength) {
    diag.problem(
      Input.BuildId,
      raw,
      `must be one line of at most ${ORIGIN_LIMITS.buildIdLength} characters, without control characters`
    )
    return undefined
  }
  return buildId(text, Input.BuildId)
}
