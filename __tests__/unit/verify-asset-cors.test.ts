/**
 * Assets across origins as a browser asks for them (the HTML and Fetch standards): which
 * requests are made in CORS mode, and with credentials; the `Origin` each request of a chain of
 * redirects sends; and the CORS check its answers must pass.
 */
import { describe, expect, it } from '@jest/globals'
import type { Headers } from '../../src/http/headers.js'
import { assetAnswer } from '../../src/report/assets/asset-report.js'
import type { AssetResult } from '../../src/verify/assets/asset-results.js'
import {
  corsCheck,
  corsMode,
  corsStep,
  type CorsRequest,
  type CorsStep,
  type RequestingElement
} from '../../src/verify/assets/cors.js'

const NO_CORS: CorsRequest = { mode: 'no-cors', credentials: 'include' }
const ANONYMOUS: CorsRequest = { mode: 'cors', credentials: 'same-origin' }
const CREDENTIALS: CorsRequest = { mode: 'cors', credentials: 'include' }

describe('the request a browser makes for an asset', () => {
  it.each<[string, RequestingElement, CorsRequest]>([
    ['a classic script', { kind: 'script' }, NO_CORS],
    ['a classic script, crossorigin', { kind: 'script', crossOrigin: 'anonymous' }, ANONYMOUS],
    [
      'a classic script, crossorigin=use-credentials',
      { kind: 'script', crossOrigin: 'use-credentials' },
      CREDENTIALS
    ],
    ['a module script', { kind: 'script', module: true }, ANONYMOUS],
    [
      'a module script, crossorigin',
      { kind: 'script', module: true, crossOrigin: 'anonymous' },
      ANONYMOUS
    ],
    [
      'a module script, crossorigin=use-credentials',
      { kind: 'script', module: true, crossOrigin: 'use-credentials' },
      CREDENTIALS
    ],
    ['a module preload', { kind: 'modulepreload' }, ANONYMOUS],
    [
      'a module preload, crossorigin=use-credentials',
      { kind: 'modulepreload', crossOrigin: 'use-credentials' },
      CREDENTIALS
    ],
    ['a stylesheet', { kind: 'stylesheet' }, NO_CORS],
    ['a stylesheet, crossorigin', { kind: 'stylesheet', crossOrigin: 'anonymous' }, ANONYMOUS],
    [
      'a stylesheet, crossorigin=use-credentials',
      { kind: 'stylesheet', crossOrigin: 'use-credentials' },
      CREDENTIALS
    ],
    ['a font', { kind: 'font' }, ANONYMOUS],
    [
      'a font, crossorigin=use-credentials',
      { kind: 'font', crossOrigin: 'use-credentials' },
      ANONYMOUS
    ]
  ])('%s', (_, element, request) => {
    expect(corsMode(element)).toEqual(request)
  })
})

const SITE = 'https://www.example.com'

describe('the CORS check of an answer', () => {
  it.each<[string, CorsRequest, string, Headers, boolean]>([
    ['* without credentials', ANONYMOUS, SITE, { 'access-control-allow-origin': '*' }, true],
    ['the origin itself', ANONYMOUS, SITE, { 'Access-Control-Allow-Origin': SITE }, true],
    ['no Access-Control-Allow-Origin', ANONYMOUS, SITE, {}, false],
    [
      'another origin',
      ANONYMOUS,
      SITE,
      { 'access-control-allow-origin': 'https://example.com' },
      false
    ],
    [
      'the origin with a slash',
      ANONYMOUS,
      SITE,
      { 'access-control-allow-origin': `${SITE}/` },
      false
    ],
    [
      'the origin in another case',
      ANONYMOUS,
      SITE,
      { 'access-control-allow-origin': SITE.toUpperCase() },
      false
    ],
    ['two values', ANONYMOUS, SITE, { 'access-control-allow-origin': [SITE, '*'] }, false],
    ['two values in one', ANONYMOUS, SITE, { 'access-control-allow-origin': `${SITE}, *` }, false],
    [
      'null for a tainted origin',
      ANONYMOUS,
      'null',
      { 'access-control-allow-origin': 'null' },
      true
    ],
    [
      'the site for a tainted origin',
      ANONYMOUS,
      'null',
      { 'access-control-allow-origin': SITE },
      false
    ],
    [
      '* with credentials',
      CREDENTIALS,
      SITE,
      { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' },
      false
    ],
    [
      'the origin with credentials, not allowed',
      CREDENTIALS,
      SITE,
      { 'access-control-allow-origin': SITE },
      false
    ],
    [
      'the origin with credentials, True',
      CREDENTIALS,
      SITE,
      { 'access-control-allow-origin': SITE, 'access-control-allow-credentials': 'True' },
      false
    ],
    [
      'the origin with credentials allowed',
      CREDENTIALS,
      SITE,
      { 'access-control-allow-origin': SITE, 'Access-Control-Allow-Credentials': 'true' },
      true
    ]
  ])('%s', (_, request, origin, headers, passes) => {
    expect(corsCheck(request, origin, headers)).toBe(passes)
  })
})

describe('each request of a chain, as Fetch makes it across origins', () => {
  const step = (request: CorsRequest, ...urls: string[]): CorsStep =>
    corsStep(
      request,
      SITE,
      urls.map(url => new URL(url))
    )
  const STATIC = 'https://static.example.com'
  const CDN = 'https://cdn.example.net'

  it('a no-cors request sends no Origin and is not checked, wherever it goes', () => {
    expect(step(NO_CORS, `${STATIC}/a.js`)).toEqual({ checked: false })
    expect(step(NO_CORS, `${STATIC}/a.js`, `${CDN}/a.js`)).toEqual({ checked: false })
  })

  it('a CORS request on the site is not checked; once it leaves the site, it is, to the end', () => {
    expect(step(ANONYMOUS, `${SITE}/a.js`)).toEqual({ checked: false })
    expect(step(ANONYMOUS, `${SITE}/a.js`, `${SITE}/b.js`)).toEqual({ checked: false })
    expect(step(ANONYMOUS, `${STATIC}/a.js`)).toEqual({ checked: true, origin: SITE })
    expect(step(ANONYMOUS, `${SITE}/a.js`, `${STATIC}/a.js`)).toEqual({
      checked: true,
      origin: SITE
    })
    // Back on the site after another origin: still checked (Fetch's response tainting stays),
    // and as redirected from another origin to a third one (the site), with Origin: null.
    expect(step(ANONYMOUS, `${STATIC}/a.js`, `${SITE}/a.js`)).toEqual({
      checked: true,
      origin: 'null'
    })
    // Another port or scheme is another origin.
    expect(step(ANONYMOUS, 'https://www.example.com:8443/a.js')).toEqual({
      checked: true,
      origin: SITE
    })
  })

  it('a redirect from another origin to a third one sends Origin: null from there on', () => {
    expect(step(ANONYMOUS, `${STATIC}/a.js`, `${CDN}/a.js`)).toEqual({
      checked: true,
      origin: 'null'
    })
    expect(step(CREDENTIALS, `${STATIC}/a.js`, `${CDN}/a.js`, `${SITE}/a.js`)).toEqual({
      checked: true,
      origin: 'null'
    })
    // Within one other origin, or from the site to another: the site's origin still.
    expect(step(ANONYMOUS, `${STATIC}/a.js`, `${STATIC}/b.js`)).toEqual({
      checked: true,
      origin: SITE
    })
    expect(step(ANONYMOUS, `${SITE}/a.js`, `${STATIC}/a.js`, `${STATIC}/b.js`)).toEqual({
      checked: true,
      origin: SITE
    })
  })
})

describe('an asset a CORS check refused, in words', () => {
  it('says what the answer lacked', () => {
    const result: AssetResult = {
      url: 'https://static.example.com/app.js',
      device: 'desktop',
      kind: 'script',
      state: 'broken',
      reason: 'cors',
      httpStatus: 200,
      contentType: 'text/javascript',
      wanted: 'JavaScript',
      throughCache: false,
      repurged: false,
      pages: ['https://www.example.com/'],
      pageCount: 1
    }
    expect(assetAnswer(result)).toBe(
      'HTTP 200 without the CORS headers a browser needs to use it on the site (Access-Control-Allow-Origin)'
    )
    expect(assetAnswer({ ...result, state: 'repaired' })).toBe(
      'before its purge: an answer without the CORS headers a browser needs (Access-Control-Allow-Origin)'
    )
  })
})
