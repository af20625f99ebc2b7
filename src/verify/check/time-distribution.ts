/**
 * Times to fresh of many checks, in constant memory: a histogram of 100 ms steps up to a minute,
 * then of whole seconds up to six hours (the longest verify_timeout_seconds), and the exact
 * slowest. The median read from it is the start of its step (at most 0.1 s below the true one
 * under a minute, which is what the summary shows). A run of 300,000 checks keeps the same
 * 88 KiB as one of ten.
 */

const FINE_STEP_MS = 100
const FINE_UNTIL_MS = 60_000
const COARSE_STEP_MS = 1000
const COARSE_UNTIL_MS = 6 * 60 * 60 * 1000
const FINE_BINS = FINE_UNTIL_MS / FINE_STEP_MS
const BINS = FINE_BINS + (COARSE_UNTIL_MS - FINE_UNTIL_MS) / COARSE_STEP_MS + 1

export class TimeDistribution {
  private readonly bins = new Uint32Array(BINS)
  private total = 0
  private slowest = 0

  get count(): number {
    return this.total
  }

  add(ms: number): void {
    const value = Math.max(0, ms)
    const bin = binOf(value)
    this.bins[bin] = (this.bins[bin] ?? 0) + 1
    this.total++
    this.slowest = Math.max(this.slowest, value)
  }

  /** The slowest time added; 0 when none was. */
  get maxMs(): number {
    return this.slowest
  }

  /** The lower median (the middle time of an odd count), to one step; undefined when empty. */
  medianMs(): number | undefined {
    if (this.total === 0) return undefined
    const rank = Math.floor((this.total - 1) / 2)
    let seen = 0
    for (let bin = 0; bin < BINS; bin++) {
      seen += this.bins[bin] ?? 0
      if (seen > rank) return Math.min(this.slowest, startOf(bin))
    }
    return this.slowest
  }
}

function binOf(ms: number): number {
  if (ms < FINE_UNTIL_MS) return Math.floor(ms / FINE_STEP_MS)
  return Math.min(BINS - 1, FINE_BINS + Math.floor((ms - FINE_UNTIL_MS) / COARSE_STEP_MS))
}

function startOf(bin: number): number {
  if (bin < FINE_BINS) return bin * FINE_STEP_MS
  return FINE_UNTIL_MS + (bin - FINE_BINS) * COARSE_STEP_MS
}
