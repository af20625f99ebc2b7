/**
 * The one redirect follower (http/redirect.ts) that the sitemaps and the origin wait share:
 * each hop judged by the same rules in the same order, at most 5 hops, a loop refused at the
 * hop that closes it, the body of a redirect followed let go, a URL read elsewhere not asked.
 */
import { describe, expect, it } from '@jest/globals'
import {
  followRedirects,
  nextHop,
  redirectOf,
  type RedirectRefusal,
  type RedirectRules
} from '../../src/http/redirect.js'

const SITE = new URL('https://www.example.com/sitemap.xml')
const ANY_HOST: RedirectRules = { plainHttp: 'from-http', scope: 'any-host' }

/** The reason a hop from `from` to `location` is refused, or the URL it leads to. */
function judged(
  location: string,
  rules: RedirectRules,
  from = SITE,
  asked: readonly URL[] = [from]
): string {
  const hop = nextHop(location, { url: from, redirects: asked.length - 1, asked }, rules)
  return hop instanceof URL ? hop.href : hop.reason
}

describe('nextHop', () => {
  it('resolves the Location against the URL asked, without its fragment', () => {
    expect(judged('/b.xml#part', ANY_HOST)).toBe('https://www.example.com/b.xml')
    expect(judged('//cdn.example.net/s.xml', ANY_HOST)).toBe('https://cdn.example.net/s.xml')
  })

  it.each<[string, string, RedirectRefusal['reason']]>([
    ['a Location that is no URL', 'http://[bad', 'not-a-url'],
    ['a scheme that is not http(s)', 'ftp://www.example.com/s.xml', 'not-http'],
    ['credentials', 'https://user:pw@www.example.com/s.xml', 'credentials'],
    ['plain http after https', 'http://www.example.com/s.xml', 'plain-http'],
    ['the runner itself, from another host', 'https://[::ffff:127.0.0.1]/s.xml', 'this-machine'],
    ['a hop back to the chain', '/sitemap.xml#again', 'loop']
  ])('refuses %s', (_, location, reason) => {
    expect(judged(location, ANY_HOST)).toBe(reason)
  })

  it('refuses a hop that breaks two rules for the first of them, whoever follows', () => {
    // Plain http and another host: the scheme is named, for the sitemaps and the origin alike.
    const oneHost: RedirectRules = {
      plainHttp: 'from-http',
      scope: { hostname: 'www.example.com' }
    }
    expect(judged('http://cdn.example.net/s.xml', oneHost)).toBe('plain-http')
    expect(judged('ftp://user:pw@www.example.com/s.xml', oneHost)).toBe('not-http')
  })

  it('counts the hops: a sixth redirect is refused, whatever its Location', () => {
    const five = Array.from({ length: 6 }, (_, hop) => new URL(`/hop/${hop}`, SITE))
    expect(judged('not even [a URL', ANY_HOST, five[5], five)).toBe('too-many-redirects')
    expect(judged('/hop/6', ANY_HOST, five[4], five.slice(0, 5))).toBe(
      'https://www.example.com/hop/6'
    )
  })

  it('keeps a hop on one host (with its port) or one host name (any port)', () => {
    const host: RedirectRules = { plainHttp: 'from-http', scope: { host: 'www.example.com' } }
    const hostname: RedirectRules = {
      plainHttp: 'from-http',
      scope: { hostname: 'www.example.com' }
    }
    expect(judged('https://www.example.com:8443/s.xml', host)).toBe('out-of-scope')
    expect(judged('https://www.example.com:8443/s.xml', hostname)).toBe(
      'https://www.example.com:8443/s.xml'
    )
    expect(judged('https://cdn.example.net/s.xml', hostname)).toBe('out-of-scope')
  })

  it('plain http from http: anywhere in scope, or only between loopback hosts', () => {
    const plain = new URL('http://www.example.com/v')
    const local = new URL('http://127.0.0.1:8080/s.xml')
    const loopbackOnly: RedirectRules = { plainHttp: 'between-loopback-hosts', scope: 'any-host' }
    expect(judged('http://www.example.com/w', ANY_HOST, plain)).toBe('http://www.example.com/w')
    expect(judged('http://www.example.com/w', loopbackOnly, plain)).toBe('plain-http')
    expect(judged('http://localhost:8080/t.xml', loopbackOnly, local)).toBe(
      'http://localhost:8080/t.xml'
    )
    expect(judged('https://www.example.com/w', loopbackOnly, plain)).toBe(
      'https://www.example.com/w'
    )
  })
})

/** A server by URL: a status and a Location; every body records whether it was let go. */
function server(answers: Record<string, [number, string?]>) {
  const asked: string[] = []
  const destroyed: string[] = []
  const open = async (url: URL, redirects: number) => {
    asked.push(`${url.href} after ${redirects}`)
    const [status, location] = answers[url.href] ?? [404]
    return {
      status,
      headers: location === undefined ? {} : { Location: location },
      body: { destroy: () => destroyed.push(url.href) }
    }
  }
  return { asked, destroyed, open }
}

describe('followRedirects', () => {
  it('asks each hop, telling how many redirects came before, and lets each redirect go', async () => {
    const site = server({
      'https://www.example.com/sitemap.xml': [301, '/a.xml'],
      'https://www.example.com/a.xml': [308, 'b.xml'],
      'https://www.example.com/b.xml': [200]
    })
    const followed = await followRedirects(SITE, site.open, ANY_HOST)
    expect(followed).toMatchObject({ redirects: 2, answer: { status: 200 } })
    expect(followed.at.href).toBe('https://www.example.com/b.xml')
    expect(followed.refused).toBeUndefined()
    expect(site.asked).toEqual([
      'https://www.example.com/sitemap.xml after 0',
      'https://www.example.com/a.xml after 1',
      'https://www.example.com/b.xml after 2'
    ])
    expect(site.destroyed).toEqual([
      'https://www.example.com/sitemap.xml',
      'https://www.example.com/a.xml'
    ])
  })

  it('ends at a redirect not followed, with why; its body is left to the caller', async () => {
    const site = server({
      'https://www.example.com/sitemap.xml': [302, '/a.xml'],
      'https://www.example.com/a.xml': [302, '/sitemap.xml']
    })
    const followed = await followRedirects(SITE, site.open, ANY_HOST)
    expect(followed).toMatchObject({ redirects: 1, answer: { status: 302 } })
    expect(followed.refused).toEqual({ reason: 'loop', to: SITE })
    expect(site.destroyed).toEqual(['https://www.example.com/sitemap.xml'])
  })

  it('a redirect without a Location is an answer like any other', async () => {
    const site = server({ 'https://www.example.com/sitemap.xml': [302] })
    const followed = await followRedirects(SITE, site.open, ANY_HOST)
    expect(followed).toMatchObject({ redirects: 0, answer: { status: 302 } })
    expect(followed.refused).toBeUndefined()
  })

  it('stops at a URL read elsewhere, without asking it', async () => {
    const site = server({ 'https://www.example.com/sitemap.xml': [301, '/read.xml'] })
    const followed = await followRedirects(SITE, site.open, {
      ...ANY_HOST,
      alreadyRead: url => url.pathname === '/read.xml'
    })
    expect(followed).toEqual({ alreadyRead: new URL('/read.xml', SITE), redirects: 1 })
    expect(site.asked).toEqual(['https://www.example.com/sitemap.xml after 0'])
  })
})

describe('redirectOf: one hop judged by a reader that makes its own requests', () => {
  const from = (url: string) => ({ url: new URL(url), redirects: 0, asked: [new URL(url)] })
  const moved = (location: string) => ({ status: 302, headers: { location } })
  const siteAndStatic: RedirectRules = {
    plainHttp: 'from-http',
    scope: {
      allows: url =>
        url.origin === 'https://www.example.com' || url.origin === 'https://static.example.com'
    }
  }

  it('is no redirect for an answer without one: the answer is judged as it is', () => {
    expect(
      redirectOf({ status: 200, headers: {} }, from('https://www.example.com/a.js'), siteAndStatic)
    ).toBeUndefined()
  })

  it('follows a hop the scope allows, refuses one it does not, and plain http after https', () => {
    const start = from('https://www.example.com/a.js')
    expect(redirectOf(moved('https://static.example.com/a.1.js'), start, siteAndStatic)).toEqual(
      new URL('https://static.example.com/a.1.js')
    )
    expect(redirectOf(moved('https://elsewhere.example/a.js'), start, siteAndStatic)).toEqual({
      reason: 'out-of-scope',
      to: new URL('https://elsewhere.example/a.js')
    })
    expect(redirectOf(moved('http://www.example.com/a.js'), start, siteAndStatic)).toEqual({
      reason: 'plain-http',
      to: new URL('http://www.example.com/a.js')
    })
  })
})
