/**
 * The Plan: a plain value that says everything a run will send. Built by a pure function from
 * the settings and the targets derived from changed files; a dry run prints it, a real run
 * sends it. Targets (tags, URLs, the pattern) are what the outputs count; requests are how
 * they travel: batches of at most batch_size items, one request per batch and country.
 */
import type { PurgeKind } from '../core/constants.js'
import { chunk, uniqueNonEmpty } from '../core/lists.js'
import type { DerivedTargets, Plan, PurgeRequest, PurgeTargets } from '../core/purge.js'
import type { RunSettings } from './settings.js'

export function buildPlan(settings: RunSettings, derived?: DerivedTargets): Plan {
  const warnings: string[] = []
  const derivedTags = derived?.tags ?? []
  const derivedUrls = derived?.urls ?? []
  if (settings.mode === 'url' && derivedTags.length > 0) {
    warnings.push(
      `mode is 'url': ${derivedTags.length} tag(s) derived from changed files are left out.`
    )
  }
  if (settings.mode === 'tag' && derivedUrls.length > 0) {
    warnings.push(
      `mode is 'tag': ${derivedUrls.length} URL(s) derived from changed files are left out.`
    )
  }
  const targets: PurgeTargets = {
    tags:
      settings.mode === 'url' ? settings.tags : uniqueNonEmpty([...settings.tags, ...derivedTags]),
    urls:
      settings.mode === 'tag' ? settings.urls : uniqueNonEmpty([...settings.urls, ...derivedUrls]),
    patterns: settings.pattern ? [settings.pattern.pattern] : []
  }
  // mode: verify sends nothing: the targets only select the pages to check.
  const requests = settings.mode === 'verify' ? [] : planRequests(targets, settings)
  return { targets, requests, warnings }
}

function planRequests(targets: PurgeTargets, settings: RunSettings): PurgeRequest[] {
  const batches: { kind: PurgeKind; items: string[] }[] = [
    ...chunk(targets.tags, settings.batchSize).map(items => ({ kind: 'tag' as const, items })),
    ...chunk(targets.urls, settings.batchSize).map(items => ({ kind: 'url' as const, items })),
    ...targets.patterns.map(pattern => ({ kind: 'pattern' as const, items: [pattern] }))
  ]
  // No country given: one request per batch with no country field at all, as the API allows.
  const countries: (string | undefined)[] =
    settings.countries.length > 0 ? [...settings.countries] : [undefined]
  const requests: PurgeRequest[] = []
  for (const batch of batches) {
    for (const country of countries) {
      requests.push({
        index: requests.length,
        kind: batch.kind,
        items: batch.items,
        ...(country !== undefined && { country })
      })
    }
  }
  return requests
}
