/**
 * The backpressure rule (src/http/backpressure.ts) on its own: when the limit of requests in
 * flight halves, when it grows back, and that the answers of one overload count once. The
 * purge sender (send.test.ts) and the verification loop (verify-loop.test.ts) are held to the
 * same rule through their own waiting.
 */
import { describe, expect, it } from '@jest/globals'
import { BackpressureRule } from '../../src/http/backpressure.js'

/** Answers `count` times without an overload; returns how many of them raised the limit. */
function answer(rule: BackpressureRule, count: number): number {
  let raised = 0
  for (let i = 0; i < count; i++) if (rule.answered()) raised++
  return raised
}

describe('BackpressureRule', () => {
  it('starts at the maximum, never held back', () => {
    const rule = new BackpressureRule(6)
    expect(rule.limit).toBe(6)
    expect(rule.heldUntil).toBe(Number.NEGATIVE_INFINITY)
    expect(rule.overloadsInARow).toBe(0)
    // Answers at the maximum raise nothing.
    expect(answer(rule, 100)).toBe(0)
    expect(rule.limit).toBe(6)
  })

  it('halves on an overload, never below 1, and holds until the time asked', () => {
    const rule = new BackpressureRule(8)
    expect(rule.overloaded(0, 2000)).toBe(true)
    expect(rule.limit).toBe(4)
    expect(rule.heldUntil).toBe(2000)
    expect(rule.overloaded(2000, 2000)).toBe(true)
    expect(rule.overloaded(2000, 2000)).toBe(true)
    expect(rule.overloaded(2000, 2000)).toBe(true)
    expect(rule.limit).toBe(1)
    expect(rule.overloaded(2000, 2000)).toBe(true)
    expect(rule.limit).toBe(1)
  })

  it('counts the answers of one overload once: they lengthen the hold, halve nothing', () => {
    const rule = new BackpressureRule(8)
    expect(rule.overloaded(0, 1000)).toBe(true)
    // Answers of requests sent before the hold began, arriving while it lasts.
    expect(rule.overloaded(10, 1000)).toBe(false)
    expect(rule.overloaded(20, 3000)).toBe(false)
    expect(rule.overloaded(30, 500)).toBe(false)
    expect(rule.limit).toBe(4)
    expect(rule.overloadsInARow).toBe(1)
    // The longest hold asked wins; a shorter one does not cut it.
    expect(rule.heldUntil).toBe(3000)
    // Once the hold is over, an overload is a new one.
    expect(rule.overloaded(3000, 4000)).toBe(true)
    expect(rule.limit).toBe(2)
    expect(rule.overloadsInARow).toBe(2)
  })

  it('grows by one after as many answers in a row as the current limit, up to the maximum', () => {
    const rule = new BackpressureRule(8)
    rule.overloaded(0, 0)
    expect(rule.limit).toBe(4)
    expect(answer(rule, 3)).toBe(0)
    expect(rule.limit).toBe(4)
    expect(answer(rule, 1)).toBe(1)
    expect(rule.limit).toBe(5)
    // Then 5 answers for 6, 6 for 7, 7 for 8, and no further.
    expect(answer(rule, 4)).toBe(0)
    expect(answer(rule, 1)).toBe(1)
    expect(answer(rule, 6 + 7)).toBe(2)
    expect(rule.limit).toBe(8)
    expect(answer(rule, 100)).toBe(0)
    expect(rule.limit).toBe(8)
  })

  it('an overload starts the run of answers over', () => {
    const rule = new BackpressureRule(8)
    rule.overloaded(0, 0)
    answer(rule, 3)
    rule.overloaded(0, 0)
    expect(rule.limit).toBe(2)
    // The three answers before it do not count towards the next raise.
    expect(answer(rule, 1)).toBe(0)
    expect(answer(rule, 1)).toBe(1)
    expect(rule.limit).toBe(3)
  })

  it('overloads in a row count until a run of answers at the full limit', () => {
    const rule = new BackpressureRule(2)
    rule.overloaded(0, 1000)
    rule.overloaded(1000, 2000)
    expect(rule.overloadsInARow).toBe(2)
    expect(rule.limit).toBe(1)
    // One answer raises 1 to 2: not yet a run at the full limit.
    answer(rule, 1)
    expect(rule.limit).toBe(2)
    expect(rule.overloadsInARow).toBe(2)
    answer(rule, 1)
    expect(rule.overloadsInARow).toBe(2)
    // Two answers at 2: recovered.
    answer(rule, 1)
    expect(rule.overloadsInARow).toBe(0)
  })
})
