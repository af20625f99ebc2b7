/**
 * Every rewrite a message of the `pattern` input advises is a pattern the action accepts: the
 * advice never sends anyone round in circles (the anchoring warning once advised /^/blog/, which
 * the action refuses). In these messages a pattern between backticks is advised; each one found
 * is fed back through preparePattern, which must find no problem with it.
 */
import { describe, expect, it } from '@jest/globals'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { preparePattern } from '../../src/pattern/index.js'
import { pcre2 } from '../../pcre2/pcre2.mjs'

function messagesOf(raw: string): string[] {
  const diag = new Diagnostics()
  preparePattern(raw, { allowPurgeAll: false }, diag)
  return [...diag.problems.map(problem => problem.reason), ...diag.warnings, ...diag.notices]
}

/** The patterns the messages advise: between backticks, settings (`name: value`) left out. */
function advisedRewrites(messages: readonly string[]): string[] {
  return messages
    .flatMap(message => [...message.matchAll(/`([^`]+)`/g)].map(([, quoted = '']) => quoted))
    .filter(quoted => !/^[a-z_]+: /.test(quoted))
}

const problemsOf = (raw: string): string[] => {
  const diag = new Diagnostics()
  preparePattern(raw, { allowPurgeAll: false }, diag)
  return diag.problems.map(problem => problem.reason)
}

describe('every rewrite the messages advise goes through', () => {
  // [input, how many rewrites its messages advise]
  const inputs: [string, number][] = [
    // A path between / delimiters: a pattern for each reading.
    ['/blog/', 2],
    ['/products/shoes/', 2],
    ['/docs/v1.2/', 2],
    // URLs and hosts: the path part.
    ['https://www.example.com/blog/', 1],
    ['www.example.com/blog/', 1],
    ['example.com/x', 1],
    ['https://www.example.com/', 1],
    ['#^https?://(www\\.)?example\\.com/blog/#i', 1],
    // Delimiters PHP refuses: the pattern with them escaped, and with another delimiter.
    ['/^/blog/.*$/', 2],
    ['#^/a#b$#', 2],
    ['/products/shoes/x.html', 1],
    ['/blog/.*', 1],
    ['/blog', 1],
    ['#^/blog$#ig', 1],
    // (…)i reads two ways: a pattern for each.
    ['(^/blog/)i', 2],
    // Warnings: the anchoring, and {,n}.
    ['#/blog/#', 1],
    ['blog', 2],
    ['/blog/i', 2],
    ['#\\.php#', 2],
    ['#^/x{,3}$#', 2],
    ['^/a#b{,2}$', 2]
  ]

  it.each(inputs)('%s: %i advised, each accepted as it stands', (input, count) => {
    const rewrites = advisedRewrites(messagesOf(input))
    expect(rewrites).toHaveLength(count)
    for (const rewrite of rewrites) expect([rewrite, problemsOf(rewrite)]).toEqual([rewrite, []])
  })

  it('the rewrites are the ones a reader expects', () => {
    expect(advisedRewrites(messagesOf('/^/blog/.*$/'))).toEqual([
      '/^\\/blog\\/.*$/',
      '#^/blog/.*$#'
    ])
    expect(advisedRewrites(messagesOf('/blog/i'))).toEqual(['/^\\/blog/i', '/blog$/i'])
    expect(advisedRewrites(messagesOf('#^/blog$#ig'))).toEqual(['#^/blog$#i'])
    expect(advisedRewrites(messagesOf('/blog'))).toEqual(['#^/blog#'])
    expect(advisedRewrites(messagesOf('/blog/.*'))).toEqual(['#^/blog/.*#'])
    expect(advisedRewrites(messagesOf('#^/x{,3}$#'))).toEqual(['#^/x\\{,3}$#', '#^/x{0,3}$#'])
    expect(advisedRewrites(messagesOf('^/a#b{,2}$'))).toEqual(['^/a#b\\{,2}$', '^/a#b{0,2}$'])
  })
})

describe('a rewrite the action would refuse is not advised, and the message says so', () => {
  it.each([
    // {0,3} makes the x optional: every path.
    ['#^/x{,3}#', '#^/x{0,3}# (which the action would refuse as well)'],
    // The path part of this URL matches every path.
    ['https://www.example.com/.*', '#^/.*# (which the action would refuse as well)'],
    // Both readings of [^/] match every path, or all but the root.
    ['[^/]', '#^/# (which the action would refuse as well)'],
    ['[^/]', '#[^/]# (which the action would refuse as well)'],
    // Escaping the delimiters leaves a pattern that matches every path.
    ['/^/.*$/', '/^\\/.*$/ (which the action would refuse as well)']
  ])('%s: %s', (input, plain) => {
    const messages = messagesOf(input)
    expect(messages.join('\n')).toContain(plain)
    for (const rewrite of advisedRewrites(messages)) {
      expect([rewrite, problemsOf(rewrite)]).toEqual([rewrite, []])
    }
  })
})

/**
 * What PCRE2, the service's engine, answers for each path with the pattern the action sends for
 * this rewrite (a bare expression wrapped in delimiters, as the action wraps it).
 */
function selects(rewrite: string, paths: readonly string[]): Record<string, boolean> {
  const sent = preparePattern(rewrite, { allowPurgeAll: true }, new Diagnostics())?.pattern
  if (sent === undefined) throw new Error(`${rewrite}: refused`)
  const compiled = pcre2().compilePhpPattern(sent)
  if (!compiled.ok) throw new Error(`${sent}: ${compiled.message}`)
  try {
    return Object.fromEntries(paths.map(path => [path, compiled.pattern.test(path) === 'match']))
  } finally {
    compiled.pattern.free()
  }
}

describe('a glob habit is refused, with both readings spelt out', () => {
  it.each(['^/blog/*$', '/blog/*', '/blog/**', '^/blog/**$', '^/blog/**'])(
    '%s is refused as ambiguous, before anything is sent',
    input => {
      const problems = problemsOf(input)
      expect(problems).toHaveLength(1)
      expect(problems[0]).toContain('a glob')
      expect(problems[0]).toContain('`#^/blog/#` for everything under /blog/')
    }
  )

  it('^/blog/*$: the regex reading is given exactly, with explicit delimiters', () => {
    const [problem = ''] = problemsOf('^/blog/*$')
    expect(problem).toContain('`#^/blog/*$#` for /blog followed by any number of slashes')
    expect(problemsOf('#^/blog/*$#')).toEqual([])
  })

  it('a glob with ** inside gets its glob reading', () => {
    const [problem = ''] = problemsOf('^/docs/**/index.html$')
    const [glob = ''] = /`([^`]+)` for the glob reading/.exec(problem)?.slice(1) ?? []
    expect(
      selects(glob, ['/docs/index.html', '/docs/a/b/index.html', '/docs/a/index.htm'])
    ).toEqual({
      '/docs/index.html': true,
      '/docs/a/b/index.html': true,
      '/docs/a/index.htm': false
    })
  })
})

describe('every rewrite advised for a known habit means what it says', () => {
  const habits = ['/blog/', '/blog', '/blog/*', '^/blog/*$', '/blog/**', '^/blog/**$', 'blog']

  it.each(habits)('%s: each advised rewrite compiles in PCRE2', input => {
    const rewrites = advisedRewrites(messagesOf(input))
    expect(rewrites.length).toBeGreaterThan(0)
    for (const rewrite of rewrites) expect(() => selects(rewrite, ['/'])).not.toThrow()
  })

  it.each(['/blog/', '/blog/*', '^/blog/*$', '/blog/**', '^/blog/**$'])(
    '%s: the reading "under /blog/" selects /blog/a.html, not /blogroll',
    input => {
      const message = messagesOf(input).join('\n')
      const under = /`([^`]+)` for (?:the pages|everything) under \/blog\//.exec(message)?.[1]
      expect(under).toBeDefined()
      expect(selects(under ?? '', ['/blog/a.html', '/blogroll', '/fr/blog/a.html'])).toEqual({
        '/blog/a.html': true,
        '/blogroll': false,
        '/fr/blog/a.html': false
      })
    }
  )

  it('the regex reading of ^/blog/*$ selects /blog and /blog/ only', () => {
    expect(selects('#^/blog/*$#', ['/blog', '/blog/', '/blog/a.html', '/blogroll'])).toEqual({
      '/blog': true,
      '/blog/': true,
      '/blog/a.html': false,
      '/blogroll': false
    })
  })
})
