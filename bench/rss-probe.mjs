/**
 * Preloaded (`NODE_OPTIONS=--import=<this file>`) into a child only in the separate memory runs
 * of bench/bench.mjs (and the end-to-end memory tests), never in a timed run: on exit it writes
 * the process's peak resident set size, process.resourceUsage().maxRSS (KiB on Linux), to the
 * file named by BENCH_RSS_FILE; and, when BENCH_CPU_FILE names one, the CPU time it used (user
 * and system, in ms: the work done, which a busy machine spreads over more wall time but does
 * not grow) to that file.
 */
import { writeFileSync } from 'node:fs'

const rssFile = process.env.BENCH_RSS_FILE
const cpuFile = process.env.BENCH_CPU_FILE
if (rssFile || cpuFile) {
  process.on('exit', () => {
    const usage = process.resourceUsage()
    if (rssFile) writeFileSync(rssFile, String(usage.maxRSS))
    if (cpuFile) writeFileSync(cpuFile, String((usage.userCPUTime + usage.systemCPUTime) / 1000))
  })
}
