/**
 * The wait for the origin: look at origin_url until it shows the build or the deadline passes
 * (wait-policy.ts decides each wait), saying where it is every 15 s; an answer served from the
 * rendering cache ends it at once, since it cannot change before the purge. A dry run looks once.
 * The looks themselves (the HTTP client) and the clock come from the caller, so tests drive it
 * with a fake origin and a test clock.
 */
import type { Clock } from '../time/clock.js'
import { answerNow, retryAfterMs } from '../http/retry-after.js'
import type { BuildId } from '../build/build-id.js'
import type { CommitRelations, OtherBuild } from '../build/commit-relation.js'
import { OriginRequestError } from './origin-client.js'
import {
  failedLook,
  judgeOriginAnswer,
  type OriginLook,
  type OriginLookInput
} from './readiness.js'
import {
  lookTimeoutMs,
  nextLook,
  ORIGIN_WAIT_POLICY,
  type OriginWaitPolicy
} from './wait-policy.js'

export interface OriginWaitInput {
  readonly url: URL
  readonly build: BuildId
  /** From the start of the wait; 0: one look. */
  readonly timeoutMs: number
  /** The longest one request may take (timeout_seconds). */
  readonly requestTimeoutMs: number
  /** One look; throws OriginRequestError when no answer comes. */
  readonly look: (url: URL, timeoutMs: number) => Promise<OriginLookInput>
  readonly clock: Clock
  readonly random?: () => number
  readonly policy?: OriginWaitPolicy
  /** Look once, whatever the answer (a dry run). */
  readonly once?: boolean
  readonly onProgress?: (progress: OriginWaitProgress) => void
  /** Ends the wait early (the verification it served has ended). */
  readonly signal?: AbortSignal
  /**
   * How another commit the origin shows relates to the build's (a commit): a newer one, which
   * holds this run's changes, ends the wait as the build would. Absent: never asked.
   */
  readonly relations?: CommitRelations
  /**
   * After this run's build was live (the wait during the verification): an older commit the
   * origin shows on every 2xx look for ROLLBACK_CONFIRM_MS ends the wait as a rollback.
   */
  readonly watchRollback?: boolean
}

/**
 * How long, and on how many looks in a row, an older build must be all the origin shows before
 * it counts as a rollback: one look at it may be an instance a rolling deploy has not replaced
 * yet (each look is made on a new connection then, so that a load balancer that keeps one
 * connection on one instance shows the others).
 */
export const ROLLBACK_CONFIRM_MS = 5_000
export const ROLLBACK_CONFIRM_LOOKS = 3

export interface OriginWaitProgress {
  readonly elapsedMs: number
  readonly looks: number
  readonly last?: OriginLook
}

export interface OriginWait {
  readonly ready: boolean
  /** From the start of the wait until the answer that showed the build (or until it stopped). */
  readonly elapsedMs: number
  readonly looks: number
  readonly last?: OriginLook
  /**
   * Why it stopped without the build; 'cached': the rendering cache answered (a HIT), which
   * cannot show the build before the purge this wait holds back.
   */
  readonly stopped?: 'deadline' | 'retry-after' | 'once' | 'aborted' | 'cached' | 'rolled-back'
  /** Ready because the origin showed this newer commit, which holds the build's. */
  readonly supersededBy?: string
  /** Stopped because the origin went back to this older commit (watchRollback). */
  readonly rolledBackTo?: string
  /** The other commits the origin showed, with how each relates (when asked), first seen first. */
  readonly others?: readonly OtherBuild[]
}

export async function waitForBuild(input: OriginWaitInput): Promise<OriginWait> {
  const { clock } = input
  const policy = input.policy ?? ORIGIN_WAIT_POLICY
  const random = input.random ?? Math.random
  const started = clock.now()
  const deadline = started + input.timeoutMs
  let looks = 0
  let last: OriginLook | undefined
  /** The older commit every 2xx look has shown since `at`, on `looks` looks (watchRollback). */
  let older: { id: string; at: number; looks: number } | undefined
  const done = new AbortController()
  const progress = (async () => {
    for (;;) {
      await clock.sleep(policy.progressEveryMs, done.signal)
      if (done.signal.aborted) return
      input.onProgress?.({ elapsedMs: clock.now() - started, looks, ...(last && { last }) })
    }
  })()
  const aborted = (): OriginWait => ({
    ready: false,
    elapsedMs: clock.now() - started,
    looks,
    ...(last && { last }),
    stopped: 'aborted'
  })
  const finish = async (result: OriginWait): Promise<OriginWait> => {
    done.abort()
    await progress
    const others = input.relations?.known() ?? []
    return others.length === 0 ? result : { ...result, others }
  }

  for (;;) {
    const sentAt = clock.now()
    const timeout = lookTimeoutMs(policy, input.requestTimeoutMs, deadline - sentAt)
    last = await lookOnce(input, timeout)
    looks++
    // Ended while the look was under way: what it showed is no one's to act on.
    if (input.signal?.aborted === true) return finish(aborted())
    const elapsedMs = clock.now() - started
    if (last.ready) return finish({ ready: true, elapsedMs, looks, last })
    const newer = isAnswer(last) ? await firstRelated(input, last, 'newer') : undefined
    if (newer !== undefined) {
      return finish({
        ready: true,
        elapsedMs: clock.now() - started,
        looks,
        last,
        supersededBy: newer
      })
    }
    if (input.watchRollback === true && isAnswer(last)) {
      const id = await firstRelated(input, last, 'older')
      older =
        id === undefined
          ? undefined
          : older?.id === id
            ? { ...older, looks: older.looks + 1 }
            : { id, at: clock.now(), looks: 1 }
      if (
        older !== undefined &&
        older.looks >= ROLLBACK_CONFIRM_LOOKS &&
        clock.now() - older.at >= ROLLBACK_CONFIRM_MS
      ) {
        return finish({
          ready: false,
          elapsedMs: clock.now() - started,
          looks,
          last,
          stopped: 'rolled-back',
          rolledBackTo: older.id
        })
      }
    }
    // A cached answer changes only with a purge, and the purge waits for this: no later look can
    // show the build, so none is made (a dry run says so too).
    if (last.servedFromCache !== undefined) {
      return finish({ ready: false, elapsedMs, looks, last, stopped: 'cached' })
    }
    if (input.once) return finish({ ready: false, elapsedMs, looks, last, stopped: 'once' })
    const now = clock.now()
    // A Retry-After date is in the origin's clock: its own Date says where that clock is.
    const asked = retryAfterMs(last.retryAfter, answerNow(last.date, now))
    const next = nextLook(policy, {
      misses: looks,
      now,
      deadline,
      ...(asked !== undefined && { retryAfterMs: asked }),
      random: random()
    })
    if (next.kind === 'stop') {
      return finish({ ready: false, elapsedMs: now - started, looks, last, stopped: next.reason })
    }
    await clock.sleep(next.ms, input.signal)
    if (input.signal?.aborted) return finish(aborted())
  }
}

async function lookOnce(input: OriginWaitInput, timeoutMs: number): Promise<OriginLook> {
  try {
    return judgeOriginAnswer(await input.look(input.url, timeoutMs), input.build)
  } catch (error) {
    if (!(error instanceof OriginRequestError)) throw error
    return failedLook(
      error.kind === 'timeout' ? error.message : `connection failed: ${error.message}`
    )
  }
}

/**
 * The first commit a look showed that relates to the build as `kind` (each asked about once a
 * run); undefined when none does. Only a 2xx look's ids say which build the origin serves: the
 * caller asks of those alone.
 */
async function firstRelated(
  input: OriginWaitInput,
  look: OriginLook,
  kind: 'newer' | 'older'
): Promise<string | undefined> {
  if (input.relations === undefined) return undefined
  for (const id of look.otherIds) {
    if ((await input.relations.of(id)).kind === kind) return id
  }
  return undefined
}

/** A 2xx look: the origin's own page, whose ids say which build it serves. */
function isAnswer(look: OriginLook): boolean {
  return look.status !== undefined && look.status >= 200 && look.status <= 299
}
