/**
 * The sitemap formats beside XML, in the verification section (called by bench/verify.mjs): the
 * dry-run preview reads, through dist/index.js, an index of 20 gzip text sitemaps of 50,000
 * lines (1,000,000 lines) and an index of an RSS and an Atom feed of 50,000 items each (100,000
 * items; 50,000 is every format's limit for one file). Each row: the reading time the action
 * logs against the reference's (bench/sitemap-reference.mjs: the same files read by a bare
 * loop in a child process, alternated with the action round by round; the ratio is the median
 * of the per-round ratios), and the step's peak RSS, under the XML row's 200 MiB.
 *
 * Targets, from runs on the 2-core machine quiet and beside two busy cores (docs/benchmarks.md):
 * text 3.6 (rounds of 1.8 to 2.1 quiet, 1.9 to 3.1 busy: splitting lines is nearly all the
 * reference does, while the action checks each line as a URL), feeds 2.4 (medians 1.37 and
 * 1.55 quiet, 1.27 to 1.62 busy: saxes is most of both). The action twice as slow reads 3.8
 * and 2.7 and more on a quiet machine.
 */
import { join } from 'node:path'
import { REPO_ROOT, runAction, runNode } from '../scripts/run-action.mjs'

const FORMATS = [
  {
    scenario: 'text sitemap of 1,000,000 lines (index of 20 gzip files): read and parse',
    path: '/synthetic/text-index.xml',
    pages: 1_000_000,
    kind: 'text',
    reference: 'the same files gunzipped and split into lines (bare loop)',
    target: 3.6
  },
  {
    scenario: 'feeds of 100,000 items (an RSS and an Atom feed of 50,000): read and parse',
    path: '/synthetic/feed-index.xml',
    pages: 100_000,
    kind: 'feed',
    reference: "the same feeds' links read by saxes alone (bare loop)",
    target: 2.4
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
      // Alternated: the reference first in odd rounds.
      const referenceFirst = run % 2 === 1
      const reference = referenceFirst
        ? await sitemapReference(`${emulator.siteUrl}${format.path}`, format.kind)
        : undefined
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
      const referenceAfter = referenceFirst
        ? undefined
        : await sitemapReference(`${emulator.siteUrl}${format.path}`, format.kind)
      const referenceRun = reference ?? referenceAfter
      const referenceOk = check(
        referenceRun?.pages === format.pages,
        `${format.path} reference: ${referenceRun?.pages} pages, not ${format.pages}`
      )
      if (ok && referenceOk && read && kib !== undefined && referenceRun) {
        taken.push({
          readMs: Number(read[3]) * 1000,
          referenceMs: referenceRun.readMs,
          peakRssKiB: kib,
          stepMs: result.durationMs
        })
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
        reference: format.reference,
        referenceMs: median(taken.map(s => s.referenceMs)),
        ratio: median(taken.map(s => s.readMs / s.referenceMs)),
        target: format.target,
        peakRssKiB: median(taken.map(s => s.peakRssKiB)),
        rssTargetMiB: 200,
        note: `whole dry-run step ${(median(taken.map(s => s.stepMs)) / 1000).toFixed(1)} s; reference in a child process, alternated; ratio: median of the per-round ratios`
      })
    )
  }
  return { rows, samples }
}

/**
 * One run of bench/sitemap-reference.mjs in a child process over the index at `indexUrl`:
 * its reading time and page count, and with a pattern its bare PCRE2 loop's time and matches.
 * @param {string} indexUrl @param {'xml' | 'text' | 'feed'} kind @param {string} [pattern]
 * @returns {Promise<{ readMs: number, pages: number, matchMs?: number, matched?: number }>}
 */
export async function sitemapReference(indexUrl, kind, pattern) {
  const script = join(REPO_ROOT, 'bench', 'sitemap-reference.mjs')
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
  const args = [script, indexUrl, kind, ...(pattern === undefined ? [] : [pattern])]
  const result = await runNode(args, env, REPO_ROOT)
  if (result.exitCode !== 0) throw new Error(`sitemap reference failed:\n${result.stderr}`)
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}')
}
