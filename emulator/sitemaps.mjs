// @ts-check
/**
 * robots.txt and sitemaps (sitemaps.org protocol) of the public site, including synthetic ones
 * that are generated as streams (with backpressure) so a million URLs or a gigabyte never sit
 * in memory.
 */
import { Readable } from 'node:stream'

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'

/**
 * Escapes text for XML content (`&` → `&amp;`, ...).
 * @param {string} text
 * @returns {string}
 */
export function xmlEscape(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/**
 * @param {string} loc
 * @param {string} [lastmod]
 */
function urlElement(loc, lastmod) {
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
  return `<url><loc>${xmlEscape(loc)}</loc>${mod}</url>\n`
}

/**
 * robots.txt with one `Sitemap:` line per absolute sitemap URL.
 * @param {string[]} sitemapUrls
 * @returns {string}
 */
export function robotsTxt(sitemapUrls) {
  return [
    'User-agent: *',
    'Disallow: /cart',
    '',
    ...sitemapUrls.map(u => `Sitemap: ${u}`),
    ''
  ].join('\n')
}

/**
 * A `<sitemapindex>` listing absolute sitemap URLs.
 * @param {string[]} sitemapUrls
 * @param {string} [lastmod]
 * @returns {string}
 */
export function sitemapIndex(sitemapUrls, lastmod) {
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
  const items = sitemapUrls.map(u => `<sitemap><loc>${xmlEscape(u)}</loc>${mod}</sitemap>\n`)
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('')}</sitemapindex>\n`
}

/**
 * A `<urlset>` of absolute page URLs.
 * @param {string[]} locs
 * @param {string} [lastmod]
 * @returns {string}
 */
export function urlset(locs, lastmod) {
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${locs.map(l => urlElement(l, lastmod)).join('')}</urlset>\n`
}

/** A sitemap that is not well-formed XML (an unclosed element, a stray `&`). */
export function malformedSitemap(/** @type {string} */ siteUrl) {
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n<url><loc>${siteUrl}/broken?a=1&b=2</loc>\n<url><loc>${siteUrl}/x</url>\n`
}

/**
 * Streams a `<urlset>` of `${siteUrl}/s/<n>` for n in [first, last], a batch per read.
 * @param {string} siteUrl
 * @param {number} first
 * @param {number} last
 * @param {string} [lastmod]
 * @returns {Readable}
 */
export function syntheticUrlsetStream(siteUrl, first, last, lastmod) {
  let n = first
  let state = 0 // 0: head, 1: urls, 2: done
  // Escaped once: the numbers appended need no escaping (this loop runs a million times).
  const open = `<url><loc>${xmlEscape(`${siteUrl}/s/`)}`
  const close = `</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`
  return new Readable({
    read() {
      for (;;) {
        /** @type {string | null} */
        let chunk
        if (state === 0) {
          chunk = `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`
          state = 1
        } else if (n <= last) {
          const parts = []
          const end = Math.min(last, n + 999)
          for (; n <= end; n++) parts.push(`${open}${n}${close}`)
          chunk = parts.join('')
        } else if (state === 1) {
          chunk = '</urlset>\n'
          state = 2
        } else {
          this.push(null)
          return
        }
        if (!this.push(chunk)) return
      }
    }
  })
}

/**
 * Streams a `<urlset>` of about `bytes` bytes (never more): URLs `${siteUrl}/h/<n>` until the
 * next one and the closing tag would not fit, then `</urlset>`. For "a 1 GB sitemap" tests.
 * @param {string} siteUrl
 * @param {number} bytes
 * @returns {Readable}
 */
export function hugeUrlsetStream(siteUrl, bytes) {
  const head = `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`
  const tail = '</urlset>\n'
  let sent = 0
  let n = 1
  let state = 0
  return new Readable({
    read() {
      for (;;) {
        /** @type {string} */
        let chunk
        if (state === 0) {
          chunk = head.slice(0, Math.max(0, bytes))
          state = 1
        } else if (state === 1) {
          const parts = []
          let size = 0
          while (size < 64 * 1024) {
            const url = urlElement(`${siteUrl}/h/${n}`)
            if (sent + size + url.length + tail.length > bytes) {
              state = 2
              break
            }
            parts.push(url)
            size += url.length
            n++
          }
          chunk = parts.join('')
        } else if (state === 2) {
          chunk = sent + tail.length <= bytes ? tail : ''
          state = 3
        } else {
          this.push(null)
          return
        }
        sent += chunk.length // ASCII only: characters are bytes
        if (chunk !== '' && !this.push(chunk)) return
      }
    }
  })
}
