/**
 * The verification step as main.ts calls it: after the purges (verify), on a dry run (preview)
 * or instead of them (skipped, with the reason). It sets the verification outputs, decides
 * whether the step fails, and returns its part of the run's report (the summary is rendered
 * from it at the end). The verification code itself is loaded only when a run needs it.
 */
import type { StepIo } from './io.js'
import { Output } from '../core/constants.js'
import type { AcceptanceTimes, PurgeRequest, PurgeTargets } from '../core/purge.js'
import { jsonArrayWithin, MAX_LIST_OUTPUT_BYTES } from '../text/list-outputs.js'
import type { OtherBuildLive, VerificationPart } from '../report/run-report.js'
import { distinctAssets } from '../report/assets/asset-report.js'
import {
  brokenAssets,
  concludeVerification,
  renderChanges,
  renderProblems,
  skippedVerifyOutputs,
  verifySecondsOutput,
  wholeSecondsOutput
} from '../report/verify-outputs.js'
import type { OriginLive, RepurgeMode, RepurgeSent, Repurger } from '../repurge/repurger.js'
import type { BuildSuccession } from '../build/build-succession.js'
import type { RunSettings, VerifySettings } from '../plan/settings.js'
import type {
  ChosenPages,
  LooksBeforePurge,
  PageChoice,
  PreviewReport,
  VerifyInput
} from '../verify/index.js'
import { formatAcceptedAt } from '../time/purged-at.js'

/**
 * Purges by URL through the run's purge sender (steps/purge.ts, RunPurges): pages again, when
 * they showed old content; broken assets, to repair them; pages whose new render a crawler
 * should not get, to render them again.
 */
export interface PurgesAgain {
  repurge(urls: readonly string[]): Promise<RepurgeSent>
  repair(paths: readonly string[]): Promise<RepurgeSent>
  rerender(paths: readonly string[]): Promise<RepurgeSent>
}

/** What the purge step did, and what the verification after it may use. */
export interface AfterPurge {
  /** The targets purged. */
  readonly purged: PurgeTargets
  /** The plan's requests, and when the service accepted each (by its index). */
  readonly requests: readonly PurgeRequest[]
  readonly acceptedAt: AcceptanceTimes
  /** The pages chosen before the purge. */
  readonly chosen: PagesToVerify
  /** The run's sender, for purges again and repairs. */
  readonly purgesAgain?: PurgesAgain
  /** Whether origin_url shows the build (the origin step's wait); absent without origin_url. */
  readonly originLive?: OriginLive
  /** The looks before the purge for the old renders (steps/old-renders.ts). */
  readonly looksBeforePurge?: LooksBeforePurge
  /** Which build the site should show: a newer one, or a rollback, the origin showed. */
  readonly succession?: BuildSuccession
}

/** The verification's code, loaded only by a run that verifies or previews. */
const loadVerification = () => import('../verify/index.js')

/** Verification was asked for but cannot run: the summary says why. */
export function skipVerification(
  io: StepIo,
  settings: RunSettings,
  reason: string
): VerificationPart | undefined {
  io.setOutputs(skippedVerifyOutputs())
  if (settings.verify === undefined || settings.verify.mode === 'off') return undefined
  io.info(`Verification skipped: ${reason}`)
  return { kind: 'skipped', reason }
}

/** The pages a verification will check, chosen before it (and, on a purging run, the purge). */
export type PagesToVerify =
  /** No verification asked for (or no site_url): nothing to choose. */
  | { readonly kind: 'not-asked' }
  | { readonly kind: 'chosen'; readonly chosen: ChosenPages }
  /** This job's part would not fit in memory: the step has failed, with what to set. */
  | { readonly kind: 'over-budget'; readonly part: VerificationPart }

/**
 * Chooses the pages to verify: reads the sitemaps when the targets need them. On a purging
 * run this comes before the purge, so that a part too big to keep stops the run with nothing
 * purged (`stopped` says so), and the verification's deadline is not spent reading sitemaps.
 */
export async function choosePagesToVerify(
  io: StepIo,
  settings: RunSettings,
  targets: PurgeTargets,
  purging: boolean,
  stopped: string
): Promise<PagesToVerify> {
  const verify = settings.verify
  if (verify === undefined || verify.mode === 'off' || verify.siteUrl === undefined) {
    return { kind: 'not-asked' }
  }
  const { choosePages } = await loadVerification()
  const choice = await choosePages({
    settings: verify,
    siteUrl: verify.siteUrl,
    targets,
    purging,
    requestTimeoutMs: settings.timeoutMs,
    log: io,
    clock: io.clock
  })
  if (choice.kind === 'chosen') return choice
  return { kind: 'over-budget', part: stopOverBudget(io, settings, choice, stopped) }
}

/** The run stops: outputs for a verification that did not run, the error, the report's part. */
function stopOverBudget(
  io: StepIo,
  settings: RunSettings,
  choice: Extract<PageChoice, { kind: 'over-budget' }>,
  stopped: string
): VerificationPart {
  const shard = settings.verify?.shard
  io.setOutputs({
    ...skippedVerifyOutputs(),
    [Output.Shard]: shard ? `${shard.index}/${shard.count}` : '',
    [Output.PagesSelected]: String(choice.overBudget.selectedPages)
  })
  const message = `${choice.message} ${stopped}`
  io.setFailed(message)
  return { kind: 'over-budget', message }
}

export async function verifyAfterPurge(
  io: StepIo,
  settings: RunSettings,
  after: AfterPurge
): Promise<VerificationPart | undefined> {
  const { purged, requests, acceptedAt, chosen, purgesAgain, originLive, looksBeforePurge } = after
  const { succession } = after
  const verify = settings.verify
  if (
    verify === undefined ||
    verify.mode === 'off' ||
    verify.siteUrl === undefined ||
    chosen.kind !== 'chosen'
  ) {
    io.setOutputs(skippedVerifyOutputs())
    return undefined
  }
  const { targetKey, countryLimitWarning } = await loadVerification()
  const countryWarning = countryLimitWarning(settings.countries, verify.mode)
  if (countryWarning !== undefined) io.warning(countryWarning)
  const byTarget = new Map<string, number>()
  for (const request of requests) {
    const at = acceptedAt.get(request.index)
    if (at === undefined) continue
    for (const item of request.items) {
      const key = targetKey({ kind: request.kind, item })
      byTarget.set(key, Math.max(at, byTarget.get(key) ?? at))
    }
  }
  const lastAcceptedAt = Math.max(...acceptedAt.values())
  const repurger = await createRepurger(io, settings, lastAcceptedAt + verify.timeoutMs, {
    ...(purgesAgain && { repurgeUrls: (urls: readonly string[]) => purgesAgain.repurge(urls) }),
    ...(originLive && { originLive }),
    ...(succession && { succession })
  })
  return verifyAndReport(
    io,
    settings,
    {
      settings: verify,
      siteUrl: verify.siteUrl,
      targets: purged,
      chosen: chosen.chosen,
      acceptedAt: byTarget,
      against: { kind: 'purges', lastAcceptedAt },
      ...(purgesAgain && {
        repairAssets: (paths: readonly string[]) => purgesAgain.repair(paths),
        rerenderPages: (paths: readonly string[]) => purgesAgain.rerender(paths)
      }),
      ...(looksBeforePurge && { looksBeforePurge })
    },
    repurger && { repurger, purgedAt: lastAcceptedAt, ...(succession && { succession }) }
  )
}

/**
 * mode: verify: nothing was purged here; the pages the targets select are checked against
 * purged_at (the purge job's accepted_at), or only warmed without it. The deadline counts from
 * now: a matrix job may start minutes after the purge.
 */
export async function verifyWithoutPurge(
  io: StepIo,
  settings: RunSettings,
  targets: PurgeTargets
): Promise<VerificationPart> {
  const verify = settings.verify
  // The settings refuse mode: verify without site_url.
  if (verify?.siteUrl === undefined) throw new Error('mode: verify without site_url')
  const chosen = await choosePagesToVerify(io, settings, targets, false, 'No page was checked.')
  if (chosen.kind === 'over-budget') return chosen.part
  if (chosen.kind !== 'chosen') throw new Error('mode: verify without verification')
  const now = io.clock.now()
  const { purgedAt } = verify
  if (purgedAt === undefined) {
    io.notice(
      'mode: verify without purged_at: the pages are warmed, not checked against a purge (any HIT counts as fresh; EXTRACTING is asked again until HIT).'
    )
  } else if (purgedAt > now + FUTURE_PURGE_TOLERANCE_MS) {
    io.warning(
      `purged_at (${formatAcceptedAt(purgedAt)}) is ${Math.round((purgedAt - now) / 1000)} s ahead of this runner's clock: was it written without its time zone, or in another clock? Pages cached before it count as stale.`
    )
  } else {
    io.info(
      `Checking against purged_at ${formatAcceptedAt(purgedAt)} (${Math.round((now - purgedAt) / 1000)} s ago).`
    )
  }
  // Nothing is purged in this job, so old content is reported, not purged again.
  const repurger = await createRepurger(io, settings, now + verify.timeoutMs, {})
  return verifyAndReport(
    io,
    settings,
    {
      settings: verify,
      siteUrl: verify.siteUrl,
      targets,
      chosen: chosen.chosen,
      acceptedAt: new Map(),
      against: purgedAt === undefined ? { kind: 'warm-only' } : { kind: 'purged-at', at: purgedAt }
    },
    repurger && { repurger, purgedAt: purgedAt ?? now }
  )
}

/** The other build that went live in this run's place, for the reports: a rollback first. */
function otherBuildLive(succession: BuildSuccession | undefined): OtherBuildLive | undefined {
  const rolledBack = succession?.rolledBackTo
  if (rolledBack !== undefined) return { kind: 'rolled-back', ...rolledBack }
  const newer = succession?.supersededBy
  return newer === undefined ? undefined : { kind: 'superseded', ...newer }
}

/** A purged_at this far ahead of the runner's clock is a mistake rather than clock drift. */
const FUTURE_PURGE_TOLERANCE_MS = 60_000

/** verify_content's old-content watcher, and when the purge it is told from was accepted. */
interface OldContentHandling {
  readonly repurger: Repurger
  readonly purgedAt: number
  /** Which build the site should show (a newer one counts as fresh; a rollback ends the run). */
  readonly succession?: BuildSuccession
}

/** Runs the verification, sets its outputs, concludes, and returns its part of the report. */
async function verifyAndReport(
  io: StepIo,
  settings: RunSettings,
  input: Omit<VerifyInput, 'requestTimeoutMs' | 'log'> & { settings: VerifySettings },
  oldContent?: OldContentHandling
): Promise<VerificationPart> {
  const { runVerification, goneWarning, whyNothingChecked, whyTagsUnproven } =
    await loadVerification()
  const verify = input.settings
  const repurger = oldContent?.repurger
  const succession = oldContent?.succession
  const rollback = new AbortController()
  succession?.onRolledBack(() => rollback.abort())
  const repurging = repurger?.run()
  let report: Awaited<ReturnType<typeof runVerification>>
  try {
    report = await runVerification({
      ...input,
      ...(verify.ratePerSecond !== undefined && { ratePerSecond: verify.ratePerSecond }),
      requestTimeoutMs: settings.timeoutMs,
      log: io,
      clock: io.clock,
      ...(settings.content && {
        content: {
          build: settings.content.build,
          ...(repurger && { oldContent: repurger }),
          ...(succession && { accepted: () => succession.accepted(), rolledBack: rollback.signal })
        }
      })
    })
  } finally {
    repurger?.stop()
    await repurging
  }
  const { verification, selection } = report
  // The re-purges have stopped: what the run learned of other builds is final.
  const otherBuild = otherBuildLive(succession)
  const { counts } = verification
  const stale = verification.listed.filter(check => check.state === 'stale')
  const staleOutput = listOutput(
    io,
    Output.Stale,
    stale.map(check => ({
      url: check.url,
      device: check.device,
      reason: check.staleReason ?? 'not-purged-yet'
    })),
    { total: counts.stale, of: 'stale checks' }
  )
  const broken = brokenAssets(verification)
  const brokenOutput = listOutput(io, Output.BrokenAssets, broken, {
    total: broken.length,
    of: 'broken asset checks'
  })
  const problemsOutput = listOutput(io, Output.RenderProblems, renderProblems(verification), {
    total: verification.renders?.problems ?? 0,
    of: 'render problems'
  })
  const changesOutput = listOutput(io, Output.RenderChanges, renderChanges(verification), {
    total: verification.renders?.changes.length ?? 0,
    of: 'pages listed as changed for crawlers',
    summary: 'lists them'
  })
  io.setOutputs({
    [Output.VerifyStatus]: verification.status,
    [Output.RenderProblems]: problemsOutput,
    [Output.RenderChanges]: changesOutput,
    [Output.Stale]: staleOutput,
    [Output.VerifySeconds]: verifySecondsOutput(verification),
    [Output.BrokenAssets]: brokenOutput,
    [Output.WholeSeconds]: wholeSecondsOutput(verification),
    [Output.Warm]: String(verification.warm),
    [Output.Shard]: verify.shard ? `${verify.shard.index}/${verify.shard.count}` : '',
    [Output.PagesSelected]: String(selection.selectedCount),
    [Output.PagesChecked]: String(selection.pages.length),
    // Learned before the purge (the origin step set it) or during the verification.
    ...(succession?.supersededBy && { [Output.SupersededBy]: succession.supersededBy.commit })
  })
  const part: VerificationPart = {
    kind: 'verified',
    report,
    mode: verify.mode === 'warn' ? 'warn' : 'fail',
    timeoutMs: verify.timeoutMs,
    deadlineFrom: input.against.kind === 'purges' ? 'last-purge' : 'step-start',
    ...(settings.content &&
      oldContent && {
        oldContent: {
          build: settings.content.build,
          stillOld: verification.oldContent,
          repurge: oldContent.repurger.report(),
          purgedAt: oldContent.purgedAt,
          ...(succession?.supersededBy && { newer: succession.supersededBy.commit })
        }
      }),
    ...(otherBuild && { otherBuild })
  }
  const gone = goneWarning(verification.listed, counts.gone, verify.devices.length)
  if (gone !== undefined) io.warning(gone)
  const nothingChecked =
    report.selection.pages.length === 0 && verification.fatal === undefined
      ? whyNothingChecked({
          selection: report.selection,
          patterns: input.targets.patterns.length,
          ...(report.sitemap && { sitemapFound: report.sitemap.found }),
          sitemapRequest: verify.sitemap,
          siteUrl: report.siteUrl
        })
      : verification.status === 'skipped' && selection.uncheckedTags.length > 0
        ? whyTagsUnproven(selection.uncheckedTags, counts.fresh)
        : undefined
  concludeVerification(io, verification.status, verify.mode, verification.fatal, {
    stale: counts.stale,
    failed: counts.failed,
    unverifiable: counts.unverifiable,
    bypassed: counts.bypassed,
    oldContent: verification.oldContent,
    clocksDisagree: verification.clocksDisagree,
    gone: counts.gone,
    checks: verification.checks,
    notReached: verification.notReached,
    brokenAssets: verification.assets?.counts.broken ?? 0,
    brokenAssetUrls:
      verification.assets === undefined ? 0 : distinctAssets(verification.assets, 'broken'),
    notCheckedAssets: verification.assets?.counts['not-checked'] ?? 0,
    unprovenAssets: verification.assets?.unproven?.count ?? 0,
    badRenders: verification.renders?.badRenders ?? 0,
    timeoutSeconds: verify.timeoutMs / 1000,
    deadlineFrom:
      input.against.kind === 'purges'
        ? 'after the last purge was accepted'
        : 'after the step started',
    ...(nothingChecked !== undefined && { nothingChecked }),
    ...(otherBuild && { otherBuild })
  })
  return part
}

/**
 * A list output's JSON, cut to what GitHub keeps of a job's outputs, with a warning when it
 * names fewer than the `total` the verification counted (`of`: what they are; the summary
 * counts them all, or lists them).
 */
function listOutput(
  io: Pick<StepIo, 'warning'>,
  name: string,
  items: readonly unknown[],
  { total, of, summary = 'counts them all' }: { total: number; of: string; summary?: string }
): string {
  const output = jsonArrayWithin(items, MAX_LIST_OUTPUT_BYTES)
  if (output.shown < total) {
    io.warning(
      `The '${name}' output names ${output.shown} of the ${total} ${of} (GitHub limits a job's outputs to 1 MB); the job summary ${summary}.`
    )
  }
  return output.json
}

/** The dry run's blast radius (when site_url is given), or why a run would stop before it. */
export async function previewDryRun(
  io: StepIo,
  settings: RunSettings,
  targets: PurgeTargets
): Promise<
  | { readonly kind: 'preview'; readonly preview: PreviewReport }
  | { readonly kind: 'over-budget'; readonly part: VerificationPart }
  | undefined
> {
  const verify = settings.verify
  if (verify?.siteUrl === undefined) return undefined
  const { runPreview } = await loadVerification()
  const preview = await runPreview({
    settings: verify,
    siteUrl: verify.siteUrl,
    targets,
    purging: settings.mode !== 'verify',
    requestTimeoutMs: settings.timeoutMs,
    log: io,
    clock: io.clock
  })
  if ('overBudget' in preview) {
    const stopped =
      settings.mode === 'verify'
        ? 'A verify job would stop here, before checking any page.'
        : 'A run would stop here, before purging.'
    return { kind: 'over-budget', part: stopOverBudget(io, settings, preview, stopped) }
  }
  const { selection } = preview
  io.setOutputs({
    [Output.Preview]: JSON.stringify(preview.output),
    // What this job would check: its shard's part, after verify_limit.
    [Output.Shard]: selection.shard ? `${selection.shard.index}/${selection.shard.count}` : '',
    [Output.PagesSelected]: String(selection.selectedCount),
    [Output.PagesChecked]: String(selection.pages.length)
  })
  const listed = preview.sitemap.turnedOff
    ? 'sitemaps are turned off (sitemap: none)'
    : `the sitemap lists ${preview.output.sitemap_pages}`
  io.info(`Preview: the purges select ${preview.output.selected_count} page(s); ${listed}.`)
  const shown = preview.output.selected.length
  if (shown < selection.pages.length) {
    io.notice(
      `The preview output's "selected" lists the first ${shown} of the ${selection.pages.length} pages this job would check (GitHub limits a job's outputs to 1 MB); pages_checked counts them all.`
    )
  }
  return { kind: 'preview', preview }
}

/**
 * With verify_content, what becomes of old content: purged again once origin_url shows the
 * build (through the purge step's sender), or only reported (no origin_url, repurge_old_content:
 * false, or a job that purges nothing: mode: verify).
 */
async function createRepurger(
  io: StepIo,
  settings: RunSettings,
  deadline: number,
  {
    repurgeUrls,
    originLive,
    succession
  }: {
    repurgeUrls?: (urls: readonly string[]) => Promise<RepurgeSent>
    originLive?: OriginLive
    succession?: BuildSuccession
  }
): Promise<Repurger | undefined> {
  const content = settings.content
  if (content === undefined) return undefined
  const { Repurger } = await import('../repurge/repurger.js')
  let mode: RepurgeMode
  if (repurgeUrls === undefined) mode = { kind: 'verify-only' }
  else if (!content.repurge) mode = { kind: 'disabled' }
  else if (originLive === undefined) mode = { kind: 'no-origin-url' }
  else mode = { kind: 'repurge', send: repurgeUrls, originLive }
  return new Repurger({
    mode,
    clock: io.clock,
    deadline,
    log: io,
    ...(succession && { succession })
  })
}
