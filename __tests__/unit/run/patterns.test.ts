/**
 * The run in process: the action's run judges patterns with PCRE2 10.42 itself (that the
 * bundle finds pcre2.wasm beside it is e2e/smoke.test.ts's), and the emulator purges with the
 * same engine. What PCRE2
 * answers here is what the system libpcre2-8 answers (see __tests__/unit/pcre2.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import {
  API_KEY,
  errorsOf,
  noticesOf,
  runWith,
  visibleText,
  warningsOf,
  useEmulator
} from './helpers.js'

/** A path on which PHP's preg_match() gives up for #^/(a+)+$# (pcre.backtrack_limit). */
const CATASTROPHIC = `/${'a'.repeat(40)}b`

const emulator = useEmulator({
  apiKey: API_KEY,
  sitePort: 0,
  site: {
    name: 'patterns',
    devices: ['desktop'],
    pages: [
      { path: '/' },
      { path: '/aaaa' },
      { path: CATASTROPHIC },
      { path: '/blog/' },
      { path: '/blog/first.html' },
      { path: '/Blog/Second.html' },
      { path: '/docs/guide' }
    ]
  }
})

describe('patterns PCRE2 cannot compile', () => {
  it.each([
    ['#(?<=a+)b#', 'lookbehind assertion is not fixed length', 1],
    ['#(?<n>a)(?<n>b)#', 'two named subpatterns have the same name (PCRE2_DUPNAMES not set)', 13],
    ['#(?P>nope)#', 'reference to non-existent subpattern', 5],
    ['#\\g{9}#', 'reference to non-existent subpattern', 5]
  ])('%s is refused with PCRE2’s reason and a caret, nothing sent', async (pattern, why, at) => {
    const result = await runWith(emulator().url, { pattern })
    expect(result.exitCode).toBe(1)
    expect(emulator().requests).toHaveLength(0)
    expect(errorsOf(result)).toEqual([
      `Input 'pattern' ${JSON.stringify(pattern)}: PCRE2 10.42, the service's engine, cannot compile it: ${why} at offset ${at}; the service would refuse it\n    ${pattern}\n    ${' '.repeat(at)}^`
    ])
    expect(result.outputs['status']).toBe('failed')
  })

  it('the emulator refuses such a pattern as the service does (422), with PHP’s text', async () => {
    const answer = await fetch(
      `${emulator().url}/api/v1/cache/purge/pattern?api_key=${encodeURIComponent(API_KEY)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pattern: '#(?<=a+)b#' })
      }
    )
    expect(answer.status).toBe(422)
    expect(await answer.json()).toEqual({
      error: {
        message:
          'Invalid regular expression: Compilation failed: lookbehind assertion is not fixed length at offset 0'
      }
    })
  })
})

describe('the match-all guard asks PCRE2', () => {
  const spellings = [
    '#^(/)\\1?.*$#',
    '#^(?(?=/)/.*|.*)$#',
    '#^/(*SKIP).*$#',
    '#^/[[:print:]]*$#u',
    '#^(?:/|(?1))(.*)$#'
  ]

  it.each(spellings)('%s is refused without allow_purge_all, nothing sent', async pattern => {
    const result = await runWith(emulator().url, { pattern })
    expect(result.exitCode).toBe(1)
    expect(emulator().requests).toHaveLength(0)
    expect(errorsOf(result)).toEqual([expect.stringContaining('matches every path')])
  })

  it.each(spellings)(
    '%s is sent unchanged with allow_purge_all, and purges everything',
    async pattern => {
      const result = await runWith(emulator().url, { pattern, allow_purge_all: 'true' })
      expect(result.exitCode).toBe(0)
      expect(emulator().requests.map(request => request.body)).toEqual([{ pattern }])
      expect(emulator().state().cachedCount).toBe(0)
      expect(warningsOf(result).join('\n')).toContain(
        'every cached page of the site will be purged'
      )
    }
  )
})

describe('the blast radius: sparing a trivial few paths is matching them all', () => {
  const section = '#^/${{ inputs.section }}.+$#'

  it('an empty section leaves every page but the home page: refused, nothing sent', async () => {
    const result = await runWith(emulator().url, { pattern: section }, {}, { 'inputs.section': '' })
    expect(result.exitCode).toBe(1)
    expect(emulator().requests).toHaveLength(0)
    expect(errorsOf(result)).toEqual([
      'Input \'pattern\' "#^/.+$#": matches every test path but 1 of 56 (/), so it would purge nearly every cached page of the site (it spares fewer test paths than any of their sections holds: single pages, not a part of the site); set `allow_purge_all: true` to purge the whole site deliberately'
    ])
    expect(emulator().state().cachedCount).toBe(7)
  })

  it('the same pattern with its section purges that section', async () => {
    const result = await runWith(
      emulator().url,
      { pattern: section },
      {},
      { 'inputs.section': 'blog' }
    )
    expect(result.exitCode).toBe(0)
    expect(emulator().requests.map(request => request.body)).toEqual([{ pattern: '#^/blog.+$#' }])
    expect(emulator().history[0]?.paths).toEqual(['/blog/', '/blog/first.html'])
  })

  it('with allow_purge_all it is sent, with a warning, and purges all but the root', async () => {
    const result = await runWith(emulator().url, { pattern: '#^/.+#', allow_purge_all: 'true' })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests.map(request => request.body)).toEqual([{ pattern: '#^/.+#' }])
    expect(warningsOf(result)).toContain(
      'Pattern #^/.+# matches every test path but 1 of 56 (/): nearly every cached page of the site will be purged (allow_purge_all is true).'
    )
    expect(
      emulator()
        .state()
        .cached.map(entry => entry.path)
    ).toEqual(['/'])
  })
})

describe('previews and purges agree with PHP, paths where it gives up included', () => {
  it('previews the pages of a catastrophic pattern and names the path PHP gives up on', async () => {
    const result = await runWith(emulator().url, {
      pattern: '#^/(a+)+$#',
      dry_run: 'true',
      site_url: emulator().siteUrl
    })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests).toHaveLength(0)
    const preview = JSON.parse(result.outputs['preview'] ?? '') as { selected: string[] }
    expect(preview.selected).toEqual([`${emulator().siteUrl}/aaaa`])
    const warning = `Pattern #^/(a+)+$#: PHP's preg_match() gives up on 1 of the sitemap's paths (Backtrack limit exhausted at pcre.backtrack_limit): the service does not purge them, and they are not checked: ${CATASTROPHIC}.`
    expect(warningsOf(result)).toContain(warning)
    expect(result.summary).toContain('gives up on 1 of the sitemap')
  })

  it('the emulator purges what PHP matches, and not the path where it gives up', async () => {
    const result = await runWith(emulator().url, { pattern: '#^/(a+)+$#' })
    expect(result.exitCode).toBe(0)
    const cached = new Set(
      emulator()
        .state()
        .cached.map(entry => entry.path)
    )
    expect(cached.has('/aaaa')).toBe(false)
    expect(cached.has(CATASTROPHIC)).toBe(true)
    expect(emulator().history[0]?.paths).toEqual(['/aaaa'])
  })

  it('gives the share when a pattern selects most of the sitemap', async () => {
    // Every path that starts with a letter: the guard lets it through (it spares a dozen test
    // paths), the sitemap shows what it selects on this site.
    const result = await runWith(emulator().url, {
      pattern: '#^/[a-zB]#',
      dry_run: 'true',
      site_url: emulator().siteUrl
    })
    expect(result.exitCode).toBe(0)
    expect(warningsOf(result)).toContain(
      "Pattern #^/[a-zB]# selects 6 of the sitemap's 7 pages (86%): most of the site is purged."
    )
  })
})

describe('how the input is read', () => {
  it('sends a bracket-delimited pattern exactly as given, saying how PHP reads it', async () => {
    const result = await runWith(emulator().url, { pattern: '{^/blog/}i' })
    expect(result.exitCode).toBe(0)
    expect(emulator().requests.map(request => request.body)).toEqual([{ pattern: '{^/blog/}i' }])
    expect(noticesOf(result)).toContain(
      "Pattern {^/blog/}i is read as PHP reads it: delimited by '{' and '}', and sent as given."
    )
    // The emulator reads it as PHP does too: the caseless /Blog/ page is purged.
    expect(emulator().history[0]?.paths).toEqual([
      '/blog/',
      '/blog/first.html',
      '/Blog/Second.html'
    ])
  })

  it('refuses a path between / delimiters, with both readings and a pattern for each', async () => {
    const result = await runWith(emulator().url, { pattern: '/blog/' })
    expect(result.exitCode).toBe(1)
    expect(emulator().requests).toHaveLength(0)
    expect(errorsOf(result)).toEqual([
      "Input 'pattern' \"/blog/\": is ambiguous: as a path it means the pages under /blog/, but PHP reads it as the expression blog between '/' delimiters, which matches any path containing blog (/fr/blog/x too). Write `#^/blog/#` for the pages under /blog/, or `#blog#` for any path containing blog"
    ])
    // The first rewrite purges the pages under /blog/, and only those.
    emulator().reset()
    const rewritten = await runWith(emulator().url, { pattern: '#^/blog/#' })
    expect(rewritten.exitCode).toBe(0)
    expect(emulator().history[0]?.paths).toEqual(['/blog/', '/blog/first.html'])
  })

  it('refuses a URL, which can never match a path, with its path part as the pattern', async () => {
    const result = await runWith(emulator().url, { pattern: 'https://www.example.com/blog/' })
    expect(result.exitCode).toBe(1)
    expect(emulator().requests).toHaveLength(0)
    expect(errorsOf(result)).toEqual([
      'Input \'pattern\' "https://www.example.com/blog/": is a URL, with the scheme and host https://www.example.com, but the service matches a pattern against the path of each page (/blog/post-1.html: no scheme, no host), so it would purge nothing. Write the path part alone: `#^/blog/#`'
    ])
    expect(result.outputs['status']).toBe('failed')
  })

  it('refuses a pattern that starts with a host', async () => {
    const result = await runWith(emulator().url, { pattern: 'www.example.com/blog/' })
    expect(result.exitCode).toBe(1)
    expect(emulator().requests).toHaveLength(0)
    expect(errorsOf(result)).toEqual([
      expect.stringContaining(
        'starts with a host, www.example.com, but the service matches a pattern against the path of each page'
      )
    ])
  })

  it('every pattern an error advises (between backticks) runs as it stands', async () => {
    for (const given of ['/^/blog/.*$/', '/blog/', 'www.example.com/blog/', '#^/blog$#ig']) {
      const refused = await runWith(emulator().url, { pattern: given, dry_run: 'true' })
      expect([given, refused.exitCode]).toEqual([given, 1])
      const advised = errorsOf(refused).flatMap(error =>
        [...error.matchAll(/`([^`]+)`/g)].map(([, quoted = '']) => quoted)
      )
      expect([given, advised.length > 0]).toEqual([given, true])
      for (const rewrite of advised) {
        const result = await runWith(emulator().url, { pattern: rewrite, dry_run: 'true' })
        expect([rewrite, result.exitCode, errorsOf(result)]).toEqual([rewrite, 0, []])
      }
    }
    expect(emulator().requests).toHaveLength(0)
  })

  it('warns about a pattern anchored at neither end with an example in its own case', async () => {
    const result = await runWith(emulator().url, { pattern: '#/Blog/#', dry_run: 'true' })
    expect(result.exitCode).toBe(0)
    expect(warningsOf(result)).toEqual([
      'Pattern #/Blog/# is not anchored at either end (no ^ or \\A at the start, no $, \\z or \\Z at the end): it matches anywhere in a path, e.g. /old/Blog/x. Write `#^/Blog/#` if it means the paths that start with /Blog/.'
    ])
  })

  it('does not warn about a deliberate prefix', async () => {
    const result = await runWith(emulator().url, { pattern: '#^/docs/#', dry_run: 'true' })
    expect(result.exitCode).toBe(0)
    expect(warningsOf(result)).toEqual([])
    expect(visibleText(result)).not.toContain('not anchored')
  })
})
