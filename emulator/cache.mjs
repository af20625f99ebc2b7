// @ts-check
/**
 * The cache model: a site's pages and tags (header tags, tag rules, folder tags) expanded into
 * cache entries keyed by (path, device, country), and the `CacheStore` the purges remove them from.
 * Patterns (tag rules, pattern purges) are judged by PCRE2 10.42 itself with PHP's rules, through
 * the same module the action uses (pcre2/pcre2.mjs), so the two cannot disagree.
 */
import { compilePhpPattern } from '../pcre2/pcre2.mjs'

/** A pattern PHP refuses; the message is PHP's warning ("Unknown modifier 'z'", ...). */
export class PatternError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message)
    this.name = 'PatternError'
  }
}

/**
 * Compiled patterns by their text: the site's tag rules and the purges use few patterns, many
 * times. Beyond MAX_COMPILED the oldest is freed; callers keep the text, not the compiled
 * pattern, so a freed one is compiled again when needed.
 * @type {Map<string, import('../pcre2/pcre2.mjs').CompiledPattern>}
 */
const compiledPatterns = new Map()
const MAX_COMPILED = 256

/**
 * Checks a pattern as preg_match() would compile it.
 * @param {string} pattern a delimited pattern, as sent to the service
 * @throws {PatternError} with PHP's reason when PHP refuses it
 */
export function checkPattern(pattern) {
  compiled(pattern)
}

/**
 * preg_match()'s answer as a yes or no: a path where PHP gives up (pcre.backtrack_limit, ...)
 * is not matched, as the service does not purge it.
 * @param {string} pattern a delimited pattern, as sent to the service
 * @param {string} path
 * @returns {boolean}
 * @throws {PatternError} with PHP's reason when PHP refuses the pattern
 */
export function patternMatches(pattern, path) {
  return compiled(pattern).test(path) === 'match'
}

/** @param {string} pattern */
function compiled(pattern) {
  const known = compiledPatterns.get(pattern)
  if (known !== undefined) return known
  const result = compilePhpPattern(pattern)
  if (!result.ok) {
    throw new PatternError(
      result.stage === 'compile'
        ? `Compilation failed: ${result.message} at offset ${result.byteOffset}`
        : result.message
    )
  }
  compiledPatterns.set(pattern, result.pattern)
  if (compiledPatterns.size > MAX_COMPILED) {
    const [oldest, evicted] = compiledPatterns.entries().next().value ?? []
    if (oldest !== undefined) compiledPatterns.delete(oldest)
    evicted?.free()
  }
  return result.pattern
}

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
        : rule.pattern !== undefined && patternMatches(rule.pattern, page.path)
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
