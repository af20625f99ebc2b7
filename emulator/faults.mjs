// @ts-check
/**
 * Fault injection: a queue of faults for the next service requests and seeded random faults
 * (mulberry32), picked per request by `FaultController.next(path)`.
 */

/**
 * A fault to inject into one service request. Fields combine where it makes sense
 * (`{status: 503, delayMs: 200}`).
 * @typedef {object} Fault
 * @property {number} [status] Answer with this status without processing the purge (body:
 *   `{"error":{"message":...}}` unless `body` is given). With `rawBody`/`resultFalse`: their status.
 * @property {object | string} [body] Body for a `status` fault (an object is sent as JSON).
 * @property {Record<string, string>} [headers] Extra response headers (`Retry-After`, `X-RateLimit-Reset`, ...).
 * @property {string} [message] Error message for `status` / `resultFalse` faults.
 * @property {number} [delayMs] Answer this much later. Alone: the purge is processed normally.
 * @property {boolean} [drop] Destroy the socket without answering; nothing is purged.
 * @property {boolean} [reset] Same as `drop` (the public site's name for it).
 * @property {boolean} [resultFalse] Answer 200 `{"result": false, ...}`; nothing is purged.
 * @property {string} [rawBody] Answer this text verbatim (status default 200); nothing is purged
 *   unless `process` is true.
 * @property {boolean} [process] With `rawBody`: process the purge before answering.
 * @property {string} [path] Only requests to this path get the fault (others skip it in the queue).
 *   On the public site it may also be the path and query exactly.
 * @property {number} [times] Enqueue this fault this many times (default 1).
 */

/**
 * Settings of random fault injection. Rates are probabilities per request (0..1), drawn in
 * this order from one seeded PRNG draw per request: 503, 429, drop, slow.
 * @typedef {object} RandomFaultOptions
 * @property {number} [seed] PRNG seed (default 1).
 * @property {number} [rate503]
 * @property {number} [rate429]
 * @property {number} [rateDrop]
 * @property {number} [rateSlow] Slow answers are processed normally and answered after `slowMs`.
 * @property {number} [slowMs] Default 2000.
 * @property {number} [retryAfterSeconds] When set, 503 and 429 answers carry `Retry-After`.
 * @property {number} [rateLimitResetMs] When set, 429 answers carry `X-RateLimit-Reset` (ms).
 * @property {string} [path] Only requests to this path draw.
 */

/**
 * @typedef {object} FaultStats
 * @property {number} injected Faults applied so far (queued and random).
 * @property {Record<string, number>} byKind Count by kind: `503`, `429` (any status), `drop`,
 *   `slow`, `delay`, `resultFalse`, `rawBody`.
 * @property {number} queued Faults still waiting in the queue.
 * @property {RandomFaultOptions | null} random The random settings in force.
 */

/**
 * The mulberry32 PRNG: a deterministic sequence of numbers in [0, 1) for a seed.
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** @param {Fault} fault */
function faultKind(fault) {
  if (fault.drop || fault.reset) return 'drop'
  if (fault.rawBody !== undefined) return 'rawBody'
  if (fault.resultFalse) return 'resultFalse'
  if (fault.status !== undefined) return String(fault.status)
  return 'delay'
}

/** Fault injection: a queue of faults for the next requests, and seeded random faults. */
export class FaultController {
  constructor() {
    /** @type {Fault[]} */
    this.queue = []
    /** @type {RandomFaultOptions | null} @private */
    this._random = null
    /** @type {(() => number) | null} @private */
    this._prng = null
    /** @private */
    this._injected = 0
    /** @type {Record<string, number>} @private */
    this._byKind = {}
  }

  /**
   * The next service requests (those matching each fault's `path`, if given) get these faults,
   * one each, in order.
   * @param {...Fault} faults
   * @returns {number} Faults queued.
   */
  enqueue(...faults) {
    for (const fault of faults) {
      if (fault === null || typeof fault !== 'object') throw new TypeError('A fault is an object')
      const times = fault.times ?? 1
      for (let k = 0; k < times; k++) this.queue.push({ ...fault })
    }
    return this.queue.length
  }

  /**
   * Turns random faults on (or off with `null`). The PRNG restarts from the seed.
   * @param {RandomFaultOptions | null} options
   */
  random(options) {
    this._random = options ? { ...options } : null
    this._prng = options ? mulberry32(options.seed ?? 1) : null
  }

  /** Empties the queue and turns random faults off (the stats are kept). */
  clear() {
    this.queue.length = 0
    this.random(null)
  }

  /** Clears the queue, random faults and stats. */
  reset() {
    this.clear()
    this._injected = 0
    this._byKind = {}
  }

  /** @returns {number} Faults waiting in the queue. */
  pending() {
    return this.queue.length
  }

  /** @returns {FaultStats} */
  stats() {
    return {
      injected: this._injected,
      byKind: { ...this._byKind },
      queued: this.queue.length,
      random: this._random ? { ...this._random } : null
    }
  }

  /**
   * Picks the fault for a request to `path`: the first matching queued fault, else a random draw.
   * @param {string} path
   * @param {string} [target] The path with its query, which a fault's `path` may name instead.
   * @returns {{ fault: Fault, kind: string } | null}
   */
  next(path, target = path) {
    const at = this.queue.findIndex(
      fault => fault.path === undefined || fault.path === path || fault.path === target
    )
    /** @type {{ fault: Fault, kind: string } | null} */
    let pick = null
    if (at >= 0) {
      const fault = /** @type {Fault} */ (this.queue.splice(at, 1)[0])
      pick = { fault, kind: faultKind(fault) }
    } else if (this._random && this._prng && (!this._random.path || this._random.path === path)) {
      pick = this._draw(this._random, this._prng())
    }
    if (pick) {
      this._injected++
      this._byKind[pick.kind] = (this._byKind[pick.kind] ?? 0) + 1
    }
    return pick
  }

  /**
   * @private
   * @param {RandomFaultOptions} r
   * @param {number} x
   * @returns {{ fault: Fault, kind: string } | null}
   */
  _draw(r, x) {
    const retry = r.retryAfterSeconds
    /** @type {Record<string, string>} */
    const headers = retry === undefined ? {} : { 'Retry-After': String(retry) }
    let edge = r.rate503 ?? 0
    if (x < edge) return { fault: { status: 503, headers }, kind: '503' }
    edge += r.rate429 ?? 0
    if (x < edge) {
      const reset = r.rateLimitResetMs
      /** @type {Record<string, string>} */
      const rl = { ...headers }
      if (reset !== undefined) rl['X-RateLimit-Reset'] = String(reset)
      return { fault: { status: 429, headers: rl }, kind: '429' }
    }
    edge += r.rateDrop ?? 0
    if (x < edge) return { fault: { drop: true }, kind: 'drop' }
    edge += r.rateSlow ?? 0
    if (x < edge) return { fault: { delayMs: r.slowMs ?? 2000 }, kind: 'slow' }
    return null
  }
}
