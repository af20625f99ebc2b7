/**
 * One page's assets, as the asset checks take them: the extractor's references
 * (reference-extractor.ts) resolved against the page (or its `<base href>`), kept when they are
 * on the site's own origin or on a host of `asset_hosts`, counted when they are a third
 * party's (never requested), each kept once, at most MAX_REFERENCES_PER_PAGE.
 */
import type { AssetKind } from './asset-results.js'
import { ReferenceExtractor } from './reference-extractor.js'

/** Whose assets are checked: the site's own origin, and the hosts the user named. */
export interface AssetScope {
  /** The site's origin (`https://www.example.com`). */
  readonly siteOrigin: string
  /** `asset_hosts`: host names in lower case, with a port when one was given. */
  readonly hosts: readonly string[]
}

export interface AssetReference {
  /** Absolute, without its fragment (a fragment is never sent). */
  readonly url: string
  readonly kind: AssetKind
}

export interface PageReferences {
  readonly assets: readonly AssetReference[]
  /** References to other hosts: a third party's, counted and never requested. */
  readonly otherHosts: number
  /** More than MAX_REFERENCES_PER_PAGE assets in scope: the ones after were not kept. */
  readonly capped: boolean
}

/** A page with more assets is cut here: what bounds one page's share of the checks. */
export const MAX_REFERENCES_PER_PAGE = 200

/** Fed a page's decoded text, chunk by chunk; `end()` gives its references. */
export class PageReferenceReader {
  private readonly extractor: ReferenceExtractor
  private base: URL
  private baseSeen = false
  private readonly seen = new Set<string>()
  private readonly assets: AssetReference[] = []
  private otherHosts = 0
  private capped = false

  constructor(
    pageUrl: URL,
    private readonly scope: AssetScope
  ) {
    this.base = pageUrl
    this.extractor = new ReferenceExtractor({
      base: href => this.setBase(href),
      reference: ({ kind, href }) => this.add(kind, href)
    })
  }

  push(chunk: string): void {
    this.extractor.push(chunk)
  }

  end(): PageReferences {
    this.extractor.end()
    return { assets: this.assets, otherHosts: this.otherHosts, capped: this.capped }
  }

  private setBase(href: string): void {
    // Only the first <base href> counts (HTML standard: "the first base element with an href").
    if (this.baseSeen) return
    this.baseSeen = true
    const base = parseUrl(href, this.base)
    if (base !== undefined) this.base = base
  }

  private add(kind: AssetKind, href: string): void {
    const url = parseUrl(href, this.base)
    if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) return
    url.hash = ''
    if (!inScope(url, this.scope)) {
      this.otherHosts++
      return
    }
    if (this.seen.has(url.href)) return
    if (this.assets.length >= MAX_REFERENCES_PER_PAGE) {
      this.capped = true
      return
    }
    this.seen.add(url.href)
    this.assets.push({ url: url.href, kind })
  }
}

function parseUrl(href: string, base: URL): URL | undefined {
  try {
    return new URL(href, base)
  } catch {
    return undefined
  }
}

/** On the site's own origin, or on a host of `asset_hosts` (with its port, when one was named). */
export function inScope(url: URL, scope: AssetScope): boolean {
  if (url.origin === scope.siteOrigin) return true
  const host = url.host.toLowerCase()
  return scope.hosts.includes(host) || scope.hosts.includes(url.hostname.toLowerCase())
}
