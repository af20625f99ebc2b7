/**
 * The verification outputs when no verification ran (input problems, a failed purge, a dry
 * run, ...): every step that ends a run early sets them, so that later workflow steps always
 * find them.
 */
import { everyPageFresh, Output } from '../core/constants.js'
import { OUTPUT_DEFAULTS } from './output-defaults.js'
import { renderActionValue } from './vocabulary.js'
import type { Verification } from '../verify/check/verify-pages.js'

/** The outputs the verification sets. */
const VERIFY_OUTPUTS = [
  Output.VerifyStatus,
  Output.Stale,
  Output.VerifySeconds,
  Output.Warm,
  Output.Shard,
  Output.PagesSelected,
  Output.PagesChecked,
  Output.BrokenAssets,
  Output.WholeSeconds,
  Output.RenderProblems,
  Output.RenderChanges
] as const

/** Each verification output at its value for "nothing was checked" (output-defaults.ts). */
export function skippedVerifyOutputs(): Record<string, string> {
  return Object.fromEntries(VERIFY_OUTPUTS.map(name => [name, OUTPUT_DEFAULTS[name]]))
}

/**
 * `verify_seconds`: the slowest time to fresh, only when every verifiable check was fresh (a
 * number of a verification that ended stale, or that proved nothing fresh, would mislead).
 */
export function verifySecondsOutput(
  verification: Pick<Verification, 'status' | 'timeToFresh'>
): string {
  const times = verification.timeToFresh
  if (!everyPageFresh(verification.status) || times === undefined) return ''
  return (times.slowestMs / 1000).toFixed(1)
}

/**
 * `whole_seconds`: from the last purge's acceptance until the last asset check ended whole, only
 * when every page was fresh and every asset whole (or repaired).
 */
export function wholeSecondsOutput(verification: Pick<Verification, 'status' | 'assets'>): string {
  const whole = verification.assets?.wholeAfterMs
  const allWhole = verification.status === 'fresh' || verification.status === 'bad-render'
  if (!allWhole || whole === undefined) return ''
  return (whole / 1000).toFixed(1)
}

/** One entry of the `broken_assets` output, in the names action.yml documents. */
export interface BrokenAssetOutput {
  readonly url: string
  readonly device: string
  readonly kind: string
  readonly reason: string
  /** The last answer's status; null when none came. */
  readonly status: number | null
  /** The last answer's media type; null without one. */
  readonly content_type: string | null
  readonly pages: readonly string[]
  /** Where its redirects led (the last URL asked or refused); null when it was not redirected. */
  readonly redirected_to: string | null
  /** How many redirects it took; 0 when none. */
  readonly redirects: number
}

/** `broken_assets`: the broken (asset, device) checks only, not the repaired ones. */
export function brokenAssets(verification: Pick<Verification, 'assets'>): BrokenAssetOutput[] {
  return (verification.assets?.listed ?? [])
    .filter(asset => asset.state === 'broken')
    .map(asset => ({
      url: asset.url,
      device: asset.device,
      kind: asset.kind,
      reason: asset.reason ?? 'status',
      status: asset.httpStatus ?? null,
      content_type: asset.contentType ?? null,
      pages: asset.pages,
      redirected_to: asset.redirect?.to ?? null,
      redirects: asset.redirect?.hops ?? 0
    }))
}

/** One entry of the `render_problems` output, in the names action.yml documents. */
export interface RenderProblemOutput {
  readonly url: string
  readonly device: string
  readonly reason: string
  readonly detail: string
  /** What the old render had; null when it was not read. */
  readonly old: string | null
  /** What the action did: reported, or rendered again by a purge (renderActionValue). */
  readonly action: string
}

/** `render_problems`: each problem of a fresh page's new render, page and device. */
export function renderProblems(verification: Pick<Verification, 'renders'>): RenderProblemOutput[] {
  return (verification.renders?.listed ?? []).map(row => ({
    url: row.url,
    device: row.device,
    reason: row.reason,
    detail: row.detail,
    old: row.old ?? null,
    action: renderActionValue(row.rerender)
  }))
}

/** One entry of the `render_changes` output: what a crawler now sees differently on a page. */
export interface RenderChangeOutput {
  readonly url: string
  readonly devices: readonly string[]
  readonly changes: readonly {
    readonly field: string
    readonly old: string
    readonly new: string
  }[]
}

/** `render_changes`: per page (and the devices where it is the same), what changed for crawlers. */
export function renderChanges(verification: Pick<Verification, 'renders'>): RenderChangeOutput[] {
  return (verification.renders?.changes ?? []).map(row => ({
    url: row.url,
    devices: row.devices,
    changes: row.changes
  }))
}
