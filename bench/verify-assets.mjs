/**
 * The asset checks' cost: a verify job over 1,000 pages x 2 devices whose pages share 30 assets
 * (scripts, a stylesheet, a font), with the asset checks and without, side by side in one run
 * against the same fake site (a local server, so that the row needs no emulator): the checks may
 * add at most 10% to the verification's requests and to its time, within the step's peak RSS bound.
 * At a rate of 500 requests a second, so that the time is the requests' and not the machine's load:
 * 2,000 page requests take 4 s, the 60 asset requests 0.12 s.
 */
import { createServer } from 'node:http'
import { runAction } from '../scripts/run-action.mjs'

const PAGES = 1000
const RATE = 500
const FILLER = 'x'.repeat(10 * 1024)

/** The edge's cache-date format, at `ms`. */
function cacheDate(ms) {
  return `${new Date(ms).toISOString().slice(0, 19)}.Z (GMT) (0h 0m 1s of 7d)`
}

/** Page N's HTML: the 3 assets every page shares and 1 of 27 chunks, and a third party's script. */
function pageHtml(n) {
  return `<!doctype html><html><head>
<script type="module" src="/assets/app.b1.js"></script>
<link rel="stylesheet" href="/assets/app.b1.css">
<link rel="modulepreload" href="/assets/chunk-${n % 27}.b1.js">
<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/font.b1.woff2">
<script src="https://cdn.third-party.example/widget.js"></script>
</head><body><p>${FILLER}</p></body></html>`
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
 *   withRssProbe: (run: (env: Record<string, string>) => Promise<any>) => Promise<{ result: any, kib: number | undefined }>,
 *   row: (fields: any) => any,
 *   check: (ok: boolean, what: string) => boolean, log: (text: string) => void,
 *   median: (values: number[]) => number }} context
 */
export async function benchVerifyAssets({ runs, withRssProbe, row, check, log, median }) {
  const site = await startFakeSite()
  const urls = Array.from({ length: PAGES }, (_, i) => `${site.url}/p/${i + 1}`).join('\n')
  /** @param {boolean} assets */
  const verifyOnce = async assets => {
    const { result, kib } = await withRssProbe(env =>
      runAction({
        env,
        inputs: {
          mode: 'verify',
          base_url: 'https://api.example.com',
          urls,
          site_url: site.url,
          verify: 'true',
          verify_limit: '0',
          rate: String(RATE),
          purged_at: new Date(Date.now() - 60_000).toISOString(),
          verify_assets: String(assets)
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
    const ok = check(
      result.exitCode === 0 && checked !== null && (!assets || assetLine !== null),
      `verify-assets run (assets ${assets}): exit ${result.exitCode}\n${result.stdout.slice(-2000)}`
    )
    if (!ok || checked === null) return undefined
    const pageRequests = Number(checked[1].replace(/,/g, ''))
    const assetRequests = assetLine ? Number(assetLine[1].replace(/,/g, '')) : 0
    return {
      requests: pageRequests + assetRequests,
      assetRequests,
      ms: Number(checked[2]) * 1000,
      kib
    }
  }
  try {
    log(
      `verify-assets: ${runs} run(s) of ${PAGES} pages x 2 devices sharing 30 assets, with and without the asset checks`
    )
    const without = []
    const withAssets = []
    for (let run = 0; run < runs; run++) {
      const a = await verifyOnce(false)
      const b = await verifyOnce(true)
      if (a) without.push(a)
      if (b) withAssets.push(b)
    }
    if (without.length === 0 || withAssets.length === 0)
      return { rows: [], samples: { without, withAssets } }
    const requestsRatio =
      median(withAssets.map(s => s.requests)) / median(without.map(s => s.requests))
    const baseMs = median(without.map(s => s.ms))
    const assetsMs = median(withAssets.map(s => s.ms))
    const kib = withAssets.map(s => s.kib).filter(k => k !== undefined)
    const kibWithout = without.map(s => s.kib).filter(k => k !== undefined)
    const rssWithout =
      kibWithout.length > 0
        ? `; peak RSS without them ${(median(kibWithout) / 1024).toFixed(1)} MiB`
        : ''
    check(
      median(withAssets.map(s => s.assetRequests)) === 60,
      `verify-assets: ${median(withAssets.map(s => s.assetRequests))} asset requests, not 30 assets x 2 devices`
    )
    return {
      rows: [
        row({
          section: 'verify',
          scenario: `${PAGES} pages x 2 devices sharing 30 assets: requests with the asset checks`,
          medianMs: undefined,
          reference: 'the same verification without them',
          ratio: requestsRatio,
          target: 1.1,
          note: `${median(withAssets.map(s => s.requests))} requests against ${median(without.map(s => s.requests))}`
        }),
        row({
          section: 'verify',
          scenario: `${PAGES} pages x 2 devices sharing 30 assets: time with the asset checks`,
          medianMs: assetsMs,
          reference: 'the same verification without them',
          referenceMs: baseMs,
          ratio: assetsMs / baseMs,
          target: 1.1,
          ...(kib.length > 0 && { peakRssKiB: median(kib) }),
          rssTargetMiB: 150,
          note: `rate ${RATE}/s; the verification's time as its log says it (0.1 s)${rssWithout}`
        })
      ],
      samples: { without, withAssets }
    }
  } finally {
    await site.close()
  }
}
