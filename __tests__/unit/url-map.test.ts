import { describe, it, expect } from '@jest/globals'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { fuzzParameters } from '../support/fuzz.js'
import { Diagnostics } from '../../src/core/diagnostics.js'
import type { MappingResult, UrlMap } from '../../src/changed-files/url-map.js'
import { mapChangedFiles } from '../../src/changed-files/url-map/mapping.js'
import { parseUrlMap } from '../../src/changed-files/url-map/parse.js'
import { encodeUrlPath } from '../../src/changed-files/url-map/percent-encoding.js'
import {
  ASSETS_EXCLUDED_URL_MAP,
  DEFAULT_URL_MAP,
  HUGO_URL_MAP,
  JEKYLL_URL_MAP,
  PUBLIC_FOLDER_URL_MAP,
  URL_MAP_PRESETS
} from '../../src/changed-files/url-map-presets.js'

/** Parses a map that must be valid; fails the test with the problems otherwise. */
function parse(text: string): UrlMap {
  const diag = new Diagnostics()
  const map = parseUrlMap(text, diag)
  expect(diag.problems).toEqual([])
  if (map === undefined) throw new Error('expected a map')
  return map
}

function mapWith(text: string, paths: readonly string[]): MappingResult {
  return mapChangedFiles(parse(text), paths)
}

/** The URLs and tags one path maps to, with the outcome. */
function targetsOf(text: string, path: string) {
  const file = mapWith(text, [path]).files[0]
  if (file === undefined) throw new Error('expected one file')
  return { outcome: file.outcome, urls: file.urls, tags: file.tags }
}

function urlsOf(text: string, path: string): readonly string[] {
  return targetsOf(text, path).urls
}

/** The problems reported for a map that must be refused. */
function problemsOf(text: string): { value: string; reason: string }[] {
  const diag = new Diagnostics()
  expect(parseUrlMap(text, diag)).toBeUndefined()
  expect(diag.problems.length).toBeGreaterThan(0)
  return diag.problems.map(({ input, value, reason }) => {
    expect(input).toBe('url_map')
    return { value, reason }
  })
}

describe('parseUrlMap: lines and comments', () => {
  it('skips blank lines and comment lines, and numbers rules by their input line', () => {
    const map = parse('\n# a comment\n   # an indented comment\n\ndocs/** -> /docs/\n')
    expect(map.rules.map(rule => [rule.line, rule.glob])).toEqual([[5, 'docs/**']])
  })

  it('ends a rule at a # after a space or a tab', () => {
    const map = parse('a.html -> /a # the about page\nb.html -> /b\t# tab\n')
    expect(mapChangedFiles(map, ['a.html', 'b.html']).urls).toEqual(['/a', '/b'])
  })

  it('ends a rule at its comment even when the comment holds a Unicode line separator', () => {
    // A regex's `.*$` stops at U+2028 and so left such a comment in the rule (and was
    // quadratic in a line of many " #" that one follows); the comment is cut where it starts.
    expect(urlsOf('a.html -> /a # see\u2028below', 'a.html')).toEqual(['/a'])
    expect(urlsOf(`a.html -> /a${' #'.repeat(50_000)}\u2029`, 'a.html')).toEqual(['/a'])
  })

  it('keeps a # with no blank before it as part of the rule', () => {
    expect(urlsOf('c#.html -> /c#sharp', 'c#.html')).toEqual(['/c#sharp'])
  })

  it('accepts CRLF line endings and trims lines', () => {
    const map = parse('  a.html -> /a  \r\n\tb.html -> /b\r\n')
    expect(map.rules.map(rule => rule.line)).toEqual([1, 2])
    expect(mapChangedFiles(map, ['b.html']).urls).toEqual(['/b'])
  })

  it('gives an empty map for empty input: every file is then unmapped', () => {
    const result = mapWith('# nothing yet\n', ['a.html'])
    expect(result.unmapped).toEqual(['a.html'])
  })
})

describe('mapChangedFiles: rules', () => {
  it('maps a file to every target of the rule', () => {
    expect(targetsOf('docs/a.html -> /docs/a /docs/ tag:docs tag:a', 'docs/a.html')).toEqual({
      outcome: 'mapped',
      urls: ['/docs/a', '/docs/'],
      tags: ['docs', 'a']
    })
  })

  it('matches the whole path, not a part of it', () => {
    const result = mapWith('a.html -> /a', ['a.html', 'x/a.html', 'a.html.bak'])
    expect(result.unmapped).toEqual(['x/a.html', 'a.html.bak'])
  })

  it('lets the first matching rule decide', () => {
    const text = 'docs/intro.html -> /intro\ndocs/* -> /docs/other\n** -> /everything'
    const result = mapWith(text, ['docs/intro.html', 'docs/x.html', 'y.html'])
    expect(result.files.map(file => [file.path, file.urls, file.line])).toEqual([
      ['docs/intro.html', ['/intro'], 1],
      ['docs/x.html', ['/docs/other'], 2],
      ['y.html', ['/everything'], 3]
    ])
  })

  it('keeps excluded files (mapped to nothing) apart from unmapped ones', () => {
    const result = mapWith('!drafts/**\nposts/* -> /posts/', [
      'drafts/a.md',
      'posts/b.md',
      'other.txt'
    ])
    expect(result.files).toEqual([
      { path: 'drafts/a.md', urls: [], tags: [], outcome: 'excluded', line: 1 },
      { path: 'posts/b.md', urls: ['/posts/'], tags: [], outcome: 'mapped', line: 2 },
      { path: 'other.txt', urls: [], tags: [], outcome: 'unmapped' }
    ])
    expect(result.unmapped).toEqual(['other.txt'])
  })

  it('lets an exclusion win only when it comes first', () => {
    expect(targetsOf('!*.md\n** -> /x', 'a.md').outcome).toBe('excluded')
    expect(targetsOf('** -> /x\n!*.md', 'a.md').outcome).toBe('mapped')
  })

  it('deduplicates URLs and tags in first-seen order, and maps a repeated path once', () => {
    const text = 'a/* -> /a/ tag:a\nb/{n}.html -> /b/{n} /a/ tag:b tag:a'
    const result = mapWith(text, ['b/x.html', 'a/1', 'a/2', 'b/x.html'])
    expect(result.urls).toEqual(['/b/x', '/a/'])
    expect(result.tags).toEqual(['b', 'a'])
    expect(result.files.map(file => file.path)).toEqual(['b/x.html', 'a/1', 'a/2'])
  })

  it('maps a repeated path once in a sorted list too, and keeps a sorted list in its order', () => {
    const text = 'a/* -> /a/\n{p...} -> /{p}'
    expect(mapWith(text, ['a/1', 'a/1', 'a/2']).files.map(file => file.path)).toEqual([
      'a/1',
      'a/2'
    ])
    expect(mapWith(text, ['a/1', 'a/2', 'b']).files.map(file => file.path)).toEqual([
      'a/1',
      'a/2',
      'b'
    ])
  })

  it('deduplicates the targets of one file', () => {
    expect(urlsOf('{a}.html -> /{a} /{a}', 'x.html')).toEqual(['/x'])
  })

  it('keeps three or more targets of one file in order, each once', () => {
    const text = '{a}/{b}.md -> /{a}/ /{b}/ /{a}/ /x/ /{b}/ tag:{a} tag:t tag:{a} tag:{b}'
    expect(targetsOf(text, 'p/q.md')).toMatchObject({
      urls: ['/p/', '/q/', '/x/'],
      tags: ['p', 't', 'q']
    })
  })

  it('maps many files together exactly as it maps each alone', () => {
    // Past a few hundred files the mapper remembers texts made for repeating capture values
    // and stops remembering where values do not repeat: neither may change any file's targets.
    const text = [
      'lang/{lang}/{page}.md -> /{lang}/{page}/ tag:lang-{lang} tag:page-{page}',
      'raw/{name} -> /raw/{name} tag:{name}'
    ].join('\n')
    const langs = ['de', 'fr', 'a,b', 'ja', 'x y']
    const paths = Array.from({ length: 1200 }, (_, i) =>
      i % 3 === 2
        ? `raw/${i % 7 === 0 ? `n,${i}` : `name-${i % 400}`}`
        : `lang/${langs[i % langs.length] ?? 'de'}/page-${i % 2 === 0 ? i : 1}.md`
    )
    const together = mapWith(text, paths)
    // Some paths repeat: each is mapped once, where it first appears.
    const alone = [...new Set(paths)].map(path => mapWith(text, [path]).files[0])
    expect(together.files).toEqual(alone)
    expect(together.notes.length).toBeGreaterThan(0)
  })

  it('matches case-sensitively', () => {
    expect(targetsOf('README.md -> /readme', 'readme.md').outcome).toBe('unmapped')
  })

  it('leaves unmapped a path with an empty segment, which names no file', () => {
    const paths = ['docs/', '', 'a//b', '/a']
    expect(mapWith('{path...} -> /{path}', paths).unmapped).toEqual(paths)
    expect(mapWith('** -> /x\n*/*/* -> /y', paths).unmapped).toEqual(paths)
  })
})

describe('globs', () => {
  it('* matches any text inside one segment, including none and dotfiles', () => {
    const text = 'docs/*.html -> /hit'
    const result = mapWith(text, ['docs/a.html', 'docs/.html', 'docs/.x.html', 'docs/a/b.html'])
    expect(result.unmapped).toEqual(['docs/a/b.html'])
  })

  it('** matches zero or more whole segments', () => {
    const text = 'a/**/z.html -> /hit'
    const result = mapWith(text, ['a/z.html', 'a/b/z.html', 'a/b/c/z.html', 'az.html', 'a/bz.html'])
    expect(result.unmapped).toEqual(['az.html', 'a/bz.html'])
  })

  it('** at the start, at the end, and alone', () => {
    expect(mapWith('**/*.css -> /x', ['a.css', 'a/b/c.css', 'a/b.js']).unmapped).toEqual(['a/b.js'])
    expect(mapWith('a/** -> /x', ['a/b', 'a/b/c', 'a', 'ab/c']).unmapped).toEqual(['ab/c'])
    expect(mapWith('** -> /x', ['a', 'a/b/c']).unmapped).toEqual([])
  })

  it('treats regular-expression characters as literal', () => {
    const text = 'a.b+c(d)[e]?f$g^h|i\\j -> /hit'
    const result = mapWith(text, [
      'a.b+c(d)[e]?f$g^h|i\\j',
      'aXb+c(d)[e]?f$g^h|i\\j',
      'a.bbc(d)[e]f$g^h|i\\j'
    ])
    expect(result.files.map(file => file.outcome)).toEqual(['mapped', 'unmapped', 'unmapped'])
  })

  it('allows spaces and non-ASCII characters in a glob', () => {
    expect(urlsOf('notes/my notes/{n}.md -> /n/{n}', 'notes/my notes/été.md')).toEqual([
      '/n/%C3%A9t%C3%A9'
    ])
  })
})

describe('captures', () => {
  it('{name} captures part of one segment', () => {
    expect(urlsOf('posts/{slug}.md -> /p/{slug}/', 'posts/hello.md')).toEqual(['/p/hello/'])
    expect(targetsOf('posts/{slug}.md -> /p/{slug}/', 'posts/a/b.md').outcome).toBe('unmapped')
  })

  it('{name} needs at least one character', () => {
    expect(targetsOf('posts/{slug}.md -> /x', 'posts/.md').outcome).toBe('unmapped')
    expect(targetsOf('posts/x{slug} -> /x', 'posts/x').outcome).toBe('unmapped')
  })

  it('splits a segment at the earliest place that matches', () => {
    const text = '_posts/{y}-{m}-{d}-{slug}.md -> /{y}/{m}/{d}/{slug}'
    expect(urlsOf(text, '_posts/2024-01-05-hello-world.md')).toEqual(['/2024/01/05/hello-world'])
  })

  it('lets a capture hold the separator when it must, to take its one character', () => {
    expect(urlsOf('{a}-{b} -> /{a}/{b}', '--x')).toEqual(['/-/x'])
  })

  it('gives the last capture of a segment everything up to the text that ends it', () => {
    expect(urlsOf('{name}.md -> /{name}', 'a.b.c.md')).toEqual(['/a.b.c'])
    expect(urlsOf('{a}.{b}.md -> /{a}/{b}', 'a.b.c.md')).toEqual(['/a/b.c'])
  })

  it('{name...} captures one or more whole segments, keeping their slashes', () => {
    const text = 'docs/{rest...}/index.html -> /docs/{rest}/'
    expect(urlsOf(text, 'docs/a/index.html')).toEqual(['/docs/a/'])
    expect(urlsOf(text, 'docs/a/b/c/index.html')).toEqual(['/docs/a/b/c/'])
    expect(targetsOf(text, 'docs/index.html').outcome).toBe('unmapped')
  })

  it('takes the fewest segments first for ** and {name...}', () => {
    expect(urlsOf('**/docs/{rest...} -> /{rest}', 'a/docs/b/docs/c')).toEqual(['/b/docs/c'])
    expect(urlsOf('{first...}/{rest...} -> /{first}|{rest}', 'a/b/c')).toEqual(['/a|b/c'])
  })

  it('reads the segment after {name...} even when it also appears inside', () => {
    expect(urlsOf('{dir...}/index.html -> /{dir}/', 'a/index.html/index.html')).toEqual([
      '/a/index.html/'
    ])
  })

  it('uses one capture several times in a target, and in several targets', () => {
    expect(targetsOf('{n}.html -> /{n}/{n} tag:page-{n}', 'x.html')).toEqual({
      outcome: 'mapped',
      urls: ['/x/x'],
      tags: ['page-x']
    })
  })

  it('ignores captures that no target uses, and captures in an excluding rule', () => {
    expect(urlsOf('{a}/{b}.html -> /{b}', 'x/y.html')).toEqual(['/y'])
    expect(targetsOf('!{a}/{b}.html', 'x/y.html').outcome).toBe('excluded')
  })

  it('combines *, **, {name} and {name...} in one glob', () => {
    const text = 'site/{lang}/**/v{major}.{minor}/{page...} -> /{lang}/{major}/{minor}/{page}'
    expect(urlsOf(text, 'site/en/x/y/v1.2/a/b.html')).toEqual(['/en/1/2/a/b.html'])
    expect(urlsOf(text, 'site/en/v10.20/a')).toEqual(['/en/10/20/a'])
  })
})

describe('URL encoding', () => {
  it.each([
    ['a b', 'a%20b'],
    ['é', '%C3%A9'],
    ['ü', '%C3%BC'],
    ['?', '%3F'],
    ['#', '%23'],
    ['%', '%25'],
    ['%20', '%2520'],
    ['"<>\\^`{|}', '%22%3C%3E%5C%5E%60%7B%7C%7D'],
    ['😀', '%F0%9F%98%80'],
    ["+&=;,$!*'():@", "+&=;,$!*'():@"],
    ['AZaz09-._~', 'AZaz09-._~'],
    ['a/b c/d', 'a/b%20c/d'],
    ['\uD800x', '%EF%BF%BDx']
  ])('encodes %j as %j', (value, encoded) => {
    expect(encodeUrlPath(value)).toBe(encoded)
  })

  it('encodes captures in URLs but keeps the literal parts as written', () => {
    const text = '{path...} -> /x?from={path}#top'
    expect(urlsOf(text, 'a b/c?d#e%f+g&h.html')).toEqual([
      '/x?from=a%20b/c%3Fd%23e%25f+g&h.html#top'
    ])
  })

  it('keeps the / between the segments of a {name...} capture', () => {
    expect(urlsOf('{path...} -> /{path}', 'a b/ü/😀.html')).toEqual([
      '/a%20b/%C3%BC/%F0%9F%98%80.html'
    ])
  })

  it('inserts captures into tags as they are', () => {
    expect(targetsOf('{dir...}/{n}.md -> tag:{dir}:{n}', 'a b/é?#%/x.md').tags).toEqual([
      'a b/é?#%:x'
    ])
  })
})

describe('tags a capture cannot fill', () => {
  it('skips a tag whose capture holds a comma, with a note, keeping the other targets', () => {
    const result = mapWith('{n}.md -> /{n} tag:post-{n} tag:posts', ['a,b.md', 'c.md'])
    expect(result.files[0]).toEqual({
      path: 'a,b.md',
      urls: ['/a,b'],
      tags: ['posts'],
      outcome: 'mapped',
      line: 1,
      notes: [
        `tag "tag:post-{n}" skipped: {n} is "a,b", and a tag cannot hold a comma, a line break or another control character`
      ]
    })
    expect(result.files[1]?.tags).toEqual(['post-c', 'posts'])
    expect(result.tags).toEqual(['posts', 'post-c'])
    expect(result.notes).toEqual([
      `a,b.md: tag "tag:post-{n}" skipped: {n} is "a,b", and a tag cannot hold a comma, a line break or another control character`
    ])
  })

  it('skips a tag whose capture holds a line break', () => {
    const result = mapWith('{n}.md -> tag:{n}', ['a\nb.md', 'c\rd.md'])
    expect(result.tags).toEqual([])
    expect(result.notes).toHaveLength(2)
    expect(result.files.map(file => file.outcome)).toEqual(['mapped', 'mapped'])
  })

  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['U+0085', '\u0085'],
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029']
  ])(
    'drops a tag whose capture holds %s, noting the file quoted; the URL is percent-encoded',
    (_, char) => {
      const path = `posts/a${char}b.md`
      const result = mapWith('posts/{n}.md -> /p/{n} tag:post-{n} tag:posts', [path])
      expect(result.tags).toEqual(['posts'])
      expect(result.urls).toEqual([`/p/a${encodeURIComponent(char)}b`])
      const escaped = `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
      expect(result.notes).toEqual([
        `"posts/a${escaped}b.md": tag "tag:post-{n}" skipped: {n} is "a${escaped}b", and a tag cannot hold a comma, a line break or another control character`
      ])
      // Nothing raw reaches a log line: the note holds the path escaped.
      expect(result.notes[0]).not.toContain(char)
    }
  )

  it('leaves no notes property on a file that had none', () => {
    expect(mapWith('{n}.md -> tag:{n}', ['a.md']).files[0]).not.toHaveProperty('notes')
  })
})

describe('parseUrlMap: problems', () => {
  it.each([
    ['docs/a.html /a', "no '->'"],
    ['docs/a.html ->', "no targets after '->'"],
    ['-> /a', 'empty glob'],
    ['!', 'empty glob'],
    ['a -> /b -> /c', "more than one '->'"],
    ['a -> https://example.com/a', 'is neither a URL path'],
    ['a -> b', 'is neither a URL path'],
    ['a -> tag:', "'tag:' needs a tag name"],
    ['a -> tag:x,y', 'contains a comma'],
    ['a -> //cdn.example.com/a', "starts with '//'"],
    ['{a -> /x', "unbalanced '{'"],
    ['a} -> /x', "unbalanced '}'"],
    ['{a{b}} -> /x', "unbalanced '{'"],
    ['{a}.html -> /{a', "unbalanced '{'"],
    ['{a}.html -> /a}', "unbalanced '}'"],
    ['{}.html -> /x', 'empty capture name'],
    ['{...} -> /x', 'empty capture name'],
    ['{1a}.html -> /x', 'invalid capture name "1a"'],
    ['{a-b}.html -> /x', 'invalid capture name "a-b"'],
    ['{a}.html -> /{a.b}', 'invalid capture name "a.b"'],
    ['{a}.html -> /{a b}', "unbalanced '{'"],
    ['{a}/{a}.html -> /x', '{a} is captured twice'],
    ['{a}/{a...} -> /x', '{a} is captured twice'],
    ['a**/b -> /x', "'**' must be a whole path segment"],
    ['a/**b -> /x', "'**' must be a whole path segment"],
    ['a/*** -> /x', "'**' must be a whole path segment"],
    ['x{a...} -> /x', '{a...} must be a whole path segment'],
    ['{a...}.html -> /x', '{a...} must be a whole path segment'],
    ['{a}{b}.html -> /x', "'{a}{b}': a capture or '*' right next to another"],
    ['*{a}.html -> /x', "'*{a}'"],
    ['{a}*.html -> /x', "'{a}*'"],
    ['{a}.html -> /{b}', 'uses {b}, which the glob does not capture'],
    ['{a}.html -> tag:x-{b}', 'uses {b}, which the glob does not capture'],
    ['{a...}/x -> /{a...}', 'write {a} in a target'],
    ['/index.html -> /', "the glob starts with '/'"],
    ['docs/ -> /docs/', "the glob ends with '/'"],
    ['a//b -> /x', "empty path segment ('//')"],
    ['!a -> /x', 'takes no targets']
  ])('refuses %j: %s', (line, reason) => {
    const problems = problemsOf(`ok.html -> /ok\n${line}`)
    expect(problems.map(problem => problem.value)).toContain(line)
    expect(
      problems.some(
        problem => problem.reason.startsWith('line 2: ') && problem.reason.includes(reason)
      )
    ).toBe(true)
  })

  it('reports every bad line, each with its number, and keeps going past good ones', () => {
    const problems = problemsOf('a.html /a\nok.html -> /ok\n\n{x}.html -> /{y}\n# fine\nb -> tag:')
    expect(problems.map(problem => problem.reason.slice(0, problem.reason.indexOf(':')))).toEqual([
      'line 1',
      'line 4',
      'line 6'
    ])
    expect(problems.map(problem => problem.value)).toEqual([
      'a.html /a',
      '{x}.html -> /{y}',
      'b -> tag:'
    ])
  })

  it('reports every problem of a line', () => {
    const problems = problemsOf('{a}{b}/x -> nope tag:')
    expect(problems.map(problem => problem.reason)).toEqual([
      expect.stringContaining("line 1: '{a}{b}'"),
      expect.stringContaining('line 1: target "nope" is neither'),
      expect.stringContaining("line 1: 'tag:' needs a tag name")
    ])
  })

  it('shows the line as written, comment included, trimmed', () => {
    expect(problemsOf('  bad line   # why  ')[0]?.value).toBe('bad line   # why')
  })
})

describe('default map', () => {
  it('maps index.html to the root', () => {
    expect(urlsOf(DEFAULT_URL_MAP, 'index.html')).toEqual(['/'])
  })

  it('maps a folder index to the folder and to the file', () => {
    expect(urlsOf(DEFAULT_URL_MAP, 'docs/index.html')).toEqual(['/docs/', '/docs/index.html'])
    expect(urlsOf(DEFAULT_URL_MAP, 'docs/api/index.html')).toEqual([
      '/docs/api/',
      '/docs/api/index.html'
    ])
  })

  it('maps other files to their own path, encoded', () => {
    expect(urlsOf(DEFAULT_URL_MAP, 'docs/guide.html')).toEqual(['/docs/guide.html'])
    expect(urlsOf(DEFAULT_URL_MAP, 'a b/ü.html')).toEqual(['/a%20b/%C3%BC.html'])
    expect(urlsOf(DEFAULT_URL_MAP, 'style.css')).toEqual(['/style.css'])
  })

  // The default map must not turn .github/workflows/x.yml into a URL to purge.
  it.each([
    '.github/workflows/deploy.yml',
    '.gitignore',
    'docs/.gitkeep',
    '.vscode/settings.json',
    'blog/.DS_Store',
    '.gitlab-ci.yml',
    'Jenkinsfile',
    'package-lock.json',
    'site/yarn.lock',
    'pnpm-lock.yaml',
    'Gemfile.lock',
    'composer.lock'
  ])('maps %s, which is never a page, to nothing', path => {
    expect(targetsOf(DEFAULT_URL_MAP, path)).toEqual({ outcome: 'excluded', urls: [], tags: [] })
  })

  it.each([
    ['.well-known/security.txt', ['/.well-known/security.txt']],
    ['README.md', ['/README.md']],
    ['LICENSE', ['/LICENSE']]
  ])('still maps %s, which a site may serve', (path, urls) => {
    expect(urlsOf(DEFAULT_URL_MAP, path)).toEqual(urls)
  })
})

describe('presets', () => {
  it('lists every preset with its text and a one-line description', () => {
    expect(Object.keys(URL_MAP_PRESETS)).toEqual([
      'default',
      'hugo',
      'jekyll',
      'public-folder',
      'assets-excluded'
    ])
    for (const preset of Object.values(URL_MAP_PRESETS)) {
      expect(preset.description).toMatch(/^[^\n]{10,100}$/)
      expect(parse(preset.text).rules.length).toBeGreaterThan(0)
    }
  })

  it('docs/url-map.md shows each preset with the rules of the source, in its order', () => {
    // What users copy: the blocks without a language, the default map's and each preset's.
    const docs = readFileSync(new URL('../../docs/url-map.md', import.meta.url), 'utf8')
    const blocks = [...docs.matchAll(/^```\n([\s\S]*?)^```$/gm)].map(([, text]) => text ?? '')
    // Rules, not text: the docs say in prose what a preset's leading comment says.
    const rulesOf = (text: string) => parse(text).rules.map(rule => rule.text)
    expect(blocks.map(rulesOf)).toEqual(
      Object.values(URL_MAP_PRESETS).map(preset => rulesOf(preset.text))
    )
  })

  describe('hugo', () => {
    it.each([
      ['content/_index.md', ['/']],
      ['content/posts/_index.md', ['/posts/']],
      ['content/docs/guides/_index.md', ['/docs/guides/']],
      ['content/posts/my-post.md', ['/posts/my-post/']],
      ['content/posts/my-post/index.md', ['/posts/my-post/']],
      ['content/posts/my-post/cover.jpg', ['/posts/my-post/cover.jpg']],
      ['content/about.md', ['/about/']],
      ['static/images/logo.png', ['/images/logo.png']],
      ['static/favicon.ico', ['/favicon.ico']]
    ])('maps %s to %j', (path, urls) => {
      expect(targetsOf(HUGO_URL_MAP, path)).toEqual({ outcome: 'mapped', urls, tags: [] })
    })

    it('purges layouts by tag, excludes themes and plumbing, and leaves the config unmapped', () => {
      expect(targetsOf(HUGO_URL_MAP, 'layouts/_default/single.html')).toEqual({
        outcome: 'mapped',
        urls: [],
        tags: ['layouts']
      })
      const result = mapWith(HUGO_URL_MAP, [
        'themes/ananke/layouts/index.html',
        'archetypes/default.md',
        '.github/workflows/deploy.yml',
        'README.md',
        'hugo.toml'
      ])
      expect(result.files.map(file => file.outcome)).toEqual([
        'excluded',
        'excluded',
        'excluded',
        'excluded',
        'unmapped'
      ])
    })
  })

  describe('jekyll', () => {
    it.each([
      ['_posts/2024-01-05-hello-world.md', ['/2024/01/05/hello-world.html']],
      ['_posts/2023-12-31-new-year.markdown', ['/2023/12/31/new-year.html']],
      ['index.md', ['/']],
      ['index.html', ['/']],
      ['about.md', ['/about.html']],
      ['docs/index.md', ['/docs/', '/docs/index.html']],
      ['docs/install.md', ['/docs/install.html']],
      ['assets/css/style.scss', ['/assets/css/style.scss']],
      ['404.html', ['/404.html']]
    ])('maps %s to %j', (path, urls) => {
      expect(targetsOf(JEKYLL_URL_MAP, path)).toEqual({ outcome: 'mapped', urls, tags: [] })
    })

    it.each([
      '_config.yml',
      '_includes/head.html',
      '_layouts/post.html',
      '_sass/main.scss',
      '_data/nav.yml',
      '_drafts/idea.md',
      'Gemfile',
      'Gemfile.lock',
      'README.md',
      '.github/workflows/pages.yml'
    ])('excludes %s', path => {
      expect(targetsOf(JEKYLL_URL_MAP, path).outcome).toBe('excluded')
    })
  })

  describe('public folder', () => {
    it.each([
      ['public/index.html', ['/']],
      ['public/blog/index.html', ['/blog/', '/blog/index.html']],
      ['public/blog/2024/post.html', ['/blog/2024/post.html']],
      ['public/assets/app.js', ['/assets/app.js']]
    ])('maps %s to %j', (path, urls) => {
      expect(urlsOf(PUBLIC_FOLDER_URL_MAP, path)).toEqual(urls)
    })

    it('excludes everything outside public/', () => {
      const result = mapWith(PUBLIC_FOLDER_URL_MAP, [
        'src/app.ts',
        'package.json',
        'index.html',
        'publicity.md'
      ])
      expect(result.files.every(file => file.outcome === 'excluded')).toBe(true)
    })
  })

  describe('assets excluded', () => {
    it.each([
      'style.css',
      'assets/app.js',
      'assets/app.js.map',
      'img/logo.png',
      'img/photo.jpg',
      'img/photo.jpeg',
      'img/anim.gif',
      'img/icon.svg',
      'img/hero.webp',
      'img/hero.avif',
      'favicon.ico',
      'fonts/inter.woff',
      'fonts/inter.woff2',
      'README.md',
      'docs/CHANGELOG.md',
      '.github/workflows/deploy.yml',
      'package.json',
      'package-lock.json'
    ])('excludes %s', path => {
      expect(targetsOf(ASSETS_EXCLUDED_URL_MAP, path).outcome).toBe('excluded')
    })

    it('maps pages as the default map does', () => {
      const result = mapWith(ASSETS_EXCLUDED_URL_MAP, [
        'index.html',
        'docs/index.html',
        'docs/guide.html'
      ])
      expect(result.urls).toEqual(['/', '/docs/', '/docs/index.html', '/docs/guide.html'])
    })
  })
})

describe('performance', () => {
  // Each of these takes a plain lazy regular expression seconds to hours; they must not hang.
  it('maps a 5,000-character segment of separators against four captures', () => {
    const path = '-'.repeat(5000)
    const text = '{a}-{b}-{c}-{d}.md -> /no\n{a}-{b}-{c}-{d} -> /{a}/{b}/{c}/{d}'
    expect(urlsOf(text, path)).toEqual([`/-/-/-/${'-'.repeat(4994)}`])
  })

  it('maps a 5,000-character path of many such segments against ** and {x...}', () => {
    const path = Array.from({ length: 5 }, () => '-'.repeat(999)).join('/')
    const text =
      '**/{a}-{b}-{c}-{d}.md -> /no\n{x...}/{a}-{b}-{c}.md -> /no\n{x...}/{a}-{b}x -> /no'
    expect(mapWith(text, [path]).unmapped).toEqual([path])
    expect(urlsOf(`${text}\n**/{a}-{b}-{c} -> /{a}/{b}`, path)).toEqual(['/-/-'])
  })

  it('maps a long one-segment path with many repeated separators', () => {
    const path = `${'a-'.repeat(2500)}.txt`
    const text = '{a}-{b}-{c}.md -> /no\n{a}-{b}-{c}.txt -> /{a}/{b}/{c}'
    expect(urlsOf(text, path)).toEqual([`/a/a/${'a-'.repeat(2498)}`])
  })

  it('maps many globstars against many matching segments', () => {
    const path = Array.from({ length: 2500 }, () => 'a').join('/')
    expect(mapWith('**/a/**/a/**/a/**/b -> /no', [path]).unmapped).toEqual([path])
    expect(urlsOf('**/a/{x...}/a/**/a -> /{x}', path)).toEqual(['/a'])
  })

  it('maps 100,000 paths through a 50-rule map', () => {
    const rules = Array.from(
      { length: 49 },
      (_, index) => `section${index}/{slug}.html -> /s${index}/{slug}`
    )
    const map = parse([...rules, DEFAULT_URL_MAP].join('\n'))
    const paths = Array.from({ length: 100_000 }, (_, index) => `docs/page-${index}/index.html`)
    const result = mapChangedFiles(map, paths)
    expect(result.urls).toHaveLength(200_000)
    expect(result.urls[1]).toBe('/docs/page-0/index.html')
  })
})

// A reference for the matching rules: the plain lazy translation of a glob, the way the
// specification reads. The compiled matcher must agree with it on what matches and on captures.
function referenceRegExp(glob: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const segments = glob.split('/').map(segment => {
    if (segment === '**') return '(?:[^/]+/)*?'
    const spans = /^\{(\w+)\.\.\.\}$/.exec(segment)
    if (spans) return `(?<${spans[1]}>[^/]+(?:/[^/]+)*?)/`
    const pieces = segment.split(/(\*|\{\w+\})/).map(piece => {
      if (piece === '*') return '[^/]*?'
      if (piece.startsWith('{')) return `(?<${piece.slice(1, -1)}>[^/]+?)`
      return escape(piece)
    })
    return `${pieces.join('')}/`
  })
  return new RegExp(`^${segments.join('')}$`, 'u')
}

const segmentText = fc.string({
  unit: fc.constantFrom('a', 'b', '-', '.'),
  minLength: 1,
  maxLength: 4
})

/** Valid globs of literals, `*`, `**`, `{name}` and `{name...}`, as token lists. */
const globTokens = fc.array(
  fc.oneof(
    fc.constant(['**']),
    fc.constant(['{...}']),
    fc.array(fc.oneof(segmentText, fc.constant('*'), fc.constant('{}')), {
      minLength: 1,
      maxLength: 4
    })
  ),
  { minLength: 1, maxLength: 4 }
)

/** Writes tokens as a glob: names captures c0, c1, ... and puts text between touching wildcards. */
function writeGlob(segments: readonly (readonly string[])[]): { glob: string; names: string[] } {
  const names: string[] = []
  const written = segments.map(tokens => {
    let text = ''
    let previousWasWildcard = false
    for (const token of tokens) {
      const wildcard = token === '*' || token === '{}' || token === '{...}' || token === '**'
      if (wildcard && previousWasWildcard) text += '-'
      if (token === '{}' || token === '{...}') {
        const name = `c${names.length}`
        names.push(name)
        text += token === '{}' ? `{${name}}` : `{${name}...}`
      } else {
        text += token
      }
      previousWasWildcard = wildcard
    }
    return text
  })
  return { glob: written.join('/'), names }
}

/** A path built from the glob, so that it often matches; fillers are random. */
function pathFrom(glob: string, fillers: readonly string[]): string {
  let used = 0
  const filler = () => fillers[used++ % fillers.length] ?? 'a'
  return glob
    .split('/')
    .map(segment => {
      if (segment === '**')
        return (
          filler()
            .replace(/-/g, '/')
            .replace(/^\/+|\/+$/g, '') || 'a'
        )
      if (/^\{\w+\.\.\.\}$/.test(segment)) return `${filler()}/${filler()}`
      return segment.replace(/\*|\{\w+\}/g, () => filler())
    })
    .join('/')
}

describe('matching agrees with the plain lazy reading of the glob', () => {
  it('on what matches and on every capture', () => {
    fc.assert(
      fc.property(
        globTokens,
        fc.array(segmentText, { minLength: 1, maxLength: 8 }),
        fc.array(segmentText, { minLength: 1, maxLength: 6 }),
        (segments, fillers, randomSegments) => {
          const { glob, names } = writeGlob(segments)
          const target = `tag:m${names.map(name => `|{${name}}`).join('')}`
          const map = parse(`${glob} -> ${target}`)
          for (const path of [pathFrom(glob, fillers), randomSegments.join('/')]) {
            const namesAFile = !path.split('/').includes('')
            const expected = namesAFile ? referenceRegExp(glob).exec(`${path}/`) : null
            const tags = mapChangedFiles(map, [path]).tags
            const expectedTags = expected
              ? [`m${names.map(name => `|${expected.groups?.[name] ?? ''}`).join('')}`]
              : []
            expect({ glob, path, tags }).toEqual({ glob, path, tags: expectedTags })
          }
        }
      ),
      fuzzParameters({ perCommit: 500, full: 3000 }, 41)
    )
  })
})
