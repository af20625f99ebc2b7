/**
 * What a render tells a crawler, read in the pass that reads its assets: its text, title and
 * heading, robots rules (metas and X-Robots-Tag), canonical URL, structured data, prerender
 * status and what an app that never rendered leaves; the same facts however the body's chunks
 * cut it, nothing inside `<template>`, everything bounded.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { PageBodyReader } from '../../src/verify/render/page-body-reader.js'
import {
  MAX_QUOTED_CHARS,
  withHeaderRobots,
  type RenderFacts
} from '../../src/verify/render/render-facts.js'
import { robotsFromHeaders } from '../../src/verify/render/robots.js'
import { MAX_BLOCK_CHARS } from '../../src/verify/render/structured-data.js'
import { fuzzParameters } from '../support/fuzz.js'
import { inChunks } from '../support/chunks.js'

const PAGE = new URL('https://www.example.com/shop/shoes?color=red')

function inPieces(html: string, size: number): string[] {
  return Array.from({ length: Math.ceil(html.length / size) }, (_, i) =>
    html.slice(i * size, (i + 1) * size)
  )
}

function factsOf(chunks: readonly string[], url = PAGE): RenderFacts {
  const reader = new PageBodyReader(url, { facts: true })
  for (const chunk of chunks) reader.push(chunk)
  const { facts } = reader.end()
  if (facts === undefined) throw new Error('no facts read')
  return facts
}

const facts = (html: string, url = PAGE): RenderFacts => factsOf([html], url)

const NEXT_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<meta name="viewport" content="width=device-width"/><title>Red shoes &amp; boots | Shop</title>
<meta name="robots" content="index, follow, max-image-preview:large"/>
<link rel="canonical" href="https://www.example.com/shop/shoes"/>
<link rel="preload" href="/_next/static/css/a1.css" as="style"/>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Shop"},{"@type":["WebPage","CollectionPage"]}]}</script>
<script type="application/ld+json">[{"@type":"BreadcrumbList"},{"@type":"Product","name":"Boot"}]</script>
<noscript data-n-css=""></noscript><script defer="" nomodule="" src="/_next/static/chunks/polyfills.js"></script>
<script src="/_next/static/chunks/webpack.js" defer=""></script></head>
<body><div id="__next"><header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
<main><h1>Red  shoes
 &amp; <em>boots</em></h1><p>Forty pairs in stock, shipped in two days.</p>
<template><p>A template's text is no page text</p><h1>Not the heading</h1></template></main></div>
<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}},"page":"/shop/[slug]"}</script>
</body></html>`

const CRA_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"/>
<link rel="icon" href="/favicon.ico"/><title>React App</title>
<script defer="defer" src="/static/js/main.8f2a.js"></script>
<link href="/static/css/main.1c2d.css" rel="stylesheet"></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`

const PRERENDER_404 = `<html><head><meta name="prerender-status-code" content="404">
<title>Page not found | Shop</title></head><body><div id="app"><h1>Oops!</h1>
<p>We looked everywhere.</p></div></body></html>`

const PAGES: Readonly<Record<string, string>> = {
  'a Next.js page': NEXT_PAGE,
  'a Create React App shell': CRA_SHELL,
  'a prerender soft 404': PRERENDER_404,
  'a page with a base': `<head><base href="https://cdn.example.net/v2/"><link rel="Alternate Canonical" href="page?a=1&amp;b=2"></head><body>x</body>`,
  'entities and characters cut anywhere': `<title>caf&eacute; &#x1F600; \u{1F600} &amp</title><h1>\u{1F680}&nbsp;go</h1><p>d&eacute;j&agrave; \u{1F600}\u{1F600}</p>`,
  'broken and long structured data': `<script type="application/ld+json">{"@type": "Product",</script><script type="application/ld+json">${'{"@type":"Thing"}'.padEnd(MAX_BLOCK_CHARS + 1, ' ')}</script><script type="application/ld+json">{"@type":"Event"}</script>`,
  'an unfinished page': `<title>Cut</title><h1>Cut <b>here`,
  'an unfinished tag after a stray <': `<p>a <<x</`
}

describe('the facts of a render', () => {
  it('of a Next.js page: its text, title, heading, robots, canonical and structured data', () => {
    const read = facts(NEXT_PAGE)
    expect(read).toEqual({
      visibleChars: expect.any(Number),
      title: 'Red shoes & boots | Shop',
      heading: 'Red shoes & boots',
      robots: [
        { agent: '*', directives: ['index', 'follow', 'max-image-preview:large'], source: 'meta' }
      ],
      canonical: 'https://www.example.com/shop/shoes',
      structuredData: {
        blocks: 2,
        broken: 0,
        unjudged: 0,
        types: ['BreadcrumbList', 'CollectionPage', 'Organization', 'Product', 'WebPage']
      },
      shell: { mountPoints: 1, emptyMountPoints: 0, noscriptChars: 0, scripts: 2 }
    })
    // "Home Shop Red shoes & boots Forty pairs in stock, shipped in two days.": no template text.
    expect(read.visibleChars).toBe(
      'Home Shop Red shoes & bootsForty pairs in stock, shipped in two days.'.length
    )
  })

  it("of a Create React App shell: an empty mount point, the noscript's text apart", () => {
    const read = facts(CRA_SHELL)
    expect(read.visibleChars).toBe(0)
    expect(read.title).toBe('React App')
    expect(read.heading).toBeUndefined()
    expect(read.shell).toEqual({
      mountPoints: 1,
      emptyMountPoints: 1,
      noscriptChars: 'You need to enable JavaScript to run this app.'.length,
      scripts: 1
    })
  })

  it('of a prerender soft 404: the status its meta asks for', () => {
    const read = facts(PRERENDER_404)
    expect(read.statusMeta).toBe(404)
    expect(read.title).toBe('Page not found | Shop')
    expect(read.heading).toBe('Oops!')
    expect(read.shell).toMatchObject({ mountPoints: 1, emptyMountPoints: 0 })
  })

  it('a mount point holding only scripts or white space is empty; one with text or an element is not', () => {
    const shell = (html: string) => facts(html).shell
    expect(shell('<div id="__next">\n  <script>1</script></div>')).toMatchObject({
      mountPoints: 1,
      emptyMountPoints: 1,
      scripts: 1
    })
    expect(shell('<div id="app">Loading</div>').emptyMountPoints).toBe(0)
    expect(shell('<div id="app"><div class="spinner"></div></div>').emptyMountPoints).toBe(0)
    expect(shell('<app-root></app-root><div ng-version="17.0.0"></div>')).toMatchObject({
      mountPoints: 2,
      emptyMountPoints: 2
    })
    // A <p> mount point is closed by the <div> after it: the div is not its child.
    expect(shell('<p id="root"><div>Beside it</div>')).toMatchObject({
      mountPoints: 1,
      emptyMountPoints: 1
    })
    expect(shell('<div id="main"></div><div id="Root"></div>').mountPoints).toBe(0)
    expect(shell('<template><div id="root"></div></template>').mountPoints).toBe(0)
  })

  it('counts the scripts that run, not data, JSON-LD or empty ones', () => {
    const scripts = (html: string) => facts(html).shell.scripts
    expect(scripts('<script src="/a.js"></script><script type="module">go()</script>')).toBe(2)
    expect(scripts('<script type="application/json">{}</script><script> </script>')).toBe(0)
    expect(scripts('<script type="text/plain" src="/consent.js"></script>')).toBe(0)
    expect(scripts('<noscript><script src="/a.js"></script></noscript>')).toBe(0)
  })

  it('reads the visible text: collapsed, entities decoded, not scripts, styles or titles', () => {
    const text = (html: string) => facts(html).visibleChars
    expect(text('<p>  a \n\t b  </p>')).toBe(3)
    expect(text('<p>a&nbsp;&amp;&nbsp;b</p>')).toBe(5)
    expect(text('<script>var x = 1</script><style>p{}</style><title>T</title>')).toBe(0)
    expect(text('<iframe>fallback</iframe><noembed>x</noembed><textarea>typed</textarea>')).toBe(5)
    expect(text('<svg><title>an icon</title><text>chart</text></svg>')).toBe(5)
    expect(text('<p>\u{1F600}</p>')).toBe(1)
    expect(text(`<p>${'word '.repeat(300_000)}</p>`)).toBe(1_000_000)
  })

  it('keeps the first title and h1, bounded, without control characters', () => {
    const read = facts(
      `<title>\u0007First\u202e  title</title><title>Second</title><h1>A <span>heading</span></h1><h1>Two</h1>`
    )
    expect(read.title).toBe('First title')
    expect(read.heading).toBe('A heading')
    const long = facts(`<title>${'\u{1F600}'.repeat(300)}</title><h1>${'x'.repeat(500)}</h1>`)
    expect([...(long.title ?? '')]).toHaveLength(MAX_QUOTED_CHARS)
    expect(long.heading).toHaveLength(MAX_QUOTED_CHARS)
    // An <h1> closed by the next heading's start tag ends the heading.
    expect(facts('<h1>One<h2>Two</h2>').heading).toBe('One')
    expect(facts('<svg><title>icon</title></svg><p>x').title).toBeUndefined()
    expect(facts('<p>x').title).toBeUndefined()
    expect(facts('<title></title>').title).toBe('')
  })

  it('reads robots metas for every crawler and for named ones, not for others', () => {
    const read = facts(`<meta name="ROBOTS" content=" NoIndex ,nofollow,, ">
<meta name="googlebot" content="noarchive"><meta name="googlebot-news" content="nosnippet">
<meta name="robots" content="noindex, noimageindex"><meta name="description" content="noindex">
<meta name="somebot" content="noindex"><template><meta name="bingbot" content="noindex"></template>`)
    expect(read.robots).toEqual([
      { agent: '*', directives: ['noindex', 'nofollow', 'noimageindex'], source: 'meta' },
      { agent: 'googlebot', directives: ['noarchive'], source: 'meta' },
      { agent: 'googlebot-news', directives: ['nosnippet'], source: 'meta' }
    ])
  })

  it('resolves the canonical URL against the page, or its base; ignores what does not parse', () => {
    const canonical = (html: string) => facts(html).canonical
    expect(canonical('<link rel="canonical" href="/shop/shoes">')).toBe(
      'https://www.example.com/shop/shoes'
    )
    expect(canonical('<link rel=canonical href="?color=blue">')).toBe(
      'https://www.example.com/shop/shoes?color=blue'
    )
    expect(canonical('<link rel="CANONICAL" href="https://other.example/x">')).toBe(
      'https://other.example/x'
    )
    expect(canonical(PAGES['a page with a base'] ?? '')).toBe(
      'https://cdn.example.net/v2/page?a=1&b=2'
    )
    expect(
      canonical('<link rel=canonical href="https://[bad"><link rel=canonical href="/second">')
    ).toBe('https://www.example.com/second')
    expect(canonical('<link rel=canonical href="javascript:void(0)">')).toBeUndefined()
    expect(canonical('<link rel=canonical href="https://u:p@www.example.com/a">')).toBe(
      'https://www.example.com/a'
    )
    expect(canonical('<link rel=canonicalish href="/x"><link rel=canonical>')).toBeUndefined()
    expect(canonical('<template><link rel=canonical href="/t"></template>')).toBeUndefined()
    expect(canonical('<base href="javascript:x"><link rel=canonical href="/b">')).toBe(
      'https://www.example.com/b'
    )
  })

  it('reads JSON-LD: arrays, @graph, broken blocks, blocks over the cap or cut off', () => {
    expect(facts(PAGES['broken and long structured data'] ?? '').structuredData).toEqual({
      blocks: 2,
      broken: 1,
      unjudged: 1,
      types: ['Event']
    })
    expect(facts('<script type="application/ld+json">{"@type":"Cut"').structuredData).toEqual({
      blocks: 0,
      broken: 0,
      unjudged: 1,
      types: []
    })
    const types = Array.from({ length: 30 }, (_, i) => `"T${String(i).padStart(2, '0')}"`)
    const many = facts(
      `<script type="Application/LD+JSON; charset=utf-8">{"@type":[${types.join(',')}, 7]}</script>
<script type="application/ld+json">  </script>
<template><script type="application/ld+json">{</script></template>`
    ).structuredData
    expect(many).toMatchObject({ blocks: 2, broken: 1 })
    expect(many.types).toHaveLength(20)
    expect(many.types[0]).toBe('T00')
  })

  it('judges the first 100 JSON-LD blocks of a page, and counts the rest not judged', () => {
    const blocks = '<script type="application/ld+json">{</script>'.repeat(150)
    expect(facts(blocks).structuredData).toEqual({
      blocks: 100,
      broken: 100,
      unjudged: 50,
      types: []
    })
  })

  it('reads nothing inside <template>', () => {
    const read = facts(`<template><title>T</title><h1>H</h1><p>text</p>
<meta name="robots" content="noindex"><meta name="prerender-status-code" content="404">
<script type="application/ld+json">{</script><script src="/a.js"></script></template><p>ok</p>`)
    expect(read).toEqual({
      visibleChars: 2,
      robots: [],
      structuredData: { blocks: 0, broken: 0, unjudged: 0, types: [] },
      shell: { mountPoints: 0, emptyMountPoints: 0, noscriptChars: 0, scripts: 0 }
    })
  })

  it.each(Object.keys(PAGES))('%s: the same facts in chunks of 1, 2, 3 and 7 characters', name => {
    const html = PAGES[name] ?? ''
    const whole = facts(html)
    for (const size of [1, 2, 3, 7]) {
      expect({ size, facts: factsOf(inPieces(html, size)) }).toEqual({ size, facts: whole })
    }
  })

  it('on pages made at random of the pieces facts are read from, cut at random', () => {
    const pieces = [
      '<',
      '>',
      '/>',
      '</',
      ' ',
      '\n',
      'x',
      'word',
      '&amp;',
      '&nbsp',
      '&#x1F600;',
      '\u{1F600}',
      '\u202e',
      '"',
      '<title>',
      '</title>',
      '<h1>',
      '</h1>',
      '<h2>',
      '<p>',
      '</p>',
      '<div id="root">',
      '<div id=app>',
      '</div>',
      '<app-root>',
      '<template>',
      '</template>',
      '<noscript>',
      '</noscript>',
      '<script>',
      '<script src=/a.js>',
      '<script type="application/ld+json">',
      '</script>',
      '{"@type":"Thing"}',
      '[{"@type":["A","B"]}]',
      '{"@graph":[{"@type":"C"}]}',
      '<style>',
      '</style>',
      '<svg>',
      '</svg>',
      '<meta name=robots content="noindex, nofollow">',
      '<meta name=googlebot content=none>',
      '<meta name=prerender-status-code content=404>',
      '<link rel=canonical href=/c>',
      '<base href=/b/>',
      '<!--',
      '-->'
    ]
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }),
        (parts, sizes) => {
          const html = parts.join('')
          const chunks = inChunks(html, sizes)
          expect({ html, chunks, facts: factsOf(chunks) }).toEqual({
            html,
            chunks,
            facts: facts(html)
          })
        }
      ),
      fuzzParameters({ perCommit: 500, full: 20_000 }, 20_261_207)
    )
  })

  it('reads the references and the facts in one pass, the references as the asset reader does', () => {
    const scope = { siteOrigin: 'https://www.example.com', hosts: [] }
    const both = new PageBodyReader(PAGE, { references: scope, facts: true })
    const alone = new PageBodyReader(PAGE, { references: scope })
    for (const chunk of inPieces(NEXT_PAGE, 5)) {
      both.push(chunk)
      alone.push(chunk)
    }
    const read = both.end()
    expect(read.references).toEqual(alone.end().references)
    expect(read.facts).toEqual(facts(NEXT_PAGE))
    expect(new PageBodyReader(PAGE, { references: scope }).end()).toEqual({
      references: { assets: [], otherHosts: [], capped: false }
    })
  })
})

describe('X-Robots-Tag', () => {
  it('reads each header, each crawler it names, and unavailable_after as a directive', () => {
    expect(
      robotsFromHeaders({
        'content-type': 'text/html',
        'X-Robots-Tag': [
          'noindex, nofollow',
          'googlebot: noarchive, NoSnippet, bingbot: noindex',
          'unavailable_after: 25 Jun 2010 15:00:00 PST',
          'unavailable_after: Wed, 25 Jun 2010 15:00:00 GMT, max-snippet: 20'
        ]
      })
    ).toEqual([
      {
        agent: '*',
        directives: [
          'noindex',
          'nofollow',
          'unavailable_after: 25 jun 2010 15:00:00 pst',
          'unavailable_after: wed, 25 jun 2010 15:00:00 gmt',
          'max-snippet: 20'
        ],
        source: 'header'
      },
      { agent: 'googlebot', directives: ['noarchive', 'nosnippet'], source: 'header' },
      { agent: 'bingbot', directives: ['noindex'], source: 'header' }
    ])
  })

  it('reads a value Node joined from repeated headers, and none at all', () => {
    expect(robotsFromHeaders({ 'x-robots-tag': 'googlebot: none' })).toEqual([
      { agent: 'googlebot', directives: ['none'], source: 'header' }
    ])
    expect(robotsFromHeaders({ 'x-robots-tag': ' , ' })).toEqual([])
    expect(robotsFromHeaders({})).toEqual([])
  })

  it('is bounded: rules, directives and their length', () => {
    const agents = Array.from({ length: 50 }, (_, i) => `bot${i}: noindex`).join(', ')
    const directives = Array.from({ length: 50 }, (_, i) => `d${i}`).join(', ')
    const rules = robotsFromHeaders({ 'x-robots-tag': [agents, directives, 'x'.repeat(500)] })
    expect(rules).toHaveLength(20)
    expect(robotsFromHeaders({ 'x-robots-tag': directives })[0]?.directives).toHaveLength(20)
    expect(robotsFromHeaders({ 'x-robots-tag': 'y'.repeat(500) })).toEqual([])
  })

  it("joins the headers' rules to the render's metas'", () => {
    const read = facts('<meta name="robots" content="noindex">')
    expect(withHeaderRobots(read, { 'x-robots-tag': 'nofollow' }).robots).toEqual([
      { agent: '*', directives: ['noindex'], source: 'meta' },
      { agent: '*', directives: ['nofollow'], source: 'header' }
    ])
    expect(withHeaderRobots(read, {})).toBe(read)
  })
})
