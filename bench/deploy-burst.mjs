/**
 * A burst of three deploys (called by bench/bench.mjs, in the full run): commit A is deployed
 * and its run purges and verifies /about and /contact with verify_content; B (A's child) lands
 * with that purge; B's own run follows, and a rollback to A lands with its purge; then the
 * rollback's own run. Each run is dist/index.js against the emulator's origin and edge, with a
 * checkout whose history relates the two commits (scripts/two-commits.mjs).
 *
 * What it measures is how long each run goes on once the other build is live: from the moment
 * the emulator started the deploy that landed with its purge until the run ended. Before a run
 * knew how builds relate, both waited for a build that would not come back until the
 * verification's deadline (here 120 s). Shown, not gated: the times are the purge's propagation
 * (2 s here) and render, the look at origin_url the first page showing another build sets off,
 * the checks asking again, and, for a rollback, the 5 s an older build must be all the origin
 * shows; each run must end as it should (superseded ✅, rolled back, fresh) and send one purge
 * request, none again, or the bench fails.
 */
import { startEmulator } from '../emulator/server.mjs'
import { sampleSite } from '../emulator/site.mjs'
import { runAction } from '../scripts/run-action.mjs'
import { twoCommits } from '../scripts/two-commits.mjs'

const TIMEOUT_SECONDS = 120

/**
 * @param {{ row: (fields: any) => any, check: (ok: boolean, what: string) => boolean,
 *   log: (text: string) => void }} context
 */
export async function benchDeployBurst({ row, check, log }) {
  const apiKey = 'bench-api-key'
  const commits = twoCommits('purge-bench-burst-')
  const emulator = await startEmulator({
    apiKey,
    sitePort: 0,
    originPort: 0,
    build: commits.a,
    propagationMs: 2000,
    renderMs: 500
  })
  emulator.seed(sampleSite)
  emulator.reset()
  const rows = []
  try {
    log('a burst of deploys: A, B with its purge, a rollback to A with B’s purge, A again')
    /** One run of `build`'s push; how long it went on after the deploy `landing` started. */
    const runOf = async (
      /** @type {string} */ build,
      /** @type {string | undefined} */ landing
    ) => {
      const held =
        landing === undefined ? undefined : emulator.deploy(landing, { afterNextPurge: true })
      const purgesBefore = emulator.history.length
      const result = await runAction({
        inputs: {
          api_key: apiKey,
          base_url: emulator.url,
          urls: '/about\n/contact',
          origin_url: `${emulator.originUrl}/version.txt`,
          site_url: emulator.siteUrl,
          verify: 'true',
          verify_content: 'true',
          verify_timeout_seconds: String(TIMEOUT_SECONDS),
          devices: 'desktop, mobile'
        },
        env: { GITHUB_EVENT_NAME: 'push', GITHUB_SHA: build, GITHUB_WORKSPACE: commits.dir }
      })
      const endedAt = Date.now()
      const afterMs = held === undefined ? undefined : endedAt - held.deployedAt
      return { result, afterMs, purges: emulator.history.length - purgesBefore }
    }

    emulator.deploy(commits.a)
    const first = await runOf(commits.a, commits.b)
    const second = await runOf(commits.b, commits.a)
    const third = await runOf(commits.a, undefined)
    const outputs = [first, second, third].map(run => run.result.outputs)
    const ok = check(
      outputs[0]?.verify_status === 'fresh' &&
        outputs[0]?.superseded_by === commits.b &&
        outputs[1]?.verify_status === 'rolled-back' &&
        outputs[2]?.verify_status === 'fresh' &&
        [first, second, third].every(run => run.purges === 1) &&
        first.afterMs !== undefined &&
        second.afterMs !== undefined,
      `deploy burst: verify_status ${outputs.map(o => o?.verify_status).join(', ')}, superseded_by ${outputs[0]?.superseded_by}, purge requests ${[first, second, third].map(run => run.purges).join(', ')}\n${second.result.stdout.slice(-1500)}`
    )
    if (!ok) return { rows, samples: {} }
    rows.push(
      row({
        section: 'verify',
        scenario: 'a burst of deploys: A’s run, B landing with its purge: ✅ superseded by B',
        medianMs: first.afterMs,
        note: `from B going live to the run's end (before: until the ${TIMEOUT_SECONDS} s deadline); one purge request, none again`
      }),
      row({
        section: 'verify',
        scenario:
          'a burst of deploys: B’s run, a rollback to A landing with its purge: rolled-back',
        medianMs: second.afterMs,
        note: `from the rollback going live to the run's end (before: until the ${TIMEOUT_SECONDS} s deadline); its 5 s of confirmation included; one purge request, none again`
      }),
      row({
        section: 'verify',
        scenario: 'a burst of deploys: the rollback’s own run of A: fresh',
        medianMs: third.result.durationMs,
        note: 'the whole step: its own build everywhere, nothing related'
      })
    )
    return {
      rows,
      samples: { afterMs: [first.afterMs, second.afterMs], thirdMs: third.result.durationMs }
    }
  } finally {
    await emulator.close()
    commits.close()
  }
}
