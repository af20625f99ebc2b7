/**
 * A fake site for the asset checks, on the test clock: pages that are fresh HITs referencing
 * some HTML (read as the real reader reads it), assets answered whole through the cache unless
 * a test says otherwise, and the loop's options around them.
 */
import type { Device } from '../../src/verify/devices.js'
import type { SiteHead } from '../../src/http/site-client.js'
import type { GetAsset, GetPage, PageAnswer } from '../../src/verify/check/read-page.js'
import { PageBodyReader } from '../../src/verify/render/page-body-reader.js'
import type { PurgeAssetPaths } from '../../src/verify/assets/repair-queue.js'
import type { VerifyOptions } from '../../src/verify/check/verify-pages.js'
import type { VirtualClock } from './virtual-clock.js'

export const SITE = 'https://www.example.com'
export const devices: Device[] = [
  { name: 'desktop', userAgent: 'desktop-agent' },
  { name: 'mobile', userAgent: 'mobile-agent' }
]

export function cacheDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.Z (GMT) (0h 0m 1s of 7d)`
}

export const BUNDLES = `<script type=module src="/assets/app.b1.js"></script>
<link rel=stylesheet href="/assets/app.b1.css">
<link rel=preload as=font type=font/woff2 crossorigin href="/assets/font.b1.woff2">
<script src="https://cdn.third-party.example/widget.js"></script>`

/**
 * A site whose pages are fresh HITs referencing `html` (or each page its own), read as the real
 * reader would.
 */
export function freshSite(
  clock: VirtualClock,
  html: string | ((page: URL) => string) = BUNDLES
): GetPage {
  return async (url, _agent, _timeout, _build, wanted): Promise<PageAnswer> => {
    const head: SiteHead = {
      status: 200,
      headers: {
        'content-type': 'text/html',
        'acme-kc-status': 'HIT',
        'acme-kc-date': cacheDate(clock.now() + 1000)
      }
    }
    if (wanted?.references === undefined || wanted.wanted(head) !== 'new') return head
    const reader = new PageBodyReader(url, { references: wanted.references })
    reader.push(typeof html === 'string' ? html : html(url))
    return { ...head, references: reader.end().references }
  }
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff2: 'font/woff2'
}

/** Whole answers through the cache, unless `answer` says otherwise for a URL. */
export function assets(
  clock: VirtualClock,
  asked: { url: string; agent: string; at: number }[],
  answer: (url: URL) => SiteHead | undefined = () => undefined
): GetAsset {
  return async (url, agent) => {
    asked.push({ url: url.href, agent, at: clock.now() })
    if (url.hostname !== 'www.example.com' && url.hostname !== 'static.example.com') {
      throw new Error(`asked a third party: ${url.href}`)
    }
    return (
      answer(url) ?? {
        status: 200,
        headers: {
          'content-type': TYPES[url.pathname.split('.').pop() ?? ''] ?? 'text/plain',
          'acme-kc-status': 'HIT'
        }
      }
    )
  }
}

export function pages(count: number, acceptedAt: number) {
  return Array.from({ length: count }, (_, i) => ({
    url: new URL(`${SITE}/page-${i}`),
    purgeAcceptedAt: acceptedAt
  }))
}

/** One asset's purge as a test tells it: accepted, or the service's words. */
export type RepairAsset = (path: string) => Promise<{ readonly error?: string }>

/** The batched sender the checks call, answering each path of a batch as `one` does. */
export function eachPath(one: RepairAsset): PurgeAssetPaths {
  return async paths => {
    const answers = await Promise.all(paths.map(one))
    const problem = answers.find(answer => answer.error !== undefined)?.error
    return {
      accepted: paths.filter((_, index) => answers[index]?.error === undefined),
      ...(problem !== undefined && { problem })
    }
  }
}

export function options(
  clock: VirtualClock,
  getAsset: GetAsset,
  more: Partial<VerifyOptions> & {
    pageCount: number
    /** Each asset's purge, answered one by one (batched as the checks send them). */
    repair?: RepairAsset
    /** The batches themselves, as the run's sender gets them. */
    purgeAssets?: PurgeAssetPaths
    hosts?: readonly string[]
  }
): VerifyOptions {
  const { repair, purgeAssets, hosts = [], ...rest } = more
  const purge = purgeAssets ?? (repair && eachPath(repair))
  return {
    getPage: freshSite(clock),
    clock,
    random: () => 0.5,
    devices,
    lastAcceptedAt: clock.now(),
    deadline: clock.now() + 60_000,
    requestTimeoutMs: 10_000,
    warmWindowMs: 0,
    siteLabel: `site_url ${SITE}`,
    assets: {
      scope: { siteOrigin: SITE, hosts },
      getAsset,
      ...(purge && { repair: purge })
    },
    ...rest
  }
}

export const notFoundThroughCache: SiteHead = {
  status: 404,
  headers: { 'content-type': 'text/html', 'acme-kc-status': 'HIT', 'acme-req': 'r-9' }
}
