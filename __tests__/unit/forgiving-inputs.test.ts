/**
 * Forgiving list inputs: what a new user types first gets a message that says what to write,
 * and each message names its input and quotes its value. Also credentials written into URLs.
 */
import { describe, expect, it } from '@jest/globals'
import {
  Diagnostics,
  formatProblem,
  problemMessagesByInput,
  quoteValue
} from '../../src/core/diagnostics.js'
import { normalizeUrls, validateTags } from '../../src/core/targets.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'
import { Input, type InputName } from '../../src/core/constants.js'
import { credentialsIn, hideCredentials } from '../../src/text/redact.js'

function raw(values: Partial<Record<InputName, string>>): RawInputs {
  const all = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return { ...all, api_key: 'k', base_url: 'https://purge.example.com', ...values }
}

describe('urls: several URLs on one line', () => {
  it.each([
    ['/about, /contact', ['/about', '/contact']],
    ['/a /b', ['/a', '/b']],
    ['/a , /b,  /c', ['/a', '/b', '/c']],
    ['https://x.example/a https://x.example/b', ['https://x.example/a', 'https://x.example/b']]
  ])('%j is refused with the corrected YAML', (line, urls) => {
    const diag = new Diagnostics()
    expect(normalizeUrls([line], diag)).toEqual([])
    expect(diag.problems).toHaveLength(1)
    const message = formatProblem(diag.problems[0]!)
    expect(message).toContain(`Input 'urls' ${JSON.stringify(line)}`)
    expect(message).toContain('one URL a line')
    expect(message).toContain(`urls: |\n${urls.map(url => `  ${url}`).join('\n')}`)
  })

  it.each(['/a,b', '/a,/b', '/search?q=a,b&c=1', '/with space/and more', '/a,'])(
    '%j stays one URL',
    url => {
      const diag = new Diagnostics()
      expect(normalizeUrls([url], diag)).toHaveLength(1)
      expect(diag.problems).toEqual([])
    }
  )

  it('is refused before anything is sent', async () => {
    const { settings, diagnostics } = await parseInputs(raw({ urls: '/about, /contact' }))
    expect(settings).toBeUndefined()
    expect(diagnostics.problems.map(problem => problem.input)).toEqual(['urls'])
  })
})

describe('tags: whitespace inside a tag', () => {
  it('is refused on a line, never purged as one tag: the fix for several, and for one', () => {
    const diag = new Diagnostics()
    expect(validateTags(['blog docs home'], diag)).toEqual([])
    const message = formatProblem(diag.problems[0]!)
    expect(message).toMatch(/^Input 'tags' "blog docs home": holds spaces/)
    expect(message).toContain('`tags: blog, docs, home`')
    expect(message).toContain('`tags: ["blog docs home"]`')
  })

  it('is kept in a JSON array, which says where the tag ends', async () => {
    const { settings, diagnostics } = await parseInputs(raw({ tags: '["summer sale", "blog"]' }))
    expect(diagnostics.problems).toEqual([])
    expect(settings?.tags).toEqual(['summer sale', 'blog'])
  })

  it('is refused in a tags_file line, kept in a tags_file JSON array', () => {
    const line = new Diagnostics()
    expect(validateTags(['a b'], line, { input: 'tags_file', placeOf: () => 'line 1' })).toEqual([])
    expect(line.problems[0]?.reason).toContain('`["a b"]`')
    const json = new Diagnostics()
    expect(
      validateTags(['a b'], json, { input: 'tags_file', placeOf: () => 'item 1', json: true })
    ).toEqual(['a b'])
  })
})

describe('a list written as quoted items on one line', () => {
  it.each([
    ['urls', '/about", "/contact', '["/about","/contact"]'],
    ['urls', '"/about", "/contact"', '["/about","/contact"]'],
    ['urls', "'/a' '/b'", '["/a","/b"]'],
    ['tags', '"blog" "home"', '["blog","home"]']
  ])('%s %s is refused, with the JSON array that was meant', async (input, value, array) => {
    const { settings, diagnostics } = await parseInputs(raw({ [input]: value }))
    expect(settings).toBeUndefined()
    const messages = problemMessagesByInput(diagnostics.problems)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('written as quoted items on one line')
    expect(messages[0]).toContain(`\`${input}: ${array}\``)
  })

  it.each(['blog", "home', '"blog", "home"', "'blog','home'"])(
    'tags %s, split at its commas, is refused: the tags without their quotes',
    async value => {
      const { settings, diagnostics } = await parseInputs(raw({ tags: value }))
      expect(settings).toBeUndefined()
      const messages = problemMessagesByInput(diagnostics.problems)
      expect(messages).toHaveLength(1)
      expect(messages[0]).toContain('`tags: blog, home`')
    }
  )

  it('a quoted phrase inside one URL is not a list', () => {
    const diag = new Diagnostics()
    expect(normalizeUrls(['/search?q="summer sale"'], diag)).toEqual([
      '/search?q=%22summer%20sale%22'
    ])
    expect(diag.problems).toEqual([])
  })
})

describe('one error annotation per input, each naming its input', () => {
  it('groups the problems of one input under its name', () => {
    const diag = new Diagnostics()
    normalizeUrls(['relative', '/a /b'], diag)
    diag.problem('country', 'QQ', 'is not a country code')
    const messages = problemMessagesByInput(diag.problems)
    expect(messages).toHaveLength(2)
    expect(messages[0]).toMatch(/^Input 'urls' has 2 problems:\n- "relative": .*\n- "\/a \/b": /)
    expect(messages[1]).toBe(`Input 'country' "QQ": is not a country code`)
  })

  it('says "nothing to purge" naturally, naming each input', async () => {
    const { diagnostics } = await parseInputs(raw({}))
    expect(problemMessagesByInput(diagnostics.problems)).toEqual([
      "Nothing to purge: give at least one of the inputs 'tags', 'urls' or 'pattern' (or changed_files: true, or a list in 'tags_file' or 'urls_file')."
    ])
  })
})

describe('credentials in URLs are never quoted', () => {
  it('finds them and hides them', () => {
    expect(credentialsIn('https://admin:pass@host/x')).toEqual(['admin:pass'])
    expect(credentialsIn('https://admin:longer-password@host')).toEqual([
      'admin:longer-password',
      'longer-password'
    ])
    expect(hideCredentials('https://admin:p@ss@host/x https://tok@h')).toBe(
      'https://***@host/x https://***@h'
    )
    expect(quoteValue('https://admin:pass@host')).toBe('"https://***@host"')
  })

  it.each([
    [Input.BaseUrl, 'https://admin:s3cret-pw@purge.example.com'],
    [Input.BaseUrl, 'http://admin:s3cret-pw@purge.example.com'],
    [Input.Urls, 'https://admin:s3cret-pw@www.example.com/a']
  ])('%s %j is refused without quoting them', async (input, value) => {
    const { settings, diagnostics } = await parseInputs(raw({ tags: 'a', [input]: value }))
    expect(settings).toBeUndefined()
    const text = diagnostics.problems.map(formatProblem).join('\n')
    expect(text).toContain('://***@')
    expect(text).not.toContain('s3cret')
    expect(text).not.toContain('admin')
  })
})

describe('a YAML list written in a list input', () => {
  it.each([
    ['tags', '- blog\n- docs', ['blog', 'docs']],
    ['tags', '  - blog\n\n  - docs, home\n', ['blog', 'docs', 'home']],
    ['urls', '- /a\n- /b?x=1', ['/a', '/b?x=1']]
  ] satisfies [string, string, string[]][] as ['tags' | 'urls', string, string[]][])(
    '%s %j is read as the items meant, never with its dashes',
    async (input, text, items) => {
      const { settings, diagnostics } = await parseInputs(raw({ [input]: text }))
      expect(diagnostics.problems).toEqual([])
      expect(settings?.[input]).toEqual(items)
      expect(diagnostics.warnings.join('\n')).not.toContain('-,')
      expect(diagnostics.notices.join('\n')).toContain(`${input}: read as a YAML list`)
    }
  )

  it('is not taken when some line is no "- " item: a tag may start with a dash', async () => {
    const { settings } = await parseInputs(raw({ tags: '-blog\n-draft' }))
    expect(settings?.tags).toEqual(['-blog', '-draft'])
    // Read as a YAML list, '- blog' would be 'blog'; read as written, it holds a space.
    const { diagnostics } = await parseInputs(raw({ tags: '- blog\n-draft' }))
    expect(problemMessagesByInput(diagnostics.problems)[0]).toContain('"- blog": holds spaces')
  })
})

describe('country: codes separated by spaces', () => {
  it('suggests the codes separated by commas, on one line', async () => {
    const { diagnostics } = await parseInputs(raw({ tags: 'a', country: 'IT FR' }))
    const messages = problemMessagesByInput(diagnostics.problems)
    expect(messages).toEqual([
      expect.stringContaining(`Input 'country' "IT FR": `) as unknown as string
    ])
    expect(messages[0]).toContain('`country: IT, FR`')
  })
})

describe('urls: a quoted URL', () => {
  it.each(['"/a"', "'/a'"])('%s is refused with "remove the quotes"', url => {
    const diag = new Diagnostics()
    expect(normalizeUrls([url], diag)).toEqual([])
    expect(formatProblem(diag.problems[0]!)).toContain('remove the quotes: `urls: /a`')
  })
})

describe('urls: the advice fits a one-line form field', () => {
  it('gives the URLs as a JSON array on one line', () => {
    const diag = new Diagnostics()
    normalizeUrls(['/about, /contact'], diag)
    const message = formatProblem(diag.problems[0]!)
    expect(message).toContain(
      'in a one-line form field (workflow_dispatch): `["/about","/contact"]`'
    )
  })
})
