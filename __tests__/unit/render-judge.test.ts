/**
 * A new render judged as a crawler gets it: each problem found when it is there and not when it
 * is not, what the old render already had never new, what the user says is meant never a
 * problem, and a clean deploy (a new title) no problem, one change.
 */
import { describe, expect, it } from '@jest/globals'
import { judgeRender, type RenderToJudge } from '../../src/verify/render/judge-render.js'
import {
  RERENDER_REASONS,
  type RenderProblemReason
} from '../../src/verify/render/render-results.js'
import { PageBodyReader } from '../../src/verify/render/page-body-reader.js'
import { withHeaderRobots, type RenderFacts } from '../../src/verify/render/render-facts.js'

const SITE = 'https://www.example.com'
const PAGE = new URL(`${SITE}/shop/shoes`)

function facts(html: string, headers: Record<string, string> = {}): RenderFacts {
  const reader = new PageBodyReader(PAGE, { facts: true })
  reader.push(html)
  const read = reader.end().facts
  if (read === undefined) throw new Error('no facts read')
  return withHeaderRobots(read, headers)
}

/** A server-rendered page: its head and enough text to be a page. */
function page(head = '<title>Red shoes | Shop</title>', body = ''): string {
  return `<!doctype html><html><head>${head}</head><body><div id="__next"><h1>Red shoes</h1>
<p>${'Forty pairs in stock, shipped in two days. '.repeat(10)}</p>${body}</div></body></html>`
}

const CLEAN = facts(page())

function judge(now: RenderFacts, old?: RenderFacts, more: Partial<RenderToJudge> = {}) {
  return judgeRender({
    pageUrl: PAGE,
    siteOrigin: SITE,
    now,
    ...(old !== undefined && { old }),
    ...more
  })
}

const reasons = (now: RenderFacts, old?: RenderFacts, more: Partial<RenderToJudge> = {}) =>
  judge(now, old, more).problems.map(problem => problem.reason)

describe('a clean deploy', () => {
  it('with a new title: no problem, one change', () => {
    const now = facts(page('<title>Red shoes, new season | Shop</title>'))
    expect(judge(now, CLEAN)).toEqual({
      problems: [],
      changes: [
        {
          field: 'title',
          old: '"Red shoes | Shop"',
          new: '"Red shoes, new season | Shop"'
        }
      ]
    })
  })

  it('the same render: nothing; without the old render: no problem and no change', () => {
    expect(judge(CLEAN, CLEAN)).toEqual({ problems: [], changes: [] })
    expect(judge(CLEAN)).toEqual({ problems: [], changes: [] })
  })
})

describe('a render fault', () => {
  it('blank: no text at all, and no app shell', () => {
    const blank = facts('<html><head><title>Shop</title></head><body> </body></html>')
    expect(judge(blank, CLEAN).problems).toEqual([
      {
        reason: 'blank',
        detail: 'The render shows no text at all.',
        old: expect.stringMatching(/^the old render showed [\d,]+ characters of text$/)
      }
    ])
    expect(reasons(facts('<body><p>.</p></body>'))).toEqual([])
    expect(judge(blank, blank).problems[0]?.old).toBe('the old render was blank too')
  })

  it("shell: an app's empty mount point, next to no text beside it", () => {
    const shell = facts(`<head><title>React App</title><script src="/main.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body>`)
    const { problems } = judge(shell, CLEAN)
    expect(problems).toEqual([
      {
        reason: 'shell',
        detail:
          "The render is an app's empty shell: its mount point is empty, with no text beside (its <noscript> holds 46 characters of text).",
        old: expect.stringMatching(/^the old render showed/)
      }
    ])
    expect(reasons(shell, shell)).toEqual(['shell'])
    expect(judge(shell, shell).problems[0]?.old).toBe("the old render was an app's empty shell too")
    // Real text beside an empty mount point (a portal's container) is a page.
    expect(reasons(facts(`<div id="root"></div>${page()}`))).toEqual([])
    expect(reasons(facts('<div id="app"></div><p>Loading your cart…</p>'))).toEqual(['shell'])
  })

  it('soft 404: the prerender status meta, or a title or heading that says not found', () => {
    expect(reasons(facts(page('<meta name="prerender-status-code" content="404">')))).toEqual([
      'soft-404'
    ])
    expect(reasons(facts(page('<meta name="prerender-status-code" content="503">')))).toEqual([
      'soft-404'
    ])
    expect(reasons(facts(page('<meta name="prerender-status-code" content="301">')))).toEqual([])
    for (const title of [
      'Page not found | Shop',
      '404',
      '404 Not Found',
      '404: This page could not be found.',
      'Oops! Page Not Found – Shop',
      'Error 404 - Shop'
    ]) {
      expect({ title, reasons: reasons(facts(page(`<title>${title}</title>`))) }).toEqual({
        title,
        reasons: ['soft-404']
      })
    }
    for (const title of [
      'Lost and Not Found: a novel',
      'Not Found Records | Vinyl',
      'Fixing 404 errors',
      'Nothing found? Try our search'
    ]) {
      expect({ title, reasons: reasons(facts(page(`<title>${title}</title>`))) }).toEqual({
        title,
        reasons: []
      })
    }
    const heading = facts('<title>Shop</title><h1>404</h1><p>This page could not be found.</p>')
    expect(judge(heading).problems).toEqual([
      {
        reason: 'soft-404',
        detail: 'The render\'s first heading says the page was not found: "404".'
      }
    ])
    expect(reasons(facts(`<title>Shop</title><h1>404 errors, explained</h1>${page()}`))).toEqual([])
  })

  it('a soft 404 that the old render said too is still one, its old words saying so', () => {
    const notFound = facts(page('<title>Page not found | Shop</title>'))
    expect(judge(notFound, notFound).problems).toEqual([
      {
        reason: 'soft-404',
        detail: 'The render\'s title says the page was not found: "Page not found | Shop".',
        old: 'the old render said not found too'
      }
    ])
    expect(judge(notFound, CLEAN).problems[0]?.old).toBe(
      'the old render\'s title was "Red shoes | Shop"'
    )
  })

  it('are the ones rendered again once', () => {
    expect([...RERENDER_REASONS].sort()).toEqual(['blank', 'shell', 'soft-404'])
  })
})

describe('a build fault, against the old render', () => {
  const noindexMeta = facts(page('<meta name="robots" content="noindex, nofollow">'))

  it('noindex: new for a crawler; the same as before is not new; without the old render, reported', () => {
    expect(judge(noindexMeta, CLEAN).problems).toEqual([
      {
        reason: 'noindex',
        detail:
          'The render tells every crawler not to index the page (noindex in <meta name="robots">).',
        old: "the old render's robots rules: (none)"
      }
    ])
    expect(reasons(noindexMeta, noindexMeta)).toEqual([])
    expect(reasons(noindexMeta)).toEqual(['noindex'])
    const header = facts(page(), { 'x-robots-tag': 'googlebot: none' })
    expect(judge(header, CLEAN).problems[0]?.detail).toBe(
      'The render tells googlebot not to index the page (none in the X-Robots-Tag header).'
    )
    // Every crawler told before covers googlebot now; googlebot alone before does not cover all.
    expect(reasons(header, noindexMeta)).toEqual([])
    expect(reasons(noindexMeta, header)).toEqual(['noindex'])
    expect(reasons(facts(page('<meta name="robots" content="nofollow">')), CLEAN)).toEqual([])
  })

  it('canonical off host: another host than the site; scheme, port and www. are the same host', () => {
    const canonical = (href: string) => facts(page(`<link rel="canonical" href="${href}">`))
    for (const href of [
      '/shop/shoes',
      'https://www.example.com/shop/shoes',
      'http://example.com/shop/shoes',
      'https://WWW.EXAMPLE.COM:8443/x'
    ]) {
      expect({ href, reasons: reasons(canonical(href), CLEAN) }).toEqual({ href, reasons: [] })
    }
    const staging = canonical('https://staging.example.com/shop/shoes')
    expect(judge(staging, CLEAN).problems).toEqual([
      {
        reason: 'canonical-off-host',
        detail:
          "The render's canonical URL is on another host: https://staging.example.com/shop/shoes.",
        old: 'the old render had no canonical URL'
      }
    ])
    expect(reasons(staging)).toEqual(['canonical-off-host'])
    expect(reasons(staging, canonical('https://staging.example.com/other'))).toEqual([])
    expect(reasons(staging, canonical('https://cdn.example.net/shop/shoes'))).toEqual([
      'canonical-off-host'
    ])
  })

  it('structured data broken: where the old render parsed; broken before too is not new', () => {
    const ld = (json: string) => facts(page(`<script type="application/ld+json">${json}</script>`))
    const broken = ld('{"@type": "Product",}')
    const whole = ld('{"@type": "Product"}')
    expect(judge(broken, whole).problems).toEqual([
      {
        reason: 'structured-data-broken',
        detail: "The render's JSON-LD block does not parse.",
        old: "the old render's 1 JSON-LD block parsed"
      }
    ])
    expect(judge(broken, CLEAN).problems[0]?.old).toBe('the old render had no JSON-LD')
    expect(reasons(broken)).toEqual(['structured-data-broken'])
    expect(reasons(broken, broken)).toEqual([])
    expect(reasons(whole, broken)).toEqual([])
    const cut = facts(`${page()}<script type="application/ld+json">{"@type": "Pro`)
    expect(reasons(cut, whole)).toEqual([])
  })
})

describe('what the user says is meant', () => {
  it('is never a problem', () => {
    const shell = facts('<div id="root"></div>')
    const staging = facts(page('<link rel="canonical" href="https://staging.example.com/">'))
    const cases: [RenderFacts, RenderProblemReason][] = [
      [shell, 'shell'],
      [facts(''), 'blank'],
      [facts(page('<title>404</title>')), 'soft-404'],
      [facts(page('<meta name="robots" content="noindex">')), 'noindex'],
      [staging, 'canonical-off-host'],
      [facts(page('<script type="application/ld+json">{</script>')), 'structured-data-broken']
    ]
    for (const [now, reason] of cases) {
      expect(reasons(now, CLEAN)).toEqual([reason])
      expect(reasons(now, CLEAN, { expected: new Set([reason]) })).toEqual([])
    }
  })
})

describe('what changed for crawlers', () => {
  it('the canonical, the robots rules, the structured-data types and a large drop of text', () => {
    const old = facts(
      page(
        '<title>A</title><link rel=canonical href="/a"><meta name=robots content="noarchive"><script type="application/ld+json">{"@type":"Product"}</script>'
      )
    )
    const now = facts(
      '<title>A</title><link rel=canonical href="/b"><meta name=robots content="max-snippet:20, noarchive"><meta name=googlebot content=nosnippet><script type="application/ld+json">[{"@type":"Product"},{"@type":"Offer"}]</script><p>Short now.</p>'
    )
    expect(judge(now, old)).toEqual({
      problems: [],
      changes: [
        {
          field: 'canonical',
          old: 'https://www.example.com/a',
          new: 'https://www.example.com/b'
        },
        {
          field: 'robots',
          old: 'noarchive',
          new: 'max-snippet:20, noarchive; googlebot: nosnippet'
        },
        { field: 'structured-data', old: 'Product', new: 'Offer, Product' },
        {
          field: 'text',
          old: expect.stringMatching(/characters of text$/),
          new: '10 characters of text'
        }
      ]
    })
  })

  it('not a small page losing text, nor the same rules from a header instead of a meta', () => {
    const small = facts('<p>One hundred characters or so, far less than two hundred in all.</p>')
    expect(judge(facts('<p>x</p>'), small).changes).toEqual([])
    const meta = facts(
      page('<title>Red shoes | Shop</title><meta name="robots" content="nofollow, noarchive">')
    )
    const header = facts(page(), { 'x-robots-tag': 'noarchive, nofollow' })
    expect(judge(header, meta)).toEqual({ problems: [], changes: [] })
  })
})

describe('the words of a problem', () => {
  it('are plain, bounded and free of control characters, whatever the page holds', () => {
    const title = `404 \u001b[31m\u202e${'x'.repeat(300)}`
    const { problems } = judge(facts(page(`<title>${title}</title><h1>Page not found</h1>`)))
    expect(problems).toHaveLength(1)
    const detail = problems[0]?.detail ?? ''
    expect(detail).toMatch(
      /^The render's first heading says the page was not found: "Page not found"\.$/
    )
    const long = judge(
      facts(page('<title>Page not found</title>')),
      facts(page(`<title>\u0007${'y'.repeat(300)}</title>`))
    ).problems[0]
    expect(long?.old).toMatch(/^the old render's title was "y{100}…"$/)
    expect(long?.old?.length).toBeLessThanOrEqual(200)
    const changes = judge(CLEAN, facts(page(`<title>${'z'.repeat(300)}</title>`))).changes
    expect(changes[0]?.old).toMatch(/^"z{199}…"$/)
  })
})
