/**
 * One header reader for every answer (http/headers.ts): a name is found whatever its case, as
 * HTTP says (RFC 9110 §5.1), in the GitHub client's answers and the service's as in the site's.
 */
import { describe, expect, it } from '@jest/globals'
import { announcesNextPage } from '../../src/github/client.js'
import { headerValue, singleHeaderValue } from '../../src/http/headers.js'
import { requestedWaitMs } from '../../src/send/answer.js'

describe('the header reader', () => {
  it('reads a header whatever the case of its name, a number as its text', () => {
    expect(headerValue({ 'X-RateLimit-Remaining': 0 }, 'x-ratelimit-remaining')).toBe('0')
    expect(singleHeaderValue({ 'Retry-After': ['7', '9'] }, 'retry-after')).toBe('7')
  })

  it("reads Node's lower-case name first, then any other case that holds a value", () => {
    expect(
      headerValue({ 'content-type': 'text/html', 'Content-Type': 'text/plain' }, 'Content-Type')
    ).toBe('text/html')
    expect(
      headerValue({ 'x-robots-tag': undefined, 'X-Robots-Tag': 'noindex' }, 'x-robots-tag')
    ).toBe('noindex')
    expect(singleHeaderValue({ location: ['/a', '/b'] }, 'Location')).toBe('/a')
    expect(headerValue({ 'set-cookie': ['a=1', 'b=2'] }, 'Set-Cookie')).toBe('a=1, b=2')
    expect(headerValue({ 'content-type': 'text/html' }, 'content-length')).toBeUndefined()
  })

  it("reads the GitHub client's Link header in another case", () => {
    const link = '<https://api.github.com/repos/o/r/pulls/1/files?page=2>; rel="next"'
    expect(announcesNextPage({ data: [], headers: { Link: link } })).toBe(true)
  })

  it("reads the service's Retry-After and X-RateLimit-Reset in another case", () => {
    expect(requestedWaitMs({ 'Retry-After': '3' }, 0)).toBe(3000)
    expect(requestedWaitMs({ 'X-RateLimit-Reset': '1500' }, 0)).toBe(1500)
  })
})
