/**
 * The pull-request comment, rendered from run reports as GitHub renders it (micromark with
 * GFM, as for the job summary): every outcome reads cleanly with its marker first, the plan
 * says what matters first, the result says whether it applied the plan previewed, no text from
 * outside can add markup, a link, a mention or a reference, and a comment never passes
 * GitHub's 65,536 characters, whatever it holds.
 */
import { describe, expect, it } from '@jest/globals'
import { JSDOM } from 'jsdom'
import { Diagnostics } from '../../src/core/diagnostics.js'
import { mapChangedFiles } from '../../src/changed-files/url-map/mapping.js'
import { parseUrlMap } from '../../src/changed-files/url-map/parse.js'
import {
  fingerprintOf,
  readMarker,
  writeMarker,
  type CommentMarker
} from '../../src/comment/write/marker.js'
import { MAX_COMMENT_CHARACTERS, renderComment } from '../../src/comment/render/comment.js'
import type { ChangedFilesReport } from '../../src/report/changed-files-report.js'
import { dryRunOutcome } from '../../src/report/outcome.js'
import type { RunReport } from '../../src/report/run-report.js'
import { WORD_JOINER } from '../../src/text/inert-html.js'
import { rawMarkupShown, renderGitHubMarkdown } from '../support/github-markdown.js'
import {
  commentContextFor,
  everyOutcome,
  freshChecks,
  planOf,
  previewOf,
  purgedRun,
  RUN_URL,
  verified
} from '../support/run-reports.js'

/** The comment's text as a reader sees it (GitHub's rendering, the DOM's text). */
function rendered(markdown: string): { html: string; document: Document } {
  const html = renderGitHubMarkdown(markdown)
  return { html, document: new JSDOM(html).window.document }
}

function changedFiles(paths: readonly string[], urlMap: string): ChangedFilesReport {
  const map = parseUrlMap(urlMap, new Diagnostics())
  if (map === undefined) throw new Error('bad url_map')
  return {
    description: 'pull request #12: its files',
    mapping: mapChangedFiles(map, paths),
    warnings: [],
    urlMapRules: map.rules.map(rule => ({ line: rule.line, text: rule.text }))
  }
}

describe('every outcome', () => {
  it.each(Object.entries(everyOutcome()))('%s: renders cleanly, marker first', (_name, report) => {
    const comment = renderComment(report, commentContextFor(report))
    expect(comment.split('\n')[0]).toMatch(/^<!-- render-cache-purge-action \{.*\} -->$/)
    expect(readMarker(comment)).toMatchObject({ workflow: 'Deploy', job: 'purge' })
    // The fixture's error says `boom <b>`: shown as text, as it should be.
    const shown = rawMarkupShown(renderGitHubMarkdown(comment))
    expect(shown.filter(found => !found.includes('boom <b>'))).toEqual([])
    expect(comment.length).toBeLessThanOrEqual(MAX_COMMENT_CHARACTERS)
  })
})

describe('the plan', () => {
  const plan = planOf({ tags: ['folder-products'], urls: ['/', '/about'], patterns: ['#^/blog/#'] })
  const report: RunReport = {
    purge: { plan, outcome: dryRunOutcome(plan) },
    changedFiles: changedFiles(
      ['content/about.md', 'content/index.md', 'assets/site.css', 'README.md'],
      '!**/*.css\ncontent/index.md -> /\ncontent/{page}.md -> /{page}'
    ),
    preview: previewOf(),
    pace: {
      batchSize: 100,
      concurrency: 4,
      countries: [],
      verify: { devices: 2, limit: 200, timeoutMs: 600_000, ratePerSecond: 10 }
    },
    warnings: ['pattern: #^/blog/# is not anchored at its end']
  }

  it('says the most important first: status, targets, files, pages, requests, warnings', () => {
    const { document } = rendered(renderComment(report, commentContextFor(report)))
    const headings = [...document.querySelectorAll('h3, h4')].map(h => h.textContent)
    expect(headings).toEqual([
      '✅ Cache purge: dry run: 1 tag, 2 URLs and 1 pattern in 3 requests, nothing sent · at least 9 of 14 sitemap pages would be purged',
      'Would purge',
      'Changed files: 4 (2 mapped, 1 excluded, 1 unmapped)',
      'Pages: at least 9 of 14 sitemap pages would be purged',
      'Requests',
      'Warnings (1)'
    ])
  })

  it('shows each changed file with its targets and the url_map line that mapped it', () => {
    const { document } = rendered(renderComment(report, commentContextFor(report)))
    const rows = [...document.querySelectorAll('details table tr')].map(row =>
      [...row.querySelectorAll('td')].map(cell => cell.textContent)
    )
    expect(rows).toContainEqual(['content/about.md', '/about', '3: content/{page}.md -> /{page}'])
    expect(rows).toContainEqual(['content/index.md', '/', '2: content/index.md -> /'])
    expect(document.body.textContent).toContain(
      'Unmapped (no url_map rule matched, nothing purged for them): README.md'
    )
    expect(document.body.textContent).toContain('Excluded by url_map: assets/site.css')
  })

  it('gives the requests and the time the rate implies, and says nothing was purged', () => {
    const text = rendered(renderComment(report, commentContextFor(report))).document.body
      .textContent
    expect(text).toContain(
      '3 purge requests (tags and URLs in batches of up to 100), 4 at a time (concurrency): 1 round.'
    )
    expect(text).toContain('at 10 requests a second (rate)')
    expect(text).toContain('Nothing was purged: this run is a dry run (dry_run).')
  })
})

describe('what the plan calls its targets', () => {
  const plan = planOf({ tags: ['folder-products', 'blog'], urls: ['/about', '/old-page'] })
  const preview = previewOf()
  const withTrace = {
    ...preview,
    selection: {
      ...preview.selection,
      bySitemap: [
        ...preview.selection.bySitemap,
        {
          target: { kind: 'tag' as const, item: 'blog' },
          count: 4,
          first: ['/blog/'],
          trace: {
            read: 10,
            requests: 10,
            candidates: 14,
            unreadable: 0,
            unreadableBy: {},
            stoppedBy: 'requests' as const,
            exact: false,
            durationMs: 1
          }
        }
      ],
      urlsNotInSitemap: ['/abuot', '/old-page']
    }
  }
  const report: RunReport = {
    purge: { plan, outcome: dryRunOutcome(plan) },
    changedFiles: {
      ...changedFiles(
        ['content/about.md', 'content/old-page.md', 'content/abuot.md'],
        'content/{page}.md -> /{page}'
      ),
      gone: ['content/old-page.md']
    },
    preview: withTrace,
    warnings: []
  }
  const { document } = rendered(renderComment(report, commentContextFor(report)))
  const rows = [...document.querySelectorAll('table tr')].map(row =>
    [...row.querySelectorAll('td')].map(cell => cell.textContent)
  )

  it('a tag traced through the tags header is a header tag, a folder tag a folder tag', () => {
    expect(rows.find(row => row[0] === 'blog')).toEqual([
      'blog',
      'header tag',
      'at least 4 of 10 pages read',
      '/blog/ …'
    ])
    expect(rows.find(row => row[0] === 'folder-products')?.[1]).toBe('folder tag')
  })

  it("does not call a deleted file's URL a typo", () => {
    const text = document.body.textContent ?? ''
    expect(text).toContain('URL targets the sitemap does not list (typos?): /abuot')
    expect(text).not.toMatch(/typos\?\):[^\n]*old-page/)
    expect(text).toContain(
      'URLs of deleted files, which the sitemap no longer lists (expected: their pages leave the cache): /old-page'
    )
  })
})

describe('the result', () => {
  const urls = planOf({ urls: ['/', '/about', '/contact', '/blog/'] })
  const report = purgedRun(urls, verified(freshChecks(), { arrivalAfterMs: 2000 }))

  it('says it purged the plan the pull request previewed', () => {
    const context = commentContextFor(report)
    const previewed = { ...fingerprintOf(urls.targets, 'b'.repeat(40)) }
    const comment = renderComment(report, { ...context, marker: { ...context.marker, previewed } })
    const text = rendered(comment).document.body.textContent
    expect(text).toContain('It purged the plan this pull request previewed (4 URLs at bbbbbbb).')
    expect(text).toContain('At the edge: ✅ fresh')
    expect(text).toContain('8 checks: ✅ 8 fresh')
  })

  it('says when the plan applied differs from the one previewed', () => {
    const context = commentContextFor(report)
    const previewed = fingerprintOf(
      { tags: [], urls: ['/', '/about'], patterns: [] },
      'b'.repeat(40)
    )
    const comment = renderComment(report, { ...context, marker: { ...context.marker, previewed } })
    expect(rendered(comment).document.body.textContent).toContain(
      'The plan applied differs from the one previewed: previewed 2 URLs at bbbbbbb, applied 4 URLs.'
    )
  })

  it.each(['pages over budget', 'verify job over budget'])(
    '%s: says the run stopped and why, never a verdict',
    name => {
      const over = everyOutcome()[name]!
      const text = rendered(renderComment(over, commentContextFor(over))).document.body.textContent
      expect(text).toContain('too many pages to check in one job: set shard')
      expect(text).not.toMatch(/✅|fresh/)
    }
  )

  it('says when no plan was previewed', () => {
    const text = rendered(renderComment(report, commentContextFor(report))).document.body
      .textContent
    expect(text).toContain('No plan was previewed on this pull request by this workflow and job.')
  })
})

describe('text from outside cannot steer the comment', () => {
  const hostile = [
    '@octocat please approve',
    'see #1 and GH-2 and octo-org/octo-site#3',
    'https://evil.example/phish',
    'www.evil.example',
    '[click](https://evil.example)',
    '<img src=x onerror=alert(1)>',
    '</code></td></tr></table><h1>owned</h1>',
    '**bold** _it_ `tick`',
    'mail@evil.example',
    '<!-- hidden --> -->',
    'line\n\n# Heading\n\n<script>alert(1)</script>'
  ]
  const paths = hostile.map((name, index) => `content/${index}-${name}.md`)
  const plan = planOf({
    tags: hostile.map((_, index) => `tag-${index}`),
    urls: hostile.map((name, index) => `/${index}/${encodeURIComponent(name)}@x`),
    patterns: ['#^/@octocat/#']
  })
  const report: RunReport = {
    purge: { plan, outcome: dryRunOutcome(plan) },
    changedFiles: changedFiles(paths, 'content/{page}.md -> /{page} tag:{page}'),
    warnings: hostile,
    unexpectedError: '@octocat https://evil.example #4'
  }
  const comment = renderComment(report, {
    ...commentContextFor(report),
    marker: {
      ...commentContextFor(report).marker,
      workflow: 'Deploy --> <b>@octocat</b>',
      job: '#5'
    }
  })
  const { document } = rendered(comment)

  it('adds no element of its own: no link but the run, no image, heading, script', () => {
    expect([...document.querySelectorAll('a')].map(a => a.getAttribute('href'))).toEqual([
      RUN_URL,
      RUN_URL
    ])
    expect(document.querySelectorAll('img, h1, h2, script, b, em, iframe').length).toBe(0)
  })

  it('shows each text as it is written, as text', () => {
    const text = document.body.textContent ?? ''
    const visible = (value: string): string => value.replaceAll(WORD_JOINER, '')
    for (const name of [
      '<img src=x onerror=alert(1)>',
      '</code></td></tr></table><h1>owned</h1>',
      '**bold** _it_ `tick`'
    ]) {
      expect(visible(text)).toContain(name)
    }
  })

  it('breaks every mention, reference and bare link GitHub would make of the text', () => {
    const text = document.body.textContent ?? ''
    expect(text).toContain(`@${WORD_JOINER}octocat`)
    expect(text).not.toMatch(/@[\p{L}\p{N}_-]/u)
    expect(text).not.toMatch(/#\d/)
    expect(text).not.toMatch(/\bGH-\d/i)
    expect(text).not.toMatch(/:\/\//)
    expect(text).not.toMatch(/\bwww\./i)
  })

  it('keeps the marker one hidden comment that the next run reads back', () => {
    expect(comment.split('\n')[0]?.match(/-->/g)).toHaveLength(1)
    expect(readMarker(comment)?.workflow).toBe('Deploy --> <b>@octocat</b>')
    const { html } = rendered(comment)
    expect(html.startsWith('<!-- render-cache-purge-action')).toBe(true)
  })
})

describe('size', () => {
  it('fits a plan of 5,000 files and 5,000 URLs, naming the first and counting the rest', () => {
    const paths = Array.from({ length: 5000 }, (_, i) => `content/section-${i % 50}/page-${i}.md`)
    const changed = changedFiles(
      paths,
      'content/{section}/{page}.md -> /{section}/{page}/ tag:{page}'
    )
    const plan = planOf({ urls: [...changed.mapping.urls], tags: [...changed.mapping.tags] })
    const report: RunReport = {
      purge: { plan, outcome: dryRunOutcome(plan) },
      changedFiles: changed,
      warnings: []
    }
    const comment = renderComment(report, commentContextFor(report))
    expect(comment.length).toBeLessThanOrEqual(MAX_COMMENT_CHARACTERS)
    const text = rendered(comment).document.body.textContent
    expect(text).toContain('Changed files: 5,000 (5,000 mapped, 0 unmapped)')
    expect(text).toMatch(/… and 4,9\d\d more in the job summary\./)
  })

  it('keeps its head and a link to the job summary when even short lists do not fit', () => {
    const plan = planOf({ urls: ['/'] })
    const report: RunReport = {
      purge: { plan, outcome: dryRunOutcome(plan) },
      warnings: Array.from({ length: 400 }, (_, i) => `warning ${i}: ${'x'.repeat(700)}`)
    }
    const comment = renderComment(report, commentContextFor(report))
    expect(comment.length).toBeLessThanOrEqual(MAX_COMMENT_CHARACTERS)
    expect(readMarker(comment)).toBeDefined()
    expect(rendered(comment).document.body.textContent).toContain('Cache purge: dry run')
  })
})

describe('the marker', () => {
  it('reads back what it wrote, and nothing from a comment without one', () => {
    const marker: CommentMarker = {
      workflow: 'Deploy',
      job: 'purge',
      leg: '3fa8c2d1',
      kind: 'result',
      ...fingerprintOf({ tags: ['a'], urls: [], patterns: [] }),
      previewed: fingerprintOf({ tags: ['a', 'b'], urls: [], patterns: [] }, 'c'.repeat(40))
    }
    expect(readMarker(`${writeMarker(marker)}\nbody`)).toEqual(marker)
    expect(readMarker('LGTM')).toBeUndefined()
    expect(readMarker('<!-- render-cache-purge-action {"v":2} -->')).toBeUndefined()
  })

  it('gives the same fingerprint to the same targets in any order', () => {
    const a = fingerprintOf({ tags: ['x', 'y'], urls: ['/b', '/a'], patterns: [] })
    const b = fingerprintOf({ tags: ['y', 'x'], urls: ['/a', '/b'], patterns: [] })
    expect(a).toEqual(b)
    expect(fingerprintOf({ tags: ['x'], urls: [], patterns: [] }).plan).not.toBe(a.plan)
  })
})
