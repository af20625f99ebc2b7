/**
 * Runs a JavaScript regular expression on paths with a deadline. A regex with nested
 * quantifiers (`(.*.*)*X`) backtracks for longer than the age of the universe on a 500-character
 * path, and a RegExp cannot be interrupted on the thread that runs it: so the matching runs on
 * a worker thread, which is terminated when the deadline passes.
 *
 * The caller stays synchronous (the pattern checks are pure functions): it blocks on
 * Atomics.wait until the worker writes its answer into shared memory. The worker is started only
 * when a pattern is first probed (most runs never probe one), kept for the next probes, and
 * dropped after a timeout. Its code is a string evaluated by the worker, so it works the same
 * from the single-file bundle (dist/index.js) as from the sources.
 */
import { Worker } from 'node:worker_threads'

/** What the worker writes in slot 0 of the shared state. */
const QUEUED = 0
const RUNNING = 1
const DONE = 2
const INVALID = 3
/** Per path, from slot 1 on. */
const MATCHED = 1
const MISSED = 2

/** Paths are matched within this long once the worker runs them; legitimate patterns take µs. */
export const DEFAULT_MATCH_DEADLINE_MS = 1500
/** A cold worker starts in ~50 ms; this only guards against a runner too busy to start one. */
const START_DEADLINE_MS = 10_000

const WORKER_CODE = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', ({ shared, source, flags, paths, stopAtFirstMiss }) => {
  const state = new Int32Array(shared)
  Atomics.store(state, 0, ${RUNNING})
  Atomics.notify(state, 0)
  let status = ${DONE}
  try {
    const regex = new RegExp(source, flags)
    for (let index = 0; index < paths.length; index++) {
      const matched = regex.test(paths[index])
      state[index + 1] = matched ? ${MATCHED} : ${MISSED}
      if (!matched && stopAtFirstMiss) break
    }
  } catch {
    status = ${INVALID}
  }
  Atomics.store(state, 0, status)
  Atomics.notify(state, 0)
})
`

export type BoundedMatch =
  /** Per path: true, false, or undefined when not tried (after the first miss, if asked). */
  | { readonly kind: 'done'; readonly matches: readonly (boolean | undefined)[] }
  /** The deadline passed: the regex backtracks catastrophically on some path. */
  | { readonly kind: 'too-slow' }
  /** JavaScript refused the regex (e.g. "Regular expression too large", raised lazily). */
  | { readonly kind: 'invalid' }

export interface BoundedMatchOptions {
  readonly deadlineMs?: number
  /** Stop at the first path that does not match (enough to say "not every path"). */
  readonly stopAtFirstMiss?: boolean
}

let worker: Worker | undefined

function matchingWorker(): Worker {
  if (!worker) {
    worker = new Worker(WORKER_CODE, { eval: true })
    // A waiting worker must not keep the action's process alive.
    worker.unref()
  }
  return worker
}

/** Which of `paths` the regex matches, decided within the deadline or not at all. */
export function matchPathsWithin(
  regex: RegExp,
  paths: readonly string[],
  options: BoundedMatchOptions = {}
): BoundedMatch {
  const shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (paths.length + 1))
  const state = new Int32Array(shared)
  const running = matchingWorker()
  running.postMessage({
    shared,
    source: regex.source,
    flags: regex.flags.replace(/[gy]/g, ''),
    paths,
    stopAtFirstMiss: options.stopAtFirstMiss ?? false
  })
  Atomics.wait(state, 0, QUEUED, START_DEADLINE_MS)
  Atomics.wait(state, 0, RUNNING, options.deadlineMs ?? DEFAULT_MATCH_DEADLINE_MS)
  const status = Atomics.load(state, 0)
  if (status === QUEUED || status === RUNNING) {
    // Busy for good: stop it, and let the next probe start a fresh one.
    void running.terminate()
    worker = undefined
    return { kind: 'too-slow' }
  }
  if (status === INVALID) return { kind: 'invalid' }
  return {
    kind: 'done',
    matches: paths.map((_, index) => {
      const result = state[index + 1]
      return result === MATCHED ? true : result === MISSED ? false : undefined
    })
  }
}
