// @ts-check
/**
 * The cache model: a site's pages and tags (header tags, tag rules, folder tags) expanded into
 * cache entries keyed by (path, device, country), and the `CacheStore` the purges remove them from.
 */
import { compilePcre } from './pcre.mjs'

/** @typedef {import('./site.mjs').Site} Site */
/** @typedef {import('./site.mjs').SitePage} SitePage */

/**
 * One cached rendering: a page for one device type (and one country on Cache By Country sites).
 * @typedef {object} CacheEntry
 * @property {string} path
 * @property {string} device
 * @property {string | null} country `null` unless the site uses Cache By Country.
 * @property {string[]} tags
 */

/**
 * Folder tags of a path: `/A/B/C/page` → `folder-A`, `folder-A-f-B`, `folder-A-f-B-f-C`. The
 * last segment is the page (`/blog/` is the index page of folder `blog`); the query is ignored.
 * @param {string} path
 * @returns {string[]}
 */
export function folderTagsFor(path) {
  const q = path.indexOf('?')
  const segments = (q < 0 ? path : path.slice(0, q)).split('/').slice(1, -1).filter(Boolean)
  /** @type {string[]} */
  const tags = []
  let tag = 'folder'
  for (const [k, segment] of segments.entries()) {
    tag += k === 0 ? `-${segment}` : `-f-${segment}`
    tags.push(tag)
  }
  return tags
}

/**
 * Every tag of a page, from its header tags, the site's tag rules and its folders.
 * @param {Site} site
 * @param {SitePage} page
 * @returns {{ header: string[], rules: string[], folder: string[], all: string[] }}
 */
export function pageTags(site, page) {
  const header = (page.tags ?? []).map(t => t.trim()).filter(Boolean)
  /** @type {string[]} */
  const rules = []
  for (const rule of site.tagRules ?? []) {
    const hit =
      rule.url !== undefined
        ? rule.url === page.path
        : rule.pattern !== undefined && compilePcre(rule.pattern).regex.test(page.path)
    if (hit) rules.push(...rule.tags)
  }
  const folder = site.folderTags === false ? [] : folderTagsFor(page.path)
  return { header, rules, folder, all: [...new Set([...header, ...rules, ...folder])] }
}

/**
 * Expands a site into its cache entries.
 * @param {Site | SitePage[]} site
 * @returns {CacheEntry[]}
 */
export function expandSite(site) {
  const s = Array.isArray(site) ? { pages: site } : site
  const devices = s.devices ?? ['mobile', 'desktop']
  /** @type {CacheEntry[]} */
  const entries = []
  for (const page of s.pages) {
    if (page.cacheable === false) continue // never cached: the edge answers MISS
    const tags = pageTags(s, page).all
    const countries = s.cacheByCountry ? (page.countries ?? s.countries ?? ['US']) : [null]
    for (const device of page.devices ?? devices) {
      for (const country of countries) entries.push({ path: page.path, device, country, tags })
    }
  }
  return entries
}

/**
 * @typedef {object} CachedPage
 * @property {string} path
 * @property {string[]} tags
 * @property {Map<string, { device: string, country: string | null }>} variants
 */

/** The service's cache: entries keyed by (path, device, country), with a tag index. */
export class CacheStore {
  constructor() {
    /** @type {Map<string, CachedPage>} */
    this.pages = new Map()
    /** @type {Map<string, Set<string>>} tag → paths */
    this.tagIndex = new Map()
    this.cacheByCountry = false
    this.siteName = ''
    /** @private */
    this._size = 0
  }

  /**
   * Replaces the content with a site's entries.
   * @param {Site | SitePage[]} site
   */
  load(site) {
    this.pages.clear()
    this.tagIndex.clear()
    this._size = 0
    this.cacheByCountry = !Array.isArray(site) && site.cacheByCountry === true
    this.siteName = Array.isArray(site) ? 'custom' : (site.name ?? 'custom')
    for (const entry of expandSite(site)) this.add(entry)
  }

  /**
   * Adds one entry (a page rendered for one device and country).
   * @param {CacheEntry} entry
   */
  add(entry) {
    let page = this.pages.get(entry.path)
    if (!page) {
      page = { path: entry.path, tags: [...entry.tags], variants: new Map() }
      this.pages.set(entry.path, page)
      for (const tag of page.tags) {
        let paths = this.tagIndex.get(tag)
        if (!paths) this.tagIndex.set(tag, (paths = new Set()))
        paths.add(entry.path)
      }
    }
    const key = `${entry.device}|${entry.country ?? ''}`
    if (!page.variants.has(key)) {
      page.variants.set(key, { device: entry.device, country: entry.country })
      this._size++
    }
  }

  /** Number of cached entries. */
  get size() {
    return this._size
  }

  /**
   * Whether a page is cached (optionally: for this device and/or country).
   * @param {string} path
   * @param {{ device?: string, country?: string | null }} [filter]
   * @returns {boolean}
   */
  has(path, filter = {}) {
    return this.count(path, filter) > 0
  }

  /**
   * Number of cached entries of a page (optionally: for this device and/or country).
   * @param {string} path
   * @param {{ device?: string, country?: string | null }} [filter]
   * @returns {number}
   */
  count(path, filter = {}) {
    const page = this.pages.get(path)
    if (!page) return 0
    let count = 0
    for (const v of page.variants.values()) {
      if (filter.device !== undefined && v.device !== filter.device) continue
      if (filter.country !== undefined && v.country !== filter.country) continue
      count++
    }
    return count
  }

  /** @returns {string[]} Cached paths. */
  paths() {
    return [...this.pages.keys()]
  }

  /**
   * @param {string} path
   * @returns {string[]} The tags of a cached page (empty when not cached).
   */
  tagsOf(path) {
    return [...(this.pages.get(path)?.tags ?? [])]
  }

  /** @returns {CacheEntry[]} Every cached entry. */
  entries() {
    /** @type {CacheEntry[]} */
    const out = []
    for (const page of this.pages.values()) {
      for (const v of page.variants.values()) {
        out.push({ path: page.path, device: v.device, country: v.country, tags: [...page.tags] })
      }
    }
    return out
  }

  /**
   * Removes the entries of one page: every device; every country when `country` is null or
   * `ALL` or the site does not cache by country, else only that country's entries.
   * @param {string} path
   * @param {string | null} country
   * @returns {number} Entries removed.
   */
  remove(path, country) {
    const page = this.pages.get(path)
    if (!page) return 0
    const everyCountry = country === null || country === 'ALL' || !this.cacheByCountry
    let removed = 0
    for (const [key, v] of page.variants) {
      if (everyCountry || v.country === country) {
        page.variants.delete(key)
        removed++
      }
    }
    this._size -= removed
    if (page.variants.size === 0) {
      this.pages.delete(path)
      for (const tag of page.tags) {
        const paths = this.tagIndex.get(tag)
        paths?.delete(path)
        if (paths?.size === 0) this.tagIndex.delete(tag)
      }
    }
    return removed
  }
}
