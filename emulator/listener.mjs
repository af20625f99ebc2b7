// @ts-check
/**
 * What the API listener (server.mjs) and the public site (public-site.mjs) share: listening,
 * closing with their open connections, and answers held back on a timer.
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
