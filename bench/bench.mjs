/**
 * `npm run bench`: how fast the action starts, sends and maps, against references measured in
 * the same run. See bench/README.md for what each figure means.
 *
 *   node bench/bench.mjs [--quick] [--only verify|cold] [--gate] [--strict] [--out FILE]
 *
 * `--only verify` runs section 4 alone (CI runs it: issue 8 asks for its targets in .ci/run);
 * `--only cold` runs section 1 alone. `--strict` also fails the process when a row misses its
 * target (time ratio or peak RSS). `--gate` runs the verification section at the gate sizes
 * (bench/sizes.mjs): the same targets in about a third of the time; `.ci/run` runs
 * `--only verify --gate --strict` on each commit, the scheduled workflow the full sizes.
 *
 * 1. Cold start (bench/cold-start.mjs): dist/index.js on a 3-URL dry run with a real run's
 *    secrets, alternated with bare `node -e ''` and the toolkit floor (bench/floor/index.ts
 *    bundled by ncc like the action).
 * 2. Throughput: 10,000 URLs through dist/index.js, and 1,000 / 10,000 / 100,000 URLs through
 *    sendPlan + createHttpTransport in a fresh process, the emulator answering after 50 ms;
 *    reference: the lower bound ceil(requests / concurrency) × 50 ms.
 * 3. Mapping: 3,000 and 100,000 changed files through a 50-rule url_map, in a fresh process.
 * 4. Verification (bench/verify.mjs): 1,000 pages x 2 devices with 2 s propagation against the
 *    ideal (propagation + one pass of the requests at 6 in flight); a 1,000,000-URL sitemap;
 *    the same 1,000 pages with verify_content and 100 KiB gzip pages (bench/content.mjs).
 *    100,000 pages x 3 devices, shard 1/10, at rate 1000 and without rate (bench/verify-scale.mjs).
 * 4b. The wait for an origin that already shows the build: the step's extra time (content.mjs).
 * 5. Peak RSS of each run, and the size of dist/.
 *
 * Times are medians; ratios of alternated runs are medians of the per-round ratios. A missed
 * target is marked, not fatal: the process fails only when a run did not do its work (a URL
 * missing at the emulator, a wrong output), since then its time means nothing.
 */
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import os from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startEmulator } from '../emulator/server.mjs'
import { ACTION_ENTRY, REPO_ROOT, runAction, runNode } from '../scripts/run-action.mjs'
import { shortUrls } from './in-process/workload.mjs'
import { benchVerify } from './verify.mjs'
import { benchContent, benchOriginOverhead } from './content.mjs'
import { benchDeployBurst } from './deploy-burst.mjs'
import { benchColdStart } from './cold-start.mjs'

// ---------------------------------------------------------------------------------------------
// Settings

const args = process.argv.slice(2)
const QUICK = args.includes('--quick')
const STRICT = args.includes('--strict')
// bench/sizes.mjs reads --gate itself: the section's modules take their sizes from it.
const GATE_SIZES = args.includes('--gate')
const onlyAt = args.indexOf('--only')
const ONLY = onlyAt >= 0 ? args[onlyAt + 1] : undefined
if (onlyAt >= 0 && ONLY !== 'verify' && ONLY !== 'cold') {
  console.error(
    `--only: "${ONLY ?? ''}" is not a section that runs alone (only "verify" and "cold" do).`
  )
  process.exit(2)
}
const outAt = args.indexOf('--out')
const RESULTS_PATH =
  outAt >= 0 && args[outAt + 1]
    ? resolve(args[outAt + 1])
    : join(REPO_ROOT, 'bench', 'results.json')

const BUILD_DIR = join(REPO_ROOT, '.tmp', 'bench-build')
const NCC_CLI = join(REPO_ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')
const WORKER = join(REPO_ROOT, 'bench', 'in-process', 'worker.mjs')
const RSS_PROBE = join(REPO_ROOT, 'bench', 'rss-probe.mjs')
const PCRE2_ENGINE = join(REPO_ROOT, 'bench', 'pcre2-engine.mjs')
const API_KEY = 'bench-api-key'

const RUNS = {
  coldWarmup: QUICK ? 1 : 3,
  // Each side's median of 31 alternated runs: a shared machine's noise is a few percent a run.
  cold: QUICK ? 7 : 31,
  throughput: QUICK ? 3 : 5,
  throughput100k: 3,
  mapping: QUICK ? 3 : 5,
  memory: QUICK ? 1 : 3
}
const LATENCY_MS = 50
const BATCH_SIZE = 100
const CONCURRENCY = 4
const TARGET = 1.1
/** Issue 9: 100,000 changed paths through a 20-rule url_map in under this. */
const MAP_BOUND_MS = 500
/** Linux refuses a single environment variable (argument string) longer than this. */
const MAX_ENV_VALUE = 128 * 1024

// ---------------------------------------------------------------------------------------------
// Small helpers

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const rotate = (/** @type {any[]} */ list, /** @type {number} */ by) =>
  list.map((_, i) => list[(i + by) % list.length])
const round = (/** @type {number} */ value, digits = 1) => Number(value.toFixed(digits))
const mib = (/** @type {number | undefined} */ kib) =>
  kib === undefined ? undefined : round(kib / 1024, 1)
const log = (/** @type {string} */ text) => process.stderr.write(`${text}\n`)

/** @type {string[]} */
const failedChecks = []
/** @param {boolean} ok @param {string} what */
function check(ok, what) {
  if (!ok) {
    failedChecks.push(what)
    log(`  CHECK FAILED: ${what}`)
  }
  return ok
}

/** A clean environment like the runner's, without NODE_EXTRA_CA_CERTS. */
function runnerLikeEnv(/** @type {Record<string, string>} */ extra = {}) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    ...extra
  }
}

// ---------------------------------------------------------------------------------------------
// Builds: the toolkit floor and the in-process entry, with ncc as `npm run bundle` uses it

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(entry => entry.isFile())
    .map(entry => join(entry.parentPath ?? entry.path, entry.name))
    .sort()
}

/** @param {string[]} files */
function hashFiles(files) {
  const hash = createHash('sha256')
  for (const file of files) hash.update(relative(REPO_ROOT, file)).update(readFileSync(file))
  return hash.digest('hex')
}

/**
 * Bundles `source` into .tmp/bench-build/<name>/ unless the inputs are unchanged since the
 * last build. Returns the bundle's path.
 * @param {string} name
 * @param {string} source repository-relative
 * @param {string[]} inputs files whose change requires a rebuild
 * @param {string[]} [extraFlags] more ncc flags (e.g. --minify)
 */
async function nccBuild(name, source, inputs, extraFlags = []) {
  const outDir = join(BUILD_DIR, name)
  const entry = join(outDir, 'index.js')
  const stamp = join(outDir, '.inputs-sha256')
  const hash = hashFiles(inputs)
  if (existsSync(entry) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    log(`  ${name}: up to date (${relative(REPO_ROOT, outDir)})`)
    return entry
  }
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(dirname(outDir), { recursive: true })
  const started = performance.now()
  const result = await runNode(
    [NCC_CLI, 'build', source, '-o', outDir, '--license', 'licenses.txt', '--quiet', ...extraFlags],
    /** @type {Record<string, string>} */ ({ ...process.env }),
    REPO_ROOT
  )
  if (result.exitCode !== 0 || !existsSync(entry)) {
    throw new Error(`ncc build of ${source} failed:\n${result.stdout}${result.stderr}`)
  }
  writeFileSync(stamp, hash)
  log(`  ${name}: built in ${Math.round(performance.now() - started)} ms`)
  return entry
}

async function buildAll() {
  const common = [join(REPO_ROOT, 'package-lock.json'), join(REPO_ROOT, 'tsconfig.json')]
  // One after the other: each ncc build keeps more than one core busy.
  const floor = await nccBuild('floor', 'bench/floor/index.ts', [
    join(REPO_ROOT, 'bench/floor/index.ts'),
    ...common
  ])
  // The same floor minified like dist/ (`npm run bundle` passes --minify): the like-for-like
  // reference, so that minifying is not mistaken for the action doing less.
  const floorMinified = await nccBuild(
    'floor-minified',
    'bench/floor/index.ts',
    [join(REPO_ROOT, 'bench/floor/index.ts'), ...common],
    ['--minify']
  )
  // The floor with a plain dry run's toolkit I/O (bench/floor/io.ts), bundled as the floor is.
  const floorIo = await nccBuild('floor-io', 'bench/floor/io.ts', [
    join(REPO_ROOT, 'bench/floor/io.ts'),
    join(REPO_ROOT, 'src/core/constants.ts'),
    join(REPO_ROOT, 'src/report/output-defaults.ts'),
    ...common
  ])
  const inProcess = await nccBuild('in-process', 'bench/in-process/entry.ts', [
    join(REPO_ROOT, 'bench/in-process/entry.ts'),
    ...filesUnder(join(REPO_ROOT, 'src')),
    ...common
  ])
  return { floor, floorMinified, floorIo, inProcess }
}

// ---------------------------------------------------------------------------------------------
// Runs

/**
 * Runs the in-process worker once in a fresh Node process.
 * @param {Record<string, unknown>} task
 */
async function runWorker(task) {
  const result = await runNode([WORKER, JSON.stringify(task)], runnerLikeEnv(), os.tmpdir())
  if (result.exitCode !== 0) {
    throw new Error(`worker ${JSON.stringify(task)} failed:\n${result.stderr}`)
  }
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}')
}

/** The lower bound of sending `urls` URLs: ceil(requests / concurrency) rounds of the latency. */
function sendBoundMs(/** @type {number} */ urls) {
  return Math.ceil(Math.ceil(urls / BATCH_SIZE) / CONCURRENCY) * LATENCY_MS
}

/** Section 4, bench/verify.mjs, with this file's helpers. */
function runVerifySection() {
  // The side-by-side runs of the previous sitemap reader take 2 to 3 GB and minutes: not in CI.
  const compare = ONLY !== 'verify'
  return benchVerify({ runs: RUNS.memory, compare, withRssProbe, row, check, log, median })
}

/**
 * Section 4b: the content proof (bench/content.mjs). Not in `--only verify` (CI): its peak RSS
 * sits near its bound on this runtime whatever the proof does (100 KiB bodies read, see
 * bench/README.md), so it is measured, not gated.
 */
function runContentSection() {
  return benchContent({ runs: RUNS.memory, withRssProbe, row, check, log, median })
}

/**
 * One run with the RSS probe (bench/rss-probe.mjs) preloaded into the process it starts: the
 * run's result, its peak RSS in KiB and the CPU time it used in ms (undefined, and a failed
 * check, if the probe wrote none).
 * @template T
 * @param {(env: Record<string, string>) => Promise<T>} run
 * @returns {Promise<{ result: T, kib: number | undefined, cpuMs: number | undefined }>}
 */
async function withRssProbe(run) {
  const dir = mkdtempSync(join(os.tmpdir(), 'purge-bench-rss-'))
  const file = join(dir, 'rss')
  try {
    const cpuFile = join(dir, 'cpu')
    const result = await run({
      NODE_OPTIONS: `--import=${pathToFileURL(RSS_PROBE).href}`,
      BENCH_RSS_FILE: file,
      BENCH_CPU_FILE: cpuFile
    })
    const wrote = check(existsSync(file) && existsSync(cpuFile), 'the RSS probe wrote nothing')
    if (!wrote) return { result, kib: undefined, cpuMs: undefined }
    return {
      result,
      kib: Number(readFileSync(file, 'utf8')),
      cpuMs: Number(readFileSync(cpuFile, 'utf8'))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The median peak RSS in KiB of RUNS.memory runs with the RSS probe (undefined if none wrote one).
 * @param {(env: Record<string, string>) => Promise<unknown>} run
 */
async function peakRss(run) {
  const values = []
  for (let i = 0; i < RUNS.memory; i++) {
    const { kib } = await withRssProbe(run)
    if (kib !== undefined) values.push(kib)
  }
  return values.length ? median(values) : undefined
}

async function main() {
  const startedAt = new Date()
  const loadBefore = os.loadavg()
  if (!existsSync(ACTION_ENTRY)) {
    console.error(`${ACTION_ENTRY} is missing: run \`npm run bundle\` first.`)
    process.exit(1)
  }
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    totalMemMiB: Math.round(os.totalmem() / 2 ** 20)
  }
  log(
    `bench: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load ${loadBefore.map(l => l.toFixed(2)).join(' ')}${QUICK ? ' (quick)' : ''}${GATE_SIZES ? ' (gate sizes)' : ''}`
  )
  if (ONLY === 'verify') {
    const verified = await runVerifySection()
    finish({
      startedAt,
      loadBefore,
      machine,
      rows: verified.rows,
      samples: { verify: verified.samples }
    })
    return
  }
  log('building the references (ncc, cached in .tmp/bench-build/)')
  const bundles = await buildAll()

  const emulator = await startEmulator({ apiKey: API_KEY, latencyMs: 0 })
  /** @type {Record<string, any>} */
  const samples = {}
  /** @type {any[]} */
  const rows = []
  try {
    // --- 1. Cold start (bench/cold-start.mjs) -------------------------------------------------
    const coldStart = await benchColdStart({
      bundles,
      baseUrl: emulator.url,
      warmup: RUNS.coldWarmup,
      rounds: RUNS.cold,
      target: TARGET,
      runnerLikeEnv,
      peakRss,
      rotate,
      row,
      check,
      log,
      median
    })
    rows.push(...coldStart.rows)
    samples.coldStart = coldStart.samples
    if (emulator.requestCount !== 0) {
      check(false, `a dry run sent ${emulator.requestCount} request(s) to the emulator`)
    }
    if (ONLY === 'cold') {
      finish({ startedAt, loadBefore, machine, rows, samples })
      return
    }

    // --- 2. Throughput ------------------------------------------------------------------------
    emulator.setLatency(LATENCY_MS)
    const distUrls = 10_000
    const distUrlsText = shortUrls(distUrls).join('\n')
    check(
      Buffer.byteLength(distUrlsText) < MAX_ENV_VALUE,
      `INPUT_URLS for ${distUrls} URLs is ${Buffer.byteLength(distUrlsText)} bytes, over the 128 KiB a variable may hold`
    )
    const sendInputs = {
      api_key: API_KEY,
      base_url: emulator.url,
      urls: distUrlsText,
      batch_size: String(BATCH_SIZE),
      concurrency: String(CONCURRENCY)
    }
    /** @param {number} urls @param {string} what */
    const checkEmulatorGot = (urls, what) => {
      const requests = Math.ceil(urls / BATCH_SIZE)
      check(
        emulator.purgedUrls.size === urls,
        `${what}: the emulator got ${emulator.purgedUrls.size} of ${urls} URLs`
      )
      check(
        emulator.requestCount === requests,
        `${what}: the emulator got ${emulator.requestCount} requests, expected ${requests}`
      )
    }
    const sizes = [1_000, 10_000, 100_000]
    /** @type {Record<string, (round: number) => Promise<{ ms: number, floorMs?: number, maxRssKiB?: number, retries?: number }>>} */
    const sendScenarios = {
      // Paired with a floor run (before it in even rounds, after it in odd ones): the action's
      // process start is part of its time, so bound + floor is its second reference.
      dist10k: async round => {
        const floorRun = async () => (await runAction({ entry: bundles.floor })).durationMs
        const floorBefore = round % 2 === 0 ? await floorRun() : undefined
        emulator.reset()
        const r = await runAction({ inputs: sendInputs })
        check(
          r.exitCode === 0 && r.outputs.status === 'purged' && r.outputs.count === String(distUrls),
          `dist ${distUrls} URLs: exit ${r.exitCode}, status ${r.outputs.status}, count ${r.outputs.count}\n${r.stderr}`
        )
        checkEmulatorGot(distUrls, `dist ${distUrls} URLs`)
        const floorMs = floorBefore ?? (await floorRun())
        return { ms: r.durationMs, floorMs }
      }
    }
    for (const urls of sizes) {
      sendScenarios[`inProcess${urls}`] = async () => {
        emulator.reset()
        const r = await runWorker({
          kind: 'send',
          bundle: bundles.inProcess,
          baseUrl: emulator.url,
          apiKey: API_KEY,
          urls,
          batchSize: BATCH_SIZE,
          concurrency: CONCURRENCY
        })
        check(
          r.purgedRequests === r.requests,
          `in process ${urls} URLs: ${r.purgedRequests} of ${r.requests} requests purged`
        )
        checkEmulatorGot(urls, `in process ${urls} URLs`)
        return r
      }
    }
    log(
      `throughput: ${RUNS.throughput} rounds (100,000 URLs in the first ${RUNS.throughput100k}), emulator latency ${LATENCY_MS} ms`
    )
    /** @type {Record<string, { ms: number, maxRssKiB?: number, retries?: number }[]>} */
    const sent = Object.fromEntries(Object.keys(sendScenarios).map(name => [name, []]))
    for (let r = 0; r < RUNS.throughput; r++) {
      const names = rotate(Object.keys(sendScenarios), r).filter(
        name => name !== 'inProcess100000' || r < RUNS.throughput100k
      )
      for (const name of names) {
        const result = await sendScenarios[name](r)
        sent[name].push(result)
        log(`  round ${r + 1}: ${name} ${Math.round(result.ms)} ms`)
      }
    }
    samples.throughput = sent
    emulator.setLatency(0)
    emulator.reset()

    // --- 3. Mapping ---------------------------------------------------------------------------
    const mapSizes = [3_000, 100_000]
    log(`mapping: ${RUNS.mapping} rounds of ${mapSizes.join(' / ')} files through the url_map`)
    /** @type {Record<number, any[]>} */
    const mapped = Object.fromEntries(mapSizes.map(n => [n, []]))
    /** @type {any[]} */
    const mapped20 = []
    for (let r = 0; r < RUNS.mapping; r++) {
      const small20 = await runWorker({
        kind: 'map',
        bundle: bundles.inProcess,
        files: 100_000,
        rules: 20
      })
      check(small20.rules === 20, `the short url_map has ${small20.rules} rules, not 20`)
      check(small20.outcomes.unmapped === 0, 'the 20-rule url_map leaves files unmapped')
      mapped20.push(small20)
      for (const files of rotate(mapSizes, r)) {
        const result = await runWorker({ kind: 'map', bundle: bundles.inProcess, files })
        check(result.files === files, `mapping ${files} files: ${result.files} mapped`)
        check(result.rules === 50, `the url_map has ${result.rules} rules, not 50`)
        mapped[files].push(result)
      }
    }
    samples.mapping = mapped
    samples.mapping20 = mapped20

    // --- The pattern engine alone (bench/pcre2-engine.mjs), in fresh processes -----------------
    log(`pattern engine: ${RUNS.mapping} fresh processes, each matching 1,000,000 paths`)
    samples.pcre2Engine = []
    for (let r = 0; r < RUNS.mapping; r++) {
      const run = await runNode([PCRE2_ENGINE], runnerLikeEnv(), os.tmpdir())
      check(run.exitCode === 0, `bench/pcre2-engine.mjs: exit ${run.exitCode}\n${run.stderr}`)
      const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}')
      check(result.matched === 333_334, `the engine matched ${result.matched} of 1,000,000 paths`)
      samples.pcre2Engine.push(result)
    }

    // --- 4. Memory of the child-process runs (separate runs: the probe is preloaded) ----------
    log(`memory: ${RUNS.memory} run(s) each with the RSS probe preloaded`)
    const memory = {
      dist10k: await peakRss(async env => {
        emulator.setLatency(LATENCY_MS)
        emulator.reset()
        await runAction({ inputs: sendInputs, env })
        checkEmulatorGot(distUrls, `dist ${distUrls} URLs (memory run)`)
        emulator.setLatency(0)
      })
    }
    samples.memoryKiB = memory

    // --- dist/ size -----------------------------------------------------------------------------
    const distDir = dirname(ACTION_ENTRY)
    const distFiles = Object.fromEntries(
      filesUnder(distDir).map(file => [relative(distDir, file), statSync(file).size])
    )
    const distTotal = Object.values(distFiles).reduce((a, b) => a + b, 0)

    // --- Table --------------------------------------------------------------------------------
    const distMs = median(sent.dist10k.map(r => r.ms))
    const distBound = sendBoundMs(distUrls)
    rows.push(
      row({
        section: 'throughput',
        scenario: `dist/index.js, ${distUrls.toLocaleString('en')} URLs (process start included)`,
        medianMs: distMs,
        reference: 'bound',
        referenceMs: distBound,
        ratio: distMs / distBound,
        target: TARGET,
        peakRssKiB: memory.dist10k
      }),
      row({
        section: 'throughput',
        scenario: `dist/index.js, ${distUrls.toLocaleString('en')} URLs vs bound + floor start`,
        medianMs: distMs,
        reference: 'bound+floor',
        referenceMs: distBound + median(sent.dist10k.map(r => r.floorMs ?? 0)),
        ratio: median(sent.dist10k.map(r => r.ms / (distBound + (r.floorMs ?? 0)))),
        target: TARGET,
        note: 'the floor run alternated with each dist run; ratio: median of the paired ratios'
      })
    )
    /** @type {Record<number, number>} */
    const perUrlUs = {}
    for (const urls of sizes) {
      const runs = sent[`inProcess${urls}`]
      const ms = median(runs.map(r => r.ms))
      const bound = sendBoundMs(urls)
      perUrlUs[urls] = (ms * 1000) / urls
      rows.push(
        row({
          section: 'throughput',
          scenario: `in process, ${urls.toLocaleString('en')} URLs`,
          medianMs: ms,
          reference: 'bound',
          referenceMs: bound,
          ratio: ms / bound,
          target: urls === 100_000 ? TARGET : undefined,
          peakRssKiB: median(runs.map(r => r.maxRssKiB ?? 0)),
          note: `${perUrlUs[urls].toFixed(1)} µs/URL, ${runs.reduce((a, r) => a + (r.retries ?? 0), 0)} retries, ${runs.length} runs`
        })
      )
    }
    rows.push(
      row({
        section: 'throughput',
        scenario: 'linearity: time per URL, 100,000 ÷ 10,000 URLs',
        ratio: perUrlUs[100_000] / perUrlUs[10_000],
        target: TARGET,
        note: `1,000 → 10,000: ${(perUrlUs[10_000] / perUrlUs[1_000]).toFixed(3)} (bound: ${(sendBoundMs(10_000) / 10 / sendBoundMs(1_000)).toFixed(3)})`
      })
    )
    /** @type {Record<number, number>} */
    const perFileUs = {}
    for (const files of mapSizes) {
      const runs = mapped[files]
      const ms = median(runs.map(r => r.ms))
      perFileUs[files] = (ms * 1000) / files
      const first = runs[0]
      rows.push(
        row({
          section: 'mapping',
          scenario: `${files.toLocaleString('en')} changed files, 50-rule url_map`,
          medianMs: ms,
          peakRssKiB: median(runs.map(r => r.maxRssKiB)),
          note: `${perFileUs[files].toFixed(2)} µs/file; deciding rule ${first.meanDecidingRule.toFixed(1)} on average; ${first.outcomes.mapped} mapped, ${first.outcomes.excluded} excluded; url_map parse ${median(runs.map(r => r.parseMs)).toFixed(1)} ms`
        })
      )
    }
    {
      // Issue 9's target: mapping stays negligible next to the GitHub API calls.
      const ms = median(samples.mapping20.map((/** @type {any} */ r) => r.ms))
      rows.push(
        row({
          section: 'mapping',
          scenario: '100,000 changed files, 20-rule url_map',
          medianMs: ms,
          reference: 'bound 500 ms',
          referenceMs: MAP_BOUND_MS,
          ratio: ms / MAP_BOUND_MS,
          target: 1,
          peakRssKiB: median(samples.mapping20.map((/** @type {any} */ r) => r.maxRssKiB)),
          note: `${((ms * 1000) / 100_000).toFixed(2)} µs/file`
        })
      )
    }
    rows.push(
      row({
        section: 'mapping',
        scenario: 'linearity: time per file, 100,000 ÷ 3,000 files',
        ratio: perFileUs[100_000] / perFileUs[3_000],
        target: TARGET
      })
    )
    {
      const engine = samples.pcre2Engine
      const of = (/** @type {string} */ key) => median(engine.map((/** @type {any} */ r) => r[key]))
      rows.push(
        row({
          section: 'pattern engine',
          scenario: 'PCRE2 module: read, compile, instantiate, first pattern (fresh process)',
          medianMs: of('loadMs'),
          note: `pcre2.wasm ${statSync(join(REPO_ROOT, 'pcre2', 'pcre2.wasm')).size.toLocaleString('en')} bytes; then a pattern compiles in ${of('compileMs').toFixed(1)} ms`
        }),
        row({
          section: 'pattern engine',
          scenario: '1,000,000 paths matched by PCRE2 (fresh process, the engine still warming up)',
          medianMs: of('matchMs'),
          peakRssKiB: of('maxRssKiB'),
          note: `${((of('matchMs') * 1000) / 1_000_000).toFixed(2)} µs/path; the 1,000,000 path strings included in the RSS`
        })
      )
    }
    // --- Verification at the edge (bench/verify.mjs) -------------------------------------------
    const verified = await runVerifySection()
    rows.push(...verified.rows)
    samples.verify = verified.samples
    const content = await runContentSection()
    rows.push(...content.rows)
    samples.content = content.samples
    // A burst of deploys (bench/deploy-burst.mjs): shown, not gated, so not in CI's section.
    const burst = await benchDeployBurst({ row, check, log })
    rows.push(...burst.rows)
    samples.burst = burst.samples

    // --- The wait for an origin that is already ready (bench/content.mjs) --------------------
    const origin = await benchOriginOverhead({
      row,
      check,
      log,
      median,
      rounds: QUICK ? 7 : 15
    })
    rows.push(...origin.rows)
    samples.origin = origin.samples

    rows.push(
      row({
        section: 'size',
        scenario: 'dist/ total',
        bytes: distTotal,
        note: Object.entries(distFiles)
          .map(([file, size]) => `${file} ${size.toLocaleString('en')}`)
          .join(', ')
      })
    )

    finish({
      startedAt,
      loadBefore,
      machine,
      rows,
      samples,
      distBytes: { total: distTotal, files: distFiles }
    })
  } finally {
    await emulator.close()
  }
}

/**
 * Writes and prints the report, and sets the exit code: 1 when a run did not do its work, or,
 * with --strict, when a row missed its target.
 * @param {{ startedAt: Date, loadBefore: number[], machine: any, rows: any[], samples: any,
 *   distBytes?: { total: number, files: Record<string, number> } }} result
 */
function finish({ startedAt, loadBefore, machine, rows, samples, distBytes }) {
  const report = {
    date: startedAt.toISOString(),
    durationS: round((Date.now() - startedAt.getTime()) / 1000),
    machine: { ...machine, loadavgBefore: loadBefore, loadavgAfter: os.loadavg() },
    settings: {
      quick: QUICK,
      gate: GATE_SIZES,
      only: ONLY ?? 'all',
      runs: RUNS,
      latencyMs: LATENCY_MS,
      batchSize: BATCH_SIZE,
      concurrency: CONCURRENCY,
      target: TARGET,
      nodeExtraCaCerts: 'unset for every child'
    },
    rows,
    ...(distBytes !== undefined && { distBytes }),
    failedChecks,
    samples
  }
  mkdirSync(dirname(RESULTS_PATH), { recursive: true })
  writeFileSync(RESULTS_PATH, `${JSON.stringify(report, null, 2)}\n`)
  printTable(report)
  console.log(`\nwritten to ${relative(process.cwd(), RESULTS_PATH) || RESULTS_PATH}`)
  if (failedChecks.length > 0) {
    console.error(`\n${failedChecks.length} check(s) failed: these figures are not valid.`)
    process.exitCode = 1
  }
  const missed = rows.filter(r => r.pass === false)
  if (STRICT && missed.length > 0) {
    console.error(
      `\n--strict: ${missed.length} target(s) missed: ${missed.map(r => r.scenario).join('; ')}`
    )
    process.exitCode = 1
  }
}

/**
 * One line of the table; `pass` is set only when there is a target.
 * @param {{ section: string, scenario: string, medianMs?: number, reference?: string,
 *   referenceMs?: number, ratio?: number, target?: number, peakRssKiB?: number,
 *   rssTargetMiB?: number, bytes?: number, note?: string }} fields
 */
function row(fields) {
  const timePass =
    fields.target === undefined || fields.ratio === undefined
      ? undefined
      : fields.ratio <= fields.target
  const memoryPass =
    fields.rssTargetMiB === undefined || fields.peakRssKiB === undefined
      ? undefined
      : fields.peakRssKiB / 1024 <= fields.rssTargetMiB
  const pass =
    timePass === undefined && memoryPass === undefined
      ? undefined
      : timePass !== false && memoryPass !== false
  return {
    section: fields.section,
    scenario: fields.scenario,
    ...(fields.medianMs !== undefined && { medianMs: round(fields.medianMs) }),
    ...(fields.reference !== undefined && { reference: fields.reference }),
    ...(fields.referenceMs !== undefined && { referenceMs: round(fields.referenceMs) }),
    ...(fields.ratio !== undefined && { ratio: round(fields.ratio, 3) }),
    ...(fields.target !== undefined && { target: `≤ ${fields.target.toFixed(2)}` }),
    ...(pass !== undefined && { pass }),
    ...(fields.peakRssKiB !== undefined && { peakRssMiB: mib(fields.peakRssKiB) }),
    ...(fields.rssTargetMiB !== undefined && { rssTarget: `< ${fields.rssTargetMiB} MiB` }),
    ...(fields.bytes !== undefined && { bytes: fields.bytes }),
    ...(fields.note !== undefined && { note: fields.note })
  }
}

/** @param {any} report */
function printTable(report) {
  const { machine } = report
  console.log(
    `\nRendering-cache purge action benchmark, ${report.date}${report.settings.quick ? ' (quick)' : ''}${report.settings.gate ? ' (gate sizes)' : ''}`
  )
  console.log(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.totalMemMiB} MiB, ${machine.platform}, Node ${machine.node}; load ${machine.loadavgBefore.map((/** @type {number} */ l) => l.toFixed(2)).join(' ')} before, ${machine.loadavgAfter.map((/** @type {number} */ l) => l.toFixed(2)).join(' ')} after; ${report.durationS} s`
  )
  console.log(
    report.settings.only === 'verify'
      ? `Runs: ${report.settings.runs.memory} of each (verification only); NODE_EXTRA_CA_CERTS unset in every child\n`
      : `Runs: cold start ${report.settings.runs.cold} rounds (alternated), throughput ${report.settings.runs.throughput} (100,000 URLs: ${report.settings.runs.throughput100k}), mapping ${report.settings.runs.mapping}; NODE_EXTRA_CA_CERTS unset in every child\n`
  )
  const header = ['scenario', 'median', 'reference', 'ratio', 'target', 'result', 'peak RSS']
  const lines = report.rows.map((/** @type {any} */ r) => [
    r.scenario,
    r.bytes !== undefined
      ? `${(r.bytes / 1024).toFixed(0)} KiB`
      : r.medianMs !== undefined
        ? `${r.medianMs.toFixed(1)} ms`
        : '',
    // A reference that is a count (requests), not a time, has no milliseconds to show.
    r.reference === undefined
      ? ''
      : r.referenceMs === undefined
        ? r.reference
        : `${r.reference} ${r.referenceMs.toFixed(1)} ms`,
    r.ratio !== undefined ? r.ratio.toFixed(3) : '',
    r.target ?? '',
    r.pass === undefined ? '' : r.pass ? 'pass' : 'MISSED',
    r.peakRssMiB !== undefined
      ? `${r.peakRssMiB.toFixed(1)} MiB${r.rssTarget ? ` (${r.rssTarget})` : ''}`
      : ''
  ])
  const widths = header.map((h, i) =>
    Math.max(h.length, ...lines.map((/** @type {string[]} */ l) => l[i].length))
  )
  const format = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  console.log(format(header))
  console.log(widths.map(w => '-'.repeat(w)).join('  '))
  let section = ''
  report.rows.forEach((/** @type {any} */ r, /** @type {number} */ i) => {
    if (r.section !== section) {
      if (section !== '') console.log('')
      section = r.section
    }
    console.log(format(lines[i]))
  })
  console.log('\nNotes:')
  for (const r of report.rows) if (r.note) console.log(`- ${r.scenario}: ${r.note}`)
}

await main()
