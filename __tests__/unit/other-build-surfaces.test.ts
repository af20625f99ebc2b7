/**
 * Another build live in this run's place, said where people look: the status line, the job
 * summary (its verification section and timeline), the pull-request comment and the commit
 * status. Superseded by a newer build: ✅ naming it. Rolled back to an older one: never ✅,
 * named, the step's verdict decided by verify. Never "the previous build".
 */
import { describe, expect, it } from '@jest/globals'
import { renderComment } from '../../src/comment/render/comment.js'
import { finalStatus } from '../../src/report/commit-status.js'
import { stepConclusion, type RunReport } from '../../src/report/run-report.js'
import { statusLine } from '../../src/report/status-line.js'
import { renderSummary } from '../../src/report/summary.js'
import { renderTimeline } from '../../src/report/timeline.js'
import {
  ACCEPTED_AT,
  commentContextFor,
  freshChecks,
  planOf,
  purgedRun,
  staleChecks,
  verified
} from '../support/run-reports.js'

const plan = planOf({ urls: ['/', '/about', '/contact', '/blog/'] })
const NOW = Date.UTC(2026, 10, 24, 22, 0, 0)
const NEWER = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const OLDER = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'

function supersededRun(): RunReport {
  const part = verified(freshChecks())
  return purgedRun(plan, {
    ...part,
    otherBuild: { kind: 'superseded', commit: NEWER, at: ACCEPTED_AT + 4200 }
  })
}

function rolledBackRun(mode: 'fail' | 'warn' = 'fail'): RunReport {
  const part = verified(staleChecks(), { mode })
  return purgedRun(plan, {
    ...part,
    report: {
      ...part.report,
      verification: { ...part.report.verification, status: 'rolled-back' }
    },
    otherBuild: { kind: 'rolled-back', commit: OLDER, at: ACCEPTED_AT + 9000 }
  })
}

/** HTML text as read: the apostrophe the escaping writes as a reference. */
const read = (html: string): string => html.replace(/&#39;/g, "'")

const everySurface = (report: RunReport): string =>
  [
    statusLine(report),
    renderSummary(report),
    renderComment(report, commentContextFor(report, { now: NOW })),
    finalStatus(report).description
  ].join('\n')

describe('superseded by a newer build', () => {
  it('is ✅ and names the newer commit and when it was seen, everywhere', () => {
    const report = supersededRun()
    expect(stepConclusion(report)).toBe('passed')
    expect(statusLine(report)).toMatch(/^✅ .*✅ superseded by a1b2c3d · /)
    const sentence =
      "Superseded by a1b2c3d, a newer build whose history holds this run's commit (seen 4.2 s after the purge was accepted)"
    expect(read(renderSummary(report))).toContain(sentence)
    expect(read(renderComment(report, commentContextFor(report, { now: NOW })))).toContain(sentence)
    expect(finalStatus(report)).toEqual({
      state: 'success',
      description: expect.stringMatching(/^Superseded by a1b2c3d; 8 of 8 checks fresh/)
    })
    expect(renderTimeline(report)).toContain('✅ superseded by a1b2c3d')
    expect(everySurface(report)).not.toMatch(/previous build/)
  })
})

describe('superseded, but the pages not all fresh', () => {
  it('names the newer build without ✅', () => {
    const part = verified(staleChecks())
    const report = purgedRun(plan, {
      ...part,
      otherBuild: { kind: 'superseded', commit: NEWER, at: ACCEPTED_AT + 4200 }
    })
    expect(statusLine(report)).toContain(' · superseded by a1b2c3d · ')
    expect(statusLine(report)).not.toContain('✅ superseded')
    expect(renderTimeline(report)).not.toContain('✅ superseded')
  })
})

describe('rolled back to an older build', () => {
  it('is never ✅: the step fails, and every surface names the rollback', () => {
    const report = rolledBackRun()
    expect(stepConclusion(report)).toBe('failed')
    expect(statusLine(report)).toMatch(/^❌ .*❌ rolled back to 3f2c1a0/)
    expect(statusLine(report)).not.toMatch(/deadline/)
    const summary = read(renderSummary(report))
    expect(summary).toContain('Verification at the edge: ❌ rolled back')
    expect(summary).toContain(
      "Rolled back to 3f2c1a0, an older build that this run's commit holds (seen 9.0 s after the purge was accepted)"
    )
    expect(renderComment(report, commentContextFor(report, { now: NOW }))).toContain(
      'At the edge: ❌ rolled back'
    )
    expect(finalStatus(report)).toEqual({
      state: 'failure',
      description:
        'Rolled back to 3f2c1a0, an older build, while the pages were checked; no page purged again after it'
    })
    expect(renderTimeline(report)).toContain('❌ rolled back to 3f2c1a0')
    expect(everySurface(report)).not.toMatch(/previous build/)
  })

  it('with verify: warn, the step passes with a warning, still not ✅', () => {
    const report = rolledBackRun('warn')
    expect(stepConclusion(report)).toBe('warned')
    expect(statusLine(report)).not.toMatch(/^✅/)
  })
})
