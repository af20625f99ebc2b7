/**
 * The publish inputs (pr_comment, commit_status, and the github_token they write with) as one
 * typed value. Pure, like the rest of the settings: every problem goes to Diagnostics, naming
 * the input and quoting the value. Small and free of the GitHub client, so the input parser
 * may import it statically.
 */
import { Input, type InputName } from '../core/constants.js'
import type { Diagnostics } from '../core/diagnostics.js'
import { parseBoolean } from '../core/scalars.js'
import { CONTROL_CHARACTER } from '../core/targets.js'

export interface PublishSettings {
  /** Post the plan (or the result) as one comment on the pull request, updated in place. */
  readonly prComment: boolean
  /** The commit status's context (`cache/edge`); absent: no status is set. */
  readonly commitStatus?: string
  readonly token: string
}

/** Default values, as action.yml declares them. */
export const PUBLISH_DEFAULTS: Partial<Record<InputName, string>> = {
  [Input.PrComment]: 'false',
  [Input.CommitStatus]: ''
}

/** GitHub shows a context in one line of the checks list; longer ones are refused there. */
export const MAX_STATUS_CONTEXT = 255

/**
 * `value` gives an input's trimmed text, its default when not given. Undefined when neither
 * is asked for (or one is wrong: the problem is reported). `tokenChecked`: another reader of
 * github_token (changed_files) has already reported it missing, so it is not said twice.
 */
export function parsePublishSettings(
  value: (name: InputName) => string,
  diag: Diagnostics,
  tokenChecked: boolean
): PublishSettings | undefined {
  const prComment = parseBoolean(Input.PrComment, value(Input.PrComment), diag)
  const commitStatus = parseContext(value(Input.CommitStatus), diag)
  if (prComment !== true && commitStatus === undefined) return undefined
  const token = value(Input.GithubToken)
  if (token === '') {
    if (!tokenChecked) {
      const asked = [
        ...(prComment === true ? [['pr_comment: true', 'pull-requests: write']] : []),
        ...(commitStatus !== undefined ? [['commit_status', 'statuses: write']] : [])
      ]
      diag.problem(
        Input.GithubToken,
        '',
        `is required with ${asked.map(([input]) => input).join(' and ')} (the default is \${{ github.token }}; it needs ${asked.map(([, permission]) => permission).join(' and ')})`
      )
    }
    return undefined
  }
  return {
    prComment: prComment === true,
    ...(commitStatus !== undefined && { commitStatus }),
    token
  }
}

function parseContext(raw: string, diag: Diagnostics): string | undefined {
  if (raw === '') return undefined
  if (CONTROL_CHARACTER.test(raw) || raw.length > MAX_STATUS_CONTEXT) {
    diag.problem(
      Input.CommitStatus,
      raw,
      `must be a status context such as cache/edge: one line, at most ${MAX_STATUS_CONTEXT} characters`
    )
    return undefined
  }
  return raw
}
