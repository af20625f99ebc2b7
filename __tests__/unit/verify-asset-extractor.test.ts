/**
 * The reference extractor reads pages on htmlparser2's tokenizer, with the tree of open
 * elements kept at a bounded cost per tag (open-elements.ts). It must find exactly what the
 * extractor on htmlparser2's `Parser` found, whose end tags searched the stack of open elements
 * (a page of `<div>` x N then `</p>` x N cost N x N): that extractor is kept here, as it was,
 * and both read the same pages, in the same chunks, side by side.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { Parser } from 'htmlparser2'
import { MAX_OPEN_ELEMENTS } from '../../src/verify/html/open-elements.js'
import {
  readElement,
  ReferenceTags,
  type ExtractorSink
} from '../../src/verify/assets/reference-extractor.js'
import { TagStream } from '../../src/verify/html/tag-stream.js'
import { fuzzParameters } from '../support/fuzz.js'
import { inChunks } from '../support/chunks.js'

type Found = readonly (readonly ['base', string] | readonly ['reference', unknown])[]

function recorder(): { sink: ExtractorSink; found: Found } {
  const found: (['base', string] | ['reference', unknown])[] = []
  return {
    sink: {
      base: href => found.push(['base', href]),
      reference: reference => found.push(['reference', reference])
    },
    found
  }
}

/** The references alone on the tag stream: the checks' reader, without the render's. */
class ReferenceExtractor {
  private readonly stream: TagStream

  constructor(sink: ExtractorSink) {
    this.stream = new TagStream([new ReferenceTags(sink)])
  }

  push(chunk: string): void {
    this.stream.push(chunk)
  }

  end(): void {
    this.stream.end()
  }
}

/** The extractor on htmlparser2's Parser, as it was: its tree, its close tags, its stack. */
class ParserExtractor {
  private readonly parser: Parser
  private inert = 0

  constructor(sink: ExtractorSink) {
    this.parser = new Parser(
      {
        onopentag: (name, attributes) => {
          if (name === 'template' || name === 'noscript') this.inert++
          else if (this.inert === 0) readElement(name, key => attributes[key], sink)
        },
        onclosetag: name => {
          if ((name === 'template' || name === 'noscript') && this.inert > 0) this.inert--
        }
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }
    )
  }

  push(chunk: string): void {
    this.parser.write(chunk)
  }

  end(): void {
    this.parser.end()
  }
}

function readWith(
  Extractor: new (sink: ExtractorSink) => { push(chunk: string): void; end(): void },
  chunks: readonly string[]
): Found {
  const { sink, found } = recorder()
  const extractor = new Extractor(sink)
  for (const chunk of chunks) extractor.push(chunk)
  extractor.end()
  return found
}

const tokenizer = (chunks: readonly string[]) => readWith(ReferenceExtractor, chunks)
const parser = (chunks: readonly string[]) => readWith(ParserExtractor, chunks)

/** The page whole, split in two at every position, in chunks of 1, 2, 3 and 7 characters. */
function chunkings(html: string): string[][] {
  const inPieces = (size: number) =>
    Array.from({ length: Math.ceil(html.length / size) }, (_, i) =>
      html.slice(i * size, (i + 1) * size)
    )
  const splits = Array.from({ length: html.length + 1 }, (_, at) => [
    html.slice(0, at),
    html.slice(at)
  ])
  return [[html], ...splits, inPieces(1), inPieces(2), inPieces(3), inPieces(7)]
}

/** Realistic pages, and pages written to trip a tokenizer or a tree. */
const PAGES: Readonly<Record<string, string>> = {
  'a built app': `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Shop &amp; more</title>
<base href="/app/">
<link rel="preconnect" href="https://fonts.example.net">
<link rel="stylesheet" href="assets/index.4f2a.css" crossorigin>
<link rel="modulepreload" href="assets/vendor.91ab.js">
<link rel="preload" href="/fonts/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous">
<script type="module" crossorigin src="assets/index.77c1.js"></script>
<script nomodule src="assets/legacy.77c1.js"></script>
<script type="application/ld+json">{"@context":"https://schema.org","name":"<b>x</b>"}</script>
</head><body><div id="app"><noscript><img src="/pixel.gif"><link rel=stylesheet href="/noscript.css"></noscript></div>
<script>window.__STATE__ = "<script src='/in-a-string.js'></script>"</script>
<script async src="https://cdn.third-party.example/widget.js?id=42&amp;v=2"></script>
</body></html>`,
  'the existing tests': `<!doctype html><html><head>
<script type="module" src="/assets/app.1a2b.js"></script>
<LINK REL=stylesheet HREF='/assets/app.1a2b.css'>
<link rel="modulepreload" href="chunk-vendor.1a2b.js">
<link rel=preload as=font type=font/woff2 crossorigin href="/assets/font.1a2b.woff2">
<link rel="preload" as="image" href="/hero.png"><link rel="icon" href="/favicon.ico">
<link rel="alternate stylesheet" href="/print.css">
<link rel="preload" as="style" href="/late.css"><link rel="preload" as="script" href="/late.js">
</head><body><p title="a > b">x</p>
<base href="https://static.example.com/v2/"><base href="/ignored/">
<script src="app.js?a=1&amp;b=2&#x26;c=3&#38;d"></script>
<link rel=stylesheet href="&#47;site.css#top">
<script type="text/plain" src="/consent.js"></script>
<template><script src="/template.js"></script></template>
<script src="/a&period;js?x=1&amp;y=&quot;2&quot;&NewLine;&#x2F;z"></script></body></html>`,
  'comments holding tags': `<!-- <script src="/commented.js"></script> -->
<!--><script src="/after-abrupt-comment.js"></script>
<!---><script src="/after-abrupt-comment-2.js"></script>
<!-- a --!><script src="/after-bang-comment.js"></script>
<!-- -- > still a comment <script src="/still.js"> --><script src="/after-dashes.js"></script>
<! bogus <script src="/bogus.js"> ><script src="/after-bogus.js"></script>
<?php echo '<link rel=stylesheet href="/php.css">' ?><script src="/after-pi.js"></script>
<![CDATA[ <script src="/cdata.js"></script> ]]><script src="/after-cdata.js"></script>
<!DOCTYPE html SYSTEM "about:legacy-compat"><script src="/after-doctype.js"></script>
<!-- never closed <script src="/unclosed-comment.js"></script>`,
  'scripts and styles holding tags': `<script>document.write('<script src="/written.js"><\\/script>')</script>
<script>var end = "</scr" + "ipt>"; var s = '<link rel=stylesheet href="/in-script.css">'</script>
<script src="/after-split.js"></script>
<SCRIPT>var t = "</SCRIPTX>"</SCRIPT ><script src="/after-upper.js"></script>
<script>if (a <</script ><script src="/after-lt.js"></script>
<style>/* <link rel=stylesheet href="/in-style.css"> */ a::after { content: "</styl" }</style>
<textarea><script src="/in-textarea.js"></script> &amp; </textarea>
<title><link rel=stylesheet href="/in-title.css"></title>
<xmp><script src="/in-xmp.js"></script></xmp><iframe><script src="/in-iframe.js"></script></iframe>
<noembed><script src="/in-noembed.js"></script></noembed>
<noframes><script src="/in-noframes.js"></script></noframes>
<script/><script src="/after-self-closed-script.js"></script>
<script src="/real.js"></script>
<plaintext><script src="/in-plaintext.js"></script>`,
  'attributes every way': `<script src=/unquoted.js?x=1&y=2 type=module></script>
<script src = "/spaced.js" ></script><script
src=/newline.js></script><script/src=/slashed.js></script>
<link rel=stylesheet href=/a/b.css/><link	rel="STYLESHEET"	href="/tabs.css">
<script src="/first.js" src="/second.js"></script>
<link rel=stylesheet rel=icon href=/dup-rel.css href=/dup-href.css>
<script SRC='/single.js' TYPE="TEXT/JAVASCRIPT"></script>
<script src="/empty-type.js" type=""></script><script src="  /padded.js  "></script>
<script src></script><script src=""></script><link rel=stylesheet>
<script type=" module " src="/spaced-module.js"></script>
<script src="/x.js" type="text/javascript; charset=utf-8"></script>
<script =x src="/odd-attribute.js"></script><script "quoted"=x src="/odd-2.js"></script>
<link rel=" preload  " as=" FONT " href="/spaced-preload.woff2">
<link rel="preload stylesheet" href="/both.css"><link rel="modulepreload stylesheet" href="/ms.js">`,
  'entities in URLs': `<script src="/e.js?a=1&amp;b=2&ampc=3&amp=4&lt;&gt&notin;&notit;&not=5"></script>
<script src="/n.js?&#0;&#x110000;&#xD800;&#128;&#x80;&#65;&#x41"></script>
<script src=/u.js?x=&quot;y&quot;&></script><link rel=stylesheet href="&#x2f;&#X2F;ent.css">
<script src="&#47;&#47;static.example.com/cross.js"></script>
<script src="/amp-at-end.js?x&"></script><script src="/semi.js?&;"></script>`,
  'upper and mixed case': `<HTML><HEAD><SCRIPT SRC="/UPPER.JS"></SCRIPT><LiNk ReL=StyleSheet HrEf=/Mixed.css>
<BASE HREF="https://static.example.com/"><TEMPLATE><SCRIPT SRC="/in-upper-template.js"></SCRIPT></TEMPLATE>
<NoScript><LINK REL=STYLESHEET HREF="/in-noscript.css"></NOSCRIPT><SCRIPT SRC="/after.js"></SCRIPT>`,
  'templates and noscript nested': `<template><template></template><script src="/still-inside.js"></script></template>
<script src="/outside.js"></script>
<template><noscript></template><script src="/after-mixed.js"></script></noscript><script src="/after-noscript.js"></script>
<noscript><noscript></noscript><script src="/inner-noscript.js"></script></noscript><script src="/after-nested-noscript.js"></script>
<div><template></div><script src="/after-div-closes-template.js"></script>
<p><noscript></p><script src="/after-p-closes-noscript.js"></script>
<template><base href="https://elsewhere.example/"></template><script src="/not-rebased.js"></script>
</template></noscript><script src="/after-stray-ends.js"></script>
<template><template><template><script src="/deep.js"></script></template></template><script src="/deep-2.js"></script></template>
<script src="/after-all.js"></script>`,
  'svg and mathml': `<svg><script src="/svg-script.js"/><title/><script src="/after-svg-title.js"></script></svg>
<svg><style><link rel=stylesheet href="/svg-style.css"></style></svg>
<svg><foreignObject><script src="/foreign-object.js"></script><title>x</title></foreignObject><script src="/back-in-svg.js"/></svg>
<math><mi><script src="/mi.js"></script></mi><script src="/math.js"/></math>
<svg><![CDATA[<script src="/svg-cdata.js"></script>]]></svg><script src="/after-svg.js"></script>
<svg><template/><script src="/after-svg-template.js"/></svg><svg/><script src="/after-self-closed-svg.js"></script>
<svg><desc><template></desc><script src="/svg-after-desc.js"/></svg><script src="/page-after-svg.js"></script>
<svg><clipPath><foreignobject><script src="/fo-lower.js"></script></FOREIGNOBJECT></clippath></svg>
<image src="/image-is-img.png"></image><template></image><script src="/image-end.js"></script></template>
<svg><foreignObject><style><script src="/fo-raw-style.js"></script></style><template/><script src="/fo-self.js"></script></template></foreignObject></svg>`,
  'a tree closing itself': `<table><tr><td><template><tr><td></template><script src="/t1.js"></script></td></tr></table>
<ul><li><noscript><li></noscript><script src="/li.js"></script></ul>
<form><form><template></form><script src="/after-forms.js"></script></template></form>
<form><form></form><template></form><script src="/form-in-form-dropped.js"></script></template>
<p></p></p></br><br></br><script src="/after-p-br.js"></script>
<select><option><template><option></template><script src="/options.js"></script></select>
<a><b><a><template></b></a><script src="/ab.js"></script></template>
<body><head><script src="/after-body.js"></script>
<h1><template><h2></h1><script src="/heading.js"></script></template>
<p><div><template></p><script src="/p-closed-by-div.js"></script></template></div>`,
  'an unfinished page': `<script src="/whole.js"></script><link rel=stylesheet href="/cut.css"`,
  'an unfinished attribute': `<script src="/whole.js"></script><script src="/cut.js`,
  'an unfinished entity': `<script src="/whole.js"></script><script src="/x&am`,
  'hostile in miniature': `${'<div>'.repeat(40)}<script src="/deep-in-divs.js"></script>${'</p>'.repeat(40)}
${'<a><b>'.repeat(30)}<link rel=stylesheet href="/in-ab.css">${'<template><div>'.repeat(10)}
<script src="/in-10-templates.js"></script>${'</div></template>'.repeat(10)}<script src="/out.js"></script>`
}

describe('the extractor on the tokenizer finds what the one on the parser found', () => {
  it.each(Object.keys(PAGES))('%s, whole and at every chunk boundary', name => {
    const html = PAGES[name] ?? ''
    const expected = parser([html])
    // The pages name something: a comparison of two empty lists would prove nothing.
    expect(expected.length).toBeGreaterThan(0)
    for (const chunks of chunkings(html)) {
      expect({ chunks, found: tokenizer(chunks) }).toEqual({ chunks, found: parser(chunks) })
    }
  })

  it('on pages made at random of the pieces tags are made of, cut at random', () => {
    const pieces = [
      '<',
      '>',
      '/',
      '</',
      '/>',
      ' ',
      '\n',
      '=',
      '"',
      "'",
      '&',
      '&amp;',
      '&#x2F;',
      '&lt',
      ';',
      '<!--',
      '-->',
      '--!>',
      '<!',
      '<![CDATA[',
      ']]>',
      '<?',
      'x',
      'SRC',
      'src=',
      'href=',
      'rel=stylesheet',
      'rel=modulepreload',
      'rel=preload as=font',
      'type=module',
      'type=text/plain',
      'crossorigin',
      '<script src=/s.js>',
      '<script',
      '</script>',
      '</scr',
      'ipt>',
      '<link rel=stylesheet href=/l.css>',
      '<link',
      '<base href=/b/>',
      '<base',
      '<template>',
      '</template>',
      '<noscript>',
      '</noscript>',
      '<style>',
      '</style>',
      '<title>',
      '</title>',
      '<textarea>',
      '</textarea>',
      '<svg>',
      '</svg>',
      '<math>',
      '<mi>',
      '</mi>',
      '<foreignObject>',
      '</foreignobject>',
      '<desc>',
      '<div>',
      '</div>',
      '<p>',
      '</p>',
      '<a>',
      '</a>',
      '<li>',
      '<form>',
      '</form>',
      '<table>',
      '<tr>',
      '<td>',
      '<image>',
      '<br>',
      '</br>'
    ]
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }),
        (parts, sizes) => {
          const html = parts.join('')
          const chunks = inChunks(html, sizes)
          expect({ html, chunks, found: tokenizer(chunks) }).toEqual({
            html,
            chunks,
            found: parser(chunks)
          })
        }
      ),
      fuzzParameters({ perCommit: 500, full: 20_000 }, 20_260_401)
    )
  })
})

/** Tag names whose tree rules differ: closing others, void, foreign, raw text, inert. */
const NAMES = [
  'p',
  'div',
  'li',
  'ul',
  'a',
  'b',
  'h1',
  'h2',
  'dd',
  'dt',
  'rt',
  'rp',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'table',
  'option',
  'optgroup',
  'select',
  'input',
  'button',
  'datalist',
  'output',
  'textarea',
  'form',
  'body',
  'head',
  'link',
  'script',
  'style',
  'title',
  'br',
  'hr',
  'img',
  'image',
  'base',
  'meta',
  'svg',
  'math',
  'mi',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'clipPath',
  'template',
  'noscript',
  'span',
  'section',
  'pre',
  'xmp'
]

describe('every pair of tag names, as the tree closes, opens and reads them', () => {
  it.each(NAMES)('<%s> then each other', outer => {
    for (const inner of NAMES) {
      const pages = [
        `<${outer}><${inner}><template></${outer}><script src="/a.js"></script></template></${inner}></${outer}><script src="/b.js"></script>`,
        `<svg><${outer}><${inner}/><style><script src="/c.js"></script></style><template/><script src="/d.js"></script></svg><script src="/e.js"></script>`,
        `<math><${outer}><${inner}><noscript></${inner}><script src="/f.js"></script></math></noscript><script src="/g.js"></script>`
      ]
      for (const page of pages)
        expect({ page, found: tokenizer([page]) }).toEqual({ page, found: parser([page]) })
    }
  })
})

describe('the open elements it keeps', () => {
  it('are bounded: a page deeper than MAX_OPEN_ELEMENTS is read on', () => {
    const deep = '<div>'.repeat(MAX_OPEN_ELEMENTS + 10)
    const page = `${deep}<script src="/deep.js"></script>${'</div>'.repeat(MAX_OPEN_ELEMENTS + 10)}<template></template><script src="/after.js"></script>`
    expect(tokenizer([page])).toEqual([
      ['reference', { kind: 'script', href: '/deep.js' }],
      ['reference', { kind: 'script', href: '/after.js' }]
    ])
  })

  it('past the bound, an element is not tracked: a template opened there holds nothing back', () => {
    // The parser's stack grew without end (and was searched): this one stops at the bound, and
    // an element past it is read as if it were not there (pages do not nest a thousand deep).
    const page = `${'<div>'.repeat(MAX_OPEN_ELEMENTS)}<template><script src="/in.js"></script></template><script src="/out.js"></script>`
    expect(tokenizer([page])).toEqual([
      ['reference', { kind: 'script', href: '/in.js' }],
      ['reference', { kind: 'script', href: '/out.js' }]
    ])
    const within = `${'<div>'.repeat(MAX_OPEN_ELEMENTS - 1)}<template><script src="/in.js"></script></template><script src="/out.js"></script>`
    expect(tokenizer([within])).toEqual([['reference', { kind: 'script', href: '/out.js' }]])
  })
})
