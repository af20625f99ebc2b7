/**
 * The sitemap conformance table: what crawler-commons, ultimate-sitemap-parser, sitemap.js and
 * google/robotstxt assert in their own test suites, restated as this project's own fixtures
 * (other URLs, other content, the same fact), plus cases of this project's own. Each case serves
 * files from a fake site and says which pages the reader must keep and what it must say.
 *
 * `differs` marks a case where this reader deliberately answers otherwise than the project the
 * fact comes from, and why; docs/sitemaps.md lists each of them.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib'

export const SITE = 'https://www.example.com'
export const CDN = 'https://cdn.example.net'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1'
const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1'
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9'
const XHTML_NS = 'http://www.w3.org/1999/xhtml'
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'

export interface Served {
  readonly status?: number
  readonly body: string | Buffer
  readonly headers?: Readonly<Record<string, string>>
}

export type Point = 1 | 2 | 3 | 4 | 5 | 6

export interface ConformanceCase {
  /** Unique, short; docs/sitemaps.md names the differing ones by it. */
  readonly id: string
  /**
   * What the case checks: 1 XML sitemaps and indexes, 2 text sitemaps, 3 RSS and Atom feeds,
   * 4 robots.txt, byte-order marks and encodings, 5 other hosts, 6 what is not a sitemap.
   */
  readonly point: Point
  /**
   * Where the fact comes from: a project and its test, or `issue 18`, the label of this project's
   * own cases (docs/sitemaps.md counts them by it).
   */
  readonly source: string
  /** The fact, in a few words. */
  readonly fact: string
  readonly site?: string
  /** The `sitemap` input: auto (default) or a URL. */
  readonly sitemap?: string
  /** Absolute URL -> answer (a string or Buffer is a 200 with that body). */
  readonly files: Readonly<Record<string, Served | string | Buffer>>
  readonly expect: {
    /** Paths (and queries) kept, in order. */
    readonly pages: readonly string[]
    /** Sitemap files read (after redirects), in order; checked when given. */
    readonly files?: readonly string[]
    /** Each must match one warning, and there are exactly this many warnings. */
    readonly warnings?: readonly RegExp[]
    /** Each must match one notice (other notices are allowed). */
    readonly notices?: readonly RegExp[]
    /** URLs that must never be requested. */
    readonly notRequested?: readonly string[]
  }
  /** Why this reader answers otherwise than the source asserts. */
  readonly differs?: string
}

const at = (path: string, origin = SITE): string => `${origin}${path}`
const xmlText = (text: string): string => text.replace(/&/g, '&amp;')
const urlset = (body: string, namespaces = ''): string =>
  `${XML_DECL}<urlset xmlns="${NS}"${namespaces}>\n${body}</urlset>\n`
const urls = (paths: readonly string[], origin = SITE): string =>
  paths.map(path => `  <url><loc>${xmlText(at(path, origin))}</loc></url>\n`).join('')
const index = (locs: readonly string[]): string =>
  `${XML_DECL}<sitemapindex xmlns="${NS}">\n${locs.map(loc => `  <sitemap><loc>${xmlText(loc)}</loc></sitemap>\n`).join('')}</sitemapindex>\n`
const robots = (...lines: string[]): string => `${lines.join('\n')}\n`
/** robots.txt listing one sitemap, and that sitemap: the usual frame of a case. */
const listed = (
  path: string,
  body: Served | string | Buffer
): Record<string, Served | string | Buffer> => ({
  [at('/robots.txt')]: robots('User-agent: *', 'Disallow: /private/', '', `Sitemap: ${at(path)}`),
  [at(path)]: body
})
const gzip = (text: string): Buffer => gzipSync(Buffer.from(text))
const utf16le = (text: string): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
const utf16be = (text: string): Buffer => {
  const le = Buffer.from(text, 'utf16le')
  const be = Buffer.alloc(le.length)
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1] ?? 0
    be[i + 1] = le[i] ?? 0
  }
  return Buffer.concat([Buffer.from([0xfe, 0xff]), be])
}
const bytes = (...parts: (number[] | string)[]): Buffer =>
  Buffer.concat(
    parts.map(part => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))
  )

const ROBOTS_LINE = `Sitemap: ${at('/sitemap-main.xml')}`
const MAIN = { [at('/sitemap-main.xml')]: urlset(urls(['/from-main'])) }
/** Cases about robots.txt: its text, and the one sitemap it should (or should not) yield. */
const robotsCase = (
  robotsTxt: Served | string | Buffer
): Record<string, Served | string | Buffer> => ({
  [at('/robots.txt')]: robotsTxt,
  ...MAIN
})

export const CASES: readonly ConformanceCase[] = [
  // --- 1. Only pages are pages ----------------------------------------------------------------
  {
    id: 'xml-basic',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testSitemapXML',
    fact: 'a <urlset> with lastmod, changefreq and priority gives its <loc>s, entities decoded',
    files: listed(
      '/sitemap.xml',
      urlset(
        [
          `<url><loc>${at('/')}</loc><lastmod>2024-03-01</lastmod><changefreq>monthly</changefreq><priority>0.8</priority></url>`,
          `<url><loc>${at('/tours?region=alps&amp;id=12')}</loc><changefreq>weekly</changefreq></url>`,
          `<url><loc>${at('/tours?region=andes&amp;id=73')}</loc><lastmod>2024-02-10T18:00:15&#43;00:00</lastmod></url>`
        ].join('\n')
      )
    ),
    expect: { pages: ['/', '/tours?region=alps&id=12', '/tours?region=andes&id=73'], warnings: [] }
  },
  {
    id: 'index-basic',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testSitemapIndex',
    fact: 'an index gives its children: <loc> with an entity, with CDATA, and lastmod in CDATA',
    files: {
      ...listed(
        '/sitemap_index.xml',
        `${XML_DECL}<sitemapindex xmlns="${NS}">
  <sitemap><loc>${at('/maps/a.xml')}</loc><lastmod><![CDATA[2024-01-01T10:00:00+00:00]]></lastmod></sitemap>
  <sitemap><loc>${at('/maps/dyn?part=b&amp;all=1')}</loc></sitemap>
  <sitemap><loc>${at('/maps/dyn')}<![CDATA[?part=c&all=0]]></loc></sitemap>
</sitemapindex>`
      ),
      [at('/maps/a.xml')]: urlset(urls(['/a'])),
      [at('/maps/dyn?part=b&all=1')]: urlset(urls(['/b'])),
      [at('/maps/dyn?part=c&all=0')]: urlset(urls(['/c']))
    },
    expect: { pages: ['/a', '/b', '/c'], warnings: [] }
  },
  {
    id: 'legacy-namespace',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testSitemapWithNamespace',
    fact: "Google's older sitemap namespace is the sitemap's; a <loc> may hold newlines around the URL",
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<urlset xmlns="http://www.google.com/schemas/sitemap/0.84" xmlns:xhtml="${XHTML_NS}">
  <url><loc>${at('/one')}</loc></url>
  <url><loc>
      ${at('/two')}
  </loc></url>
</urlset>`
    ),
    expect: { pages: ['/one', '/two'], warnings: [] }
  },
  {
    id: 'prefixed-sitemap-namespace',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testSitemapWithWrongNamespace (lenient mode)',
    fact: 'sitemap elements under a prefix (sm:urlset, sm:url, sm:loc) are read, whatever the prefix',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<sm:urlset xmlns:sm="${NS}" xmlns:image="${IMAGE_NS}" xmlns:video="${VIDEO_NS}">
  <sm:url><sm:loc>${at('/p1')}</sm:loc><sm:changefreq>daily</sm:changefreq></sm:url>
  <sm:url><sm:loc>${at('/p2')}</sm:loc></sm:url>
</sm:urlset>`
    ),
    expect: { pages: ['/p1', '/p2'], warnings: [] }
  },
  {
    id: 'no-namespace',
    point: 1,
    source: 'ultimate-sitemap-parser test_edges.test_sitemap_no_ns',
    fact: 'an index and a <urlset> without any namespace are read; an unknown child tag is ignored',
    files: {
      ...listed(
        '/sitemap_index.xml',
        `${XML_DECL}<sitemapindex><sitemap><loc>${at('/pages.xml')}</loc><lastmod>2024-01-02</lastmod></sitemap></sitemapindex>`
      ),
      [at('/pages.xml')]:
        `${XML_DECL}<urlset><url><loc>${at('/about.html')}</loc><changefreq>monthly</changefreq><odd_tag>x</odd_tag></url></urlset>`
    },
    expect: { pages: ['/about.html'], warnings: [] }
  },
  {
    id: 'image-extension',
    point: 1,
    source:
      'crawler-commons SiteMapParserExtensionTest.testImageSitemap; ultimate-sitemap-parser test_xml_exts.test_xml_image',
    fact: 'image:loc is an image of the page, not a page: one page per <url>',
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc>${at('/gallery/lake.html')}</loc>
    <image:image><image:loc>${at('/img/lake.jpg')}</image:loc></image:image>
    <image:image><image:loc>${at('/img/boat.jpg')}</image:loc><image:caption>A boat</image:caption><image:geo_location>Lucerne</image:geo_location></image:image>
  </url>
  <url><loc>${at('/gallery/peak.html')}</loc><image:image><image:loc>${at('/img/peak.jpg')}</image:loc></image:image></url>
`,
        ` xmlns:image="${IMAGE_NS}"`
      )
    ),
    expect: { pages: ['/gallery/lake.html', '/gallery/peak.html'], warnings: [] }
  },
  {
    id: 'video-extension',
    point: 1,
    source: 'crawler-commons SiteMapParserExtensionTest.testVideosSitemap; sitemap.js alltags.xml',
    fact: 'video:thumbnail_loc, video:content_loc, video:player_loc and video:gallery_loc are not pages',
    files: listed(
      '/video-sitemap.xml',
      urlset(
        [1, 2, 3]
          .map(
            n => `  <url><loc>${at(`/watch/${n}`)}</loc>
    <video:video>
      <video:thumbnail_loc>${at(`/thumbs/${n}.jpg`)}</video:thumbnail_loc>
      <video:title>Clip ${n}</video:title>
      <video:content_loc>
        ${at(`/media/${n}.mp4`)}</video:content_loc>
      <video:player_loc allow_embed="yes">${at(`/embed/${n}`)}</video:player_loc>
      <video:gallery_loc title="all">${at('/watch/')}</video:gallery_loc>
      <video:duration>120</video:duration>
    </video:video>
  </url>
`
          )
          .join(''),
        ` xmlns:video="${VIDEO_NS}"`
      )
    ),
    expect: { pages: ['/watch/1', '/watch/2', '/watch/3'], warnings: [] }
  },
  {
    id: 'hreflang-links',
    point: 1,
    source:
      'crawler-commons SiteMapParserExtensionTest.testXHTMLLinksSitemap; ultimate-sitemap-parser test_xml_exts.test_hreflang',
    fact: 'xhtml:link alternates are not pages (each language is listed as its own <url>)',
    files: listed(
      '/sitemap.xml',
      urlset(
        ['en', 'de', 'fr']
          .map(
            lang => `  <url><loc>${at(`/${lang}/`)}</loc>
    <xhtml:link rel="alternate" hreflang="en" href="${at('/en/')}"/>
    <xhtml:link rel="alternate" hreflang="de" href="${at('/de/')}"/>
    <xhtml:link rel="alternate" hreflang="it" href="${at('/it/')}"/>
  </url>
`
          )
          .join(''),
        ` xmlns:xhtml="${XHTML_NS}"`
      )
    ),
    expect: { pages: ['/en/', '/de/', '/fr/'], warnings: [] }
  },
  {
    id: 'amp-and-alternate-links',
    point: 1,
    source:
      'sitemap.js sitemap-parser-security.test "should correctly handle multiple xhtml:link elements"',
    fact: 'a <url> with alternate and amphtml links is one page',
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc>${at('/story')}</loc>
    <xhtml:link rel="alternate" hreflang="es" href="${at('/es/story')}"/>
    <xhtml:link rel="amphtml" href="${at('/amp/story')}"/>
    <xhtml:link rel="alternate" hreflang="fr" href="${at('/fr/story')}"/>
  </url>
`,
        ` xmlns:xhtml="${XHTML_NS}"`
      )
    ),
    expect: { pages: ['/story'], warnings: [] }
  },
  {
    id: 'news-extension',
    point: 1,
    source:
      'crawler-commons SiteMapParserExtensionTest.testNewsSitemap; ultimate-sitemap-parser test_xml',
    fact: 'news:news and its children are not pages',
    files: listed(
      '/news-sitemap.xml',
      urlset(
        ['/news/merger', '/news/election']
          .map(
            path => `  <url><loc>${at(path)}</loc>
    <news:news><news:publication><news:name>The Daily</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2024-05-01</news:publication_date><news:title>Headline &amp; more</news:title></news:news>
  </url>
`
          )
          .join(''),
        ` xmlns:news="${NEWS_NS}"`
      )
    ),
    expect: { pages: ['/news/merger', '/news/election'], warnings: [] }
  },
  {
    id: 'pagemap-extension',
    point: 1,
    source: 'crawler-commons SiteMapParserExtensionTest.testPageMapSitemap',
    fact: 'a PageMap that redeclares the default namespace inside <url> is not a page',
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc>${at('/doc/one')}</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="image"><Attribute name="image_src">${at('/doc/one.gif')}</Attribute></DataObject>
      <loc>${at('/not-a-page')}</loc>
    </PageMap>
  </url>
  <url><loc>${at('/doc/two')}</loc></url>
`
      )
    ),
    expect: { pages: ['/doc/one', '/doc/two'], warnings: [] }
  },
  {
    id: 'extension-prefix-bound-to-sitemap',
    point: 1,
    source: 'issue 18',
    fact: 'image:loc is not a page even when the image prefix is (wrongly) bound to the sitemap namespace',
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc>${at('/shop/boots')}</loc><image:image><image:loc>${at('/img/boots.jpg')}</image:loc></image:image></url>\n`,
        ` xmlns:image="${NS}"`
      )
    ),
    expect: { pages: ['/shop/boots'], warnings: [] }
  },
  {
    id: 'loc-in-foreign-namespace',
    point: 1,
    source: 'issue 18',
    fact: 'a <loc> child of <url> in another namespace is an extension, not a page',
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc>${at('/real')}</loc><x:loc xmlns:x="https://example.org/ext">${at('/extension')}</x:loc></url>\n`
      )
    ),
    expect: { pages: ['/real'], warnings: [] }
  },
  {
    id: 'loc-with-nested-element',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testUrlLocUrl',
    fact: "a <loc> wrapping another element's CDATA still gives its URL",
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc><url><![CDATA[${at('/jobs/dispatcher-123')}]]></url></loc><lastmod>2024-04-28</lastmod></url>\n`
      )
    ),
    expect: { pages: ['/jobs/dispatcher-123'], warnings: [] }
  },
  {
    id: 'xinclude-not-processed',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testSitemapXIncludeDisabled',
    fact: 'an XInclude inside <loc> is not followed: only the real page is kept',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<urlset xmlns="${NS}" xmlns:xi="http://www.w3.org/2001/XInclude">
  <url><loc>${at('/visit-here')}</loc></url>
  <url><loc><xi:include href="file:///etc/hostname" parse="text"/></loc></url>
</urlset>`
    ),
    expect: { pages: ['/visit-here'], warnings: [/1 <url> without <loc> skipped/] }
  },
  {
    id: 'doctype-external-entity',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testSitemapXXE',
    fact: 'a sitemap whose DOCTYPE declares an external entity is refused; no local file is read',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<!DOCTYPE urlset [\n  <!ENTITY secret SYSTEM "file:///etc/passwd">\n]>\n${urlset(urls(['/visit-here'])).slice(XML_DECL.length)}`
    ),
    expect: {
      pages: [],
      warnings: [/is not a sitemap: it is an XML document whose DOCTYPE declares entities/]
    }
  },
  {
    id: 'doctype-billion-laughs',
    point: 1,
    source: 'ultimate-sitemap-parser test_security.test_billion_laughs_attack',
    fact: 'a sitemap with entity declarations ("billion laughs") is refused',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<!DOCTYPE boom [\n<!ENTITY a "ha">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">\n<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">\n]>\n${urlset(urls(['/page.html'])).slice(XML_DECL.length)}`
    ),
    expect: { pages: [], warnings: [/DOCTYPE declares entities/] }
  },
  {
    id: 'broken-xml-keeps-earlier-pages',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testSitemapParserBrokenXml',
    fact: 'badly formed XML is reported as malformed',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<urlset xmlns="${NS}"><url><!-- no loc here --></url><url><loc> ${at('/something.html')}</loc></url><!-- a stray closing tag --></url></urlset>`
    ),
    expect: {
      pages: ['/something.html'],
      warnings: [
        /1 <url> without <loc>/,
        /sitemap.xml is malformed: line 2, column \d+: unexpected close tag \(the 1 URL\(s\) read before it were kept\)\.$/
      ]
    },
    differs:
      'crawler-commons (by default) rejects the whole file; this reader keeps the pages read before the error, with a warning, as ultimate-sitemap-parser and crawler-commons\'s "allow partial" mode do'
  },
  {
    id: 'truncated-without-closing-urlset',
    point: 1,
    source: 'ultimate-sitemap-parser test_edges.test_truncated_sitemap_missing_close_urlset',
    fact: 'a file cut after its last </url> keeps all its pages',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<urlset xmlns="${NS}">\n${urls(Array.from({ length: 30 }, (_, i) => `/item-${i}`))}`
    ),
    expect: {
      pages: Array.from({ length: 30 }, (_, i) => `/item-${i}`),
      warnings: [/is malformed: .*unclosed tag.*\(the 30 URL\(s\) read before it were kept\)/]
    }
  },
  {
    id: 'truncated-mid-url',
    point: 1,
    source: 'ultimate-sitemap-parser test_edges.test_truncated_sitemap_mid_url',
    fact: 'a file cut inside a <loc> keeps the pages before it, not the cut one',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<urlset xmlns="${NS}">\n${urls(['/first', '/second'])}  <url>\n    <loc>${at('/thi')}`
    ),
    expect: { pages: ['/first', '/second'], warnings: [/is malformed/] }
  },
  {
    id: 'truncated-after-loc',
    point: 1,
    source:
      'ultimate-sitemap-parser test_xml.test_sitemap_tree_for_homepage_prematurely_ending_xml',
    fact: 'a <url> whose <loc> closed but which itself never closed is not kept',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<urlset xmlns="${NS}" xmlns:news="${NEWS_NS}">\n${urls(['/news/one', '/news/two'])}  <url><loc>${at('/news/three')}</loc><news:news><news:publica`
    ),
    expect: { pages: ['/news/one', '/news/two'], warnings: [/is malformed/] }
  },
  {
    id: 'partial-loc',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testPartialSitemapsAllowed',
    fact: 'a file cut inside the closing tag of its only <loc>',
    files: listed('/sitemap.xml', `${XML_DECL}<urlset xmlns="${NS}"><url><loc>${at('/')}</lo`),
    expect: { pages: [], warnings: [/is malformed/] },
    differs:
      'crawler-commons in "allow partial" mode keeps the URL (marked invalid); this reader keeps only entries whose element closed, as ultimate-sitemap-parser does'
  },
  {
    id: 'partial-index',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testPartialSitemapIndicesAllowed',
    fact: 'an index cut after a closed <loc> still gives that child',
    files: {
      ...listed(
        '/sitemap_index.xml',
        `${XML_DECL}<sitemapindex xmlns="${NS}"><sitemap><loc>${at('/part-1.xml.gz')}</loc><las`
      ),
      [at('/part-1.xml.gz')]: gzip(urlset(urls(['/one'])))
    },
    expect: {
      pages: ['/one'],
      warnings: [
        /sitemap_index\.xml \(a sitemap index\) is malformed: line 2, column \d+: unclosed tag: sitemap\.$/
      ]
    }
  },
  {
    id: 'index-two-locs-in-one-entry',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testUnclosedSitemapIndexFile',
    fact: 'two or three <loc> in one <sitemap> are each a child',
    files: {
      ...listed(
        '/sitemap_index.xml',
        `${XML_DECL}<sitemapindex>\n <sitemap>\n  <loc>${at('/s1.xml')}</loc>\n  <lastmod>2024-01-01</lastmod>\n  <loc>${at('/s2.xml')}</loc>\n  <loc>${at('/s3.xml')}</loc>\n </sitemap>\n</sitemapindex>`
      ),
      [at('/s1.xml')]: urlset(urls(['/1'])),
      [at('/s2.xml')]: urlset(urls(['/2'])),
      [at('/s3.xml')]: urlset(urls(['/3']))
    },
    expect: { pages: ['/1', '/2', '/3'], warnings: [] }
  },
  {
    id: 'index-entry-without-loc',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testMissingLocSitemapIndexFile',
    fact: 'a <sitemap> whose text is a URL (no <loc>) is that child',
    files: {
      ...listed(
        '/sitemap_index.xml',
        `${XML_DECL}<sitemapindex xmlns="${NS}">\n${[10, 20, 30].map(n => `<sitemap>\n${at(`/maps.jsp?portal=${n}&amp;lang=en`)}\n</sitemap>\n`).join('')}</sitemapindex>`
      ),
      [at('/maps.jsp?portal=10&lang=en')]: urlset(urls(['/p10'])),
      [at('/maps.jsp?portal=20&lang=en')]: urlset(urls(['/p20'])),
      [at('/maps.jsp?portal=30&lang=en')]: urlset(urls(['/p30']))
    },
    expect: { pages: ['/p10', '/p20', '/p30'], warnings: [] }
  },
  {
    id: 'index-entry-naming-nothing',
    point: 1,
    source: 'issue 18',
    fact: 'an index entry that is neither a <loc> nor a URL is a warning naming the file and the entry',
    files: {
      ...listed(
        '/sitemap_index.xml',
        `${XML_DECL}<sitemapindex xmlns="${NS}">\n<sitemap><loc>${at('/ok.xml')}</loc></sitemap>\n<sitemap>pages of 2024</sitemap>\n<sitemap></sitemap>\n</sitemapindex>`
      ),
      [at('/ok.xml')]: urlset(urls(['/ok']))
    },
    expect: {
      pages: ['/ok'],
      warnings: [
        /^Sitemap index https:\/\/www\.example\.com\/sitemap_index\.xml: entry 2 names no sitemap \(it holds "pages of 2024"\); skipped \(1 more like it\)\.$/
      ]
    }
  },
  {
    id: 'unicode-spaces-around-loc',
    point: 1,
    source: 'crawler-commons SiteMapParserTest.testStripUnicodeWhiteSpace',
    fact: 'no-break and other Unicode spaces around a <loc> (in CDATA too) are not part of the URL',
    files: {
      ...listed(
        '/sitemap_index.xml',
        `${XML_DECL}<sitemapindex>\n<sitemap><loc>\n <![CDATA[ ${at('/m1.xml')} ]]>\n</loc></sitemap>\n<sitemap><loc>\n <![CDATA[\u00a0${at('/m2.xml')} ]]> \u2000\n</loc></sitemap>\n</sitemapindex>`
      ),
      [at('/m1.xml')]: urlset(urls(['/m1'])),
      [at('/m2.xml')]: urlset(urls(['/m2']))
    },
    expect: { pages: ['/m1', '/m2'], warnings: [] }
  },
  {
    id: 'unescaped-lt',
    point: 1,
    source: 'sitemap.js sitemap-parser.test "rejects malformed file"',
    fact: 'a bare < inside an element is malformed',
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc>${at('/')}</loc><changefreq>always<</changefreq></url>\n${urls(['/after'])}`
      )
    ),
    expect: { pages: [], warnings: [/is malformed: line 3, column \d+: /] }
  },
  {
    id: 'unknown-tag-ignored',
    point: 1,
    source: 'sitemap.js sitemap-parser.test "stream parses bad XML"',
    fact: 'an unknown element in a <urlset> is ignored, the pages are read',
    files: listed(
      '/sitemap.xml',
      urlset(`  <foo>not a tag sitemaps have</foo>\n${urls(['/x', '/y'])}`)
    ),
    expect: { pages: ['/x', '/y'], warnings: [] }
  },
  {
    id: 'url-too-long',
    point: 1,
    source:
      'sitemap.js sitemap-parser-security.test "should reject URLs exceeding max length"; sitemap-index-security.test "accepts URLs at the limit (2048 characters)"',
    fact: 'a URL longer than 2,048 characters is skipped with a warning; 2,048 is accepted',
    files: listed(
      '/sitemap.xml',
      urlset(urls([`/${'a'.repeat(3000)}`, `/${'b'.repeat(2048 - SITE.length - 1)}`, '/short']))
    ),
    expect: {
      pages: [`/${'b'.repeat(2048 - SITE.length - 1)}`, '/short'],
      warnings: [/1 URL\(s\) longer than 2048 characters \(the protocol's limit\) skipped\.$/]
    }
  },
  {
    id: 'non-http-locs',
    point: 1,
    source: 'sitemap.js sitemap-parser-security.test "should reject non-http/https URLs"',
    fact: 'javascript:, file: and relative <loc>s are not pages, with a warning',
    files: listed(
      '/sitemap.xml',
      urlset(
        `  <url><loc>javascript:alert(1)</loc></url>\n  <url><loc>file:///etc/passwd</loc></url>\n  <url><loc>/relative</loc></url>\n${urls(['/fine'])}`
      )
    ),
    expect: {
      pages: ['/fine'],
      warnings: [
        /3 entries not an absolute http\(s\) URL skipped \(the first: "javascript:alert\(1\)"\)/
      ]
    }
  },
  {
    id: 'index-non-http-children',
    point: 1,
    source:
      'sitemap.js sitemap-index-security.test "filters javascript: / data: / file: / ftp: protocol URLs"',
    fact: 'index children that are not http(s) URLs are never fetched',
    files: listed(
      '/sitemap_index.xml',
      index([
        'javascript:alert(1)',
        'data:text/xml,<urlset/>',
        'file:///etc/passwd',
        'ftp://files.example.com/s.xml'
      ])
    ),
    expect: {
      pages: [],
      warnings: [
        /javascript:alert\(1\) is not read: not an http\(s\) URL/,
        /data:text/,
        /file:\/\/\/etc\/passwd is not read/,
        /ftp:\/\/files/
      ],
      notRequested: ['ftp://files.example.com/s.xml', 'file:///etc/passwd']
    }
  },
  {
    id: 'over-50000-urls',
    point: 1,
    source: 'sitemap.js sitemap-parser-security.test "should warn when exceeding 50k URL entries"',
    fact: "more than 50,000 URLs in one file is flagged (the protocol's limit); the first 50,000 are kept",
    files: listed(
      '/sitemap.xml',
      urlset(urls(Array.from({ length: 50_010 }, (_, i) => `/n/${i}`)))
    ),
    expect: {
      pages: Array.from({ length: 50_000 }, (_, i) => `/n/${i}`),
      warnings: [
        /lists more than 50000 URLs \(the protocol's limit for one file\); the rest of it was not read\.$/
      ]
    }
  },
  {
    id: 'index-lists-itself',
    point: 1,
    source: 'ultimate-sitemap-parser test_anti_recursion.test_self_pointing_index',
    fact: 'an index that lists itself is read once',
    files: listed('/sitemap.xml', index([at('/sitemap.xml')])),
    expect: { pages: [], files: [at('/sitemap.xml')], warnings: [] }
  },
  {
    id: 'index-cycle',
    point: 1,
    source: 'ultimate-sitemap-parser test_anti_recursion.test_cyclic_sitemap',
    fact: 'indexes that list each other in a cycle are each read once',
    files: {
      ...listed('/s1.xml', index([at('/s2.xml')])),
      [at('/s2.xml')]: index([at('/s3.xml')]),
      [at('/s3.xml')]: index([at('/s1.xml'), at('/leaf.xml')]),
      [at('/leaf.xml')]: urlset(urls(['/leaf']))
    },
    expect: {
      pages: ['/leaf'],
      files: [at('/s1.xml'), at('/s2.xml'), at('/s3.xml'), at('/leaf.xml')],
      warnings: []
    }
  },
  {
    id: 'redirect-to-parent',
    point: 1,
    source: 'ultimate-sitemap-parser test_anti_recursion.test_301_redirect_to_root',
    fact: 'a child that redirects to the index already read is not read again',
    files: {
      ...listed('/sitemap.xml', index([at('/moved.xml')])),
      [at('/moved.xml')]: { status: 301, body: '', headers: { location: at('/sitemap.xml') } }
    },
    expect: { pages: [], files: [at('/sitemap.xml')], warnings: [] }
  },
  {
    id: 'index-lists-robots',
    point: 1,
    source: 'ultimate-sitemap-parser test_edges.test_max_recursion_level_sitemap_with_robots',
    fact: 'an index that lists robots.txt: robots.txt is not a sitemap',
    files: listed('/sitemap.xml', index([at('/robots.txt')])),
    expect: { pages: [], warnings: [/robots\.txt is not a sitemap: it is a robots\.txt file/] }
  },

  // --- 2. Text sitemaps, and files known by their content ------------------------------------
  {
    id: 'text-plain',
    point: 2,
    source: 'crawler-commons SiteMapParserTest.testSitemapTXT',
    fact: 'a text sitemap: one URL a line',
    files: listed('/sitemap.txt', {
      body: `${at('/catalog?item=1')}\n${at('/catalog?item=11')}`,
      headers: { 'content-type': 'text/plain' }
    }),
    expect: { pages: ['/catalog?item=1', '/catalog?item=11'], warnings: [] }
  },
  {
    id: 'text-at-xml-name',
    point: 2,
    source: 'crawler-commons SiteMapParserTest.testSitemapTXTWithXMLExt',
    fact: 'a text sitemap named sitemap.xml is read as text',
    files: listed('/sitemap.xml', `${at('/a')}\n${at('/b')}\n`),
    expect: { pages: ['/a', '/b'], warnings: [] }
  },
  {
    id: 'text-wrong-type',
    point: 2,
    source: 'crawler-commons SiteMapParserTest.testSitemapTXTWithWrongMimeType',
    fact: 'a text sitemap served with an unknown Content-Type is read',
    files: listed('/sitemap.xml', {
      body: `${at('/a')}\n${at('/b')}\n`,
      headers: { 'content-type': 'application/bogus' }
    }),
    expect: { pages: ['/a', '/b'], warnings: [] }
  },
  {
    id: 'text-octet-stream',
    point: 2,
    source: 'issue 18',
    fact: 'a text file served as application/octet-stream, named in the sitemap input, is read',
    sitemap: at('/exports/pages'),
    files: {
      [at('/exports/pages')]: {
        body: `${at('/x')}\r\n${at('/y')}\r\n`,
        headers: { 'content-type': 'application/octet-stream' }
      }
    },
    expect: { pages: ['/x', '/y'], warnings: [] }
  },
  {
    id: 'text-gzip',
    point: 2,
    source: 'crawler-commons SiteMapParserTest.testSitemapTextGZ',
    fact: 'a gzip text sitemap (sitemap.txt.gz) is read',
    files: listed('/sitemap.txt.gz', {
      body: gzip([1, 2, 3, 4, 5].map(n => at(`/t/${n}`)).join('\n')),
      headers: { 'content-type': 'application/gzip' }
    }),
    expect: { pages: ['/t/1', '/t/2', '/t/3', '/t/4', '/t/5'], warnings: [] }
  },
  {
    id: 'text-with-bom',
    point: 2,
    source: 'crawler-commons sitemaps/sitemap-with-bom.txt',
    fact: 'a UTF-8 byte-order mark before the first URL is not part of it',
    files: listed(
      '/sitemap.txt',
      bytes([0xef, 0xbb, 0xbf], `${at('/page1.html')}\n${at('/page2.html')}\n`)
    ),
    expect: { pages: ['/page1.html', '/page2.html'], warnings: [] }
  },
  {
    id: 'text-blank-and-junk-lines',
    point: 2,
    source: 'ultimate-sitemap-parser test_plain_text.test_sitemap_tree_for_homepage_plain_text',
    fact: 'blank lines and surrounding spaces are ignored; a line that is not a URL is skipped; gzip without a .gz name is read',
    files: {
      [at('/robots.txt')]: robots(
        'User-agent: *',
        `Sitemap: ${at('/sitemap_1.txt')}`,
        `Sitemap: ${at('/sitemap_2.txt.dat')}`
      ),
      [at('/sitemap_1.txt')]:
        `\n${at('/news/foo.html')}\n\n\n   ${at('/news/bar.html')}   \n\nSome other stuff which is not a URL\n`,
      [at('/sitemap_2.txt.dat')]: {
        body: gzip(`${at('/news/bar.html')}\n    ${at('/news/baz.html')}`),
        headers: { 'content-type': 'application/x-gzip' }
      }
    },
    expect: {
      pages: ['/news/foo.html', '/news/bar.html', '/news/baz.html'],
      warnings: [
        /sitemap_1\.txt: 1 line\(s\) that are not URLs skipped \(the first, line 7: "Some other stuff which is not a URL"\)\.$/
      ]
    }
  },
  {
    id: 'text-line-without-scheme',
    point: 2,
    source: 'crawler-commons SiteMapParserTest.testSitemapTXTfilterUrls',
    fact: 'a line without a scheme, and a URL with a fragment',
    files: listed(
      '/sitemap.txt',
      `www.example.com/catalog?item=1\n${at('/catalog?item=11')}#anchor\n`
    ),
    expect: {
      pages: ['/catalog?item=11'],
      warnings: [
        /1 line\(s\) that are not URLs skipped \(the first, line 1: "www\.example\.com\/catalog\?item=1"\)/
      ]
    },
    differs:
      'crawler-commons\'s test adds a URL normalizer that guesses "http://" for the first line; the text format wants absolute URLs, so this reader skips it with a warning (the fragment is dropped by both)'
  },
  {
    id: 'text-crlf-and-cr',
    point: 2,
    source: 'issue 18',
    fact: 'CRLF and lone CR line ends',
    files: listed('/sitemap.txt', `${at('/crlf-1')}\r\n${at('/crlf-2')}\r${at('/cr-3')}\r\n`),
    expect: { pages: ['/crlf-1', '/crlf-2', '/cr-3'], warnings: [] }
  },
  {
    id: 'text-in-index',
    point: 2,
    source: 'issue 18',
    fact: 'an index may list text sitemaps (plain and gzip)',
    files: {
      ...listed('/sitemap_index.xml', index([at('/a.txt'), at('/b.txt.gz')])),
      [at('/a.txt')]: `${at('/from-a')}\n`,
      [at('/b.txt.gz')]: gzip(`${at('/from-b')}\n`)
    },
    expect: { pages: ['/from-a', '/from-b'], warnings: [] }
  },
  {
    id: 'xml-gzip-by-content',
    point: 2,
    source:
      'crawler-commons SiteMapParserTest.testSitemapGZMediaTypes; ultimate-sitemap-parser test_basic.test_sitemap_tree_for_homepage_gzip',
    fact: 'gzip is known by its content: a .gz without the type, a .dat with the type, a .xml.gz that is not gzipped, and Content-Encoding: gzip',
    files: {
      [at('/robots.txt')]: robots(
        ...['/sitemap_1.gz', '/sitemap_2.dat', '/sitemap_3.xml.gz', '/sitemap_4.xml'].map(
          path => `Sitemap: ${at(path)}`
        )
      ),
      [at('/sitemap_1.gz')]: gzip(urlset(urls(['/news/foo.html']))),
      [at('/sitemap_2.dat')]: {
        body: gzip(urlset(urls(['/news/bar.html']))),
        headers: { 'content-type': 'application/x-gzip' }
      },
      [at('/sitemap_3.xml.gz')]: {
        body: urlset(urls(['/news/baz.html'])),
        headers: { 'content-type': 'application/x-gzip' }
      },
      [at('/sitemap_4.xml')]: {
        body: gzip(urlset(urls(['/news/qux.html']))),
        headers: { 'content-type': 'application/xml', 'content-encoding': 'gzip' }
      }
    },
    expect: {
      pages: ['/news/foo.html', '/news/bar.html', '/news/baz.html', '/news/qux.html'],
      warnings: []
    }
  },
  {
    id: 'gzip-file-gzip-encoded',
    point: 2,
    source: 'issue 18',
    fact: 'a .xml.gz file also served with Content-Encoding: gzip (gzipped twice) is read',
    files: listed('/sitemap.xml.gz', {
      body: gzipSync(gzip(urlset(urls(['/twice'])))),
      headers: { 'content-encoding': 'gzip' }
    }),
    expect: { pages: ['/twice'], warnings: [] }
  },

  // --- 3. RSS and Atom feeds -----------------------------------------------------------------
  {
    id: 'rss-items',
    point: 3,
    source: 'crawler-commons SiteMapParserTest.testRSSFormat',
    fact: 'RSS item links, with an entity and with CDATA; an item with only a non-permalink guid',
    files: listed(
      '/feed.rss',
      `<rss version="2.0"><channel><title>Blog</title><link>${at('/main.html')}</link>
 <item><title>One</title><link>${at('/blog/post/1')}</link><guid isPermaLink="false">7bd2-0001</guid></item>
 <item><title>Guid only</title><guid isPermaLink="false">${at('/guid.html')}</guid></item>
 <item><title>Entity</title><link>${at('/foo?q=a&amp;l=en')}</link></item>
 <item><title>CDATA</title><link>${at('/foo')}<![CDATA[?q=a&l=fr]]></link></item>
</channel></rss>`
    ),
    expect: {
      pages: ['/blog/post/1', '/foo?q=a&l=en', '/foo?q=a&l=fr'],
      notices: [
        /feed\.rss is an RSS feed: a feed lists only recent pages, so older pages are not chosen from it\.$/
      ],
      warnings: [/1 feed item\(s\) without a link skipped/]
    },
    differs:
      'crawler-commons reads the guid of an item without <link> even when isPermaLink="false"; RSS 2.0 says such a guid is not a URL to use, so this reader reads only permalink guids'
  },
  {
    id: 'rss-permalink-guid',
    point: 3,
    source: 'issue 18 (RSS 2.0: a guid is a permalink unless isPermaLink="false")',
    fact: 'an item without <link> but with a permalink guid is that page',
    files: listed(
      '/feed.xml',
      `<rss version="2.0"><channel><item><guid>${at('/by-guid')}</guid></item><item><guid isPermaLink="true">${at('/by-guid-2')}</guid></item></channel></rss>`
    ),
    expect: { pages: ['/by-guid', '/by-guid-2'], warnings: [] }
  },
  {
    id: 'rss-atom-usp',
    point: 3,
    source: 'ultimate-sitemap-parser test_rss_atom.test_sitemap_tree_for_homepage_rss_atom',
    fact: "RSS 2.0, Atom 0.3 and Atom 1.0 feeds listed in robots.txt; Atom takes the entry's first link without rel (not ?alt, not ?edit)",
    files: {
      [at('/robots.txt')]: robots(
        'User-agent: *',
        ...['/rss.xml', '/atom03.xml', '/atom10.xml'].map(path => `Sitemap: ${at(path)}`)
      ),
      [at('/rss.xml')]: {
        body: `${XML_DECL}<rss version="2.0"><channel><title>T</title><link>${SITE}</link>${[1, 2].map(n => `<item><title>S${n}</title><link>${at(`/rss_${n}.html`)}</link><guid isPermaLink="true">${at(`/rss_${n}.html`)}</guid></item>`).join('')}</channel></rss>`,
        headers: { 'content-type': 'application/rss+xml' }
      },
      [at('/atom03.xml')]:
        `${XML_DECL}<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title><link rel="alternate" type="text/html" href="${SITE}"/>${[1, 2].map(n => `<entry><title>E${n}</title><link rel="alternate" type="text/html" href="${at(`/a03_${n}.html`)}"/><id>${at(`/a03_${n}.html`)}</id></entry>`).join('')}</feed>`,
      [at('/atom10.xml')]:
        `${XML_DECL}<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link href="${at('/atom10.xml')}" rel="self"/><link href="${SITE}"/>${[1, 2].map(n => `<entry><title>E${n}</title><link href="${at(`/a10_${n}.html`)}"/><link rel="alternate" type="text/html" href="${at(`/a10_${n}.html?alt`)}"/><link rel="edit" href="${at(`/a10_${n}.html?edit`)}"/><content type="xhtml"><div xmlns="${XHTML_NS}"><p>x</p></div></content></entry>`).join('')}</feed>`
    },
    expect: {
      pages: [
        '/rss_1.html',
        '/rss_2.html',
        '/a03_1.html',
        '/a03_2.html',
        '/a10_1.html',
        '/a10_2.html'
      ],
      notices: [
        /rss\.xml is an RSS feed/,
        /atom03\.xml is an Atom feed/,
        /atom10\.xml is an Atom feed/
      ],
      warnings: []
    }
  },
  {
    id: 'feeds-without-items',
    point: 3,
    source: 'ultimate-sitemap-parser test_rss_atom.test_sitemap_tree_for_homepage_rss_atom_empty',
    fact: "feeds without items give no page: the channel's and the feed's own links are not pages",
    files: {
      [at('/robots.txt')]: robots(`Sitemap: ${at('/rss.xml')}`, `Sitemap: ${at('/atom.xml')}`),
      [at('/rss.xml')]:
        `<rss version="2.0"><channel><title>T</title><link>${at('/home')}</link></channel></rss>`,
      [at('/atom.xml')]:
        `<feed xmlns="http://www.w3.org/2005/Atom"><link href="${at('/atom.xml')}" rel="self"/><link href="${at('/home')}"/></feed>`
    },
    expect: { pages: [], files: [at('/rss.xml'), at('/atom.xml')], warnings: [] }
  },
  {
    id: 'atom-first-plain-link',
    point: 3,
    source: 'crawler-commons SiteMapParserTest.testAtomFormat',
    fact: 'an Atom entry with a link without rel, an alternate and an edit link is one page: the first',
    files: listed(
      '/atom.xml',
      `<?xml version="1.0" encoding="utf-8"?>\n<!-- an example feed -->\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Example</title><link href="${at('/feed/')}" rel="self"/><link href="${SITE}/"/>
<entry><title>Robots</title><link href="${at('/2003/12/13/atom03')}"/><link rel="alternate" type="text/html" href="${at('/2003/12/13/atom03.html')}"/><link rel="edit" href="${at('/2003/12/13/atom03/edit')}"/><updated>2003-12-13T18:30:02Z</updated></entry></feed>`
    ),
    expect: { pages: ['/2003/12/13/atom03'], warnings: [] }
  },
  {
    id: 'atom-rel-not-page',
    point: 3,
    source: 'issue 18',
    fact: 'Atom links with rel self, edit, enclosure or related are never the page',
    files: listed(
      '/atom.xml',
      `<feed xmlns="http://www.w3.org/2005/Atom">
<entry><link rel="edit" href="${at('/e/edit')}"/><link rel="enclosure" href="${at('/e/file.mp3')}"/><link rel="alternate" href="${at('/e/page')}"/></entry>
<entry><link rel="self" href="${at('/f/self')}"/><link rel="related" href="${at('/f/other')}"/></entry>
<entry><link rel="ALTERNATE" href="/g/relative"/></entry>
</feed>`
    ),
    expect: {
      pages: ['/e/page', '/g/relative'],
      warnings: [/1 feed item\(s\) without a link skipped/]
    }
  },
  {
    id: 'rss-1.0',
    point: 3,
    source: 'crawler-commons SiteMapParserTest.testRSS10SyndicationFormat',
    fact: 'an RSS 1.0 (RDF) feed gives its item links, not its channel or image links',
    files: listed(
      '/news.rdf',
      `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="${at('/news.rdf')}"><title>News</title><link>${at('/pub')}</link><items><rdf:Seq><rdf:li resource="${at('/pub/x.html')}"/></rdf:Seq></items></channel>
<image rdf:about="${at('/logo.gif')}"><title>Logo</title><link>${SITE}</link><url>${at('/logo.gif')}</url></image>
<item rdf:about="${at('/pub/x.html')}"><title>X</title><link>${at('/pub/x.html')}</link></item></rdf:RDF>`
    ),
    expect: { pages: ['/pub/x.html'], warnings: [] }
  },
  {
    id: 'rss-pubdates',
    point: 3,
    source: 'crawler-commons SiteMapParserTest.testRSSPubDate',
    fact: 'items are read whatever their pubDate (odd, empty or missing)',
    files: listed(
      '/rss.xml',
      `<rss version="2.0"><channel><pubDate>Thu, 05 Jan 2017 12:34:50 GMT</pubDate>${['Thu, 05 Jan 2017 13:34:51 +0100', 'Thu, 05 Jan 17 12:34:52 GMT', '05 Jan 2017 12:34:53 GMT', '05 Jan 17 12:34:54 GMT', 'Thu, 05 Jan 2017 12:34:55', '', null].map((date, i) => `<item><link>${at(`/article_${i + 1}`)}</link>${date === null ? '' : `<pubDate>${date}</pubDate>`}</item>`).join('')}</channel></rss>`
    ),
    expect: { pages: [1, 2, 3, 4, 5, 6, 7].map(n => `/article_${n}`), warnings: [] }
  },
  {
    id: 'rss-relative-and-namespaced-links',
    point: 3,
    source: "issue 18 (as crawler-commons's RSS reader, a relative link resolves against the feed)",
    fact: "a relative item link resolves against the feed's URL; an atom:link inside an item is not the item's link",
    files: listed(
      '/blog/feed.xml',
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><atom:link href="${at('/blog/feed.xml')}" rel="self"/>
<item><atom:link href="${at('/not/this')}" rel="related"/><link>posts/hello</link></item></channel></rss>`
    ),
    expect: { pages: ['/blog/posts/hello'], warnings: [] }
  },

  // --- 4. Tolerant where crawlers are ---------------------------------------------------------
  {
    id: 'xml-after-bom-and-spaces',
    point: 4,
    source: 'crawler-commons SiteMapParserTest.testSitemapXMLleadingWhiteSpace',
    fact: 'a byte-order mark and whitespace before the XML declaration',
    files: listed('/sitemap.xml', bytes([0xef, 0xbb, 0xbf], `\n \t\r\n${urlset(urls(['/ws']))}`)),
    expect: { pages: ['/ws'], warnings: [] }
  },
  {
    id: 'bom-robots-and-sitemap',
    point: 4,
    source: 'ultimate-sitemap-parser test_edges.test_sitemap_tree_for_homepage_utf8_bom',
    fact: 'a UTF-8 byte-order mark in both robots.txt and the sitemap',
    files: {
      [at('/robots.txt')]: bytes(
        [0xef, 0xbb, 0xbf],
        robots('User-agent: *', 'Disallow: /whatever', '', `Sitemap: ${at('/sitemap.xml')}`)
      ),
      [at('/sitemap.xml')]: bytes(
        [0xef, 0xbb, 0xbf],
        urlset(urls(['/news/first.html']), ` xmlns:news="${NEWS_NS}"`)
      )
    },
    expect: { pages: ['/news/first.html'], warnings: [] }
  },
  {
    id: 'xml-utf16',
    point: 4,
    source: 'issue 18 (XML 1.0: UTF-16 with its byte-order mark)',
    fact: 'an XML sitemap in UTF-16 with a byte-order mark',
    files: listed('/sitemap.xml', utf16le(urlset(urls(['/utf16'])).replace('UTF-8', 'UTF-16'))),
    expect: { pages: ['/utf16'], warnings: [] }
  },
  {
    id: 'robots-bom-full',
    point: 4,
    source: 'google/robotstxt ID_UTF8ByteOrderMarkIsSkipped (full mark)',
    fact: 'a UTF-8 byte-order mark before the first line is skipped',
    files: robotsCase(bytes([0xef, 0xbb, 0xbf], `${ROBOTS_LINE}\nUser-agent: *\n`)),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-bom-partial-2',
    point: 4,
    source: 'google/robotstxt ID_UTF8ByteOrderMarkIsSkipped (two bytes of the mark)',
    fact: 'the first two bytes of the mark are skipped',
    files: robotsCase(bytes([0xef, 0xbb], `${ROBOTS_LINE}\n`)),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-bom-partial-1',
    point: 4,
    source: 'google/robotstxt ID_UTF8ByteOrderMarkIsSkipped (one byte of the mark)',
    fact: 'the first byte of the mark is skipped',
    files: robotsCase(bytes([0xef], `${ROBOTS_LINE}\n`)),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-bom-broken',
    point: 4,
    source: 'google/robotstxt ID_UTF8ByteOrderMarkIsSkipped (a broken mark)',
    fact: 'a broken mark spoils the first line only',
    files: {
      ...robotsCase(bytes([0xef, 0x11, 0xbf], `Sitemap: ${at('/spoiled.xml')}\n${ROBOTS_LINE}\n`)),
      [at('/spoiled.xml')]: urlset(urls(['/spoiled']))
    },
    expect: { pages: ['/from-main'], warnings: [], notRequested: [at('/spoiled.xml')] }
  },
  {
    id: 'robots-bom-mid-file',
    point: 4,
    source: 'google/robotstxt ID_UTF8ByteOrderMarkIsSkipped (a mark in the middle)',
    fact: 'a byte-order mark in the middle of the file spoils its line',
    files: {
      ...robotsCase(
        bytes(
          `User-agent: *\n${ROBOTS_LINE}\n`,
          [0xef, 0xbb, 0xbf],
          `Sitemap: ${at('/spoiled.xml')}\n`
        )
      ),
      [at('/spoiled.xml')]: urlset(urls(['/spoiled']))
    },
    expect: { pages: ['/from-main'], warnings: [], notRequested: [at('/spoiled.xml')] }
  },
  {
    id: 'robots-utf16le',
    point: 4,
    source: 'crawler-commons SimpleRobotRulesParserTest.testRobotsWithUTF16LEBOM',
    fact: 'a UTF-16LE robots.txt with its byte-order mark',
    files: robotsCase(utf16le(robots('User-agent: *', 'Disallow: /login', ROBOTS_LINE))),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-utf16be',
    point: 4,
    source: 'crawler-commons SimpleRobotRulesParserTest.testRobotsWithUTF16BEBOM',
    fact: 'a UTF-16BE robots.txt with its byte-order mark',
    files: robotsCase(utf16be(robots('User-agent: *', 'Disallow: /login', ROBOTS_LINE))),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-content-encoding-gzip',
    point: 4,
    source: 'issue 18 (servers compress text answers although the request asked for none)',
    fact: 'a robots.txt served with Content-Encoding: gzip is read decompressed',
    files: robotsCase({
      body: gzip(robots('User-agent: *', 'Disallow: /login', ROBOTS_LINE)),
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' }
    }),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-content-encoding-br',
    point: 4,
    source: 'issue 18 (servers compress text answers although the request asked for none)',
    fact: 'a robots.txt served with Content-Encoding: br is read decompressed',
    files: robotsCase({
      body: brotliCompressSync(Buffer.from(robots('User-agent: *', ROBOTS_LINE))),
      headers: { 'content-type': 'text/plain', 'content-encoding': 'br' }
    }),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-crlf',
    point: 4,
    source: 'google/robotstxt ID_LinesNumbersAreCountedCorrectly (DOS file)',
    fact: 'CRLF line ends',
    files: robotsCase(
      `User-Agent: foo\r\nAllow: /some/path\r\n\r\n${ROBOTS_LINE}\r\nDisallow: /\r\n`
    ),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-cr',
    point: 4,
    source: 'google/robotstxt ID_LinesNumbersAreCountedCorrectly (Mac file)',
    fact: 'lone CR line ends',
    files: robotsCase(`User-Agent: foo\rAllow: /some/path\r\r${ROBOTS_LINE}\rDisallow: /\r`),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-no-final-newline',
    point: 4,
    source:
      'google/robotstxt ID_LinesNumbersAreCountedCorrectly (no final newline); crawler-commons testSitemapAtEndOfFile',
    fact: 'the last line without a newline',
    files: robotsCase(`User-agent: a\r\nDisallow: /content/dam/\r\n\r\n\r\n${ROBOTS_LINE}`),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-field-case',
    point: 4,
    source: 'google/robotstxt ID_REPLineNamesCaseInsensitive',
    fact: 'SITEMAP:, sitemap: and SiTeMaP: are all Sitemap: lines',
    files: {
      [at('/robots.txt')]: robots(
        `SITEMAP: ${at('/s1.xml')}`,
        `sitemap: ${at('/s2.xml')}`,
        `SiTeMaP: ${at('/s3.xml')}`
      ),
      [at('/s1.xml')]: urlset(urls(['/1'])),
      [at('/s2.xml')]: urlset(urls(['/2'])),
      [at('/s3.xml')]: urlset(urls(['/3']))
    },
    expect: { pages: ['/1', '/2', '/3'], warnings: [] }
  },
  {
    id: 'robots-site-map-spelling',
    point: 4,
    source: 'google/robotstxt KeyIsSitemap (kAllowFrequentTypos: "site-map")',
    fact: 'Site-map: is read as Sitemap:',
    files: robotsCase(`User-agent: *\nSite-map: ${at('/sitemap-main.xml')}\n`),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-sitemaps-plural',
    point: 4,
    source:
      'google/robotstxt KeyIsSitemap (a key starting with "sitemap"); crawler-commons DIRECTIVE_PREFIX "sitemaps"',
    fact: 'Sitemaps: is read as Sitemap:',
    files: robotsCase(`Sitemaps: ${at('/sitemap-main.xml')}\n`),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-missing-colon',
    point: 4,
    source: 'google/robotstxt ID_LineSyntax_Line (a missing colon is accepted)',
    fact: 'Sitemap <url> without the colon',
    files: robotsCase(`User-agent *\nSitemap ${at('/sitemap-main.xml')}\n`),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-anywhere',
    point: 4,
    source:
      'google/robotstxt ID_NonStandardLineExample_Sitemap; crawler-commons sitemap-robots.txt',
    fact: 'Sitemap: lines before, between and after the groups',
    files: {
      [at('/robots.txt')]: robots(
        `Sitemap: ${at('/s1.xml')}`,
        'User-Agent: foo',
        'Allow: /some/path',
        `Sitemap: ${at('/s2.xml')}`,
        'User-Agent: bar',
        '',
        '',
        `Sitemap: ${at('/s3.xml')}`
      ),
      [at('/s1.xml')]: urlset(urls(['/1'])),
      [at('/s2.xml')]: urlset(urls(['/2'])),
      [at('/s3.xml')]: urlset(urls(['/3']))
    },
    expect: { pages: ['/1', '/2', '/3'], warnings: [] }
  },
  {
    id: 'robots-in-group',
    point: 4,
    source: 'google/robotstxt ID_LineSyntax_Groups_OtherRules',
    fact: 'a Sitemap: line inside a group does not belong to it',
    files: robotsCase(`User-agent: BarBot\n${ROBOTS_LINE}\nUser-agent: *\nDisallow: /\n`),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-comments',
    point: 4,
    source: 'google/robotstxt GetKeyAndValueFrom (# starts a comment)',
    fact: 'a comment after the URL and a commented-out Sitemap: line',
    files: {
      ...robotsCase(`# Sitemap: ${at('/old.xml')}\n${ROBOTS_LINE}   # the main one\n`),
      [at('/old.xml')]: urlset(urls(['/old']))
    },
    expect: { pages: ['/from-main'], warnings: [], notRequested: [at('/old.xml')] }
  },
  {
    id: 'robots-weird-spacing',
    point: 4,
    source:
      'ultimate-sitemap-parser test_robots.test_sitemap_tree_for_homepage_robots_txt_weird_spacing',
    fact: 'a space before Sitemap:, none after it, spaces after the URL',
    files: robotsCase(`User-agent: *\n Sitemap:${at('/sitemap-main.xml')}    `),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-bare-url',
    point: 4,
    source: 'crawler-commons SimpleRobotRulesParserTest.testSitemap (sitemap-robots.txt)',
    fact: 'a line that is only a sitemap URL is read as a Sitemap: line; the URL keeps its case',
    files: {
      [at('/robots.txt')]: robots(
        '# Sitemap can occur anywhere',
        `sitemap: ${at('/sitemap.xml')}`,
        '',
        'User-agent: *',
        'Disallow:',
        '',
        `${at('/dir/my-sitemap.xml')}`,
        '',
        `sitemap: ${at('/dir/MixedCased-sitemap.xml')}`
      ),
      [at('/sitemap.xml')]: urlset(urls(['/a'])),
      [at('/dir/my-sitemap.xml')]: urlset(urls(['/b'])),
      [at('/dir/MixedCased-sitemap.xml')]: urlset(urls(['/c']))
    },
    expect: {
      pages: ['/a', '/b', '/c'],
      warnings: [/robots\.txt line 7 is only a URL; it was read as a Sitemap: line/]
    }
  },
  {
    id: 'robots-relative',
    point: 4,
    source: 'crawler-commons SimpleRobotRulesParserTest.testRelativeSitemap',
    fact: 'a relative Sitemap: URL resolves against robots.txt',
    files: robotsCase('Sitemap: /sitemap-main.xml\n\nUser-agent: *\nDisallow: /cache/\n'),
    expect: { pages: ['/from-main'], warnings: [] }
  },
  {
    id: 'robots-dedup',
    point: 4,
    source: 'crawler-commons SimpleRobotRulesParserTest.testSitemapDedup',
    fact: 'the same sitemap listed twice is read once',
    files: robotsCase(
      `User-agent: *\nDisallow:\n\nsitemap: ${at('/sitemap-main.xml')}\nSitemap: ${at('/sitemap-main.xml')}\n`
    ),
    expect: { pages: ['/from-main'], files: [at('/sitemap-main.xml')], warnings: [] }
  },

  // --- 5. Cross-host sitemaps ----------------------------------------------------------------
  {
    id: 'cross-host-robots',
    point: 5,
    source:
      'crawler-commons SiteMapCrossSubmitValidatorTest.testValidateCrossSubmitHost; sitemaps.org cross submits',
    fact: "a Sitemap: line naming another host is read; only the site's pages are kept",
    files: {
      [at('/robots.txt')]: robots('User-agent: *', `Sitemap: ${at('/sitemaps/site.xml', CDN)}`),
      [at('/sitemaps/site.xml', CDN)]: urlset(
        urls(['/blog-1.html', '/blog-2.html']) + urls(['/asset-page'], CDN)
      )
    },
    expect: {
      pages: ['/blog-1.html', '/blog-2.html'],
      files: [at('/sitemaps/site.xml', CDN)],
      warnings: [
        /1 URL\(s\) on hosts other than www\.example\.com were skipped \(the first: https:\/\/cdn\.example\.net\/asset-page\)/
      ]
    }
  },
  {
    id: 'cross-host-not-announced',
    point: 5,
    source: 'crawler-commons SiteMapCrossSubmitValidatorTest.testValidateCrossSubmitSites',
    fact: "a sitemap listing pages of other hosts gives none of site_url's pages",
    site: 'https://docs.example.org',
    sitemap: at('/sitemap.txt'),
    files: {
      [at('/sitemap.txt')]:
        `${at('/blog-1.html', 'https://blog.example.com')}\n${at('/index.html', 'https://docs.example.com')}\n`
    },
    expect: {
      pages: [],
      warnings: [/2 URL\(s\) on hosts other than docs\.example\.org were skipped/]
    }
  },
  {
    id: 'cross-host-index',
    point: 5,
    source: 'issue 18',
    fact: 'a cross-host index and the children it lists on its own host are read',
    files: {
      [at('/robots.txt')]: robots(`Sitemap: ${at('/index.xml', CDN)}`),
      [at('/index.xml', CDN)]: index([at('/part-1.xml.gz', CDN), at('/part-2.txt', CDN)]),
      [at('/part-1.xml.gz', CDN)]: gzip(urlset(urls(['/p1']))),
      [at('/part-2.txt', CDN)]: `${at('/p2')}\n`
    },
    expect: {
      pages: ['/p1', '/p2'],
      files: [at('/index.xml', CDN), at('/part-1.xml.gz', CDN), at('/part-2.txt', CDN)],
      warnings: []
    }
  },
  {
    id: 'cross-host-http-upgraded',
    point: 5,
    source: 'issue 18 (plain http only between loopback hosts)',
    fact: 'a cross-host sitemap listed as http:// is read over https',
    files: {
      [at('/robots.txt')]: robots(`Sitemap: http://cdn.example.net/s.xml`),
      [at('/s.xml', CDN)]: urlset(urls(['/secure']))
    },
    expect: {
      pages: ['/secure'],
      files: [at('/s.xml', CDN)],
      warnings: [],
      notRequested: ['http://cdn.example.net/s.xml']
    }
  },
  {
    id: 'cross-host-third-host-child',
    point: 5,
    source: 'issue 18 (sitemaps.org: an index lists sitemaps on its own host)',
    fact: "an index's child on a third host is not read, with a warning saying how to list it",
    files: {
      [at('/robots.txt')]: robots(`Sitemap: ${at('/index.xml')}`),
      [at('/index.xml')]: index([
        at('/mine.xml'),
        at('/theirs.xml', 'https://elsewhere.example.org')
      ]),
      [at('/mine.xml')]: urlset(urls(['/mine']))
    },
    expect: {
      pages: ['/mine'],
      warnings: [
        /theirs\.xml, listed by https:\/\/www\.example\.com\/index\.xml, is on another host than the index and www\.example\.com; not read \(an index lists sitemaps on its own host: name it in robots\.txt with a Sitemap: line, or in the sitemap input\)\.$/
      ],
      notRequested: ['https://elsewhere.example.org/theirs.xml']
    }
  },
  {
    id: 'cross-host-no-loopback',
    point: 5,
    source:
      'issue 18 (the same rules as today: a file on the internet cannot send the runner to a local service)',
    fact: 'a Sitemap: line naming a loopback address from a public site is not read',
    files: {
      [at('/robots.txt')]: robots(
        'Sitemap: https://127.0.0.1:8443/admin.xml',
        'Sitemap: http://localhost/s.xml'
      )
    },
    expect: {
      pages: [],
      warnings: [
        /127\.0\.0\.1:8443\/admin\.xml is not read: a loopback address/,
        /localhost\/s\.xml is not read: a loopback address/
      ],
      notRequested: [
        'https://127.0.0.1:8443/admin.xml',
        'http://localhost/s.xml',
        'https://localhost/s.xml'
      ]
    }
  },
  {
    id: 'cross-host-redirect',
    point: 5,
    source: 'issue 18',
    fact: 'a cross-host sitemap may redirect on https to where the bucket serves it',
    files: {
      [at('/robots.txt')]: robots(`Sitemap: ${at('/latest.xml', CDN)}`),
      [at('/latest.xml', CDN)]: {
        status: 302,
        body: '',
        headers: { location: 'https://storage.example.net/bucket/site-2024.xml' }
      },
      'https://storage.example.net/bucket/site-2024.xml': urlset(urls(['/moved']))
    },
    expect: {
      pages: ['/moved'],
      files: ['https://storage.example.net/bucket/site-2024.xml'],
      warnings: []
    }
  },

  // --- 6. What it is, when it is not a sitemap ------------------------------------------------
  {
    id: 'html-shell',
    point: 6,
    source: 'issue 18 (a single-page app answers every path with its shell)',
    fact: 'an HTML page at /sitemap.xml is one warning saying what it is and how to fix it',
    files: {
      [at('/robots.txt')]:
        '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
      [at('/sitemap.xml')]: {
        body: '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>App</title></head><body><div id="root"></div></body></html>',
        headers: { 'content-type': 'text/html' }
      }
    },
    expect: {
      pages: [],
      warnings: [
        /^Sitemap https:\/\/www\.example\.com\/sitemap\.xml is not a sitemap: it is an HTML page \(a single-page app answers every path with its page\); robots\.txt lists no sitemap and is an HTML page too\. To fix it, set the sitemap input to the URL of the site's sitemap \(XML, text, RSS or Atom\), or to none\.$/
      ]
    }
  },
  {
    id: 'xhtml-page',
    point: 6,
    source: 'issue 18',
    fact: 'an XHTML page (XML whose root is <html>) is an HTML page, not a malformed sitemap',
    files: listed(
      '/sitemap.xml',
      `${XML_DECL}<html xmlns="${XHTML_NS}"><body><p>Not found</p></body></html>`
    ),
    expect: { pages: [], warnings: [/sitemap\.xml is not a sitemap: it is an HTML page/] }
  },
  {
    id: 'html-fragment',
    point: 6,
    source: 'issue 18 (a server that answers with a bare HTML fragment, no <html> around it)',
    fact: 'an HTML fragment (<div id=root>, <script>, <meta>) is an HTML page, not a malformed sitemap',
    files: listed('/sitemap.xml', {
      body: '<div id=root></div>\n<script src=/app.js></script>',
      headers: { 'content-type': 'text/html' }
    }),
    expect: { pages: [], warnings: [/sitemap\.xml is not a sitemap: it is an HTML page/] }
  },
  {
    id: 'json-answer',
    point: 6,
    source: 'issue 18',
    fact: 'JSON is not a sitemap',
    files: listed('/sitemap.xml', {
      body: '{"error":"not found"}',
      headers: { 'content-type': 'application/json' }
    }),
    expect: { pages: [], warnings: [/is not a sitemap: it is JSON\. To fix it/] }
  },
  {
    id: 'empty-answer',
    point: 6,
    source: 'issue 18',
    fact: 'an empty answer is not a sitemap',
    files: listed('/sitemap.xml', ''),
    expect: { pages: [], warnings: [/is not a sitemap: it is an empty answer\. To fix it/] }
  },
  {
    id: 'bogus-text',
    point: 6,
    source: 'crawler-commons SiteMapParserTest.testSitemapWithInvalidContent',
    fact: 'text that holds no URL is not a sitemap',
    sitemap: at('/sitemap'),
    files: {
      [at('/sitemap')]: {
        body: 'this is a bogus sitemap',
        headers: { 'content-type': 'application/octet-stream' }
      }
    },
    expect: {
      pages: [],
      warnings: [
        /is not a sitemap: it is text whose first line is not a URL \("this is a bogus sitemap"\)\. To fix it, check the URL in the sitemap input, or set sitemap: none\.$/
      ]
    }
  },
  {
    id: 'other-xml-root',
    point: 6,
    source: 'issue 18',
    fact: 'XML of another kind says what its root element is',
    files: listed('/sitemap.xml', `${XML_DECL}<Error><Code>NoSuchKey</Code></Error>`),
    expect: {
      pages: [],
      warnings: [
        /is not a sitemap: it is an XML document whose root element is <Error>, not <urlset>, <sitemapindex>, <rss> or <feed>\./
      ]
    }
  },
  {
    id: 'malformed-line-column',
    point: 6,
    source: 'issue 18',
    fact: 'a file that claims XML and breaks it is malformed, with its line and column',
    files: listed('/sitemap.xml', urlset(`${urls(['/ok'])}  <url><loc>${at('/cut')}</lo></url>\n`)),
    expect: {
      pages: ['/ok'],
      warnings: [
        /^Sitemap https:\/\/www\.example\.com\/sitemap\.xml is malformed: line 4, column 44: unexpected close tag \(the 1 URL\(s\) read before it were kept\)\.$/
      ]
    }
  },
  {
    id: 'bad-gzip',
    point: 6,
    source: 'issue 18',
    fact: 'a file that claims gzip (its magic bytes) and breaks it is malformed',
    files: listed(
      '/sitemap.xml.gz',
      Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not really gzip data at all')])
    ),
    expect: {
      pages: [],
      warnings: [/sitemap\.xml\.gz is malformed: not valid gzip data \(.+\)\.$/]
    }
  },
  {
    id: 'no-sitemap-anywhere',
    point: 6,
    source: 'issue 18 (robots.txt lists none and /sitemap.xml is missing: a notice, not a warning)',
    fact: 'no robots.txt and no /sitemap.xml',
    files: {},
    expect: {
      pages: [],
      warnings: [],
      notices: [
        /^No sitemap found for https:\/\/www\.example\.com: robots\.txt lists none and \/sitemap\.xml answers HTTP 404\.$/
      ]
    }
  }
]
