/**
 * The changed-files part of the inputs (url_map, base_sha, head_sha, github_token), parsed
 * only when `changed_files` is true: loaded on demand, like the GitHub client, so that a plain
 * purge does not compile the url_map grammar at start-up.
 */
import type { Diagnostics } from '../core/diagnostics.js'
import { Input, type InputName } from '../core/constants.js'
import { CONTROL_CHARACTER } from '../core/targets.js'
import { DEFAULT_URL_MAP } from './url-map-presets.js'
import type { UrlMap } from './url-map.js'
import { parseUrlMap } from './url-map/parse.js'
import { inputSha, SINCE_VALUES, type Since } from './change-source.js'

/**
 * Where an entry reads changed files: GitHub's REST API (the action) or the local git
 * repository (the command line). The changed-files inputs that apply depend on it.
 */
export type ChangeSourceKind = 'github' | 'git'

export interface ChangedFilesSettings {
  readonly urlMap: UrlMap
  readonly baseSha?: string
  readonly headSha?: string
  readonly token: string
  readonly since?: Since
  /** Which environment's deployments `since: last-deployment` and deployment events read. */
  readonly environment?: string
}

/**
 * `value` gives an input's trimmed text, '' when not given. `source`: where the entry reads the
 * changed files. GitHub's API needs a token and can look up `since`; the local git repository
 * (the command line) needs neither and has no deployments or workflow runs to look up.
 */
export function parseChangedFilesSettings(
  value: (name: InputName) => string,
  diag: Diagnostics,
  source: ChangeSourceKind = 'github'
): ChangedFilesSettings | undefined {
  const urlMap = parseUrlMap(value(Input.UrlMap) || DEFAULT_URL_MAP, diag)
  const baseSha = inputSha(Input.BaseSha, value(Input.BaseSha), diag).sha
  const headSha = inputSha(Input.HeadSha, value(Input.HeadSha), diag).sha
  const token = source === 'github' ? value(Input.GithubToken) : ''
  if (token === '' && source === 'github') {
    diag.problem(
      Input.GithubToken,
      '',
      'is required with changed_files: true (the default is ${{ github.token }}; it needs contents: read)'
    )
  }
  const since = parseSince(value(Input.Since), diag)
  if (since !== undefined && source === 'git') {
    diag.problem(
      Input.Since,
      value(Input.Since),
      "looks up GitHub's deployments and workflow runs, which the local git repository does not have: give base_sha instead (the commit last deployed)"
    )
  }
  const environment = parseEnvironment(value(Input.Environment), diag)
  if (environment !== undefined && source === 'git') {
    diag.warn(
      "'environment' is ignored: it names GitHub deployments, and the changed files come from the local git repository."
    )
  }
  if (urlMap === undefined || (token === '' && source === 'github')) return undefined
  return {
    urlMap,
    token,
    ...(baseSha && { baseSha }),
    ...(headSha && { headSha }),
    ...(since && { since }),
    ...(environment && { environment })
  }
}

function parseSince(raw: string, diag: Diagnostics): Since | undefined {
  if (raw === '') return undefined
  const since = SINCE_VALUES.find(value => value === raw.toLowerCase())
  if (since === undefined) {
    diag.problem(
      Input.Since,
      raw,
      `must be empty (what the event says), ${SINCE_VALUES.map(value => `'${value}'`).join(' or ')}`
    )
  }
  return since
}

function parseEnvironment(raw: string, diag: Diagnostics): string | undefined {
  if (raw === '') return undefined
  if (CONTROL_CHARACTER.test(raw) || raw.length > 255) {
    diag.problem(
      Input.Environment,
      raw,
      'must be an environment name: at most 255 characters, no control characters'
    )
    return undefined
  }
  return raw
}
