// @ts-check
/**
 * The fault suite's one implementation, shared by `__tests__/e2e/faults.test.ts` (the short CI
 * variant) and `scripts/fault-suite.mjs` (the long variant): purge many URLs through
 * dist/index.js, run as the Actions runner runs it, against the emulator while it injects
 * seeded random faults (503, 429 with Retry-After, dropped connections, answers slower than
 * timeout_seconds); then judge the run from the emulator's own state and request log, not from
 * what the action says.
 *
 * Plain JavaScript ESM with JSDoc types, Node built-ins only (plus the repository's emulator
 * and runner), so the script needs no build and the TypeScript test gets types.
 */
import { startEmulator } from '../../emulator/server.mjs'
import { emptySite } from '../../emulator/site.mjs'
import { runAction } from '../../scripts/run-action.mjs'

/** @typedef {import('../../emulator/server.mjs').Emulator} Emulator */
/** @typedef {import('../../emulator/server.mjs').RequestLogEntry} RequestLogEntry */
/** @typedef {import('../../emulator/server.mjs').FaultStats} FaultStats */
/** @typedef {import('../../scripts/run-action.mjs').RunResult} RunResult */

/** A key with characters that need URL encoding, as real keys may have. */
export const FAULT_API_KEY = 'fault-K3y/+&=%?#'

/**
 * @typedef {object} FaultScenario
 * @property {number} urls How many distinct URLs to purge.
 * @property {number} batchSize The action's batch_size.
 * @property {number} seed Seed of the emulator's fault PRNG (and part of the URLs).
 * @property {number} rate503
 * @property {number} rate429
 * @property {number} rateDrop
 * @property {number} rateSlow
 * @property {number} slowMs How late a slow answer comes; must exceed timeoutSeconds.
 * @property {number} retryAfterSeconds Sent in Retry-After on 503 and 429.
 * @property {number} timeoutSeconds The action's timeout_seconds (>= 1).
 * @property {number} maxAttempts The action's max_attempts.
 * @property {number} concurrency The action's concurrency.
 */

/** The CI variant: 2,000 URLs in batches of 10 (200 requests), about 6 % of each fault. */
/** @type {Readonly<FaultScenario>} */
export const DEFAULT_SCENARIO = Object.freeze({
  urls: 2000,
  batchSize: 10,
  seed: 20_251_122,
  rate503: 0.06,
  rate429: 0.06,
  rateDrop: 0.06,
  rateSlow: 0.06,
  slowMs: 1500,
  retryAfterSeconds: 1,
  timeoutSeconds: 1,
  maxAttempts: 10,
  concurrency: 4
})

/**
 * Distinct relative URLs the action sends unchanged (no normalization notice), some with a
 * query string, so the emulator's record can be compared with the list as given. Short, because
 * the runner hands inputs over as environment variables and Linux caps one at 128 KiB
 * (MAX_ARG_STRLEN): about 20,000 of these fit in the `urls` input.
 * @param {number} count
 * @returns {string[]}
 */
export function faultUrls(count) {
  return Array.from({ length: count }, (_, i) =>
    i % 5 === 0 ? `/q?${i.toString(36)}` : `/${i.toString(36)}`
  )
}

/** The most one input may hold: Linux's MAX_ARG_STRLEN, less room for the variable's name. */
export const MAX_INPUT_BYTES = 128 * 1024 - 64

/**
 * The URLs a logged request carried (URL purges only).
 * @param {RequestLogEntry} entry
 * @returns {string[]}
 */
function urlsOf(entry) {
  const body = /** @type {{ url?: unknown } | null} */ (entry.body)
  if (body === null || typeof body !== 'object' || !Array.isArray(body.url)) return []
  return body.url.filter(url => typeof url === 'string')
}

/**
 * Whether the emulator processed the purge of a logged request (purged entries, counted it):
 * a request with no fault or only a delay. Faults of status, drop, resultFalse and rawBody
 * stop the purge.
 * @param {RequestLogEntry} entry
 */
function processed(entry) {
  return entry.purged !== null
}

/**
 * @typedef {object} NeedlessDuplicate
 * @property {string} url
 * @property {number} count Purges of the URL the emulator counted.
 * @property {{ seq: number, fault: string | null, status: number | null }[]} requests
 *   The processed requests carrying the URL, in arrival order.
 *
 * @typedef {object} FaultReport
 * @property {number} injected Faults the emulator applied (its own count).
 * @property {Record<string, number>} byKind The emulator's count per fault kind.
 * @property {number} faultedRequests Logged requests that carry a fault kind.
 * @property {number} survived Faulted requests all of whose URLs still ended purged.
 * @property {number} lost URLs not purged in the emulator.
 * @property {string[]} lostUrls The first few of them.
 * @property {number} duplicates URLs purged more than once.
 * @property {number} neededDuplicates Duplicates explained by an answer lost to a slow fault.
 * @property {NeedlessDuplicate[]} needlessDuplicates Duplicates with no lost answer to excuse them.
 * @property {number} requests Service requests the emulator received.
 * @property {string[]} problems Everything that is wrong with the run, in words; empty when fine.
 */

/**
 * Judges a run from the emulator's state: every URL purged, every duplicate purge excused by
 * an earlier request carrying the URL that the emulator processed but answered only after the
 * client's timeout (a `slow` fault), and no other.
 * @param {object} input
 * @param {readonly string[]} input.urls The URLs the action was given.
 * @param {readonly RequestLogEntry[]} input.requests The emulator's request log (complete).
 * @param {number} input.requestCount The emulator's count of service requests.
 * @param {ReadonlyMap<string, number>} input.purgeCounts
 * @param {ReadonlySet<string>} input.purgedUrls
 * @param {FaultStats} input.faultStats
 * @param {number} input.slowMs
 * @param {number} input.timeoutMs
 * @returns {FaultReport}
 */
export function analyzeFaultRun(input) {
  const { urls, requests, requestCount, purgeCounts, purgedUrls, faultStats } = input
  /** @type {string[]} */
  const problems = []
  if (requests.length !== requestCount) {
    problems.push(
      `the emulator's request log holds ${requests.length} of ${requestCount} requests: raise maxLog`
    )
  }
  if (input.slowMs <= input.timeoutMs) {
    problems.push(
      `slowMs (${input.slowMs}) must exceed the timeout (${input.timeoutMs} ms), or slow answers are not lost`
    )
  }
  const wanted = new Set(urls)

  // Processed requests carrying each URL, in arrival order.
  /** @type {Map<string, RequestLogEntry[]>} */
  const carriers = new Map()
  let faultedRequests = 0
  for (const entry of requests) {
    if (entry.fault !== null) faultedRequests++
    if (entry.path !== '/api/v1/cache/purge') {
      problems.push(`request #${entry.seq} went to ${entry.path}, not the URL purge endpoint`)
    }
    if (!entry.apiKeyMatched) problems.push(`request #${entry.seq} did not carry the right key`)
    for (const url of urlsOf(entry)) {
      if (!wanted.has(url)) problems.push(`request #${entry.seq} carried an unknown URL ${url}`)
      if (!processed(entry)) continue
      const list = carriers.get(url) ?? []
      list.push(entry)
      carriers.set(url, list)
    }
  }
  if (faultedRequests !== faultStats.injected) {
    problems.push(
      `the log shows ${faultedRequests} faulted requests but the emulator counted ${faultStats.injected}`
    )
  }

  /** @type {string[]} */
  const lostUrls = []
  let lost = 0
  let duplicates = 0
  let neededDuplicates = 0
  /** @type {NeedlessDuplicate[]} */
  const needlessDuplicates = []
  for (const url of wanted) {
    const count = purgeCounts.get(url) ?? 0
    const carried = carriers.get(url) ?? []
    if (!purgedUrls.has(url) || count === 0) {
      lost++
      if (lostUrls.length < 10) lostUrls.push(url)
      continue
    }
    if (count !== carried.length) {
      problems.push(
        `${url}: the emulator counted ${count} purges but its log shows ${carried.length} processed requests carrying it`
      )
    }
    if (count < 2) continue
    duplicates++
    // Each purge before the last must have lost its answer: processed, then answered after
    // the client had given up (a slow fault past the timeout), so the client had to retry.
    const excused = carried.slice(0, -1).every(entry => entry.fault === 'slow')
    if (excused) {
      neededDuplicates++
    } else {
      needlessDuplicates.push({
        url,
        count,
        requests: carried.map(entry => ({
          seq: entry.seq,
          fault: entry.fault,
          status: entry.status
        }))
      })
    }
  }
  if (lost > 0) problems.push(`${lost} URL(s) not purged, e.g. ${lostUrls.slice(0, 3).join(' ')}`)
  if (needlessDuplicates.length > 0) {
    const first = needlessDuplicates[0]
    problems.push(
      `${needlessDuplicates.length} URL(s) purged more than once without a lost answer, e.g. ${JSON.stringify(first)}`
    )
  }

  // A faulted request survived when every URL it carried ended purged.
  let survived = 0
  for (const entry of requests) {
    if (entry.fault === null) continue
    const carried = urlsOf(entry)
    if (carried.length > 0 && carried.every(url => (purgeCounts.get(url) ?? 0) > 0)) survived++
  }

  return {
    injected: faultStats.injected,
    byKind: { ...faultStats.byKind },
    faultedRequests,
    survived,
    lost,
    lostUrls,
    duplicates,
    neededDuplicates,
    needlessDuplicates,
    requests: requestCount,
    problems
  }
}

/**
 * The figure line, exactly as the suite reports it.
 * @param {{ injected: number, survived: number, lost: number }} report
 */
export function figureLine(report) {
  return `faults: ${report.injected} injected, ${report.survived} survived, ${report.lost} lost`
}

/**
 * What the action itself must have said about a run that, in the emulator, purged everything.
 * @param {RunResult} run
 * @param {readonly string[]} urls
 * @returns {string[]}
 */
export function actionProblems(run, urls) {
  /** @type {string[]} */
  const problems = []
  if (run.exitCode !== 0) problems.push(`the action exited ${run.exitCode}`)
  if (run.outputs['status'] !== 'purged') {
    problems.push(`output status is ${JSON.stringify(run.outputs['status'])}, not "purged"`)
  }
  if (run.outputs['failed'] !== '[]') {
    problems.push(`output failed is ${(run.outputs['failed'] ?? '').slice(0, 300)}, not []`)
  }
  if (run.outputs['count'] !== String(urls.length)) {
    problems.push(`output count is ${run.outputs['count']}, not ${urls.length}`)
  }
  const text = [run.stdout, run.stderr, JSON.stringify(run.outputs), run.summary].join('\n')
  const shown = text
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')
  if (shown.includes(FAULT_API_KEY) || shown.includes(encodeURIComponent(FAULT_API_KEY))) {
    problems.push('the API key shows in the logs, outputs or summary')
  }
  if (/^\s+at /m.test(run.stderr) || /^\s+at /m.test(run.stdout)) {
    problems.push('a stack trace was printed')
  }
  return problems
}

/**
 * @typedef {object} FaultRunOutcome
 * @property {FaultScenario} scenario
 * @property {FaultReport} report
 * @property {string[]} problems The report's problems and the action's, together.
 * @property {string} line The figure line.
 * @property {RunResult} run
 * @property {number} durationMs
 */

/**
 * Runs one scenario end to end: a fresh emulator, dist/index.js in a child process, then the
 * analysis of the emulator's state.
 * @param {Partial<FaultScenario>} [overrides]
 * @returns {Promise<FaultRunOutcome>}
 */
export async function runFaultScenario(overrides = {}) {
  const scenario = { ...DEFAULT_SCENARIO, ...overrides }
  const urls = faultUrls(scenario.urls)
  const urlsInput = urls.join('\n')
  if (Buffer.byteLength(urlsInput) > MAX_INPUT_BYTES) {
    throw new RangeError(
      `${scenario.urls} URLs make a ${Buffer.byteLength(urlsInput)}-byte urls input; one environment variable holds at most ${MAX_INPUT_BYTES} bytes (about 20,000 URLs)`
    )
  }
  const expectedRequests = Math.ceil(scenario.urls / scenario.batchSize)
  /** @type {Emulator} */
  const emulator = await startEmulator({
    apiKey: FAULT_API_KEY,
    site: emptySite,
    maxLog: Math.max(20_000, expectedRequests * scenario.maxAttempts)
  })
  const started = performance.now()
  try {
    emulator.faults.random({
      seed: scenario.seed,
      rate503: scenario.rate503,
      rate429: scenario.rate429,
      rateDrop: scenario.rateDrop,
      rateSlow: scenario.rateSlow,
      slowMs: scenario.slowMs,
      retryAfterSeconds: scenario.retryAfterSeconds
    })
    const run = await runAction({
      inputs: {
        api_key: FAULT_API_KEY,
        base_url: emulator.url,
        urls: urlsInput,
        batch_size: String(scenario.batchSize),
        timeout_seconds: String(scenario.timeoutSeconds),
        max_attempts: String(scenario.maxAttempts),
        concurrency: String(scenario.concurrency)
      }
    })
    // Every purge happens when its request arrives, so the state is final once the action
    // exits; a slow answer still pending changes nothing.
    const report = analyzeFaultRun({
      urls,
      requests: emulator.requests,
      requestCount: emulator.requestCount,
      purgeCounts: emulator.purgeCounts,
      purgedUrls: emulator.purgedUrls,
      faultStats: emulator.faults.stats(),
      slowMs: scenario.slowMs,
      timeoutMs: scenario.timeoutSeconds * 1000
    })
    if (report.requests < expectedRequests) {
      report.problems.push(
        `the emulator received ${report.requests} requests, fewer than the ${expectedRequests} batches`
      )
    }
    return {
      scenario,
      report,
      problems: [...report.problems, ...actionProblems(run, urls)],
      line: figureLine(report),
      run,
      durationMs: performance.now() - started
    }
  } finally {
    await emulator.close()
  }
}
