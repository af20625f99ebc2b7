/**
 * The commit status step: with commit_status, the deployed commit (a pull request's head on
 * its events) gets `pending` when verification starts, and at the end of the run (whatever
 * happened, like the summary) `success`, `failure` or `error` from the whole report, with a
 * description of at most 140 characters and a link to the run. Branch protection, deployment
 * gates and other workflows wait on it instead of a `sleep`.
 *
 * A dry run sets no status: it proves nothing about the edge. A status that cannot be set
 * never fails the step: a fork's read-only token is a notice, anything else a warning. The
 * writer is loaded only when a status is asked for.
 */
import type { StepIo } from './io.js'
import { shortSha } from '../text/format.js'
import { openGitHubWriter } from '../comment/write/open-writer.js'
import { finalStatus, pendingStatus, type CommitStatus } from '../report/commit-status.js'
import type { RunReport } from '../report/run-report.js'
import { commentTargetOf, runUrlOf, statusCommitOf } from '../comment/write/event-target.js'
import type { RunSettings } from '../plan/settings.js'

/** `pending`, as verification starts (the deadline it counts to, in the description). */
export async function setPendingStatus(
  io: StepIo,
  settings: RunSettings,
  timeoutMs: number
): Promise<void> {
  if (settings.publish?.commitStatus === undefined || settings.dryRun) return
  await setStatus(io, settings, pendingStatus(timeoutMs))
}

/** The final status from the whole report; returns what the summary says of it. */
export async function setFinalStatus(
  io: StepIo,
  settings: RunSettings,
  report: Readonly<RunReport>,
  redact: (text: string) => string
): Promise<string | undefined> {
  if (settings.publish?.commitStatus === undefined) return undefined
  if (settings.dryRun) {
    io.info(`commit_status: a dry run sets no status (it proves nothing at the edge).`)
    return undefined
  }
  const status = finalStatus(report)
  return setStatus(io, settings, { ...status, description: redact(status.description) })
}

async function setStatus(
  io: StepIo,
  settings: RunSettings,
  status: CommitStatus
): Promise<string | undefined> {
  const publish = settings.publish
  const context = publish?.commitStatus
  if (publish === undefined || context === undefined || settings.dryRun) return undefined
  const run = io.context()
  const commit = statusCommitOf(run, settings.changedFiles?.headSha)
  if (commit === undefined) {
    io.warning(
      `commit_status: the ${run.eventName || 'unknown'} event names no full commit SHA, so no status was set.`
    )
    return `No commit status: the event names no commit.`
  }
  const short = shortSha(commit.sha)
  try {
    const writer = await openGitHubWriter(publish.token, run)
    const targetUrl = runUrlOf(run)
    await writer.setStatus(commit.sha, {
      ...status,
      context,
      ...(targetUrl !== undefined && { targetUrl })
    })
    io.info(`commit_status: ${context} is ${status.state} on ${short}: ${status.description}`)
    return `Commit status ${context} on ${short}: ${status.state}, “${status.description}”.`
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const code = (error as { status?: unknown } | undefined)?.status
    const what = `The commit status ${context} (${status.state}) could not be set on ${short}`
    const target = commentTargetOf(run)
    if (code === 403 && target.kind === 'pull-request' && target.fork) {
      io.notice(
        `${what}: a pull request from a fork gets a read-only token (GitHub answered 403). The run's result is unchanged.`
      )
    } else {
      io.warning(`${what}: ${message} The run's result is unchanged.`)
    }
    return `${what}: ${message}`
  }
}
