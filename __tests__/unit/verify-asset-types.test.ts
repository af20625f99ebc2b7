import { describe, expect, it } from '@jest/globals'
import type { AssetKind, BrokenReason } from '../../src/verify/assets/asset-results.js'
import type { Headers } from '../../src/http/headers.js'
import type { RequestingElement } from '../../src/verify/assets/cors.js'
import { judgeAnswer, mediaType, wantedFor } from '../../src/verify/assets/whole-answer.js'

/**
 * An answer of `status` and `type` judged as a module script (the strict rule: JavaScript or
 * nothing) when `kind` is a script, as its element otherwise.
 */
function strictly(kind: AssetKind, status: number, type: string | undefined) {
  const element: RequestingElement = kind === 'script' ? { kind, module: true } : { kind }
  return judgeAnswer(element, status, type === undefined ? {} : { 'content-type': type })
}

describe('whether an asset answer is whole', () => {
  it('wants JavaScript for scripts and module preloads, CSS for stylesheets, a font for fonts', () => {
    expect(wantedFor('script')).toBe('JavaScript')
    expect(wantedFor('modulepreload')).toBe('JavaScript')
    expect(wantedFor('stylesheet')).toBe('CSS')
    expect(wantedFor('font')).toBe('a font')
  })

  it('reads the media type without its parameters, in lower case', () => {
    expect(mediaType('Text/JavaScript; charset=utf-8')).toBe('text/javascript')
    expect(mediaType('')).toBeUndefined()
    expect(mediaType(undefined)).toBeUndefined()
  })

  it.each<[AssetKind, string]>([
    ['script', 'text/javascript'],
    ['script', 'application/javascript'],
    ['script', 'application/x-javascript'],
    ['script', 'text/ecmascript'],
    ['modulepreload', 'application/ecmascript'],
    ['stylesheet', 'text/css'],
    ['font', 'font/woff2'],
    ['font', 'font/ttf'],
    ['font', 'application/font-woff'],
    ['font', 'application/x-font-ttf'],
    ['font', 'application/vnd.ms-fontobject'],
    ['font', 'application/octet-stream']
  ])('a 200 %s served as %s is whole', (kind, type) => {
    expect(strictly(kind, 200, type)).toEqual({ whole: true })
  })

  it.each<[AssetKind, number, string | undefined, BrokenReason]>([
    ['script', 404, 'text/html', 'status'],
    ['stylesheet', 503, 'text/css', 'status'],
    ['font', 301, undefined, 'status'],
    ['script', 200, 'text/html', 'html-fallback'],
    ['stylesheet', 200, 'text/html', 'html-fallback'],
    ['modulepreload', 200, 'text/html', 'html-fallback'],
    ['font', 200, 'text/html', 'wrong-type'],
    ['script', 200, 'text/plain', 'wrong-type'],
    ['stylesheet', 200, 'text/javascript', 'wrong-type'],
    ['script', 200, 'application/octet-stream', 'wrong-type'],
    ['script', 200, undefined, 'wrong-type']
  ])('a %s answered %d %s is broken (%s)', (kind, status, type, reason) => {
    expect(strictly(kind, status, type)).toEqual({ whole: false, reason })
  })
})

describe('whether an answer is whole, as a browser reads it', () => {
  const CLASSIC: RequestingElement = { kind: 'script' }
  const MODULE: RequestingElement = { kind: 'script', module: true }
  const headers = (type?: string, more: Headers = {}): Headers => ({
    ...(type !== undefined && { 'content-type': type }),
    ...more
  })
  const NOSNIFF = { 'x-content-type-options': 'nosniff' }

  it.each<[string, RequestingElement, Headers]>([
    ['a classic script without a content type', CLASSIC, headers()],
    ['a classic script as application/octet-stream', CLASSIC, headers('application/octet-stream')],
    ['a classic script as text/plain', CLASSIC, headers('text/plain; charset=utf-8')],
    ['a classic script as application/json', CLASSIC, headers('application/json')],
    ['a classic script as a type that does not parse', CLASSIC, headers('javascript')],
    ['a classic script as JavaScript under nosniff', CLASSIC, headers('text/javascript', NOSNIFF)],
    [
      'a preloaded classic script without a type',
      { kind: 'script', crossOrigin: 'anonymous' },
      headers()
    ],
    [
      'a classic script, nosniff not the first value',
      CLASSIC,
      headers('text/plain', { 'X-Content-Type-Options': 'none, nosniff' })
    ],
    ['a module script as JavaScript', MODULE, headers('application/javascript')],
    ['a module preload as JavaScript', { kind: 'modulepreload' }, headers('text/javascript')],
    ['a stylesheet as text/css', { kind: 'stylesheet' }, headers('text/css', NOSNIFF)],
    [
      'a font as application/octet-stream',
      { kind: 'font' },
      headers('application/octet-stream', NOSNIFF)
    ]
  ])('%s is whole', (_, element, answer) => {
    expect(judgeAnswer(element, 200, answer)).toEqual({ whole: true })
  })

  it.each<[string, RequestingElement, number, Headers, BrokenReason]>([
    [
      'a classic script without a type, nosniff',
      CLASSIC,
      200,
      headers(undefined, NOSNIFF),
      'wrong-type'
    ],
    [
      'a classic script as text/plain, nosniff',
      CLASSIC,
      200,
      headers('text/plain', NOSNIFF),
      'wrong-type'
    ],
    [
      'a classic script, NoSniff in any case',
      CLASSIC,
      200,
      headers('text/plain', { 'X-Content-Type-Options': ' NoSniff ' }),
      'wrong-type'
    ],
    [
      'a classic script, nosniff first of two',
      CLASSIC,
      200,
      headers('text/plain', { 'x-content-type-options': ['nosniff', 'x'] }),
      'wrong-type'
    ],
    ['a classic script as an image', CLASSIC, 200, headers('image/png'), 'wrong-type'],
    ['a classic script as audio', CLASSIC, 200, headers('audio/mpeg'), 'wrong-type'],
    ['a classic script as video', CLASSIC, 200, headers('Video/MP4'), 'wrong-type'],
    ['a classic script as text/csv', CLASSIC, 200, headers('text/csv'), 'wrong-type'],
    [
      'a classic script as HTML',
      CLASSIC,
      200,
      headers('text/html; charset=utf-8'),
      'html-fallback'
    ],
    [
      'a classic script as HTML, nosniff',
      CLASSIC,
      200,
      headers('text/html', NOSNIFF),
      'html-fallback'
    ],
    ['a classic script answered 404', CLASSIC, 404, headers(), 'status'],
    ['a module script without a type', MODULE, 200, headers(), 'wrong-type'],
    ['a module script as text/plain', MODULE, 200, headers('text/plain'), 'wrong-type'],
    [
      'a module script as application/octet-stream',
      MODULE,
      200,
      headers('application/octet-stream'),
      'wrong-type'
    ],
    ['a module script as HTML', MODULE, 200, headers('text/html'), 'html-fallback'],
    [
      'a module preload as application/octet-stream',
      { kind: 'modulepreload' },
      200,
      headers('application/octet-stream'),
      'wrong-type'
    ],
    ['a stylesheet without a type', { kind: 'stylesheet' }, 200, headers(), 'wrong-type'],
    [
      'a stylesheet as text/plain',
      { kind: 'stylesheet' },
      200,
      headers('text/plain'),
      'wrong-type'
    ],
    ['a stylesheet as HTML', { kind: 'stylesheet' }, 200, headers('text/html'), 'html-fallback'],
    ['a font without a type', { kind: 'font' }, 200, headers(), 'wrong-type'],
    ['a font as HTML', { kind: 'font' }, 200, headers('text/html'), 'wrong-type']
  ])('%s is broken', (_, element, status, answer, reason) => {
    expect(judgeAnswer(element, status, answer)).toEqual({ whole: false, reason })
  })
})
