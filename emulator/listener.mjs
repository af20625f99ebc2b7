// @ts-check
/**
 * What the API listener (server.mjs), the public site (public-site.mjs) and the origin
 * (origin.mjs) share: listening, closing with their open connections, answers held back on a
 * timer, their request logs, and the faults they inject.
 */

/**
 * Listens and resolves with the port taken (useful with port 0) and the base URL.
 * @param {import('node:http').Server} server
 * @param {string} host
 * @param {number} port
 * @returns {Promise<{ port: number, url: string }>}
 */
export async function listenOn(server, host, port) {
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(undefined)
    })
  })
  const address = server.address()
  const actual = address && typeof address === 'object' ? address.port : port
  return { port: actual, url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}` }
}

/**
 * Drops the answers still held back, stops listening and closes open connections.
 * @param {import('node:http').Server} server
 * @param {Set<NodeJS.Timeout>} timers
 * @returns {Promise<void>}
 */
export function closeServer(server, timers) {
  for (const timer of timers) clearTimeout(timer)
  timers.clear()
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve()
      return
    }
    server.close(err => (err ? reject(err) : resolve()))
    server.closeAllConnections()
  })
}

/**
 * Runs `send` now, or after `delayMs` on a timer that closeServer can drop.
 * @param {Set<NodeJS.Timeout>} timers
 * @param {number} delayMs
 * @param {() => void} send
 */
export function sendLater(timers, delayMs, send) {
  if (delayMs <= 0) {
    send()
    return
  }
  const timer = setTimeout(() => {
    timers.delete(timer)
    send()
  }, delayMs)
  timers.add(timer)
}

/**
 * Appends to a log kept to about `max` entries (cut back to `max` once it is 10% over, so that a
 * long run does not pay a splice per request).
 * @template T
 * @param {T[]} log
 * @param {T} entry
 * @param {number} max
 */
export function logCapped(log, entry, max) {
  log.push(entry)
  if (log.length > max * 1.1) log.splice(0, log.length - max)
}

/**
 * The fault this request gets, if any, noted in its log entry. A dropped or reset connection is
 * carried out here: the caller then answers nothing (`'dropped'`).
 * @param {import('./faults.mjs').FaultController} faults
 * @param {import('node:http').IncomingMessage} req
 * @param {{ fault: string | null }} entry
 * @param {string} path
 * @param {string} [target]
 * @returns {import('./faults.mjs').Fault | undefined | 'dropped'}
 */
export function injectedFault(faults, req, entry, path, target) {
  const pick = faults.next(path, target)
  if (pick) entry.fault = pick.kind
  if (pick?.fault.drop || pick?.fault.reset) {
    req.socket.destroy()
    return 'dropped'
  }
  return pick?.fault
}
