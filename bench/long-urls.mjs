/**
 * Memory over sitemaps at the documented limits, in the verification section (called by
 * bench/verify.mjs): 1,000,000 pages of 2,000-character URLs in an index of 49 XML sitemaps of
 * about 43 MB each (the reader's 50 files, the index included, each under the 50 MB a file may
 * hold), streamed by the emulator in this process. Three dry runs of dist/index.js, each with its
 * peak RSS:
 *
 * 1. a pattern preview (`#^/s/1\d*\/#`: 111,112 pages selected, default verify_limit), bound
 *    400 MiB;
 * 2. `mode: verify` with a sample of 200 (`verify_limit: 200`) of the same pages, bound 400 MiB;
 * 3. `mode: verify`, `shard: 1/10`, `verify_limit: 0`: this job keeps its whole part (about
 *    100,000 pages of the 1,000,000 a match-all pattern selects), bound 600 MiB.
 *
 * A dry run chooses exactly the pages a run would check, so its peak is the selection's; the
 * checks themselves hold one page at a time.
 *
 * Side by side (the full bench only, not `--only verify`): the same runs through the reader
 * this replaced, dist/ as it was at READER_BEFORE (git archive into .tmp/), which kept every
 * sitemap page and then every selected page: about 2 GB.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { startEmulator } from '../emulator/server.mjs'
import { REPO_ROOT, runAction } from '../scripts/run-action.mjs'
import { SIZES } from './sizes.mjs'

/** 1,000,000 in 49 files, or 200,000 in 10 at the gate (bench/sizes.mjs): files of ~43 MB. */
const PAGES = SIZES.longUrls
const FILES = SIZES.longUrlFiles
const URL_CHARS = 2000
/** The last commit of main whose sitemap reader kept every page (before the streaming one). */
const READER_BEFORE = 'b86f06d'
const READER_BEFORE_DIR = join(REPO_ROOT, '.tmp', 'bench-build', `reader-${READER_BEFORE}`)

/**
 * @typedef {{ name: string, scenario: string, rssTargetMiB: number,
 *   inputs: Record<string, string>, expectChecked?: (checked: number) => boolean }} LongRun
 */

/** @param {string} sitemap @returns {LongRun[]} */
function longRuns(sitemap) {
  const base = { dry_run: 'true', sitemap }
  return [
    {
      name: 'preview',
      scenario: `pattern preview over ${PAGES.toLocaleString('en')} URLs of 2,000 characters: peak RSS`,
      rssTargetMiB: 400,
      inputs: { ...base, pattern: '#^/s/1\\d*/#' }
    },
    {
      name: 'sample',
      scenario: 'mode: verify, a sample of 200 of them: peak RSS',
      rssTargetMiB: 400,
      inputs: { ...base, mode: 'verify', pattern: '#^/s/1\\d*/#', verify_limit: '200' },
      expectChecked: checked => checked === 200
    },
    {
      name: 'shard',
      scenario: 'mode: verify, shard 1/10 with verify_limit: 0 (every page of its part): peak RSS',
      rssTargetMiB: 600,
      inputs: { ...base, mode: 'verify', pattern: '#^/#', shard: '1/10', verify_limit: '0' },
      // Shards differ by chance: about 1 % at 100,000 pages a part.
      expectChecked: checked => Math.abs(checked - PAGES / 10) < PAGES / 100
    }
  ]
}

/** dist/ as it was at READER_BEFORE, extracted once; undefined without that commit. */
function readerBeforeEntry(/** @type {(text: string) => void} */ log) {
  const entry = join(READER_BEFORE_DIR, 'dist', 'index.js')
  if (existsSync(entry)) return entry
  try {
    rmSync(READER_BEFORE_DIR, { recursive: true, force: true })
    mkdirSync(READER_BEFORE_DIR, { recursive: true })
    const archive = execFileSync('git', ['archive', READER_BEFORE, 'dist'], {
      cwd: REPO_ROOT,
      maxBuffer: 256 * 2 ** 20
    })
    execFileSync('tar', ['-x', '-C', READER_BEFORE_DIR], { input: archive })
    return entry
  } catch (error) {
    log(`long URLs: no ${READER_BEFORE} in this clone's history, no side-by-side run (${error})`)
    return undefined
  }
}

/**
 * @param {{ runs: number, compare: boolean,
 *   withRssProbe: (run: (env: Record<string, string>) => Promise<any>) => Promise<{ result: any, kib: number | undefined }>,
 *   row: (fields: any) => any,
 *   check: (ok: boolean, what: string) => boolean, log: (text: string) => void,
 *   median: (values: number[]) => number }} context
 * @returns {Promise<{ rows: any[], samples: Record<string, any[]> }>}
 */
export async function benchLongUrls({ runs, compare, withRssProbe, row, check, log, median }) {
  const emulator = await startEmulator({
    apiKey: 'bench-api-key',
    sitePort: 0,
    syntheticSitemap: { urls: PAGES, files: FILES, gzip: false, urlChars: URL_CHARS }
  })
  const rows = []
  /** @type {Record<string, any[]>} */
  const samples = {}
  try {
    const before = compare ? readerBeforeEntry(log) : undefined
    for (const run of longRuns(`${emulator.siteUrl}/synthetic/index.xml`)) {
      log(
        `long URLs: ${run.name}, ${runs} run(s)${before ? ` alternated with the reader of ${READER_BEFORE}` : ''}`
      )
      /** @type {{ kib: number, stepMs: number, checked: number }[]} */
      const action = []
      /** @type {{ kib: number, stepMs: number }[]} */
      const previous = []
      for (let round = 0; round < runs; round++) {
        const measured = await measure(run, emulator, undefined, withRssProbe, check)
        if (measured) action.push(measured)
        if (before) {
          const old = await measure(run, emulator, before, withRssProbe, () => true)
          if (old) previous.push(old)
        }
      }
      samples[run.name] = action
      if (before) samples[`${run.name}Before`] = previous
      if (action.length === 0) continue
      const kib = median(action.map(s => s.kib))
      const beforeKiB = previous.length > 0 ? median(previous.map(s => s.kib)) : undefined
      rows.push(
        row({
          section: 'verify',
          scenario: run.scenario,
          peakRssKiB: kib,
          rssTargetMiB: run.rssTargetMiB,
          ...(beforeKiB !== undefined && {
            reference: `reader of ${READER_BEFORE}: ${(beforeKiB / 1024).toFixed(0)} MiB`,
            ratio: kib / beforeKiB
          }),
          note: `${action[0]?.checked} pages to check; step ${(median(action.map(s => s.stepMs)) / 1000).toFixed(1)} s${
            before && previous.length < runs
              ? `; the reader of ${READER_BEFORE} failed ${runs - previous.length} of ${runs} run(s)`
              : ''
          }`
        })
      )
    }
  } finally {
    await emulator.close()
  }
  return { rows, samples }
}

/**
 * One dry run with its peak RSS; undefined, and a failed check, when it did not do its work.
 * @param {LongRun} run
 * @param {{ url: string, siteUrl: string }} emulator
 * @param {string | undefined} entry dist/index.js of another commit, or the tree's
 * @param {(run: (env: Record<string, string>) => Promise<any>) => Promise<{ result: any, kib: number | undefined }>} withRssProbe
 * @param {(ok: boolean, what: string) => boolean} check
 */
async function measure(run, emulator, entry, withRssProbe, check) {
  const { result, kib } = await withRssProbe(env =>
    runAction({
      env,
      ...(entry && { entry }),
      inputs: {
        api_key: 'bench-api-key',
        base_url: emulator.url,
        site_url: emulator.siteUrl,
        ...run.inputs
      }
    })
  )
  const checked = Number(result.outputs.pages_checked)
  const preview = result.outputs.preview ? JSON.parse(result.outputs.preview) : {}
  const ok = check(
    result.exitCode === 0 &&
      preview.sitemap_pages === PAGES &&
      (run.expectChecked?.(checked) ?? checked > 0),
    `long URLs ${run.name}${entry ? ` (${entry})` : ''}: exit ${result.exitCode}, sitemap pages ${preview.sitemap_pages}, pages_checked ${checked}\n${result.stdout.slice(-1500)}${result.stderr.slice(-1500)}`
  )
  if (!ok || kib === undefined) return undefined
  return { kib, stepMs: result.durationMs, checked }
}
