/**
 * Preloaded (`NODE_OPTIONS=--import=<this file>`) into a child only in the separate memory runs
 * of bench/bench.mjs, never in a timed run: on exit it writes the process's peak resident set
 * size, process.resourceUsage().maxRSS (KiB on Linux), and the CPU time it used (user and
 * system, in ms: the work done, which a busy machine spreads over more wall time but does not
 * grow), to the file named by BENCH_RSS_FILE, separated by a space.
 */
import { writeFileSync } from 'node:fs'

const file = process.env.BENCH_RSS_FILE
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage()
    const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000
    writeFileSync(file, `${usage.maxRSS} ${cpuMs}`)
  })
}
