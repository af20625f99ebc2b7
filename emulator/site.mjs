// @ts-check
/**
 * A small sample website used to seed the emulator's cache.
 *
 * Tags come from three sources, as on the real service:
 * - `pages[].tags`: the tags the customer's backend sends in its tag header;
 * - `tagRules`: tags the customer attached to a URL pattern (PCRE, with delimiters) or to
 *   one exact URL;
 * - folder tags (`folderTags: true`): `/A/B/page` gets `folder-A` and `folder-A-f-B`.
 *
 * Two variants are exported: `sampleSite` (one cache entry per page and device type) and
 * `sampleSiteByCountry` ("Cache By Country": one entry per page, device type and country).
 */

/**
 * One page of a site.
 * @typedef {object} SitePage
 * @property {string} path The path and query, exactly as the service stores it (`/a/b?x=1`).
 * @property {string[]} [tags] Tags sent by the customer's backend in the tag header.
 * @property {string[]} [devices] Device types this page is cached for (default: the site's).
 * @property {string[]} [countries] Countries this page is cached for on a Cache By Country
 *   site (default: the site's).
 * @property {boolean} [dynamic] The public edge answers `DYNAMIC` (cache not delivered, no cache date).
 * @property {boolean} [cacheable] `false`: the public edge answers `MISS` and never caches it
 *   (no cache entries are seeded either).
 * @property {string} [redirect] The public edge answers `301` with this `Location` (cached like a
 *   page: HIT / EXTRACTING with the same headers).
 * @property {string} [bypass] The public edge bypasses its cache for this page: `200 MISS` with
 *   `<Brand>-Bypass: <this reason>` (e.g. `HARD_COOKIE`), served from the origin.
 */

/**
 * Tags attached to a URL pattern (PCRE with delimiters) or to one exact URL.
 * @typedef {object} TagRule
 * @property {string} [pattern] A PCRE pattern with delimiters, e.g. `#^/blog/#`.
 * @property {string} [url] One exact URL (path and query).
 * @property {string[]} tags
 */

/**
 * A website whose rendered pages the service caches.
 * @typedef {object} Site
 * @property {string} [name]
 * @property {boolean} [cacheByCountry] Whether the site uses "Cache By Country".
 * @property {string[]} [countries] Countries pages are cached for (Cache By Country only).
 * @property {string[]} [devices] Device types pages are cached for (default mobile, desktop).
 * @property {boolean} [folderTags] Whether pages get folder tags (default true).
 * @property {TagRule[]} [tagRules] Tags by pattern or by exact URL.
 * @property {SitePage[]} pages
 */

/** Device types the sample site is cached for. */
export const DEVICES = ['mobile', 'desktop', 'bot']

/** Countries of the Cache By Country variant. */
export const COUNTRIES = ['IT', 'FR', 'US']

/** @type {Site} */
export const sampleSite = {
  name: 'sample',
  cacheByCountry: false,
  devices: ['mobile', 'desktop'],
  folderTags: true,
  tagRules: [
    { pattern: '#^/blog/#', tags: ['blog-section'] },
    { pattern: '#^/docs/guide/#', tags: ['docs-guide'] },
    { pattern: '#^/products/shoes\\?#', tags: ['catalog-shoes'] },
    { url: '/about', tags: ['company'] }
  ],
  pages: [
    { path: '/', tags: ['home'], devices: ['mobile', 'desktop', 'bot'] },
    { path: '/about', tags: ['about'] },
    { path: '/contact', tags: ['contact'] },
    { path: '/blog/', tags: ['blog', 'blog-index'], devices: ['mobile', 'desktop', 'bot'] },
    { path: '/blog/hello-world.html', tags: ['blog', 'post-1'], devices: DEVICES },
    { path: '/blog/second-post.html', tags: ['blog', 'post-2'] },
    { path: '/blog/2024/01/new-year.html', tags: ['blog', 'post-3'] },
    { path: '/docs/', tags: ['docs'] },
    { path: '/docs/guide/install', tags: ['docs', 'guide'] },
    { path: '/docs/guide/usage', tags: ['docs', 'guide'] },
    { path: '/products/', tags: ['products'] },
    { path: '/products/shoes?color=red', tags: ['product-shoes', 'color-red'] },
    { path: '/products/shoes?color=blue', tags: ['product-shoes', 'color-blue'] },
    { path: '/fr/accueil', tags: ['home-fr'] },
    { path: '/fr/blog/bonjour.html', tags: ['blog', 'post-4'] },
    { path: '/search?q=shoes', tags: [] }
  ]
}

/** The same site with "Cache By Country": pages are cached for IT, FR and US (French pages: FR only). */
/** @type {Site} */
export const sampleSiteByCountry = {
  ...sampleSite,
  name: 'sample-by-country',
  cacheByCountry: true,
  countries: COUNTRIES,
  pages: sampleSite.pages.map(page =>
    page.path.startsWith('/fr/') ? { ...page, countries: ['FR'] } : { ...page }
  )
}

/**
 * The sample site plus the public edge's special cases: a `DYNAMIC` page, a page that is not
 * cacheable (`MISS`), a query with `&` (escaped as `&amp;` in the sitemaps) and a cached
 * redirect (301).
 * @type {Site}
 */
export const edgeCaseSite = {
  ...sampleSite,
  name: 'edge-cases',
  pages: [
    ...sampleSite.pages,
    { path: '/account', tags: ['account'], dynamic: true },
    { path: '/cart', tags: ['cart'], cacheable: false },
    { path: '/search?q=shoes&page=2', tags: ['search'] },
    { path: '/old-about', tags: ['about'], redirect: '/about' }
  ]
}

/**
 * A synthetic site of `count` pages `/p/1` … `/p/<count>`, cached for desktop and mobile, each
 * tagged `page-<n>` (and `folder-p`), for benchmarks.
 * @param {number} count
 * @returns {Site}
 */
export function syntheticSite(count) {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError('count must be a whole number >= 0')
  /** @type {SitePage[]} */
  const pages = []
  for (let n = 1; n <= count; n++) pages.push({ path: `/p/${n}`, tags: [`page-${n}`] })
  return { name: `synthetic:${count}`, devices: ['desktop', 'mobile'], folderTags: true, pages }
}

/**
 * A site by name: the `sites` below, or `synthetic:<count>`.
 * @param {string} name
 * @returns {Site | undefined}
 */
export function siteByName(name) {
  const m = /^synthetic:(\d+)$/.exec(name)
  if (m) return syntheticSite(Number(m[1]))
  return sites[name]
}

/** A site with nothing cached. */
/** @type {Site} */
export const emptySite = { name: 'empty', pages: [] }

/** Sites by name, for `POST /_emulator/seed {"site": "<name>"}` and `cli.mjs --seed-site <name>`. */
/** @type {Record<string, Site>} */
export const sites = {
  sample: sampleSite,
  country: sampleSiteByCountry,
  'sample-by-country': sampleSiteByCountry,
  'edge-cases': edgeCaseSite,
  empty: emptySite
}
