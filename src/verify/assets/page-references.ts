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
  type AssetKind,
  type CrossOrigin
} from './asset-results.js'
import { corsMode } from './cors.js'
import type { ExtractorSink, RawReference } from './reference-extractor.js'
import { DocumentBase } from '../html/document-base.js'

/** Whose assets are checked: the site's own origin, and the hosts the user named. */
export interface AssetScope {
  /** The site's origin (`https://www.example.com`). */
  readonly siteOrigin: string
  /**
   * `asset_hosts`: host names in lower case, with a port when one was written (`:443` too); a
   * host without one is on its asset's scheme's default port only.
   */
  readonly hosts: readonly string[]
}

export interface AssetReference {
  /** Absolute, without its fragment (a fragment is never sent). */
  readonly url: string
  readonly kind: AssetKind
  /**
   * `<script type=module>`: a module script, which needs a JavaScript type and is fetched with
   * CORS. Absent for a classic script and the other kinds (a module preload is a module).
   */
  readonly module?: true
  /** The element's `crossorigin` attribute (cors.ts reads what it asks for); absent without. */
  readonly crossOrigin?: CrossOrigin
}

/**
 * Two references are one check when they share this: the URL, what the element needs of the
 * answer (its kind; a module or a classic script) and the request a browser makes (CORS or not,
 * with credentials or not). The same URL as a font and as a script, or as a classic and as a
 * module script, is two checks.
 */
export function checkKey(reference: AssetReference): string {
  const { mode, credentials } = corsMode(reference)
  const script = reference.module === true ? 'module' : 'classic'
  return `${reference.kind} ${script} ${mode} ${credentials} ${reference.url}`
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

/**
 * What the extractor finds of one page, resolved and kept, in the pass that reads the page
 * (verify/render/page-body-reader.ts, ReferenceTags over it).
 */
export class PageReferenceCollector implements ExtractorSink {
  private readonly documentBase: DocumentBase
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
    this.documentBase = new DocumentBase(pageUrl)
    this.page = `${pageUrl.origin}${pageUrl.pathname}`
  }

  /** The references read so far: all of them once the page was read to its end. */
  result(): PageReferences {
    return {
      assets: this.assets,
      otherHosts: [...this.otherHosts],
      ...(this.otherHostsLeftOut > 0 && { otherHostsLeftOut: this.otherHostsLeftOut }),
      capped: this.capped
    }
  }

  base(href: string): void {
    this.documentBase.set(href)
  }

  reference({ href, ...element }: RawReference): void {
    const url = this.documentBase.resolve(href)
    if (url === undefined) return
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
    const reference: AssetReference = { url: url.href, ...element }
    const key = checkKey(reference)
    if (this.seen.has(key)) return
    if (this.assets.length >= MAX_REFERENCES_PER_PAGE) {
      this.capped = true
      return
    }
    this.seen.add(key)
    this.assets.push(reference)
  }

  private addOtherHost(asset: string): void {
    if (this.otherHosts.size < MAX_OTHER_HOSTS_PER_PAGE) this.otherHosts.add(asset)
    else if (!this.otherHosts.has(asset)) this.otherHostsLeftOut++
  }
}

/**
 * On the site's own origin, or on a host of `asset_hosts` over https, or over the site's own
 * scheme (an http asset on an https site is mixed content, which browsers block): on the port
 * named with the host, or on its scheme's default port (443, 80) when none was.
 */
export function inScope(url: URL, scope: AssetScope): boolean {
  if (url.origin === scope.siteOrigin) return true
  if (url.protocol !== 'https:' && url.protocol !== new URL(scope.siteOrigin).protocol) return false
  const hostname = url.hostname.toLowerCase()
  // The URL parser leaves the port empty when it is the scheme's default one.
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return (
    scope.hosts.includes(`${hostname}:${port}`) ||
    (url.port === '' && scope.hosts.includes(hostname))
  )
}
