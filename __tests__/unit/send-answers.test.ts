/**
 * What a 2xx answer's body says of the purge (issue "Never a ✅ that did not happen"): a body
 * that denies it is a failure like any refused request, one without `"result"` a purge that its
 * answer did not confirm, and the summary and the status line say which.
 */
import { describe, expect, it } from '@jest/globals'
import type { Plan, PurgeRequest } from '../../src/core/purge.js'
import { readAnswer } from '../../src/send/answer.js'
import { sendPlan, type RequestResult } from '../../src/send/send-plan.js'
import type { HttpAnswer, Transport } from '../../src/send/transport.js'
import { renderPurgeRequests, resultText } from '../../src/report/purge-section.js'
import { sentOutcome } from '../../src/report/outcome.js'
import { statusLine } from '../../src/report/status-line.js'
import { accepted } from '../support/run-reports.js'

const answer = (body: string, status = 200): HttpAnswer => ({
  status,
  headers: { 'x-emu-requestid': 'req-7' },
  body
})

describe('a 2xx whose body denies the purge is a failure, with the service’s words', () => {
  it.each([
    ['{"error":{"message":"Invalid API key"}}', 'Invalid API key'],
    ['{"error":"Invalid API key"}', 'Invalid API key'],
    ['{"result":true,"error":{"message":"partial"}}', 'partial'],
    ['{"success":false,"message":"quota exceeded"}', 'quota exceeded'],
    ['{"result":false,"message":"nope"}', 'nope'],
    // No message: what in the body denied the purge.
    ['{"result":0}', 'The answer says "result": 0, not true'],
    ['{"result":"false"}', 'The answer says "result": "false", not true'],
    ['{"result":null}', 'The answer says "result": null, not true'],
    ['{"result":"true"}', 'The answer says "result": "true", not true'],
    ['{"result":true,"success":false}', 'The answer says "success": false, not true'],
    ['{"error":{"code":42}}', 'The answer says "error": {"code":42}'],
    // An empty message is no message: the next place is read.
    ['{"error":{"message":" "},"message":"over quota"}', 'over quota']
  ])('%s', (body, words) => {
    const reading = readAnswer(answer(body))
    expect(reading).toMatchObject({ success: false, verdict: 'denied', requestId: 'req-7' })
    // The service's own words are its message; the action's reading of a silent body is a note.
    if (words.startsWith('The answer says')) {
      expect(reading.note).toBe(words)
      expect(reading.message).toBeUndefined()
    } else {
      expect(reading.message).toBe(words)
      expect(reading.note).toBeUndefined()
    }
  })

  it('cuts a long message, as any', () => {
    const reading = readAnswer(answer(JSON.stringify({ error: { message: 'x'.repeat(5000) } })))
    expect(reading.message).toBe(`${'x'.repeat(300)}…`)
    const value = readAnswer(answer(JSON.stringify({ result: 'y'.repeat(5000) })))
    // Cut with an ellipsis, so the redactor recognises a secret cut there.
    expect(value.note).toMatch(/^The answer says "result": "y{119}…, not true$/)
  })
})

describe('a 2xx that confirms the purge, and one that does not say', () => {
  it.each([
    ['{"result":true}'],
    ['{"result":true,"message":"Cache purge successful."}'],
    ['{"result":true,"error":null}'],
    ['{"result":true,"error":false}'],
    ['{"result":true,"error":""}'],
    ['{"result":true,"success":true}']
  ])('%s is a confirmed purge', body => {
    expect(readAnswer(answer(body))).toMatchObject({ success: true, verdict: 'confirmed' })
  })

  it.each([
    ['{}'],
    ['{"message":"Cache purge successful."}'],
    ['{"success":true}'],
    ['{"error":null}'],
    [''],
    [' \n']
  ])('%j is a purge its answer did not confirm', body => {
    expect(readAnswer(answer(body))).toMatchObject({ success: true, verdict: 'unconfirmed' })
  })

  it.each([['OK'], ['<html><body>Welcome</body></html>'], ['[]'], ['"OK"']])(
    '%j is not the service at all: a failure, as before',
    body => {
      expect(readAnswer(answer(body))).toMatchObject({
        success: false,
        verdict: 'not-the-service'
      })
    }
  )

  it('reads no verdict into an answer that is not a 2xx', () => {
    expect(readAnswer(answer('{"error":{"message":"busy"}}', 503)).verdict).toBeUndefined()
  })
})

/** Requests answered in order from a list of bodies, all with HTTP 200. */
function replying(bodies: readonly string[]): { transport: Transport; calls: () => number } {
  let calls = 0
  const transport: Transport = {
    async post() {
      await Promise.resolve()
      return answer(bodies[calls++] ?? '{"result":true}')
    },
    close() {}
  }
  return { transport, calls: () => calls }
}

const urls = (count: number): PurgeRequest[] =>
  Array.from({ length: count }, (_, index) => ({ index, kind: 'url', items: [`/p${index}`] }))

const sendOptions = {
  baseUrl: new URL('https://api.example.com/'),
  apiKey: 'key',
  timeoutMs: 1000,
  maxAttempts: 3,
  concurrency: 1
}

describe('sendPlan', () => {
  it('fails a denied request at once, keeps its status, message and request id, sends the rest', async () => {
    const { transport, calls } = replying(['{"error":{"message":"Invalid API key"}}'])
    const [denied, next] = await sendPlan(urls(2), transport, sendOptions)
    // Not retried, and not a 401: the other request still goes out.
    expect(calls()).toBe(2)
    expect(denied).toMatchObject({
      outcome: 'failed',
      status: 200,
      attempts: 1,
      message: 'Invalid API key',
      requestId: 'req-7',
      verdict: 'denied'
    })
    expect(next).toMatchObject({ outcome: 'purged', verdict: 'confirmed' })
  })

  it('counts a 2xx without "result" as purged, and says its answer did not confirm it', async () => {
    const { transport } = replying(['{}'])
    const [result] = await sendPlan(urls(1), transport, sendOptions)
    expect(result).toMatchObject({ outcome: 'purged', status: 200, verdict: 'unconfirmed' })
  })
})

describe('the summary and the status line', () => {
  const [first, second, third] = urls(3) as [PurgeRequest, PurgeRequest, PurgeRequest]
  const plan: Plan = {
    targets: { tags: [], urls: ['/p0', '/p1'], patterns: [] },
    requests: [first, second],
    warnings: []
  }

  it('show a purge its answer did not confirm without ✅, and say so', () => {
    const results: RequestResult[] = [
      accepted(first, { verdict: 'confirmed' }),
      accepted(second, { verdict: 'unconfirmed' })
    ]
    expect(resultText(results[0] as RequestResult)).toMatch(/^✅ accepted/)
    const text = resultText(results[1] as RequestResult)
    expect(text).not.toContain('✅')
    expect(text).toMatch(/not confirmed.*"result": true/)
    const report = { plan, outcome: sentOutcome(plan, results), results }
    expect(renderPurgeRequests(report, 10)).toMatch(/all accepted, 1 not confirmed by its answer/)
    expect(statusLine({ purge: report, warnings: [] })).toMatch(
      /purged \(1 of 2 requests not confirmed by the service’s answer\)/
    )
  })

  it('show a denied purge as refused, with the service’s words', () => {
    const denied: RequestResult = {
      ...accepted(third),
      outcome: 'failed',
      verdict: 'denied',
      message: 'quota exceeded'
    }
    expect(resultText(denied)).toBe(
      '❌ 200: refused by the service (its answer says the purge failed). The service said: “quota exceeded”'
    )
  })
})
