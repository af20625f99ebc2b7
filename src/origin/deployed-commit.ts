/**
 * build_id's default, read from the event with the change ranges' own rule and head_sha parser
 * (changed-files/change-source.ts), so that both name the same commit. Loaded only by runs that
 * need a build id.
 */
import { Input } from '../core/constants.js'
import { Diagnostics } from '../core/diagnostics.js'
import {
  deployedCommit,
  inputSha,
  type DeployedCommit,
  type GitHubContextLike
} from '../changed-files/change-source.js'

export function deployedCommitOf(
  context: GitHubContextLike
): (headSha: string, diag: Diagnostics | undefined) => DeployedCommit | undefined {
  return (headSha, diag) =>
    deployedCommit(context, inputSha(Input.HeadSha, headSha, diag ?? new Diagnostics()).sha)
}
