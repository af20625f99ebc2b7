/**
 * One in-process benchmark run, in a fresh Node process so its peak RSS is its own and its
 * start is as cold as the action's. bench/bench.mjs starts it as
 *
 *   node bench/in-process/worker.mjs '<json task>'
 *
 * with `bundle` (the ncc build of bench/in-process/entry.ts) and either
 *   { kind: 'send', baseUrl, apiKey, urls, batchSize, concurrency }  sendPlan + createHttpTransport
 *   { kind: 'map', files, rules? }                                   parseUrlMap + mapChangedFiles
 *   (rules: 20 for the 20-rule url_map of the speed target, else the 50-rule one)
 * and prints one JSON line: the timed figures, checks, and process.resourceUsage().maxRSS.
 */
import { pathToFileURL } from 'node:url'
import { changedPaths, shortUrls, URL_MAP, URL_MAP_20 } from './workload.mjs'

const task = JSON.parse(process.argv[2] ?? '{}')
const lib = await import(pathToFileURL(task.bundle).href)

/** @param {Record<string, unknown>} result */
function report(result) {
  // maxRSS is in KiB on Linux.
  process.stdout.write(
    `${JSON.stringify({ ...result, maxRssKiB: process.resourceUsage().maxRSS })}\n`
  )
}

if (task.kind === 'send') {
  const urls = shortUrls(task.urls)
  // The plan the action would build for `urls:` alone; only sendPlan is timed.
  const plan = lib.buildPlan({
    apiKey: task.apiKey,
    baseUrl: new URL(task.baseUrl),
    tags: [],
    urls,
    countries: [],
    dryRun: false,
    batchSize: task.batchSize,
    timeoutMs: 30_000,
    maxAttempts: 4,
    concurrency: task.concurrency
  })
  let retries = 0
  const started = performance.now()
  const transport = lib.createHttpTransport(lib.USER_AGENT, 30_000)
  let results
  try {
    results = await lib.sendPlan(plan.requests, transport, {
      baseUrl: new URL(task.baseUrl),
      apiKey: task.apiKey,
      timeoutMs: 30_000,
      maxAttempts: 4,
      concurrency: task.concurrency,
      observer: { onRetry: () => retries++ }
    })
  } finally {
    transport.close()
  }
  const ms = performance.now() - started
  report({
    ms,
    requests: plan.requests.length,
    purgedRequests: results.filter(r => r.outcome === 'purged').length,
    retries
  })
} else if (task.kind === 'map') {
  // As the action gets them: sorted and deduplicated (src/changed-files/github-changes.ts), and
  // parsed from JSON, so flat strings; the generator's template literals make rope strings, which
  // the first string test would copy into flat ones inside the timed region. Untimed.
  const paths = JSON.parse(JSON.stringify(changedPaths(task.files).sort()))
  const diag = new lib.Diagnostics()
  const parseStarted = performance.now()
  const map = lib.parseUrlMap(task.rules === 20 ? URL_MAP_20 : URL_MAP, diag)
  const parseMs = performance.now() - parseStarted
  if (!map) throw new Error(`url_map does not parse: ${JSON.stringify(diag.problems)}`)
  const started = performance.now()
  const mapping = lib.mapChangedFiles(map, paths)
  const ms = performance.now() - started
  const outcomes = { mapped: 0, excluded: 0, unmapped: 0 }
  let ruleIndexSum = 0
  const ruleIndexOfLine = new Map(map.rules.map((rule, index) => [rule.line, index + 1]))
  for (const file of mapping.files) {
    outcomes[file.outcome]++
    if (file.line !== undefined) ruleIndexSum += ruleIndexOfLine.get(file.line) ?? 0
  }
  report({
    ms,
    parseMs,
    rules: map.rules.length,
    files: mapping.files.length,
    outcomes,
    meanDecidingRule: ruleIndexSum / (outcomes.mapped + outcomes.excluded),
    urls: mapping.urls.length,
    tags: mapping.tags.length
  })
} else {
  throw new Error(`unknown task kind ${task.kind}`)
}
