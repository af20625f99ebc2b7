/**
 * How fast a run goes, as its settings say (pure): batches, requests in flight, countries, and
 * the pages, devices and rate of its verification. The comment's plan turns them into the
 * requests and the time a reviewer can expect before the merge; kept in the report so that the
 * comment, like the summary, renders from the report alone.
 */
import type { RunSettings } from '../plan/settings.js'

export interface RunPace {
  readonly batchSize: number
  /** Purge requests in flight at once. */
  readonly concurrency: number
  readonly countries: readonly string[]
  /** Absent: verify is off. */
  readonly verify?: {
    readonly devices: number
    /** The most pages checked (per device; Infinity for verify_limit: 0). */
    readonly limit: number
    readonly timeoutMs: number
    /** Page requests a second (rate); absent: only 6 in flight bound them. */
    readonly ratePerSecond?: number
  }
}

export function paceOf(settings: RunSettings): RunPace {
  const verify = settings.verify
  return {
    batchSize: settings.batchSize,
    concurrency: settings.concurrency,
    countries: settings.countries,
    ...(verify !== undefined &&
      verify.mode !== 'off' && {
        verify: {
          devices: verify.devices.length,
          limit: verify.limit,
          timeoutMs: verify.timeoutMs,
          ...(verify.ratePerSecond !== undefined && { ratePerSecond: verify.ratePerSecond })
        }
      })
  }
}
