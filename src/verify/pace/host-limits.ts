/**
 * The hosts of `asset_hosts`, each with its own requests in flight and its own backpressure: a
 * 429 from one slows that host only, never the site nor the other hosts. Each host's limits are
 * made on its first request; the log names the host when it is overloaded.
 */
import type { Backoff } from '../../http/backoff.js'
import type { Overload } from '../check/options.js'
import { Semaphore } from './semaphore.js'
import { SiteBackpressure } from './site-backpressure.js'

/** A host's own requests in flight, and its backpressure over them. */
export interface HostLimits {
  readonly slots: Semaphore
  readonly backpressure: SiteBackpressure
}

export interface HostLimitSettings {
  /** Requests in flight to one host, at most (before its backpressure halves them). */
  readonly concurrency: number
  /** No pause lasts past it (the runner's clock). */
  readonly deadline: number
  /** A 429 without `Retry-After` pauses this backoff's step. */
  readonly backoff: Backoff
  readonly random: () => number
  /** Told of each overload of a host, with the host's origin. */
  readonly onOverload?: ((overload: Overload) => void) | undefined
  readonly now: () => number
  /** Sleeps, woken early when the run stops. */
  readonly sleep: (ms: number) => Promise<unknown>
  readonly stopped: () => boolean
}

export class AssetHostLimits {
  private readonly hosts = new Map<string, HostLimits>()

  constructor(private readonly settings: HostLimitSettings) {}

  /** The limits of the host of `origin`, made on first use. */
  of(origin: string): HostLimits {
    let limits = this.hosts.get(origin)
    if (limits === undefined) {
      const { settings } = this
      const slots = new Semaphore(settings.concurrency)
      const onOverload = settings.onOverload
      limits = {
        slots,
        backpressure: new SiteBackpressure(slots, undefined, {
          deadline: settings.deadline,
          backoff: settings.backoff,
          random: settings.random,
          onOverload: onOverload && (overload => onOverload({ ...overload, host: origin }))
        })
      }
      this.hosts.set(origin, limits)
    }
    return limits
  }

  /**
   * Waits out a host's backpressure, then for one of its slots: 'go' with the slot held,
   * 'late' when its pause lasts to the deadline (that host's assets only: the run goes on),
   * 'stopped' when the run stopped.
   */
  async turn(limits: HostLimits): Promise<'go' | 'stopped' | 'late'> {
    const { settings } = this
    for (;;) {
      if (limits.backpressure.heldUntil >= settings.deadline) return 'late'
      while (!settings.stopped() && settings.now() < limits.backpressure.heldUntil) {
        await settings.sleep(limits.backpressure.heldUntil - settings.now())
      }
      if (settings.stopped() || !(await limits.slots.acquire())) return 'stopped'
      if (settings.now() >= limits.backpressure.heldUntil) return 'go'
      // The host was overloaded while this request waited for a slot: it waits too.
      limits.slots.release()
    }
  }
}
