/**
 * GITHUB_API_URL, checked before the GitHub client is loaded (@actions/github parses it when
 * it is imported, and `http://[::1` would crash there with a bare "Invalid URL"). PURE.
 *
 * - Not a URL, or not http(s): a clear error quoting the value (credentials masked).
 * - Credentials in it (`https://user:pass@host`): never echoed (shown as `https://***@host`)
 *   and never sent: the github_token authenticates, and fetch refuses such URLs anyway.
 * - Plain http to a host other than this machine: a warning, as the token would travel in clear.
 */
import { isLoopbackHost } from '../http/loopback.js'
import { withoutTrailing } from '../text/trailing-run.js'

export interface GitHubApiUrl {
  /** What the client uses: no credentials, no trailing '/'. */
  readonly baseUrl: string
  /** What messages show: credentials masked. */
  readonly shown: string
  /** Credentials found in the URL, to scrub from any message. */
  readonly secrets: readonly string[]
  readonly warnings: readonly string[]
}

export class GitHubApiUrlError extends Error {
  override name = 'GitHubApiUrlError'
}

/** The value with anything between `//` and `@` masked; safe to show even when unparsable. */
export function maskUrlCredentials(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@')
}

/**
 * `consequence` says what cannot be done without it, in the caller's words ("the changed files
 * cannot be listed", "the comment cannot be written").
 */
export function checkGitHubApiUrl(
  raw: string,
  consequence = 'the changed files cannot be listed'
): GitHubApiUrl {
  const shownRaw = JSON.stringify(maskUrlCredentials(raw))
  if (!URL.canParse(raw)) {
    throw new GitHubApiUrlError(
      `GITHUB_API_URL ${shownRaw} is not a valid URL, so ${consequence}. The runner sets it (https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server); fix or unset it.`
    )
  }
  const url = new URL(raw)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new GitHubApiUrlError(
      `GITHUB_API_URL ${shownRaw} is not an http(s) URL, so ${consequence}.`
    )
  }
  const secrets = [url.username, url.password]
    .filter(part => part !== '')
    .flatMap(part => [part, safeDecode(part)])
  const warnings: string[] = []
  url.username = ''
  url.password = ''
  const baseUrl = withoutTrailing(url.toString(), '/')
  const shown = secrets.length > 0 ? baseUrl.replace('://', '://***@') : baseUrl
  if (secrets.length > 0) {
    warnings.push(
      `GITHUB_API_URL carries credentials (${shown}): they are not sent; github_token authenticates the requests.`
    )
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    warnings.push(
      `GITHUB_API_URL ${shown} is plain http: the GitHub token would cross the network unencrypted. Use https.`
    )
  }
  return { baseUrl, shown, secrets: [...new Set(secrets)], warnings }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
