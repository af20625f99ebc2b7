import { describe, expect, it } from '@jest/globals'
import type { AssetKind, BrokenReason } from '../../src/verify/assets/asset-results.js'
import { judgeAsset, mediaType, wantedFor } from '../../src/verify/assets/whole-answer.js'

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
    expect(judgeAsset(kind, 200, type)).toEqual({ whole: true })
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
    expect(judgeAsset(kind, status, type)).toEqual({ whole: false, reason })
  })
})
