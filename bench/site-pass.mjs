/**
 * The bound of 6 in flight, measured (run by bench/verify-scale.mjs in a child process, as the
 * action runs): GETs of /p/1 … /p/<pages> on each of the given user agents, page by page, at most
 * <in flight> at once, over keep-alive connections, bodies read and thrown away: nothing but the
 * requests. Prints `{"ms": …, "requests": …}`.
 *
 *   node bench/site-pass.mjs <site url> <pages> <in flight> <user agent>...
 */
import { Agent, request } from 'node:http'

const [siteUrl = '', pagesText = '0', inFlightText = '6', ...userAgents] = process.argv.slice(2)
const pages = Number(pagesText)
const inFlight = Number(inFlightText)
const agent = new Agent({ keepAlive: true, maxSockets: inFlight })
const total = pages * userAgents.length
let next = 0

async function worker() {
  while (next < total) {
    const i = next++
    const path = `/p/${Math.floor(i / userAgents.length) + 1}`
    const userAgent = userAgents[i % userAgents.length] ?? ''
    await new Promise((resolve, reject) => {
      const req = request(new URL(path, siteUrl), {
        agent,
        headers: { 'User-Agent': userAgent, Accept: 'text/html' }
      })
      req.on('response', res => res.resume().on('end', resolve))
      req.on('error', reject)
      req.end()
    })
  }
}

const started = performance.now()
await Promise.all(Array.from({ length: inFlight }, worker))
const ms = performance.now() - started
agent.destroy()
console.log(JSON.stringify({ ms, requests: total }))
