/**
 * The inputs about the new build (origin_url, build_id, origin_timeout_seconds, verify_content,
 * repurge_old_content) as typed values. Pure, like the rest of the settings: every problem goes
 * to Diagnostics, naming the input and quoting the value (a URL's credentials never). build_id's
 * default is the commit the run deploys, which only the event says: the caller hands in a
 * reader of it, called only when a build id is needed.
 */
import { Input, type InputName } from '../core/constants.js'
import type { Diagnostics } from '../core/diagnostics.js'
import { parseBoolean, parseNumber } from '../core/scalars.js'
import { CONTROL_CHARACTER } from '../core/targets.js'
import { buildId, type BuildId } from '../build/build-id.js'
import type { DeployedCommit } from '../changed-files/change-source.js'

export interface OriginSettings {
  /** Polled before purging until it shows the build. */
  readonly url: URL
  readonly build: BuildId
  /** 0: one look, no waiting. */
  readonly timeoutMs: number
  /**
   * github_token: GitHub is asked how another commit the origin shows relates to the build's,
   * when the checkout's history cannot tell; '' for none.
   */
  readonly githubToken: string
}

/** verify_content: true (with verify): a check is fresh only when its page shows the build. */
export interface ContentSettings {
  readonly build: BuildId
  /** repurge_old_content: purge pages that show old content again once the build is live. */
  readonly repurge: boolean
}

export interface BuildSettings {
  readonly origin?: OriginSettings
  readonly content?: ContentSettings
}

export const ORIGIN_DEFAULTS = {
  [Input.OriginTimeoutSeconds]: '600',
  [Input.VerifyContent]: 'false',
  [Input.RepurgeOldContent]: 'true'
} as const

const ORIGIN_LIMITS = {
  timeoutSeconds: { min: 0, max: 21_600, fractions: true },
  buildIdLength: 200
} as const

/** The commit the run deploys, by the event; undefined when the event names none. */
export type DeployedCommitReader = () => DeployedCommit | undefined

/**
 * `value` returns an input trimmed, with its default applied; `rawBuildId` is build_id as the
 * runner gave it (a value of spaces is an empty build_id, not "not given"); `verifying` says
 * whether the run verifies (verify_content does nothing otherwise). Undefined when an input is
 * wrong.
 */
export function parseBuildSettings(
  value: (name: InputName) => string,
  rawBuildId: string,
  deployed: DeployedCommitReader,
  verifying: boolean,
  diag: Diagnostics
): BuildSettings | undefined {
  const urlText = value(Input.OriginUrl)
  const timeoutSeconds = parseNumber(
    Input.OriginTimeoutSeconds,
    value(Input.OriginTimeoutSeconds),
    ORIGIN_LIMITS.timeoutSeconds,
    diag
  )
  const verifyContent = parseBoolean(Input.VerifyContent, value(Input.VerifyContent), diag)
  const repurge = parseBoolean(Input.RepurgeOldContent, value(Input.RepurgeOldContent), diag)
  if (verifyContent === true && !verifying) {
    diag.warn(
      `'verify_content' does nothing without verify (true or warn): the pages are not checked, so their content is not either.`
    )
  }
  const contentWanted = verifyContent === true && verifying
  const url = urlText === '' ? undefined : parseOriginUrl(urlText, diag)
  const needed = urlText !== '' ? `with ${Input.OriginUrl}` : `with ${Input.VerifyContent}: true`
  const build =
    urlText !== '' || contentWanted ? parseBuildId(rawBuildId, deployed, needed, diag) : undefined
  if (
    timeoutSeconds === undefined ||
    verifyContent === undefined ||
    repurge === undefined ||
    (urlText !== '' && url === undefined) ||
    ((urlText !== '' || contentWanted) && build === undefined)
  ) {
    return undefined
  }
  return {
    ...(url &&
      build && {
        origin: {
          url,
          build,
          timeoutMs: Math.round(timeoutSeconds * 1000),
          githubToken: value(Input.GithubToken)
        }
      }),
    ...(contentWanted && build && { content: { build, repurge } })
  }
}

/**
 * An absolute http(s) URL without credentials. Plain http is accepted for any host: nothing
 * secret is sent to the origin, and origins are often reached inside a network.
 */
function parseOriginUrl(text: string, diag: Diagnostics): URL | undefined {
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
function parseBuildId(
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
