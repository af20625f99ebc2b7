/**
 * One page's assets, as the asset checks take them: the extractor's references
 * (reference-extractor.ts) resolved against the page (or its `<base href>`), kept when they are
 * on the site's own origin or on a host of `asset_hosts`, counted when they are a third
 * party's (never requested), each kept once: at most MAX_REFERENCES_PER_PAGE assets, and
 * MAX_OTHER_HOSTS_PER_PAGE on other hosts, whatever the page names.
 */
import {
  MAX_OTHER_HOSTS_PER_PAGE,
  MAX_REFERENCES_PER_PAGE,
  type AssetKind
} from './asset-results.js'
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
  /**
   * The assets on other hosts (a third party's, never requested), each once: its origin and
   * path, without credentials or query (a per-page query names the same script). At most
   * MAX_OTHER_HOSTS_PER_PAGE, the first the page names.
   */
  readonly otherHosts: readonly string[]
  /**
   * References to other hosts past MAX_OTHER_HOSTS_PER_PAGE that were not kept: each counted
   * where it was read, a repeated one again (telling them apart would keep them). Absent when
   * none was left out.
   */
  readonly otherHostsLeftOut?: number
  /** More than MAX_REFERENCES_PER_PAGE assets in scope: the ones after were not kept. */
  readonly capped: boolean
}

/** Fed a page's decoded text, chunk by chunk; `end()` gives its references. */
export class PageReferenceReader {
  private readonly extractor: ReferenceExtractor
  private base: URL
  private baseSeen = false
  private readonly seen = new Set<string>()
  private readonly assets: AssetReference[] = []
  private readonly otherHosts = new Set<string>()
  private otherHostsLeftOut = 0
  private capped = false

  /** The page's origin and path. */
  private readonly page: string

  constructor(
    pageUrl: URL,
    private readonly scope: AssetScope
  ) {
    this.base = pageUrl
    this.page = `${pageUrl.origin}${pageUrl.pathname}`
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
    return {
      assets: this.assets,
      otherHosts: [...this.otherHosts],
      ...(this.otherHostsLeftOut > 0 && { otherHostsLeftOut: this.otherHostsLeftOut }),
      capped: this.capped
    }
  }

  private setBase(href: string): void {
    // Only the first <base href> counts (HTML standard: "the first base element with an href").
    if (this.baseSeen) return
    this.baseSeen = true
    // A base a browser cannot resolve against (data:, javascript:) leaves the document's URL.
    const base = parseUrl(href, this.base)
    if (base !== undefined && (base.protocol === 'https:' || base.protocol === 'http:')) {
      this.base = base
    }
  }

  private add(kind: AssetKind, href: string): void {
    const url = parseUrl(href, this.base)
    if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) return
    url.hash = ''
    // The page itself (`src="#"`, `src="?x"`: its path, whatever the query) is no asset:
    // checking it would judge, and purge, the page.
    if (`${url.origin}${url.pathname}` === this.page) return
    // A URL with credentials is one browsers refuse to load as a subresource, and one whose
    // password the reports would print: never requested, counted with the other hosts'.
    if (url.username !== '' || url.password !== '' || !inScope(url, this.scope)) {
      this.addOtherHost(`${url.origin}${url.pathname}`)
      return
    }
    // The same URL as a font and as a script is two checks: each kind has its own types.
    const key = `${kind} ${url.href}`
    if (this.seen.has(key)) return
    if (this.assets.length >= MAX_REFERENCES_PER_PAGE) {
      this.capped = true
      return
    }
    this.seen.add(key)
    this.assets.push({ url: url.href, kind })
  }

  private addOtherHost(asset: string): void {
    if (this.otherHosts.size < MAX_OTHER_HOSTS_PER_PAGE) this.otherHosts.add(asset)
    else if (!this.otherHosts.has(asset)) this.otherHostsLeftOut++
  }
}

function parseUrl(href: string, base: URL): URL | undefined {
  try {
    return new URL(href, base)
  } catch {
    return undefined
  }
}

/**
 * On the site's own origin, or on a host of `asset_hosts` (with its port, when one was named)
 * over https, or over the site's own scheme: an http asset on an https site is mixed content,
 * which browsers block.
 */
export function inScope(url: URL, scope: AssetScope): boolean {
  if (url.origin === scope.siteOrigin) return true
  if (url.protocol !== 'https:' && url.protocol !== new URL(scope.siteOrigin).protocol) return false
  const host = url.host.toLowerCase()
  return scope.hosts.includes(host) || scope.hosts.includes(url.hostname.toLowerCase())
}
