/**
 * What a run achieved, computed from the plan and the results: the values of the outputs.
 * A target counts as purged when every request that carried it (one per country) succeeded.
 */
import type { RunStatus } from '../core/constants.js'
import { countTargets, type Plan, type PurgeTargets } from '../core/purge.js'
import type { RequestResult } from '../send/send-plan.js'

export interface RunOutcome {
  readonly status: RunStatus
  /** Purged targets (planned ones, on a dry run), in plan order. */
  readonly purged: PurgeTargets
  /** Targets not purged, in plan order: tags, then URLs, then the pattern. */
  readonly failed: readonly string[]
  readonly count: number
}

export function dryRunOutcome(plan: Plan): RunOutcome {
  return {
    status: plan.requests.length === 0 ? 'nothing-to-purge' : 'dry-run',
    purged: plan.targets,
    failed: [],
    count: countTargets(plan.targets)
  }
}

export function sentOutcome(plan: Plan, results: readonly RequestResult[]): RunOutcome {
  if (plan.requests.length === 0) return nothingToPurge()
  const notPurged = { tag: new Set<string>(), url: new Set<string>(), pattern: new Set<string>() }
  for (const result of results) {
    if (result.outcome === 'purged') continue
    for (const item of result.request.items) notPurged[result.request.kind].add(item)
  }
  const purged: PurgeTargets = {
    tags: plan.targets.tags.filter(tag => !notPurged.tag.has(tag)),
    urls: plan.targets.urls.filter(url => !notPurged.url.has(url)),
    patterns: plan.targets.patterns.filter(pattern => !notPurged.pattern.has(pattern))
  }
  const failed = [
    ...plan.targets.tags.filter(tag => notPurged.tag.has(tag)),
    ...plan.targets.urls.filter(url => notPurged.url.has(url)),
    ...plan.targets.patterns.filter(pattern => notPurged.pattern.has(pattern))
  ]
  return {
    status: failed.length > 0 ? 'failed' : 'purged',
    purged,
    failed,
    count: countTargets(purged)
  }
}

export function nothingToPurge(): RunOutcome {
  return {
    status: 'nothing-to-purge',
    purged: { tags: [], urls: [], patterns: [] },
    failed: [],
    count: 0
  }
}

/** mode: verify: nothing is purged (the targets only select the pages to check). */
export function verifyOnlyOutcome(): RunOutcome {
  return { ...nothingToPurge(), status: 'verify-only' }
}

/** Nothing was sent (the origin never showed the build): every target is not purged. */
export function notSentOutcome(plan: Plan): RunOutcome {
  const { tags, urls, patterns } = plan.targets
  return { ...nothingToPurge(), status: 'failed', failed: [...tags, ...urls, ...patterns] }
}
