/**
 * The wait for the origin, wired: the origin's own client, the wait loop, the log lines. Loaded
 * only by runs that give origin_url (steps/origin.ts imports it on demand).
 */
import { systemClock, type Clock } from '../time/clock.js'
import { shortBuild } from '../build/build-id.js'
import { createOriginClient, type OriginClient } from './origin-client.js'
import { cachedOriginProblem, describeLook } from './describe-look.js'
import type { OriginSettings } from './settings.js'
import { waitForBuild, type OriginWait } from './wait.js'
import { tenths } from '../text/format.js'
import { CommitRelations, otherBuildWords } from '../build/commit-relation.js'
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
  /** The run's checkout: its git history tells how another commit the origin shows relates. */
  readonly checkout?: string
}

export async function runOriginWait(run: OriginWaitRun): Promise<OriginWait> {
  const { settings, log } = run
  const clock = run.clock ?? systemClock
  const client = run.client ?? createOriginClient(clock)
  const build = `${shortBuild(settings.build)} (${settings.build.source})`
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
      look: (url, timeoutMs) => client.look(url, timeoutMs),
      clock,
      once: run.once,
      ...(run.signal && { signal: run.signal }),
      ...(run.checkout !== undefined &&
        settings.build.kind === 'commit' && {
          relations: new CommitRelations(relateByHistory(run.checkout, settings.build.text))
        }),
      onProgress: progress =>
        log.info(
          `Origin: not build ${shortBuild(settings.build)} yet after ${tenths(progress.elapsedMs)} (${progress.looks} look(s); last: ${progress.last ? describeLook(progress.last) : 'none yet'}).`
        )
    })
    const last = wait.last ? describeLook(wait.last) : 'no answer'
    if (wait.supersededBy !== undefined) {
      log.info(
        `Origin: ${settings.url.href} shows ${otherBuildWords(wait.supersededBy, { kind: 'newer' })}: this run's changes are live in it, so the purge is sent now (after ${tenths(wait.elapsedMs)}, ${wait.looks} look(s)).`
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
