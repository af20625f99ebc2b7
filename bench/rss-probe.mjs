/**
 * Preloaded (`NODE_OPTIONS=--import=<this file>`) into a child only in the separate memory runs
 * of bench/bench.mjs, never in a timed run: on exit it writes the process's peak resident set
 * size, process.resourceUsage().maxRSS (KiB on Linux), to the file named by BENCH_RSS_FILE.
 */
import { writeFileSync } from 'node:fs'

const file = process.env.BENCH_RSS_FILE
if (file) {
  process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)))
}
