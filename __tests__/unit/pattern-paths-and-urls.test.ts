/**
 * Inputs that are a path (or a URL) rather than a pattern. `/blog/` is a valid PHP pattern, the
 * expression `blog` between '/' delimiters, which matches /fr/blog/bonjour.html too: most people
 * who write it mean the pages under /blog/. Both readings are spelt out, with a pattern for each.
 * A URL, or a host, can never match a path: the path part alone is the pattern to write.
 */
import { describe, expect, it } from '@jest/globals'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { preparePattern } from '../../src/pattern/index.js'
import { compilePhpPattern } from '../../pcre2/pcre2.mjs'

function prepare(raw: string) {
  const diag = new Diagnostics()
  const result = preparePattern(raw, { allowPurgeAll: false }, diag)
  return { result, diag }
}

const reasons = (diag: Diagnostics): string[] => diag.problems.map(problem => problem.reason)

/** Whether PHP's preg_match() matches `path` with `pattern` (PCRE2 10.42, PHP's options). */
function matches(pattern: string, path: string): boolean {
  const compiled = compilePhpPattern(pattern)
  if (!compiled.ok) throw new Error(`${pattern}: ${compiled.message}`)
  try {
    return compiled.pattern.test(path) === 'match'
  } finally {
    compiled.pattern.free()
  }
}

describe('a path between / delimiters is refused as ambiguous, with both readings', () => {
  it('/blog/: PHP reads the expression blog, which matches /fr/blog/bonjour.html too', () => {
    // What the service would do with it: PHP's reading, by the service's engine.
    expect(matches('/blog/', '/fr/blog/bonjour.html')).toBe(true)
    const { result, diag } = prepare('/blog/')
    expect(result).toBeUndefined()
    expect(diag.problems).toEqual([
      {
        input: 'pattern',
        value: '/blog/',
        reason:
          "is ambiguous: as a path it means the pages under /blog/, but PHP reads it as the expression blog between '/' delimiters, which matches any path containing blog (/fr/blog/x too). Write `#^/blog/#` for the pages under /blog/, or `#blog#` for any path containing blog"
      }
    ])
    expect(diag.warnings).toEqual([])
  })

  it('/products/shoes/: PHP reads the expression products and refuses the rest as modifiers', () => {
    expect(compilePhpPattern('/products/shoes/')).toMatchObject({
      ok: false,
      message: "Unknown modifier 'h'"
    })
    expect(reasons(prepare('/products/shoes/').diag)).toEqual([
      "is ambiguous: as a path it means the pages under /products/shoes/, but PHP reads it as the expression products between '/' delimiters, followed by shoes/, which it refuses as modifiers (PHP: Unknown modifier 'h'). Write `#^/products/shoes/#` for the pages under /products/shoes/, or `#products/shoes#` for any path containing products/shoes"
    ])
  })

  it('escapes the dots of a path in both rewrites, and each selects what it says', () => {
    const [reason = ''] = reasons(prepare('/docs/v1.2/').diag)
    expect(reason).toContain(
      'Write `#^/docs/v1\\.2/#` for the pages under /docs/v1.2/, or `#docs/v1\\.2#` for any path containing docs/v1.2'
    )
    expect(matches('#^/docs/v1\\.2/#', '/docs/v1.2/intro')).toBe(true)
    expect(matches('#^/docs/v1\\.2/#', '/docs/v1x2/intro')).toBe(false)
    expect(matches('#^/docs/v1\\.2/#', '/fr/docs/v1.2/intro')).toBe(false)
    expect(matches('#docs/v1\\.2#', '/fr/docs/v1.2/intro')).toBe(true)
  })

  it.each(['/blog/', '/products/shoes/', '/fr/produits/chaussures/', '/a-b_c.d~e/', '/été/'])(
    '%s: both rewrites go through',
    given => {
      const rewrites = [...(reasons(prepare(given).diag)[0] ?? '').matchAll(/`([^`]+)`/g)]
      expect(rewrites).toHaveLength(2)
      for (const [, rewrite = ''] of rewrites) {
        expect([rewrite, reasons(prepare(rewrite).diag)]).toEqual([rewrite, []])
      }
    }
  )

  it.each([
    // Regular expressions: no longer only a path.
    ['/blog/i', '/^\\/blog/i'],
    ['/blog/ i', '/^\\/blog/ i'],
    ['/\\.php/', '/^\\/\\.php/']
  ])(
    '%s is a pattern, read as PHP reads it; the anchoring advice escapes the /',
    (given, advised) => {
      const { result, diag } = prepare(given)
      expect(result?.pattern).toBe(given)
      expect(diag.warnings).toEqual([expect.stringContaining(`Write \`${advised}\` if it means`)])
      expect(reasons(prepare(advised).diag)).toEqual([])
    }
  )

  it('// is the empty expression, which matches every path', () => {
    expect(reasons(prepare('//').diag)).toEqual([
      expect.stringMatching(/^matches every path, so it would purge every cached page/)
    ])
  })
})

describe('a URL, or a pattern that starts with a host, is refused: patterns match paths', () => {
  const PATHS_ONLY =
    'but the service matches a pattern against the path of each page (/blog/post-1.html: no scheme, no host), so it would purge nothing'

  it('https://www.example.com/blog/ never matches a path; the path part is the pattern', () => {
    expect(matches('#https://www.example.com/blog/#', '/blog/post-1.html')).toBe(false)
    const { result, diag } = prepare('https://www.example.com/blog/')
    expect(result).toBeUndefined()
    expect(diag.problems).toEqual([
      {
        input: 'pattern',
        value: 'https://www.example.com/blog/',
        reason: `is a URL, with the scheme and host https://www.example.com, ${PATHS_ONLY}. Write the path part alone: \`#^/blog/#\``
      }
    ])
    expect(diag.notices).toEqual([])
  })

  it.each([
    ['www.example.com/blog/', 'starts with a host, www.example.com', '#^/blog/#'],
    ['example.com/x', 'starts with a host, example.com', '#^/x#'],
    ['^www\\.example\\.com/blog/.*$', 'starts with a host, www\\.example\\.com', '#^/blog/.*$#'],
    [
      'http://localhost:8080/docs/',
      'is a URL, with the scheme and host http://localhost:8080',
      '#^/docs/#'
    ],
    [
      '#^https?://(www\\.)?example\\.com/blog/#i',
      'is a URL, with the scheme and host https?://(www\\.)?example\\.com',
      '#^/blog/#i'
    ],
    [
      '/^https:\\/\\/www\\.example\\.com\\/blog\\//',
      'is a URL, with the scheme and host https:\\/\\/www\\.example\\.com',
      '#^/blog/#'
    ],
    ['~.*://example.com/a/b~', 'is a URL, with the scheme and host .*://example.com', '#^/a/b#']
  ])('%s %s: write %s', (given, what, rewrite) => {
    expect(reasons(prepare(given).diag)).toEqual([
      `${what}, ${PATHS_ONLY}. Write the path part alone: \`${rewrite}\``
    ])
    expect(reasons(prepare(rewrite).diag)).toEqual([])
  })

  it('a URL of the home page: the home page is #^/$#', () => {
    expect(reasons(prepare('https://www.example.com/').diag)).toEqual([
      `is a URL, with the scheme and host https://www.example.com, ${PATHS_ONLY}. Write \`#^/$#\` for the home page (a pattern for the whole site needs allow_purge_all: true)`
    ])
  })

  it.each([
    // A URL in a query string is part of a path: /share?url=https://x.
    '#^/share\\?url=https://#',
    '#/redirect/https?://#',
    // A file name before a slash, not a host (PATH_INFO).
    '#^/index\\.php/blog/#',
    'index.php/blog/',
    // A file name alone, and a version.
    'logo.png',
    '#^/v1\\.2/#'
  ])('%s is a pattern for paths', given => {
    expect(reasons(prepare(given).diag)).toEqual([])
  })
})
