#!/usr/bin/env node
// @ts-check
/**
 * Runs the purge-service emulator until SIGINT or SIGTERM.
 *
 *   node emulator/cli.mjs [--port N] [--host 127.0.0.1] [--api-key KEY] [--latency-ms N]
 *                         [--seed-site [sample|country|empty|FILE.json]] [--brand NAME]
 *                         [--require-country] [--verbose]
 *                         [--site-port N] [--propagation-ms N] [--propagation-jitter-ms N]
 *                         [--render-ms N] [--clock-skew-ms N] [... see USAGE]
 *
 * Prints `emulator listening on http://HOST:PORT` to stdout, then, with `--site-port`,
 * `site listening on http://HOST:PORT`, then, with `--origin-port`, `origin listening on
 * http://HOST:PORT`; anything else (errors, `--verbose` request lines) goes
 * to stderr. Without `--seed-site` the cache is empty; `--seed-site` alone seeds the sample site.
 */
import { readFileSync } from 'node:fs'
import { KC_DATE_FRACTIONS } from './edge.mjs'
import {
  ASSET_FAULTS,
  BUILD_AT,
  PAGE_ENCODINGS,
  checkRenderFault,
  parseRenderFaultFlag,
  startEmulator
} from './server.mjs'
import { siteByName, emptySite } from './site.mjs'
import { ROBOTS_ENCODINGS, SITEMAP_FORMATS } from './sitemaps.mjs'

/**
 * The asset faults a flag can set, at start: `asset-redirect` needs its `to`, and
 * `old-assets-deleted` a deploy before it, which only the control API can give.
 */
const FLAG_ASSET_FAULTS = ASSET_FAULTS.filter(
  fault => fault !== 'asset-redirect' && fault !== 'old-assets-deleted'
)

const USAGE = `usage: node emulator/cli.mjs [--port N] [--host 127.0.0.1] [--api-key KEY] [--latency-ms N]
                          [--seed-site [sample|country|edge-cases|empty|synthetic:N|FILE.json]]
                          [--brand NAME] [--require-country] [--verbose]
       public site:       [--site-port N] [--propagation-ms N] [--propagation-jitter-ms N]
                          [--propagation-seed N] [--render-ms N] [--clock-skew-ms N (may be < 0)]
                          [--seed-age-ms N] [--kc-date-fraction empty|ms|none] [--no-site-headers]
                          [--no-robots] [--no-sitemap] [--sitemap-malformed]
                          [--sitemap-foreign-url URL]... [--synthetic-sitemap URLS[:FILES[:gz|plain[:CHARS]]]]
                          [--page-bytes N] [--page-encoding gzip|br|deflate|identity]
                          [--build-at head|end] [--compress-always]
                          [--sitemap-format xml|xml-media|text|text-gz|rss|atom|cross-host|html-shell]
                          [--robots-encoding utf-8|utf-8-bom|utf-16le|utf-16be]
       origin:            [--origin-port N] [--build ID]
       assets:            [--no-assets] [--asset-chunks N]
                          [--asset-fault asset-cached-404|html-fallback]...
       renders:           [--render-fault KIND[,device=DEVICE][,prefix=/PATH][,page=/PATH]...]...
                          KIND: blank|shell|soft-404|noindex|x-robots-tag|staging-canonical|
                                broken-json-ld|blank-once; DEVICE: desktop|mobile|tablet|bot`

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`${message}\n${USAGE}\n`)
  process.exit(2)
}

/**
 * Why the emulator could not start, in one line naming the flag to change.
 * @param {unknown} error
 * @param {import('./server.mjs').StartOptions} options
 */
function startFailure(error, options) {
  const err = /** @type {NodeJS.ErrnoException & { port?: number, address?: string }} */ (error)
  const host = err.address ?? options.host ?? '127.0.0.1'
  const flag =
    [
      ['--port', options.port],
      ['--site-port', options.sitePort],
      ['--origin-port', options.originPort]
    ].find(([, port]) => port === err.port)?.[0] ?? '--port'
  if (err.code === 'EADDRINUSE') {
    return `emulator: port ${err.port} on ${host} is already in use (${flag}); choose another with ${flag} N, or ${flag} 0 for any free port.`
  }
  if (err.code === 'EACCES') {
    return `emulator: not allowed to listen on port ${err.port} on ${host} (${flag}); choose a port above 1023 with ${flag} N, or ${flag} 0 for any free port.`
  }
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
    return `emulator: cannot listen on ${host}: no such address here; choose another with --host (127.0.0.1 by default).`
  }
  return `emulator: could not start: ${err.message ?? String(error)}`
}

/**
 * The `--render-fault` values given, checked against the site they will apply to (known only
 * once every flag is read: `--seed-site` may come after them).
 * @param {{ flag: string, value: string }[]} given
 * @param {import('./site.mjs').Site | import('./site.mjs').SitePage[]} site
 * @returns {import('./server.mjs').RenderFaultSpec[]}
 */
function renderFaults(given, site) {
  const paths = (Array.isArray(site) ? site : site.pages).map(page => page.path)
  return given.map(({ flag, value }) => {
    try {
      return checkRenderFault(parseRenderFaultFlag(value), paths)
    } catch (err) {
      return fail(`${flag} ${value}: ${err instanceof Error ? err.message : String(err)}`)
    }
  })
}

/**
 * @param {string[]} argv
 */
function parse(argv) {
  /** @type {import('./server.mjs').StartOptions & { verbose: boolean, assetFaults: string[] }} */
  const options = { site: emptySite, verbose: false, assetFaults: [] }
  /** @type {{ flag: string, value: string }[]} */
  const renderFaultFlags = []
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k] ?? ''
    const eq = arg.indexOf('=')
    const name = eq > 0 ? arg.slice(0, eq) : arg
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined
    const value = () => {
      if (inline !== undefined) return inline
      const next = argv[k + 1]
      if (next === undefined || next.startsWith('--')) fail(`${name} needs a value`)
      k++
      return next
    }
    /** @param {string} v */
    const number = v => {
      const n = Number(v)
      if (!Number.isInteger(n) || n < 0) fail(`${name} must be a whole number >= 0`)
      return n
    }
    /** @param {string} v */
    const signed = v => {
      const n = Number(v)
      if (!Number.isInteger(n)) fail(`${name} must be a whole number`)
      return n
    }
    switch (name) {
      case '--site-port':
        options.sitePort = number(value())
        break
      case '--propagation-ms':
        options.propagationMs = number(value())
        break
      case '--propagation-jitter-ms':
        options.propagationJitterMs = number(value())
        break
      case '--propagation-seed':
        options.propagationSeed = number(value())
        break
      case '--render-ms':
        options.renderMs = number(value())
        break
      case '--clock-skew-ms':
        options.clockSkewMs = signed(value())
        break
      case '--seed-age-ms':
        options.seedAgeMs = number(value())
        break
      case '--kc-date-fraction': {
        const v = value()
        if (!KC_DATE_FRACTIONS.includes(v)) fail(`${name} must be empty, ms or none`)
        options.kcDateFraction = /** @type {import('./edge.mjs').KcDateFraction} */ (v)
        break
      }
      case '--no-site-headers':
        options.siteHeaders = false
        break
      case '--no-robots':
        options.robotsTxt = false
        break
      case '--no-sitemap':
        options.sitemaps = false
        break
      case '--sitemap-malformed':
        options.sitemapMalformed = true
        break
      case '--sitemap-foreign-url':
        options.sitemapForeignUrls = [...(options.sitemapForeignUrls ?? []), value()]
        break
      case '--sitemap-format': {
        const format = value()
        const known = SITEMAP_FORMATS.find(item => item === format)
        if (known === undefined) fail(`${name}: must be one of ${SITEMAP_FORMATS.join(', ')}`)
        options.sitemapFormat = known
        break
      }
      case '--robots-encoding': {
        const encoding = value()
        const known = ROBOTS_ENCODINGS.find(item => item === encoding)
        if (known === undefined) fail(`${name}: must be one of ${ROBOTS_ENCODINGS.join(', ')}`)
        options.robotsEncoding = known
        break
      }
      case '--synthetic-sitemap': {
        const [urls, files, kind, chars] = value().split(':')
        if (kind !== undefined && kind !== 'gz' && kind !== 'plain') {
          fail(`${name}: the third part must be gz or plain`)
        }
        options.syntheticSitemap = {
          urls: number(urls ?? ''),
          files: files === undefined ? 20 : number(files),
          gzip: kind !== 'plain',
          ...(chars !== undefined && { urlChars: number(chars) })
        }
        break
      }
      case '--origin-port':
        options.originPort = number(value())
        break
      case '--build':
        options.build = value()
        if (!/^[\x21-\x7e]{1,200}$/.test(options.build)) {
          fail(`${name} must be 1 to 200 printable characters without spaces`)
        }
        break
      case '--no-assets':
        options.assets = false
        break
      case '--asset-chunks':
        options.assetChunks = number(value())
        if (options.assetChunks > 1000) fail(`${name} must be at most 1000`)
        break
      case '--asset-fault': {
        const v = value()
        if (v === 'old-assets-deleted') {
          fail(
            `${name} old-assets-deleted needs a deploy before it, and the emulator starts with none: set it after a deploy, with POST /_emulator/assets/faults`
          )
        }
        if (!FLAG_ASSET_FAULTS.includes(v)) {
          fail(`${name} must be one of ${FLAG_ASSET_FAULTS.join(', ')}`)
        }
        options.assetFaults.push(v)
        break
      }
      case '--render-fault':
        renderFaultFlags.push({ flag: name, value: value() })
        break
      case '--page-bytes':
        options.pageBytes = number(value())
        break
      case '--compress-always':
        options.compressAlways = true
        break
      case '--build-at': {
        const v = value()
        if (!BUILD_AT.includes(v)) fail(`${name} must be ${BUILD_AT.join(' or ')}`)
        options.buildAt = /** @type {import('./origin.mjs').BuildAt} */ (v)
        break
      }
      case '--page-encoding': {
        const v = value()
        if (!PAGE_ENCODINGS.includes(v)) fail(`${name} must be ${PAGE_ENCODINGS.join(', ')}`)
        options.pageEncoding = /** @type {import('./public-site.mjs').PageEncoding} */ (v)
        break
      }
      case '--port':
        options.port = number(value())
        break
      case '--host':
        options.host = value()
        break
      case '--api-key':
        options.apiKey = value()
        break
      case '--latency-ms':
        options.latencyMs = number(value())
        break
      case '--brand':
        options.brand = value()
        break
      case '--require-country':
        options.requireCountry = true
        break
      case '--verbose':
        options.verbose = true
        break
      case '--seed-site': {
        let which = inline
        const next = argv[k + 1]
        if (which === undefined && next !== undefined && !next.startsWith('--')) {
          which = next
          k++
        }
        which ??= 'sample'
        const named = siteByName(which)
        if (named) options.site = named
        else {
          try {
            options.site = JSON.parse(readFileSync(which, 'utf8'))
          } catch (err) {
            fail(`--seed-site: '${which}' is not a known site nor a readable JSON file: ${err}`)
          }
        }
        break
      }
      case '--help':
      case '-h':
        process.stdout.write(`${USAGE}\n`)
        process.exit(0)
        break
      default:
        fail(`unknown argument ${arg}`)
    }
  }
  // Two listeners on one port: the second would fail as "in use" by the first, and the
  // message would blame whichever flag it found first. Say what is wrong instead.
  const given = /** @type {[string, number | undefined][]} */ ([
    ['--port', options.port],
    ['--site-port', options.sitePort],
    ['--origin-port', options.originPort]
  ]).filter(([, port]) => port !== undefined && port !== 0)
  for (const [index, [flag, port]] of given.entries()) {
    const same = given.slice(index + 1).find(([, other]) => other === port)
    if (same !== undefined) {
      fail(
        `${flag} and ${same[0]} are both ${port}: each listener needs its own port (or 0 for any free port)`
      )
    }
  }
  options.renderFaults = renderFaults(renderFaultFlags, options.site ?? emptySite)
  return options
}

const { verbose, assetFaults, ...options } = parse(process.argv.slice(2))
const emulator = await startEmulator(options).catch(error => {
  // One line that says what to change, not a stack trace: the usual cause is a port in use.
  process.stderr.write(`${startFailure(error, options)}\n`)
  process.exit(1)
})
// About the build it starts with (there is no deploy yet).
for (const fault of assetFaults) emulator.assetFault(fault)
if (verbose) {
  for (const [server, what] of /** @type {const} */ ([
    [emulator.server, 'api'],
    [emulator.publicSite.server, 'site'],
    [emulator.originSite.server, 'origin']
  ])) {
    server.on('request', (req, res) => {
      const started = Date.now()
      res.on('close', () => {
        const path = (req.url ?? '').split('?')[0]
        process.stderr.write(
          `${what} ${req.method} ${path} -> ${res.writableFinished ? res.statusCode : 'dropped'} (${Date.now() - started} ms)\n`
        )
      })
    })
  }
}
process.stdout.write(`emulator listening on ${emulator.url}\n`)
if (emulator.siteUrl) process.stdout.write(`site listening on ${emulator.siteUrl}\n`)
if (emulator.originUrl) process.stdout.write(`origin listening on ${emulator.originUrl}\n`)
if (emulator.siteUrl && options.sitemapFormat === 'cross-host') {
  process.stdout.write(`sitemap host listening on ${emulator.sitemapHostUrl}\n`)
}

let stopping = false
/** @param {string} signal */
const stop = signal => {
  if (stopping) return
  stopping = true
  if (verbose) process.stderr.write(`${signal}: stopping\n`)
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1)
  )
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
