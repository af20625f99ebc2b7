/**
 * The asset checks' inputs (verify_assets, asset_hosts), outputs (broken_assets, whole_seconds) and
 * the step's verdict when an asset is broken.
 */
import { describe, expect, it } from '@jest/globals'
import { formatProblem } from '../../src/core/diagnostics.js'
import { parseInputs } from '../../src/plan/settings.js'
import { verifiedRun } from '../support/raw-inputs.js'
import { concludeVerification } from '../../src/report/verify-outputs.js'
import {
  brokenAssets,
  skippedVerifyOutputs,
  verifySecondsOutput,
  wholeSecondsOutput
} from '../../src/report/verify-outputs.js'
import type { AssetResult, AssetVerification } from '../../src/verify/assets/asset-results.js'
import { inScope } from '../../src/verify/assets/page-references.js'

const raw = verifiedRun

describe('verify_assets and asset_hosts', () => {
  it('are on by default, for the site alone', async () => {
    const { settings } = await parseInputs(raw({}))
    expect(settings?.verify?.assets).toEqual({ hosts: [] })
  })

  it('verify_assets: false turns the asset checks off', async () => {
    const { settings } = await parseInputs(raw({ verify_assets: 'false' }))
    expect(settings?.verify).toBeDefined()
    expect(settings?.verify?.assets).toBeUndefined()
  })

  it('reads host names with an optional https:// and port, comma or newline separated', async () => {
    const { settings } = await parseInputs(
      raw({
        asset_hosts:
          'Static.Example.com, https://fonts.example.net:8443\nhttps://cdn.example.org/\nstatic.example.com, static.example.com:443, https://cdn.example.org:0443'
      })
    )
    // A port written is kept, https's own too: it names that port, no port the scheme's own.
    expect(settings?.verify?.assets?.hosts).toEqual([
      'static.example.com',
      'fonts.example.net:8443',
      'cdn.example.org',
      'static.example.com:443',
      'cdn.example.org:443'
    ])
  })

  it.each([
    'https://static.example.com/assets',
    'http://static.example.com',
    'user@static.example.com',
    'static.example.com?x=1',
    'ftp://static.example.com'
  ])('refuses %s, naming the input and the value', async host => {
    const { diagnostics } = await parseInputs(raw({ asset_hosts: host }))
    const problems = diagnostics.problems.map(formatProblem)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('asset_hosts')
    expect(problems[0]).toContain(host)
    expect(problems[0]).toContain('must be a host name, optionally with https:// and a port')
  })

  it('refuses a verify_assets that is not a boolean', async () => {
    const { diagnostics } = await parseInputs(raw({ verify_assets: 'sometimes' }))
    expect(diagnostics.problems.map(formatProblem).join('\n')).toContain('verify_assets')
  })
})

describe('asset_hosts, as the scope of the checks', () => {
  /** Whether `url` is checked, with `asset_hosts` read as the action reads it, on `site`. */
  async function checked(hosts: string, site: string, url: string): Promise<boolean> {
    const { settings } = await parseInputs(raw({ asset_hosts: hosts, site_url: site }))
    const scope = { siteOrigin: new URL(site).origin, hosts: settings?.verify?.assets?.hosts ?? [] }
    return inScope(new URL(url), scope)
  }

  it.each<[string, string, string, boolean]>([
    // A host without a port: the default port of the asset's scheme, and no other.
    ['static.example.com', 'https://www.example.com', 'https://static.example.com/a.js', true],
    ['static.example.com', 'https://www.example.com', 'https://static.example.com:443/a.js', true],
    [
      'static.example.com',
      'https://www.example.com',
      'https://static.example.com:8443/a.js',
      false
    ],
    [
      'https://static.example.com',
      'https://www.example.com',
      'https://static.example.com:8443/a.js',
      false
    ],
    // A port that is https's own, written: https's default port.
    ['static.example.com:443', 'https://www.example.com', 'https://static.example.com/a.js', true],
    [
      'https://static.example.com:443',
      'https://www.example.com',
      'https://static.example.com/a.js',
      true
    ],
    // Another port: that one only.
    [
      'static.example.com:8443',
      'https://www.example.com',
      'https://static.example.com:8443/a.js',
      true
    ],
    [
      'static.example.com:8443',
      'https://www.example.com',
      'https://static.example.com/a.js',
      false
    ],
    ['static.example.com:80', 'https://www.example.com', 'https://static.example.com/a.js', false],
    // On an http site (a loopback one), http assets too: port 80 for a host without a port, the
    // one written else.
    ['static.example.com', 'http://127.0.0.1:8080', 'http://static.example.com/a.js', true],
    ['static.example.com', 'http://127.0.0.1:8080', 'http://static.example.com:8080/a.js', false],
    ['static.example.com:80', 'http://127.0.0.1:8080', 'http://static.example.com/a.js', true],
    ['static.example.com:443', 'http://127.0.0.1:8080', 'http://static.example.com/a.js', false],
    ['static.example.com:443', 'http://127.0.0.1:8080', 'https://static.example.com/a.js', true],
    [
      'static.example.com:8080',
      'http://127.0.0.1:8080',
      'http://static.example.com:8080/a.js',
      true
    ],
    // On an https site an http asset is mixed content, whatever the host.
    ['static.example.com', 'https://www.example.com', 'http://static.example.com/a.js', false],
    ['static.example.com:80', 'https://www.example.com', 'http://static.example.com/a.js', false]
  ])('asset_hosts: %s on %s checks %s: %s', async (hosts, site, url, expected) => {
    expect(await checked(hosts, site, url)).toBe(expected)
  })
})

const brokenCss: AssetResult = {
  url: 'https://www.example.com/assets/app.b1.css',
  device: 'mobile',
  kind: 'stylesheet',
  state: 'broken',
  reason: 'status',
  httpStatus: 404,
  contentType: 'text/html',
  wanted: 'CSS',
  throughCache: false,
  repurged: false,
  pages: ['https://www.example.com/a'],
  pageCount: 3
}

function assets(listed: AssetResult[], wholeAfterMs?: number): AssetVerification {
  return {
    hosts: [],
    counts: {
      whole: 4,
      repaired: listed.filter(a => a.state === 'repaired').length,
      broken: listed.filter(a => a.state === 'broken').length,
      'not-checked': 0
    },
    assets: 3,
    otherHosts: 0,
    listed,
    requests: 6,
    ...(wholeAfterMs !== undefined && { wholeAfterMs })
  }
}

describe('the asset outputs', () => {
  it('broken_assets lists the broken ones only, in the documented names', () => {
    const repaired: AssetResult = {
      ...brokenCss,
      state: 'repaired',
      url: 'https://www.example.com/x.js'
    }
    expect(brokenAssets({ assets: assets([brokenCss, repaired]) })).toEqual([
      {
        url: 'https://www.example.com/assets/app.b1.css',
        device: 'mobile',
        kind: 'stylesheet',
        reason: 'status',
        status: 404,
        content_type: 'text/html',
        pages: ['https://www.example.com/a'],
        redirected_to: null,
        redirects: 0
      }
    ])
    expect(brokenAssets({})).toEqual([])
  })

  it('whole_seconds when the deploy is whole; verify_seconds still when only assets are broken', () => {
    expect(wholeSecondsOutput({ status: 'fresh', assets: assets([], 12_345) })).toBe('12.3')
    expect(wholeSecondsOutput({ status: 'broken', assets: assets([brokenCss]) })).toBe('')
    const timeToFresh = { count: 2, medianMs: 1000, slowestMs: 2000 }
    expect(verifySecondsOutput({ status: 'broken', timeToFresh })).toBe('2.0')
  })

  it('are set when nothing was verified', () => {
    expect(skippedVerifyOutputs()).toMatchObject({ broken_assets: '[]', whole_seconds: '' })
  })
})

describe('the step with a broken asset', () => {
  function verdict(
    mode: 'fail' | 'warn',
    status: 'broken' | 'failed' = 'broken',
    more: { notCheckedAssets?: number; brokenAssets?: number } = {}
  ) {
    const said: { kind: string; message: string }[] = []
    concludeVerification(
      {
        info: message => said.push({ kind: 'info', message }),
        warning: message => said.push({ kind: 'warning', message }),
        setFailed: message => said.push({ kind: 'failed', message })
      },
      status,
      mode,
      undefined,
      {
        stale: 0,
        failed: 0,
        unverifiable: 0,
        bypassed: 0,
        oldContent: 0,
        clocksDisagree: 0,
        gone: 0,
        checks: 8,
        notReached: 0,
        brokenAssets: 2,
        brokenAssetUrls: 1,
        timeoutSeconds: 600,
        deadlineFrom: 'after the last purge was accepted',
        ...more
      }
    )
    return said
  }

  it('fails when the deadline left assets unchecked, saying so', () => {
    expect(verdict('fail', 'failed', { brokenAssets: 0, notCheckedAssets: 3 })).toEqual([
      {
        kind: 'failed',
        message:
          "Verification: 3 asset check(s) not checked before the deadline (verify_timeout_seconds: 600): nothing proved the fresh pages can render (see the 'stale' output and the job summary)."
      }
    ])
  })

  it('fails, naming how many and where to look', () => {
    expect(verdict('fail')).toEqual([
      {
        kind: 'failed',
        message:
          "Verification: 1 asset(s) that fresh pages reference broken at the edge (2 asset check(s) over the devices): those pages cannot render (see the 'broken_assets' output and the job summary)."
      }
    ])
  })

  it('only warns with verify: warn', () => {
    expect(verdict('warn').map(said => said.kind)).toEqual(['warning'])
  })
})
