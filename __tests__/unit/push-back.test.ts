/**
 * The one push-back rule (src/http/push-back.ts) on its own: when the limit of requests in
 * flight halves, when it grows back, and that the answers of one push-back count once. The
 * purge sender (send.test.ts) and the verification loop (verify-loop.test.ts) are held to the
 * same rule through their own waiting.
 */
import { describe, expect, it } from '@jest/globals'
import { PushBackRule } from '../../src/http/push-back.js'

/** Answers `count` times without a push-back; returns how many of them raised the limit. */
function answer(rule: PushBackRule, count: number): number {
  let raised = 0
  for (let i = 0; i < count; i++) if (rule.answered()) raised++
  return raised
}

describe('PushBackRule', () => {
  it('starts at the maximum, never held back', () => {
    const rule = new PushBackRule(6)
    expect(rule.limit).toBe(6)
    expect(rule.heldUntil).toBe(Number.NEGATIVE_INFINITY)
    expect(rule.pushBacksInARow).toBe(0)
    // Answers at the maximum raise nothing.
    expect(answer(rule, 100)).toBe(0)
    expect(rule.limit).toBe(6)
  })

  it('halves on a push-back, never below 1, and holds until the time asked', () => {
    const rule = new PushBackRule(8)
    expect(rule.pushedBack(0, 2000)).toBe(true)
    expect(rule.limit).toBe(4)
    expect(rule.heldUntil).toBe(2000)
    expect(rule.pushedBack(2000, 2000)).toBe(true)
    expect(rule.pushedBack(2000, 2000)).toBe(true)
    expect(rule.pushedBack(2000, 2000)).toBe(true)
    expect(rule.limit).toBe(1)
    expect(rule.pushedBack(2000, 2000)).toBe(true)
    expect(rule.limit).toBe(1)
  })

  it('counts the answers of one push-back once: they lengthen the hold, halve nothing', () => {
    const rule = new PushBackRule(8)
    expect(rule.pushedBack(0, 1000)).toBe(true)
    // Answers of requests sent before the hold began, arriving while it lasts.
    expect(rule.pushedBack(10, 1000)).toBe(false)
    expect(rule.pushedBack(20, 3000)).toBe(false)
    expect(rule.pushedBack(30, 500)).toBe(false)
    expect(rule.limit).toBe(4)
    expect(rule.pushBacksInARow).toBe(1)
    // The longest hold asked wins; a shorter one does not cut it.
    expect(rule.heldUntil).toBe(3000)
    // Once the hold is over, a push-back is a new one.
    expect(rule.pushedBack(3000, 4000)).toBe(true)
    expect(rule.limit).toBe(2)
    expect(rule.pushBacksInARow).toBe(2)
  })

  it('grows by one after as many answers in a row as the current limit, up to the maximum', () => {
    const rule = new PushBackRule(8)
    rule.pushedBack(0, 0)
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

  it('a push-back starts the run of answers over', () => {
    const rule = new PushBackRule(8)
    rule.pushedBack(0, 0)
    answer(rule, 3)
    rule.pushedBack(0, 0)
    expect(rule.limit).toBe(2)
    // The three answers before it do not count towards the next raise.
    expect(answer(rule, 1)).toBe(0)
    expect(answer(rule, 1)).toBe(1)
    expect(rule.limit).toBe(3)
  })

  it('push-backs in a row count until a run of answers at the full limit', () => {
    const rule = new PushBackRule(2)
    rule.pushedBack(0, 1000)
    rule.pushedBack(1000, 2000)
    expect(rule.pushBacksInARow).toBe(2)
    expect(rule.limit).toBe(1)
    // One answer raises 1 to 2: not yet a run at the full limit.
    answer(rule, 1)
    expect(rule.limit).toBe(2)
    expect(rule.pushBacksInARow).toBe(2)
    answer(rule, 1)
    expect(rule.pushBacksInARow).toBe(2)
    // Two answers at 2: recovered.
    answer(rule, 1)
    expect(rule.pushBacksInARow).toBe(0)
  })
})
