/**
 * What a run writes on GitHub, decided purely: which pull request a comment belongs on for
 * each event (and which events name none), which commit a status goes on, the run's link,
 * and the commit status a report comes to, with a description GitHub accepts (one line, at
 * most 140 characters) whatever the report holds.
 */
import { describe, expect, it } from '@jest/globals'
import { commentTargetOf, runUrlOf, statusCommitOf } from '../../src/comment/write/event-target.js'
import {
  finalStatus,
  MAX_STATUS_DESCRIPTION,
  pendingStatus
} from '../../src/report/commit-status.js'
import type { RunReport } from '../../src/report/run-report.js'
import {
  everyOutcome,
  freshChecks,
  planOf,
  purgedRun,
  staleChecks,
  verified
} from '../support/run-reports.js'

const REPO = 'octo-org/octo-site'
const HEAD = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const MERGE = 'c0ffee0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'

function contextOf(eventName: string, payload: Record<string, unknown>, sha = MERGE) {
  return { eventName, payload, sha, repository: { owner: 'octo-org', repo: 'octo-site' } }
}

function pullRequest(headRepo: string | null): Record<string, unknown> {
  return {
    number: 12,
    pull_request: {
      number: 12,
      head: { sha: HEAD, repo: headRepo === null ? null : { full_name: headRepo } },
      base: { repo: { full_name: REPO } }
    }
  }
}

describe('which pull request a comment belongs on', () => {
  it('a pull request event names its own, and tells a fork (or a deleted one) apart', () => {
    for (const event of ['pull_request', 'pull_request_target']) {
      expect(commentTargetOf(contextOf(event, pullRequest(REPO)))).toEqual({
        kind: 'pull-request',
        number: 12,
        fork: false
      })
      expect(commentTargetOf(contextOf(event, pullRequest('someone/octo-site')))).toMatchObject({
        fork: true
      })
      expect(commentTargetOf(contextOf(event, pullRequest(null)))).toMatchObject({ fork: true })
    }
  })

  it('the push, deployment or successful workflow run of a merge asks for the merged one', () => {
    const push = { ref: 'refs/heads/main', after: MERGE, deleted: false }
    expect(commentTargetOf(contextOf('push', push))).toMatchObject({ kind: 'merged', sha: MERGE })
    expect(commentTargetOf(contextOf('deployment', { deployment: { sha: MERGE } }))).toMatchObject({
      kind: 'merged',
      sha: MERGE
    })
    expect(
      commentTargetOf(
        contextOf('workflow_run', { workflow_run: { conclusion: 'success', head_sha: MERGE } })
      )
    ).toMatchObject({ kind: 'merged', sha: MERGE })
  })

  it('names none, with the reason, for what deploys no merge', () => {
    const reasons = [
      contextOf('push', { ref: 'refs/tags/v1.2.0', after: MERGE }),
      contextOf('push', { ref: 'refs/heads/old', deleted: true }),
      contextOf('deployment_status', { deployment_status: { state: 'failure' } }),
      contextOf('workflow_run', { workflow_run: { conclusion: 'failure' } }),
      contextOf('schedule', {}),
      contextOf('pull_request', {})
    ].map(context => {
      const target = commentTargetOf(context)
      return target.kind === 'none' ? target.reason : target.kind
    })
    expect(reasons).toEqual([
      'a tag push merges no pull request',
      'the push deleted a branch',
      "the deployment's state is failure, not success",
      "the workflow run's conclusion is failure, not success",
      expect.stringContaining('the schedule event names no pull request'),
      'the pull_request event names no pull request number'
    ])
  })
})

describe('which commit a status goes on, and the run it links to', () => {
  it("a pull request's head on its events (GITHUB_SHA is GitHub's merge), else the deployed commit", () => {
    expect(statusCommitOf(contextOf('pull_request', pullRequest(REPO)))?.sha).toBe(HEAD)
    expect(statusCommitOf(contextOf('push', { after: MERGE }))?.sha).toBe(MERGE)
    // head_sha names the deployed commit when given.
    expect(statusCommitOf(contextOf('pull_request', pullRequest(REPO)), 'a'.repeat(40))?.sha).toBe(
      'a'.repeat(40)
    )
  })

  it('links to the run, and to its attempt after the first', () => {
    const run = { repository: { owner: 'octo-org', repo: 'octo-site' }, runId: 4242 }
    expect(runUrlOf(run)).toBe('https://github.com/octo-org/octo-site/actions/runs/4242')
    expect(runUrlOf({ ...run, runAttempt: 2, serverUrl: 'https://ghe.example/' })).toBe(
      'https://ghe.example/octo-org/octo-site/actions/runs/4242/attempts/2'
    )
    expect(runUrlOf({ repository: run.repository })).toBeUndefined()
  })
})

describe('the commit status of a report', () => {
  const urls = planOf({ urls: ['/', '/about', '/contact', '/blog/'] })

  it('success says how many checks were fresh and how fast', () => {
    const status = finalStatus(purgedRun(urls, verified(freshChecks(), { arrivalAfterMs: 2000 })))
    expect(status.state).toBe('success')
    expect(status.description).toMatch(/^8 of 8 checks fresh in \d+(\.\d)? s$/)
  })

  it('failure when pages are stale at the deadline; error when the purge failed', () => {
    const stale = finalStatus(purgedRun(urls, verified(staleChecks())))
    expect(stale.state).toBe('failure')
    expect(stale.description).toContain('stale at the')
    expect(finalStatus(everyOutcome()['purge failed']!).state).toBe('error')
    expect(finalStatus(everyOutcome()['origin timeout']!).state).toBe('error')
    expect(finalStatus(everyOutcome()['unexpected error']!).state).toBe('error')
  })

  it('error, never a success, when the run stopped over the memory budget before purging', () => {
    for (const name of ['pages over budget', 'verify job over budget']) {
      const status = finalStatus(everyOutcome()[name]!)
      expect(status.state).toBe('error')
      expect(status.description).toBe(
        'Too many pages to check in one job: set shard; nothing purged'
      )
    }
  })

  it('success without verification says it was not verified', () => {
    expect(finalStatus(purgedRun(urls))).toEqual({
      state: 'success',
      description: '4 URLs purged (accepted by the service; not verified at the edge)'
    })
  })

  it('is one line of at most 140 characters for every report', () => {
    const long: RunReport = { warnings: [], unexpectedError: `boom\n${'x'.repeat(500)}` }
    for (const report of [...Object.values(everyOutcome()), long]) {
      const { description } = finalStatus(report)
      expect(description.length).toBeLessThanOrEqual(MAX_STATUS_DESCRIPTION)
      expect(description).not.toMatch(/\n/)
    }
    expect(finalStatus(long).description.endsWith('…')).toBe(true)
    expect(pendingStatus(600_000)).toEqual({
      state: 'pending',
      description: 'Checking the pages at the edge (deadline 10 min)'
    })
  })
})
