import { describe, expect, it } from '@jest/globals'
import { Input, type InputName } from '../../src/core/constants.js'
import { Diagnostics, formatProblem } from '../../src/core/diagnostics.js'
import { parseInputs, type RawInputs } from '../../src/plan/settings.js'
import { pageUrl } from '../../src/verify/settings.js'
import { BUILT_IN_DEVICES, parseDevices } from '../../src/verify/devices.js'
import { pageHasFolderTag } from '../../src/verify/tags/folder-tags.js'
import { selectPages } from '../../src/verify/choose/select-from-set.js'
import type { PatternMatch } from '../../src/verify/choose/selection-shapes.js'
import { sampleKey } from '../../src/verify/choose/uniform-sample.js'
import { hashPath } from '../../src/verify/choose/shard.js'
import { matchPatternPages } from '../../src/verify/choose/pattern-matcher.js'
import { compilePhpPattern } from '../../pcre2/pcre2.mjs'

function raw(given: Partial<Record<InputName, string>>): RawInputs {
  const all = Object.fromEntries(Object.values(Input).map(name => [name, ''])) as Record<
    InputName,
    string
  >
  return { ...all, api_key: 'k3y', base_url: 'https://api.example.com', tags: 'a', ...given }
}

async function problemsOf(given: Partial<Record<InputName, string>>): Promise<string[]> {
  const { diagnostics } = await parseInputs(raw(given))
  return diagnostics.problems.map(formatProblem)
}

describe('verification settings', () => {
  it('defaults: off, 600 s, desktop and mobile, 200 pages, sitemap auto', async () => {
    const { settings } = await parseInputs(raw({}))
    expect(settings?.verify).toMatchObject({
      mode: 'off',
      timeoutMs: 600_000,
      limit: 200,
      sitemap: { kind: 'auto' },
      extraPages: []
    })
    expect(settings?.verify?.devices.map(device => device.name)).toEqual(['desktop', 'mobile'])
  })

  it('reads true and warn, and keeps only the origin of site_url (with a notice)', async () => {
    const { settings, diagnostics } = await parseInputs(
      raw({ verify: 'warn', site_url: 'https://www.example.com/shop/?x=1' })
    )
    expect(settings?.verify?.mode).toBe('warn')
    expect(settings?.verify?.siteUrl?.href).toBe('https://www.example.com/')
    expect(diagnostics.notices.join('\n')).toMatch(/only the address https:\/\/www.example.com/)
    const strict = await parseInputs(raw({ verify: 'true', site_url: 'http://127.0.0.1:8080' }))
    expect(strict.settings?.verify?.mode).toBe('fail')
  })

  it('collects every problem, naming the input and quoting the value', async () => {
    const problems = await problemsOf({
      verify: 'yes',
      site_url: 'http://www.example.com',
      verify_timeout_seconds: '-3',
      devices: 'desktop, phone',
      verify_limit: '-1',
      sitemap: 'ftp://x'
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Input 'verify' "yes": must be false, true/),
        expect.stringMatching(/^Input 'site_url' "http:\/\/www.example.com": must use https/),
        expect.stringMatching(/^Input 'verify_timeout_seconds' "-3"/),
        expect.stringMatching(/^Input 'devices' "phone": is not a built-in device/),
        expect.stringMatching(
          /^Input 'verify_limit' "-1": must be a whole number from 0 to 100000/
        ),
        expect.stringMatching(/^Input 'sitemap' "ftp:\/\/x"/)
      ])
    )
  })

  it('requires site_url when verify is on', async () => {
    expect(await problemsOf({ verify: 'true' })).toEqual([
      expect.stringMatching(/^Input 'site_url' is required with verify: true/)
    ])
  })

  it('verify_urls: paths and absolute URLs on site_url only', async () => {
    const { settings } = await parseInputs(
      raw({
        verify: 'true',
        site_url: 'https://www.example.com',
        verify_urls: '/a b\nhttps://www.example.com/c?x=1\n/a%20b'
      })
    )
    expect(settings?.verify?.extraPages).toEqual(['/a%20b', '/c?x=1'])
    const problems = await problemsOf({
      verify: 'true',
      site_url: 'https://www.example.com',
      verify_urls: 'https://other.example.com/x\nrelative'
    })
    expect(problems).toEqual([
      expect.stringMatching(/^Input 'verify_urls' "https:\/\/other.example.com\/x"/),
      expect.stringMatching(/^Input 'verify_urls' "relative"/)
    ])
  })

  it('refuses more verify_urls than verify_limit', async () => {
    const problems = await problemsOf({
      verify: 'true',
      site_url: 'https://www.example.com',
      verify_urls: '/a\n/b\n/c',
      verify_limit: '2'
    })
    expect(problems).toEqual([expect.stringMatching(/^Input 'verify_urls' "3 pages"/)])
  })

  it('sitemap: auto, none or a URL', async () => {
    const none = await parseInputs(raw({ sitemap: 'none' }))
    expect(none.settings?.verify?.sitemap).toEqual({ kind: 'none' })
    const url = await parseInputs(raw({ sitemap: 'https://cdn.example.com/sitemap.xml.gz' }))
    expect(url.settings?.verify?.sitemap).toMatchObject({ kind: 'url' })
  })
})

describe('parseDevices', () => {
  it('takes built-in names separated by commas or newlines, in any case', () => {
    const diag = new Diagnostics()
    const devices = parseDevices('Desktop, mobile\ntablet,bot', diag)
    expect(diag.problems).toEqual([])
    expect(devices).toEqual(
      ['desktop', 'mobile', 'tablet', 'bot'].map(name => ({
        name,
        userAgent: BUILT_IN_DEVICES[name]
      }))
    )
  })

  it('takes a custom device on its own line, commas in the user agent included', () => {
    const diag = new Diagnostics()
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/1.0'
    const devices = parseDevices(`desktop\nlinux = ${ua}\nodd=a=b, c`, diag)
    expect(diag.problems).toEqual([])
    expect(devices.slice(1)).toEqual([
      { name: 'linux', userAgent: ua },
      { name: 'odd', userAgent: 'a=b, c' }
    ])
  })

  it.each([
    ['desktop, phone=Mozilla/5.0 (Linux; Android 14) Mobile', 'desktop, phone'],
    ['desktop mobile phone=Mozilla/5.0 (Linux; Android 14) Mobile', 'folded by devices: >'],
    ['phone=Mozilla/5.0 (Linux) Mobile, tv=Mozilla/5.0 (SMART-TV)', 'two on one line']
  ])('a custom device sharing its line (%s, %s) says each goes on its own line', line => {
    const diag = new Diagnostics()
    parseDevices(line, diag)
    expect(diag.problems).toEqual([
      {
        input: 'devices',
        value: line,
        reason:
          'each NAME=USER AGENT goes on its own line (user agents hold commas and spaces, so nothing else may share it); write the list as a block, devices: |'
      }
    ])
  })

  it('devices written on one line with spaces: separate them with commas, shown', () => {
    const diag = new Diagnostics()
    parseDevices('desktop Mobile', diag)
    expect(diag.problems).toEqual([
      {
        input: 'devices',
        value: 'desktop Mobile',
        reason:
          'names 2 devices separated by spaces; separate them with commas or put one a line: devices: desktop, mobile'
      }
    ])
  })

  it('takes a JSON array, as the other list inputs do, one device per item', () => {
    const diag = new Diagnostics()
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/1.0'
    const devices = parseDevices(JSON.stringify(['desktop', 'Mobile', `linux=${ua}`]), diag)
    expect(diag.problems).toEqual([])
    expect(devices).toEqual([
      { name: 'desktop', userAgent: BUILT_IN_DEVICES['desktop'] },
      { name: 'mobile', userAgent: BUILT_IN_DEVICES['mobile'] },
      { name: 'linux', userAgent: ua }
    ])
    const bad = new Diagnostics()
    parseDevices('["desktop", 1]', bad)
    expect(bad.problems.map(problem => problem.reason)).toEqual([
      'a JSON array here must hold only strings'
    ])
  })

  it.each(['constructor', '__proto__'])(
    'an Object property name (%s) is not a built-in device',
    name => {
      const diag = new Diagnostics()
      expect(parseDevices(name, diag)).toEqual([])
      expect(diag.problems.map(problem => problem.value)).toEqual([name])
    }
  )

  it('refuses unknown names, duplicates, bad custom lines and an empty list', () => {
    const diag = new Diagnostics()
    parseDevices('desktop, desktop\nbad name=UA\nempty=', diag)
    expect(diag.problems.map(p => p.value)).toEqual(['desktop', 'bad name=UA', 'empty='])
    const none = new Diagnostics()
    parseDevices(' , ', none)
    expect(none.problems).toHaveLength(1)
  })
})

describe('page selection', () => {
  const sitemap = [
    '/',
    '/blog/',
    '/blog/a.html',
    '/blog/2024/b.html',
    '/docs/guide/install',
    '/docs/guide/usage',
    '/shop?x=1'
  ]
  const byRegex = (pattern: string, paths: Iterable<string>): PatternMatch => ({
    kind: 'matched',
    paths: [...paths].filter(path => new RegExp(pattern.slice(1, -1)).test(path)),
    gaveUp: []
  })

  it('URL targets as purged; a pattern and a folder tag through the sitemap; other tags unchecked', () => {
    const selection = selectPages({
      purging: true,
      targets: {
        urls: ['/new-page'],
        tags: ['folder-docs-f-guide', 'home'],
        patterns: ['#^/blog/#']
      },
      sitemapPages: new Set(sitemap),
      extraPages: ['/'],
      limit: 100,
      matchPattern: byRegex
    })
    expect(selection.pages.map(page => page.path)).toEqual([
      '/new-page',
      '/blog/',
      '/blog/a.html',
      '/blog/2024/b.html',
      '/docs/guide/install',
      '/docs/guide/usage',
      '/'
    ])
    expect(selection.uncheckedTags).toEqual(['home'])
    expect(selection.urlsNotInSitemap).toEqual(['/new-page'])
    expect(selection.bySitemap.map(entry => [entry.target.item, entry.count])).toEqual([
      ['#^/blog/#', 3],
      ['folder-docs-f-guide', 2]
    ])
    expect(selection.pages[1]?.purgedBy).toEqual([{ kind: 'pattern', item: '#^/blog/#' }])
    expect(selection.pages[6]?.purgedBy).toEqual([])
  })

  it('without a sitemap, patterns and folder tags cannot be checked, and say so', () => {
    const selection = selectPages({
      purging: true,
      targets: { urls: [], tags: ['folder-blog'], patterns: ['#^/blog/#'] },
      extraPages: [],
      limit: 10,
      matchPattern: byRegex
    })
    expect(selection.pages).toEqual([])
    expect(selection.uncheckedTags).toEqual(['folder-blog'])
    expect(selection.notes.join('\n')).toMatch(/no sitemap/)
  })

  it('with sitemap: none, the note says that sitemaps are turned off, not that there is none', () => {
    const selection = selectPages({
      purging: true,
      targets: { urls: [], tags: [], patterns: ['#^/blog/#'] },
      sitemapOff: true,
      extraPages: [],
      limit: 10,
      matchPattern: byRegex
    })
    expect(selection.notes).toEqual([
      'Pattern #^/blog/#: sitemaps are turned off (sitemap: none), so its pages could not be chosen; list them in verify_urls.'
    ])
  })

  it('beyond the limit, keeps every verify_urls page and samples the rest by a hash of the path', () => {
    // The sample was the list's evenly spaced pages (/p0, /p24, /p49, /p75): that needs the
    // selection's length before the first pick, so every page until the sitemaps end. It is
    // now the pages with the smallest sample key, chosen as they stream.
    const urls = Array.from({ length: 100 }, (_, i) => `/p${i}`)
    const selection = selectPages({
      purging: true,
      targets: { urls, tags: [], patterns: [] },
      extraPages: ['/p50', '/extra'],
      limit: 6,
      matchPattern: byRegex
    })
    const bySampleKey = urls
      .filter(url => url !== '/p50')
      .sort((a, b) => sampleKey(hashPath(a)) - sampleKey(hashPath(b)))
      .slice(0, 4)
    expect(selection.pages.map(page => page.path)).toEqual([
      ...urls.filter(url => bySampleKey.includes(url) || url === '/p50'),
      '/extra'
    ])
    expect(selection.pages.map(page => page.path)).toEqual([
      '/p0',
      '/p21',
      '/p50',
      '/p91',
      '/p95',
      '/extra'
    ])
    expect(selection.selectedCount).toBe(101)
    expect(selection.leftOut).toBe(95)
  })

  it('folder tags follow the service: the last segment is the page, the query ignored', () => {
    expect(pageHasFolderTag('/A/B/C/page', 'folder-A')).toBe(true)
    expect(pageHasFolderTag('/A/B/C/page', 'folder-A-f-B-f-C')).toBe(true)
    expect(pageHasFolderTag('/A/B/C/page', 'folder-A-f-B-f-C-f-page')).toBe(false)
    expect(pageHasFolderTag('/blog/', 'folder-blog')).toBe(true)
    expect(pageHasFolderTag('/blog?x=/y/z', 'folder-blog')).toBe(false)
    expect(pageHasFolderTag('/caf%C3%A9/x', 'folder-café')).toBe(true)
    expect(pageHasFolderTag('/AB/x', 'folder-A')).toBe(false)
  })
})

describe('matchPatternPages: what PHP selects, from PCRE2 itself', () => {
  it('selects the paths PCRE2 matches with PHP options', () => {
    const match = matchPatternPages(compilePhpPattern, '#^/blog/.*\\.html$#i', [
      '/blog/a.html',
      '/BLOG/b.HTML',
      '/x'
    ])
    expect(match).toEqual({ kind: 'matched', paths: ['/blog/a.html', '/BLOG/b.HTML'], gaveUp: [] })
  })

  it('judges what JavaScript cannot (back references, recursion, \\K)', () => {
    expect(matchPatternPages(compilePhpPattern, '#^/(a)\\1$#', ['/aa', '/ab'])).toMatchObject({
      paths: ['/aa']
    })
    expect(
      matchPatternPages(compilePhpPattern, '#^/(\\((?1)*\\))$#', ['/(())', '/(()'])
    ).toMatchObject({
      paths: ['/(())']
    })
  })

  it('selects the pages of a catastrophic pattern and names the paths where PHP gives up', () => {
    const long = `/${'a'.repeat(40)}!`
    const match = matchPatternPages(compilePhpPattern, '#^/(a+)+$#', ['/aaaa', long, '/b'])
    expect(match).toEqual({
      kind: 'matched',
      paths: ['/aaaa'],
      gaveUp: [{ path: long, reason: 'backtrack-limit' }]
    })
  })

  it('a pattern PCRE2 cannot compile selects nothing and says why', () => {
    expect(matchPatternPages(compilePhpPattern, '#(#', ['/a'])).toEqual({
      kind: 'refused',
      reason: 'missing closing parenthesis'
    })
  })
})

describe('page selection: warnings about a pattern', () => {
  const sitemap = new Set(['/', '/blog/', '/blog/a', `/${'a'.repeat(40)}!`, '/aaaa'])
  const select = (pattern: string) =>
    selectPages({
      purging: true,
      targets: { urls: [], tags: [], patterns: [pattern] },
      sitemapPages: sitemap,
      extraPages: [],
      limit: 100,
      matchPattern: (pattern, paths) => matchPatternPages(compilePhpPattern, pattern, paths)
    })

  it('names the paths where PHP gives up, and does not check them', () => {
    const selection = select('#^/(a+)+$#')
    expect(selection.pages.map(page => page.path)).toEqual(['/aaaa'])
    expect(selection.warnings).toEqual([
      `Pattern #^/(a+)+$#: PHP's preg_match() gives up on 1 of the sitemap's paths (Backtrack limit exhausted at pcre.backtrack_limit): the service does not purge them, and they are not checked: /${'a'.repeat(40)}!.`
    ])
  })

  it('gives the share when a pattern selects most of the sitemap', () => {
    expect(select('#^/.#').warnings).toEqual([
      "Pattern #^/.# selects 4 of the sitemap's 5 pages (80%): most of the site is purged."
    ])
    expect(select('#^/blog/#').warnings).toBeUndefined()
  })
})

describe('page URLs', () => {
  it('stay on the site whatever the path, a path starting with // included', () => {
    const site = new URL('https://www.example.com')
    expect(pageUrl(site, '//evil.example/blog/x').href).toBe(
      'https://www.example.com//evil.example/blog/x'
    )
    expect(pageUrl(site, '/a?b=1').href).toBe('https://www.example.com/a?b=1')
  })
})
