/**
 * The wait for the origin, wired: the origin's own client, the wait loop, the log lines. Loaded
 * only by runs that give origin_url (steps/origin.ts imports it on demand).
 */
import { systemClock, type Clock } from '../time/clock.js'
import { shortBuild, type BuildId } from '../build/build-id.js'
import { createOriginClient, type OriginClient } from './origin-client.js'
import { cachedOriginProblem, describeLook } from './describe-look.js'
import type { OriginSettings } from './settings.js'
import { ROLLBACK_CONFIRM_MS, waitForBuild, type OriginWait } from './wait.js'
import { tenths } from '../text/format.js'
import { CommitRelations, firstKnown, otherBuildWords } from '../build/commit-relation.js'
import { relateByGitHub, type CompareAccess } from './commit-compare.js'
import { relateByHistory } from './commit-history.js'

export type { OriginWait }
export { cachedOriginProblem, describeLook }

export interface OriginLog {
  info(message: string): void
}

export interface OriginWaitRun {
  readonly settings: OriginSettings
  readonly requestTimeoutMs: number
  /** Look once and say whether the build is live (a dry run). */
  readonly once: boolean
  /** What waits for it, for the log: `purging` (default), `purging old content again`. */
  readonly before?: string
  readonly log: OriginLog
  readonly clock?: Clock
  readonly client?: OriginClient
  /** Ends the wait early. */
  readonly signal?: AbortSignal
  /** How another commit the origin shows relates to the build's (relationsOf); none: never asked. */
  readonly relations?: CommitRelations
  /** The build was live before this wait: an older one that stays is a rollback (wait.ts). */
  readonly watchRollback?: boolean
}

export async function runOriginWait(run: OriginWaitRun): Promise<OriginWait> {
  const { settings, log } = run
  const clock = run.clock ?? systemClock
  const client = run.client ?? createOriginClient(clock)
  const build = `${shortBuild(settings.build)} (${settings.build.source})`
  const { relations } = run
  log.info(
    run.once
      ? `Origin: looking once at ${settings.url.href} for build ${build} (dry run).`
      : `Origin: waiting for ${settings.url.href} to show build ${build}, up to ${tenths(settings.timeoutMs)} before ${run.before ?? 'purging'}.`
  )
  try {
    const wait = await waitForBuild({
      url: settings.url,
      build: settings.build,
      timeoutMs: settings.timeoutMs,
      requestTimeoutMs: run.requestTimeoutMs,
      look:
        run.watchRollback === true && run.client === undefined
          ? (url, timeoutMs) => lookOnNewConnection(clock, url, timeoutMs)
          : (url, timeoutMs) => client.look(url, timeoutMs),
      clock,
      once: run.once,
      ...(run.signal && { signal: run.signal }),
      ...(relations && { relations }),
      ...(run.watchRollback === true && { watchRollback: true }),
      onProgress: progress =>
        log.info(
          `Origin: not build ${shortBuild(settings.build)} yet after ${tenths(progress.elapsedMs)} (${progress.looks} look(s); last: ${progress.last ? describeLook(progress.last) : 'none yet'}).`
        )
    })
    const last = wait.last ? describeLook(wait.last) : 'no answer'
    if (wait.supersededBy !== undefined) {
      log.info(
        `Origin: ${settings.url.href} shows ${otherBuildWords(wait.supersededBy, { kind: 'newer' })}: this run's changes are live in it, so ${run.before === undefined ? 'the purge is sent now' : 'the wait ends'} (after ${tenths(wait.elapsedMs)}, ${wait.looks} look(s)).`
      )
    } else if (wait.rolledBackTo !== undefined) {
      log.info(
        `Origin: ${settings.url.href} shows ${otherBuildWords(wait.rolledBackTo, { kind: 'older' })} on every look for ${tenths(ROLLBACK_CONFIRM_MS)} or more: the deploy was rolled back (${wait.looks} look(s) in ${tenths(wait.elapsedMs)}).`
      )
    } else if (wait.ready) {
      log.info(
        `Origin: build ${shortBuild(settings.build)} is live after ${tenths(wait.elapsedMs)} (${wait.looks} look(s)).`
      )
    } else if (run.once && wait.stopped !== 'cached') {
      log.info(`Origin: build ${shortBuild(settings.build)} is not live yet (${last}).`)
    }
    return wait
  } finally {
    if (!run.client) client.close()
  }
}

/**
 * One look on a connection of its own: while a rollback is watched for, a load balancer that
 * keeps a connection on one instance would show that instance only.
 */
async function lookOnNewConnection(clock: Clock, url: URL, timeoutMs: number) {
  const client = createOriginClient(clock)
  try {
    return await client.look(url, timeoutMs)
  } finally {
    client.close()
  }
}

/** Where to learn how another commit relates: the run's checkout, GitHub's compare. */
export interface RelatedBy {
  readonly checkout?: string
  readonly github?: CompareAccess
}

/**
 * How other commits relate to the build's, from the sources given (the checkout's history
 * first, which costs no request); none for a build that is no commit. One a run, shared by its
 * waits, so that each commit is asked about once.
 */
export function relationsOf(build: BuildId, relatedBy: RelatedBy): CommitRelations | undefined {
  if (build.kind !== 'commit') return undefined
  const { checkout, github } = relatedBy
  const sources = [
    ...(checkout === undefined ? [] : [relateByHistory(checkout, build.text)]),
    ...(github === undefined ? [] : [relateByGitHub(github, build.text)])
  ]
  return sources.length === 0 ? undefined : new CommitRelations(firstKnown(sources))
}
