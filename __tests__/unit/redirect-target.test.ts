/**
 * Where a redirect points, as a browser reads it: only Fetch's redirect statuses, the Location
 * resolved against the URL asked, without its fragment; anything else is no redirect to follow.
 */
import { describe, expect, it } from '@jest/globals'
import { redirectTarget } from '../../src/http/redirect.js'

const FROM = new URL('https://www.example.com/static/app.js?v=1')

describe('redirectTarget', () => {
  it('resolves a relative Location against the URL asked, for 301, 302, 303, 307 and 308', () => {
    for (const status of [301, 302, 303, 307, 308]) {
      expect(redirectTarget(status, { location: 'app.b1.js' }, FROM)?.href).toBe(
        'https://www.example.com/static/app.b1.js'
      )
    }
    expect(redirectTarget(301, { Location: ' //cdn.example.com/a.js#top ' }, FROM)?.href).toBe(
      'https://cdn.example.com/a.js'
    )
  })

  it('is undefined for 300 and 304, without a Location, or with one that is not http(s)', () => {
    expect(redirectTarget(300, { location: '/a.js' }, FROM)).toBeUndefined()
    expect(redirectTarget(304, { location: '/a.js' }, FROM)).toBeUndefined()
    expect(redirectTarget(200, { location: '/a.js' }, FROM)).toBeUndefined()
    expect(redirectTarget(302, {}, FROM)).toBeUndefined()
    expect(redirectTarget(302, { location: '' }, FROM)).toBeUndefined()
    expect(redirectTarget(302, { location: 'javascript:alert(1)' }, FROM)).toBeUndefined()
    expect(redirectTarget(302, { location: 'data:text/javascript,1' }, FROM)).toBeUndefined()
    expect(redirectTarget(302, { location: 'http://[bad' }, FROM)).toBeUndefined()
  })
})
