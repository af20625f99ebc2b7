/**
 * The "time to all fresh" row that bench/verify.mjs and bench/content.mjs both measure: the
 * action purges /p/1 ... /p/N and verifies them on 2 devices against the emulator's public site;
 * its `verify_seconds` is compared with the ideal measured in the same run against the same site:
 * the propagation plus one pass of the 2N requests at 6 in flight (the site is reset before the
 * pass and before the action).
 */
import { request } from 'node:http'
import { runAction } from '../scripts/run-action.mjs'

export const IN_FLIGHT = 6
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36'
const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148'

/**
 * One pass of GETs over every (page, device), `IN_FLIGHT` at a time, each body read to its end;
 * returns its duration.
 * @param {string} siteUrl @param {string[]} paths @param {Record<string, string>} [headers]
 */
export async function onePass(siteUrl, paths, headers = {}) {
  const jobs = paths.flatMap(path => [DESKTOP_UA, MOBILE_UA].map(ua => ({ path, ua })))
  const started = performance.now()
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]
      await new Promise((resolve, reject) => {
        const req = request(new URL(job.path, siteUrl), {
          headers: { 'User-Agent': job.ua, Accept: 'text/html', ...headers }
        })
        req.on('response', res => res.resume().on('end', resolve))
        req.on('error', reject)
        req.end()
      })
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
  return performance.now() - started
}

/**
 * Runs the purge-and-verify `runs` times; returns one sample per run that did its work.
 * @param {{ runs: number, emulator: any, apiKey: string, pages: number, propagationMs: number,
 *   label: string, inputs?: Record<string, string>, passHeaders?: Record<string, string>,
 *   withRssProbe: (run: (env: Record<string, string>) => Promise<any>) => Promise<{ result: any, kib: number | undefined }>,
 *   check: (ok: boolean, what: string) => boolean }} options
 */
export async function timeToFresh(options) {
  const { runs, emulator, apiKey, pages, propagationMs, label, withRssProbe, check } = options
  const paths = Array.from({ length: pages }, (_, i) => `/p/${i + 1}`)
  const samples = []
  for (let run = 0; run < runs; run++) {
    emulator.reset()
    const passMs = await onePass(emulator.siteUrl, paths, options.passHeaders)
    emulator.reset()
    const { result, kib: peakRssKiB } = await withRssProbe(env =>
      runAction({
        env,
        inputs: {
          api_key: apiKey,
          base_url: emulator.url,
          urls: paths.join('\n'),
          site_url: emulator.siteUrl,
          verify: 'true',
          verify_limit: String(pages),
          verify_timeout_seconds: '120',
          ...options.inputs
        }
      })
    )
    const ok = check(
      result.exitCode === 0 &&
        result.outputs.verify_status === 'fresh' &&
        result.outputs.warm === String(2 * pages),
      `${label} run: exit ${result.exitCode}, verify_status ${result.outputs.verify_status}, warm ${result.outputs.warm}\n${result.stderr}`
    )
    if (!ok || peakRssKiB === undefined) continue
    const freshMs = Number(result.outputs.verify_seconds) * 1000
    samples.push({
      freshMs,
      idealMs: propagationMs + passMs,
      passMs,
      peakRssKiB,
      stepMs: result.durationMs,
      siteRequests: emulator.siteRequests.length
    })
  }
  return samples
}

/**
 * The row of those samples, against the targets (1.5x the ideal, 150 MiB).
 * @param {{ samples: any[], scenario: string, reference: string, note: string,
 *   row: (fields: any) => any, median: (values: number[]) => number }} options
 */
export function timeToFreshRow({ samples, scenario, reference, note, row, median }) {
  return row({
    section: 'verify',
    scenario,
    medianMs: median(samples.map(s => s.freshMs)),
    reference,
    referenceMs: median(samples.map(s => s.idealMs)),
    ratio: median(samples.map(s => s.freshMs / s.idealMs)),
    target: 1.5,
    peakRssKiB: median(samples.map(s => s.peakRssKiB)),
    rssTargetMiB: 150,
    note: `whole step ${(median(samples.map(s => s.stepMs)) / 1000).toFixed(1)} s${note}; ${median(samples.map(s => s.siteRequests))} site requests`
  })
}
