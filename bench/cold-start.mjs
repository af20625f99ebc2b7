/**
 * The cold-start section (called by bench/bench.mjs, alone with `--only cold`): a plain dry run
 * of dist/index.js (3 URLs) against the toolkit floor (bench/floor/index.ts, bundled by ncc like
 * the action, plain and minified), the floor with the dry run's toolkit I/O (bench/floor/io.ts),
 * bare `node -e ''`, and the same dry run with a pattern. The
 * sides run in turn, round after round, each round starting with the next side, so that a drift
 * of the machine's speed falls on every side alike; each ratio is the median of the per-round
 * ratios. Then each side's peak RSS, from bench/rss-probe.mjs preloaded into its process.
 *
 * Every side gets the same environment as the action's run (only the entry differs), with a real
 * run's secrets: a 32-character key and the job's token, which the runner always passes. The
 * redactor's work grows with them, so a one-word key would flatter the action.
 */
import os from 'node:os'
import { runAction, runNode } from '../scripts/run-action.mjs'

/** A plain dry run within this of the toolkit floor, on Node 24. */
export const COLD_TARGET = 1.1
/** Within this of the floor that does the same toolkit I/O: the action's own work. */
export const COLD_IO_TARGET = 1.05
/** What loading PCRE2 and checking the pattern may add to a dry run. */
const PATTERN_COLD_BOUND_MS = 30
const PATTERN = '#^/blog/.*\\.html$#'
const API_KEY = '3f9c2a7b1e8d4c6f0a5b9e2d7c1f4a8b'
const EXPRESSIONS = { 'github.token': 'ghs_16C7e42F292c6912E7710c838347Ae178B4a' }

/**
 * @param {{ bundles: { floor: string, floorMinified: string, floorIo: string },
 *   baseUrl: string, warmup: number, rounds: number, target: number,
 *   runnerLikeEnv: (extra?: Record<string, string>) => Record<string, string>,
 *   peakRss: (run: (env: Record<string, string>) => Promise<unknown>) => Promise<number | undefined>,
 *   rotate: <T>(list: T[], by: number) => T[],
 *   row: (fields: any) => any,
 *   check: (ok: boolean, what: string) => boolean, log: (text: string) => void,
 *   median: (values: number[]) => number }} context
 */
export async function benchColdStart(context) {
  const { bundles, check, log, median, row } = context
  log(
    `cold start: ${context.warmup} warm-up + ${context.rounds} rounds of action / floor / minified floor / I/O floor / bare / pattern`
  )
  const dryRunInputs = {
    api_key: API_KEY,
    base_url: context.baseUrl,
    urls: '/\n/blog/\n/about',
    dry_run: 'true'
  }
  /** @param {string} [entry] @param {Record<string, string>} [inputs] @param {Record<string, string>} [env] */
  const run = (entry, inputs = dryRunInputs, env = {}) =>
    runAction({ entry, inputs, expressions: EXPRESSIONS, env })
  const bare = (/** @type {Record<string, string>} */ env = {}) =>
    runNode(['-e', ''], context.runnerLikeEnv(env), os.tmpdir())
  /** What the I/O floor must match: the dry run's log lines and outputs, from its last run. */
  let dryRunShape = { lines: 0, outputs: 0 }
  /** @param {{ stdout: string, outputs: Record<string, string> }} r */
  const shapeOf = r => ({
    lines: r.stdout.split('\n').filter(line => line !== '').length,
    outputs: Object.keys(r.outputs).length
  })

  /** @type {Record<string, () => Promise<number>>} */
  const sides = {
    action: async () => {
      const r = await run()
      check(
        r.exitCode === 0 && r.outputs.status === 'dry-run' && r.outputs.count === '3',
        `cold-start dry run: exit ${r.exitCode}, status ${r.outputs.status}, count ${r.outputs.count}\n${r.stdout}${r.stderr}`
      )
      dryRunShape = shapeOf(r)
      return r.durationMs
    },
    floor: async () => {
      const r = await run(bundles.floor)
      check(
        r.exitCode === 0 && r.outputs.status === 'dry-run',
        `floor: exit ${r.exitCode}, status ${r.outputs.status}\n${r.stderr}`
      )
      return r.durationMs
    },
    floorMinified: async () => {
      const r = await run(bundles.floorMinified)
      check(r.exitCode === 0, `minified floor: exit ${r.exitCode}\n${r.stderr}`)
      return r.durationMs
    },
    // Only a floor that does the dry run's toolkit I/O, line for line and output for output,
    // says how much of the gap is the action's own work.
    floorIo: async () => {
      const r = await run(bundles.floorIo)
      const shape = shapeOf(r)
      check(
        r.exitCode === 0 &&
          shape.lines === dryRunShape.lines &&
          shape.outputs === dryRunShape.outputs,
        `I/O floor: exit ${r.exitCode}, ${shape.lines} log lines and ${shape.outputs} outputs where the dry run has ${dryRunShape.lines} and ${dryRunShape.outputs}\n${r.stdout}${r.stderr}`
      )
      return r.durationMs
    },
    bare: async () => {
      const r = await bare()
      check(r.exitCode === 0, `bare node: exit ${r.exitCode}`)
      return r.durationMs
    },
    // The same dry run with a pattern: PCRE2's module loaded and the pattern checked.
    pattern: async () => {
      const r = await run(undefined, { ...dryRunInputs, pattern: PATTERN })
      check(
        r.exitCode === 0 && r.outputs.status === 'dry-run' && r.outputs.count === '4',
        `cold-start dry run with a pattern: exit ${r.exitCode}, count ${r.outputs.count}\n${r.stderr}`
      )
      return r.durationMs
    }
  }
  /** @type {Record<string, number[]>} */
  const cold = { action: [], floor: [], floorMinified: [], floorIo: [], bare: [], pattern: [] }
  for (let r = -context.warmup; r < context.rounds; r++) {
    for (const side of context.rotate(Object.keys(sides), Math.max(r, 0))) {
      const ms = await sides[side]()
      if (r >= 0) cold[side].push(ms)
    }
  }

  log('cold start: peak RSS, each side with the RSS probe preloaded')
  const { peakRss } = context
  const memory = {
    action: await peakRss(env => run(undefined, dryRunInputs, env)),
    floor: await peakRss(env => run(bundles.floor, dryRunInputs, env)),
    bare: await peakRss(env => bare(env))
  }

  const paired = (/** @type {string} */ a, /** @type {string} */ b) =>
    median(cold[a].map((ms, i) => ms / cold[b][i]))
  /** The middle half of the paired ratios: how much a single round can be trusted. */
  const spread = (/** @type {string} */ a, /** @type {string} */ b) => {
    const ratios = cold[a].map((ms, i) => ms / cold[b][i]).sort((x, y) => x - y)
    const at = (/** @type {number} */ q) => ratios[Math.round(q * (ratios.length - 1))]
    return `paired ratios p25–p75 ${at(0.25).toFixed(3)}–${at(0.75).toFixed(3)}`
  }
  const ms = {
    action: median(cold.action),
    floor: median(cold.floor),
    floorMinified: median(cold.floorMinified),
    floorIo: median(cold.floorIo),
    bare: median(cold.bare),
    pattern: median(cold.pattern)
  }
  const patternAdds = median(cold.pattern.map((each, i) => each - cold.action[i]))
  const bareMiB = memory.bare === undefined ? 'unmeasured' : (memory.bare / 1024).toFixed(1)
  const rows = [
    row({
      section: 'cold start',
      scenario: 'dist dry run (3 URLs) vs toolkit floor',
      medianMs: ms.action,
      reference: 'toolkit floor',
      referenceMs: ms.floor,
      ratio: paired('action', 'floor'),
      target: COLD_TARGET,
      peakRssKiB: memory.action,
      note: spread('action', 'floor')
    }),
    row({
      section: 'cold start',
      scenario: 'dist dry run (3 URLs) vs floor, minified alike',
      medianMs: ms.action,
      reference: 'minified floor',
      referenceMs: ms.floorMinified,
      ratio: paired('action', 'floorMinified'),
      target: context.target,
      peakRssKiB: memory.action,
      note: spread('action', 'floorMinified')
    }),
    row({
      section: 'cold start',
      scenario: "dist dry run (3 URLs) vs the floor with the dry run's toolkit I/O",
      medianMs: ms.action,
      reference: 'toolkit I/O floor',
      referenceMs: ms.floorIo,
      ratio: paired('action', 'floorIo'),
      target: COLD_IO_TARGET,
      note: `${spread('action', 'floorIo')}; the same log lines and outputs, so what is left is the action's own work`
    }),
    row({
      section: 'cold start',
      scenario: "toolkit I/O floor vs toolkit floor (a dry run's log, outputs and summary)",
      medianMs: ms.floorIo,
      reference: 'toolkit floor',
      referenceMs: ms.floor,
      ratio: paired('floorIo', 'floor'),
      note: spread('floorIo', 'floor')
    }),
    row({
      section: 'cold start',
      scenario: "dist dry run (3 URLs) vs bare node -e ''",
      medianMs: ms.action,
      reference: "node -e ''",
      referenceMs: ms.bare,
      ratio: paired('action', 'bare'),
      peakRssKiB: memory.action
    }),
    row({
      section: 'cold start',
      scenario: "toolkit floor vs bare node -e ''",
      medianMs: ms.floor,
      reference: "node -e ''",
      referenceMs: ms.bare,
      ratio: paired('floor', 'bare'),
      peakRssKiB: memory.floor,
      note: `bare node peak RSS ${bareMiB} MiB`
    }),
    row({
      section: 'cold start',
      scenario: 'dist dry run minus floor (what the action adds)',
      medianMs: median(cold.action.map((each, i) => each - cold.floor[i]))
    }),
    row({
      section: 'cold start',
      scenario: 'dist dry run with a pattern minus without (PCRE2 module, pattern checks)',
      medianMs: patternAdds,
      reference: 'target 30 ms',
      referenceMs: PATTERN_COLD_BOUND_MS,
      ratio: patternAdds / PATTERN_COLD_BOUND_MS,
      target: 1,
      note: `with a pattern ${ms.pattern.toFixed(1)} ms, without ${ms.action.toFixed(1)} ms; most of the difference is V8 optimizing PCRE2's match() in the background, which a short run waits for at exit (docs/benchmarks.md)`
    })
  ]
  return { rows, samples: { ...cold, memoryKiB: memory } }
}
