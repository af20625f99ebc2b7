/**
 * What the checks of a fresh page add to its verification: a verify job over 1,000 pages x 3
 * devices whose pages share 30 assets (scripts, a stylesheet, a font) and read like real pages
 * (a title, a canonical, robots, JSON-LD, 10 KiB of text), run three ways a round, alternated,
 * against the same fake site (a local server, so that the rows need no emulator): the pages
 * alone, with the asset checks, with the render judging. Each may add at most 10% to the
 * verification's requests (the render judging none: it reads the bodies the checks read) and to
 * its time, within the step's peak RSS bound; each ratio is the median of the per-round ratios.
 * At a rate of 500 requests a second, so that the time is the requests' (3,000 page requests
 * take 6 s) rather than the machine's. The CPU time each adds (reading every fresh page's body,
 * which the pages alone throw away) is the runner's work, which the rate hides from the step's
 * time: gated here against the pages alone, since the verification at scale
 * (bench/verify-scale.mjs) times the pages alone. Targets 2.5 (the asset checks) and 3.0 (the
 * render judging): one round read 1.15 to 1.79 and 1.21 to 2.23, the higher beside busy cores;
 * a body read much more slowly misses (a page's reading five times as costly reads 3 to 7), a
 * reading twice as costly may not.
 */
import { createServer } from 'node:http'
import { runAction } from '../scripts/run-action.mjs'

const PAGES = 1000
const RATE = 500
const DEVICES = 'desktop, mobile, bot'
const FILLER = 'x'.repeat(10 * 1024)
/** The CPU time each may take against the pages alone (see above). */
const CPU_TARGETS = { assets: 2.5, renders: 3 }

/** The edge's cache-date format, at `ms`. */
function cacheDate(ms) {
  return `${new Date(ms).toISOString().slice(0, 19)}.Z (GMT) (0h 0m 1s of 7d)`
}

/**
 * Page N's HTML: the 3 assets every page shares and 1 of 27 chunks, a third party's script, and
 * what a render tells a crawler (title, robots, canonical, JSON-LD, a heading and text).
 */
function pageHtml(n) {
  return `<!doctype html><html><head>
<title>Page ${n} | Example</title>
<meta name="robots" content="index, follow">
<link rel="canonical" href="/p/${n}">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"Page ${n}"}</script>
<script type="module" src="/assets/app.b1.js"></script>
<link rel="stylesheet" href="/assets/app.b1.css">
<link rel="modulepreload" href="/assets/chunk-${n % 27}.b1.js">
<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/font.b1.woff2">
<script src="https://cdn.third-party.example/widget.js"></script>
</head><body><h1>Page ${n}</h1><p>${FILLER}</p></body></html>`
}

const TYPES = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff2: 'font/woff2'
}

/** A site behind the rendering cache: every page and asset a HIT cached now. */
async function startFakeSite() {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const now = Date.now()
    const edge = {
      'Acme-Kc-Status': 'HIT',
      'Acme-Kc-Date': cacheDate(now),
      Date: new Date(now).toUTCString()
    }
    const page = /^\/p\/(\d+)$/.exec(path)
    if (page) {
      response.writeHead(200, { ...edge, 'Content-Type': 'text/html; charset=utf-8' })
      response.end(pageHtml(Number(page[1])))
      return
    }
    const type = TYPES[path.split('.').pop() ?? '']
    if (path.startsWith('/assets/') && type) {
      response.writeHead(200, { ...edge, 'Content-Type': type })
      response.end('/* asset */')
      return
    }
    response.writeHead(404, { ...edge, 'Content-Type': 'text/html' })
    response.end('not found')
  })
  await new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise(resolve => server.close(resolve))
  }
}

/**
 * @param {{ runs: number,
 *   withRssProbe: (run: (env: Record<string, string>) => Promise<any>) => Promise<{ result: any, kib: number | undefined, cpuMs: number | undefined }>,
 *   row: (fields: any) => any,
 *   check: (ok: boolean, what: string) => boolean, log: (text: string) => void,
 *   median: (values: number[]) => number }} context
 */
export async function benchVerifyAssets({ runs, withRssProbe, row, check, log, median }) {
  const site = await startFakeSite()
  const urls = Array.from({ length: PAGES }, (_, i) => `${site.url}/p/${i + 1}`).join('\n')
  /** @param {{ assets: boolean, renders: boolean }} checks */
  const verifyOnce = async ({ assets, renders }) => {
    const { result, kib, cpuMs } = await withRssProbe(env =>
      runAction({
        env,
        inputs: {
          mode: 'verify',
          base_url: 'https://api.example.com',
          urls,
          site_url: site.url,
          verify: 'true',
          verify_limit: '0',
          devices: DEVICES,
          rate: String(RATE),
          purged_at: new Date(Date.now() - 60_000).toISOString(),
          verify_assets: String(assets),
          verify_renders: String(renders)
        }
      })
    )
    const checked =
      /Checked [\d,]+ \(page, device\) pair\(s\) with ([\d,]+) request\(s\) in ([\d.]+) s/.exec(
        result.stdout
      )
    const assetLine = / over the devices with ([\d,]+) requests?: ([\d,]+) whole/.exec(
      result.stdout
    )
    const renderLine = /Renders of the fresh pages: ([\d,]+) renders? judged.*: no problem/.exec(
      result.stdout
    )
    const ok = check(
      result.exitCode === 0 &&
        checked !== null &&
        cpuMs !== undefined &&
        (!assets || assetLine !== null) &&
        (!renders || renderLine !== null),
      `verify-assets run (assets ${assets}, renders ${renders}): exit ${result.exitCode}\n${result.stdout.slice(-2000)}`
    )
    if (!ok || checked === null || cpuMs === undefined) return undefined
    const pageRequests = Number(checked[1].replace(/,/g, ''))
    const assetRequests = assetLine ? Number(assetLine[1].replace(/,/g, '')) : 0
    return {
      requests: pageRequests + assetRequests,
      assetRequests,
      rendersJudged: renderLine ? Number(renderLine[1].replace(/,/g, '')) : 0,
      ms: Number(checked[2]) * 1000,
      cpuMs,
      kib
    }
  }
  try {
    log(
      `verify-assets: ${runs} round(s) of ${PAGES} pages x 3 devices sharing 30 assets: the pages alone, with the asset checks, with the render judging`
    )
    /** @type {{ pages: any, assets: any, renders: any }[]} */
    const rounds = []
    for (let round = 0; round < runs; round++) {
      const pages = await verifyOnce({ assets: false, renders: false })
      const assets = await verifyOnce({ assets: true, renders: false })
      const renders = await verifyOnce({ assets: false, renders: true })
      if (pages && assets && renders) rounds.push({ pages, assets, renders })
    }
    if (rounds.length === 0) return { rows: [], samples: { rounds } }
    /** The median of the per-round ratios of `field`, with checks `kind` to the pages alone. */
    const ratio = (
      /** @type {'assets' | 'renders'} */ kind,
      /** @type {'requests' | 'ms' | 'cpuMs'} */ field
    ) => median(rounds.map(round => round[kind][field] / round.pages[field]))
    const of = (/** @type {'pages' | 'assets' | 'renders'} */ kind, /** @type {string} */ field) =>
      median(rounds.map(round => round[kind][field]))
    check(
      of('assets', 'assetRequests') === 90,
      `verify-assets: ${of('assets', 'assetRequests')} asset requests, not 30 assets x 3 devices`
    )
    check(
      of('renders', 'rendersJudged') === PAGES * 3,
      `verify-assets: ${of('renders', 'rendersJudged')} renders judged, not ${PAGES} pages x 3 devices`
    )
    const rss = (/** @type {'pages' | 'assets' | 'renders'} */ kind) => {
      const kib = rounds.map(round => round[kind].kib).filter(k => k !== undefined)
      return kib.length > 0 ? median(kib) : undefined
    }
    const pagesRss = rss('pages')
    const without =
      pagesRss === undefined
        ? ''
        : `; peak RSS of the pages alone ${(pagesRss / 1024).toFixed(1)} MiB`
    const rows = []
    for (const [kind, words] of /** @type {const} */ ([
      ['assets', 'with the asset checks'],
      ['renders', 'with the render judging']
    ])) {
      const scenario = `${PAGES} pages x 3 devices sharing 30 assets: ${words}`
      rows.push(
        row({
          section: 'verify',
          scenario: `${scenario}: requests`,
          medianMs: undefined,
          reference: 'the same verification of the pages alone',
          ratio: ratio(kind, 'requests'),
          // The render judging reads the bodies the checks read: not one request more.
          target: kind === 'renders' ? 1 : 1.1,
          note: `${of(kind, 'requests')} requests against ${of('pages', 'requests')}`
        }),
        row({
          section: 'verify',
          scenario: `${scenario}: time`,
          medianMs: of(kind, 'ms'),
          reference: 'the same verification of the pages alone',
          referenceMs: of('pages', 'ms'),
          ratio: ratio(kind, 'ms'),
          target: 1.1,
          ...(rss(kind) !== undefined && { peakRssKiB: rss(kind) }),
          rssTargetMiB: 150,
          note: `rate ${RATE}/s; the verification's time as its log says it (0.1 s)${without}`
        }),
        row({
          section: 'verify',
          scenario: `${scenario}: CPU time`,
          medianMs: of(kind, 'cpuMs'),
          reference: 'the same verification of the pages alone',
          referenceMs: of('pages', 'cpuMs'),
          ratio: ratio(kind, 'cpuMs'),
          target: CPU_TARGETS[kind],
          note: "the action's CPU time (user and system): every fresh page's body read"
        })
      )
    }
    return { rows, samples: { rounds } }
  } finally {
    await site.close()
  }
}
