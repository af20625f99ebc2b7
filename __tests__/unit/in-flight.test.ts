/**
 * The requests in flight under the backpressure rule (http/in-flight.ts), as the purge sender
 * (send/adaptive-limiter.ts) and the site's readers (verify/pace/site-backpressure.ts) both hold
 * them: an overload shrinks the slots as holders release, a run of answers grows them back and
 * lets a waiter in at once.
 */
import { describe, expect, it } from '@jest/globals'
import { AdaptiveInFlight, Semaphore } from '../../src/http/in-flight.js'

/** Lets the promise callbacks queued so far run. */
const settle = (): Promise<void> => new Promise(resolve => setImmediate(resolve))

describe('AdaptiveInFlight', () => {
  it('halves the slots on an overload and grows them back by one per run of answers', async () => {
    const inFlight = new AdaptiveInFlight(new Semaphore(4))
    const held = await Promise.all([1, 2, 3, 4].map(() => inFlight.slots.acquire()))
    expect(held).toEqual([true, true, true, true])
    const granted: number[] = []
    const waiters = [5, 6].map(n => inFlight.slots.acquire().then(() => granted.push(n)))

    expect(inFlight.overloaded(0, 1000)).toBe(true)
    // One overload's later answers halve nothing again.
    expect(inFlight.overloaded(10, 1000)).toBe(false)
    expect(inFlight.limit).toBe(2)
    expect(inFlight.slots.size).toBe(2)
    expect(inFlight.heldUntil).toBe(1000)
    // Four held, two allowed: two releases give their slots up, the third passes one on.
    for (let i = 0; i < 3; i++) inFlight.slots.release()
    await settle()
    expect(granted).toEqual([5])

    // Two answers in a row (the current limit) raise it to three: the next waiter gets in.
    inFlight.answered()
    expect(granted).toEqual([5])
    inFlight.answered()
    await settle()
    expect(inFlight.slots.size).toBe(3)
    expect(granted).toEqual([5, 6])
    await Promise.all(waiters)
  })
})
