/**
 * The origin step as main.ts calls it, between the plan and the purge: with origin_url, wait
 * until the origin shows the build before anything is purged (a purge that lands before the
 * new build is live makes the service render and cache the old one again). A dry run looks
 * once. When the build never shows, or origin_url is answered by the rendering cache (which
 * cannot show it before the purge), the step fails the run with `status: failed`, and its report
 * says (in the summary) what was polled, for how long, what was expected and what the origin
 * last said; nothing is purged. The wait's code is loaded only when origin_url is given.
 */
import type { StepIo } from './io.js'
import { Output } from '../core/constants.js'
import type { Plan } from '../core/purge.js'
import type { OriginReport } from '../report/origin-report.js'
import type { RunSettings } from '../plan/settings.js'
import { tenths } from '../text/format.js'
import { shortBuild } from '../build/build-id.js'
import { servedInstead } from '../build/commit-relation.js'
import type { OriginLive } from '../repurge/repurger.js'
import type { RelatedBy } from '../origin/index.js'
import type { CommitRelations } from '../build/commit-relation.js'
import { BuildSuccession } from '../build/build-succession.js'

export type OriginStep =
  /** No origin_url: nothing to wait for. */
  | { readonly kind: 'not-asked' }
  /** Ready (or, on a dry run, looked at once): purge. */
  | { readonly kind: 'looked'; readonly report: OriginReport }
  /** The build never showed: the step has failed; nothing may be purged. */
  | { readonly kind: 'failed'; readonly report: OriginReport }

/**
 * What a run's looks at the origin share: which build the site should show (the content proof
 * and the re-purges read it), and how other commits relate, made at the first look that needs
 * it, so that each commit is asked about once a run.
 */
export interface OriginShared {
  readonly succession: BuildSuccession | undefined
  /** The run's relations (none without origin_url, or for a build that is no commit). */
  relations(): Promise<CommitRelations | undefined>
}

export function originShared(io: StepIo, settings: RunSettings): OriginShared {
  const build = settings.content?.build ?? settings.origin?.build
  const origin = settings.origin
  let relations: Promise<CommitRelations | undefined> | undefined
  return {
    succession: build === undefined ? undefined : new BuildSuccession(build),
    relations: () =>
      (relations ??=
        origin === undefined
          ? Promise.resolve(undefined)
          : import('../origin/index.js').then(({ relationsOf }) =>
              relationsOf(origin.build, relatedBy(io, origin.githubToken))
            ))
  }
}

export async function waitForOrigin(
  io: StepIo,
  settings: RunSettings,
  plan: Plan,
  shared: OriginShared
): Promise<OriginStep> {
  const origin = settings.origin
  if (origin === undefined) {
    io.setOutputs({ [Output.OriginSeconds]: '' })
    return { kind: 'not-asked' }
  }
  const { runOriginWait, describeLook, cachedOriginProblem } = await import('../origin/index.js')
  const startedAt = io.clock.now()
  const relations = await shared.relations()
  const wait = await runOriginWait({
    settings: origin,
    clock: io.clock,
    requestTimeoutMs: settings.timeoutMs,
    once: settings.dryRun,
    log: io,
    ...(relations && { relations })
  })
  if (wait.supersededBy !== undefined) {
    shared.succession?.superseded(wait.supersededBy, io.clock.now())
  }
  const report: OriginReport = {
    url: origin.url.href,
    build: origin.build,
    timeoutMs: origin.timeoutMs,
    dryRun: settings.dryRun,
    wait,
    startedAt
  }
  io.setOutputs({
    [Output.OriginSeconds]: wait.ready ? (wait.elapsedMs / 1000).toFixed(1) : '',
    [Output.SupersededBy]: wait.supersededBy ?? ''
  })
  const cached =
    wait.stopped === 'cached' && wait.last !== undefined
      ? cachedOriginProblem(origin.url.href, wait.last)
      : undefined
  if (settings.dryRun && cached !== undefined) {
    io.warning(`Dry run: ${cached} A real run would fail at once and purge nothing.`)
  }
  if (wait.ready || settings.dryRun) return { kind: 'looked', report }

  const { targets } = plan
  io.setOutputs({
    [Output.Status]: 'failed',
    [Output.Pattern]: '',
    [Output.Count]: '0'
  })
  io.setListOutputs({
    [Output.Tags]: [],
    [Output.Urls]: [],
    [Output.Failed]: [...targets.tags, ...targets.urls, ...targets.patterns]
  })
  if (cached !== undefined) {
    io.setFailed(`${cached} Nothing was purged.`)
    return { kind: 'failed', report }
  }
  const last = wait.last ? describeLook(wait.last) : 'no answer'
  const why =
    wait.stopped === 'retry-after'
      ? 'the origin asked to come back after the deadline'
      : `not within ${tenths(origin.timeoutMs)}`
  // What it serves instead, never "the previous build": an older one, or one whose relation
  // to this run's commit is not known, is said as such.
  const serves = servedInstead(wait.others, shortBuild(origin.build))
  io.setFailed(
    `origin_url ${origin.url.href} did not show build ${origin.build.text} (${origin.build.source}): ${why}; ${wait.looks} look(s), last: ${last}. Nothing was purged: a purge now would re-cache ${serves}.`
  )
  return { kind: 'failed', report }
}

/**
 * What origin_url shows, waiting for the build until `until` at most (the runner's clock): what
 * a purge again of old content waits on, so that it never re-caches another build. A newer
 * commit, which holds the build's, ends the wait as the build would; an older one that stays is
 * a rollback (the build was live before the purge). Undefined without origin_url. The wait is
 * this step's, handed to the verification.
 */
export function originLiveCheck(
  io: StepIo,
  settings: RunSettings,
  shared: OriginShared
): OriginLive | undefined {
  const origin = settings.origin
  if (origin === undefined) return undefined
  return async (until, signal) => {
    const { runOriginWait } = await import('../origin/index.js')
    const relations = await shared.relations()
    const wait = await runOriginWait({
      settings: { ...origin, timeoutMs: Math.max(0, until - io.clock.now()) },
      clock: io.clock,
      requestTimeoutMs: settings.timeoutMs,
      once: false,
      before: 'purging old content again',
      log: io,
      signal,
      ...(relations && { relations }),
      watchRollback: true
    })
    if (wait.supersededBy !== undefined) return { kind: 'newer', commit: wait.supersededBy }
    if (wait.ready) return { kind: 'live' }
    if (wait.rolledBackTo !== undefined) return { kind: 'rolled-back', commit: wait.rolledBackTo }
    return { kind: 'not-live' }
  }
}

/**
 * Where the origin wait learns how another commit relates to the build's: the run's checkout,
 * and GitHub's compare in the run's repository when there is a token to ask with.
 */
function relatedBy(io: StepIo, token: string): RelatedBy {
  const { repository, apiUrl } = io.context()
  const asksGitHub = token !== '' && repository.owner !== '' && repository.repo !== ''
  return {
    ...(io.checkout !== undefined && { checkout: io.checkout }),
    ...(asksGitHub && { github: { token, repository, apiUrl } })
  }
}
