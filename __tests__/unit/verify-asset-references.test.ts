import { describe, expect, it } from '@jest/globals'
import type { AssetScope, PageReferences } from '../../src/verify/assets/page-references.js'
import { PageBodyReader } from '../../src/verify/render/page-body-reader.js'
import {
  MAX_OTHER_HOSTS_PER_PAGE,
  MAX_REFERENCES_PER_PAGE
} from '../../src/verify/assets/asset-results.js'

const PAGE = new URL('https://www.example.com/blog/post/')
const SCOPE: AssetScope = {
  siteOrigin: 'https://www.example.com',
  hosts: ['static.example.com', 'fonts.example.net:8443']
}

function read(chunks: readonly string[], scope = SCOPE): PageReferences {
  const reader = new PageBodyReader(PAGE, { references: scope })
  for (const chunk of chunks) reader.push(chunk)
  const { references } = reader.end()
  if (references === undefined) throw new Error('no references read')
  return references
}

/** The same document read whole, and split in two at every position: the same references. */
function readEverySplit(html: string): PageReferences {
  const whole = read([html])
  for (let at = 0; at <= html.length; at++) {
    expect({ at, refs: read([html.slice(0, at), html.slice(at)]) }).toEqual({ at, refs: whole })
  }
  // And one character at a time.
  expect(read([...html])).toEqual(whole)
  return whole
}

describe('the assets a page references', () => {
  it('finds scripts, stylesheets, module preloads and preloaded fonts, at any chunk boundary', () => {
    const html = `<!doctype html><html><head>
<script type="module" src="/assets/app.1a2b.js"></script>
<LINK REL=stylesheet HREF='/assets/app.1a2b.css'>
<link rel="modulepreload" href="chunk-vendor.1a2b.js">
<link rel=preload as=font type=font/woff2 crossorigin href="/assets/font.1a2b.woff2">
<link rel="preload" as="image" href="/hero.png">
<link rel="icon" href="/favicon.ico">
<link rel="alternate stylesheet" href="/print.css">
<link rel="preload" as="style" href="/late.css">
<link rel="preload" as="script" href="/late.js">
</head><body><p title="a > b">x</p></body></html>`
    expect(readEverySplit(html)).toEqual({
      assets: [
        { url: 'https://www.example.com/assets/app.1a2b.js', kind: 'script', module: true },
        { url: 'https://www.example.com/assets/app.1a2b.css', kind: 'stylesheet' },
        { url: 'https://www.example.com/blog/post/chunk-vendor.1a2b.js', kind: 'modulepreload' },
        {
          url: 'https://www.example.com/assets/font.1a2b.woff2',
          kind: 'font',
          crossOrigin: 'anonymous'
        },
        { url: 'https://www.example.com/late.css', kind: 'stylesheet' },
        { url: 'https://www.example.com/late.js', kind: 'script' }
      ],
      otherHosts: [],
      capped: false
    })
  })

  it('resolves against the first <base href>, and decodes entities in attribute values', () => {
    const html = `<base href="https://static.example.com/v2/"><base href="/ignored/">
<script src="app.js?a=1&amp;b=2&#x26;c=3&#38;d"></script>
<link rel=stylesheet href="&#47;site.css#top">`
    expect(readEverySplit(html).assets).toEqual([
      { url: 'https://static.example.com/v2/app.js?a=1&b=2&c=3&d', kind: 'script' },
      { url: 'https://static.example.com/site.css', kind: 'stylesheet' }
    ])
  })

  it('skips comments and what <script> and <style> hold', () => {
    const html = `<!-- <script src="/commented.js"></script> -->
<script>document.write('<script src="/written.js"><\\/script>')</script>
<style>/* <link rel=stylesheet href="/in-style.css"> */</style>
<SCRIPT>var s = "<link rel=stylesheet href='/in-script.css'>"</SCRIPT >
<script src="/real.js"></script>`
    expect(readEverySplit(html).assets).toEqual([
      { url: 'https://www.example.com/real.js', kind: 'script' }
    ])
  })

  it('keeps the site and the named hosts, counts third parties, and keeps each asset once', () => {
    const html = `<script src="https://cdn.third-party.example/widget.js"></script>
<script src="//static.example.com/a.js"></script>
<script src="https://fonts.example.net:8443/f.js"></script>
<script src="https://fonts.example.net/other-port.js"></script>
<script src="http://www.example.com/insecure.js"></script>
<script src="/a.js"></script><script src="/a.js#again"></script>
<script src="javascript:void(0)"></script>`
    expect(readEverySplit(html)).toEqual({
      assets: [
        { url: 'https://static.example.com/a.js', kind: 'script' },
        { url: 'https://fonts.example.net:8443/f.js', kind: 'script' },
        { url: 'https://www.example.com/a.js', kind: 'script' }
      ],
      // Each once, by origin and path.
      otherHosts: [
        'https://cdn.third-party.example/widget.js',
        'https://fonts.example.net/other-port.js',
        'http://www.example.com/insecure.js'
      ],
      capped: false
    })
  })

  it('leaves out what a browser would not load, or must not be asked for', () => {
    const html = `<base href="data:text/html,x">
<script type="text/plain" src="/consent.js"></script>
<script type="application/ld+json" src="/data.json"></script>
<script type="text/javascript" src="/classic.js"></script>
<noscript><link rel=stylesheet href="/noscript.css"></noscript>
<template><script src="/template.js"></script></template>
<script src="#"></script><script src="?"></script>
<script src="https://user:secret@www.example.com/creds.js"></script>
<script src="http://static.example.com/mixed.js"></script>`
    expect(readEverySplit(html)).toEqual({
      // The data: base is ignored: relative references resolve against the page.
      assets: [{ url: 'https://www.example.com/classic.js', kind: 'script' }],
      // The user name and password are left out of what is counted (and could be shown).
      otherHosts: ['https://www.example.com/creds.js', 'http://static.example.com/mixed.js'],
      capped: false
    })
  })

  it('checks one URL referenced as two kinds as each', () => {
    const html = '<link rel=preload as=font href="/same.bin"><script src="/same.bin"></script>'
    expect(read([html]).assets).toEqual([
      { url: 'https://www.example.com/same.bin', kind: 'font' },
      { url: 'https://www.example.com/same.bin', kind: 'script' }
    ])
  })

  it('keeps at most MAX_REFERENCES_PER_PAGE assets a page, and says so', () => {
    const html = Array.from(
      { length: MAX_REFERENCES_PER_PAGE + 5 },
      (_, i) => `<script src="/s${i}.js"></script>`
    ).join('')
    const refs = read([html])
    expect(refs.assets).toHaveLength(MAX_REFERENCES_PER_PAGE)
    expect(refs.capped).toBe(true)
  })

  it('reads on after a long tag split across chunks, and a tag left unfinished is no element', () => {
    const long = `<div data-x="${'a'.repeat(64 * 1024)}">`
    const chunks = [long.slice(0, 1000), long.slice(1000), '<script src="/after.js"></script>']
    expect(read(chunks).assets).toEqual([
      { url: 'https://www.example.com/after.js', kind: 'script' }
    ])
    expect(
      read(['<script src="/a.js"></script><link rel=stylesheet href="/cut.css"']).assets
    ).toEqual([{ url: 'https://www.example.com/a.js', kind: 'script' }])
  })

  it('decodes every character reference in an attribute, named or numeric', () => {
    // (A newline, &NewLine;, is one the URL parser drops, as browsers do.)
    const html = '<script src="/a&period;js?x=1&amp;y=&quot;2&quot;&NewLine;&#x2F;z"></script>'
    expect(read([html]).assets).toEqual([
      { url: 'https://www.example.com/a.js?x=1&y=%222%22/z', kind: 'script' }
    ])
  })
})

describe('the assets on other hosts a page names', () => {
  it('are kept up to MAX_OTHER_HOSTS_PER_PAGE, the first ones; the rest are counted', () => {
    const third = (i: number) => `<script src="https://cdn.third-party.example/w.${i}.js"></script>`
    const names = Array.from({ length: 10_000 }, (_, i) => third(i))
    // A kept one named again is not left out; the site's own assets are still read after them.
    const html = `${names.join('')}${third(0)}<script src="/after.js"></script>`
    const refs = read([html])
    expect(refs.otherHosts).toHaveLength(MAX_OTHER_HOSTS_PER_PAGE)
    expect(refs.otherHosts[0]).toBe('https://cdn.third-party.example/w.0.js')
    expect(refs.otherHosts.at(-1)).toBe(
      `https://cdn.third-party.example/w.${MAX_OTHER_HOSTS_PER_PAGE - 1}.js`
    )
    expect(refs.otherHostsLeftOut).toBe(10_000 - MAX_OTHER_HOSTS_PER_PAGE)
    expect(refs.assets).toEqual([{ url: 'https://www.example.com/after.js', kind: 'script' }])
  })

  it('are all kept, and none counted as left out, below the bound', () => {
    const refs = read(['<script src="https://cdn.third-party.example/w.js"></script>'])
    expect(refs).toEqual({
      assets: [],
      otherHosts: ['https://cdn.third-party.example/w.js'],
      capped: false
    })
  })
})

describe('how an element asks for its asset', () => {
  it('tells a module script from a classic one, and reads crossorigin as a browser does', () => {
    const html = `<script type="module" src="/m.js"></script><script src="/c.js"></script>
<script src="/anonymous.js" crossorigin></script>
<script src="/anonymous-2.js" crossorigin="Anonymous"></script>
<script src="/invalid.js" crossorigin="bogus"></script>
<script src="/credentials.js" crossorigin="USE-CREDENTIALS" crossorigin="anonymous"></script>
<script type=MODULE src="/m2.js" crossorigin=use-credentials></script>
<link rel=stylesheet href="/s.css" crossorigin=use-credentials>
<link rel=modulepreload href="/mp.js"><link rel=preload as=font href="/f.woff2" crossorigin>`
    const site = 'https://www.example.com'
    expect(readEverySplit(html).assets).toEqual([
      { url: `${site}/m.js`, kind: 'script', module: true },
      { url: `${site}/c.js`, kind: 'script' },
      { url: `${site}/anonymous.js`, kind: 'script', crossOrigin: 'anonymous' },
      { url: `${site}/anonymous-2.js`, kind: 'script', crossOrigin: 'anonymous' },
      { url: `${site}/invalid.js`, kind: 'script', crossOrigin: 'anonymous' },
      { url: `${site}/credentials.js`, kind: 'script', crossOrigin: 'use-credentials' },
      { url: `${site}/m2.js`, kind: 'script', module: true, crossOrigin: 'use-credentials' },
      { url: `${site}/s.css`, kind: 'stylesheet', crossOrigin: 'use-credentials' },
      { url: `${site}/mp.js`, kind: 'modulepreload' },
      { url: `${site}/f.woff2`, kind: 'font', crossOrigin: 'anonymous' }
    ])
  })

  it('checks one URL asked for as a classic script, a module, and with CORS as each', () => {
    const html = `<script src="/app.js"></script><script type=module src="/app.js"></script>
<script src="/app.js" crossorigin></script><script src="/app.js" crossorigin=anonymous></script>`
    expect(read([html]).assets).toEqual([
      { url: 'https://www.example.com/app.js', kind: 'script' },
      { url: 'https://www.example.com/app.js', kind: 'script', module: true },
      { url: 'https://www.example.com/app.js', kind: 'script', crossOrigin: 'anonymous' }
    ])
  })

  it('checks a font once, with or without crossorigin: a font is always fetched with CORS', () => {
    const html = `<link rel=preload as=font href="/f.woff2"><link rel=preload as=font href="/f.woff2" crossorigin>`
    expect(read([html]).assets).toEqual([{ url: 'https://www.example.com/f.woff2', kind: 'font' }])
  })
})
