// @ts-check
/**
 * A second host that serves the public site's sitemaps, as a CDN or a storage bucket does for
 * real sites (sitemaps.org's "cross submit": the site's robots.txt names a sitemap on another
 * host). It listens beside the public site on the same interface and another port, so its
 * URLs are on another host (`host:port`) than the site's; it logs what it is asked, headers
 * included, so a test can prove that no credential reaches it.
 */
import http from 'node:http'
import { closeServer, listenOn } from './listener.mjs'

/**
 * One request to the sitemap host.
 * @typedef {object} SitemapHostRequest
 * @property {string} method
 * @property {string} url Path and query as received.
 * @property {Record<string, string | string[] | undefined>} headers Lower-cased, as received.
 * @property {number} status
 * @property {number} at `Date.now()` at arrival.
 */

export class SitemapHost {
  /**
   * @param {(path: string, query: string) => import('./public-site.mjs').SiteAnswer | null} answer
   *   The answer for a path, or null for a 404.
   * @param {(req: http.IncomingMessage, res: http.ServerResponse, answer: import('./public-site.mjs').SiteAnswer) => void} send
   */
  constructor(answer, send) {
    /** @type {SitemapHostRequest[]} */
    this.requests = []
    this.url = ''
    /** @type {Set<NodeJS.Timeout>} @private */
    this._timers = new Set()
    this.server = http.createServer((req, res) => {
      res.on('error', () => {})
      req.on('error', () => {})
      req.resume()
      const target = req.url ?? '/'
      const q = target.indexOf('?')
      const path = q < 0 ? target : target.slice(0, q)
      const found =
        req.method === 'GET' || req.method === 'HEAD'
          ? answer(path, q < 0 ? '' : target.slice(q + 1))
          : null
      const reply = found ?? {
        status: 404,
        headers: { 'Content-Type': 'application/xml; charset=utf-8' },
        body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>\n'
      }
      this.requests.push({
        method: req.method ?? '',
        url: target,
        headers: { ...req.headers },
        status: reply.status,
        at: Date.now()
      })
      if (this.requests.length > 20_000) this.requests.splice(0, 10_000)
      send(req, res, reply)
    })
  }

  /**
   * @param {string} host
   * @returns {Promise<void>}
   */
  async listen(host) {
    this.url = (await listenOn(this.server, host, 0)).url
  }

  /** @returns {Promise<void>} */
  close() {
    return closeServer(this.server, this._timers)
  }
}
