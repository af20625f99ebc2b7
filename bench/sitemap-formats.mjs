/**
 * The sitemap formats beside XML, in the verification section (called by bench/verify.mjs): the
 * dry-run preview reads, through dist/index.js, an index of 20 gzip text sitemaps of 50,000
 * lines (1,000,000 lines) and an index of an RSS and an Atom feed of 50,000 items each (100,000
 * items; 50,000 is every format's limit for one file). Each row: the reading time the action
 * logs and the step's peak RSS, against the same bounds as the 1,000,000-URL XML row.
 */
import { runAction } from '../scripts/run-action.mjs'

const FORMATS = [
  {
    scenario: 'text sitemap of 1,000,000 lines (index of 20 gzip files): read and parse',
    path: '/synthetic/text-index.xml',
    pages: 1_000_000
  },
  {
    scenario: 'feeds of 100,000 items (an RSS and an Atom feed of 50,000): read and parse',
    path: '/synthetic/feed-index.xml',
    pages: 100_000
  }
]

/**
 * @param {{ runs: number, emulator: { url: string, siteUrl: string }, apiKey: string,
 *   withRssProbe: (run: (env: Record<string, string>) => Promise<any>) => Promise<{ result: any, kib: number | undefined }>,
 *   row: (fields: any) => any,
 *   check: (ok: boolean, what: string) => boolean, log: (text: string) => void,
 *   median: (values: number[]) => number }} context
 * @returns {Promise<{ rows: any[], samples: Record<string, any[]> }>}
 */
export async function benchSitemapFormats(context) {
  const { runs, emulator, apiKey, withRssProbe, row, check, log, median } = context
  const rows = []
  /** @type {Record<string, any[]>} */
  const samples = {}
  for (const format of FORMATS) {
    log(`sitemap: ${format.scenario.split(':')[0]}, through the dry-run preview`)
    const taken = []
    for (let run = 0; run < runs; run++) {
      const { result, kib } = await withRssProbe(env =>
        runAction({
          env,
          inputs: {
            api_key: apiKey,
            base_url: emulator.url,
            pattern: '#^/s/1\\d*$#',
            dry_run: 'true',
            site_url: emulator.siteUrl,
            sitemap: `${emulator.siteUrl}${format.path}`
          }
        })
      )
      const read = /Sitemaps: (\d+) page\(s\) .* in (\d+) file\(s\), read in ([\d.]+) s/.exec(
        result.stdout
      )
      const preview = result.outputs.preview ? JSON.parse(result.outputs.preview) : {}
      const ok = check(
        result.exitCode === 0 && read !== null && preview.sitemap_pages === format.pages,
        `${format.path} run: exit ${result.exitCode}, pages ${preview.sitemap_pages}\n${result.stdout.slice(-2000)}`
      )
      if (ok && read && kib !== undefined) {
        taken.push({ readMs: Number(read[3]) * 1000, peakRssKiB: kib, stepMs: result.durationMs })
      }
    }
    samples[format.path] = taken
    if (taken.length === 0) continue
    const readMs = median(taken.map(s => s.readMs))
    rows.push(
      row({
        section: 'verify',
        scenario: format.scenario,
        medianMs: readMs,
        reference: 'target 5 s',
        referenceMs: 5000,
        ratio: readMs / 5000,
        target: 1,
        peakRssKiB: median(taken.map(s => s.peakRssKiB)),
        rssTargetMiB: 200,
        note: `whole dry-run step ${(median(taken.map(s => s.stepMs)) / 1000).toFixed(1)} s`
      })
    )
  }
  return { rows, samples }
}
