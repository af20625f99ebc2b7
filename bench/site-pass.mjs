/**
 * The bound of 6 in flight, measured (run by bench/verify-scale.mjs in a child process, as the
 * action runs): GETs of /p/1 … /p/<pages> on each of the given user agents, page by page, at most
 * <in flight> at once, over keep-alive connections, bodies read and thrown away: nothing but the
 * requests. Prints `{"ms": …, "requests": …}`.
 *
 * With `--rate N --limiter FILE`, each request first waits for its turn under the action's own
 * rate rule: FILE is src/verify/pace/rate-spacing.ts compiled to JavaScript (the bench does it),
 * its RateLimiter asked in order, one timer at a time, as the action's gate asks it
 * (src/verify/pace/rate-queue.ts). Then the pass is what keeping the rate costs on this machine
 * with nothing of the action's own work.
 *
 *   node bench/site-pass.mjs [--rate N --limiter FILE] <site url> <pages> <in flight> <user agent>...
 */
import { Agent, request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'

const argv = process.argv.slice(2)
/** @type {{ take(now: number): number } | undefined} */
let limiter
if (argv[0] === '--rate') {
  const [, rateText = '', , limiterFile = ''] = argv.splice(0, 4)
  const { RateLimiter } = await import(pathToFileURL(limiterFile).href)
  limiter = new RateLimiter(Number(rateText))
}
const [siteUrl = '', pagesText = '0', inFlightText = '6', ...userAgents] = argv
const pages = Number(pagesText)
const inFlight = Number(inFlightText)
const agent = new Agent({ keepAlive: true, maxSockets: inFlight })
const total = pages * userAgents.length
let next = 0

/** The turns under the rate, in the order asked: each waits for the one before it. */
let turns = Promise.resolve()
function turn() {
  const mine = turns.then(async () => {
    for (;;) {
      const wait = limiter?.take(performance.now()) ?? 0
      if (wait <= 0) return
      await sleep(wait)
    }
  })
  turns = mine
  return mine
}

async function worker() {
  while (next < total) {
    const i = next++
    if (limiter) await turn()
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
