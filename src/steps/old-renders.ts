/**
 * The old renders step, between choosing the pages and the purge, on a run that judges renders:
 * the render each chosen page serves now on every device, to compare the new render with
 * (verify/render/read-before-purge.ts). Loads the verification's code only when it runs.
 */
import type { StepIo } from './io.js'
import type { RunSettings } from '../plan/settings.js'
import type { ChosenPages, LooksBeforePurge } from '../verify/index.js'

/** The looks before the purge; undefined when renders are not judged (or nothing is verified). */
export async function readOldRendersBeforePurge(
  io: StepIo,
  settings: RunSettings,
  chosen: ChosenPages | undefined
): Promise<LooksBeforePurge | undefined> {
  const verify = settings.verify
  if (verify?.siteUrl === undefined || verify.renders === undefined) return undefined
  if (chosen === undefined) return undefined
  const { readOldRenders } = await import('../verify/index.js')
  return readOldRenders({
    settings: verify,
    siteUrl: verify.siteUrl,
    chosen,
    ...(verify.ratePerSecond !== undefined && { ratePerSecond: verify.ratePerSecond }),
    requestTimeoutMs: settings.timeoutMs,
    log: io,
    clock: io.clock
  })
}
