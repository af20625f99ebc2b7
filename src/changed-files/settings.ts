/**
 * The changed-files part of the inputs (url_map, base_sha, head_sha, github_token), parsed
 * only when `changed_files` is true: loaded on demand, like the GitHub client, so that a plain
 * purge does not compile the url_map grammar at start-up.
 */
import type { Diagnostics } from '../diagnostics.js'
import { Input, type InputName } from '../constants.js'
import { DEFAULT_URL_MAP } from './url-map-presets.js'
import { parseUrlMap, type UrlMap } from './url-map.js'
import { inputSha } from './change-source.js'

export interface ChangedFilesSettings {
  readonly urlMap: UrlMap
  readonly baseSha?: string
  readonly headSha?: string
  readonly token: string
}

/** `value` gives an input's trimmed text, '' when not given. */
export function parseChangedFilesSettings(
  value: (name: InputName) => string,
  diag: Diagnostics
): ChangedFilesSettings | undefined {
  const urlMap = parseUrlMap(value(Input.UrlMap) || DEFAULT_URL_MAP, diag)
  const baseSha = inputSha(Input.BaseSha, value(Input.BaseSha), diag).sha
  const headSha = inputSha(Input.HeadSha, value(Input.HeadSha), diag).sha
  const token = value(Input.GithubToken)
  if (token === '') {
    diag.problem(
      Input.GithubToken,
      '',
      'is required with changed_files: true (the default is ${{ github.token }}; it needs contents: read)'
    )
  }
  if (urlMap === undefined || token === '') return undefined
  return { urlMap, token, ...(baseSha && { baseSha }), ...(headSha && { headSha }) }
}
