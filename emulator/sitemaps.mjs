// @ts-check
/**
 * robots.txt and sitemaps of the public site in every format a real site publishes (sitemaps.org
 * XML, with or without Google's image/video/news/hreflang extensions; text; RSS 2.0 and Atom 1.0
 * feeds), including synthetic ones that are generated as streams (with backpressure) so a
 * million URLs or a gigabyte never sit in memory.
 */
import { Readable } from 'node:stream'

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1'
const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1'
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9'
const XHTML_NS = 'http://www.w3.org/1999/xhtml'
const ATOM_NS = 'http://www.w3.org/2005/Atom'

/** The sitemap formats the public site can publish (`sitemapFormat`). */
export const SITEMAP_FORMATS = /** @type {const} */ ([
  'xml',
  'xml-media',
  'text',
  'text-gz',
  'rss',
  'atom',
  'cross-host',
  'html-shell'
])
/** @typedef {typeof SITEMAP_FORMATS[number]} SitemapFormat */

/** How robots.txt is encoded (`robotsEncoding`); the UTF-16 ones start with their byte-order mark. */
export const ROBOTS_ENCODINGS = /** @type {const} */ ([
  'utf-8',
  'utf-8-bom',
  'utf-16le',
  'utf-16be'
])
/** @typedef {typeof ROBOTS_ENCODINGS[number]} RobotsEncoding */
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

/**
 * A `<urlset>` whose pages carry Google's extensions, as e-commerce and media sites publish
 * them: an image, a video (thumbnail, content and player URLs), a news entry and an hreflang
 * alternate each. Their URLs are on the site too, and none of them is a page.
 * @param {string} siteUrl
 * @param {string[]} paths
 * @param {string} [lastmod]
 * @returns {string}
 */
export function urlsetWithMedia(siteUrl, paths, lastmod) {
  const namespaces = `xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}" xmlns:video="${VIDEO_NS}" xmlns:news="${NEWS_NS}" xmlns:xhtml="${XHTML_NS}"`
  const items = paths.map(path => {
    const page = xmlEscape(`${siteUrl}${path}`)
    const media = (/** @type {string} */ kind, /** @type {string} */ ext) =>
      xmlEscape(`${siteUrl}/${kind}${path.replace(/[?#].*$/, '')}${ext}`)
    const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
    return `<url><loc>${page}</loc>${mod}
  <image:image><image:loc>${media('images', '.jpg')}</image:loc><image:title>${xmlEscape(path)}</image:title></image:image>
  <video:video><video:thumbnail_loc>${media('thumbs', '.jpg')}</video:thumbnail_loc><video:title>${xmlEscape(path)}</video:title><video:description>A clip</video:description><video:content_loc>${media('media', '.mp4')}</video:content_loc><video:player_loc>${media('embed', '')}</video:player_loc></video:video>
  <news:news><news:publication><news:name>Emulated</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>${xmlEscape(path)}</news:title></news:news>
  <xhtml:link rel="alternate" hreflang="de" href="${media('de', '')}"/>
</url>\n`
  })
  return `${XML_HEAD}<urlset ${namespaces}>\n${items.join('')}</urlset>\n`
}

/**
 * A text sitemap: one absolute URL a line.
 * @param {string[]} locs
 * @returns {string}
 */
export function textSitemap(locs) {
  return locs.map(loc => `${loc}\n`).join('')
}

/**
 * An RSS 2.0 feed of the pages (its channel link is the site, not a page to check).
 * @param {string} siteUrl
 * @param {string[]} locs
 * @param {string} [date] An RFC 822 date for every item.
 * @returns {string}
 */
export function rssFeed(siteUrl, locs, date) {
  const pub = date ? `<pubDate>${date}</pubDate>` : ''
  const items = locs.map(
    loc =>
      `<item><title>${xmlEscape(loc)}</title><link>${xmlEscape(loc)}</link><guid isPermaLink="true">${xmlEscape(loc)}</guid>${pub}</item>\n`
  )
  return `${XML_HEAD}<rss version="2.0"><channel><title>Emulated site</title><link>${xmlEscape(siteUrl)}/</link><description>Recent pages</description>\n${items.join('')}</channel></rss>\n`
}

/**
 * An Atom 1.0 feed of the pages: each entry has its page as the alternate link, plus an edit
 * link that is not a page; the feed's own links (self, the site) are not pages either.
 * @param {string} siteUrl
 * @param {string[]} locs
 * @param {string} [updated] An RFC 3339 date for every entry.
 * @returns {string}
 */
export function atomFeed(siteUrl, locs, updated = '2024-01-01T00:00:00Z') {
  const entries = locs.map(
    loc =>
      `<entry><title>${xmlEscape(loc)}</title><link href="${xmlEscape(loc)}"/><link rel="edit" href="${xmlEscape(loc)}?edit"/><id>${xmlEscape(loc)}</id><updated>${updated}</updated></entry>\n`
  )
  return `${XML_HEAD}<feed xmlns="${ATOM_NS}"><title>Emulated site</title><link rel="self" href="${xmlEscape(siteUrl)}/feed.atom"/><link href="${xmlEscape(siteUrl)}/"/><id>${xmlEscape(siteUrl)}/</id><updated>${updated}</updated>\n${entries.join('')}</feed>\n`
}

/**
 * The page a single-page app answers for every path, /robots.txt and /sitemap.xml included.
 * @returns {string}
 */
export function htmlShell() {
  return '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>App</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>\n'
}

/**
 * robots.txt's bytes in an encoding: UTF-8, with a byte-order mark, or UTF-16 with its mark.
 * @param {string} text
 * @param {RobotsEncoding} encoding
 * @returns {Buffer}
 */
export function encodeRobotsTxt(text, encoding) {
  if (encoding === 'utf-8') return Buffer.from(text)
  if (encoding === 'utf-8-bom')
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
  const le = Buffer.from(text, 'utf16le')
  if (encoding === 'utf-16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), le])
  const be = Buffer.alloc(le.length)
  for (let i = 0; i + 1 < le.length; i += 2) {
    be[i] = /** @type {number} */ (le[i + 1])
    be[i + 1] = /** @type {number} */ (le[i])
  }
  return Buffer.concat([Buffer.from([0xfe, 0xff]), be])
}

/** A sitemap that is not well-formed XML (an unclosed element, a stray `&`). */
export function malformedSitemap(/** @type {string} */ siteUrl) {
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n<url><loc>${siteUrl}/broken?a=1&b=2</loc>\n<url><loc>${siteUrl}/x</url>\n`
}

/**
 * Streams a `<urlset>` of `${siteUrl}/s/<n>` for n in [first, last], a batch per read; with
 * `urlChars`, each URL padded to that length (`${siteUrl}/s/<n>/xxx…`).
 * @param {string} siteUrl
 * @param {number} first
 * @param {number} last
 * @param {string} [lastmod]
 * @param {number} [urlChars]
 * @returns {Readable}
 */
export function syntheticUrlsetStream(siteUrl, first, last, lastmod, urlChars = 0) {
  // Escaped once: the numbers appended need no escaping (this loop runs a million times).
  const open = `<url><loc>${xmlEscape(`${siteUrl}/s/`)}`
  const close = `</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`
  const tail = paddingFor(`${siteUrl}/s/`, urlChars)
  return numberedStream(first, last, {
    head: `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`,
    item: n => `${open}${n}${tail(n)}${close}`,
    tail: '</urlset>\n'
  })
}

/**
 * Streams a text sitemap of `${siteUrl}/s/<n>` for n in [first, last], one a line (padded to
 * `urlChars` as the XML ones).
 * @param {string} siteUrl
 * @param {number} first
 * @param {number} last
 * @param {number} [urlChars]
 * @returns {Readable}
 */
export function syntheticTextStream(siteUrl, first, last, urlChars = 0) {
  const prefix = `${siteUrl}/s/`
  const tail = paddingFor(prefix, urlChars)
  return numberedStream(first, last, {
    head: '',
    item: n => `${prefix}${n}${tail(n)}\n`,
    tail: ''
  })
}

/**
 * What follows `<prefix><n>` to make a URL of `urlChars` characters: `/` and `x`s (nothing
 * when `urlChars` is 0 or too short). The longest padding is made once and cut per URL.
 * @param {string} prefix
 * @param {number} urlChars
 * @returns {(n: number) => string}
 */
function paddingFor(prefix, urlChars) {
  if (urlChars <= 0) return () => ''
  const longest = `/${'x'.repeat(Math.max(0, urlChars - prefix.length - 2))}`
  return n => longest.slice(0, Math.max(0, urlChars - prefix.length - String(n).length))
}

/**
 * Streams an RSS 2.0 or Atom 1.0 feed of `${siteUrl}/s/<n>` for n in [first, last], each item
 * with the fields feeds carry (title, link, guid or id, date).
 * @param {string} siteUrl
 * @param {number} first
 * @param {number} last
 * @param {'rss' | 'atom'} kind
 * @returns {Readable}
 */
export function syntheticFeedStream(siteUrl, first, last, kind) {
  const base = xmlEscape(`${siteUrl}/s/`)
  if (kind === 'rss') {
    return numberedStream(first, last, {
      head: `${XML_HEAD}<rss version="2.0"><channel><title>Synthetic</title><link>${xmlEscape(siteUrl)}/</link><description>Recent pages</description>\n`,
      item: n =>
        `<item><title>Page ${n}</title><link>${base}${n}</link><guid isPermaLink="true">${base}${n}</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>\n`,
      tail: '</channel></rss>\n'
    })
  }
  return numberedStream(first, last, {
    head: `${XML_HEAD}<feed xmlns="${ATOM_NS}"><title>Synthetic</title><link rel="self" href="${xmlEscape(siteUrl)}/synthetic/feed.atom"/><id>${xmlEscape(siteUrl)}/</id><updated>2024-01-01T00:00:00Z</updated>\n`,
    item: n =>
      `<entry><title>Page ${n}</title><link href="${base}${n}"/><link rel="edit" href="${base}${n}?edit"/><id>${base}${n}</id><updated>2024-01-01T00:00:00Z</updated></entry>\n`,
    tail: '</feed>\n'
  })
}

/**
 * A head, one item per number in [first, last] (a thousand a read), and a tail, as a stream.
 * @param {number} first
 * @param {number} last
 * @param {{ head: string, item: (n: number) => string, tail: string }} shape
 * @returns {Readable}
 */
function numberedStream(first, last, shape) {
  let n = first
  let state = 0 // 0: head, 1: items, 2: done
  return new Readable({
    read() {
      for (;;) {
        /** @type {string} */
        let chunk
        if (state === 0) {
          chunk = shape.head
          state = 1
        } else if (n <= last) {
          const parts = []
          const end = Math.min(last, n + 999)
          for (; n <= end; n++) parts.push(shape.item(n))
          chunk = parts.join('')
        } else if (state === 1) {
          chunk = shape.tail
          state = 2
        } else {
          this.push(null)
          return
        }
        if (chunk !== '' && !this.push(chunk)) return
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
