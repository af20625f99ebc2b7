import { describe, expect, it } from '@jest/globals'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { chunk, splitList } from '../../src/core/lists.js'
import { normalizeUrls, validateTags } from '../../src/core/targets.js'
import { parseCountries } from '../../src/core/countries.js'
import { parseBaseUrl, parseBoolean, parseNumber } from '../../src/core/scalars.js'

describe('splitList', () => {
  const split = (raw: string, commas = true) => {
    const diag = new Diagnostics()
    return { items: splitList('tags', raw, { commas, item: 'tag' }, diag), diag }
  }

  it('splits on newlines and commas, trims, drops empties and later duplicates', () => {
    expect(split(' a, b\n\n c ,a,\r\nb,d ').items).toEqual(['a', 'b', 'c', 'd'])
  })

  it('keeps commas inside items when commas do not separate (URLs)', () => {
    expect(split('/a?x=1,2\n/b', false).items).toEqual(['/a?x=1,2', '/b'])
  })

  it('reads a JSON array of strings', () => {
    expect(split('["a", " b ", "a", ""]').items).toEqual(['a', 'b'])
  })

  it('refuses a malformed JSON array, naming the input', () => {
    const { items, diag } = split('["a", ')
    expect(items).toBeUndefined()
    expect(diag.problems).toHaveLength(1)
    expect(diag.problems[0]?.input).toBe('tags')
    expect(diag.problems[0]?.reason).toMatch(/not a valid JSON array/)
  })

  it.each([
    ['a trailing comma', '["a", "b",]', /remove the trailing comma/],
    ['single quotes', "['a', 'b']", /double quotes/],
    ['anything else', '["a" "b"]', /^(?!.*trailing)(?!.*double quotes)/]
  ])('tells how to fix a malformed JSON array: %s', (_, raw, fix) => {
    const reason = split(raw).diag.problems[0]?.reason ?? ''
    expect(reason).toMatch(fix)
    expect(reason).toMatch(/one tag a line, or tags separated by commas, without brackets$/)
  })

  it('refuses a JSON array holding non-strings', () => {
    const { diag } = split('["a", 1]')
    expect(diag.problems[0]?.value).toBe('1')
  })

  it('returns an empty list for blank input', () => {
    expect(split('  \n ').items).toEqual([])
  })
})

describe('chunk', () => {
  it('splits into batches of at most the size, in order', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunk([], 3)).toEqual([])
  })
  it('throws on a size below 1 (a programming error)', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError)
  })
})

describe('validateTags', () => {
  it('refuses commas and control characters', () => {
    const diag = new Diagnostics()
    expect(validateTags(['ok', 'a,b', 'x\ty', 'line\u2028sep', 'para\u2029sep'], diag)).toEqual([
      'ok'
    ])
    expect(diag.problems.map(p => p.value)).toEqual([
      'a,b',
      'x\ty',
      'line\u2028sep',
      'para\u2029sep'
    ])
  })
})

describe('normalizeUrls', () => {
  const normalize = (urls: string[]) => {
    const diag = new Diagnostics()
    return { urls: normalizeUrls(urls, diag), diag }
  }

  it('keeps relative URLs with their query', () => {
    expect(normalize(['/', '/blog/post?page=2']).urls).toEqual(['/', '/blog/post?page=2'])
  })

  it('reduces absolute URLs to path and query, with a notice', () => {
    const { urls, diag } = normalize(['https://www.example.com/a/b?x=1#top', 'http://example.com'])
    expect(urls).toEqual(['/a/b?x=1', '/'])
    expect(diag.notices.join('\n')).toMatch(/reduced to its path and query/)
  })

  it('drops fragments and deduplicates what becomes equal', () => {
    const { urls, diag } = normalize(['/a#x', '/a', 'https://h/a'])
    expect(urls).toEqual(['/a'])
    expect(diag.notices.some(n => n.includes('fragment'))).toBe(true)
  })

  it('percent-encodes spaces and non-ASCII as a browser does, keeping existing escapes', () => {
    const { urls } = normalize(['/été plage', '/a%20b'])
    expect(urls).toEqual(['/%C3%A9t%C3%A9%20plage', '/a%20b'])
  })

  it('normalizes a relative URL exactly as the same absolute URL', () => {
    for (const path of ['/a|b?x={y}^', '/a/../b', '/a b/"c"?q=é', '/x\\y', '/%7e/~']) {
      const relative = normalize([path]).urls
      const absolute = normalize([`https://www.example.com${path}`]).urls
      expect(relative).toEqual(absolute)
    }
  })

  it.each([
    ['blog/post', /relative URL starting with '\/'/],
    ['//cdn.example.com/x', /protocol-relative/],
    ['http://a.example//', /starts with '\/\/'/],
    ['https://x.example.com//a', /read as a host/],
    ['/\\evil.example.com/x', /host name/],
    ['/\\', /host name/],
    ['ftp://example.com/x', /relative URL/],
    ['/a\nb', /control characters/],
    ['https://user:pw@example.com/', /credentials/]
  ])('refuses %j', (url, reason) => {
    const { urls, diag } = normalize([url])
    expect(urls).toEqual([])
    expect(diag.problems[0]?.input).toBe('urls')
    expect(diag.problems[0]?.value).toBe(url)
    expect(diag.problems[0]?.reason).toMatch(reason)
  })
})

describe('parseCountries', () => {
  const parse = (raw: string) => {
    const diag = new Diagnostics()
    return { countries: parseCountries(raw, diag), diag }
  }

  it('upper-cases codes and deduplicates them', () => {
    expect(parse('it, fr\nIT').countries).toEqual(['IT', 'FR'])
  })

  it('takes ALL in any case, alone', () => {
    expect(parse('all').countries).toEqual(['ALL'])
    expect(parse('ALL, IT').diag.problems[0]?.reason).toMatch(/must stand alone/)
  })

  it('refuses unassigned codes, with a hint for common mistakes', () => {
    const { diag } = parse('UK, XX, ITA, 12')
    expect(diag.problems.map(p => p.value)).toEqual(['UK', 'XX', 'ITA', '12'])
    expect(diag.problems[0]?.reason).toMatch(/did you mean GB/)
    expect(diag.problems[2]?.reason).toMatch(/two letters/)
  })

  it('means "no country field" when empty', () => {
    expect(parse('').countries).toEqual([])
  })
})

describe('scalars', () => {
  it('parses booleans the way getBooleanInput does', () => {
    const diag = new Diagnostics()
    expect(parseBoolean('dry_run', 'True', diag)).toBe(true)
    expect(parseBoolean('dry_run', 'FALSE', diag)).toBe(false)
    expect(parseBoolean('dry_run', 'yes', diag)).toBeUndefined()
    expect(diag.problems[0]).toMatchObject({ input: 'dry_run', value: 'yes' })
  })

  it.each(['0', '-1', '1.5', '0x10', '', '1e3', '10001'])('refuses batch_size %j', raw => {
    const diag = new Diagnostics()
    expect(parseNumber('batch_size', raw, { min: 1, max: 10_000 }, diag)).toBeUndefined()
    expect(diag.problems[0]?.input).toBe('batch_size')
  })

  it('accepts fractions only where allowed', () => {
    const diag = new Diagnostics()
    expect(parseNumber('timeout_seconds', '2.5', { min: 1, max: 600, fractions: true }, diag)).toBe(
      2.5
    )
    expect(diag.ok).toBe(true)
  })

  it('accepts https and loopback http base URLs, trimming slashes and a pasted /api/v1', () => {
    const diag = new Diagnostics()
    expect(parseBaseUrl('base_url', 'https://api.example.com/', diag)?.href).toBe(
      'https://api.example.com/'
    )
    expect(parseBaseUrl('base_url', 'https://api.example.com/acct/api/v1/', diag)?.pathname).toBe(
      '/acct'
    )
    expect(parseBaseUrl('base_url', 'http://127.0.0.1:8080', diag)?.port).toBe('8080')
    expect(parseBaseUrl('base_url', 'http://[::1]:1', diag)).toBeDefined()
    expect(parseBaseUrl('base_url', 'http://localhost', diag)).toBeDefined()
    expect(diag.problems).toEqual([])
  })

  it.each([
    ['http://api.example.com', /https/],
    ['api.example.com', /absolute https/],
    ['ftp://x.example.com', /https/],
    ['https://u:p@x.example.com', /credentials/],
    ['https://x.example.com/?a=1', /query/]
  ])('refuses base_url %j', (raw, reason) => {
    const diag = new Diagnostics()
    expect(parseBaseUrl('base_url', raw, diag)).toBeUndefined()
    expect(diag.problems[0]?.reason).toMatch(reason)
  })
})
