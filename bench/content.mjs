/**
 * The content proof's and the origin wait's benchmark rows (called by bench/bench.mjs):
 *
 * 1. Verify 1,000 pages x 2 devices with verify_content, 100 KiB pages: dist/index.js purges
 *    /p/1 ... /p/1000 and verifies them against the emulator's public site (2 s propagation),
 *    every page with its build at the END of the body, so that every check scans the whole
 *    page. Its time to fresh (`verify_seconds`) is compared with the ideal: the propagation plus
 *    one pass of the 2,000 requests at 6 in flight, each body read to its end, measured in the
 *    same run against the same site.
 * 2. An origin that is already ready: the same small purge with and without origin_url, run
 *    alternately; the difference of the medians (the wait's module, its one request, the event
 *    read for build_id), and the origin's requests per run (must be 1).
 *
 * Peak RSS comes from bench/rss-probe.mjs preloaded into the action's process.
 */
import { startEmulator } from '../emulator/server.mjs'
import { runAction } from '../scripts/run-action.mjs'
import { IN_FLIGHT, timeToFresh, timeToFreshRow } from './time-to-fresh.mjs'

const PAGES = 1000
const PAGE_BYTES = 100 * 1024
const PROPAGATION_MS = 2000
const BUILD = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const ORIGIN_ROUNDS = 15
const ORIGIN_BOUND_MS = 50

/**
 * @param {{ runs: number,
 *   withRssProbe: (run: (env: Record<string, string>) => Promise<any>) => Promise<{ result: any, kib: number | undefined }>,
 *   row: (fields: any) => any,
 *   check: (ok: boolean, what: string) => boolean, log: (text: string) => void,
 *   median: (values: number[]) => number }} context
 */
export async function benchContent({ runs, withRssProbe, row, check, log, median }) {
  const apiKey = 'bench-api-key'
  const emulator = await startEmulator({
    apiKey,
    syntheticPages: PAGES,
    sitePort: 0,
    propagationMs: PROPAGATION_MS,
    renderMs: 500,
    build: BUILD,
    pageBytes: PAGE_BYTES,
    buildAt: 'end'
  })
  const rows = []
  try {
    log(
      `verify_content: ${runs} run(s) of ${PAGES} pages x 2 devices, ${PAGE_BYTES / 1024} KiB pages, the build at their end`
    )
    const samples = await timeToFresh({
      runs,
      emulator,
      apiKey,
      pages: PAGES,
      propagationMs: PROPAGATION_MS,
      label: 'verify_content',
      inputs: { verify_content: 'true', build_id: BUILD },
      passHeaders: { 'Accept-Encoding': 'identity' },
      withRssProbe,
      check
    })
    if (samples.length > 0) {
      rows.push(
        timeToFreshRow({
          samples,
          scenario: `${PAGES} pages x 2 devices, verify_content, ${PAGE_BYTES / 1024} KiB pages (build at their end): time to all fresh`,
          reference: `propagation + one pass of ${2 * PAGES} requests at ${IN_FLIGHT} in flight, bodies read`,
          note: '',
          row,
          median
        })
      )
    }
    return { rows, samples }
  } finally {
    await emulator.close()
  }
}

/**
 * @param {{ row: (fields: any) => any, check: (ok: boolean, what: string) => boolean,
 *   log: (text: string) => void, median: (values: number[]) => number, rounds?: number }} context
 */
export async function benchOriginOverhead({ row, check, log, median, rounds = ORIGIN_ROUNDS }) {
  const apiKey = 'bench-api-key'
  const emulator = await startEmulator({ apiKey, originPort: 0, build: BUILD })
  try {
    log(`origin ready: ${rounds} rounds of a purge without, then with, origin_url`)
    const inputs = { api_key: apiKey, base_url: emulator.url, urls: '/\n/about' }
    const env = { GITHUB_EVENT_NAME: 'push', GITHUB_SHA: BUILD }
    const without = []
    const withOrigin = []
    const looks = []
    // One of each first, not timed: the page cache holds dist/ for both.
    for (let round = -1; round < rounds; round++) {
      const plain = await runAction({ inputs, env })
      const before = emulator.originRequests.length
      const waited = await runAction({
        inputs: { ...inputs, origin_url: `${emulator.originUrl}/version.txt` },
        env
      })
      const ok = check(
        plain.exitCode === 0 &&
          waited.exitCode === 0 &&
          waited.outputs.status === 'purged' &&
          waited.outputs.origin_seconds !== '',
        `origin overhead run: exit ${plain.exitCode}/${waited.exitCode}, origin_seconds ${waited.outputs.origin_seconds}\n${waited.stdout}`
      )
      if (!ok || round < 0) continue
      without.push(plain.durationMs)
      withOrigin.push(waited.durationMs)
      looks.push(emulator.originRequests.length - before)
    }
    if (without.length === 0) return { rows: [], samples: {} }
    const extraMs = median(withOrigin) - median(without)
    check(
      looks.every(count => count === 1),
      `a ready origin was asked ${looks.join(', ')} times`
    )
    return {
      rows: [
        row({
          section: 'origin',
          scenario: 'origin_url already showing the build: extra time of the step',
          medianMs: extraMs,
          reference: `bound ${ORIGIN_BOUND_MS} ms`,
          referenceMs: ORIGIN_BOUND_MS,
          ratio: extraMs / ORIGIN_BOUND_MS,
          target: 1,
          note: `${median(without).toFixed(0)} ms without origin_url, ${median(withOrigin).toFixed(0)} ms with; ${Math.max(...looks)} origin request per run`
        })
      ],
      samples: { without, withOrigin, looks }
    }
  } finally {
    await emulator.close()
  }
}
