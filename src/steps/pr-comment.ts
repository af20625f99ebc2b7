/**
 * The pull-request comment step, at the end of a run (whatever happened, like the summary):
 * with pr_comment, the run's report becomes one comment on the pull request, found again by
 * its marker and updated in place. On a pull request's own events it is the plan (or, if the
 * run purged, the result); on the push or deployment of a merge, the pull request that merged
 * the commit gets the result in the same comment, with whether it purged the plan previewed.
 *
 * A comment that cannot be written never fails the step: a fork's read-only token is a notice
 * (the plan stays in the job summary), anything else a warning. The writer (with GitHub's
 * client) and the renderer are loaded only when a comment is asked for: most runs write none.
 */
import type { RunContext, StepIo } from './io.js'
import { plural, shortSha } from '../text/format.js'
import { openGitHubWriter } from '../comment/write/open-writer.js'
import type { PurgeTargets } from '../core/purge.js'
import {
  fingerprintOf,
  legOf,
  type CommentKey,
  type CommentMarker,
  type PlanFingerprint
} from '../comment/write/marker.js'
import { commentTargetOf, runUrlOf, statusCommitOf } from '../comment/write/event-target.js'
import { redactInert } from '../text/inert-html.js'
import type { RunReport } from '../report/run-report.js'
import type { RunSettings } from '../plan/settings.js'

const NO_TARGETS: PurgeTargets = { tags: [], urls: [], patterns: [] }

/**
 * Writes the comment when pr_comment asks for it; returns what the summary says of it.
 * `redact` hides the registered secrets, as every text the run writes.
 */
export async function writePullRequestComment(
  io: StepIo,
  settings: RunSettings,
  report: Readonly<RunReport>,
  redact: (text: string) => string
): Promise<string | undefined> {
  const publish = settings.publish
  if (publish?.prComment !== true) return undefined
  const context = io.context()
  const headSha = settings.changedFiles?.headSha
  const target = commentTargetOf(context, headSha)
  if (target.kind === 'none') {
    io.notice(`pr_comment: no comment was written: ${target.reason}.`)
    return `No pull request comment: ${target.reason}.`
  }
  const kind = settings.dryRun ? 'plan' : 'result'
  let number = target.kind === 'pull-request' ? target.number : undefined
  try {
    const writer = await openGitHubWriter(publish.token, context)
    if (target.kind === 'merged') number = await writer.pullRequestMerging(target.sha)
    if (number === undefined) {
      const sha = target.kind === 'merged' ? shortSha(target.sha) : ''
      io.notice(
        `pr_comment: no merged pull request is associated with commit ${sha}, so no comment was written.`
      )
      return `No pull request comment: no merged pull request is associated with ${sha}.`
    }
    const key = commentKeyOf(context, settings)
    const existing = await writer.findComment(number, key)
    const commit = target.kind === 'merged' ? target.sha : statusCommitOf(context, headSha)?.sha
    const previewed = kind === 'result' ? previewedBy(existing?.marker) : undefined
    const marker: CommentMarker = {
      ...key,
      kind,
      ...fingerprintOf(report.purge?.plan.targets ?? NO_TARGETS, commit),
      ...(previewed !== undefined && { previewed })
    }
    const { renderComment } = await import('../comment/render/comment.js')
    const runUrl = runUrlOf(context)
    const body = renderComment(report, {
      marker,
      event: context.eventName,
      now: io.clock.now(),
      ...(runUrl !== undefined && { runUrl }),
      ...(context.runId !== undefined && { runId: context.runId }),
      ...(commit !== undefined && { commit })
    })
    const written = await writer.writeComment(number, key, redactInert(body, redact), existing)
    const verb = written.created ? 'posted' : 'updated'
    const where = written.url === undefined ? '' : `: ${written.url}`
    io.info(`pr_comment: ${verb} the ${kind} on pull request #${number}${where}`)
    if (written.authorUnknown) {
      io.notice(
        `pr_comment: GitHub did not say which account github_token writes as, so no earlier comment could be told to be this action's: the ${kind} was posted as a new comment, and no comment was edited or deleted.`
      )
    }
    if (written.deleted > 0) {
      io.info(
        `pr_comment: deleted ${plural(written.deleted, 'older copy', 'older copies')} of this comment that runs at the same time had posted.`
      )
    }
    if (written.notDeleted !== undefined) {
      io.warning(
        `pr_comment: the ${kind} was ${verb} on pull request #${number}, but copies of it that runs at the same time had posted could not be deleted: ${written.notDeleted}`
      )
    }
    return `The ${kind} on pull request #${number} (${verb}${written.url === undefined ? '' : `, ${written.url}`}).`
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const status = (error as { status?: unknown } | undefined)?.status
    const on = number === undefined ? 'the pull request' : `pull request #${number}`
    if (status === 403 && target.kind === 'pull-request' && target.fork) {
      io.notice(
        `The ${kind} could not be posted on ${on}: it comes from a fork, and GitHub gives the workflows of a fork's pull request a read-only token (it answered 403). The ${kind} is in the job summary; the run's result is unchanged.`
      )
      return `The ${kind} could not be posted on ${on}: a fork's pull request gets a read-only token.`
    }
    io.warning(
      `The comment on ${on} could not be written: ${message} The run's result is unchanged; the job summary has the ${kind}.`
    )
    return `The comment on ${on} could not be written: ${message}`
  }
}

/** Which comment is this run's: its workflow, its job, and the leg of a matrix. */
function commentKeyOf(context: RunContext, settings: RunSettings): CommentKey {
  const shard = settings.verify?.shard
  return {
    workflow: context.workflow ?? 'workflow',
    job: context.job ?? 'job',
    leg: legOf([
      settings.baseUrl?.href,
      settings.verify?.siteUrl?.href,
      settings.changedFiles?.environment,
      settings.countries.join(','),
      shard === undefined ? undefined : `${shard.index}/${shard.count}`,
      settings.mode
    ])
  }
}

/** The plan a pull request previewed: the comment's own, or the one a result carried on. */
function previewedBy(marker: CommentMarker | undefined): PlanFingerprint | undefined {
  if (marker === undefined) return undefined
  if (marker.kind === 'result') return marker.previewed
  const { plan, targets, sha } = marker
  return { plan, targets, ...(sha !== undefined && { sha }) }
}
