/**
 * An answer with `<Prefix>-Bypass` but no `<Prefix>-Kc-Status` (a cache that was not consulted
 * has no status to give) is a bypassed answer, not "a check that could not be made": the prefix
 * comes from the answer's other `<Prefix>-` headers, or from the site's earlier answers. The
 * header reading (src/http/edge-headers.ts), the judge, and the loop on the test clock.
 */
import { describe, expect, it } from '@jest/globals'
import { edgeIds, readEdgeHeaders } from '../../src/http/edge-headers.js'
import { BUILT_IN_DEVICES, type Device } from '../../src/verify/devices.js'
import { judge, type SiteAnswer } from '../../src/verify/judge/verdict.js'
import type { PageAnswer } from '../../src/verify/check/read-page.js'
import { verifyPages } from '../../src/verify/check/verify-pages.js'
import { VirtualClock } from '../support/virtual-clock.js'

const ACCEPTED = Date.UTC(2026, 10, 23, 9, 0, 0)
const NO_SKEW = { lowMs: -500, highMs: 500, measured: true }

function answer(headers: Record<string, string>, status = 200): SiteAnswer {
  return { status, headers, sentAt: ACCEPTED + 4950, receivedAt: ACCEPTED + 5000 }
}

describe('readEdgeHeaders', () => {
  it('the status header names the prefix, as before', () => {
    expect(readEdgeHeaders({ 'Acme-Kc-Status': ' hit ', 'acme-bypass': '' })).toEqual({
      prefix: 'acme',
      status: 'HIT'
    })
    expect(readEdgeHeaders({ 'acme-kc-status': 'MISS', 'acme-bypass': 'SOFT_X' })).toEqual({
      prefix: 'acme',
      status: 'MISS',
      bypass: 'SOFT_X'
    })
  })

  it('a bypass without a status: the prefix from the answer’s other brand headers', () => {
    for (const other of ['acme-req', 'acme-transaction', 'acme-kc-date', 'Acme-Tags']) {
      expect(readEdgeHeaders({ 'Acme-Bypass': ' HARD_ORIGIN ', [other]: 'x' })).toEqual({
        prefix: 'acme',
        bypass: 'HARD_ORIGIN'
      })
    }
  })

  it('or from the prefix the site’s earlier answers showed', () => {
    expect(readEdgeHeaders({ 'acme-bypass': 'SKIP_MANIPULATION' }, 'acme')).toEqual({
      prefix: 'acme',
      bypass: 'SKIP_MANIPULATION'
    })
  })

  it('a -bypass header nothing else vouches for is not the edge’s', () => {
    expect(readEdgeHeaders({ 'x-bypass': '1' })).toBeUndefined()
    expect(readEdgeHeaders({ 'cf-cache-bypass': 'yes', 'x-req': 'r' })).toBeUndefined()
    expect(readEdgeHeaders({ 'acme-bypass': 'SOFT_X' }, 'other')).toBeUndefined()
    // Empty, it says nothing: the answer is as if it had no brand header.
    expect(readEdgeHeaders({ 'acme-bypass': ' ', 'acme-req': 'r' })).toBeUndefined()
    expect(readEdgeHeaders({ server: 'nginx' })).toBeUndefined()
  })

  it('the edge ids of a bypassed answer without a status', () => {
    expect(edgeIds({ 'acme-bypass': 'HARD_X', 'acme-req': 'r-1', 'acme-transaction': 't-1' })).toBe(
      'r-1 / t-1'
    )
    expect(edgeIds({ 'acme-bypass': 'HARD_X', 'acme-req': 'r-1' }, 'acme')).toBe('r-1')
  })
})

describe('judge: a bypass without a status is bypassed', () => {
  it('with the answer’s own brand headers', () => {
    expect(
      judge(answer({ 'acme-bypass': 'HARD_ORIGIN_ERROR', 'acme-req': 'r-1' }), ACCEPTED, NO_SKEW)
    ).toEqual({ kind: 'bypassed', reason: 'HARD_ORIGIN_ERROR' })
  })

  it('with the prefix the site showed before', () => {
    const bare = answer({ 'acme-bypass': 'SOFT_COOKIE' })
    expect(judge(bare, ACCEPTED, NO_SKEW).kind).toBe('no-status-header')
    expect(judge(bare, ACCEPTED, NO_SKEW, false, 'acme')).toEqual({
      kind: 'bypassed',
      reason: 'SOFT_COOKIE'
    })
  })

  it('a 404 bypassed is gone, as with a status', () => {
    expect(
      judge(answer({ 'acme-bypass': 'HARD_X', 'acme-req': 'r' }, 404), ACCEPTED, NO_SKEW).kind
    ).toBe('gone')
  })
})

const devices: Device[] = [{ name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] ?? '' }]

describe('the loop', () => {
  it('bypassed answers without a status: settled as bypassed, never a failure or a stop', async () => {
    const clock = new VirtualClock()
    const acceptedAt = clock.now()
    const getPage = async (url: URL): Promise<PageAnswer> => {
      const date = new Date(clock.now()).toUTCString()
      switch (url.pathname) {
        case '/fresh':
          await clock.sleep(10)
          return {
            status: 200,
            headers: {
              date,
              'acme-kc-status': 'HIT',
              'acme-kc-date': `${new Date(clock.now()).toISOString()} (GMT) (0s of 7d)`
            }
          }
        case '/with-ids':
          // Answered first: its own headers name the prefix.
          await clock.sleep(5)
          return {
            status: 200,
            headers: { date, 'acme-bypass': 'HARD_ORIGIN_ERROR', 'acme-req': 'r-2' }
          }
        default:
          // Answered last: only the site's earlier answers name the prefix.
          await clock.sleep(50)
          return { status: 200, headers: { date, 'acme-bypass': 'SOFT_COOKIE' } }
      }
    }
    const result = await clock.run(
      verifyPages(
        ['/with-ids', '/fresh', '/bare'].map(path => ({
          url: new URL(path, 'https://www.example.com'),
          purgeAcceptedAt: acceptedAt
        })),
        {
          getPage,
          clock,
          random: () => 0.5,
          devices,
          pageCount: 3,
          lastAcceptedAt: acceptedAt,
          deadline: acceptedAt + 30_000,
          requestTimeoutMs: 10_000,
          siteLabel: 'site_url https://www.example.com'
        }
      )
    )
    expect(result.fatal).toBeUndefined()
    expect(result.counts).toMatchObject({ fresh: 1, bypassed: 2, failed: 0 })
    expect(result.status).toBe('fresh')
    expect(result.listed.map(check => [check.url, check.state, check.detail])).toEqual([
      ['https://www.example.com/with-ids', 'bypassed', 'HARD_ORIGIN_ERROR (r-2)'],
      ['https://www.example.com/bare', 'bypassed', 'SOFT_COOKIE']
    ])
  })
})
